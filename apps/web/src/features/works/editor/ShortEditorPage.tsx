import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageLoading } from '../../../components/PageState.tsx';
import { apiGet } from '../../../platform/api.ts';
import { WORKS_NS } from '../i18n.ts';
import { type ChapterDetail, type ChapterItem, fetchChapter, idParam, type Page } from '../works-api.ts';
import { ChapterEditor } from './ChapterEditor.tsx';
import { EditorLoadFailed, type LoadFailure } from './EditorLoadFailed.tsx';

/** /front/book-upload/short?book_id=… — a short story is edited as one text; publishing leads to the success page. */
export default function ShortEditorPage() {
  const { t } = useTranslation(WORKS_NS);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const bookId = idParam(params, 'book_id');
  const [chapter, setChapter] = useState<ChapterDetail | null>(null);
  const [failed, setFailed] = useState<LoadFailure | null>(null);
  /** Bumped by 重试 after a failed load (a dropped connection): the chapter is read again. */
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (重试) reads the chapter again.
  useEffect(() => {
    const controller = new AbortController();
    setFailed(null);
    if (!bookId) {
      setFailed('common.unknownBook');
      return;
    }
    apiGet<Page<ChapterItem>>(
      '/api/pc/v1/book-chapter/list',
      { book_id: bookId },
      { signal: controller.signal, silent: true },
    )
      .then(async (page) => {
        const first = page.list[0];
        if (!first) throw new Error('no text');
        setChapter(await fetchChapter(first.chapter_id, controller.signal));
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed('editor.loadFailed');
      });
    return () => controller.abort();
  }, [bookId, attempt]);

  if (failed) {
    return (
      <EditorLoadFailed
        reason={failed}
        onRetry={() => setAttempt((a) => a + 1)}
        backTo="/front/book-manage/short"
        backLabel={t('success.toList')}
      />
    );
  }
  if (!chapter) return <PageLoading />;
  return (
    <ChapterEditor
      chapter={chapter}
      short
      onPublished={() => navigate(`/front/book-upload/short/success?book_id=${bookId}`)}
    />
  );
}
