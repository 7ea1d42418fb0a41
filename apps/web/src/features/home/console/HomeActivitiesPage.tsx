import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, InputNumber, Modal, Space, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../../../console/ConsolePage.tsx';
import { type ConsoleColumn, ConsoleTable } from '../../../console/ConsoleTable.tsx';
import { CONSOLE_QUERY_ROOT, consolePost } from '../../../console/console-api.ts';
import { ReasonModal } from '../../../console/ReasonModal.tsx';
import { useConsoleSubmit } from '../../../console/useConsoleSubmit.tsx';
import { beijingInstant, beijingPickerValue, formatBeijing } from '../../../platform/beijing-time.ts';
import { toast } from '../../../platform/notify.ts';
import './i18n.ts';

interface Activity {
  id: number;
  title: string;
  summary: string;
  cover: string;
  url: string;
  starts_at: number;
  ends_at: number;
  sort: number;
  created_at: number;
  state: 'upcoming' | 'running' | 'ended';
}

interface FormValues {
  title: string;
  summary?: string;
  cover?: string;
  url: string;
  period: [Dayjs, Dayjs];
  sort?: number;
}

const LIST_PATH = '/api/admin/home-activities';
const time = (ms: number) => formatBeijing(ms);
const STATE_COLOR = { upcoming: 'blue', running: 'green', ended: 'default' } as const;

/** /admin/home-activities: the activity cards of the authors' home page. */
export default function HomeActivitiesPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Activity | 'new' | null>(null);
  const [ending, setEnding] = useState<Activity | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: [CONSOLE_QUERY_ROOT, LIST_PATH] });

  const columns: ConsoleColumn<Activity>[] = [
    { title: t('console.activities.fields.title'), dataIndex: 'title' },
    {
      title: t('console.activities.fields.state'),
      dataIndex: 'state',
      render: (state: Activity['state']) => (
        <Tag color={STATE_COLOR[state]}>{t(`console.activities.states.${state}`)}</Tag>
      ),
      csv: (row) => t(`console.activities.states.${row.state}`),
    },
    {
      title: t('console.activities.fields.period'),
      key: 'period',
      sortKey: 'starts_at',
      render: (_: unknown, row) => `${time(row.starts_at)} ~ ${time(row.ends_at)}`,
      csv: (row) => `${time(row.starts_at)} ~ ${time(row.ends_at)}`,
    },
    { title: t('console.activities.fields.url'), dataIndex: 'url' },
    { title: t('console.activities.fields.sort'), dataIndex: 'sort', sortKey: 'sort' },
    {
      title: t('console.activities.fields.created'),
      dataIndex: 'created_at',
      sortKey: 'created_at',
      render: time,
      csv: (row) => time(row.created_at),
    },
    {
      title: '',
      key: 'actions',
      csv: false,
      render: (_: unknown, row) => (
        <Space>
          <Button size="small" onClick={() => setEditing(row)}>
            {t('console.activities.edit')}
          </Button>
          {row.state !== 'ended' && (
            <Button size="small" danger onClick={() => setEnding(row)}>
              {t('console.activities.end')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <ConsolePage title={t('console.activities.title')}>
      <ConsoleTable<Activity>
        path={LIST_PATH}
        rowKey={(row) => row.id}
        columns={columns}
        exportName="home-activities"
        filters={[
          { key: 'keyword', label: t('console.activities.fields.title'), type: 'text' },
          {
            key: 'state',
            label: t('console.activities.fields.state'),
            type: 'select',
            options: (['upcoming', 'running', 'ended'] as const).map((s) => ({
              value: s,
              label: t(`console.activities.states.${s}`),
            })),
          },
        ]}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('console.activities.new')}
          </Button>
        }
      />
      {editing && (
        <ActivityForm
          activity={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            toast.success(t('console.activities.saved'));
            void refresh();
          }}
        />
      )}
      <ReasonModal
        open={ending !== null}
        danger
        title={t('console.activities.endTitle', { title: ending?.title ?? '' })}
        description={t('console.activities.endDesc')}
        okText={t('console.activities.end')}
        onClose={() => setEnding(null)}
        onSubmit={async (reason) => {
          await consolePost(`${LIST_PATH}/end`, { id: ending?.id, reason }, { silent: true });
          toast.success(t('console.activities.ended'));
          void refresh();
        }}
      />
    </ConsolePage>
  );
}

function ActivityForm(props: { activity: Activity | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const { submit, modalProps, failureAlert } = useConsoleSubmit(form);
  const a = props.activity;

  const save = async (values: FormValues) => {
    const body = {
      ...(a ? { id: a.id } : {}),
      title: values.title,
      summary: values.summary ?? '',
      cover: values.cover ?? '',
      url: values.url,
      starts_at: beijingInstant(values.period[0]),
      ends_at: beijingInstant(values.period[1]),
      sort: values.sort ?? 0,
    };
    if (await submit(() => consolePost(a ? `${LIST_PATH}/update` : LIST_PATH, body, { silent: true }))) {
      props.onSaved();
    }
  };

  return (
    <Modal
      open
      width={640}
      title={a ? t('console.activities.edit') : t('console.activities.new')}
      okText={t('console.activities.save')}
      cancelText={t('console.activities.cancel')}
      {...modalProps(props.onClose)}
      onOk={() => form.submit()}
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        onFinish={(values) => void save(values)}
        initialValues={
          a
            ? { ...a, period: [beijingPickerValue(a.starts_at), beijingPickerValue(a.ends_at)] }
            : { sort: 0, url: '/front/activity/list' }
        }
      >
        <Form.Item
          name="title"
          label={t('console.activities.fields.title')}
          rules={[{ required: true, whitespace: true, message: t('console.activities.titleRequired') }]}
        >
          <Input maxLength={40} showCount />
        </Form.Item>
        <Form.Item name="summary" label={t('console.activities.fields.summary')}>
          <Input.TextArea maxLength={120} showCount autoSize={{ minRows: 2 }} />
        </Form.Item>
        <Form.Item name="cover" label={t('console.activities.fields.cover')}>
          <Input maxLength={500} />
        </Form.Item>
        <Form.Item
          name="url"
          label={t('console.activities.fields.url')}
          extra={t('console.activities.urlHelp')}
          rules={[{ required: true, pattern: /^(\/(?!\/)|https:\/\/)/, message: t('console.activities.urlInvalid') }]}
        >
          <Input maxLength={500} />
        </Form.Item>
        <Form.Item
          name="period"
          label={t('console.activities.fields.period')}
          rules={[
            { required: true, message: t('console.activities.periodRequired') },
            {
              validator: (_, value?: [Dayjs, Dayjs]) =>
                value && !value[1].isAfter(value[0])
                  ? Promise.reject(new Error(t('console.activities.endsBeforeStart')))
                  : Promise.resolve(),
            },
          ]}
        >
          <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
        </Form.Item>
        <Form.Item name="sort" label={t('console.activities.fields.sort')}>
          <InputNumber min={-9999} max={9999} />
        </Form.Item>
      </Form>
      {failureAlert}
    </Modal>
  );
}
