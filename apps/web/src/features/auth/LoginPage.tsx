import { SMS_CODE_TYPE } from '@author-centre/shared/validation-rules';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { lazyAntd } from '../../app/antd-lazy.tsx';
import { PlainButton } from '../../components/plain/Button.tsx';
import { PlainField, usePlainForm } from '../../components/plain/form.tsx';
import { PlainInput, PlainPassword } from '../../components/plain/Input.tsx';
import { PlainTabs } from '../../components/plain/Tabs.tsx';
import { VerifyCodeButton } from '../../components/VerifyCodeButton.tsx';
import { apiPost } from '../../platform/api.ts';
import { goAfterLogin } from '../../platform/login-redirect.ts';
import { AUTH_PATHS, afterSignIn, type LoginReply, showFormError, withFreshSecret } from './auth-api.ts';
import { codeRules, digitsOnly, phoneRules } from './form-rules.ts';
import { AUTH_NS } from './i18n.ts';
import { SignInShell } from './SignInShell.tsx';

/** Only a phone with several pen names is asked to choose one: the dialog is downloaded then. */
const ChooseAccountDialog = lazyAntd(() => import('./ChooseAccountDialog.tsx'), 'ChooseAccountDialog');

/** After a login answer: choose a pen name when the phone has several, else go where the author was going. */
export function useLoginFinish() {
  const navigate = useNavigate();
  const location = useLocation();
  const [choice, setChoice] = useState<Extract<LoginReply, { need_choose: 1 }> | null>(null);
  const finish = async () => {
    setChoice(null);
    await afterSignIn();
    goAfterLogin(location.search, navigate);
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
  const form = usePlainForm({ phone: '', code: '' }, { phone: phoneRules(), code: codeRules() });
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
    <form onSubmit={form.onSubmit(submit)} noValidate data-testid="code-login-form">
      <PlainField name="phone" label={t('field.phone')} errors={form.errors.phone}>
        <PlainInput
          {...form.input('phone', digitsOnly(11))}
          inputMode="numeric"
          autoComplete="tel"
          placeholder={t('field.phonePlaceholder')}
          maxLength={11}
        />
      </PlainField>
      <PlainField name="code" label={t('field.code')} errors={form.errors.code}>
        <div className="ac-signin__code-row">
          <PlainInput
            {...form.input('code', digitsOnly(4))}
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder={t('field.codePlaceholder')}
            maxLength={4}
            aria-label={t('field.code')}
          />
          <VerifyCodeButton
            phone={form.values.phone}
            type={SMS_CODE_TYPE.login}
            onClick={() => void form.validateFields(['phone'])}
            onError={(e) => showFormError(form, e, ['phone'])}
          />
        </div>
      </PlainField>
      <PlainButton type="primary" htmlType="submit" block size="large" loading={busy}>
        {t('login.submit')}
      </PlainButton>
    </form>
  );
}

function PasswordLoginForm({ onReply }: { onReply: (reply: LoginReply) => Promise<void> }) {
  const { t } = useTranslation(AUTH_NS);
  const form = usePlainForm(
    { name: '', password: '' },
    {
      name: [{ required: true, whitespace: true, message: t('rule.nameRequired') }],
      password: [{ required: true, message: t('rule.passwordRequired') }],
    },
  );
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
    <form onSubmit={form.onSubmit(submit)} noValidate data-testid="password-login-form">
      <PlainField name="name" label={t('field.name')} errors={form.errors.name}>
        <PlainInput
          {...form.input('name')}
          autoComplete="username"
          placeholder={t('field.namePlaceholder')}
          maxLength={64}
        />
      </PlainField>
      <PlainField name="password" label={t('field.password')} errors={form.errors.password}>
        <PlainPassword
          {...form.input('password')}
          autoComplete="current-password"
          placeholder={t('field.passwordPlaceholder')}
          maxLength={256}
        />
      </PlainField>
      <PlainButton type="primary" htmlType="submit" block size="large" loading={busy}>
        {t('login.submit')}
      </PlainButton>
    </form>
  );
}

/**
 * /front/register-login/login: code login and password login (§2, §5). Built from components/plain
 * (antd's look without antd): a first visit here downloads no antd (issue 19's 200 KB budget).
 */
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
      <PlainTabs
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
