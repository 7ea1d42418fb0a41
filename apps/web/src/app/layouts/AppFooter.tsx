import { useTranslation } from 'react-i18next';
import { useBrand } from '../../platform/brand.tsx';
import { BrandLink, footerLinkUrl, useForumLinks } from './links.tsx';

/** Footer (§2): the three sibling reading sites, help centre, feedback (forum category 8,
 * following the configured forum), report studio. */
export function AppFooter() {
  const { t } = useTranslation();
  const brand = useBrand();
  const forum = useForumLinks();
  return (
    <footer className="ac-footer">
      <div className="ac-container">
        <nav aria-label={t('footer.nav')}>
          <ul className="ac-footer__links">
            {brand.footerLinks.map((link) => (
              <li key={`${link.label}-${link.url}`}>
                <BrandLink url={footerLinkUrl(link.url, forum)}>{link.label}</BrandLink>
              </li>
            ))}
          </ul>
        </nav>
        <p className="ac-footer__copyright">
          {t('footer.copyright', { year: new Date().getFullYear(), name: brand.clientName })}
        </p>
      </div>
    </footer>
  );
}
