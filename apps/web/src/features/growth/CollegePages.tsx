import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Input, List, Modal, Pagination, Result, Segmented, Skeleton, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { apiGet } from '../../platform/api.ts';
import './i18n.ts';

interface Summary {
  id: number;
  category: string;
  title: string;
  summary: string;
  views: number;
}

/** Opens an article (counting the reading) in a dialog. */
function ArticleDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const article = useQuery({
    queryKey: ['growth', 'college', 'article', id],
    queryFn: ({ signal }) => apiGet<Summary & { body: string }>('/api/pc/v1/college/detail', { id }, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <Modal open footer={null} onCancel={onClose} width={760} title={article.data?.title}>
      {article.data ? (
        <>
          <p className="ac-home-muted">
            {article.data.category} · {t('growth.college.views', { n: article.data.views })}
          </p>
          <div style={{ whiteSpace: 'pre-wrap' }}>{article.data.body}</div>
        </>
      ) : (
        <Skeleton active />
      )}
    </Modal>
  );
}

function Articles({ items, open }: { items: Summary[]; open: (id: number) => void }) {
  const { t } = useTranslation();
  if (items.length === 0) return <Empty description={t('growth.college.empty')} />;
  return (
    <List
      dataSource={items}
      renderItem={(a) => (
        <List.Item data-testid="college-article">
          <List.Item.Meta
            title={
              <Button type="link" style={{ padding: 0 }} onClick={() => open(a.id)}>
                {a.title}
              </Button>
            }
            description={`${a.category} · ${a.summary} · ${t('growth.college.views', { n: a.views })}`}
          />
        </List.Item>
      )}
    />
  );
}

/** /front/author-college: categories, the most read and the latest articles. */
export default function CollegeHomePage() {
  const { t } = useTranslation();
  const [reading, setReading] = useState<number | null>(null);
  const index = useQuery({
    queryKey: ['growth', 'college', 'index'],
    queryFn: ({ signal }) =>
      apiGet<{ categories: { category: string; count: number }[]; popular: Summary[]; latest: Summary[] }>(
        '/api/pc/v1/college/index',
        undefined,
        { signal, silent: true },
      ),
  });
  if (index.isPending) return <Skeleton active />;
  if (index.isError) return <Result status="warning" title={t('growth.loadFailed')} />;
  return (
    <div className="ac-college" data-testid="author-college">
      <h1>{t('growth.college.title')}</h1>
      <Space wrap>
        {index.data.categories.map((c) => (
          <Link key={c.category} to={`/front/author-college/list?category=${encodeURIComponent(c.category)}`}>
            {c.category}（{c.count}）
          </Link>
        ))}
        <Link to="/front/author-college/list">{t('growth.college.more')}</Link>
      </Space>
      <Card title={t('growth.college.popular')} style={{ marginTop: 16 }}>
        <Articles items={index.data.popular} open={setReading} />
      </Card>
      <Card title={t('growth.college.latest')} style={{ marginTop: 16 }}>
        <Articles items={index.data.latest} open={setReading} />
      </Card>
      {reading && <ArticleDialog id={reading} onClose={() => setReading(null)} />}
    </div>
  );
}

/** /front/author-college/list: articles of a category, or found by a keyword. */
export function CollegeListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const category = params.get('category') ?? '';
  const keyword = params.get('keyword') ?? '';
  const page = Number(params.get('page') ?? 1) || 1;
  const [reading, setReading] = useState<number | null>(null);
  const categories = useQuery({
    queryKey: ['growth', 'college', 'index'],
    queryFn: ({ signal }) =>
      apiGet<{ categories: { category: string; count: number }[] }>('/api/pc/v1/college/index', undefined, { signal }),
  });
  const list = useQuery({
    queryKey: ['growth', 'college', 'list', category, keyword, page],
    queryFn: ({ signal }) =>
      apiGet<{ list: Summary[]; total: number }>(
        '/api/pc/v1/college/list',
        { ...(category ? { category } : {}), ...(keyword ? { keyword } : {}), page, page_size: 20 },
        { signal, silent: true },
      ),
  });
  const set = (next: Record<string, string>) => setParams({ ...Object.fromEntries(params), page: '1', ...next });
  return (
    <div className="ac-college" data-testid="author-college-list">
      <h1>{t('growth.college.list')}</h1>
      <Space wrap style={{ marginBottom: 16 }}>
        <Segmented
          value={category}
          onChange={(v) => set({ category: String(v) })}
          options={[
            { label: t('growth.college.all'), value: '' },
            ...(categories.data?.categories ?? []).map((c) => ({ label: c.category, value: c.category })),
          ]}
        />
        <Input.Search
          allowClear
          defaultValue={keyword}
          placeholder={t('growth.college.search')}
          aria-label={t('growth.college.search')}
          onSearch={(v) => set({ keyword: v.trim() })}
        />
      </Space>
      {list.isPending ? (
        <Skeleton active />
      ) : list.isError ? (
        <Result status="warning" title={t('growth.loadFailed')} />
      ) : (
        <>
          <Articles items={list.data.list} open={setReading} />
          <Pagination
            current={page}
            total={list.data.total}
            pageSize={20}
            hideOnSinglePage
            onChange={(p) => setParams({ ...Object.fromEntries(params), page: String(p) })}
          />
        </>
      )}
      {reading && <ArticleDialog id={reading} onClose={() => setReading(null)} />}
    </div>
  );
}
