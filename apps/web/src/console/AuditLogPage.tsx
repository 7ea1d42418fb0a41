import { Alert, Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatBeijing } from '../platform/beijing-time.ts';
import { ConsolePage } from './ConsolePage.tsx';
import { type ConsoleColumn, ConsoleTable } from './ConsoleTable.tsx';
import './i18n.ts';

interface AuditRow {
  id: number;
  created_at: number;
  actor_account_id: number;
  actor_name: string;
  actor_role: string;
  action: string;
  target_type: string;
  target_id: string;
  summary: string;
  reason: string | null;
  before: unknown;
  after: unknown;
  ip: string;
  user_agent: string;
}

const timeText = (ms: number) => formatBeijing(ms, true);

function Json({ value }: { value: unknown }) {
  const { t } = useTranslation();
  if (value === null || value === undefined) return <span>{t('console.audit.nothing')}</span>;
  return <pre className="ac-console-json">{JSON.stringify(value, null, 2)}</pre>;
}

/** /admin/audit: every change made in the console, searchable, never editable. */
export default function AuditLogPage() {
  const { t } = useTranslation();
  const columns: ConsoleColumn<AuditRow>[] = [
    {
      title: t('console.audit.time'),
      dataIndex: 'created_at',
      sortKey: 'created_at',
      render: (ms: number) => timeText(ms),
      csv: (row) => timeText(row.created_at),
    },
    { title: t('console.audit.actor'), dataIndex: 'actor_name', sortKey: 'actor_name' },
    {
      title: t('console.audit.role'),
      dataIndex: 'actor_role',
      render: (role: string) => <Tag>{t(`console.roles.${role}`, { defaultValue: role })}</Tag>,
    },
    { title: t('console.audit.action'), dataIndex: 'action', sortKey: 'action' },
    {
      title: t('console.audit.target'),
      key: 'target',
      render: (_: unknown, row) => `${row.target_type} #${row.target_id}`,
      csv: (row) => `${row.target_type} #${row.target_id}`,
    },
    { title: t('console.audit.summary'), dataIndex: 'summary' },
    { title: t('console.audit.reason'), dataIndex: 'reason' },
    { title: t('console.audit.ip'), dataIndex: 'ip' },
    { title: t('console.audit.before'), key: 'before', hidden: true, csv: (row) => JSON.stringify(row.before) },
    { title: t('console.audit.after'), key: 'after', hidden: true, csv: (row) => JSON.stringify(row.after) },
    { title: t('console.audit.userAgent'), key: 'user_agent', hidden: true, csv: (row) => row.user_agent },
  ];
  return (
    <ConsolePage title={t('console.audit.title')}>
      <Alert type="info" showIcon title={t('console.audit.readOnly')} style={{ marginBottom: 16 }} />
      <ConsoleTable<AuditRow>
        path="/api/admin/audit"
        rowKey={(row) => row.id}
        columns={columns}
        exportName="audit-log"
        filters={[
          { key: 'keyword', label: t('console.audit.keyword'), type: 'text' },
          { key: 'actor', label: t('console.audit.actor'), type: 'text' },
          { key: 'action', label: t('console.audit.action'), type: 'text', placeholder: 'badge.award' },
          { key: 'target_type', label: t('console.audit.targetType'), type: 'text' },
          { key: 'target_id', label: t('console.audit.targetId'), type: 'text' },
          { key: 'created', label: t('console.audit.time'), type: 'dateRange' },
        ]}
        expandable={{
          expandedRowRender: (row) => (
            <Descriptions size="small" column={1} bordered>
              <Descriptions.Item label={t('console.audit.before')}>
                <Json value={row.before} />
              </Descriptions.Item>
              <Descriptions.Item label={t('console.audit.after')}>
                <Json value={row.after} />
              </Descriptions.Item>
              <Descriptions.Item label={t('console.audit.userAgent')}>{row.user_agent}</Descriptions.Item>
            </Descriptions>
          ),
        }}
      />
    </ConsolePage>
  );
}
