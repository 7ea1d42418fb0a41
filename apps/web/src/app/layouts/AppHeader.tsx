import { BellOutlined } from '@ant-design/icons';
import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { HeaderAccount } from '../../features/auth/HeaderAccount.tsx';
import { useUnreadCounts } from '../../features/messages/api.ts';
import { useBrand } from '../../platform/brand.tsx';
import { LOGIN_PATH, loginUrl } from '../../platform/login-redirect.ts';
import { useLoginStatus } from '../../platform/session.ts';
import { useStoredUser } from '../../platform/stored-user.ts';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { BrandLink, externalUrl } from './links.tsx';

/**
 * Header (§2): logo and platform name; right modules bbs, signing policy, message, pen name, login.
 * The pen name comes from the stored user when it belongs to the logged-in account; otherwise a
 * placeholder built from login-status.
 */
export function AppHeader() {
  const { t } = useTranslation();
  const brand = useBrand();
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
          <a href={externalUrl(brand.domains.bbs)} target="_blank" rel="noopener noreferrer">
            {t('header.bbs')}
          </a>
          {brand.signingPolicyLinks.map((link) => (
            <BrandLink key={link.url} url={link.url}>
              {link.label}
            </BrandLink>
          ))}
          {loggedIn && (
            <Link to="/front/message" className="ac-header__message">
              <Badge count={unread.data?.total ?? user?.message_count ?? 0} size="small" offset={[4, -2]}>
                <BellOutlined aria-hidden />
              </Badge>
              <span>{t('header.message')}</span>
            </Link>
          )}
          {status.isPending ? (
            <span className="ac-header__user-slot" aria-hidden />
          ) : loggedIn ? (
            <HeaderAccount accountId={accountId} cached={user} />
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
