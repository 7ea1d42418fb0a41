import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, AutoComplete, Button, Form, Input, InputNumber, Modal, Select, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../../../console/ConsolePage.tsx';
import { ConsoleTable } from '../../../console/ConsoleTable.tsx';
import { CONSOLE_QUERY_ROOT, consoleGet, consolePost } from '../../../console/console-api.ts';
import { useConsoleSubmit } from '../../../console/useConsoleSubmit.tsx';
import { toast } from '../../../platform/notify.ts';
import './i18n.ts';

export const FONTS_PATH = '/api/admin/cover/fonts';

export interface AdminFont {
  font_id: number;
  name: string;
  family: string;
  weight: number;
  licence: string;
  licence_url: string;
  enabled: boolean;
  sort: number;
  installed: boolean;
}

interface FormValues {
  name: string;
  family: string;
  weight: 400 | 700;
  licence: string;
  licence_url: string;
  enabled: boolean;
  sort: number;
  reason: string;
}

const c = 'console.creative';
const FIELD_OF: Record<string, keyof FormValues & string> = {
  name: 'name',
  family: 'family',
  weight: 'weight',
  licence: 'licence',
  licence_url: 'licence_url',
  sort: 'sort',
  reason: 'reason',
};

/** /admin/cover-fonts: the fonts authors may use on covers, each with its licence. */
export default function CoverFontsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<AdminFont | 'new' | null>(null);
  return (
    <ConsolePage
      title={t(`${c}.fonts.title`)}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {t(`${c}.fonts.new`)}
        </Button>
      }
    >
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t(`${c}.fonts.help`)} />
      <ConsoleTable<AdminFont>
        path={FONTS_PATH}
        rowKey={(row) => row.font_id}
        exportName="cover-fonts"
        columns={[
          { title: t(`${c}.name`), dataIndex: 'name', sortKey: 'name' },
          { title: t(`${c}.family`), dataIndex: 'family' },
          { title: t(`${c}.weight`), dataIndex: 'weight', render: (w: number) => t(`${c}.weights.${w}`) },
          {
            title: t(`${c}.licence`),
            dataIndex: 'licence',
            render: (l: string, row) => (
              <a href={row.licence_url} target="_blank" rel="noreferrer">
                {l}
              </a>
            ),
          },
          {
            title: t(`${c}.installed`),
            dataIndex: 'installed',
            render: (ok: boolean) =>
              ok ? <Tag color="green">{t(`${c}.installed`)}</Tag> : <Tag color="red">{t(`${c}.notInstalled`)}</Tag>,
          },
          {
            title: t(`${c}.enabled`),
            dataIndex: 'enabled',
            render: (on: boolean) => (on ? t(`${c}.on`) : t(`${c}.off`)),
          },
          { title: t(`${c}.sort`), dataIndex: 'sort', sortKey: 'sort' },
          {
            title: '',
            key: 'actions',
            csv: false,
            render: (_: unknown, row) => (
              <Button size="small" onClick={() => setEditing(row)}>
                {t(`${c}.edit`)}
              </Button>
            ),
          },
        ]}
      />
      {editing && (
        <FontEditor
          font={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            toast.success(t(`${c}.saved`));
            void queryClient.invalidateQueries({ queryKey: [CONSOLE_QUERY_ROOT, FONTS_PATH] });
          }}
        />
      )}
    </ConsolePage>
  );
}

function FontEditor(props: { font: AdminFont | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const { submit, modalProps, failureAlert } = useConsoleSubmit(form, FIELD_OF);
  const f = props.font;
  // The CJK families installed on the server: a font can only be one of them.
  const families = useQuery({
    queryKey: [CONSOLE_QUERY_ROOT, '/api/admin/cover/installed-families'],
    queryFn: () => consoleGet<{ list: string[] }>('/api/admin/cover/installed-families'),
  });
  const initial: FormValues = f
    ? {
        name: f.name,
        family: f.family,
        weight: f.weight as 400 | 700,
        licence: f.licence,
        licence_url: f.licence_url,
        enabled: f.enabled,
        sort: f.sort,
        reason: '',
      }
    : {
        name: '',
        family: '',
        weight: 400,
        licence: 'SIL Open Font License 1.1',
        licence_url: 'https://openfontlicense.org',
        enabled: true,
        sort: 100,
        reason: '',
      };
  const save = async (values: FormValues) => {
    const body = { ...values, ...(f ? { id: f.font_id } : {}) };
    if (await submit(() => consolePost(f ? `${FONTS_PATH}/update` : FONTS_PATH, body, { silent: true })))
      props.onSaved();
  };
  return (
    <Modal
      open
      title={f ? t(`${c}.fonts.edit`) : t(`${c}.fonts.new`)}
      okText={t(`${c}.save`)}
      cancelText={t(`${c}.cancel`)}
      {...modalProps(props.onClose)}
      onOk={() => form.submit()}
    >
      <Form<FormValues> form={form} layout="vertical" initialValues={initial} onFinish={(x) => void save(x)}>
        <Form.Item
          name="name"
          label={t(`${c}.name`)}
          rules={[{ required: true, whitespace: true, message: t(`${c}.nameRequired`) }]}
        >
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="family" label={t(`${c}.family`)} rules={[{ required: true, whitespace: true }]}>
          <AutoComplete
            maxLength={100}
            placeholder="Noto Serif CJK SC"
            options={(families.data?.list ?? []).map((name) => ({ value: name }))}
            filterOption={(input, option) =>
              String(option?.value ?? '')
                .toLowerCase()
                .includes(input.toLowerCase())
            }
          />
        </Form.Item>
        <Form.Item name="weight" label={t(`${c}.weight`)}>
          <Select options={[400, 700].map((w) => ({ value: w, label: t(`${c}.weights.${w}`) }))} />
        </Form.Item>
        <Form.Item name="licence" label={t(`${c}.licence`)} rules={[{ required: true, whitespace: true }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="licence_url"
          label={t(`${c}.licenceUrl`)}
          rules={[{ required: true, pattern: /^https:\/\/\S+$/ }]}
        >
          <Input maxLength={300} />
        </Form.Item>
        <Form.Item name="enabled" label={t(`${c}.enabled`)} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="sort" label={t(`${c}.sort`)}>
          <InputNumber min={0} max={10000} precision={0} />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t(`${c}.reason`)}
          rules={[{ required: true, whitespace: true, message: t(`${c}.reasonRequired`) }]}
        >
          <Input.TextArea maxLength={200} rows={2} showCount />
        </Form.Item>
      </Form>
      {failureAlert}
    </Modal>
  );
}
