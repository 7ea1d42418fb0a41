import { AimOutlined } from '@ant-design/icons';
import type { TextCheckFinding } from '@author-centre/shared/works';
import { Alert, Button, List, Modal, Space, Spin, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiPost } from '../../../platform/api.ts';
import { toast } from '../../../platform/notify.ts';
import { WORKS_NS } from '../i18n.ts';
import type { CheckReply } from '../works-api.ts';

/**
 * Publishing: the checks run first; with no findings the chapter goes out at once. Each finding is
 * shown with a link to its place in the text; warnings allow "publish anyway", blocking findings do not.
 */
export function PublishDialog(props: {
  chapterId: number;
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
      if (reply.findings.length === 0) {
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

  const exclude = async (word: string) => {
    await apiPost('/api/pc/v1/text-correct/excludes-add', { word });
    toast.success(t('publish.excluded'));
    await run();
  };

  const blocking = check?.findings.filter((f) => f.severity === 'block') ?? [];
  const warnings = check?.findings.filter((f) => f.severity === 'warn') ?? [];
  const row = (f: TextCheckFinding, i: number) => (
    <List.Item
      key={`${f.rule}-${f.offset ?? i}`}
      actions={[
        f.offset !== undefined && (
          <Button
            key="locate"
            size="small"
            icon={<AimOutlined />}
            onClick={() => props.onLocate(f.offset!, f.length ?? 0)}
          >
            {t('publish.locate')}
          </Button>
        ),
        f.word && (f.rule === 'typo' || f.rule === 'sensitive') && (
          <Button key="exclude" size="small" type="link" onClick={() => void exclude(f.word!)}>
            {t('publish.exclude')}
          </Button>
        ),
      ].filter(Boolean)}
    >
      <Space>
        <Tag color={f.severity === 'block' ? 'red' : 'orange'}>{t(`publish.rules.${f.rule}`)}</Tag>
        <span>{f.message}</span>
      </Space>
    </List.Item>
  );

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
            {check.can_publish && (
              <Button type="primary" danger loading={busy} onClick={() => void publish(true)}>
                {t('publish.publishAnyway')}
              </Button>
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
      ) : (
        <>
          {blocking.length > 0 && <Alert type="error" showIcon message={t('publish.blocked')} />}
          {blocking.length > 0 && <List size="small" dataSource={blocking} renderItem={row} />}
          {warnings.length > 0 && (
            <Alert type="warning" showIcon message={t('publish.warnings')} style={{ marginTop: 12 }} />
          )}
          {warnings.length > 0 && <List size="small" dataSource={warnings} renderItem={row} />}
        </>
      )}
    </Modal>
  );
}
