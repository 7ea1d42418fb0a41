import { Alert } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The notice CompatNotice shows on an older browser than §4's table allows, until it is closed. */
export function CompatBanner() {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState(false);
  if (dismissed) return null;
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
