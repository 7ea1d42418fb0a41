import { Alert, Button, List, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../platform/api-reactions.ts';
import { PUBLIC_NS } from './i18n.ts';
import { acceptAgreement, type PendingAgreement } from './public-api.ts';

/** Asks to accept each new agreement version; it closes when none is left. */
export function AgreementDialog(props: { pending: PendingAgreement[]; onChange: (next: PendingAgreement[]) => void }) {
  const { t } = useTranslation(PUBLIC_NS);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const acceptAll = async () => {
    setBusy(true);
    setFailure(null);
    try {
      let rest = props.pending;
      for (const a of props.pending) rest = (await acceptAgreement(a.kind, a.version)).list;
      props.onChange(rest);
    } catch (e) {
      setFailure(errorMessage(e) || t('agreement.acceptFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('agreement.promptTitle')}
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={
        <Button type="primary" loading={busy} onClick={() => void acceptAll()}>
          {t('agreement.accept')}
        </Button>
      }
    >
      <p>{t('agreement.promptLead')}</p>
      <List
        size="small"
        dataSource={props.pending}
        renderItem={(a) => (
          <List.Item
            extra={
              <a href={`/front/page/agreement/${a.kind}`} target="_blank" rel="noopener">
                {t('agreement.read')}
              </a>
            }
          >
            《{a.title}》 v{a.version}
          </List.Item>
        )}
      />
      {failure && <Alert type="error" showIcon title={failure} />}
    </Modal>
  );
}
