import { BOOK_CATEGORIES, BOOK_KINDS, type BookKind } from '@author-centre/shared/works';
import { DatePicker, Form, Input, InputNumber, Radio, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { currentLocale } from '../../../i18n/index.ts';
import { beijingInstant, beijingPickerValue } from '../../../platform/beijing-time.ts';
import {
  type Published,
  PublishedEditorPage,
  PublishingFields,
  type PublishingValues,
  usePublicPagesText,
  usePublishedSave,
} from './PublishedEditor.tsx';
import { RichTextEditor } from './RichTextEditor.tsx';
import './public-console.css';

interface Activity extends Published {
  title: string;
  summary: string;
  cover: string;
  content_html: string;
  rules_html: string;
  starts_at: number;
  ends_at: number;
  book_kind: '' | BookKind;
  min_words: number;
  categories: string[];
}

interface Values extends PublishingValues {
  title: string;
  summary?: string;
  cover?: string;
  period: [Dayjs, Dayjs];
  book_kind: '' | BookKind;
  min_words?: number;
  categories?: string[];
  content_html: string;
  rules_html?: string;
}

/** /admin/activities/new and /admin/activities/:id: an activity's page, dates, who may enter, publishing. */
export default function ActivityEditorPage() {
  const k = usePublicPagesText();
  return (
    <PublishedEditorPage<Activity>
      detail="/api/admin/activities/detail"
      title={k('activity')}
      newTitle={k('newActivity')}
    >
      {(activity) => <ActivityForm activity={activity} />}
    </PublishedEditorPage>
  );
}

function ActivityForm({ activity }: { activity: Activity | null }) {
  const k = usePublicPagesText();
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('book_kind', form) ?? '';
  const { save, pending, failureAlert } = usePublishedSave(form, {
    kind: 'activities',
    item: activity,
    fieldOf: {
      title: 'title',
      cover: 'cover',
      content_html: 'content_html',
      rules_html: 'rules_html',
      starts_at: 'period',
      ends_at: 'period',
    },
    body: (values) => ({
      title: values.title,
      summary: values.summary ?? '',
      cover: values.cover ?? '',
      content_html: values.content_html ?? '',
      rules_html: values.rules_html ?? '',
      starts_at: beijingInstant(values.period[0]),
      ends_at: beijingInstant(values.period[1]),
      book_kind: values.book_kind,
      min_words: values.min_words ?? 0,
      categories: values.categories ?? [],
    }),
  });
  const categoryOptions = (kind ? [kind] : BOOK_KINDS).flatMap((bk) =>
    BOOK_CATEGORIES[bk].map((c) => ({ value: c.value, label: c.label[currentLocale()] })),
  );
  const required = (field: string) => [{ required: true, whitespace: true, message: k('required', { field }) }];

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      style={{ maxWidth: 880 }}
      onFinish={(v) => void save(v)}
      initialValues={
        activity
          ? {
              ...activity,
              period: [beijingPickerValue(activity.starts_at), beijingPickerValue(activity.ends_at)],
              publish_at: beijingPickerValue(activity.publish_at),
            }
          : {
              state: 'draft',
              book_kind: '',
              min_words: 0,
              categories: [],
              content_html: '',
              rules_html: '',
              publish_at: beijingPickerValue(Date.now()),
            }
      }
    >
      <Form.Item name="title" label={k('fields.title')} rules={required(k('fields.title'))}>
        <Input maxLength={60} showCount />
      </Form.Item>
      <Form.Item name="summary" label={k('fields.summary')}>
        <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2 }} />
      </Form.Item>
      <Form.Item name="cover" label={k('fields.cover')}>
        <Input maxLength={500} placeholder="https://" />
      </Form.Item>
      <Form.Item
        name="period"
        label={k('fields.period')}
        rules={[
          { required: true, message: k('required', { field: k('fields.period') }) },
          {
            validator: (_, v?: [Dayjs, Dayjs]) =>
              v && !v[1].isAfter(v[0]) ? Promise.reject(new Error(k('endsBeforeStart'))) : Promise.resolve(),
          },
        ]}
      >
        <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
      </Form.Item>
      <Form.Item name="book_kind" label={k('fields.bookKind')}>
        <Radio.Group
          onChange={() => form.setFieldValue('categories', [])}
          options={(['', ...BOOK_KINDS] as const).map((v) => ({ value: v, label: k(`bookKinds.${v}`) }))}
        />
      </Form.Item>
      <Form.Item name="categories" label={k('fields.categories')}>
        <Select mode="multiple" allowClear placeholder={k('anyCategory')} options={categoryOptions} />
      </Form.Item>
      <Form.Item name="min_words" label={k('fields.minWords')}>
        <InputNumber min={0} max={10_000_000} step={1000} />
      </Form.Item>
      <Form.Item name="content_html" label={k('fields.content')} rules={required(k('fields.content'))}>
        <RichTextEditor label={k('fields.content')} />
      </Form.Item>
      <Form.Item name="rules_html" label={k('fields.rules')}>
        <RichTextEditor label={k('fields.rules')} />
      </Form.Item>
      <PublishingFields pending={pending} failureAlert={failureAlert} />
    </Form>
  );
}
