import { SMS_CODE_TYPE } from '@author-centre/shared/validation-rules';
import { Button, Checkbox, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { VerifyCodeButton } from '../../components/VerifyCodeButton.tsx';
import { apiPost } from '../../platform/api.ts';
import { toast } from '../../platform/notify.ts';
import { AUTH_PATHS, type LoginReply, showFormError, withFreshSecret } from './auth-api.ts';
import { codeRules, digitsOnly, idCardRules, phoneRules, realNameRules } from './form-rules.ts';
import { AUTH_NS } from './i18n.ts';
import { useLoginFinish } from './LoginPage.tsx';
import { SignInShell } from './SignInShell.tsx';

interface RegisterValues {
  phone: string;
  real_name: string;
  id_card: string;
  code: string;
  agree: boolean;
}

/** /front/register-login/register: quick register with phone, real name, ID number and a code (§2, §5). */
export default function RegisterPage() {
  const { t } = useTranslation(AUTH_NS);
  const location = useLocation();
  const [form] = Form.useForm<RegisterValues>();
  const phone = Form.useWatch('phone', form) ?? '';
  const [busy, setBusy] = useState(false);
  const { handle, dialog } = useLoginFinish();

  const submit = async ({ agree: _agree, ...values }: RegisterValues) => {
    setBusy(true);
    try {
      const reply = await withFreshSecret(() =>
        apiPost<LoginReply>(
          AUTH_PATHS.register,
          { ...values, real_name: values.real_name.trim(), id_card: values.id_card.trim().toUpperCase() },
          { silent: true },
        ),
      );
      toast.success(t('register.done'));
      await handle(reply);
    } catch (error) {
      showFormError(form, error, ['phone', 'real_name', 'id_card', 'code']);
    } finally {
      setBusy(false);
    }
  };

  return (
    <SignInShell
      lead={t('register.lead')}
      footer={<Link to={`/front/register-login/login${location.search}`}>{t('register.toLogin')}</Link>}
    >
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} data-testid="register-form">
        <Form.Item name="phone" label={t('field.phone')} rules={phoneRules()} getValueFromEvent={digitsOnly(11)}>
          <Input inputMode="numeric" autoComplete="tel" placeholder={t('field.phonePlaceholder')} maxLength={11} />
        </Form.Item>
        <Form.Item name="real_name" label={t('field.realName')} rules={realNameRules()}>
          <Input autoComplete="name" placeholder={t('field.realNamePlaceholder')} maxLength={30} />
        </Form.Item>
        <Form.Item name="id_card" label={t('field.idCard')} rules={idCardRules()}>
          <Input placeholder={t('field.idCardPlaceholder')} maxLength={18} autoComplete="off" />
        </Form.Item>
        <Form.Item label={t('field.code')} required>
          <div className="ac-signin__code-row">
            <Form.Item name="code" noStyle rules={codeRules()} getValueFromEvent={digitsOnly(4)}>
              <Input
                inputMode="numeric"
                autoComplete="one-time-code"
                placeholder={t('field.codePlaceholder')}
                maxLength={4}
                aria-label={t('field.code')}
              />
            </Form.Item>
            <VerifyCodeButton
              phone={phone}
              type={SMS_CODE_TYPE.register}
              onClick={() => void form.validateFields(['phone'])}
              onError={(e) => showFormError(form, e, ['phone'])}
            />
          </div>
        </Form.Item>
        <Form.Item
          name="agree"
          valuePropName="checked"
          rules={[
            {
              validator: (_, v) => (v ? Promise.resolve() : Promise.reject(new Error(t('rule.agree')))),
            },
          ]}
        >
          <Checkbox>
            {t('register.agree')}
            <Link to="/front/page/agreement/user" target="_blank">
              {t('register.userAgreement')}
            </Link>
            <Link to="/front/page/agreement/privacy" target="_blank">
              {t('register.privacy')}
            </Link>
          </Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={busy}>
          {t('register.submit')}
        </Button>
      </Form>
      {dialog}
    </SignInShell>
  );
}
