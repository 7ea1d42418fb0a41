import { UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiGet } from '../../platform/api.ts';
import { useBrand } from '../../platform/brand.tsx';
import { WORKS_NS } from './i18n.ts';

interface BookEditor {
  editor_id: number;
  name: string;
  /** The brand's editor title ('责任编辑'). */
  title: string;
  avatar: string;
  assigned_at: number;
}

/**
 * Who looks after a book: the brand's editor title ('责任编辑') and the editors' names, from the
 * legacy get-new-editors call (the book's own editors, else its author's, assigned in the console).
 * Says nothing while loading or when the call fails: it is a hint beside the page, not the page.
 */
export function BookEditors({ bookId }: { bookId: number }) {
  const { t } = useTranslation(WORKS_NS);
  const brand = useBrand();
  const query = useQuery({
    queryKey: ['works', 'editors', bookId],
    queryFn: ({ signal }) =>
      apiGet<{ book_id: number; list: BookEditor[] }>(
        '/api/author-book/get-new-editors',
        { book_id: bookId },
        { signal, silent: true },
      ),
    enabled: bookId > 0,
    staleTime: 5 * 60_000,
  });
  if (!query.data) return null;
  const list = query.data.list;
  const title = list[0]?.title || brand.editorTitle;
  return (
    <span className="ac-book-editors" data-testid="book-editors">
      <UserOutlined style={{ marginRight: 4 }} />
      {list.length
        ? t('manage.editors', { title, names: list.map((e) => e.name).join('、') })
        : t('manage.noEditor', { title })}
    </span>
  );
}
