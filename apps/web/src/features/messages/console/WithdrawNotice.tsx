import { useTranslation } from 'react-i18next';
import { consolePost } from '../../../console/console-api.ts';
import { ReasonModal } from '../../../console/ReasonModal.tsx';
import { toast } from '../../../platform/notify.ts';
import { NOTICES_PATH, type NoticeRow } from './notices-api.ts';
import './i18n.ts';

/** Asks first, saying what withdrawing this notice changes, and takes a reason for the audit log. */
export function WithdrawNotice(props: {
  notice: Pick<NoticeRow, 'id' | 'title' | 'state' | 'read_count'> | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const n = props.notice;
  return (
    <ReasonModal
      open={n !== null}
      danger
      title={t('console.notices.withdrawTitle', { title: n?.title ?? '' })}
      description={
        n?.state === 'scheduled'
          ? t('console.notices.withdrawScheduled')
          : t('console.notices.withdrawPublished', { count: n?.read_count ?? 0 })
      }
      okText={t('console.notices.withdraw')}
      onClose={props.onClose}
      onSubmit={async (reason) => {
        await consolePost(`${NOTICES_PATH}/${n?.id}/withdraw`, { reason }, { silent: true });
        toast.success(t('console.notices.withdrawn'));
        props.onDone();
      }}
    />
  );
}
