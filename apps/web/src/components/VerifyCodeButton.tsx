import { VERIFY_CODE } from '@author-centre/shared/constants';
import { isPhone, type SmsCodeType } from '@author-centre/shared/validation-rules';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyAntd, loadAntdScope } from '../app/antd-lazy.tsx';
import { sendCode } from '../features/auth/auth-api.ts';
import { AUTH_NS } from '../features/auth/i18n.ts';
import type { ApiError } from '../platform/api-error.ts';
import { useBrand } from '../platform/brand.tsx';
import { toast } from '../platform/notify.ts';
import { PlainButton } from './plain/Button.tsx';

/** The puzzle is downloaded when a code is first asked for (or the pointer comes to the button). */
const loadCaptcha = () => import('./CaptchaDialog.tsx');
const CaptchaDialog = lazyAntd(loadCaptcha, 'CaptchaDialog');
const preloadCaptcha = () => {
  void loadCaptcha();
  void loadAntdScope();
};

export interface VerifyCodeButtonProps {
  phone: string;
  /** SMS_CODE_TYPE of the flow ('6' author info, '10' pen-name bind, …). */
  type: SmsCodeType;
  disabled?: boolean;
  /**
   * The button-click event of §5: emitted, and nothing sent, when the phone is not exactly 11
   * digits (the form then shows its phone rule).
   */
  onClick?: () => void;
  onSent?: () => void;
  /** A refused send (the form puts phone errors on its field); nothing is shown here otherwise. */
  onError?: (error: ApiError) => void;
  className?: string;
}

/**
 * The verification-code button (§4): idle → captcha (unless the brand closed it) → send → counts
 * 60 to 1 showing the seconds → idle. Clicks are ignored while counting, sending or disabled.
 */
export function VerifyCodeButton({
  phone,
  type,
  disabled,
  onClick,
  onSent,
  onError,
  className,
}: VerifyCodeButtonProps) {
  const { t } = useTranslation(AUTH_NS);
  const brand = useBrand();
  const [seconds, setSeconds] = useState(0);
  const [sending, setSending] = useState(false);
  const [captchaOpen, setCaptchaOpen] = useState(false);
  // Once opened the dialog stays mounted, so it closes with its animation and reopens as before.
  const [captchaUsed, setCaptchaUsed] = useState(false);
  const timer = useRef<number | null>(null);

  useEffect(
    () => () => {
      if (timer.current !== null) window.clearInterval(timer.current);
    },
    [],
  );

  const startCountdown = useCallback(() => {
    const until = Date.now() + VERIFY_CODE.countdownSeconds * 1000;
    setSeconds(VERIFY_CODE.countdownSeconds);
    if (timer.current !== null) window.clearInterval(timer.current);
    timer.current = window.setInterval(() => {
      const left = Math.ceil((until - Date.now()) / 1000);
      if (left <= 0) {
        if (timer.current !== null) window.clearInterval(timer.current);
        timer.current = null;
        setSeconds(0);
      } else setSeconds(left);
    }, 250);
  }, []);

  const send = async (rid?: string) => {
    setSending(true);
    try {
      await sendCode(phone, type, rid);
      toast.success(t('code.sent'));
      startCountdown();
      onSent?.();
    } catch (error) {
      const e = error as ApiError;
      if (onError) onError(e);
      else if (e.title) toast.error(e.title);
    } finally {
      setSending(false);
    }
  };

  const counting = seconds > 0;
  const handleClick = () => {
    if (counting || sending || disabled) return;
    if (!isPhone(phone)) {
      onClick?.();
      return;
    }
    if (brand.captchaConfig?.is_closed) void send();
    else {
      setCaptchaUsed(true);
      setCaptchaOpen(true);
    }
  };
  const needsCaptcha = !brand.captchaConfig?.is_closed;

  return (
    <>
      <PlainButton
        className={className}
        onClick={handleClick}
        onPointerEnter={needsCaptcha ? preloadCaptcha : undefined}
        loading={sending}
        disabled={disabled || counting}
        aria-live="polite"
        data-testid="verify-code-button"
      >
        {counting ? t('code.counting', { seconds }) : t('code.get')}
      </PlainButton>
      {captchaUsed && (
        <Suspense fallback={null}>
          <CaptchaDialog
            open={captchaOpen}
            onCancel={() => setCaptchaOpen(false)}
            onPass={(rid) => {
              setCaptchaOpen(false);
              void send(rid);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
