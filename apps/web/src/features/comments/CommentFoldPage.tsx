import { CommentsPage } from './CommentsPage.tsx';

export default function CommentFoldPage() {
  return <CommentsPage folded />;
}
