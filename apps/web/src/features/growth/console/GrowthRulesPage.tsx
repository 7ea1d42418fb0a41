import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Checkbox, Form, Input, InputNumber, Modal, Select, Skeleton, Switch, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../../../console/ConsolePage.tsx';
import { CONSOLE_QUERY_ROOT, consoleGet, consolePost } from '../../../console/console-api.ts';
import { useConsoleSubmit } from '../../../console/useConsoleSubmit.tsx';
import { toast } from '../../../platform/notify.ts';
import './i18n.ts';

const g = 'console.growth';
const RULES = [CONSOLE_QUERY_ROOT, 'growth', 'rules'];

interface RuleRow {
  badge_id: number;
  title: string;
  kind: string | null;
  threshold: number | null;
  enabled: number | null;
}
interface LevelRow {
  id: number;
  level: number;
  level_txt: string;
  min_growth?: number | null;
}
interface RightRow {
  id: number;
  level: number;
  title: string;
  description: string;
  needs_apply: number;
  sort: number;
}
interface LeaveRules {
  quotas: Record<string, number>;
  auto_approve: number;
  max_days: number;
}

function useRulesData() {
  return useQuery({
    queryKey: RULES,
    queryFn: async () => {
      const [rules, levels, rights, leave] = await Promise.all([
        consoleGet<{ list: RuleRow[]; kinds: string[] }>('/api/admin/growth/badge-rules'),
        consoleGet<{ list: LevelRow[] }>('/api/admin/rewards/levels', { page_size: 100 }),
        consoleGet<{ list: RightRow[] }>('/api/admin/growth/rights'),
        consoleGet<LeaveRules>('/api/admin/growth/leave-rules'),
      ]);
      return { rules, levels, rights, leave };
    },
  });
}

/** /admin/growth-rules: how badges are earned, the growth value of each level, level rights and leave rules. */
export default function GrowthRulesPage() {
  const { t } = useTranslation();
  const data = useRulesData();
  const [rule, setRule] = useState<RuleRow | null>(null);
  const [level, setLevel] = useState<LevelRow | null>(null);
  const [right, setRight] = useState<RightRow | 'new' | null>(null);
  if (!data.data) return <Skeleton active />;
  const { rules, levels, rights, leave } = data.data;
  return (
    <ConsolePage title={t(`${g}.rules.title`)}>
      <Card title={t(`${g}.badgeRules`)}>
        <Table<RuleRow>
          rowKey="badge_id"
          pagination={false}
          dataSource={rules.list}
          columns={[
            { title: t(`${g}.badge`), dataIndex: 'title' },
            {
              title: t(`${g}.kind`),
              dataIndex: 'kind',
              render: (k: string | null, r) =>
                k ? `${t(`${g}.kinds.${k}`)} ≥ ${r.threshold}${r.enabled ? '' : ' (off)'}` : t(`${g}.noRule`),
            },
            {
              title: t(`${g}.actions`),
              key: 'a',
              render: (_, r) => (
                <Button size="small" onClick={() => setRule(r)}>
                  {t(`${g}.edit`)}
                </Button>
              ),
            },
          ]}
        />
      </Card>
      <Card title={t(`${g}.thresholds`)} style={{ marginTop: 16 }}>
        <Table<LevelRow>
          rowKey="id"
          pagination={false}
          dataSource={levels.list}
          columns={[
            { title: t(`${g}.level`), dataIndex: 'level', render: (n: number, r) => `Lv${n} ${r.level_txt}` },
            {
              title: t(`${g}.minGrowth`),
              dataIndex: 'min_growth',
              render: (v?: number | null) => v ?? t(`${g}.noRule`),
            },
            {
              title: t(`${g}.actions`),
              key: 'a',
              render: (_, r) => (
                <Button size="small" onClick={() => setLevel(r)}>
                  {t(`${g}.edit`)}
                </Button>
              ),
            },
          ]}
        />
      </Card>
      <Card
        title={t(`${g}.rights`)}
        style={{ marginTop: 16 }}
        extra={<Button onClick={() => setRight('new')}>{t(`${g}.newRight`)}</Button>}
      >
        <Table<RightRow>
          rowKey="id"
          pagination={false}
          dataSource={rights.list}
          columns={[
            { title: t(`${g}.level`), dataIndex: 'level', render: (n: number) => `Lv${n}` },
            { title: t(`${g}.title`), dataIndex: 'title' },
            { title: t(`${g}.description`), dataIndex: 'description' },
            { title: t(`${g}.needsApply`), dataIndex: 'needs_apply', render: (v: number) => (v ? '✓' : '') },
            {
              title: t(`${g}.actions`),
              key: 'a',
              render: (_, r) => (
                <Button size="small" onClick={() => setRight(r)}>
                  {t(`${g}.edit`)}
                </Button>
              ),
            },
          ]}
        />
      </Card>
      <LeaveRulesCard rules={leave} />
      {rule && <RuleDialog row={rule} kinds={rules.kinds} onClose={() => setRule(null)} />}
      {level && <ThresholdDialog row={level} onClose={() => setLevel(null)} />}
      {right && <RightDialog row={right === 'new' ? null : right} onClose={() => setRight(null)} />}
    </ConsolePage>
  );
}

function useSaved(onClose: () => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return async () => {
    toast.success(t(`${g}.saved`));
    await queryClient.invalidateQueries({ queryKey: RULES });
    onClose();
  };
}

function RuleDialog({ row, kinds, onClose }: { row: RuleRow; kinds: string[]; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ kind: string; threshold: number; enabled: boolean }>();
  const { submit, pending, failureAlert } = useConsoleSubmit(form);
  const saved = useSaved(onClose);
  return (
    <Modal open title={row.title} confirmLoading={pending} onOk={() => form.submit()} onCancel={onClose}>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ kind: row.kind ?? 'chapters', threshold: row.threshold ?? 1, enabled: row.enabled !== 0 }}
        onFinish={(v) =>
          void submit(() =>
            consolePost('/api/admin/growth/badge-rules', { ...v, badge_id: row.badge_id }, { silent: true }),
          ).then(async (ok) => {
            if (ok) await saved();
          })
        }
      >
        <Form.Item name="kind" label={t(`${g}.kind`)}>
          <Select options={kinds.map((k) => ({ value: k, label: t(`${g}.kinds.${k}`) }))} />
        </Form.Item>
        <Form.Item name="threshold" label={t(`${g}.threshold`)} rules={[{ required: true }]}>
          <InputNumber min={1} />
        </Form.Item>
        <Form.Item name="enabled" label={t(`${g}.enabled`)} valuePropName="checked">
          <Switch />
        </Form.Item>
        {failureAlert}
      </Form>
    </Modal>
  );
}

function ThresholdDialog({ row, onClose }: { row: LevelRow; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ min_growth: number | null }>();
  const { submit, pending, failureAlert } = useConsoleSubmit(form);
  const saved = useSaved(onClose);
  return (
    <Modal
      open
      title={`Lv${row.level} ${row.level_txt}`}
      confirmLoading={pending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ min_growth: row.min_growth ?? null }}
        onFinish={(v) =>
          void submit(() =>
            consolePost(
              `/api/admin/growth/levels/${row.id}/threshold`,
              { min_growth: v.min_growth ?? null },
              { silent: true },
            ),
          ).then(async (ok) => {
            if (ok) await saved();
          })
        }
      >
        <Form.Item name="min_growth" label={t(`${g}.minGrowth`)}>
          <InputNumber min={0} />
        </Form.Item>
        {failureAlert}
      </Form>
    </Modal>
  );
}

function RightDialog({ row, onClose }: { row: RightRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ level: number; title: string; description: string; needs_apply: boolean }>();
  const { submit, pending, failureAlert } = useConsoleSubmit(form);
  const saved = useSaved(onClose);
  return (
    <Modal
      open
      title={row?.title ?? t(`${g}.newRight`)}
      confirmLoading={pending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={row ? { ...row, needs_apply: row.needs_apply === 1 } : { level: 1, needs_apply: false }}
        onFinish={(v) =>
          void submit(() =>
            consolePost(row ? `/api/admin/growth/rights/${row.id}` : '/api/admin/growth/rights', v, { silent: true }),
          ).then(async (ok) => {
            if (ok) await saved();
          })
        }
      >
        <Form.Item name="level" label={t(`${g}.level`)} rules={[{ required: true }]}>
          <InputNumber min={0} max={99} />
        </Form.Item>
        <Form.Item name="title" label={t(`${g}.title`)} rules={[{ required: true, whitespace: true }]}>
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="description" label={t(`${g}.description`)}>
          <Input.TextArea maxLength={500} />
        </Form.Item>
        <Form.Item name="needs_apply" valuePropName="checked">
          <Checkbox>{t(`${g}.needsApply`)}</Checkbox>
        </Form.Item>
        {failureAlert}
      </Form>
    </Modal>
  );
}

function LeaveRulesCard({ rules }: { rules: LeaveRules }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ quotas: string; auto_approve: boolean; max_days: number }>();
  const { submit, pending, failureAlert } = useConsoleSubmit(form);
  const saved = useSaved(() => {});
  const initial = {
    quotas: Object.entries(rules.quotas)
      .map(([k, v]) => `${k}:${v}`)
      .join('\n'),
    auto_approve: rules.auto_approve === 1,
    max_days: rules.max_days,
  };
  return (
    <Card title={t(`${g}.leaveRules`)} style={{ marginTop: 16 }}>
      <Form
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={(v) => {
          const quotas = Object.fromEntries(
            v.quotas
              .split('\n')
              .map((l) => l.trim())
              .filter(Boolean)
              .map((l) => l.split(':').map((x) => x.trim()))
              .map(([k, n]) => [k, Number(n)]),
          );
          void submit(() =>
            consolePost(
              '/api/admin/growth/leave-rules',
              { quotas, auto_approve: v.auto_approve, max_days: v.max_days },
              { silent: true },
            ),
          ).then(async (ok) => {
            if (ok) await saved();
          });
        }}
      >
        <Form.Item
          name="quotas"
          label={t(`${g}.quotas`)}
          rules={[{ pattern: /^(\s*(\d{1,2}|default)\s*:\s*\d{1,2}\s*\n?)+$/, message: t(`${g}.badQuotas`) }]}
        >
          <Input.TextArea rows={3} />
        </Form.Item>
        <Form.Item name="auto_approve" label={t(`${g}.autoApprove`)} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="max_days" label={t(`${g}.maxDays`)}>
          <InputNumber min={1} max={31} />
        </Form.Item>
        {failureAlert}
        <Button type="primary" htmlType="submit" loading={pending}>
          {t(`${g}.save`)}
        </Button>
      </Form>
    </Card>
  );
}
