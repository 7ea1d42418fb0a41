import { SMS_CODE_TYPE } from '@author-centre/shared/validation-rules';
import { Button, Form, Input, Tabs } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { lazyNamed } from '../../components/lazy-named.ts';
import { VerifyCodeButton } from '../../components/VerifyCodeButton.tsx';
import { apiPost } from '../../platform/api.ts';
import { afterLoginUrl } from '../../platform/login-redirect.ts';
import { AUTH_PATHS, afterSignIn, type LoginReply, showFormError, withFreshSecret } from './auth-api.ts';
import { codeRules, digitsOnly, phoneRules } from './form-rules.ts';
import { AUTH_NS } from './i18n.ts';
import { SignInShell } from './SignInShell.tsx';

/** Only a phone with several pen names is asked to choose one: the dialog is downloaded then. */
const ChooseAccountDialog = lazyNamed(() => import('./ChooseAccountDialog.tsx'), 'ChooseAccountDialog');

/** After a login answer: choose a pen name when the phone has several, else go where the author was going. */
export function useLoginFinish() {
  const navigate = useNavigate();
  const location = useLocation();
  const [choice, setChoice] = useState<Extract<LoginReply, { need_choose: 1 }> | null>(null);
  const finish = async () => {
    setChoice(null);
    await afterSignIn();
    navigate(afterLoginUrl(location.search), { replace: true });
  };
  const handle = async (reply: LoginReply) => {
    if (reply.need_choose === 1) setChoice(reply);
    else await finish();
  };
  const dialog = choice ? (
    <Suspense fallback={null}>
      <ChooseAccountDialog
        ticket={choice.ticket}
        accounts={choice.accounts}
        onEntered={() => void finish()}
        onCancel={() => setChoice(null)}
      />
    </Suspense>
  ) : null;
  return { handle, dialog };
}

function CodeLoginForm({ onReply }: { onReply: (reply: LoginReply) => Promise<void> }) {
  const { t } = useTranslation(AUTH_NS);
  const [form] = Form.useForm<{ phone: string; code: string }>();
  const phone = Form.useWatch('phone', form) ?? '';
  const [busy, setBusy] = useState(false);
  const submit = async (values: { phone: string; code: string }) => {
    setBusy(true);
    try {
      await onReply(await withFreshSecret(() => apiPost<LoginReply>(AUTH_PATHS.codeLogin, values, { silent: true })));
    } catch (error) {
      showFormError(form, error, ['phone', 'code']);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} data-testid="code-login-form">
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
            type={SMS_CODE_TYPE.login}
            onClick={() => void form.validateFields(['phone'])}
            onError={(e) => showFormError(form, e, ['phone'])}
          />
        </div>
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={busy} autoInsertSpace={false}>
        {t('login.submit')}
      </Button>
    </Form>
  );
}

function PasswordLoginForm({ onReply }: { onReply: (reply: LoginReply) => Promise<void> }) {
  const { t } = useTranslation(AUTH_NS);
  const [form] = Form.useForm<{ name: string; password: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async (values: { name: string; password: string }) => {
    setBusy(true);
    try {
      await onReply(
        await withFreshSecret(() =>
          apiPost<LoginReply>(
            AUTH_PATHS.passwordLogin,
            { name: values.name.trim(), password: values.password },
            {
              silent: true,
            },
          ),
        ),
      );
    } catch (error) {
      showFormError(form, error, ['name', 'password']);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} data-testid="password-login-form">
      <Form.Item
        name="name"
        label={t('field.name')}
        rules={[{ required: true, whitespace: true, message: t('rule.nameRequired') }]}
      >
        <Input autoComplete="username" placeholder={t('field.namePlaceholder')} maxLength={64} />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('field.password')}
        rules={[{ required: true, message: t('rule.passwordRequired') }]}
      >
        <Input.Password autoComplete="current-password" placeholder={t('field.passwordPlaceholder')} maxLength={256} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={busy} autoInsertSpace={false}>
        {t('login.submit')}
      </Button>
    </Form>
  );
}

/** /front/register-login/login: code login and password login (§2, §5). */
export default function LoginPage() {
  const { t } = useTranslation(AUTH_NS);
  const location = useLocation();
  const { handle, dialog } = useLoginFinish();
  const [tab, setTab] = useState('code');
  return (
    <SignInShell
      lead={t('login.lead')}
      footer={
        <>
          <Link to={`/front/register-login/register${location.search}`}>{t('login.toRegister')}</Link>
          <Link to={`/front/register-login/reset-password${location.search}`}>{t('login.forgot')}</Link>
        </>
      }
    >
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'code', label: t('tabs.code'), children: <CodeLoginForm onReply={handle} /> },
          { key: 'password', label: t('tabs.password'), children: <PasswordLoginForm onReply={handle} /> },
        ]}
      />
      {dialog}
    </SignInShell>
  );
}
