import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Col, Form, Input, InputNumber, Modal, Row, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageWithFallback } from '../../../components/ImageWithFallback.tsx';
import { ConsolePage } from '../../../console/ConsolePage.tsx';
import { ConsoleTable } from '../../../console/ConsoleTable.tsx';
import { CONSOLE_QUERY_ROOT, consolePost } from '../../../console/console-api.ts';
import { useConsoleSubmit } from '../../../console/useConsoleSubmit.tsx';
import { toast } from '../../../platform/notify.ts';
import { ImageField } from './ImageField.tsx';
import { LevelPopPreview } from './Previews.tsx';
import { useLevels } from './queries.ts';
import { LEVELS_PATH, type Level } from './rewards-api.ts';
import './i18n.ts';

interface FormValues {
  level: number;
  level_txt: string;
  surpass_txt: string;
  talk_content: string;
  talk_author: string;
  bg_image_link: string;
  jump_url: string;
}

const r = 'console.rewards';

/** /admin/levels: the brand's author levels and the texts of their upgrade pop-up. */
export default function LevelsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const levels = useLevels();
  const [editing, setEditing] = useState<Level | 'new' | null>(null);
  const list = levels.data?.list ?? [];

  return (
    <ConsolePage
      title={t(`${r}.levels.title`)}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {t(`${r}.levels.new`)}
        </Button>
      }
    >
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t(`${r}.levels.help`)} />
      <ConsoleTable<Level>
        path={LEVELS_PATH}
        rowKey={(row) => row.id}
        exportName="levels"
        columns={[
          {
            title: t(`${r}.level.level`),
            dataIndex: 'level',
            sortKey: 'level',
            width: 80,
            render: (n: number) => `Lv${n}`,
          },
          { title: t(`${r}.level.levelTxt`), dataIndex: 'level_txt' },
          { title: t(`${r}.level.surpassTxt`), dataIndex: 'surpass_txt' },
          {
            title: t(`${r}.talk.content`),
            key: 'talk',
            render: (_: unknown, row) => (row.talk.content ? `${row.talk.content} —— ${row.talk.author}` : ''),
            csv: (row) => row.talk.content,
          },
          {
            title: t(`${r}.level.bg`),
            dataIndex: 'bg_image_link',
            render: (src: string) =>
              src ? <ImageWithFallback src={src} alt="" width={64} height={36} style={{ objectFit: 'cover' }} /> : '—',
          },
          { title: t(`${r}.level.jumpUrl`), dataIndex: 'jump_url' },
          { title: t(`${r}.level.authors`), dataIndex: 'authors' },
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
        ]}
      />
      {editing && (
        <LevelEditor
          level={editing === 'new' ? null : editing}
          nextLevel={list.reduce((max, l) => Math.max(max, l.level), 0) + 1}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            toast.success(t(`${r}.saved`));
            void queryClient.invalidateQueries({ queryKey: [CONSOLE_QUERY_ROOT, LEVELS_PATH] });
          }}
        />
      )}
    </ConsolePage>
  );
}

const FIELD_OF: Record<string, keyof FormValues & string> = {
  level: 'level',
  level_txt: 'level_txt',
  surpass_txt: 'surpass_txt',
  'talk.content': 'talk_content',
  'talk.author': 'talk_author',
  bg_image_link: 'bg_image_link',
  jump_url: 'jump_url',
};

function LevelEditor(props: { level: Level | null; nextLevel: number; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const { submit, modalProps, failureAlert } = useConsoleSubmit(form, FIELD_OF);
  const l = props.level;
  const initial: FormValues = l
    ? {
        level: l.level,
        level_txt: l.level_txt,
        surpass_txt: l.surpass_txt,
        talk_content: l.talk.content,
        talk_author: l.talk.author,
        bg_image_link: l.bg_image_link,
        jump_url: l.jump_url,
      }
    : {
        level: Math.min(99, props.nextLevel),
        level_txt: '',
        surpass_txt: '',
        talk_content: '',
        talk_author: '',
        bg_image_link: '',
        jump_url: '/front/author-level',
      };
  const v = Form.useWatch((all: Partial<FormValues>) => all, form) ?? initial;

  const save = async (values: FormValues) => {
    const body = {
      ...(l ? {} : { level: values.level }),
      level_txt: values.level_txt.trim(),
      surpass_txt: values.surpass_txt?.trim() ?? '',
      talk: { content: values.talk_content?.trim() ?? '', author: values.talk_author?.trim() ?? '' },
      bg_image_link: values.bg_image_link?.trim() ?? '',
      jump_url: values.jump_url?.trim() ?? '',
    };
    if (await submit(() => consolePost(l ? `${LEVELS_PATH}/${l.id}` : LEVELS_PATH, body, { silent: true }))) {
      props.onSaved();
    }
  };

  return (
    <Modal
      open
      width={900}
      title={l ? t(`${r}.levels.edit`, { level: l.level }) : t(`${r}.levels.new`)}
      okText={t(`${r}.save`)}
      cancelText={t(`${r}.cancel`)}
      {...modalProps(props.onClose)}
      onOk={() => form.submit()}
    >
      <Row gutter={24}>
        <Col xs={24} md={13}>
          <Form<FormValues> form={form} layout="vertical" initialValues={initial} onFinish={(x) => void save(x)}>
            <Form.Item
              name="level"
              label={t(`${r}.level.level`)}
              extra={l ? t(`${r}.level.levelFixed`) : undefined}
              rules={[{ required: true, message: t(`${r}.level.levelRequired`) }]}
            >
              <InputNumber min={1} max={99} precision={0} prefix="Lv" disabled={l !== null} />
            </Form.Item>
            <Form.Item
              name="level_txt"
              label={t(`${r}.level.levelTxt`)}
              rules={[{ required: true, whitespace: true, message: t(`${r}.level.levelTxtRequired`) }]}
            >
              <Input maxLength={30} showCount placeholder="Lv4 潜力作者" />
            </Form.Item>
            <Form.Item name="surpass_txt" label={t(`${r}.level.surpassTxt`)}>
              <Input maxLength={100} showCount placeholder="超越了本站86%的作者" />
            </Form.Item>
            <Space.Compact block>
              <Form.Item name="talk_content" label={t(`${r}.talk.content`)} style={{ flex: 2 }}>
                <Input maxLength={500} />
              </Form.Item>
              <Form.Item name="talk_author" label={t(`${r}.talk.author`)} style={{ flex: 1 }}>
                <Input maxLength={50} />
              </Form.Item>
            </Space.Compact>
            <Form.Item name="bg_image_link" label={t(`${r}.level.bg`)}>
              <ImageField kind="level-bg" />
            </Form.Item>
            <Form.Item
              name="jump_url"
              label={t(`${r}.level.jumpUrl`)}
              extra={t(`${r}.level.jumpHelp`)}
              rules={[{ pattern: /^(\/(?!\/)|https:\/\/)/, message: t(`${r}.level.jumpInvalid`) }]}
            >
              <Input maxLength={500} />
            </Form.Item>
          </Form>
          {l && l.authors > 0 && <Alert type="info" showIcon title={t(`${r}.levels.heldBy`, { count: l.authors })} />}
          {failureAlert}
        </Col>
        <Col xs={24} md={11}>
          <div style={{ marginBottom: 8, color: '#999' }}>{t(`${r}.levels.preview`)}</div>
          <LevelPopPreview
            level={v.level ?? 1}
            level_txt={v.level_txt ?? ''}
            surpass_txt={v.surpass_txt ?? ''}
            talk={{ content: v.talk_content ?? '', author: v.talk_author ?? '' }}
            bg_image_link={v.bg_image_link ?? ''}
            jump_url={v.jump_url ?? ''}
          />
        </Col>
      </Row>
    </Modal>
  );
}
