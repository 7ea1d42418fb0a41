import { formatCount } from '@author-centre/shared/format';
import { Card, List, Spin, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useBookList } from '../works/works-api.ts';
import { CONTRACTS_NS } from './i18n.ts';

const SignFlow = lazy(() => import('./SignFlow.tsx'));

/**
 * /front/book-manage/online-sign?book_id=: the brand's application condition (§1), then the
 * steps of online signing, each saved on the server (leave and resume; going back keeps entries),
 * the drawn signature and the brand's success text.
 */
export default function OnlineSignPage() {
  const { t } = useTranslation(CONTRACTS_NS);
  const [params] = useSearchParams();
  const bookId = Number(params.get('book_id') ?? 0);
  return (
    <div style={{ padding: 24, maxWidth: 900 }}>
      <Typography.Title level={3}>{t('sign.title')}</Typography.Title>
      {bookId > 0 ? (
        <Suspense fallback={<Spin />}>
          <SignFlow bookId={bookId} />
        </Suspense>
      ) : (
        <BookChooser />
      )}
    </div>
  );
}

function BookChooser() {
  const { t } = useTranslation(CONTRACTS_NS);
  const novels = useBookList('novel', 'updated', 1);
  const shorts = useBookList('short', 'updated', 1);
  if (!novels.data || !shorts.data) return <Spin />;
  const books = [...novels.data.list, ...shorts.data.list];
  return (
    <Card title={t('sign.chooseBook')}>
      <List
        dataSource={books}
        locale={{ emptyText: t('sign.noBook') }}
        renderItem={(b) => (
          <List.Item
            actions={[
              <Link key="go" to={`?book_id=${b.book_id}`}>
                {t('sign.apply')}
              </Link>,
            ]}
          >
            <List.Item.Meta title={b.title} description={t('sign.words', { words: formatCount(b.published_words) })} />
          </List.Item>
        )}
      />
    </Card>
  );
}
