import type { ButtonHTMLAttributes, ReactNode } from 'react';
import './plain.css';

export interface PlainButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  type?: 'default' | 'primary' | 'link' | 'text';
  htmlType?: 'button' | 'submit';
  size?: 'small' | 'middle' | 'large';
  block?: boolean;
  loading?: boolean;
  /** Before the text; a button with an icon and no text is square (name it with aria-label). */
  icon?: ReactNode;
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
  icon,
  className,
  children,
  disabled,
  onClick,
  ...rest
}: PlainButtonProps) {
  const classes = [
    'ac-btn',
    type !== 'default' && `ac-btn--${type}`,
    size === 'large' && 'ac-btn--lg',
    size === 'small' && 'ac-btn--sm',
    block && 'ac-btn--block',
    icon && children === undefined && 'ac-btn--icon-only',
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
      {loading ? <span className="ac-btn__spin" aria-hidden /> : icon}
      {children !== undefined && <span>{children}</span>}
    </button>
  );
}
