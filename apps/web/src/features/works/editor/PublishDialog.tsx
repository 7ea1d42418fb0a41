import { Alert, Button, Modal, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiPost } from '../../../platform/api.ts';
import { toast } from '../../../platform/notify.ts';
import { WORKS_NS } from '../i18n.ts';
import type { CheckReply } from '../works-api.ts';
import { FindingsList } from './FindingsList.tsx';

/**
 * Publishing: the checks run first; with no findings the author confirms (nothing can unpublish). Each finding is
 * shown with a link to its place in the text (FindingsList); warnings allow "publish anyway",
 * blocking findings do not. A typo can be ignored from now on; a sensitive word cannot.
 */
export function PublishDialog(props: {
  chapterId: number;
  /** A published chapter's changes: publishing replaces the text readers see. */
  revised?: boolean;
  /**
   * With nothing found, the author confirms here before the chapter goes out (the editor). Without
   * it, a caller that asked before opening the dialog (the chapter list) publishes at once.
   */
  confirmFirst?: boolean;
  onClose: () => void;
  onPublished: () => void;
  onLocate: (offset: number, length: number) => void;
}) {
  const { t } = useTranslation(WORKS_NS);
  const [check, setCheck] = useState<CheckReply | null>(null);
  const [busy, setBusy] = useState(false);
  const { chapterId, onClose, onPublished } = props;

  const publish = async (force: boolean) => {
    setBusy(true);
    try {
      await apiPost('/api/pc/v1/book-chapter/draft-publish', { chapter_id: chapterId, force });
      onPublished();
    } catch {
      setBusy(false);
    }
  };

  const run = async () => {
    setCheck(null);
    try {
      const reply = await apiPost<CheckReply>('/api/pc/v1/text-correct/check', { chapter_id: chapterId });
      // Nothing found: the editor still asks (a published chapter cannot go back to being a draft).
      if (reply.findings.length === 0 && !props.confirmFirst) {
        await publish(false);
        return;
      }
      setCheck(reply);
    } catch {
      onClose();
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the checks run once when the dialog opens.
  useEffect(() => {
    void run();
  }, []);

  /** Ignores a typo from now on (the server refuses a sensitive word, with its reason as a toast). */
  const exclude = async (word: string) => {
    try {
      await apiPost('/api/pc/v1/text-correct/excludes-add', { word });
    } catch {
      return;
    }
    toast.success(t('publish.excluded'));
    await run();
  };

  return (
    <Modal
      open
      title={t('publish.title')}
      width={720}
      onCancel={onClose}
      maskClosable={false}
      footer={
        check && (
          <Space>
            <Button onClick={onClose}>{t('publish.backToEdit')}</Button>
            {check.findings.length === 0 ? (
              <Button type="primary" loading={busy} onClick={() => void publish(false)} data-testid="publish-confirm">
                {t('publish.confirm')}
              </Button>
            ) : (
              check.can_publish && (
                <Button type="primary" danger loading={busy} onClick={() => void publish(true)}>
                  {t('publish.publishAnyway')}
                </Button>
              )
            )}
          </Space>
        )
      }
      data-testid="publish-dialog"
    >
      {!check ? (
        <div className="ac-works-center">
          <Spin tip={t('publish.checking')}>
            <div style={{ height: 60 }} />
          </Spin>
        </div>
      ) : check.findings.length === 0 ? (
        <Alert
          type="success"
          showIcon
          message={t('publish.passed')}
          description={t(props.revised ? 'publish.passedRevisedTxt' : 'publish.passedTxt')}
        />
      ) : (
        <FindingsList findings={check.findings} onLocate={props.onLocate} onExclude={(word) => void exclude(word)} />
      )}
    </Modal>
  );
}
