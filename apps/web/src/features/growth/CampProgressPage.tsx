import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Progress, Skeleton, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazySelect } from '../../components/LazySelect.tsx';
import { apiGet, apiPost } from '../../platform/api.ts';
import { toast } from '../../platform/notify.ts';
import { CampFrame, Failure } from './CampPages.tsx';
import './i18n.ts';

interface CampProgressData {
  period: { id: number; name: string; start_day: string; end_day: string };
  status: 'learning' | 'graduated';
  items: Record<'lessons' | 'words' | 'chapters' | 'exam', { done: number; goal: number }>;
  complete: boolean;
}

/** /front/writing-camp/graduation-progress: each requirement against its goal, and delay to a later period. */
export function CampProgress() {
  const { t } = useTranslation();
  const queries = useQueryClient();
  const progress = useQuery({
    queryKey: ['growth', 'camp', 'progress'],
    queryFn: ({ signal }) => apiGet<CampProgressData>('/api/new-user/graduate', undefined, { signal, silent: true }),
  });
  const periods = useQuery({
    queryKey: ['growth', 'camp', 'periods'],
    queryFn: ({ signal }) =>
      apiGet<{ list: { id: number; name: string; start_day: string }[] }>('/api/new-user/periods', undefined, {
        signal,
        silent: true,
      }),
  });
  const [target, setTarget] = useState<number | null>(null);
  const delay = useMutation({
    mutationFn: (id: number) => apiPost<{ name: string }>('/api/new-user/delay', { period_id: id }),
    onSuccess: async (r) => {
      toast.success(t('growth.camp.delayDone', { name: r.name }));
      await queries.invalidateQueries({ queryKey: ['growth', 'camp'] });
    },
  });
  return (
    <CampFrame>
      {progress.isPending ? (
        <Skeleton active />
      ) : progress.isError ? (
        <Failure error={progress.error} retry={() => void progress.refetch()} />
      ) : (
        <Card title={progress.data.period.name} data-testid="graduation-progress">
          {(['lessons', 'words', 'chapters', 'exam'] as const).map((k) => {
            const i = progress.data.items[k];
            return (
              <div key={k}>
                {t(`growth.camp.items.${k}`)} {i.done} / {i.goal}
                <Progress percent={i.goal ? Math.min(100, Math.floor((100 * i.done) / i.goal)) : 100} />
              </div>
            );
          })}
          {progress.data.status === 'graduated' ? (
            <Tag color="gold">{t('growth.camp.graduated')}</Tag>
          ) : progress.data.complete ? (
            <p>{t('growth.camp.complete')}</p>
          ) : (
            <Space>
              {t('growth.camp.delay')}
              <LazySelect
                style={{ minWidth: 200 }}
                placeholder={t('growth.camp.delayPick')}
                value={target}
                onChange={setTarget}
                options={(periods.data?.list ?? [])
                  .filter((p) => p.start_day > progress.data.period.start_day)
                  .map((p) => ({ value: p.id, label: p.name }))}
              />
              <Button
                disabled={target === null}
                loading={delay.isPending}
                onClick={() => target && delay.mutate(target)}
              >
                {t('growth.camp.delay')}
              </Button>
            </Space>
          )}
        </Card>
      )}
    </CampFrame>
  );
}

export default CampProgress;
