import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Form, Input, List, Popconfirm, Result, Skeleton, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyRangePicker } from '../../components/LazyDatePicker.tsx';
import { apiGet, apiPost } from '../../platform/api.ts';
import type { ApiError } from '../../platform/api-error.ts';
import { toast } from '../../platform/notify.ts';
import type { LeaveList, LeaveStatus } from './api.ts';
import './i18n.ts';

const LEAVE = ['growth', 'leave'];
const NOTICE = ['growth', 'leave-notice'];
const STATUS_COLOR: Record<LeaveStatus, string | undefined> = {
  pending: 'processing',
  approved: 'success',
  refused: 'error',
  cancelled: undefined,
};

interface Notice {
  list: { id: number; start_day: string; end_day: string; status: LeaveStatus; review_note: string }[];
}

/** /front/vacation-manage: request leave (askleave add), the list with cancel, the quota and decisions. */
export default function VacationManagePage() {
  const { t } = useTranslation();
  const queries = useQueryClient();
  const leave = useQuery({
    queryKey: LEAVE,
    queryFn: ({ signal }) => apiGet<LeaveList>('/api/pc/v1/askleave/list', undefined, { signal, silent: true }),
  });
  const notice = useQuery({
    queryKey: NOTICE,
    queryFn: ({ signal }) => apiGet<Notice>('/api/pc/v1/askleave/notice', undefined, { signal, silent: true }),
  });
  const ignore = useMutation({
    mutationFn: () => apiPost('/api/pc/v1/askleave/ignore', { ids: notice.data?.list.map((n) => n.id) ?? [] }),
    onSuccess: () => queries.invalidateQueries({ queryKey: NOTICE }),
  });
  const cancel = useMutation({
    mutationFn: (id: number) => apiPost('/api/pc/v1/askleave/cancel', { id }),
    onSuccess: async () => {
      toast.success(t('growth.leave.cancelled'));
      await queries.invalidateQueries({ queryKey: LEAVE });
    },
  });

  if (leave.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (leave.isError) {
    return (
      <Result
        status="warning"
        title={t('growth.loadFailed')}
        extra={
          <Button type="primary" onClick={() => void leave.refetch()}>
            {t('growth.retry')}
          </Button>
        }
      />
    );
  }
  const d = leave.data;
  return (
    <div className="ac-vacation" data-testid="vacation-manage">
      <h1>{t('growth.leave.title')}</h1>
      <p>{t('growth.leave.intro')}</p>
      {notice.data && notice.data.list.length > 0 && (
        <Alert
          type="info"
          showIcon
          title={t('growth.leave.notice')}
          description={notice.data.list.map((n) => (
            <div key={n.id}>
              {n.start_day} – {n.end_day}：{t(`growth.leave.status.${n.status}`)}
              {n.review_note ? `（${n.review_note}）` : ''}
            </div>
          ))}
          action={
            <Button size="small" onClick={() => ignore.mutate()} loading={ignore.isPending}>
              {t('growth.leave.ignore')}
            </Button>
          }
        />
      )}
      <Card title={t('growth.leave.add')} style={{ marginTop: 16 }}>
        <p data-testid="leave-quota">
          {t('growth.leave.quota', {
            level: d.quota.level,
            perMonth: d.quota.per_month,
            used: d.quota.used,
            maxDays: d.max_days,
          })}
        </p>
        <LeaveForm today={d.today} />
      </Card>
      <Card style={{ marginTop: 16 }}>
        {d.list.length === 0 ? (
          <Empty description={t('growth.leave.empty')} />
        ) : (
          <List
            dataSource={d.list}
            renderItem={(r) => (
              <List.Item
                data-testid="leave-row"
                actions={[
                  r.can_cancel ? (
                    <Popconfirm
                      key="cancel"
                      title={t('growth.leave.cancelConfirm')}
                      onConfirm={() => cancel.mutateAsync(r.id)}
                    >
                      <Button size="small">{t('growth.leave.cancel')}</Button>
                    </Popconfirm>
                  ) : null,
                ]}
              >
                <List.Item.Meta
                  title={
                    <>
                      {t('growth.leave.range', { start: r.start_day, end: r.end_day, days: r.days })}{' '}
                      <Tag color={STATUS_COLOR[r.status]}>{t(`growth.leave.status.${r.status}`)}</Tag>
                    </>
                  }
                  description={r.review_note ? `${r.reason} — ${r.review_note}` : r.reason}
                />
              </List.Item>
            )}
          />
        )}
      </Card>
    </div>
  );
}

function LeaveForm({ today }: { today: string }) {
  const { t } = useTranslation();
  const queries = useQueryClient();
  const [form] = Form.useForm<{ dates: [Dayjs, Dayjs]; reason: string }>();
  const [failure, setFailure] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: (v: { dates: [Dayjs, Dayjs]; reason: string }) =>
      apiPost<{ status: LeaveStatus }>(
        '/api/pc/v1/askleave/add',
        { start_day: v.dates[0].format('YYYY-MM-DD'), end_day: v.dates[1].format('YYYY-MM-DD'), reason: v.reason },
        { silent: true },
      ),
    onSuccess: async (res) => {
      setFailure(null);
      toast.success(res.status === 'approved' ? t('growth.leave.approvedNow') : t('growth.leave.submitted'));
      form.resetFields();
      await queries.invalidateQueries({ queryKey: LEAVE });
    },
    onError: (e) => setFailure((e as ApiError).title),
  });
  return (
    <Form form={form} layout="vertical" onFinish={(v) => add.mutate(v)}>
      <Form.Item
        name="dates"
        label={t('growth.leave.dates')}
        rules={[{ required: true, message: t('growth.leave.datesRequired') }]}
      >
        <LazyRangePicker disabledDate={(d) => d.format('YYYY-MM-DD') < today} />
      </Form.Item>
      <Form.Item
        name="reason"
        label={t('growth.leave.reason')}
        rules={[{ required: true, whitespace: true, message: t('growth.leave.reasonRequired') }]}
      >
        <Input maxLength={200} />
      </Form.Item>
      {failure && (
        <Alert
          type="error"
          showIcon
          title={failure}
          role="alert"
          data-testid="leave-error"
          style={{ marginBottom: 12 }}
        />
      )}
      <Button type="primary" htmlType="submit" loading={add.isPending}>
        {t('growth.leave.submit')}
      </Button>
    </Form>
  );
}
