import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { type InputHTMLAttributes, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './plain.css';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> & { invalid?: boolean };

/** antd's Input look without antd. */
export function PlainInput({ invalid, ...rest }: InputProps) {
  return (
    <input
      {...rest}
      className={invalid ? 'ac-input ac-input--error' : 'ac-input'}
      aria-invalid={invalid || undefined}
    />
  );
}

/** antd's Input.Password look without antd: the eye button shows and hides the text. */
export function PlainPassword({ invalid, ...rest }: InputProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <span className={invalid ? 'ac-input-affix ac-input--error' : 'ac-input-affix'}>
      <input {...rest} type={visible ? 'text' : 'password'} aria-invalid={invalid || undefined} />
      <button
        type="button"
        className="ac-input-affix__suffix"
        aria-label={t(visible ? 'common.hidePassword' : 'common.showPassword')}
        aria-pressed={visible}
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? <EyeOutlined aria-hidden /> : <EyeInvisibleOutlined aria-hidden />}
      </button>
    </span>
  );
}
