import { EditOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { BookInfo } from './BookInfoPage.tsx';
import { ExportMenu } from './ExportMenu.tsx';
import { WORKS_NS } from './i18n.ts';
import { idParam } from './works-api.ts';

/** /front/book-manage/short/information; an existing short story can be opened in the editor or exported. */
export default function ShortInfoPage() {
  const { t } = useTranslation(WORKS_NS);
  const [params] = useSearchParams();
  const bookId = idParam(params, 'book_id');
  return (
    <>
      {bookId > 0 && (
        <Space wrap style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 12 }}>
          <Link to={`/front/book-upload/short?book_id=${bookId}`}>
            <Button icon={<EditOutlined />}>{t('list.writeShort')}</Button>
          </Link>
          <ExportMenu bookId={bookId} />
        </Space>
      )}
      <BookInfo kind="short" />
    </>
  );
}
