import { Button } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PopShell } from './PopShell.tsx';
import { markTimeTipShown } from './time-zone.ts';

/** Pop 6 (§4): the device time zone seems inaccurate; shown at most once per day. */
export function TimeZoneTip({
  ipZone,
  deviceZone,
  onClose,
}: {
  ipZone: string;
  deviceZone: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  useEffect(() => markTimeTipShown(), []);
  return (
    <PopShell label={t('popups.timeZone.title')} onClose={onClose} testId="time-zone-tip" className="ac-plain-pop">
      <div className="ac-plain-pop__card">
        <h2>{t('popups.timeZone.title')}</h2>
        <p>{t('popups.timeZone.text')}</p>
        <p className="ac-plain-pop__muted">{t('popups.timeZone.detail', { ip: ipZone, device: deviceZone })}</p>
        <div className="ac-plain-pop__actions">
          <Button type="primary" onClick={onClose} autoFocus>
            {t('popups.timeZone.gotIt')}
          </Button>
        </div>
      </div>
    </PopShell>
  );
}
