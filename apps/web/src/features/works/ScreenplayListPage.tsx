import { FileAddOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BookList } from './BookListPage.tsx';
import { ExportMenu } from './ExportMenu.tsx';
import { WORKS_NS } from './i18n.ts';

/** /front/book-manage/screenplay: each screenplay links to its chapter manage page and can be exported. */
export default function ScreenplayListPage() {
  const { t } = useTranslation(WORKS_NS);
  return (
    <BookList
      kind="screenplay"
      headerActions={
        <Link to="/front/book-manage/screenplay/application">
          <Button icon={<FileAddOutlined />}>{t('list.application')}</Button>
        </Link>
      }
      rowActions={(book) => <ExportMenu bookId={book.book_id} size="small" />}
    />
  );
}
