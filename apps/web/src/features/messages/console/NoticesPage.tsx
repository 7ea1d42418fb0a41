import { PlusOutlined, PushpinFilled } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Space, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ConsolePage } from '../../../console/ConsolePage.tsx';
import { type ConsoleColumn, ConsoleTable } from '../../../console/ConsoleTable.tsx';
import { CONSOLE_QUERY_ROOT } from '../../../console/console-api.ts';
import { formatBeijing } from '../../../platform/beijing-time.ts';
import { STATE_COLOR } from './notice-text.ts';
import { NOTICES_PATH, type NoticeRow, type NoticeState } from './notices-api.ts';
import { WithdrawNotice } from './WithdrawNotice.tsx';
import './i18n.ts';

/** /admin/notices: every notice of the brand, by state, with how many of its audience read it. */
export default function NoticesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [withdrawing, setWithdrawing] = useState<NoticeRow | null>(null);
  const p = 'console.notices';

  const columns: ConsoleColumn<NoticeRow>[] = [
    {
      title: t(`${p}.fields.title`),
      dataIndex: 'title',
      sortKey: 'title',
      render: (title: string, row) => (
        <Space size={4}>
          {row.pinned && (
            <Tooltip title={t(`${p}.pinned`)}>
              <PushpinFilled style={{ color: '#ff7d00' }} aria-label={t(`${p}.pinned`)} />
            </Tooltip>
          )}
          <Link to={`/admin/notices/${row.id}`}>{title}</Link>
        </Space>
      ),
    },
    {
      title: t(`${p}.fields.category`),
      dataIndex: 'category',
      render: (c: string) => t(`${p}.categories.${c}`),
      csv: (row) => t(`${p}.categories.${row.category}`),
    },
    {
      title: t(`${p}.fields.audience`),
      dataIndex: 'audience',
      render: (a: string) => t(`${p}.audiences.${a}`),
      csv: (row) => t(`${p}.audiences.${row.audience}`),
    },
    {
      title: t(`${p}.fields.state`),
      dataIndex: 'state',
      render: (s: NoticeState) => <Tag color={STATE_COLOR[s]}>{t(`${p}.states.${s}`)}</Tag>,
      csv: (row) => t(`${p}.states.${row.state}`),
    },
    {
      title: t(`${p}.fields.publishedAt`),
      dataIndex: 'published_at',
      sortKey: 'published_at',
      render: (ms: number) => formatBeijing(ms),
      csv: (row) => formatBeijing(row.published_at),
    },
    {
      title: t(`${p}.fields.reads`),
      key: 'reads',
      sortKey: 'read_count',
      render: (_: unknown, row) =>
        row.state === 'scheduled' ? (
          <span style={{ color: '#999' }}>{t(`${p}.notYet`, { count: row.audience_count })}</span>
        ) : (
          t(`${p}.readsOf`, { read: row.read_count, total: row.audience_count })
        ),
      csv: (row) => `${row.read_count}/${row.audience_count}`,
    },
    {
      title: '',
      key: 'actions',
      csv: false,
      render: (_: unknown, row) => (
        <Space>
          {row.state === 'scheduled' && (
            <Button size="small" onClick={() => navigate(`/admin/notices/${row.id}`)}>
              {t(`${p}.edit`)}
            </Button>
          )}
          {row.state !== 'withdrawn' && (
            <Button size="small" danger onClick={() => setWithdrawing(row)}>
              {t(`${p}.withdraw`)}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <ConsolePage title={t(`${p}.title`)}>
      <ConsoleTable<NoticeRow>
        path={NOTICES_PATH}
        rowKey={(row) => row.id}
        columns={columns}
        exportName="notices"
        filters={[
          { key: 'keyword', label: t(`${p}.fields.title`), type: 'text' },
          {
            key: 'state',
            label: t(`${p}.fields.state`),
            type: 'select',
            options: (['scheduled', 'published', 'withdrawn'] as const).map((s) => ({
              value: s,
              label: t(`${p}.states.${s}`),
            })),
          },
        ]}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/admin/notices/new')}>
            {t(`${p}.new`)}
          </Button>
        }
      />
      <WithdrawNotice
        notice={withdrawing}
        onClose={() => setWithdrawing(null)}
        onDone={() => void queryClient.invalidateQueries({ queryKey: [CONSOLE_QUERY_ROOT, NOTICES_PATH] })}
      />
    </ConsolePage>
  );
}
