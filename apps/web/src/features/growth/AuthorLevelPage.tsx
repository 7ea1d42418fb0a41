import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Empty, Input, List, Modal, Progress, Result, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiGet, apiPost } from '../../platform/api.ts';
import type { ApiError } from '../../platform/api-error.ts';
import { toast } from '../../platform/notify.ts';
import type { LevelInfo, Right } from './api.ts';
import './i18n.ts';

const LEVEL_PAGE = ['growth', 'level-page'];

/** /front/author-level: the level, growth value by source, progress to the next level, and the rights. */
export default function AuthorLevelPage() {
  const { t } = useTranslation();
  const page = useQuery({
    queryKey: LEVEL_PAGE,
    queryFn: ({ signal }) => apiGet<LevelInfo>('/api/author-level/level-page', undefined, { signal, silent: true }),
  });
  const [applying, setApplying] = useState<Right | null>(null);

  if (page.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (page.isError) {
    return (
      <Result
        status="warning"
        title={t('growth.loadFailed')}
        extra={
          <Button type="primary" onClick={() => void page.refetch()}>
            {t('growth.retry')}
          </Button>
        }
      />
    );
  }
  const d = page.data;
  return (
    <div className="ac-author-level" data-testid="author-level">
      <h1>{t('growth.level.title')}</h1>
      <Card>
        <h2 data-testid="level-current">
          Lv{d.level} {d.level_txt}
        </h2>
        <p>{t('growth.level.growth', { value: d.growth })}</p>
        <Progress percent={d.progress} aria-label={t('growth.level.current')} />
        <p>
          {d.next
            ? t('growth.level.next', { level: d.next.level, txt: d.next.level_txt, needed: d.next.needed })
            : t('growth.level.top')}
        </p>
        <p>{d.surpass_txt}</p>
      </Card>
      <Card title={t('growth.level.sources')} style={{ marginTop: 16 }}>
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('growth.level.words', { w: d.weights.per_thousand_words })}>
            {d.sources.words}
          </Descriptions.Item>
          <Descriptions.Item label={t('growth.level.updateDays', { w: d.weights.per_update_day })}>
            {d.sources.update_days}
          </Descriptions.Item>
          <Descriptions.Item label={t('growth.level.readers', { w: d.weights.per_ten_readers })}>
            {d.sources.readers}
          </Descriptions.Item>
          <Descriptions.Item label={t('growth.level.signed', { w: d.weights.signed })}>
            {d.sources.signed}
          </Descriptions.Item>
          <Descriptions.Item label={t('growth.level.badges')}>{d.sources.badges}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('growth.level.levels')} style={{ marginTop: 16 }}>
        <List
          size="small"
          dataSource={d.levels}
          renderItem={(l) => (
            <List.Item>
              Lv{l.level} {l.level_txt} — {l.min_growth ?? t('growth.level.manual')}
            </List.Item>
          )}
        />
      </Card>
      <Card title={t('growth.level.rights')} style={{ marginTop: 16 }}>
        {d.rights.length === 0 ? (
          <Empty description={t('growth.level.rightsEmpty')} />
        ) : (
          <List
            dataSource={d.rights}
            renderItem={(r) => (
              <List.Item
                data-testid="right"
                actions={[
                  r.can_apply ? (
                    <Button key="apply" type="primary" size="small" onClick={() => setApplying(r)}>
                      {t('growth.level.apply')}
                    </Button>
                  ) : null,
                ]}
              >
                <List.Item.Meta
                  title={
                    <>
                      Lv{r.level} {r.title} <RightState right={r} />
                    </>
                  }
                  description={r.description}
                />
              </List.Item>
            )}
          />
        )}
      </Card>
      {applying && <ApplyDialog right={applying} onClose={() => setApplying(null)} />}
    </div>
  );
}

function RightState({ right }: { right: Right }) {
  const { t } = useTranslation();
  if (right.held) return <Tag color="gold">{t('growth.level.held')}</Tag>;
  if (!right.reached) return <Tag>{t('growth.level.locked', { level: right.level })}</Tag>;
  if (right.application?.status === 'pending') return <Tag color="processing">{t('growth.level.pending')}</Tag>;
  if (right.application?.status === 'refused') {
    return <Tag color="error">{t('growth.level.refused', { note: right.application.review_note })}</Tag>;
  }
  return right.needs_apply ? null : <Tag>{t('growth.level.withLevel')}</Tag>;
}

function ApplyDialog({ right, onClose }: { right: Right; onClose: () => void }) {
  const { t } = useTranslation();
  const queries = useQueryClient();
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const apply = useMutation({
    mutationFn: () => apiPost('/api/pc/v1/rights/apply', { right_id: right.id, note }, { silent: true }),
    onSuccess: async () => {
      toast.success(t('growth.level.applied'));
      await queries.invalidateQueries({ queryKey: LEVEL_PAGE });
      onClose();
    },
    onError: (e) => setFailure((e as ApiError).title),
  });
  return (
    <Modal
      open
      title={t('growth.level.applyTitle', { title: right.title })}
      okText={t('growth.level.apply')}
      confirmLoading={apply.isPending}
      onOk={() => apply.mutate()}
      onCancel={onClose}
    >
      <Input.TextArea
        aria-label={t('growth.level.applyNote')}
        placeholder={t('growth.level.applyNote')}
        value={note}
        maxLength={500}
        onChange={(e) => setNote(e.target.value)}
      />
      {failure && <Alert type="error" showIcon title={failure} role="alert" style={{ marginBottom: 12 }} />}
    </Modal>
  );
}
