import { Form, Input, Radio } from 'antd';
import { beijingPickerValue } from '../../../platform/beijing-time.ts';
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

interface Article extends Published {
  kind: 'announcement' | 'signing_policy';
  title: string;
  summary: string;
  content_html: string;
}

interface Values extends PublishingValues {
  kind: Article['kind'];
  title: string;
  summary?: string;
  content_html: string;
}

/** /admin/articles/new and /admin/articles/:id: write, schedule and publish an article. */
export default function ArticleEditorPage() {
  const k = usePublicPagesText();
  return (
    <PublishedEditorPage<Article> detail="/api/admin/articles/detail" title={k('article')} newTitle={k('newArticle')}>
      {(article) => <ArticleForm article={article} />}
    </PublishedEditorPage>
  );
}

function ArticleForm({ article }: { article: Article | null }) {
  const k = usePublicPagesText();
  const [form] = Form.useForm<Values>();
  const { save, pending, failureAlert } = usePublishedSave(form, {
    kind: 'articles',
    item: article,
    fieldOf: { title: 'title', summary: 'summary', content_html: 'content_html' },
    body: (values) => ({
      kind: values.kind,
      title: values.title,
      summary: values.summary ?? '',
      content_html: values.content_html ?? '',
    }),
  });
  const required = (field: string) => [{ required: true, whitespace: true, message: k('required', { field }) }];

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      style={{ maxWidth: 880 }}
      onFinish={(v) => void save(v)}
      initialValues={
        article
          ? { ...article, publish_at: beijingPickerValue(article.publish_at) }
          : { kind: 'announcement', state: 'draft', content_html: '', publish_at: beijingPickerValue(Date.now()) }
      }
    >
      <Form.Item name="kind" label={k('fields.kind')}>
        <Radio.Group
          options={(['announcement', 'signing_policy'] as const).map((v) => ({ value: v, label: k(`kinds.${v}`) }))}
        />
      </Form.Item>
      <Form.Item name="title" label={k('fields.title')} rules={required(k('fields.title'))}>
        <Input maxLength={80} showCount />
      </Form.Item>
      <Form.Item name="summary" label={k('fields.summary')}>
        <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2 }} />
      </Form.Item>
      <Form.Item name="content_html" label={k('fields.content')} rules={required(k('fields.content'))}>
        <RichTextEditor label={k('fields.content')} />
      </Form.Item>
      <PublishingFields pending={pending} failureAlert={failureAlert} />
    </Form>
  );
}
