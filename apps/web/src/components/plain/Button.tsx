import type { ButtonHTMLAttributes, ReactNode } from 'react';
import './plain.css';

export interface PlainButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  type?: 'default' | 'primary';
  htmlType?: 'button' | 'submit';
  size?: 'small' | 'middle' | 'large';
  block?: boolean;
  loading?: boolean;
  /** As antd: two Chinese characters get a space between them (重 试) unless this is false. */
  autoInsertSpace?: boolean;
  children?: ReactNode;
}

const TWO_CJK = /^[\u4E00-\u9FA5]{2}$/;

/** antd's Button look (components/plain/plain.css) without antd; a loading button ignores clicks. */
export function PlainButton({
  type = 'default',
  htmlType = 'button',
  size = 'middle',
  block,
  loading,
  autoInsertSpace = true,
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
  const text =
    autoInsertSpace && typeof children === 'string' && TWO_CJK.test(children) ? children.split('').join(' ') : children;
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
      <span>{text}</span>
    </button>
  );
}
