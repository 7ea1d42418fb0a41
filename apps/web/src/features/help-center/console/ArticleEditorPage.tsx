import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Collapse,
  Form,
  Input,
  InputNumber,
  Result,
  Row,
  Select,
  Skeleton,
  Space,
  Switch,
  Tooltip,
  Typography,
} from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { LinkButton } from '../../../components/LinkButton.tsx';
import { useUnsavedGuard } from '../../../components/useUnsavedGuard.tsx';
import { ConsolePage, useConsoleLeaveTexts } from '../../../console/ConsolePage.tsx';
import { CONSOLE_QUERY_ROOT, consoleGet, consolePost } from '../../../console/console-api.ts';
import { ApiError } from '../../../platform/api-error.ts';
import { errorMessage } from '../../../platform/api-reactions.ts';
import { toast } from '../../../platform/notify.ts';
import { ArticleBody } from '../ArticleBody.tsx';
import '../help-center.css';
import { type ArticleAction, ArticleActionDialog } from './ArticleActions.tsx';
import { ARTICLES_PATH, StateTag } from './ArticlesPage.tsx';
import { HELP_API, type HelpArticleDetail, useHelpCategories } from './help-console-api.ts';
import { BODY_MAX, MarkdownEditor } from './MarkdownEditor.tsx';
import './i18n.ts';

interface FormValues {
  category_id?: number;
  title: string;
  keywords: string;
  asked: string;
  popular: boolean;
  sort: number;
  body: string;
}

const FIELDS = ['category_id', 'title', 'keywords', 'asked', 'popular', 'sort', 'body'] as const;
/** help_articles.asked at most (the server's ASKED_MAX_CHARS). */
const ASKED_MAX = 20_000;

/** The ways of asking, a question a line, without blank lines or spaces at the ends. */
const askedLines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** /admin/help/articles/new and /admin/help/articles/:id — write an article and see it as authors will. */
export default function ArticleEditorPage() {
  const { t } = useTranslation();
  const { id: idParam } = useParams();
  const id = idParam && /^\d+$/.test(idParam) ? Number(idParam) : null;
  const isNew = idParam === undefined;
  const article = useQuery({
    queryKey: [CONSOLE_QUERY_ROOT, HELP_API.article, id],
    queryFn: ({ signal }) => consoleGet<HelpArticleDetail>(HELP_API.article, { id }, { signal, silent: true }),
    enabled: id !== null,
    retry: false,
    // Read again only after this page's own save or publish (never under the admin's typing): the form
    // then starts again from the version on the server.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
  const title = isNew ? t('console.help.editor.newTitle') : t('console.help.editor.editTitle', { id: idParam });
  const back = (
    <LinkButton icon={<ArrowLeftOutlined />} to={ARTICLES_PATH}>
      {t('console.help.editor.back')}
    </LinkButton>
  );

  if (!isNew && (id === null || (article.isError && (article.error as ApiError)?.status === 404))) {
    return (
      <ConsolePage title={title}>
        <Result status="404" title={t('console.help.editor.notFound')} extra={back} />
      </ConsolePage>
    );
  }
  if (!isNew && article.isError) {
    return (
      <ConsolePage title={title} extra={back}>
        <Alert
          type="error"
          showIcon
          title={t('console.help.editor.loadFailed')}
          description={errorMessage(article.error)}
          action={<Button onClick={() => void article.refetch()}>{t('console.retry')}</Button>}
        />
      </ConsolePage>
    );
  }
  if (!isNew && !article.data) {
    return (
      <ConsolePage title={title} extra={back}>
        <Skeleton active paragraph={{ rows: 12 }} />
      </ConsolePage>
    );
  }
  return (
    <ArticleForm
      key={article.data ? `${article.data.id}:${article.data.updated_at}` : 'new'}
      title={title}
      back={back}
      article={article.data ?? null}
    />
  );
}

function ArticleForm(props: { title: string; back: ReactNode; article: HelpArticleDetail | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const categories = useHelpCategories();
  const [form] = Form.useForm<FormValues>();
  const a = props.article;
  const { dirty, setDirty, dialog: leaveDialog } = useUnsavedGuard(useConsoleLeaveTexts());
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [action, setAction] = useState<ArticleAction | null>(null);
  const watchedTitle = Form.useWatch('title', form) ?? '';
  const watchedBody = Form.useWatch('body', form) ?? '';

  const fromAddress = Number(search.get('category_id'));
  const initialValues: FormValues = a
    ? {
        category_id: a.category_id ?? undefined,
        title: a.title,
        keywords: a.keywords,
        asked: a.asked,
        popular: a.popular === 1,
        sort: a.sort,
        body: a.body,
      }
    : {
        category_id: Number.isInteger(fromAddress) && fromAddress > 0 ? fromAddress : undefined,
        title: search.get('title') ?? '',
        keywords: '',
        asked: '',
        popular: false,
        sort: 0,
        body: '',
      };

  const save = async (values: FormValues) => {
    setPending(true);
    setFailure(null);
    const body = {
      // The version this page edits: someone else's save in between is refused, not overwritten.
      ...(a ? { id: a.id, updated_at: a.updated_at } : { status: 0 }),
      category_id: values.category_id,
      title: values.title.trim(),
      body: values.body.trim(),
      keywords: values.keywords.trim(),
      asked: askedLines(values.asked).join('\n'),
      popular: values.popular ? 1 : 0,
      sort: values.sort ?? 0,
    };
    try {
      const saved = await consolePost<{ id: number; ids: string; updated_at: number }>(HELP_API.articleSave, body, {
        silent: true,
      });
      setDirty(false);
      await queryClient.invalidateQueries({ queryKey: [CONSOLE_QUERY_ROOT, HELP_API.articles] });
      await queryClient.invalidateQueries({ queryKey: [CONSOLE_QUERY_ROOT, HELP_API.categories] });
      if (a) {
        toast.success(t('console.help.editor.saved'));
        await queryClient.invalidateQueries({ queryKey: [CONSOLE_QUERY_ROOT, HELP_API.article, a.id] });
      } else {
        toast.success(t('console.help.editor.created'));
        navigate(`${ARTICLES_PATH}/${saved.id}`, { replace: true });
      }
    } catch (e) {
      // A refusal naming a field is shown at that field; anything else above the buttons.
      if (e instanceof ApiError && e.field && (FIELDS as readonly string[]).includes(e.field)) {
        form.setFields([{ name: e.field as (typeof FIELDS)[number], errors: [e.title] }]);
      } else {
        setFailure(errorMessage(e));
      }
    } finally {
      setPending(false);
    }
  };

  const categoryMissing = a !== null && a.category_id === null;

  return (
    <ConsolePage title={props.title} extra={props.back}>
      {a && (
        <Card size="small" style={{ marginBottom: 16 }}>
          <Space wrap size="middle">
            <span>
              {t('console.help.editor.state')}: <StateTag status={a.status} />
            </span>
            <Typography.Text type="secondary">
              {a.status === 1 ? t('console.help.editor.publishedHint') : t('console.help.editor.draftHint')}
            </Typography.Text>
            <Tooltip title={dirty ? t('console.help.editor.saveFirst') : undefined}>
              <Button
                type={a.status === 1 ? 'default' : 'primary'}
                danger={a.status === 1}
                disabled={dirty}
                onClick={() => setAction({ kind: a.status === 1 ? 'unpublish' : 'publish', article: a })}
              >
                {a.status === 1 ? t('console.help.articles.unpublish') : t('console.help.articles.publish')}
              </Button>
            </Tooltip>
            <Typography.Text type="secondary">
              {t('console.help.editor.stats', { pv: a.pv, yes: a.solved_yes, no: a.solved_no })}
            </Typography.Text>
          </Space>
        </Card>
      )}
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onValuesChange={() => setDirty(true)}
        onFinish={(values) => void save(values)}
        disabled={pending}
      >
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              name="category_id"
              label={t('console.help.editor.category')}
              rules={[{ required: true, message: t('console.help.editor.categoryRequired') }]}
              validateStatus={categoryMissing ? 'error' : undefined}
            >
              <Select
                loading={categories.isPending}
                options={(categories.data?.list ?? []).map((c) => ({ value: c.id, label: c.name }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item
              name="title"
              label={t('console.help.editor.title')}
              rules={[
                { required: true, whitespace: true, message: t('console.help.editor.titleLength') },
                {
                  validator: (_, v?: string) =>
                    v && (v.trim().length < 2 || v.trim().length > 100)
                      ? Promise.reject(new Error(t('console.help.editor.titleLength')))
                      : Promise.resolve(),
                },
              ]}
            >
              <Input maxLength={100} showCount placeholder={t('console.help.editor.titlePlaceholder')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="keywords"
              label={t('console.help.editor.keywords')}
              extra={t('console.help.editor.keywordsHelp')}
              rules={[{ max: 500, message: t('console.help.editor.keywordsLength') }]}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              name="popular"
              label={t('console.help.editor.popular')}
              extra={t('console.help.editor.popularHelp')}
              valuePropName="checked"
            >
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="sort" label={t('console.help.editor.sort')} extra={t('console.help.editor.sortHelp')}>
              <InputNumber min={0} max={100_000} precision={0} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="asked"
          label={t('console.help.editor.asked')}
          extra={t('console.help.editor.askedHelp')}
          rules={[{ max: ASKED_MAX, message: t('console.help.editor.askedLength') }]}
        >
          <Input.TextArea
            autoSize={{ minRows: 3, maxRows: 10 }}
            placeholder={t('console.help.editor.askedPlaceholder')}
            showCount={{
              formatter: ({ value }) => t('console.help.editor.askedCount', { count: askedLines(value).length }),
            }}
          />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} lg={12}>
            <Form.Item
              name="body"
              label={t('console.help.editor.body')}
              rules={[
                { required: true, whitespace: true, message: t('console.help.editor.bodyRequired') },
                { max: BODY_MAX, message: t('console.help.editor.bodyLength') },
              ]}
            >
              <MarkdownEditor />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <div className="ac-console-help-preview" aria-label={t('console.help.editor.preview')}>
              <Typography.Text strong style={{ display: 'block', marginBottom: 8 }}>
                {t('console.help.editor.preview')}
              </Typography.Text>
              <div style={{ background: '#f5f6f8', padding: 16, borderRadius: 8 }}>
                {/* The authors' own article frame and renderer (HelpQuestionDetailPage), so it looks exactly the same. */}
                <article className="ac-help-card ac-help__main ac-help-article">
                  <h1>{watchedTitle.trim() || '—'}</h1>
                  {watchedBody.trim() ? (
                    <ArticleBody body={watchedBody} />
                  ) : (
                    <Typography.Text type="secondary">{t('console.help.editor.previewEmpty')}</Typography.Text>
                  )}
                </article>
              </div>
            </div>
          </Col>
        </Row>
        {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
        <Space>
          <Button type="primary" htmlType="submit" loading={pending} disabled={!dirty && a !== null}>
            {a ? t('console.help.editor.save') : t('console.help.editor.saveDraft')}
          </Button>
          {props.back}
        </Space>
      </Form>
      {a && a.passages.length > 0 && (
        <Collapse
          style={{ marginTop: 24 }}
          items={[
            {
              key: 'passages',
              label: t('console.help.editor.passages'),
              children: (
                <>
                  <Typography.Paragraph type="secondary">{t('console.help.editor.passagesHelp')}</Typography.Paragraph>
                  <ol>
                    {a.passages.map((p, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: passages of one saved version never reorder.
                      <li key={i} style={{ whiteSpace: 'pre-wrap', marginBottom: 8 }}>
                        {p}
                      </li>
                    ))}
                  </ol>
                </>
              ),
            },
          ]}
        />
      )}
      <ArticleActionDialog action={action} onClose={() => setAction(null)} />
      {leaveDialog}
    </ConsolePage>
  );
}
