import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Input, Modal, Popconfirm, Result, Select, Space, Spin, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ImageWithFallback } from '../../components/ImageWithFallback.tsx';
import { useUnsavedGuard } from '../../components/useUnsavedGuard.tsx';
import { apiGet, apiPost, apiUpload } from '../../platform/api.ts';
import { isApiError } from '../../platform/api-error.ts';
import { toast } from '../../platform/notify.ts';
import {
  type AiPicture,
  type ChapterIllustrations,
  type Illustration,
  useAiConfig,
  useChapterIllustrations,
} from './creative-api.ts';
import { CREATIVE_NS } from './i18n.ts';
import './creative.css';

/** A picture on the page, with a key of its own while it is moved about. */
type Item = Illustration & { key: string };
let keys = 0;
const withKey = (i: Illustration): Item => ({ ...i, key: `i${++keys}` });

/**
 * /front/interactive-images/detail?chapter_id=: the chapter's paragraphs, each with its pictures.
 * Attach (upload or AI), caption, reorder, move and remove here; 保存插图 stores them all at once.
 */
export default function InteractiveImagesDetailPage() {
  const { t } = useTranslation(CREATIVE_NS);
  const [params] = useSearchParams();
  const chapterId = Number(params.get('chapter_id')) || 0;
  const info = useChapterIllustrations(chapterId);

  if (!chapterId || info.isError) {
    return (
      <Result
        status={info.isError && isApiError(info.error) && info.error.status === 404 ? '404' : 'warning'}
        title={info.isError && isApiError(info.error) && info.error.title ? info.error.title : t('images.loadFailed')}
        extra={<Link to="/front/interactive-images">{t('images.back')}</Link>}
      />
    );
  }
  if (!info.data) {
    return (
      <div className="ac-creative-center">
        <Spin />
      </div>
    );
  }
  return <Illustrator key={info.dataUpdatedAt} data={info.data} />;
}

function Illustrator({ data }: { data: ChapterIllustrations }) {
  const { t } = useTranslation(CREATIVE_NS);
  const queryClient = useQueryClient();
  const ai = useAiConfig();
  const [items, setItems] = useState<Item[]>(() => data.illustrations.map(withKey));
  const {
    dirty,
    setDirty,
    dialog: leaveDialog,
  } = useUnsavedGuard({
    title: t('images.leaveTitle'),
    text: t('images.leaveText'),
    leave: t('images.leave'),
    stay: t('images.stay'),
  });
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [uploadingAt, setUploadingAt] = useState<number | null>(null);
  const [aiParagraph, setAiParagraph] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const uploadTarget = useRef(0);

  const change = (next: Item[]) => {
    setItems(next);
    setDirty(true);
    setProblem(null);
  };
  const attach = (paragraph_index: number, image_url: string, picture_id: number | null = null) =>
    change([...items, withKey({ paragraph_index, image_url, caption: '', picture_id })]);
  const update = (key: string, patch: Partial<Item>) =>
    change(items.map((i) => (i.key === key ? { ...i, ...patch } : i)));
  /** Swaps a picture with its neighbour among the same paragraph's pictures. */
  const move = (key: string, step: -1 | 1) => {
    const at = items.findIndex((i) => i.key === key);
    const same = items.map((i, n) => ({ i, n })).filter(({ i }) => i.paragraph_index === items[at].paragraph_index);
    const pos = same.findIndex(({ i }) => i.key === key);
    const other = same[pos + step];
    if (!other) return;
    const next = [...items];
    [next[at], next[other.n]] = [next[other.n], next[at]];
    change(next);
  };

  const upload = async (file: File) => {
    const paragraph = uploadTarget.current;
    setUploadingAt(paragraph);
    try {
      const r = await apiUpload<{ url: string }>('/api/pc/v1/interact-pic/upload', file, undefined, { silent: true });
      attach(paragraph, r.url);
    } catch (e) {
      toast.error(isApiError(e) && e.title ? e.title : t('images.loadFailed'));
    } finally {
      setUploadingAt(null);
    }
  };

  const save = async () => {
    setSaving(true);
    try {
      await apiPost(
        '/api/pc/v1/interact-pic/save',
        {
          chapter_id: data.chapter_id,
          illustrations: items.map(({ paragraph_index, image_url, caption, picture_id }) => ({
            paragraph_index,
            image_url,
            caption,
            picture_id,
          })),
        },
        { silent: true },
      );
      setDirty(false);
      toast.success(t('images.saved'));
      await queryClient.invalidateQueries({ queryKey: ['creative', 'chapters'] });
    } catch (e) {
      setProblem(isApiError(e) && e.title ? e.title : t('images.loadFailed'));
    } finally {
      setSaving(false);
    }
  };

  const paragraphOptions = data.paragraphs.map((_, n) => ({ value: n, label: t('images.paragraph', { n: n + 1 }) }));

  return (
    <div className="ac-creative-page">
      <Space style={{ marginBottom: 8 }}>
        <Link to={`/front/interactive-images?book_id=${data.book_id}`}>{t('images.back')}</Link>
      </Space>
      <Typography.Title level={3}>
        {data.book_title} · {data.title}
      </Typography.Title>
      {ai.data && !ai.data.available && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('images.aiUnavailable')}
          data-testid="ai-unavailable"
        />
      )}
      {ai.data?.available && (
        <Typography.Paragraph type="secondary">
          {t('images.aiLeft', { left: ai.data.left_today, limit: ai.data.daily_limit })}
        </Typography.Paragraph>
      )}
      <input
        ref={fileInput}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif"
        style={{ display: 'none' }}
        data-testid="illustration-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void upload(file);
          e.target.value = '';
        }}
      />
      {data.paragraphs.length === 0 && <Empty description={t('images.emptyChapter')} />}
      {data.paragraphs.map((text, n) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs are addressed by their index.
        <section key={n} className="ac-illustration-paragraph" data-testid={`paragraph-${n}`}>
          <p>
            <Tag>{t('images.paragraph', { n: n + 1 })}</Tag>
            {text}
          </p>
          {items
            .filter((i) => i.paragraph_index === n)
            .map((i) => (
              <div key={i.key} className="ac-illustration" data-testid="illustration">
                <ImageWithFallback src={i.image_url} alt={i.caption || t('images.paragraph', { n: n + 1 })} />
                <Space direction="vertical" style={{ flex: 1 }}>
                  <Input
                    value={i.caption}
                    maxLength={data.limits.captionMax}
                    placeholder={t('images.caption')}
                    aria-label={t('images.caption')}
                    onChange={(e) => update(i.key, { caption: e.target.value })}
                  />
                  <Space wrap>
                    <Button size="small" onClick={() => move(i.key, -1)}>
                      {t('images.moveUp')}
                    </Button>
                    <Button size="small" onClick={() => move(i.key, 1)}>
                      {t('images.moveDown')}
                    </Button>
                    <Select
                      size="small"
                      style={{ width: 140 }}
                      aria-label={t('images.moveTo')}
                      value={i.paragraph_index}
                      options={paragraphOptions}
                      onChange={(p: number) => update(i.key, { paragraph_index: p })}
                    />
                    <Popconfirm
                      title={t('images.removeConfirm')}
                      description={t('images.removeConfirmTxt')}
                      onConfirm={() => change(items.filter((x) => x.key !== i.key))}
                    >
                      <Button size="small" danger>
                        {t('images.remove')}
                      </Button>
                    </Popconfirm>
                  </Space>
                </Space>
              </div>
            ))}
          <Space>
            <Button
              size="small"
              loading={uploadingAt === n}
              onClick={() => {
                uploadTarget.current = n;
                fileInput.current?.click();
              }}
            >
              {t('images.upload')}
            </Button>
            {ai.data?.available && (
              <Button size="small" onClick={() => setAiParagraph(n)}>
                {t('images.aiTitle')}
              </Button>
            )}
          </Space>
        </section>
      ))}
      <div style={{ position: 'sticky', bottom: 0, background: 'inherit', padding: '12px 0' }}>
        {problem && (
          <Alert type="error" showIcon title={problem} style={{ marginBottom: 8 }} data-testid="images-problem" />
        )}
        <Space>
          <Button
            type="primary"
            loading={saving}
            disabled={!dirty}
            onClick={() => void save()}
            data-testid="images-save"
          >
            {t('images.save')}
          </Button>
          {dirty && <Tag color="orange">{t('images.unsaved')}</Tag>}
        </Space>
      </div>
      {leaveDialog}
      {aiParagraph !== null && (
        <AiPicturesDialog
          chapterId={data.chapter_id}
          paragraphIndex={aiParagraph}
          paragraph={data.paragraphs[aiParagraph] ?? ''}
          onUse={(p) => {
            attach(aiParagraph, p.image_url, p.picture_id);
            setAiParagraph(null);
          }}
          onClose={() => setAiParagraph(null)}
        />
      )}
    </div>
  );
}

function AiPicturesDialog({
  chapterId,
  paragraphIndex,
  paragraph,
  onUse,
  onClose,
}: {
  chapterId: number;
  paragraphIndex: number;
  paragraph: string;
  onUse: (p: AiPicture) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(CREATIVE_NS);
  const queryClient = useQueryClient();
  const [prompt, setPrompt] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const historyKey = ['creative', 'ai-history', chapterId, paragraphIndex];
  const history = useQuery({
    queryKey: historyKey,
    queryFn: ({ signal }) =>
      apiGet<{ list: AiPicture[] }>(
        '/api/pc/v1/interact-pic/ai-pic-history',
        { chapter_id: chapterId, paragraph_index: paragraphIndex },
        { signal },
      ),
  });
  const run = async (call: () => Promise<unknown>) => {
    setBusy(true);
    setProblem(null);
    try {
      await call();
      await queryClient.invalidateQueries({ queryKey: historyKey });
      await queryClient.invalidateQueries({ queryKey: ['creative', 'ai-config'] });
    } catch (e) {
      setProblem(isApiError(e) && e.title ? e.title : t('images.loadFailed'));
    } finally {
      setBusy(false);
    }
  };
  const latest = history.data?.list[0];
  return (
    <Modal open title={t('images.aiTitle')} onCancel={onClose} footer={null} width={720}>
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 3 }}>
        {paragraph}
      </Typography.Paragraph>
      <Input.TextArea
        rows={2}
        value={prompt}
        maxLength={500}
        placeholder={t('images.aiPrompt')}
        onChange={(e) => setPrompt(e.target.value)}
      />
      <Space style={{ margin: '12px 0' }}>
        <Button
          type="primary"
          loading={busy}
          onClick={() =>
            void run(() =>
              apiPost(
                '/api/pc/v1/interact-pic/ai-pic-create',
                {
                  chapter_id: chapterId,
                  paragraph_index: paragraphIndex,
                  ...(prompt.trim() ? { prompt: prompt.trim() } : {}),
                },
                { silent: true, timeout: 60_000 },
              ),
            )
          }
        >
          {t('images.aiCreate')}
        </Button>
        {latest && (
          <Button
            disabled={busy}
            onClick={() =>
              void run(() =>
                apiPost(
                  '/api/pc/v1/interact-pic/ai-pic-change',
                  { picture_id: latest.picture_id },
                  { silent: true, timeout: 60_000 },
                ),
              )
            }
          >
            {t('images.aiChange')}
          </Button>
        )}
        {busy && <Typography.Text type="secondary">{t('images.aiGenerating')}</Typography.Text>}
      </Space>
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 12 }} />}
      <Typography.Title level={5}>{t('images.aiHistory')}</Typography.Title>
      {history.data?.list.length === 0 && <Typography.Text type="secondary">{t('images.aiNone')}</Typography.Text>}
      <div className="ac-ai-pictures">
        {history.data?.list.map((p) => (
          <figure key={p.picture_id}>
            <ImageWithFallback src={p.image_url} alt={p.prompt} />
            <Button size="small" block onClick={() => onUse(p)}>
              {t('images.aiUse')}
            </Button>
          </figure>
        ))}
      </div>
    </Modal>
  );
}
