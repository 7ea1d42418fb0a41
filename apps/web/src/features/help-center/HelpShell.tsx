import { Breadcrumb, Input } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { HELP_HOME_PATH, HELP_SEARCH_PATH } from './help-api.ts';
import { HELP_NS } from './i18n.ts';
import './help-center.css';

/** The frame of every help-centre page: title, search box, breadcrumb. */
export function HelpShell(props: {
  crumbs?: Array<{ title: string; to?: string }>;
  keyword?: string;
  hero?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation(HELP_NS);
  const navigate = useNavigate();
  const search = (value: string) => {
    const keyword = value.trim();
    if (!keyword) return;
    void navigate(`${HELP_SEARCH_PATH}?${new URLSearchParams({ keyword })}`);
  };
  return (
    <div className="ac-help">
      <header className={`ac-help__top${props.hero ? ' is-hero' : ''}`}>
        {props.hero ? (
          <>
            <h1>{t('title')}</h1>
            <p>{t('lead')}</p>
          </>
        ) : (
          <Link to={HELP_HOME_PATH} className="ac-help__brand">
            {t('title')}
          </Link>
        )}
        <Input.Search
          key={props.keyword ?? ''}
          defaultValue={props.keyword}
          placeholder={t('searchPlaceholder')}
          enterButton={t('search')}
          size={props.hero ? 'large' : 'middle'}
          maxLength={100}
          allowClear
          onSearch={search}
          aria-label={t('search')}
          className="ac-help__search"
        />
      </header>
      {props.crumbs && (
        <nav aria-label={t('breadcrumb')}>
          <Breadcrumb
            className="ac-help__crumbs"
            items={[{ title: <Link to={HELP_HOME_PATH}>{t('title')}</Link> }, ...props.crumbs].map((c) =>
              'to' in c && c.to ? { title: <Link to={c.to}>{c.title}</Link> } : { title: c.title },
            )}
          />
        </nav>
      )}
      {props.children}
    </div>
  );
}
