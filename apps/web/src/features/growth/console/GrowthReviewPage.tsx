import { useQueryClient } from '@tanstack/react-query';
import { Button, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../../../console/ConsolePage.tsx';
import { ConsoleTable } from '../../../console/ConsoleTable.tsx';
import { CONSOLE_QUERY_ROOT, consolePost } from '../../../console/console-api.ts';
import { ReasonModal } from '../../../console/ReasonModal.tsx';
import { toast } from '../../../platform/notify.ts';
import './i18n.ts';

const g = 'console.growth';
type Status = 'pending' | 'approved' | 'refused' | 'cancelled';

interface LeaveRow {
  id: number;
  pen_name: string;
  level: number;
  start_day: string;
  end_day: string;
  days: number;
  reason: string;
  status: Status;
  review_note: string;
  created_at: number;
}

interface ApplicationRow {
  id: number;
  pen_name: string;
  level: number;
  title: string;
  right_level: number;
  note: string;
  status: Status;
  review_note: string;
  created_at: number;
}

type Decision =
  | { kind: 'leave'; verb: 'approve' | 'refuse'; row: LeaveRow }
  | { kind: 'right'; verb: 'approve' | 'refuse'; row: ApplicationRow };

const STATUS_COLOR: Record<Status, string | undefined> = {
  pending: 'processing',
  approved: 'success',
  refused: 'error',
  cancelled: undefined,
};

/** /admin/growth-review: leave requests and rights applications, each approved or refused with a reason. */
export default function GrowthReviewPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const statusFilter = {
    key: 'status',
    label: t(`${g}.status`),
    type: 'select' as const,
    options: (['pending', 'approved', 'refused', 'cancelled'] as const).map((s) => ({
      value: s,
      label: t(`${g}.statuses.${s}`),
    })),
  };
  const statusColumn = {
    title: t(`${g}.status`),
    dataIndex: 'status',
    render: (s: Status) => <Tag color={STATUS_COLOR[s]}>{t(`${g}.statuses.${s}`)}</Tag>,
  };
  const when = {
    title: t(`${g}.createdAt`),
    dataIndex: 'created_at',
    sortKey: 'created_at',
    render: (ms: number) => new Date(ms).toLocaleString(),
  };
  const actions = <R extends LeaveRow | ApplicationRow>(kind: 'leave' | 'right') => ({
    title: t(`${g}.actions`),
    key: 'actions',
    csv: false as const,
    render: (_: unknown, row: R) =>
      row.status === 'pending' ? (
        <Space>
          <Button size="small" type="primary" onClick={() => setDeciding({ kind, verb: 'approve', row } as Decision)}>
            {t(`${g}.approve`)}
          </Button>
          <Button size="small" danger onClick={() => setDeciding({ kind, verb: 'refuse', row } as Decision)}>
            {t(`${g}.refuse`)}
          </Button>
        </Space>
      ) : null,
  });

  const title = (d: Decision) =>
    d.kind === 'leave'
      ? t(`${g}.${d.verb}Leave`, { pen: d.row.pen_name, start: d.row.start_day, end: d.row.end_day })
      : t(`${g}.${d.verb}Right`, { pen: d.row.pen_name, title: d.row.title });

  return (
    <ConsolePage title={t(`${g}.review.title`)}>
      <h2>{t(`${g}.leave`)}</h2>
      <ConsoleTable<LeaveRow>
        path="/api/admin/growth/leave"
        rowKey={(r) => r.id}
        exportName="leave-requests"
        filters={[statusFilter]}
        columns={[
          { title: t(`${g}.penName`), dataIndex: 'pen_name' },
          { title: t(`${g}.level`), dataIndex: 'level', render: (n: number) => `Lv${n}` },
          {
            title: t(`${g}.dates`),
            dataIndex: 'start_day',
            sortKey: 'start_day',
            render: (_: string, r: LeaveRow) => `${r.start_day} – ${r.end_day}`,
          },
          { title: t(`${g}.days`), dataIndex: 'days' },
          { title: t(`${g}.reason`), dataIndex: 'reason' },
          statusColumn,
          { title: t(`${g}.reviewNote`), dataIndex: 'review_note' },
          when,
          actions<LeaveRow>('leave'),
        ]}
      />
      <h2 style={{ marginTop: 24 }}>{t(`${g}.applications`)}</h2>
      <ConsoleTable<ApplicationRow>
        path="/api/admin/growth/right-applications"
        rowKey={(r) => r.id}
        exportName="right-applications"
        urlPrefix="r_"
        filters={[{ ...statusFilter, options: statusFilter.options.filter((o) => o.value !== 'cancelled') }]}
        columns={[
          { title: t(`${g}.penName`), dataIndex: 'pen_name' },
          { title: t(`${g}.level`), dataIndex: 'level', render: (n: number) => `Lv${n}` },
          {
            title: t(`${g}.right`),
            dataIndex: 'title',
            render: (s: string, r: ApplicationRow) => `Lv${r.right_level} ${s}`,
          },
          { title: t(`${g}.note`), dataIndex: 'note' },
          statusColumn,
          { title: t(`${g}.reviewNote`), dataIndex: 'review_note' },
          when,
          actions<ApplicationRow>('right'),
        ]}
      />
      {deciding && (
        <ReasonModal
          open
          title={title(deciding)}
          description={t(deciding.kind === 'leave' ? `${g}.leaveEffect` : `${g}.rightEffect`)}
          danger={deciding.verb === 'refuse'}
          okText={t(`${g}.${deciding.verb}`)}
          onClose={() => setDeciding(null)}
          onSubmit={async (reason) => {
            const base = deciding.kind === 'leave' ? '/api/admin/growth/leave' : '/api/admin/growth/right-applications';
            await consolePost(`${base}/${deciding.row.id}/${deciding.verb}`, { reason }, { silent: true });
            toast.success(t(`${g}.done`));
            await queryClient.invalidateQueries({ queryKey: [CONSOLE_QUERY_ROOT] });
            setDeciding(null);
          }}
        />
      )}
    </ConsolePage>
  );
}
