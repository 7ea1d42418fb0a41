import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { INPUT_DEBOUNCE_MS } from '@author-centre/shared/constants';
import { formatCount } from '@author-centre/shared/format';
import { isAllowedText, TEXT_PATTERN_MESSAGE } from '@author-centre/shared/validation-rules';
import { type BookKind, WORKS_LIMITS } from '@author-centre/shared/works';
import { Alert, Button, Form, Input, Radio, Result, Select, Space, Spin, Tooltip } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ImageWithFallback } from '../../components/ImageWithFallback.tsx';
import { useUnsavedGuard } from '../../components/useUnsavedGuard.tsx';
import { currentLocale } from '../../i18n/index.ts';
import { apiGet, apiPost, apiUpload } from '../../platform/api.ts';
import { fieldErrors, isApiError } from '../../platform/api-error.ts';
import { toast } from '../../platform/notify.ts';
import { WORKS_NS } from './i18n.ts';
import { type Book, idParam, MANAGE_PATH, useBook, useCategories, useInvalidateWorks } from './works-api.ts';
import './works.css';

interface FormValues {
  title: string;
  category: string;
  tags: string[];
  intro: string;
  finished: boolean;
}

const LIST_PAGE: Record<BookKind, string> = {
  novel: '/front/book-manage/list',
  short: '/front/book-manage/short',
  screenplay: '/front/book-manage/screenplay',
};

/**
 * The information pages (book-manage/information, short/information, screenplay/information):
 * creating a work or editing it, the title checked for uniqueness as it is typed, a cover
 * re-encoded by the server, and deleting behind a confirmation (refused with the server's reason).
 */
export function BookInfo({ kind }: { kind: BookKind }) {
  const { t } = useTranslation(WORKS_NS);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const invalidate = useInvalidateWorks();
  const bookId = idParam(params, 'book_id');
  const book = useBook(bookId || null);
  const categories = useCategories(kind);
  const [form] = Form.useForm<FormValues>();
  const [cover, setCover] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  /** Why the last cover was refused, said under the cover (a toast is gone before it is read). */
  const [coverError, setCoverError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [titleState, setTitleState] = useState<'free' | 'taken' | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  /** A book with text is deleted only once its title is typed: one wrong click must not take a manuscript. */
  const [typedTitle, setTypedTitle] = useState('');
  const titleTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const fileInput = useRef<HTMLInputElement | null>(null);
  /** Unsaved edits: kept when the book is fetched again, and asked about before leaving. */
  const {
    isDirty,
    setDirty,
    dialog: leaveDialog,
  } = useUnsavedGuard({
    title: t('info.leaveTitle'),
    text: t('info.leaveTxt'),
    leave: t('info.leave'),
    stay: t('info.stay'),
  });

  useEffect(() => {
    // A refetch (the window regained focus, a chapter saved elsewhere) must not undo what the author is typing.
    if (!book.data || isDirty()) return;
    form.setFieldsValue({
      title: book.data.title,
      category: book.data.category,
      tags: book.data.tags,
      intro: book.data.intro,
      finished: book.data.finished,
    });
    setCover(book.data.cover);
  }, [book.data, form, isDirty]);

  const checkTitle = (title: string) => {
    if (titleTimer.current) clearTimeout(titleTimer.current);
    setTitleState(null);
    if (!title.trim() || !isAllowedText(title.trim())) return;
    titleTimer.current = setTimeout(async () => {
      try {
        const r = await apiGet<{ available: boolean }>(
          '/api/pc/v1/book/check-book-title',
          { title: title.trim(), book_id: bookId || undefined },
          { silent: true },
        );
        setTitleState(r.available ? 'free' : 'taken');
      } catch {
        setTitleState(null);
      }
    }, INPUT_DEBOUNCE_MS);
  };

  const uploadCover = async (file: File) => {
    setCoverError(null);
    // Refused before sending: a 30 MB photo need not travel to be told it is too large.
    if (file.size > WORKS_LIMITS.coverMaxBytes) {
      setCoverError(t('info.coverTooLarge', { size: (file.size / 1024 / 1024).toFixed(1) }));
      return;
    }
    if (file.type && !file.type.startsWith('image/')) {
      setCoverError(t('info.coverNotImage', { name: file.name }));
      return;
    }
    setUploading(true);
    try {
      const r = await apiUpload<{ url: string }>('/api/pc/v1/book/upload-cover', file, undefined, { silent: true });
      setCover(r.url);
      setDirty(true);
      // On an existing book the new cover is part of the form: it is kept by 保存, like the other fields.
      toast.success(bookId ? t('info.coverUploadedSave') : t('info.coverUploaded'));
    } catch (e) {
      setCoverError(isApiError(e) && e.title ? e.title : t('info.coverFailed'));
    } finally {
      setUploading(false);
    }
  };

  const submit = async (values: FormValues) => {
    setSaving(true);
    try {
      const saved = await apiPost<Book>('/api/pc/v1/book/save-book-info', {
        ...(bookId ? { book_id: bookId } : {}),
        kind,
        title: values.title.trim(),
        category: values.category,
        tags: values.tags ?? [],
        intro: values.intro,
        cover,
        finished: values.finished ?? false,
      });
      setDirty(false);
      void invalidate();
      if (bookId) {
        toast.success(t('info.saved'));
      } else {
        toast.success(t('info.created'));
        navigate(
          kind === 'short'
            ? `/front/book-upload/short?book_id=${saved.book_id}`
            : `${MANAGE_PATH[kind]}?book_id=${saved.book_id}`,
        );
      }
    } catch (e) {
      const errors = fieldErrors(e);
      // The server's word on the title (taken a moment ago) replaces the earlier '可以使用'.
      if (errors.some((f) => f.name === 'title')) setTitleState(null);
      form.setFields(errors as never);
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    await apiPost('/api/pc/v1/book/del-book', { book_id: bookId });
    setDirty(false);
    toast.success(t('info.deleted'));
    void invalidate();
    navigate(LIST_PAGE[kind]);
  };

  if (bookId && book.isError) {
    return (
      <Result
        status="404"
        title={t('info.notFound')}
        extra={
          <Link to={LIST_PAGE[kind]}>
            <Button>{t('info.backToList')}</Button>
          </Link>
        }
      />
    );
  }
  if (bookId && !book.data) {
    return (
      <div className="ac-works-center">
        <Spin />
      </div>
    );
  }
  const locale = currentLocale();
  return (
    <div className="ac-works-page">
      <div className="ac-works-page__head">
        <h1>{bookId ? t(`info.editTitle.${kind}`) : t(`info.createTitle.${kind}`)}</h1>
        {book.data && (
          <Space>
            <span>
              {t('info.totalWords')} {formatCount(book.data.total_words)}
            </span>
            <span>
              {t('info.publishedWords')} {formatCount(book.data.published_words)}
            </span>
          </Space>
        )}
      </div>
      <Form<FormValues>
        form={form}
        layout="horizontal"
        labelCol={{ span: 4 }}
        wrapperCol={{ span: 14 }}
        onFinish={(v) => void submit(v)}
        onValuesChange={() => setDirty(true)}
        initialValues={{ tags: [], finished: false }}
      >
        <Form.Item
          label={t('info.title')}
          name="title"
          validateStatus={titleState === 'taken' ? 'error' : undefined}
          help={titleState === 'taken' ? t('info.titleTaken') : titleState === 'free' ? t('info.titleFree') : undefined}
          rules={[
            { required: true, message: t('info.required', { field: t('info.title') }) },
            { max: WORKS_LIMITS.titleMax },
            {
              validator: (_, v: string) =>
                !v || isAllowedText(v.trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error(TEXT_PATTERN_MESSAGE[locale])),
            },
          ]}
        >
          <Input
            placeholder={t('info.titlePlaceholder')}
            maxLength={WORKS_LIMITS.titleMax}
            onChange={(e) => checkTitle(e.target.value)}
          />
        </Form.Item>
        <Form.Item
          label={t('info.category')}
          name="category"
          rules={[{ required: true, message: t('info.categoryPlaceholder') }]}
        >
          <Select
            placeholder={t('info.categoryPlaceholder')}
            options={categories.data}
            loading={categories.isLoading}
          />
        </Form.Item>
        <Form.Item
          label={t('info.tags')}
          name="tags"
          rules={[
            {
              validator: (_, v: string[] = []) => {
                if (v.length > WORKS_LIMITS.tagsMax) return Promise.reject(new Error(t('info.tagsPlaceholder')));
                // Said with the tag at fault: a too-long tag is not a tag with a forbidden character.
                const long = v.find((tag) => [...tag.trim()].length > WORKS_LIMITS.tagMax);
                if (long)
                  return Promise.reject(new Error(t('info.tagTooLong', { tag: long, max: WORKS_LIMITS.tagMax })));
                const bad = v.find((tag) => !isAllowedText(tag.trim()));
                if (bad)
                  return Promise.reject(
                    new Error(t('info.tagBadChars', { tag: bad, rule: TEXT_PATTERN_MESSAGE[locale] })),
                  );
                return Promise.resolve();
              },
            },
          ]}
        >
          <Select
            mode="tags"
            placeholder={t('info.tagsPlaceholder')}
            maxCount={WORKS_LIMITS.tagsMax}
            open={false}
            suffixIcon={null}
          />
        </Form.Item>
        <Form.Item
          label={t('info.intro')}
          name="intro"
          rules={[
            { required: true, message: t('info.required', { field: t('info.intro') }) },
            { min: WORKS_LIMITS.introMin, max: WORKS_LIMITS.introMax, message: t('info.introPlaceholder') },
          ]}
        >
          <Input.TextArea
            placeholder={t('info.introPlaceholder')}
            autoSize={{ minRows: 4, maxRows: 10 }}
            showCount
            maxLength={WORKS_LIMITS.introMax}
          />
        </Form.Item>
        <Form.Item
          label={t('info.cover')}
          extra={t('info.coverHint')}
          validateStatus={coverError ? 'error' : undefined}
          help={coverError ?? undefined}
        >
          <input
            ref={fileInput}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            // Ant Design's form styles give input[type=file] display: block, which beats the hidden attribute.
            style={{ display: 'none' }}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void uploadCover(file);
              e.target.value = '';
            }}
          />
          <Space align="start">
            {cover && <ImageWithFallback src={cover} alt={t('info.cover')} className="ac-book-card__cover" />}
            <Button icon={<UploadOutlined />} loading={uploading} onClick={() => fileInput.current?.click()}>
              {t('info.uploadCover')}
            </Button>
            {bookId > 0 && (
              <Link to={`/front/custom-picture?book_id=${bookId}`} data-testid="make-cover">
                {t('info.makeCover')}
              </Link>
            )}
          </Space>
        </Form.Item>
        {kind !== 'short' && (
          <Form.Item label={t('info.finished')} name="finished">
            <Radio.Group
              options={[
                { value: false, label: t('info.finishedNo') },
                { value: true, label: t('info.finishedYes') },
              ]}
            />
          </Form.Item>
        )}
        <Form.Item wrapperCol={{ offset: 4 }}>
          <Space>
            <Button type="primary" htmlType="submit" loading={saving}>
              {bookId ? t('info.save') : t('info.create')}
            </Button>
            {!bookId && (
              // The publishing agreement in force (issue 16: the publishing flow links it).
              <span>
                {t('info.agreePublish')}{' '}
                <Link to="/front/page/agreement/publish" target="_blank">
                  {t('info.publishAgreement')}
                </Link>
              </span>
            )}
            {book.data &&
              (book.data.deletable ? (
                <Button danger icon={<DeleteOutlined />} onClick={() => setConfirmDelete(true)}>
                  {t('info.deleteBook')}
                </Button>
              ) : (
                <Tooltip title={book.data.delete_refusal}>
                  <Button danger icon={<DeleteOutlined />} disabled>
                    {t('info.deleteBook')}
                  </Button>
                </Tooltip>
              ))}
          </Space>
        </Form.Item>
        {book.data && !book.data.deletable && book.data.delete_refusal && (
          <Form.Item wrapperCol={{ offset: 4, span: 14 }}>
            <Alert type="info" showIcon message={book.data.delete_refusal} data-testid="delete-refusal" />
          </Form.Item>
        )}
      </Form>
      {leaveDialog}
      {book.data && (
        <ConfirmDialog
          open={confirmDelete}
          title={t('info.deleteTitleNamed', { title: book.data.title })}
          plainTxt={
            book.data.total_words > 0
              ? t('info.deleteTxtWithText', {
                  title: book.data.title,
                  chapters: book.data.chapter_count,
                  words: formatCount(book.data.total_words),
                })
              : t('info.deleteTxt')
          }
          btnTxt={t('info.deleteBook')}
          confirmDisabled={book.data.total_words > 0 && typedTitle.trim() !== book.data.title}
          onConfirm={remove}
          onCancel={() => {
            setConfirmDelete(false);
            setTypedTitle('');
          }}
        >
          {book.data.total_words > 0 && (
            <Input
              autoFocus
              value={typedTitle}
              onChange={(e) => setTypedTitle(e.target.value)}
              placeholder={t('info.deleteTypeTitle', { title: book.data.title })}
              aria-label={t('info.deleteTypeTitle', { title: book.data.title })}
            />
          )}
        </ConfirmDialog>
      )}
    </div>
  );
}

export default function BookInfoPage() {
  return <BookInfo kind="novel" />;
}
