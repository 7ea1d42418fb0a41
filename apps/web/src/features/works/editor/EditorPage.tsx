import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageLoading } from '../../../components/PageState.tsx';
import { isApiError } from '../../../platform/api-error.ts';
import { WORKS_NS } from '../i18n.ts';
import { type ChapterDetail, createChapter, fetchChapter, idParam } from '../works-api.ts';
import { ChapterEditor } from './ChapterEditor.tsx';
import { EditorLoadFailed, type LoadFailure } from './EditorLoadFailed.tsx';
import { openedOffline, rememberOpenChapter } from './offline-open.ts';
/**
 * /front/book-upload?book_id=…&chapter_id=… — the chapter editor. Without chapter_id a new draft
 * is created (in volume_id, or the last volume) and the address names it, so a reload reopens it.
 */
export default function EditorPage() {
  const { t } = useTranslation(WORKS_NS);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const bookId = idParam(params, 'book_id');
  const chapterId = idParam(params, 'chapter_id');
  const volumeId = idParam(params, 'volume_id');
  const [chapter, setChapter] = useState<ChapterDetail | null>(null);
  const [failed, setFailed] = useState<LoadFailure | null>(null);
  /** Bumped by 重试 after a failed load (a dropped connection): the chapter is read again. */
  const [attempt, setAttempt] = useState(0);
  const creating = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (重试) reads the chapter again.
  useEffect(() => {
    const controller = new AbortController();
    setFailed(null);
    if (chapterId) {
      setChapter(null);
      fetchChapter(chapterId, controller.signal)
        .then((c) => {
          void rememberOpenChapter(c);
          setChapter(c);
        })
        .catch(async (e) => {
          if (controller.signal.aborted) return;
          // Without the network (the browser says it is offline), the chapter last open here reopens from
          // this browser (issue 18). A dropped request while online offers 重试 instead: the server may answer.
          const copy = isApiError(e) && e.kind === 'offline' ? await openedOffline(chapterId) : null;
          if (controller.signal.aborted) return;
          if (copy) setChapter(copy);
          else setFailed(e?.status === 404 ? 'editor.notFound' : 'editor.loadFailed');
        });
    } else if (bookId && !creating.current) {
      creating.current = true;
      createChapter(bookId, volumeId || undefined)
        .then((c) => navigate(`/front/book-upload?book_id=${bookId}&chapter_id=${c.chapter_id}`, { replace: true }))
        .catch(() => setFailed('editor.loadFailed'))
        .finally(() => {
          creating.current = false;
        });
    } else if (!bookId) {
      setFailed('common.unknownBook');
    }
    return () => controller.abort();
  }, [bookId, chapterId, volumeId, navigate, attempt]);

  if (failed) {
    return (
      <EditorLoadFailed
        reason={failed}
        onRetry={() => setAttempt((a) => a + 1)}
        backTo="/front/book-manage/list"
        backLabel={t('info.backToList')}
      />
    );
  }
  if (!chapter || chapter.chapter_id !== chapterId) return <PageLoading />;
  return <ChapterEditor key={chapter.chapter_id} chapter={chapter} />;
}
