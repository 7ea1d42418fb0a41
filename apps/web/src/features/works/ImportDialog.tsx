import { InboxOutlined, MergeCellsOutlined, ScissorOutlined } from '@ant-design/icons';
import { ErrorCode, reactionTo } from '@author-centre/shared/errors';
import { normalizeChapterTitle, refusedCharsMessage, refusedTitleChars } from '@author-centre/shared/validation-rules';
import { partTitle, WORKS_LIMITS } from '@author-centre/shared/works';
import { Alert, Button, Input, Modal, Progress, Select, Space, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { currentLocale } from '../../i18n/index.ts';
import { apiGet, apiPost } from '../../platform/api.ts';
import { ApiError } from '../../platform/api-error.ts';
import { errorMessage, reactToError } from '../../platform/api-reactions.ts';
import { formatBeijing } from '../../platform/beijing-time.ts';
import { useBrand } from '../../platform/brand.tsx';
import { signRequest } from '../../platform/request-signing.ts';
import { getSecret, refreshSecret } from '../../platform/secret.ts';
import { recordServerDate, serverNow } from '../../platform/server-time.ts';
import { WORKS_NS } from './i18n.ts';
import type { UploadReply as BaseReply, ImportSegment as BaseSegment, ImportStatus, Volume } from './works-api.ts';

/** A segment of the preview; `split_for_size`: a part of a stretch too long for one chapter, split at paragraphs. */
type ImportSegment = BaseSegment & { split_for_size?: boolean };
/**
 * `intelligent_division`: the brand's intelligent_chapter_division the server divided by;
 * `duplicate_of`: the same text was already imported into this book (issue 18).
 */
type UploadReply = Omit<BaseReply, 'segments'> & {
  segments: ImportSegment[];
  intelligent_division?: boolean;
  duplicate_of?: { import_id: number; file_name: string; chapters: number; imported_at: number } | null;
};
type Heading = Pick<ImportSegment, 'line' | 'kind' | 'title' | 'consume'>;

/**
 * What is wrong with a title the author typed in the preview (the chapter-title reading of §5,
 * length), or null; empty takes the heading line.
 */
function titleProblem(s: Heading, locale: 'zh-CN' | 'en-US'): string | null {
  if (s.kind === 'skip') return null;
  const title = normalizeChapterTitle(s.title);
  if (!title) return null;
  const max = s.kind === 'volume' ? WORKS_LIMITS.volumeTitleMax : WORKS_LIMITS.chapterTitleMax;
  if ([...title].length > max) return locale === 'en-US' ? `At most ${max} characters` : `最多${max}字`;
  const refused = refusedTitleChars(title, true);
  return refused.length ? refusedCharsMessage(refused, true)[locale] : null;
}
const segmentKey = (s: Heading) => `${s.line}-${s.consume}`;

/**
 * An upload with progress events (fetch has none): the raw file, signed in the query as §7's 'upload'
 * type. Its failures are the request client's ApiErrors, so they get the same reactions (§8): a stale
 * signature is retried once with a fresh secret, and an expired session goes to the login page, which
 * brings the author back here.
 */
async function uploadWithProgress(
  bookId: number,
  file: File,
  onProgress: (p: number) => void,
  retried = false,
): Promise<UploadReply> {
  const { secret } = await getSecret();
  const signed = signRequest(
    {
      method: 'POST',
      path: '/api/pc/v1/book-chapter/upload',
      params: { book_id: bookId, file_name: file.name },
      body: file,
      bodyType: 'upload',
    },
    secret,
    serverNow(),
  );
  try {
    return await new Promise<UploadReply>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', signed.url);
      xhr.withCredentials = true;
      xhr.setRequestHeader('Content-Type', 'application/octet-stream');
      xhr.setRequestHeader('x-lang', currentLocale());
      xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
      xhr.onload = () => {
        recordServerDate(xhr.getResponseHeader('date'));
        let body: { code?: unknown; data?: UploadReply; errors?: { code?: number; title?: string; field?: string } };
        try {
          body = JSON.parse(xhr.responseText);
        } catch {
          reject(new ApiError({ kind: 'http', code: xhr.status, title: '', status: xhr.status }));
          return;
        }
        if (body.code === 200 && body.data) resolve(body.data);
        else if (typeof body.code === 'number') {
          const code = body.errors?.code ?? body.code;
          reject(new ApiError({ kind: 'business', code, title: body.errors?.title ?? '', status: xhr.status }));
        } else reject(new ApiError({ kind: 'http', code: xhr.status, title: '', status: xhr.status }));
      };
      xhr.onerror = () =>
        reject(new ApiError({ kind: navigator.onLine === false ? 'offline' : 'network', code: 0, title: '' }));
      xhr.send(file);
    });
  } catch (e) {
    if (e instanceof ApiError && e.code === ErrorCode.signatureInvalid && !retried) {
      await refreshSecret();
      return uploadWithProgress(bookId, file, onProgress, true);
    }
    throw e;
  }
}

/**
 * Import: upload a .txt or .docx (progress), see the intelligent chapter division, adjust it —
 * rename, skip, merge into the previous chapter, split at any paragraph — then create the drafts
 * (progress), all before anything is written to the book.
 */
export function ImportDialog(props: { bookId: number; volumes: Volume[]; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation(WORKS_NS);
  const brand = useBrand();
  // §3 global config intelligent_chapter_division: off, a file is one chapter (still split by length).
  const intelligent = brand.intelligent_chapter_division !== false;
  const maxChars = WORKS_LIMITS.chapterTextMax.toLocaleString();
  const [upload, setUpload] = useState<UploadReply | null>(null);
  const [segments, setSegments] = useState<ImportSegment[]>([]);
  const [sent, setSent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<{ index: number; from: number; lines: string[] } | null>(null);
  const [status, setStatus] = useState<ImportStatus | null>(null);
  const [volumeId, setVolumeId] = useState<number>(
    () => [...props.volumes].reverse().find((v) => !v.is_notice)?.volume_id ?? props.volumes[0].volume_id,
  );
  const fileInput = useRef<HTMLInputElement | null>(null);
  /** The author has adjusted the division: closing (Esc, ×, 取消) asks before that work is thrown away. */
  const [adjusted, setAdjusted] = useState(false);
  const [askClose, setAskClose] = useState(false);
  /** The same file was imported before: creating drafts again is confirmed first. */
  const [askDuplicate, setAskDuplicate] = useState(false);
  const requestClose = () => (upload && !status && adjusted ? setAskClose(true) : props.onClose());
  const previewTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const choose = async (file: File) => {
    setError(null);
    setSent(0);
    try {
      const reply = await uploadWithProgress(props.bookId, file, setSent);
      setUpload(reply);
      setSegments(reply.segments);
    } catch (e) {
      if (e instanceof ApiError) {
        // As every call: an expired session goes to login (and back here), others are said in the dialog.
        if (reactionTo(e.code) === 'relogin') reactToError(e);
        setError(errorMessage(e));
      } else setError((e as Error).message);
    } finally {
      setSent(null);
    }
  };

  /** Recounts words and first lines after an adjustment (the server holds the text). */
  const update = (next: ImportSegment[]) => {
    setSegments(next);
    setAdjusted(true);
    if (!upload) return;
    if (previewTimer.current) clearTimeout(previewTimer.current);
    previewTimer.current = setTimeout(async () => {
      const headings: Heading[] = next.map(({ line, kind, title, consume }) => ({ line, kind, title, consume }));
      const r = await apiPost<{ segments: ImportSegment[] }>('/api/pc/v1/book-chapter/upload-preview', {
        import_id: upload.import_id,
        segments: headings,
      });
      // Keeps what the author typed meanwhile; segments the server added (a re-split for length) come as they are.
      setSegments((cur) => {
        const typed = new Map(cur.map((c) => [segmentKey(c), c]));
        return r.segments.map((s) => {
          const mine = typed.get(segmentKey(s));
          return mine ? { ...s, title: mine.title, kind: mine.kind } : s;
        });
      });
    }, 300);
  };

  const showLines = async (index: number) => {
    if (!upload) return;
    if (expanded?.index === index) {
      setExpanded(null);
      return;
    }
    const s = segments[index];
    const from = s.consume ? s.line + 1 : s.line;
    const r = await apiGet<{ lines: string[] }>('/api/pc/v1/book-chapter/upload-lines', {
      import_id: upload.import_id,
      from,
      count: Math.min(Math.max(s.lines, 1), 2000),
    });
    setExpanded({ index, from, lines: r.lines });
  };

  const split = (line: number) => {
    const next = [...segments];
    const at = next.findIndex((s) => s.line > line);
    // The new part is named after the chapter it is cut from: '<title>之二' (之三… when taken).
    const from = next[(at === -1 ? next.length : at) - 1];
    let part = 2;
    while (from && next.some((s) => s.title === partTitle(from.title, part))) part++;
    const seg: ImportSegment = {
      line,
      kind: 'chapter',
      title: from?.title ? partTitle(from.title, part) : t('import.newChapterTitle'),
      consume: false,
      lines: 0,
      words: 0,
      preview: '',
      adjusted: false,
    };
    next.splice(at === -1 ? next.length : at, 0, seg);
    setExpanded(null);
    update(next);
  };

  const commit = async (duplicateConfirmed = false) => {
    if (!upload) return;
    if (upload.duplicate_of && !duplicateConfirmed) {
      setAskDuplicate(true);
      return;
    }
    setError(null);
    // Said before anything is sent, naming the title at fault (among hundreds of chapters a bare rule helps nobody).
    const bad = segments.find((s) => titleProblem(s, currentLocale()));
    if (bad) {
      const locale = currentLocale();
      const named = locale === 'en-US' ? `"${bad.title.trim()}": ` : `「${bad.title.trim()}」`;
      setError(`${named}${titleProblem(bad, locale)}`);
      return;
    }
    try {
      let s = await apiPost<ImportStatus>('/api/pc/v1/book-chapter/upload-commit', {
        import_id: upload.import_id,
        volume_id: volumeId,
        segments: segments.map(({ line, kind, title, consume }) => ({ line, kind, title, consume })),
      });
      setStatus(s);
      while (s.status === 'committing') {
        await new Promise((r) => setTimeout(r, 300));
        s = await apiGet<ImportStatus>('/api/pc/v1/book-chapter/upload-status', { import_id: upload.import_id });
        setStatus(s);
      }
      if (s.status === 'failed') setError(s.error ?? '');
    } catch (e) {
      setError((e as Error).message);
    }
  };

  const chaptersCount = segments.filter((s) => s.kind === 'chapter').length;
  // The words that will reach the drafts, as the book will count them once imported (not the file's total with its headings).
  const wordsOf = (kind: ImportSegment['kind']) =>
    segments.reduce((sum, s) => (s.kind === kind ? sum + s.words : sum), 0);
  const skippedWords = wordsOf('skip');
  const done = status?.status === 'done';
  return (
    <Modal
      open
      width={960}
      title={t('import.title')}
      onCancel={done ? props.onDone : requestClose}
      maskClosable={false}
      footer={
        done ? (
          <Button type="primary" onClick={props.onDone}>
            {t('common.close')}
          </Button>
        ) : upload ? (
          <Space>
            <Button onClick={requestClose} disabled={status?.status === 'committing'}>
              {t('common.cancel')}
            </Button>
            <Button
              type="primary"
              onClick={() => void commit()}
              loading={status?.status === 'committing'}
              disabled={chaptersCount === 0}
            >
              {t('import.commit')}
            </Button>
          </Space>
        ) : null
      }
      data-testid="import-dialog"
    >
      {error && (
        <Alert type="error" showIcon message={t('import.failed', { message: error })} style={{ marginBottom: 12 }} />
      )}
      {!upload ? (
        <div className="ac-works-center" style={{ flexDirection: 'column', alignItems: 'center', gap: 12 }}>
          <InboxOutlined style={{ fontSize: 48, color: '#999' }} />
          <Typography.Text type="secondary">{t('import.hint')}</Typography.Text>
          {!intelligent && (
            <Alert
              type="info"
              showIcon
              message={t('import.noDivision', { max: maxChars })}
              data-testid="import-no-division"
            />
          )}
          <input
            ref={fileInput}
            type="file"
            accept=".txt,.docx,text/plain,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
            hidden
            data-testid="import-file"
            onChange={(e) => {
              const f = e.target.files?.[0];
              if (f) void choose(f);
              e.target.value = '';
            }}
          />
          <Button type="primary" onClick={() => fileInput.current?.click()} loading={sent !== null}>
            {t('import.choose')}
          </Button>
          {sent !== null && (
            <Progress percent={Math.round(sent * 100)} style={{ width: 320 }} aria-label={t('import.uploading')} />
          )}
        </div>
      ) : status ? (
        <div style={{ padding: 24 }}>
          <Progress
            percent={Math.round((status.progress || 0) * 100)}
            status={done ? 'success' : 'active'}
            data-testid="import-progress"
          />
          <p>
            {done
              ? t('import.done', { count: status.total })
              : t('import.committing', { done: status.done, total: status.total })}
          </p>
        </div>
      ) : (
        <>
          {upload.duplicate_of && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 12 }}
              data-testid="import-duplicate"
              message={t('import.duplicate', {
                time: formatBeijing(upload.duplicate_of.imported_at),
                file: upload.duplicate_of.file_name,
                count: upload.duplicate_of.chapters,
              })}
            />
          )}
          <Typography.Paragraph>
            {t('import.detected', {
              count: chaptersCount,
              encoding: upload.encoding.toUpperCase(),
              words: wordsOf('chapter'),
            })}
            {skippedWords > 0 && (
              <Typography.Text type="warning" data-testid="import-skipped">
                {' '}
                {t('import.skippedWords', { words: skippedWords })}
              </Typography.Text>
            )}
            <br />
            <Typography.Text type="secondary">{t('import.adjustHint')}</Typography.Text>
          </Typography.Paragraph>
          {(upload.intelligent_division === false || !intelligent) && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 8 }}
              message={t('import.noDivision', { max: maxChars })}
              data-testid="import-no-division"
            />
          )}
          {segments.some((s) => s.split_for_size) && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 8 }}
              message={t('import.sizeSplitNotice', { max: maxChars })}
              data-testid="import-size-split"
            />
          )}
          <Space style={{ marginBottom: 8 }}>
            <span>{t('import.targetVolume')}</span>
            <Select
              style={{ width: 200 }}
              value={volumeId}
              onChange={setVolumeId}
              options={props.volumes.map((v) => ({ value: v.volume_id, label: v.title }))}
            />
          </Space>
          <div className="ac-import__segments">
            {segments.map((s, i) => (
              <div key={segmentKey(s)} data-testid="import-segment">
                <div className={`ac-import__segment ac-import__segment--${s.kind}`}>
                  <Select
                    size="small"
                    // Wide enough for 'Chapter' and 'Volume' in English, not only 章节 and 分卷.
                    style={{ width: 104 }}
                    value={s.kind}
                    onChange={(kind) => update(segments.map((x, j) => (j === i ? { ...x, kind } : x)))}
                    options={(['chapter', 'volume', 'skip'] as const).map((k) => ({
                      value: k,
                      label: t(`import.kind.${k}`),
                      // A volume is a heading line: a split made inside text has none to be it.
                      disabled: k === 'volume' && !s.consume,
                    }))}
                  />
                  <Input
                    size="small"
                    style={{ width: 260 }}
                    status={titleProblem(s, currentLocale()) ? 'error' : undefined}
                    title={titleProblem(s, currentLocale()) ?? undefined}
                    value={s.title}
                    disabled={s.kind === 'skip'}
                    aria-label={t('editor.title')}
                    onChange={(e) => {
                      setAdjusted(true);
                      setSegments(segments.map((x, j) => (j === i ? { ...x, title: e.target.value } : x)));
                    }}
                  />
                  {s.kind !== 'volume' && (
                    <Typography.Text type="secondary">{t('import.words', { count: s.words })}</Typography.Text>
                  )}
                  {s.split_for_size && (
                    <Tag color="orange" data-testid="import-size-split-tag">
                      {t('import.sizeSplit')}
                    </Tag>
                  )}
                  <Typography.Text type="secondary" ellipsis style={{ flex: 1 }}>
                    {s.preview}
                  </Typography.Text>
                  {s.kind !== 'volume' && (
                    <Button size="small" type="link" onClick={() => void showLines(i)}>
                      {expanded?.index === i ? t('import.hideLines') : t('import.showLines')}
                    </Button>
                  )}
                  {i > 0 && segments[i - 1].kind !== 'volume' && (
                    <Button
                      size="small"
                      type="text"
                      icon={<MergeCellsOutlined />}
                      onClick={() => update(segments.filter((_, j) => j !== i))}
                    >
                      {t('import.merge')}
                    </Button>
                  )}
                </div>
                {expanded?.index === i && (
                  <div className="ac-import__lines">
                    {expanded.lines.map((line, k) =>
                      line.trim() ? (
                        // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional.
                        <div className="ac-import__line" key={k}>
                          {k > 0 && (
                            <Button
                              size="small"
                              type="link"
                              icon={<ScissorOutlined />}
                              onClick={() => split(expanded.from + k)}
                            >
                              {t('import.split')}
                            </Button>
                          )}
                          <span>{line}</span>
                        </div>
                      ) : null,
                    )}
                  </div>
                )}
              </div>
            ))}
          </div>
        </>
      )}
      <ConfirmDialog
        open={askClose}
        title={t('import.discardTitle')}
        plainTxt={t('import.discardTxt')}
        btnTxt={t('import.discard')}
        cancelBtnTxt={t('import.keepAdjusting')}
        onConfirm={() => {
          setAskClose(false);
          props.onClose();
        }}
        onCancel={() => setAskClose(false)}
      />
      <ConfirmDialog
        open={askDuplicate}
        title={t('import.duplicateTitle')}
        plainTxt={t('import.duplicateConfirm')}
        btnTxt={t('import.duplicateAnyway')}
        cancelBtnTxt={t('import.duplicateStop')}
        onConfirm={() => {
          setAskDuplicate(false);
          void commit(true);
        }}
        onCancel={() => setAskDuplicate(false)}
      />
    </Modal>
  );
}
