import { BookList } from './BookListPage.tsx';
import { ExportMenu } from './ExportMenu.tsx';

/** /front/book-manage/short: each short story can be exported as .txt or ePub. */
export default function ShortListPage() {
  return <BookList kind="short" rowActions={(book) => <ExportMenu bookId={book.book_id} size="small" />} />;
}
