import { CommentOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiPost } from '../../platform/api.ts';

/** The query of the header's unread comment count; the comment page invalidates it after a change. */
export const COMMENT_MSG_NUM_KEY = ['comment-msg-num'] as const;

/**
 * The header's comment link with the unread comment count (§7 GET_COMMENT_MSG_NUM, `msg_tab` '0'):
 * readers' comments not yet seen, counted as the comment page's unread filter counts them (folded,
 * hidden and held ones left out); remove-msg-num (全部标为已读) brings it to 0.
 */
export function HeaderCommentLink() {
  const { t } = useTranslation();
  const num = useQuery({
    queryKey: COMMENT_MSG_NUM_KEY,
    queryFn: ({ signal }) =>
      apiPost<{ num: number }>('/api/pc/v1/comment/msg-num', { book_id: '', msg_tab: '0' }, { signal, silent: true }),
    staleTime: 30_000,
    refetchInterval: 120_000,
  });
  const count = num.data?.num ?? 0;
  return (
    <Link to="/front/comment-manage/list" className="ac-header__comments" data-testid="header-comments">
      <Badge count={count} size="small" offset={[4, -2]}>
        <CommentOutlined aria-hidden />
      </Badge>
      <span>{t('header.comments')}</span>
    </Link>
  );
}
