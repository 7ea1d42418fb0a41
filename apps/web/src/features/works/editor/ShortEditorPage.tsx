import { Button, Result } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageLoading } from '../../../components/PageState.tsx';
import { apiGet } from '../../../platform/api.ts';
import { WORKS_NS } from '../i18n.ts';
import { type ChapterDetail, type ChapterItem, fetchChapter, idParam, type Page } from '../works-api.ts';
import { ChapterEditor } from './ChapterEditor.tsx';

/** /front/book-upload/short?book_id=… — a short story is edited as one text; publishing leads to the success page. */
export default function ShortEditorPage() {
  const { t } = useTranslation(WORKS_NS);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const bookId = idParam(params, 'book_id');
  const [chapter, setChapter] = useState<ChapterDetail | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    if (!bookId) {
      setFailed(t('common.unknownBook'));
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
        if (!controller.signal.aborted) setFailed(t('editor.loadFailed'));
      });
    return () => controller.abort();
  }, [bookId, t]);

  if (failed) {
    return (
      <Result
        status="warning"
        title={failed}
        extra={
          <Link to="/front/book-manage/short">
            <Button>{t('success.toList')}</Button>
          </Link>
        }
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
