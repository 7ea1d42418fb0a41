import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { WORKS_NS } from '../i18n.ts';
import { idParam, useBook } from '../works-api.ts';

/** /front/book-upload/short/success?book_id=… */
export default function ShortSuccessPage() {
  const { t } = useTranslation(WORKS_NS);
  const [params] = useSearchParams();
  const bookId = idParam(params, 'book_id');
  const book = useBook(bookId);
  // Opened for a story with nothing published (an old link, a typed address): it says so, not 发布成功.
  const unpublished = book.data !== undefined && book.data.published_count === 0;
  return (
    <Result
      status={unpublished ? 'info' : 'success'}
      title={t(unpublished ? 'success.notYet' : 'success.title')}
      subTitle={
        book.data ? t(unpublished ? 'success.notYetDesc' : 'success.desc', { title: book.data.title }) : undefined
      }
      extra={
        <Space>
          <Link to="/front/book-manage/short">
            <Button type="primary">{t('success.toList')}</Button>
          </Link>
          {bookId > 0 && (
            <Link to={`/front/book-upload/short?book_id=${bookId}`}>
              <Button>{t('success.toEdit')}</Button>
            </Link>
          )}
        </Space>
      }
    />
  );
}
