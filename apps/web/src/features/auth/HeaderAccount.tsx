import { DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Dropdown } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '../../platform/notify.ts';
import { type StoredUser, writeStoredUser } from '../../platform/stored-user.ts';
import { fetchProfile, logout, PROFILE_QUERY_KEY } from './auth-api.ts';
import { AUTH_NS } from './i18n.ts';
import './auth.css';

/**
 * The header's pen name (§2 right modules) with the personal-information link and logout (§4). It
 * loads the profile while logged in and keeps the stored user (§9) as the first-paint cache.
 */
export function HeaderAccount({ accountId, cached }: { accountId: number | null; cached: StoredUser | null }) {
  const { t } = useTranslation(AUTH_NS);
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const profile = useQuery({ queryKey: PROFILE_QUERY_KEY, queryFn: fetchProfile, staleTime: 60_000 });
  const user = profile.data?.user;

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

  return (
    <Dropdown
      trigger={['click', 'hover']}
      menu={{
        items: [
          { key: 'profile', icon: <UserOutlined />, label: t('header.profile') },
          { key: 'logout', icon: <LogoutOutlined />, label: t('header.logout'), disabled: leaving },
        ],
        onClick: ({ key }) => {
          if (key === 'profile') navigate('/front/personal-information');
          else void signOut();
        },
      }}
    >
      <button type="button" className="ac-header__pen-name ac-header__account" data-testid="header-pen-name">
        <UserOutlined aria-hidden />
        <span>{penName || tc('header.penNamePlaceholder', { id: accountId ?? '' })}</span>
        <DownOutlined aria-hidden style={{ fontSize: 10 }} />
      </button>
    </Dropdown>
  );
}
