import { useQueryClient } from '@tanstack/react-query';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../../../console/ConsolePage.tsx';
import { type ConsoleColumn, type ConsoleFilter, ConsoleTable } from '../../../console/ConsoleTable.tsx';
import { CONSOLE_QUERY_ROOT, consolePost } from '../../../console/console-api.ts';
import { ReasonModal } from '../../../console/ReasonModal.tsx';
import { formatBeijing } from '../../../platform/beijing-time.ts';
import { toast } from '../../../platform/notify.ts';
import './i18n.ts';

export interface ReviewQueueProps<Row> {
  title: string;
  /** The list route; its `/review` takes `{ id, decision: 'approve' | 'refuse', reason }`. */
  path: string;
  exportName: string;
  /** The columns describing a request; the submitted time and the approve / refuse buttons follow them. */
  columns: ConsoleColumn<Row>[];
  /** The row's time the request was submitted (epoch ms), shown in Beijing time and sortable by it. */
  submittedAt: keyof Row & string;
  filters: ConsoleFilter[];
  approveTitle: string;
  approveDescription: string;
  refuseTitle: string;
  /** The longest reason the server takes. */
  maxLength: number;
}

/**
 * A console review queue (bank card changes, guarantee and apply-sale applications): the requests,
 * each pending one approved (an optional note) or refused with the reason the author sees.
 */
export function ReviewQueue<Row extends { id: number; status: string }>(props: ReviewQueueProps<Row>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [decision, setDecision] = useState<{ row: Row; what: 'approve' | 'refuse' } | null>(null);
  const columns: ConsoleColumn<Row>[] = [
    ...props.columns,
    {
      title: t('console.contracts.submittedAt'),
      dataIndex: props.submittedAt,
      sortKey: props.submittedAt,
      render: (ms: number) => formatBeijing(ms),
      csv: (row) => formatBeijing(row[props.submittedAt] as number),
    },
    {
      title: '',
      key: 'act',
      csv: false,
      render: (_: unknown, row) =>
        row.status === 'pending' ? (
          <Space>
            <Button size="small" danger onClick={() => setDecision({ row, what: 'refuse' })}>
              {t('console.contracts.cardRefuse')}
            </Button>
            <Button size="small" type="primary" onClick={() => setDecision({ row, what: 'approve' })}>
              {t('console.contracts.cardApprove')}
            </Button>
          </Space>
        ) : null,
    },
  ];
  const refusing = decision?.what === 'refuse';
  return (
    <ConsolePage title={props.title}>
      <ConsoleTable<Row>
        path={props.path}
        rowKey={(row) => row.id}
        columns={columns}
        exportName={props.exportName}
        filters={props.filters}
      />
      <ReasonModal
        open={decision !== null}
        title={refusing ? props.refuseTitle : props.approveTitle}
        description={<p>{refusing ? t('console.contracts.refuseDesc') : props.approveDescription}</p>}
        danger={refusing}
        reasonRequired={refusing}
        reasonOptional={!refusing}
        maxLength={props.maxLength}
        requiredMessage={t('console.contracts.reasonRequired')}
        onClose={() => setDecision(null)}
        onSubmit={async (reason) => {
          if (!decision) return;
          await consolePost(
            `${props.path}/review`,
            { id: decision.row.id, decision: decision.what, reason },
            { silent: true },
          );
          setDecision(null);
          toast.success(t(refusing ? 'console.contracts.refused' : 'console.contracts.approved'));
          void queryClient.invalidateQueries({ queryKey: [CONSOLE_QUERY_ROOT, props.path] });
        }}
      />
    </ConsolePage>
  );
}
