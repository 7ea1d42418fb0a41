import { useQuery } from '@tanstack/react-query';
import { Button, Empty, List, Result, Skeleton, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiGet } from '../../platform/api.ts';
import './i18n.ts';

interface Item {
  kind: 'chapter' | 'contract' | 'sale' | 'guarantee' | 'screenplay' | 'right';
  id: number;
  title: string;
  status: 'pending' | 'refused';
  reason: string;
  at: number;
  link: string;
}

/** /front/examine: what is under review, what was refused and why, and where to fix it. */
export default function ExaminePage() {
  const { t } = useTranslation();
  const list = useQuery({
    queryKey: ['growth', 'examine'],
    queryFn: ({ signal }) =>
      apiGet<{ under_review: Item[]; refused: Item[] }>('/api/pc/v1/examine/list', undefined, { signal, silent: true }),
  });
  if (list.isPending) return <Skeleton active />;
  if (list.isError) {
    return (
      <Result
        status="warning"
        title={t('growth.loadFailed')}
        extra={<Button onClick={() => void list.refetch()}>{t('growth.retry')}</Button>}
      />
    );
  }
  const render = (items: Item[], empty: string) =>
    items.length === 0 ? (
      <Empty description={empty} />
    ) : (
      <List
        dataSource={items}
        renderItem={(i) => (
          <List.Item
            data-testid="examine-item"
            actions={[
              <Link key="go" to={i.link}>
                {i.status === 'refused' ? t('growth.examine.fix') : t('growth.examine.view')}
              </Link>,
            ]}
          >
            <List.Item.Meta
              title={
                <>
                  <Tag>{t(`growth.examine.kind.${i.kind}`)}</Tag>
                  {i.title}
                </>
              }
              description={
                <>
                  {new Date(i.at).toLocaleString()}
                  {i.reason && <div>{t('growth.examine.reason', { reason: i.reason })}</div>}
                </>
              }
            />
          </List.Item>
        )}
      />
    );
  return (
    <div className="ac-examine" data-testid="examine">
      <h1>{t('growth.examine.title')}</h1>
      <Tabs
        items={[
          {
            key: 'review',
            label: `${t('growth.examine.underReview')} ${list.data.under_review.length}`,
            children: render(list.data.under_review, t('growth.examine.emptyReview')),
          },
          {
            key: 'refused',
            label: `${t('growth.examine.refused')} ${list.data.refused.length}`,
            children: render(list.data.refused, t('growth.examine.emptyRefused')),
          },
        ]}
      />
    </div>
  );
}
