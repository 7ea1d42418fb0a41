import type { ButtonHTMLAttributes, ReactNode } from 'react';
import './plain.css';

export interface PlainButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  type?: 'default' | 'primary';
  htmlType?: 'button' | 'submit';
  size?: 'small' | 'middle' | 'large';
  block?: boolean;
  loading?: boolean;
  children?: ReactNode;
}

/**
 * antd's Button look (components/plain/plain.css) without antd; a loading button ignores clicks.
 * Two Chinese characters are not spaced out ('重试'), as AntdScope sets for antd's buttons.
 */
export function PlainButton({
  type = 'default',
  htmlType = 'button',
  size = 'middle',
  block,
  loading,
  className,
  children,
  disabled,
  onClick,
  ...rest
}: PlainButtonProps) {
  const classes = [
    'ac-btn',
    type === 'primary' && 'ac-btn--primary',
    size === 'large' && 'ac-btn--lg',
    size === 'small' && 'ac-btn--sm',
    block && 'ac-btn--block',
    loading && 'ac-btn--loading',
    className,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      {...rest}
      type={htmlType}
      className={classes}
      disabled={disabled}
      aria-busy={loading || undefined}
      onClick={loading ? (e) => e.preventDefault() : onClick}
    >
      {loading && <span className="ac-btn__spin" aria-hidden />}
      <span>{children}</span>
    </button>
  );
}
