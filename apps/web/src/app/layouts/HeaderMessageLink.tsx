import { BellOutlined } from '@ant-design/icons';
import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

// One chunk for both header links: the comment link adds no request of its own before the message link shows.
export { HeaderCommentLink } from './HeaderCommentLink.tsx';

/** The header's message link with the unread count (§2), shown to a logged-in author. */
export function HeaderMessageLink({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <Link to="/front/message" className="ac-header__message">
      <Badge count={count} size="small" offset={[4, -2]}>
        <BellOutlined aria-hidden />
      </Badge>
      <span>{t('header.message')}</span>
    </Link>
  );
}
