import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, Select, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../../../console/ConsolePage.tsx';
import { type ConsoleColumn, ConsoleTable } from '../../../console/ConsoleTable.tsx';
import { CONSOLE_QUERY_ROOT, consoleGet, consolePost } from '../../../console/console-api.ts';
import { ReasonModal } from '../../../console/ReasonModal.tsx';
import { useStaff } from '../../../console/staff-context.ts';
import { beijingInstant, beijingPickerValue, formatBeijing } from '../../../platform/beijing-time.ts';
import { toast } from '../../../platform/notify.ts';
import { RichTextEditor } from './RichTextEditor.tsx';
import './i18n.ts';
import './public-console.css';

type Kind = 'privacy' | 'user' | 'publish';

interface Row {
  id: number;
  kind: Kind;
  version: number;
  title: string;
  effective_at: number;
  created_at: number;
  accepted: number;
  in_force: boolean;
}

interface Values {
  kind: Kind;
  title: string;
  content_html: string;
  effective_at: Dayjs;
}

const LIST = '/api/admin/agreements';

/** /admin/agreements: every version of the brand's agreements; admins publish a new one. */
export default function AgreementsPage() {
  const { t } = useTranslation();
  const k = (key: string, o: Record<string, unknown> = {}) => t(`console.publicPages.${key}`, o);
  const staff = useStaff();
  const queryClient = useQueryClient();
  const [publishing, setPublishing] = useState(false);
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form) ?? 'user';

  const columns: ConsoleColumn<Row>[] = [
    {
      title: k('fields.kind'),
      dataIndex: 'kind',
      render: (v: Kind) => k(`agreementKinds.${v}`),
      csv: (r) => k(`agreementKinds.${r.kind}`),
    },
    { title: k('agreementFields.version'), dataIndex: 'version', sortKey: 'version' },
    {
      title: k('fields.title'),
      dataIndex: 'title',
      render: (title: string, r) => (
        <>
          {title} {r.in_force && <Tag color="green">{k('agreementFields.inForce')}</Tag>}
        </>
      ),
    },
    {
      title: k('agreementFields.effectiveAt'),
      dataIndex: 'effective_at',
      sortKey: 'effective_at',
      render: (v: number) => formatBeijing(v),
      csv: (r) => formatBeijing(r.effective_at),
    },
    { title: k('agreementFields.accepted'), dataIndex: 'accepted' },
  ];

  const loadCurrent = async () => {
    const current = await consoleGet<{ list: Row[] }>(LIST, {
      kind,
      page: 1,
      page_size: 1,
      sort: 'version',
      order: 'descend',
    });
    const newest = current.list[0];
    if (!newest) return;
    const detail = await consoleGet<{ title: string; content_html: string }>(`${LIST}/detail`, { id: newest.id });
    form.setFieldsValue({ title: detail.title, content_html: detail.content_html });
  };

  return (
    <ConsolePage
      title={k('agreements')}
      extra={
        staff.role === 'admin' && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setPublishing(true)}>
            {k('publishVersion')}
          </Button>
        )
      }
    >
      <ConsoleTable<Row>
        path={LIST}
        rowKey={(r) => r.id}
        columns={columns}
        exportName="agreements"
        filters={[
          {
            key: 'kind',
            label: k('fields.kind'),
            type: 'select',
            options: (['privacy', 'user', 'publish'] as const).map((v) => ({
              value: v,
              label: k(`agreementKinds.${v}`),
            })),
          },
        ]}
      />
      <ReasonModal
        open={publishing}
        title={k('publishTitle', { kind: k(`agreementKinds.${kind}`) })}
        description={k('publishDesc')}
        okText={k('publishVersion')}
        onClose={() => {
          setPublishing(false);
          form.resetFields();
        }}
        onSubmit={async (reason) => {
          const v = await form.validateFields();
          await consolePost(
            `${LIST}/publish`,
            {
              kind: v.kind,
              title: v.title,
              content_html: v.content_html ?? '',
              effective_at: beijingInstant(v.effective_at),
              reason,
            },
            { silent: true },
          );
          toast.success(k('saved'));
          await queryClient.invalidateQueries({ queryKey: [CONSOLE_QUERY_ROOT, LIST] });
        }}
      >
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={{ kind: 'user', content_html: '', effective_at: beijingPickerValue(Date.now()) }}
        >
          <Form.Item name="kind" label={k('fields.kind')}>
            <Select
              options={(['privacy', 'user', 'publish'] as const).map((v) => ({
                value: v,
                label: k(`agreementKinds.${v}`),
              }))}
            />
          </Form.Item>
          <Button size="small" onClick={() => void loadCurrent()} style={{ marginBottom: 12 }}>
            {k('publishLoadCurrent')}
          </Button>
          <Form.Item name="title" label={k('fields.title')} rules={[{ required: true, whitespace: true }]}>
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item name="content_html" label={k('fields.content')} rules={[{ required: true }]}>
            <RichTextEditor label={k('fields.content')} />
          </Form.Item>
          <Form.Item name="effective_at" label={k('agreementFields.effectiveAt')} rules={[{ required: true }]}>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
          </Form.Item>
        </Form>
      </ReasonModal>
    </ConsolePage>
  );
}
