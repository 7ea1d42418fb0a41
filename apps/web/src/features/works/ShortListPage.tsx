import { BookList } from './BookListPage.tsx';

/** /front/book-manage/short */
export default function ShortListPage() {
  return <BookList kind="short" />;
}
