import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CONSOLE_BASE } from '../../../console/ConsoleLayout.tsx';
import { ConsolePage } from '../../../console/ConsolePage.tsx';
import { type ConsoleColumn, ConsoleTable } from '../../../console/ConsoleTable.tsx';
import { formatBeijing } from '../../../platform/beijing-time.ts';
import './i18n.ts';

export interface CaseRow {
  id: number;
  case_no: string;
  state: 'submitted' | 'in_review' | 'need_more' | 'closed';
  decision: 'upheld' | 'rejected' | null;
  target_type: 'book' | 'chapter' | 'comment' | 'site';
  target_title: string;
  reason: 'infringement' | 'illegal' | 'plagiarism';
  assignee: string | null;
  created_at: number;
  updated_at: number;
}

export const STATE_COLOR = { submitted: 'blue', in_review: 'gold', need_more: 'orange', closed: 'default' } as const;

/** /admin/reports: the brand's report queue, oldest waiting first when filtered by state. */
export default function ReportsPage() {
  const { t } = useTranslation();
  const k = (key: string) => t(`console.reports.${key}`);
  const columns: ConsoleColumn<CaseRow>[] = [
    {
      title: k('fields.caseNo'),
      dataIndex: 'case_no',
      render: (no: string, row) => <Link to={`${CONSOLE_BASE}/reports/${row.id}`}>{no}</Link>,
    },
    {
      title: k('fields.state'),
      dataIndex: 'state',
      render: (state: CaseRow['state'], row) => (
        <>
          <Tag color={STATE_COLOR[state]}>{k(`states.${state}`)}</Tag>
          {row.decision && <Tag>{k(`decisions.${row.decision}`)}</Tag>}
        </>
      ),
      csv: (row) => `${k(`states.${row.state}`)}${row.decision ? ` ${k(`decisions.${row.decision}`)}` : ''}`,
    },
    {
      title: k('fields.target'),
      key: 'target',
      render: (_: unknown, row) => `${k(`targets.${row.target_type}`)} ${row.target_title}`,
      csv: (row) => `${k(`targets.${row.target_type}`)} ${row.target_title}`,
    },
    {
      title: k('fields.reason'),
      dataIndex: 'reason',
      render: (r: CaseRow['reason']) => k(`reasons.${r}`),
      csv: (row) => k(`reasons.${row.reason}`),
    },
    { title: k('fields.assignee'), dataIndex: 'assignee', render: (v: string | null) => v ?? '—' },
    {
      title: k('fields.created'),
      dataIndex: 'created_at',
      sortKey: 'created_at',
      render: (v: number) => formatBeijing(v),
      csv: (row) => formatBeijing(row.created_at),
    },
    {
      title: k('fields.updated'),
      dataIndex: 'updated_at',
      sortKey: 'updated_at',
      render: (v: number) => formatBeijing(v),
      csv: (row) => formatBeijing(row.updated_at),
    },
  ];
  return (
    <ConsolePage title={k('title')}>
      <ConsoleTable<CaseRow>
        path="/api/admin/reports"
        rowKey={(row) => row.id}
        columns={columns}
        exportName="reports"
        filters={[
          { key: 'case_no', label: k('fields.caseNo'), type: 'text' },
          {
            key: 'state',
            label: k('fields.state'),
            type: 'select',
            options: (['submitted', 'in_review', 'need_more', 'closed'] as const).map((s) => ({
              value: s,
              label: k(`states.${s}`),
            })),
          },
          {
            key: 'reason',
            label: k('fields.reason'),
            type: 'select',
            options: (['infringement', 'illegal', 'plagiarism'] as const).map((s) => ({
              value: s,
              label: k(`reasons.${s}`),
            })),
          },
        ]}
      />
    </ConsolePage>
  );
}
