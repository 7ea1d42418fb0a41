import { isUserAgentCompatible } from '@author-centre/shared/compat';
import { Alert } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Browser compatibility (§4 table): an older browser than the table's minimum gets a notice; unknown ones pass. */
export function CompatNotice() {
  const { t } = useTranslation();
  const [compatible] = useState(() => isUserAgentCompatible(globalThis.navigator?.userAgent ?? ''));
  const [dismissed, setDismissed] = useState(false);
  if (compatible || dismissed) return null;
  return (
    <div className="ac-compat-notice" data-testid="compat-notice">
      <Alert
        type="warning"
        showIcon
        banner
        message={t('popups.compat.text')}
        closable={{ 'aria-label': t('popups.compat.close'), onClose: () => setDismissed(true) }}
      />
    </div>
  );
}
