import { SMS_CODE_TYPE } from '@author-centre/shared/validation-rules';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { VerifyCodeButton } from '../../components/VerifyCodeButton.tsx';
import { apiPost } from '../../platform/api.ts';
import { toast } from '../../platform/notify.ts';
import { AUTH_PATHS, clearLocalUser, showFormError, withFreshSecret } from './auth-api.ts';
import { codeRules, digitsOnly, newPasswordRules, phoneRules } from './form-rules.ts';
import { AUTH_NS } from './i18n.ts';
import { SignInShell } from './SignInShell.tsx';

interface ResetValues {
  phone: string;
  code: string;
  password: string;
  confirm_password: string;
}

/** /front/register-login/reset-password: phone, code, password and its confirmation (§2, §5). */
export default function ResetPasswordPage() {
  const { t } = useTranslation(AUTH_NS);
  const location = useLocation();
  const navigate = useNavigate();
  const [form] = Form.useForm<ResetValues>();
  const phone = Form.useWatch('phone', form) ?? '';
  const [busy, setBusy] = useState(false);

  const submit = async (values: ResetValues) => {
    setBusy(true);
    try {
      await withFreshSecret(() => apiPost(AUTH_PATHS.findPassword, { ...values }, { silent: true }));
      // Every session of this person ended on the server, this browser's included.
      clearLocalUser();
      toast.success(t('reset.done'), 3000);
      navigate(`/front/register-login/login${location.search}`, { replace: true });
    } catch (error) {
      showFormError(form, error, ['phone', 'code', 'password', 'confirm_password']);
    } finally {
      setBusy(false);
    }
  };

  return (
    <SignInShell
      lead={t('reset.lead')}
      footer={<Link to={`/front/register-login/login${location.search}`}>{t('reset.toLogin')}</Link>}
    >
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} data-testid="reset-form">
        <Form.Item name="phone" label={t('field.phone')} rules={phoneRules()} getValueFromEvent={digitsOnly(11)}>
          <Input inputMode="numeric" autoComplete="tel" placeholder={t('field.phonePlaceholder')} maxLength={11} />
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
              type={SMS_CODE_TYPE.resetPassword}
              onClick={() => void form.validateFields(['phone'])}
              onError={(e) => showFormError(form, e, ['phone'])}
            />
          </div>
        </Form.Item>
        <Form.Item name="password" label={t('field.newPassword')} rules={newPasswordRules()}>
          <Input.Password autoComplete="new-password" placeholder={t('field.newPasswordPlaceholder')} maxLength={128} />
        </Form.Item>
        <Form.Item
          name="confirm_password"
          label={t('field.confirmPassword')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('rule.confirmRequired') },
            ({ getFieldValue }) => ({
              validator: (_, v) =>
                !v || v === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('rule.passwordMismatch'))),
            }),
          ]}
        >
          <Input.Password
            autoComplete="new-password"
            placeholder={t('field.confirmPasswordPlaceholder')}
            maxLength={128}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={busy}>
          {t('reset.submit')}
        </Button>
      </Form>
    </SignInShell>
  );
}
