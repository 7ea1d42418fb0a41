import { BookInfo } from './BookInfoPage.tsx';

/** /front/book-manage/short/information */
export default function ShortInfoPage() {
  return <BookInfo kind="short" />;
}
