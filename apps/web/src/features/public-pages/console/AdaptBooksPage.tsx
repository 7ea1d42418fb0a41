import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, Modal, Radio, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../../../console/ConsolePage.tsx';
import { type ConsoleColumn, ConsoleTable } from '../../../console/ConsoleTable.tsx';
import { CONSOLE_QUERY_ROOT, consolePost } from '../../../console/console-api.ts';
import { useConsoleSubmit } from '../../../console/useConsoleSubmit.tsx';
import { formatBeijing } from '../../../platform/beijing-time.ts';
import { toast } from '../../../platform/notify.ts';
import { RichTextEditor } from './RichTextEditor.tsx';
import './i18n.ts';
import './public-console.css';

interface Row {
  id: number;
  title: string;
  author_name: string;
  genre: string;
  cover: string;
  intro: string;
  materials_html: string;
  heat: number;
  state: 'draft' | 'published';
  updated_at: number;
}

const LIST = '/api/admin/adapt-books';

/** /admin/adapt-books: the books offered for screenplay adaptation, their ranking and materials. */
export default function AdaptBooksPage() {
  const { t } = useTranslation();
  const k = (key: string) => t(`console.publicPages.${key}`);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const columns: ConsoleColumn<Row>[] = [
    { title: k('fields.title'), dataIndex: 'title' },
    { title: k('adapt.author'), dataIndex: 'author_name' },
    { title: k('adapt.genre'), dataIndex: 'genre' },
    { title: k('adapt.heat'), dataIndex: 'heat', sortKey: 'heat' },
    {
      title: k('fields.state'),
      dataIndex: 'state',
      render: (s: Row['state']) => <Tag color={s === 'published' ? 'green' : undefined}>{k(`states.${s}`)}</Tag>,
      csv: (r) => r.state,
    },
    {
      title: k('fields.updated'),
      dataIndex: 'updated_at',
      sortKey: 'updated_at',
      render: (v: number) => formatBeijing(v),
      csv: (r) => formatBeijing(r.updated_at),
    },
    {
      title: '',
      key: 'actions',
      csv: false,
      render: (_: unknown, row) => (
        <Button size="small" onClick={() => setEditing(row)}>
          {k('adapt.edit')}
        </Button>
      ),
    },
  ];
  return (
    <ConsolePage
      title={k('adaptBooks')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {k('adapt.new')}
        </Button>
      }
    >
      <ConsoleTable<Row>
        path={LIST}
        rowKey={(r) => r.id}
        columns={columns}
        exportName="adapt-books"
        filters={[
          { key: 'keyword', label: k('fields.title'), type: 'text' },
          {
            key: 'state',
            label: k('fields.state'),
            type: 'select',
            options: (['draft', 'published'] as const).map((s) => ({ value: s, label: k(`states.${s}`) })),
          },
        ]}
      />
      {editing && (
        <AdaptBookForm
          book={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            toast.success(k('saved'));
            void queryClient.invalidateQueries({ queryKey: [CONSOLE_QUERY_ROOT, LIST] });
          }}
        />
      )}
    </ConsolePage>
  );
}

type Values = Omit<Row, 'id' | 'updated_at'> & { reason?: string };

function AdaptBookForm(props: { book: Row | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const k = (key: string, o: Record<string, unknown> = {}) => t(`console.publicPages.${key}`, o);
  const [form] = Form.useForm<Values>();
  const { submit, modalProps, failureAlert } = useConsoleSubmit(form, {
    title: 'title',
    author_name: 'author_name',
    genre: 'genre',
    cover: 'cover',
    heat: 'heat',
  });
  const save = async (values: Values) => {
    const body = { ...(props.book ? { id: props.book.id } : {}), ...values };
    if (await submit(() => consolePost(`${LIST}/save`, body, { silent: true }))) props.onSaved();
  };
  const required = (field: string) => [{ required: true, whitespace: true, message: k('required', { field }) }];
  return (
    <Modal
      open
      width={760}
      title={props.book ? props.book.title : k('adapt.new')}
      okText={k('save')}
      {...modalProps(props.onClose)}
      onOk={() => form.submit()}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={(v) => void save(v)}
        initialValues={props.book ?? { state: 'draft', heat: 0, materials_html: '' }}
      >
        <Form.Item name="title" label={k('fields.title')} rules={required(k('fields.title'))}>
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item name="author_name" label={k('adapt.author')} rules={required(k('adapt.author'))}>
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="genre" label={k('adapt.genre')} rules={required(k('adapt.genre'))}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="cover" label={k('fields.cover')}>
          <Input maxLength={500} placeholder="https://" />
        </Form.Item>
        <Form.Item name="intro" label={k('adapt.intro')}>
          <Input.TextArea maxLength={1000} autoSize={{ minRows: 2 }} />
        </Form.Item>
        <Form.Item name="materials_html" label={k('adapt.materials')}>
          <RichTextEditor label={k('adapt.materials')} />
        </Form.Item>
        <Form.Item name="heat" label={k('adapt.heat')}>
          <InputNumber min={0} max={1_000_000_000} />
        </Form.Item>
        <Form.Item name="state" label={k('fields.state')}>
          <Radio.Group
            options={(['draft', 'published'] as const).map((v) => ({ value: v, label: k(`states.${v}`) }))}
          />
        </Form.Item>
        <Form.Item name="reason" label={k('fields.reason')}>
          <Input maxLength={200} />
        </Form.Item>
      </Form>
      {failureAlert}
    </Modal>
  );
}
