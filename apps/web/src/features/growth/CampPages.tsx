import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, List, Modal, Result, Skeleton, Space, Tabs, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { apiGet, apiPost } from '../../platform/api.ts';
import type { ApiError } from '../../platform/api-error.ts';
import { useBrand } from '../../platform/brand.tsx';
import { toast } from '../../platform/notify.ts';
import './i18n.ts';

/** The brand's layout permission that opens the writing camp and its menu (§2). */
export const CAMP_PERMISSION = 'writing-camp';

const MENU = [
  ['curriculum', '/front/writing-camp/curriculum'],
  ['appointment', '/front/writing-camp/course-appointment'],
  ['progress', '/front/writing-camp/graduation-progress'],
  ['honor', '/front/writing-camp/honor-wall'],
  ['exam', '/front/page/writing-camp-answer'],
] as const;

/** The camp's menu above each of its pages, shown only in a brand with the 'writing-camp' permission. */
export function CampFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const brand = useBrand();
  const location = useLocation();
  const navigate = useNavigate();
  if (!brand.permissions.includes(CAMP_PERMISSION)) return <Result status="info" title={t('growth.camp.closed')} />;
  return (
    <div className="ac-writing-camp">
      <Tabs
        activeKey={location.pathname}
        onChange={(key) => navigate(key)}
        items={MENU.map(([key, path]) => ({ key: path, label: t(`growth.camp.menu.${key}`) }))}
      />
      {children}
    </div>
  );
}

interface Schedule {
  period: { id: number; name: string; start_day: string; end_day: string };
  list: {
    id: number;
    title: string;
    kind: 'video' | 'article';
    starts_at: number;
    capacity: number;
    seats_left: number;
    started: boolean;
    appointed: boolean;
    attended: boolean;
    can_repair: boolean;
  }[];
}

const beijing = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

export function Failure({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation();
  const status = (error as ApiError).status;
  if (status === 403) return <Result status="info" title={t('growth.camp.notTrainee')} />;
  return (
    <Result
      status="warning"
      title={t('growth.loadFailed')}
      extra={<Button onClick={retry}>{t('growth.retry')}</Button>}
    />
  );
}

/** /front/writing-camp/curriculum and /course-appointment: the period's lessons, booking, entering and make-up. */
export function CampSchedule() {
  const { t } = useTranslation();
  const queries = useQueryClient();
  const schedule = useQuery({
    queryKey: ['growth', 'camp', 'schedule'],
    queryFn: ({ signal }) => apiGet<Schedule>('/api/new-user/schedule', undefined, { signal, silent: true }),
  });
  const [reading, setReading] = useState<{ title: string; kind: string; content: string } | null>(null);
  const refresh = () => queries.invalidateQueries({ queryKey: ['growth', 'camp'] });
  const book = useMutation({
    mutationFn: (id: number) => apiPost('/api/new-user/appoint', { lesson_id: id }),
    onSuccess: async () => {
      toast.success(t('growth.camp.bookedToast'));
      await refresh();
    },
  });
  const enter = useMutation({
    mutationFn: (v: { id: number; repair: boolean }) =>
      v.repair
        ? apiPost<{ title: string; kind: string; content: string }>('/api/new-user/repairs', { lesson_id: v.id })
        : apiGet<{ title: string; kind: string; content: string }>('/api/new-user/lesson', { id: v.id }),
    onSuccess: async (lesson) => {
      setReading(lesson);
      await refresh();
    },
  });
  return (
    <CampFrame>
      {schedule.isPending ? (
        <Skeleton active />
      ) : schedule.isError ? (
        <Failure error={schedule.error} retry={() => void schedule.refetch()} />
      ) : (
        <>
          <h1>
            {t('growth.camp.period', {
              name: schedule.data.period.name,
              start: schedule.data.period.start_day,
              end: schedule.data.period.end_day,
            })}
          </h1>
          {schedule.data.list.length === 0 ? (
            <Empty description={t('growth.camp.empty')} />
          ) : (
            <List
              dataSource={schedule.data.list}
              renderItem={(l) => (
                <List.Item
                  data-testid="lesson"
                  actions={[
                    l.attended ? (
                      <Tag key="a" color="success">
                        {t('growth.camp.attended')}
                      </Tag>
                    ) : null,
                    !l.started && !l.appointed ? (
                      <Button key="b" type="primary" disabled={l.seats_left === 0} onClick={() => book.mutate(l.id)}>
                        {l.seats_left === 0 ? t('growth.camp.full') : t('growth.camp.book')}
                      </Button>
                    ) : null,
                    !l.started && l.appointed ? <Tag key="c">{t('growth.camp.booked')}</Tag> : null,
                    l.started && (l.appointed || l.attended) ? (
                      <Button key="e" onClick={() => enter.mutate({ id: l.id, repair: false })}>
                        {t('growth.camp.enter')}
                      </Button>
                    ) : null,
                    l.can_repair && !l.appointed ? (
                      <Button key="r" onClick={() => enter.mutate({ id: l.id, repair: true })}>
                        {t('growth.camp.repair')}
                      </Button>
                    ) : null,
                  ]}
                >
                  <List.Item.Meta
                    title={
                      <Space>
                        <Tag>{t(`growth.camp.${l.kind}`)}</Tag>
                        {l.title}
                      </Space>
                    }
                    description={`${t('growth.camp.startsAt', { at: beijing(l.starts_at) })} · ${t('growth.camp.seats', { n: l.seats_left, capacity: l.capacity })}`}
                  />
                </List.Item>
              )}
            />
          )}
        </>
      )}
      {reading && (
        <Modal open title={reading.title} footer={null} onCancel={() => setReading(null)} width={720}>
          {reading.kind === 'video' ? (
            <video src={reading.content} controls style={{ width: '100%' }} />
          ) : (
            <div style={{ whiteSpace: 'pre-wrap' }}>{reading.content}</div>
          )}
        </Modal>
      )}
    </CampFrame>
  );
}

export default CampSchedule;
