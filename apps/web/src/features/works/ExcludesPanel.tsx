import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, List, Space, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { apiGet, apiPost } from '../../platform/api.ts';
import { toast } from '../../platform/notify.ts';
import { WORKS_NS } from './i18n.ts';
import { formatTime } from './works-api.ts';

export interface TextCheckExclude {
  word: string;
  created_at: number;
  /** An old exclude naming a sensitive word: it has no effect (excludes silence typos only). */
  sensitive: boolean;
}

export const excludesKey = ['works', 'excludes'] as const;

/**
 * The author's ignored words of the checks before publishing (text-correct excludes): what the
 * "ignore this word" button of a typo finding added, with a way to take each back.
 */
export function ExcludesPanel() {
  const { t } = useTranslation(WORKS_NS);
  const excludes = useQuery({
    queryKey: excludesKey,
    queryFn: ({ signal }) => apiGet<TextCheckExclude[]>('/api/pc/v1/text-correct/excludes', {}, { signal }),
  });
  const [removing, setRemoving] = useState<string | null>(null);

  const remove = async () => {
    if (!removing) return;
    await apiPost('/api/pc/v1/text-correct/excludes-remove', { word: removing });
    toast.success(t('manage.excludeRemoved'));
    setRemoving(null);
    await excludes.refetch();
  };

  return (
    <section data-testid="excludes-panel">
      <h3>{t('manage.excludes')}</h3>
      <Typography.Paragraph type="secondary">{t('manage.excludesHint')}</Typography.Paragraph>
      {excludes.isLoading ? (
        <Spin />
      ) : excludes.isError ? (
        <Alert
          type="error"
          showIcon
          message={t('manage.excludesLoadFailed')}
          action={
            <Button size="small" onClick={() => void excludes.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : excludes.data?.length ? (
        <List
          size="small"
          bordered
          style={{ maxWidth: 560 }}
          dataSource={excludes.data}
          renderItem={(e) => (
            <List.Item
              data-word={e.word}
              actions={[
                <Button key="remove" size="small" type="link" danger onClick={() => setRemoving(e.word)}>
                  {t('manage.excludeRemove')}
                </Button>,
              ]}
            >
              <Space wrap>
                <span>{e.word}</span>
                {e.sensitive && <Tag color="red">{t('manage.excludeSensitive')}</Tag>}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('manage.excludeAddedAt', { time: formatTime(e.created_at) })}
                </Typography.Text>
              </Space>
            </List.Item>
          )}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('manage.excludesEmpty')} />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t('manage.excludeRemoveTitle', { word: removing })}
        plainTxt={t('manage.excludeRemoveTxt')}
        onConfirm={remove}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}
