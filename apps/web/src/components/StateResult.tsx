import { CloseCircleFilled, WarningFilled } from '@ant-design/icons';
import { theme } from 'antd';
import type { ReactNode } from 'react';

/**
 * The look of antd's `<Result status="error" | "warning">` for the states that must show without
 * downloading anything more (the brand or the login status failed to load, a page's code failed to
 * download). antd's Result carries three large illustrations in every bundle that imports it.
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
  const { token } = theme.useToken();
  const Icon = status === 'error' ? CloseCircleFilled : WarningFilled;
  return (
    <div className={`ac-result ac-result--${status}`}>
      <div className="ac-result__icon" style={{ color: status === 'error' ? token.colorError : token.colorWarning }}>
        <Icon aria-hidden />
      </div>
      <div className="ac-result__title" style={{ color: token.colorTextHeading }}>
        {title}
      </div>
      {subTitle && (
        <div className="ac-result__subtitle" style={{ color: token.colorTextDescription }}>
          {subTitle}
        </div>
      )}
      {extra && <div className="ac-result__extra">{extra}</div>}
    </div>
  );
}
