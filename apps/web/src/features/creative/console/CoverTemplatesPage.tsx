import { PlusOutlined } from '@ant-design/icons';
import {
  COVER_LIMITS,
  COVER_SIZE,
  COVER_SLOT_KEYS,
  type CoverSlotKey,
  type CoverSlots,
  type CoverTemplateView,
} from '@author-centre/shared/cover';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Col, ColorPicker, Form, Input, InputNumber, Modal, Row, Select, Space, Switch, Table } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../../../console/ConsolePage.tsx';
import { ConsoleTable } from '../../../console/ConsoleTable.tsx';
import { CONSOLE_QUERY_ROOT, consoleGet, consolePost, consoleUpload } from '../../../console/console-api.ts';
import { useConsoleSubmit } from '../../../console/useConsoleSubmit.tsx';
import { errorMessage } from '../../../platform/api-reactions.ts';
import { toast } from '../../../platform/notify.ts';
import { CoverPreview } from '../CoverPreview.tsx';
import { type AdminFont, FONTS_PATH } from './CoverFontsPage.tsx';
import './i18n.ts';

const TEMPLATES_PATH = '/api/admin/cover/templates';
type AdminTemplate = CoverTemplateView & { enabled: boolean; sort: number };

interface FormValues {
  name: string;
  background_image: string | null;
  background_color: string;
  background_color2: string;
  slots: CoverSlots;
  enabled: boolean;
  sort: number;
  reason: string;
}

const c = 'console.creative';
const FIELD_OF: Record<string, keyof FormValues & string> = {
  name: 'name',
  background_image: 'background_image',
  background_color: 'background_color',
  background_color2: 'background_color2',
  slots: 'slots',
  reason: 'reason',
};
const SAMPLE = { title: '星河长明', author: '青山', subtitle: '一段关于远方的故事', genre: '玄幻' };
const hex = (v: unknown) => (typeof v === 'string' ? v : (v as { toHexString(): string }).toHexString().slice(0, 7));

function useAllFonts() {
  return useQuery({
    queryKey: [CONSOLE_QUERY_ROOT, FONTS_PATH, 'all'],
    queryFn: () => consoleGet<{ list: AdminFont[] }>(FONTS_PATH, { page_size: 500 }),
  });
}

/** /admin/cover-templates: the brand's cover templates (background, slot layout, colours). */
export default function CoverTemplatesPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const fonts = useAllFonts();
  const [editing, setEditing] = useState<AdminTemplate | 'new' | null>(null);
  const familyOf = (id: number) => {
    const f = fonts.data?.list.find((x) => x.font_id === id);
    return { family: f ? `'${f.family}', serif` : 'serif', weight: f?.weight ?? 400 };
  };
  return (
    <ConsolePage
      title={t(`${c}.templates.title`)}
      extra={
        <Button type="primary" icon={<PlusOutlined />} disabled={!fonts.data} onClick={() => setEditing('new')}>
          {t(`${c}.templates.new`)}
        </Button>
      }
    >
      <ConsoleTable<AdminTemplate>
        path={TEMPLATES_PATH}
        rowKey={(row) => row.tpl_id}
        exportName="cover-templates"
        columns={[
          {
            title: t(`${c}.preview`),
            key: 'preview',
            csv: false,
            render: (_: unknown, row) => (
              <CoverPreview
                id={`admin-${row.tpl_id}`}
                template={row}
                setting={{ background_image: null, texts: SAMPLE, slots: row.slots }}
                familyOf={familyOf}
                ready
                width={60}
              />
            ),
          },
          { title: t(`${c}.name`), dataIndex: 'name', sortKey: 'name' },
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
      {editing && fonts.data && (
        <TemplateEditor
          template={editing === 'new' ? null : editing}
          fonts={fonts.data.list}
          familyOf={familyOf}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            toast.success(t(`${c}.saved`));
            void queryClient.invalidateQueries({ queryKey: [CONSOLE_QUERY_ROOT, TEMPLATES_PATH] });
          }}
        />
      )}
    </ConsolePage>
  );
}

function TemplateEditor(props: {
  template: AdminTemplate | null;
  fonts: AdminFont[];
  familyOf: (id: number) => { family: string; weight: number };
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const { submit, modalProps, failureAlert } = useConsoleSubmit(form, FIELD_OF);
  const [uploading, setUploading] = useState(false);
  const file = useRef<HTMLInputElement>(null);
  const x = props.template;
  const firstFont = props.fonts[0]?.font_id ?? 0;
  const defaultSlot = (y: number, size: number) => ({
    font_id: firstFont,
    size,
    color: '#ffffff',
    x: 300,
    y,
    align: 'middle' as const,
  });
  const initial: FormValues = x
    ? { ...x, reason: '' }
    : {
        name: '',
        background_image: null,
        background_color: '#1d2b53',
        background_color2: '#7e2553',
        slots: {
          genre: defaultSlot(96, 26),
          title: defaultSlot(340, 88),
          subtitle: defaultSlot(430, 30),
          author: defaultSlot(710, 34),
        },
        enabled: true,
        sort: 100,
        reason: '',
      };
  const v = (Form.useWatch((all: Partial<FormValues>) => all, form) ?? initial) as FormValues;
  const live: CoverTemplateView = {
    tpl_id: x?.tpl_id ?? 0,
    name: v.name ?? '',
    background_image: v.background_image ?? null,
    background_color: hex(v.background_color ?? initial.background_color),
    background_color2: hex(v.background_color2 ?? initial.background_color2),
    slots: (v.slots ?? initial.slots) as CoverSlots,
  };

  const uploadBackground = async (f: File) => {
    setUploading(true);
    try {
      const r = await consoleUpload<{ url: string }>('/api/admin/cover/upload-background', f, undefined, {
        silent: true,
      });
      form.setFieldValue('background_image', r.url);
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setUploading(false);
    }
  };

  const save = async (values: FormValues) => {
    const slots = Object.fromEntries(
      COVER_SLOT_KEYS.map((k) => [k, { ...values.slots[k], color: hex(values.slots[k].color) }]),
    ) as CoverSlots;
    const body = {
      ...values,
      background_image: values.background_image ?? null,
      background_color: hex(values.background_color),
      background_color2: hex(values.background_color2),
      slots,
      ...(x ? { id: x.tpl_id } : {}),
    };
    if (await submit(() => consolePost(x ? `${TEMPLATES_PATH}/update` : TEMPLATES_PATH, body, { silent: true })))
      props.onSaved();
  };

  const slotRow = (key: CoverSlotKey) => ({
    key,
    slot: t(`${c}.slot.${key}`),
  });

  return (
    <Modal
      open
      width={1000}
      title={x ? t(`${c}.templates.edit`) : t(`${c}.templates.new`)}
      okText={t(`${c}.save`)}
      cancelText={t(`${c}.cancel`)}
      {...modalProps(props.onClose)}
      onOk={() => form.submit()}
    >
      <Row gutter={24}>
        <Col flex="auto">
          <Form<FormValues> form={form} layout="vertical" initialValues={initial} onFinish={(vals) => void save(vals)}>
            <Space wrap>
              <Form.Item
                name="name"
                label={t(`${c}.name`)}
                rules={[{ required: true, whitespace: true, message: t(`${c}.nameRequired`) }]}
              >
                <Input maxLength={30} />
              </Form.Item>
              <Form.Item name="background_color" label={t(`${c}.color1`)}>
                <ColorPicker disabledAlpha showText />
              </Form.Item>
              <Form.Item name="background_color2" label={t(`${c}.color2`)}>
                <ColorPicker disabledAlpha showText />
              </Form.Item>
              <Form.Item name="enabled" label={t(`${c}.enabled`)} valuePropName="checked">
                <Switch />
              </Form.Item>
              <Form.Item name="sort" label={t(`${c}.sort`)}>
                <InputNumber min={0} max={10000} precision={0} />
              </Form.Item>
            </Space>
            <Form.Item name="background_image" label={t(`${c}.background`)}>
              <Space>
                <input
                  ref={file}
                  type="file"
                  accept="image/jpeg,image/png,image/webp"
                  style={{ display: 'none' }}
                  onChange={(e) => {
                    const f = e.target.files?.[0];
                    if (f) void uploadBackground(f);
                    e.target.value = '';
                  }}
                />
                <Button loading={uploading} onClick={() => file.current?.click()}>
                  {t(`${c}.uploadBackground`)}
                </Button>
                {v.background_image && (
                  <Button onClick={() => form.setFieldValue('background_image', null)}>
                    {t(`${c}.removeBackground`)}
                  </Button>
                )}
              </Space>
            </Form.Item>
            <Table
              size="small"
              pagination={false}
              rowKey="key"
              dataSource={COVER_SLOT_KEYS.map(slotRow)}
              columns={[
                { title: '', dataIndex: 'slot', width: 70 },
                {
                  title: t(`${c}.font`),
                  render: (_: unknown, r) => (
                    <Form.Item name={['slots', r.key, 'font_id']} noStyle>
                      <Select
                        style={{ width: 130 }}
                        options={props.fonts.map((f) => ({ value: f.font_id, label: f.name }))}
                      />
                    </Form.Item>
                  ),
                },
                ...(['size', 'x', 'y'] as const).map((field) => ({
                  title: t(`${c}.${field}`),
                  render: (_: unknown, r: { key: CoverSlotKey }) => (
                    <Form.Item name={['slots', r.key, field]} noStyle>
                      <InputNumber
                        style={{ width: 72 }}
                        min={field === 'size' ? COVER_LIMITS.sizeMin : 0}
                        max={
                          field === 'size' ? COVER_LIMITS.sizeMax : field === 'x' ? COVER_SIZE.width : COVER_SIZE.height
                        }
                        precision={0}
                      />
                    </Form.Item>
                  ),
                })),
                {
                  title: t(`${c}.color`),
                  render: (_: unknown, r) => (
                    <Form.Item name={['slots', r.key, 'color']} noStyle>
                      <ColorPicker disabledAlpha size="small" />
                    </Form.Item>
                  ),
                },
                {
                  title: t(`${c}.align`),
                  render: (_: unknown, r) => (
                    <Form.Item name={['slots', r.key, 'align']} noStyle>
                      <Select
                        style={{ width: 72 }}
                        options={(['start', 'middle', 'end'] as const).map((a) => ({
                          value: a,
                          label: t(`${c}.aligns.${a}`),
                        }))}
                      />
                    </Form.Item>
                  ),
                },
              ]}
            />
            <Form.Item
              name="reason"
              label={t(`${c}.reason`)}
              style={{ marginTop: 16 }}
              rules={[{ required: true, whitespace: true, message: t(`${c}.reasonRequired`) }]}
            >
              <Input.TextArea maxLength={200} rows={2} showCount />
            </Form.Item>
          </Form>
          {failureAlert}
        </Col>
        <Col flex="none">
          <CoverPreview
            id="admin-editing"
            template={live}
            setting={{
              background_image: null,
              texts: SAMPLE,
              slots: Object.fromEntries(
                COVER_SLOT_KEYS.map((k) => [k, { ...live.slots[k], color: hex(live.slots[k]?.color ?? '#ffffff') }]),
              ) as CoverSlots,
            }}
            familyOf={props.familyOf}
            ready
            width={240}
          />
        </Col>
      </Row>
    </Modal>
  );
}
