import { isMobile, SMS_CODE_TYPE } from '@author-centre/shared/validation-rules';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VerifyCodeButton } from '../../components/VerifyCodeButton.tsx';
import { apiGet, apiPost } from '../../platform/api.ts';
import { toast } from '../../platform/notify.ts';
import { queryClient } from '../../platform/query-client.ts';
import { PROFILE_QUERY_KEY } from '../../platform/session-state.ts';
import { AUTH_PATHS, afterSignIn, showFormError } from './auth-api.ts';
import { codeRules, digitsOnly, phoneRules, realNameRules } from './form-rules.ts';
import { AUTH_NS } from './i18n.ts';
import './auth.css';

interface BindCheck {
  should_notice: number;
  zh: { bind: number; zh_unit: number; read_unit: number; book_coupon: number; nick_name: string };
  free: {
    bind: number;
    merged_user: { nickname: string; phone: string; coin: number; vip: number };
    current_user: { nickname: string; phone: string; coin: number; vip: number };
  };
}

interface Values {
  phone: string;
  code: string;
  real_name: string;
}

/**
 * Pop 1, complete author info (§4): phone, code (type '6') and real name, submitted as the pen
 * name's new phone. Before submitting, the phone-bind check shows what partner reader accounts
 * the phone would bring. 40002005 and 40002006 land on the phone and code fields.
 */
export function CompleteInfoDialog({
  open,
  onClose,
  testId = 'complete-info-dialog',
}: {
  open: boolean;
  onClose: () => void;
  /** The pop-up queue tags it as 'complete-info-pop'. */
  testId?: string;
}) {
  const { t } = useTranslation(AUTH_NS);
  const [form] = Form.useForm<Values>();
  const phone = Form.useWatch('phone', form) ?? '';
  const [check, setCheck] = useState<BindCheck | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setCheck(null);
    if (!open || !isMobile(phone)) return;
    const controller = new AbortController();
    apiGet<BindCheck>(AUTH_PATHS.checkBindPhone, { phone }, { silent: true, signal: controller.signal })
      .then(setCheck)
      .catch(() => undefined);
    return () => controller.abort();
  }, [open, phone]);

  const submit = async (values: Values) => {
    setBusy(true);
    try {
      await apiPost(AUTH_PATHS.submitNewPhone, { ...values, real_name: values.real_name.trim() }, { silent: true });
      toast.success(t('completeInfo.done'));
      queryClient.removeQueries({ queryKey: PROFILE_QUERY_KEY });
      await afterSignIn();
      form.resetFields();
      onClose();
    } catch (error) {
      showFormError(form, error, ['phone', 'code', 'real_name']);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('completeInfo.title')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      centered
      maskClosable={false}
    >
      <div data-testid={testId}>
        <p className="ac-signin__lead">{t('completeInfo.lead')}</p>
        <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} data-testid="complete-info-form">
          <Form.Item name="phone" label={t('field.phone')} rules={phoneRules()} getValueFromEvent={digitsOnly(11)}>
            <Input inputMode="numeric" autoComplete="tel" placeholder={t('field.phonePlaceholder')} maxLength={11} />
          </Form.Item>
          {check?.should_notice === 1 && (
            <Alert
              type="info"
              showIcon
              className="ac-signin__notice"
              message={t('completeInfo.noticeTitle')}
              description={
                <ul>
                  {check.zh.bind === 1 && (
                    <li>
                      {t('completeInfo.zh', {
                        name: check.zh.nick_name,
                        zh: check.zh.zh_unit,
                        read: check.zh.read_unit,
                        coupon: check.zh.book_coupon,
                      })}
                    </li>
                  )}
                  {check.free.bind === 1 && (
                    <li>
                      {t('completeInfo.free', {
                        name: check.free.merged_user.nickname,
                        phone: check.free.merged_user.phone,
                        coin: check.free.merged_user.coin,
                        vip: check.free.merged_user.vip ? t('completeInfo.vip') : t('completeInfo.notVip'),
                      })}
                    </li>
                  )}
                </ul>
              }
              style={{ marginBottom: 16 }}
            />
          )}
          <Form.Item label={t('field.code')} required>
            <div className="ac-signin__code-row">
              <Form.Item name="code" noStyle rules={codeRules()} getValueFromEvent={digitsOnly(4)}>
                <Input
                  inputMode="numeric"
                  placeholder={t('field.codePlaceholder')}
                  maxLength={4}
                  aria-label={t('field.code')}
                />
              </Form.Item>
              <VerifyCodeButton
                phone={phone}
                type={SMS_CODE_TYPE.authorInfo}
                onClick={() => void form.validateFields(['phone'])}
                onError={(e) => showFormError(form, e, ['phone'])}
              />
            </div>
          </Form.Item>
          <Form.Item name="real_name" label={t('field.realName')} rules={realNameRules()}>
            <Input autoComplete="name" placeholder={t('field.realNamePlaceholder')} maxLength={30} />
          </Form.Item>
          <div className="ac-dialog-actions" style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
            <Button onClick={onClose}>{t('completeInfo.later')}</Button>
            <Button type="primary" htmlType="submit" loading={busy}>
              {t('completeInfo.submit')}
            </Button>
          </div>
        </Form>
      </div>
    </Modal>
  );
}
