import { NewsPage } from './NewsPage.tsx';

export default function NoticePage() {
  return <NewsPage type="notice" />;
}
