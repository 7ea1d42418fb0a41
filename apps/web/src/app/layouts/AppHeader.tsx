import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useUnreadCounts } from '../../features/messages/api.ts';
import { useBrand } from '../../platform/brand.tsx';
import { LOGIN_PATH, loginUrl } from '../../platform/login-redirect.ts';
import { useLoginStatus } from '../../platform/session.ts';
import { useStoredUser } from '../../platform/stored-user.ts';
import { lazyAntd } from '../antd-lazy.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { BrandLink, useForumLinks } from './links.tsx';

// What only a logged-in author sees is downloaded once someone is logged in: the sign-in pages do
// without the dropdown menu and the badge.
const HeaderAccount = lazyAntd(() => import('../../features/auth/HeaderAccount.tsx'), 'HeaderAccount');
const HeaderMessageLink = lazyAntd(() => import('./HeaderMessageLink.tsx'), 'HeaderMessageLink');
const HeaderCommentLink = lazyAntd(() => import('./HeaderMessageLink.tsx'), 'HeaderCommentLink');

/**
 * Header (§2): logo and platform name; right modules bbs, signing policy, the writing camp (brands with
 * its permission, logged in), message, unread comments (GET_COMMENT_MSG_NUM), pen name, login.
 * The pen name comes from the stored user when it belongs to the logged-in account; otherwise a
 * placeholder built from login-status.
 */
/** The writing camp's entry (§2: the menu item is shown only with the layout permission 'writing-camp'). */
const WRITING_CAMP_PERMISSION = 'writing-camp';
const WRITING_CAMP_PATH = '/front/writing-camp/graduation-progress';

const userSlot = <span className="ac-header__user-slot" aria-hidden />;

export function AppHeader() {
  const { t } = useTranslation();
  const brand = useBrand();
  const forum = useForumLinks();
  const location = useLocation();
  const status = useLoginStatus();
  const storedUser = useStoredUser();

  const loggedIn = status.data?.logged_in === true;
  const unread = useUnreadCounts(loggedIn);
  const accountId = status.data?.account_id ?? null;
  const user = storedUser && storedUser.account_id === accountId ? storedUser : null;
  const onSignInPage = location.pathname.includes('/front/register-login');
  const loginHref = onSignInPage ? `${LOGIN_PATH}${location.search}` : loginUrl(location.pathname, location.search);

  return (
    <header className="ac-header">
      <div className="ac-container ac-header__inner">
        <Link to="/front/index" className="ac-header__brand">
          <img src={brand.faviconLink} alt="" width={32} height={32} />
          <span>{brand.platformName}</span>
        </Link>
        <nav className="ac-header__nav" aria-label={t('header.nav')}>
          <BrandLink url={forum.home}>{t('header.bbs')}</BrandLink>
          {brand.signingPolicyLinks.map((link) => (
            <BrandLink key={link.url} url={link.url}>
              {link.label}
            </BrandLink>
          ))}
          {loggedIn && brand.permissions.includes(WRITING_CAMP_PERMISSION) && (
            <Link to={WRITING_CAMP_PATH} data-testid="header-writing-camp">
              {t('header.writingCamp')}
            </Link>
          )}
          {loggedIn && (
            <Suspense fallback={null}>
              <HeaderMessageLink count={unread.data?.total ?? user?.message_count ?? 0} />
            </Suspense>
          )}
          {loggedIn && (
            <Suspense fallback={null}>
              <HeaderCommentLink />
            </Suspense>
          )}
          {status.isPending ? (
            userSlot
          ) : loggedIn ? (
            <Suspense fallback={userSlot}>
              <HeaderAccount accountId={accountId} cached={user} />
            </Suspense>
          ) : (
            <Link to={loginHref} className="ac-header__login" data-testid="header-login">
              {t('header.login')}
            </Link>
          )}
          <LanguageSwitch />
        </nav>
      </div>
    </header>
  );
}
