import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../../../console/ConsolePage.tsx';
import { CONSOLE_QUERY_ROOT, consoleGet, consolePost } from '../../../console/console-api.ts';
import { ReasonModal } from '../../../console/ReasonModal.tsx';
import { formatBeijing } from '../../../platform/beijing-time.ts';
import './i18n.ts';

interface SiteRow {
  site_id: number;
  code: string;
  name: string;
  kind: 'reading' | 'zh' | 'free';
  keys: Array<{ key_id: string; created_at: number; revoked_at: number | null }>;
  health: {
    last_batch_at: number | null;
    last_event_at: number | null;
    lag_ms: number | null;
    silent_ms: number | null;
    batches_24h: number;
    refused_batches_24h: number;
    last_refusal: { at: number; reason: string } | null;
  };
}

const time = (ms: number | null) => formatBeijing(ms, true) || '—';

/** /admin/reading-sites: the brand's reading sites and partner platforms, their key pairs and ingestion health. */
export default function ReadingSitesPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const key = [CONSOLE_QUERY_ROOT, 'reading-sites'];
  const q = useQuery({ queryKey: key, queryFn: () => consoleGet<{ list: SiteRow[] }>('/api/admin/integration/sites') });
  const [adding, setAdding] = useState(false);
  const [site, setSite] = useState({ code: '', name: '', kind: 'reading' });
  const [keyFor, setKeyFor] = useState<SiteRow | null>(null);
  const [revoking, setRevoking] = useState<string | null>(null);
  const [secret, setSecret] = useState<{ key_id: string; secret: string } | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: key });
  const seconds = (ms: number | null) =>
    ms === null ? '—' : t('console.income.seconds', { n: Math.round(ms / 1000) });
  return (
    <ConsolePage
      title={t('console.income.sites')}
      extra={
        <Button type="primary" onClick={() => setAdding(true)}>
          {t('console.income.addSite')}
        </Button>
      }
    >
      <Table<SiteRow>
        rowKey="site_id"
        loading={q.isLoading}
        dataSource={q.data?.list ?? []}
        pagination={false}
        columns={[
          { title: t('console.income.code'), dataIndex: 'code' },
          { title: t('console.income.name'), dataIndex: 'name' },
          {
            title: t('console.income.kind'),
            dataIndex: 'kind',
            render: (k: SiteRow['kind']) => t(`console.income.siteKinds.${k}`),
          },
          {
            title: t('console.income.keys'),
            key: 'keys',
            render: (_: unknown, s) => (
              <Space direction="vertical" size={2}>
                {s.keys.map((k) => (
                  <span key={k.key_id}>
                    <Typography.Text code>{k.key_id}</Typography.Text>{' '}
                    {k.revoked_at ? (
                      <Tag>{t('console.income.revoked')}</Tag>
                    ) : (
                      <Button size="small" type="link" danger onClick={() => setRevoking(k.key_id)}>
                        {t('console.income.revoke')}
                      </Button>
                    )}
                  </span>
                ))}
                <Button size="small" onClick={() => setKeyFor(s)}>
                  {t('console.income.newKey')}
                </Button>
              </Space>
            ),
          },
          {
            title: t('console.income.lastEvent'),
            key: 'last',
            render: (_: unknown, s) => time(s.health.last_event_at),
          },
          { title: t('console.income.lag'), key: 'lag', render: (_: unknown, s) => seconds(s.health.lag_ms) },
          { title: t('console.income.silent'), key: 'silent', render: (_: unknown, s) => seconds(s.health.silent_ms) },
          { title: t('console.income.batches24h'), key: 'batches', render: (_: unknown, s) => s.health.batches_24h },
          {
            title: t('console.income.refused24h'),
            key: 'refused',
            render: (_: unknown, s) =>
              s.health.refused_batches_24h ? <Tag color="red">{s.health.refused_batches_24h}</Tag> : 0,
          },
          {
            title: t('console.income.lastRefusal'),
            key: 'lastRefusal',
            render: (_: unknown, s) =>
              s.health.last_refusal ? `${time(s.health.last_refusal.at)} ${s.health.last_refusal.reason}` : '—',
          },
        ]}
      />
      <ReasonModal
        open={adding}
        title={t('console.income.addSite')}
        description={t('console.income.addSiteDescription')}
        choiceProblem={site.code && site.name ? null : t('console.income.code')}
        onClose={() => setAdding(false)}
        onSubmit={async (reason) => {
          await consolePost('/api/admin/integration/sites', { ...site, reason }, { silent: true });
          await refresh();
        }}
      >
        <Space direction="vertical" style={{ width: '100%', marginBottom: 12 }}>
          <Input
            placeholder={t('console.income.code')}
            value={site.code}
            onChange={(e) => setSite({ ...site, code: e.target.value })}
          />
          <Input
            placeholder={t('console.income.name')}
            value={site.name}
            onChange={(e) => setSite({ ...site, name: e.target.value })}
          />
          <Select
            value={site.kind}
            onChange={(kind) => setSite({ ...site, kind })}
            options={(['reading', 'zh', 'free'] as const).map((k) => ({
              value: k,
              label: t(`console.income.siteKinds.${k}`),
            }))}
          />
        </Space>
      </ReasonModal>
      <ReasonModal
        open={keyFor !== null}
        title={`${t('console.income.newKey')} · ${keyFor?.name ?? ''}`}
        description={t('console.income.newKeyDescription')}
        onClose={() => setKeyFor(null)}
        onSubmit={async (reason) => {
          const made = await consolePost<{ key_id: string; secret: string }>(
            '/api/admin/integration/keys',
            { site_id: keyFor?.site_id, reason },
            { silent: true },
          );
          setSecret(made);
          await refresh();
        }}
      />
      <ReasonModal
        open={revoking !== null}
        danger
        title={`${t('console.income.revoke')} ${revoking ?? ''}`}
        description={t('console.income.revokeDescription')}
        onClose={() => setRevoking(null)}
        onSubmit={async (reason) => {
          await consolePost('/api/admin/integration/keys/revoke', { key_id: revoking, reason }, { silent: true });
          await refresh();
        }}
      />
      <Modal
        open={secret !== null}
        onCancel={() => setSecret(null)}
        onOk={() => setSecret(null)}
        title={t('console.income.secretOnce')}
      >
        <Alert type="warning" showIcon message={t('console.income.secretOnce')} style={{ marginBottom: 12 }} />
        <Typography.Paragraph copyable>{secret?.key_id}</Typography.Paragraph>
        <Typography.Paragraph copyable code>
          {secret?.secret}
        </Typography.Paragraph>
      </Modal>
    </ConsolePage>
  );
}
