import { CloseCircleFilled, WarningFilled } from '@ant-design/icons';
import type { ReactNode } from 'react';
import './plain/plain.css';

/**
 * The look of antd's `<Result status="error" | "warning">` for the states that must show without
 * downloading anything more (the brand or the login status failed to load, a page's code failed to
 * download), without antd: antd's Result carries three large illustrations and antd itself.
 */
export function StateResult({
  status,
  title,
  subTitle,
  extra,
}: {
  status: 'error' | 'warning';
  title: ReactNode;
  subTitle?: ReactNode;
  extra?: ReactNode;
}) {
  const Icon = status === 'error' ? CloseCircleFilled : WarningFilled;
  return (
    <div className={`ac-result ac-result--${status}`}>
      <div className="ac-result__icon">
        <Icon aria-hidden />
      </div>
      <div className="ac-result__title">{title}</div>
      {subTitle && <div className="ac-result__subtitle">{subTitle}</div>}
      {extra && <div className="ac-result__extra">{extra}</div>}
    </div>
  );
}
