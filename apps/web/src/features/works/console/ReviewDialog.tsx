import { useTranslation } from 'react-i18next';
import { consolePost } from '../../../console/console-api.ts';
import { ReasonModal } from '../../../console/ReasonModal.tsx';
import { REASON_MAX, REVIEW_PATH } from './screenplay-review-api.ts';
import './i18n.ts';

export interface ReviewDialogProps {
  decision: 'approve' | 'refuse' | null;
  application: { application_id: number; title: string; pen_name: string };
  onDone: (decision: 'approve' | 'refuse') => void;
  onClose: () => void;
}

/**
 * The decision on a screenplay application: says what the author will see, asks for the reason
 * (required to refuse, an optional note to approve; the author reads it), and keeps the server's
 * refusal in the dialog (the author withdrew it meanwhile, another editor decided first).
 */
export function ReviewDialog({ decision, application, onDone, onClose }: ReviewDialogProps) {
  const { t } = useTranslation();
  const refusing = decision === 'refuse';
  const vars = { title: application.title, penName: application.pen_name };
  return (
    <ReasonModal
      open={decision !== null}
      title={t(refusing ? 'console.screenplay.refuseTitle' : 'console.screenplay.approveTitle', vars)}
      description={<p>{t(refusing ? 'console.screenplay.refuseDesc' : 'console.screenplay.approveDesc', vars)}</p>}
      okText={t(refusing ? 'console.screenplay.refuse' : 'console.screenplay.approve')}
      danger={refusing}
      reasonOptional={!refusing}
      minLength={1}
      maxLength={REASON_MAX}
      reasonLabel={t(refusing ? 'console.screenplay.refuseReasonLabel' : 'console.screenplay.approveReasonLabel')}
      reasonPlaceholder={refusing ? t('console.screenplay.reasonPlaceholder') : ''}
      requiredMessage={t('console.screenplay.reasonRequired')}
      onClose={onClose}
      onSubmit={async (reason) => {
        if (!decision) return;
        await consolePost(
          REVIEW_PATH,
          { application_id: application.application_id, decision, reason },
          { silent: true },
        );
        onDone(decision);
      }}
    />
  );
}
