import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Col, Form, Input, InputNumber, Modal, Row, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ImageWithFallback } from '../../../components/ImageWithFallback.tsx';
import { ConsolePage } from '../../../console/ConsolePage.tsx';
import { type ConsoleColumn, ConsoleTable } from '../../../console/ConsoleTable.tsx';
import { CONSOLE_QUERY_ROOT, consolePost } from '../../../console/console-api.ts';
import { useConsoleSubmit } from '../../../console/useConsoleSubmit.tsx';
import { toast } from '../../../platform/notify.ts';
import { ImageField } from './ImageField.tsx';
import { BadgeEnvelopePreview } from './Previews.tsx';
import { BADGES_PATH, type Badge, firstImage } from './rewards-api.ts';
import './i18n.ts';

interface FormValues {
  title: string;
  image: string;
  advance_text: string;
  desc: string;
  tips: string;
  talk_content: string;
  talk_author: string;
  growth_value: number;
  sort: number;
}

const r = 'console.rewards';

/** /admin/badges: the brand's badge catalogue, with how many authors hold each. */
export default function BadgesPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Badge | 'new' | null>(null);

  const columns: ConsoleColumn<Badge>[] = [
    {
      title: t(`${r}.badge.image`),
      key: 'image',
      width: 72,
      csv: (row) => (firstImage(row.image).startsWith('data:') ? '' : firstImage(row.image)),
      render: (_: unknown, row) => (
        <ImageWithFallback src={firstImage(row.image)} alt="" width={40} height={40} style={{ objectFit: 'contain' }} />
      ),
    },
    { title: t(`${r}.badge.title`), dataIndex: 'title', sortKey: 'title' },
    { title: t(`${r}.badge.advanceText`), dataIndex: 'advance_text' },
    { title: t(`${r}.badge.growth`), dataIndex: 'growth_value' },
    {
      title: t(`${r}.badge.awardCount`),
      dataIndex: 'award_count',
      sortKey: 'award_count',
      render: (n: number, row) => <Link to={`/admin/rewards?aw_badge_id=${row.id}`}>{n}</Link>,
    },
    { title: t(`${r}.badge.sort`), dataIndex: 'sort', sortKey: 'sort' },
    {
      title: '',
      key: 'actions',
      csv: false,
      render: (_: unknown, row) => (
        <Button size="small" onClick={() => setEditing(row)}>
          {t(`${r}.edit`)}
        </Button>
      ),
    },
  ];

  return (
    <ConsolePage title={t(`${r}.badges.title`)}>
      <ConsoleTable<Badge>
        path={BADGES_PATH}
        rowKey={(row) => row.id}
        columns={columns}
        exportName="badges"
        filters={[{ key: 'keyword', label: t(`${r}.badge.title`), type: 'text' }]}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t(`${r}.badges.new`)}
          </Button>
        }
      />
      {editing && (
        <BadgeEditor
          badge={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            toast.success(t(`${r}.saved`));
            void queryClient.invalidateQueries({ queryKey: [CONSOLE_QUERY_ROOT, BADGES_PATH] });
          }}
        />
      )}
    </ConsolePage>
  );
}

const FIELD_OF: Record<string, keyof FormValues & string> = {
  title: 'title',
  image: 'image',
  advance_text: 'advance_text',
  desc: 'desc',
  tips: 'tips',
  'talk.content': 'talk_content',
  'talk.author': 'talk_author',
  growth_value: 'growth_value',
  sort: 'sort',
};

function BadgeEditor(props: { badge: Badge | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const { submit, modalProps, failureAlert } = useConsoleSubmit(form, FIELD_OF);
  const b = props.badge;
  const initial: FormValues = b
    ? {
        title: b.title,
        image: firstImage(b.image),
        advance_text: b.advance_text,
        desc: b.desc,
        tips: b.tips,
        talk_content: b.talk.content,
        talk_author: b.talk.author,
        growth_value: b.growth_value,
        sort: b.sort,
      }
    : {
        title: '',
        image: '',
        advance_text: '',
        desc: '',
        tips: '',
        talk_content: '',
        talk_author: '',
        growth_value: 0,
        sort: 0,
      };
  const v = Form.useWatch((all: Partial<FormValues>) => all, form) ?? initial;

  const save = async (values: FormValues) => {
    // An animated badge keeps its other frames when only its texts are edited.
    const image = b && Array.isArray(b.image) && values.image === b.image[0] ? b.image : values.image.trim();
    const body = {
      title: values.title.trim(),
      image,
      advance_text: values.advance_text?.trim() ?? '',
      desc: values.desc?.trim() ?? '',
      tips: values.tips?.trim() ?? '',
      talk: { content: values.talk_content?.trim() ?? '', author: values.talk_author?.trim() ?? '' },
      growth_value: values.growth_value ?? 0,
      sort: values.sort ?? 0,
    };
    if (await submit(() => consolePost(b ? `${BADGES_PATH}/${b.id}` : BADGES_PATH, body, { silent: true }))) {
      props.onSaved();
    }
  };

  return (
    <Modal
      open
      width={960}
      title={b ? t(`${r}.badges.edit`, { title: b.title }) : t(`${r}.badges.new`)}
      okText={t(`${r}.save`)}
      cancelText={t(`${r}.cancel`)}
      {...modalProps(props.onClose)}
      onOk={() => form.submit()}
    >
      <Row gutter={24}>
        <Col xs={24} md={14}>
          <Form<FormValues> form={form} layout="vertical" initialValues={initial} onFinish={(x) => void save(x)}>
            <Form.Item
              name="title"
              label={t(`${r}.badge.title`)}
              rules={[{ required: true, whitespace: true, message: t(`${r}.badge.titleRequired`) }]}
            >
              <Input maxLength={30} showCount />
            </Form.Item>
            <Form.Item
              name="image"
              label={t(`${r}.badge.image`)}
              rules={[{ required: true, whitespace: true, message: t(`${r}.badge.imageRequired`) }]}
            >
              <ImageField kind="badge" />
            </Form.Item>
            <Form.Item name="advance_text" label={t(`${r}.badge.advanceText`)} extra={t(`${r}.badge.advanceHelp`)}>
              <Input maxLength={100} showCount />
            </Form.Item>
            <Form.Item name="desc" label={t(`${r}.badge.desc`)}>
              <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
            </Form.Item>
            <Form.Item name="tips" label={t(`${r}.badge.tips`)} extra={t(`${r}.badge.tipsHelp`)}>
              <Input maxLength={200} showCount />
            </Form.Item>
            <Space.Compact block>
              <Form.Item name="talk_content" label={t(`${r}.talk.content`)} style={{ flex: 2 }}>
                <Input maxLength={500} />
              </Form.Item>
              <Form.Item name="talk_author" label={t(`${r}.talk.author`)} style={{ flex: 1 }}>
                <Input maxLength={50} />
              </Form.Item>
            </Space.Compact>
            <Space size="large">
              <Form.Item name="growth_value" label={t(`${r}.badge.growth`)} extra={t(`${r}.badge.growthHelp`)}>
                <InputNumber min={0} max={100_000} precision={0} />
              </Form.Item>
              <Form.Item name="sort" label={t(`${r}.badge.sort`)} extra={t(`${r}.badge.sortHelp`)}>
                <InputNumber min={-100_000} max={100_000} precision={0} />
              </Form.Item>
            </Space>
          </Form>
          {b && b.award_count > 0 && (
            <Alert type="info" showIcon title={t(`${r}.badges.heldBy`, { count: b.award_count })} />
          )}
          {failureAlert}
        </Col>
        <Col xs={24} md={10}>
          <div style={{ marginBottom: 8, color: '#999' }}>{t(`${r}.badges.preview`)}</div>
          <BadgeEnvelopePreview
            title={v.title ?? ''}
            image={v.image ?? ''}
            advance_text={v.advance_text ?? ''}
            desc={v.desc ?? ''}
            tips={v.tips ?? ''}
            talk={{ content: v.talk_content ?? '', author: v.talk_author ?? '' }}
            growth_value={v.growth_value ?? 0}
          />
        </Col>
      </Row>
    </Modal>
  );
}
