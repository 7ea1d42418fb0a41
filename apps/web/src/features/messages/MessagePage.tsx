import { NewsPage } from './NewsPage.tsx';

export default function MessagePage() {
  return <NewsPage type="message" />;
}
