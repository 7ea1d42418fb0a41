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
  return (
    <Result
      status="success"
      title={t('success.title')}
      subTitle={book.data ? t('success.desc', { title: book.data.title }) : undefined}
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
