import {
  CommentOutlined,
  DownOutlined,
  FileProtectOutlined,
  LogoutOutlined,
  MobileOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Badge, type MenuProps } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LazyDropdown } from '../../components/LazyDropdown.tsx';
import { useAuthorProfile } from '../../platform/author-profile.ts';
import { toast } from '../../platform/notify.ts';
import { type StoredUser, writeStoredUser } from '../../platform/stored-user.ts';
import { homeModelsQuery } from '../../popups/api.ts';
import { logout } from './auth-api.ts';
import { AUTH_NS } from './i18n.ts';
import './auth.css';

// The dialogs of the reminder item download when the author opens one (issue 19: the header is on every
// logged-in page, and the binding dialog brings antd's form, table and result).
const PenNameBindDialog = lazy(async () => ({ default: (await import('./PenNameBindDialog.tsx')).PenNameBindDialog }));
const CompleteInfoDialog = lazy(async () => ({
  default: (await import('./CompleteInfoDialog.tsx')).CompleteInfoDialog,
}));

/**
 * The header's pen name (§2 right modules) with the personal-information link and logout (§4). It
 * loads the profile while logged in and keeps the stored user (§9) as the first-paint cache.
 * While the pen names still share a phone, or this one has none, the menu keeps a quiet reminder
 * (a dot and an item opening the same dialog as the pop), so a pop put off is not a lost action.
 */
export function HeaderAccount({ accountId, cached }: { accountId: number | null; cached: StoredUser | null }) {
  const { t } = useTranslation(AUTH_NS);
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const profile = useAuthorProfile();
  const user = profile.data?.user;
  const models = useQuery(homeModelsQuery);
  const reminder: 'bind' | 'complete' | null = models.data?.account_split_model.length
    ? 'bind'
    : user?.is_phone_bind === 0
      ? 'complete'
      : null;
  const [dialog, setDialog] = useState<'bind' | 'complete' | null>(null);
  const closeDialog = () => {
    setDialog(null);
    void profile.refetch();
    void models.refetch();
  };

  useEffect(() => {
    if (user) writeStoredUser(user);
  }, [user]);

  const penName = user?.pen_name ?? (cached?.account_id === accountId ? cached?.pen_name : undefined);
  const signOut = async () => {
    if (leaving) return;
    setLeaving(true);
    try {
      await logout();
      toast.success(t('header.loggedOut'));
    } catch {
      // The request client has already said why.
    } finally {
      setLeaving(false);
    }
  };

  const menu: MenuProps = {
    items: [
      ...(reminder
        ? [
            {
              key: reminder,
              icon: <MobileOutlined />,
              label: (
                <span data-testid="header-reminder">
                  {t(reminder === 'bind' ? 'header.remindBind' : 'header.remindComplete')} <Badge status="error" />
                </span>
              ),
            },
          ]
        : []),
      { key: 'profile', icon: <UserOutlined />, label: t('header.profile') },
      // The author's forum posts, one click away (issue 16).
      { key: 'posts', icon: <CommentOutlined />, label: t('header.myPosts') },
      { key: 'contracts', icon: <FileProtectOutlined />, label: t('header.myContract') },
      { key: 'logout', icon: <LogoutOutlined />, label: t('header.logout'), disabled: leaving },
    ],
    onClick: ({ key }) => {
      if (key === 'profile') navigate('/front/personal-information');
      else if (key === 'posts') navigate('/front/my-post');
      else if (key === 'contracts') navigate('/front/my-contract');
      else if (key === 'bind' || key === 'complete') setDialog(key);
      else void signOut();
    },
  };
  const trigger = (
    <button type="button" className="ac-header__pen-name ac-header__account" data-testid="header-pen-name">
      <UserOutlined aria-hidden />
      <Badge dot={reminder !== null} offset={[4, 0]}>
        <span>{penName || tc('header.penNamePlaceholder', { id: accountId ?? '' })}</span>
      </Badge>
      <DownOutlined aria-hidden style={{ fontSize: 10 }} />
    </button>
  );

  return (
    <>
      {/* antd's dropdown and menu download when the pen name is first pointed at, focused or clicked. */}
      <LazyDropdown trigger={['click', 'hover']} menu={menu}>
        {trigger}
      </LazyDropdown>
      <Suspense fallback={null}>
        {dialog === 'bind' && <PenNameBindDialog open onClose={closeDialog} />}
        {dialog === 'complete' && <CompleteInfoDialog open onClose={closeDialog} />}
      </Suspense>
    </>
  );
}
