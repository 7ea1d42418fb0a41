import { BookInfo } from './BookInfoPage.tsx';

/** /front/book-manage/screenplay/information */
export default function ScreenplayInfoPage() {
  return <BookInfo kind="screenplay" />;
}
