import type { AccountSplitItem } from '@author-centre/shared/home-api';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PopShell } from './PopShell.tsx';

/**
 * Pops 'account-split' and 1 open the sign-in module's flows: the pen-name phone binding dialog
 * and the complete-author-info dialog (apps/web/src/features/auth). Until that module's web
 * components exist, these stand in for them: they say what is needed and lead to the personal
 * information page, where the sign-in module's forms live.
 *
 * TO WIRE (sign-in web): replace the bodies below with
 *   AccountSplitPop  → <PenNameBindDialog open onClose={onClose} />
 *   CompleteInfoPop  → <CompleteInfoDialog open onClose={onClose} />
 */
export function AccountSplitPop({ accounts, onClose }: { accounts: AccountSplitItem[]; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PopShell
      label={t('popups.accountSplit.title')}
      onClose={onClose}
      testId="account-split-pop"
      className="ac-plain-pop"
    >
      <div className="ac-plain-pop__card">
        <h2>{t('popups.accountSplit.title')}</h2>
        <p>{t('popups.accountSplit.text')}</p>
        <p className="ac-plain-pop__muted">{t('popups.accountSplit.penNames')}</p>
        <ul className="ac-plain-pop__list">
          {accounts.map((a) => (
            <li key={a.account_id}>{a.pen_name}</li>
          ))}
        </ul>
        <div className="ac-plain-pop__actions">
          <Button onClick={onClose}>{t('popups.accountSplit.later')}</Button>
          <Button
            type="primary"
            autoFocus
            onClick={() => {
              onClose();
              navigate('/front/personal-information?action=bind-pen-name-phone');
            }}
          >
            {t('popups.accountSplit.go')}
          </Button>
        </div>
      </div>
    </PopShell>
  );
}

export function CompleteInfoPop({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PopShell
      label={t('popups.completeInfo.title')}
      onClose={onClose}
      testId="complete-info-pop"
      className="ac-plain-pop"
    >
      <div className="ac-plain-pop__card">
        <h2>{t('popups.completeInfo.title')}</h2>
        <p>{t('popups.completeInfo.text')}</p>
        <div className="ac-plain-pop__actions">
          <Button onClick={onClose}>{t('popups.completeInfo.later')}</Button>
          <Button
            type="primary"
            autoFocus
            onClick={() => {
              onClose();
              navigate('/front/personal-information?action=complete-info');
            }}
          >
            {t('popups.completeInfo.go')}
          </Button>
        </div>
      </div>
    </PopShell>
  );
}
