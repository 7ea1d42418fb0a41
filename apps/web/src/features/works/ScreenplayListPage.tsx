import { BookList } from './BookListPage.tsx';

/** /front/book-manage/screenplay */
export default function ScreenplayListPage() {
  return <BookList kind="screenplay" />;
}
