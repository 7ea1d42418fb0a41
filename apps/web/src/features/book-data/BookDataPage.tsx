import { formatCount } from '@author-centre/shared/format';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Row, Segmented, Space, Spin, Statistic, Tabs, Tag } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PlainTable, SummaryCell } from '../../components/plain/Table.tsx';
import { apiGet } from '../../platform/api.ts';
import { INCOME_NS } from '../income/i18n.ts';
import { type DayLine, type EstimateReply, type RangeParams, useBooks, yuan } from '../income/income-api.ts';
import { BookSelect, downloadCsv, FigureStatus, LoadError, PeriodPicker } from '../income/parts.tsx';

const TrendChart = lazy(() => import('./TrendChart.tsx'));

interface ChapterStat {
  index: number;
  chapter_id: number;
  title: string;
  vip: number;
  reads: number;
  orders: number;
  read_through_permille: number;
}
interface Statement {
  kind: string;
  view: 'trends' | 'retention';
  metric: string;
  current: number;
  previous: number | null;
  chapter_id?: number;
  text: string;
}

interface OrderDay {
  date: string;
  orders: number;
  subscription_fen: number;
}
interface OrdersReply {
  status: 'estimate';
  cut_off_at: number | null;
  list: OrderDay[];
  total: { orders: number; subscription_fen: number };
  adds_up: boolean;
  chapters: Array<{ index: number; chapter_id: number; title: string; orders: number }>;
}
interface DetailReply {
  status: 'estimate';
  cut_off_at: number | null;
  totals: Record<'reads' | 'orders' | 'favourites' | 'comments' | 'income_fen', number>;
}
/** What a diagnosis statement points at: the view, and the metric (a column) or the chapter (a row) behind it. */
interface Focus {
  view: 'trends' | 'retention';
  metric: string;
  chapterId?: number;
}

const TREND_KEYS = ['reads', 'orders', 'favourites', 'comments', 'income_fen'] as const;
const RETENTION_PAGE = 10;
const FOCUS = 'ac-income__focus';

function useBookData<T>(path: string, params: Record<string, string | number | undefined>, enabled: boolean) {
  const clean = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined)) as Record<
    string,
    string | number
  >;
  return useQuery({
    queryKey: ['book-data', path, clean],
    queryFn: ({ signal }) => apiGet<T>(path, clean, { signal }),
    enabled,
  });
}

/**
 * /front/book-data: a book's trends (7/30/90 days or a range), chapter retention, purchases and a
 * diagnosis in plain words, each statement linked to the numbers behind it. Charts load lazily;
 * every chart has the same numbers as a table, and an export.
 */
export default function BookDataPage() {
  const { t } = useTranslation(INCOME_NS);
  const [params, setParams] = useSearchParams();
  const books = useBooks();
  const bookId = Number(params.get('book_id')) || books.data?.[0]?.id || 0;
  const [range, setRange] = useState<RangeParams>({ days: 30 });
  const [tab, setTab] = useState('trends');
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const q = { book_id: bookId, ...range };
  const trends = useBookData<EstimateReply<DayLine>>('/api/pc/v1/book-statistics/trends', q, bookId > 0);
  const retention = useBookData<{ cut_off_at: number | null; list: ChapterStat[] }>(
    '/api/pc/v1/book-statistics/retention',
    { book_id: bookId },
    bookId > 0,
  );
  const diagnosis = useBookData<{ cut_off_at: number | null; list: Statement[] }>(
    '/api/pc/v1/book-statistics/diagnosis',
    q,
    bookId > 0,
  );
  const orders = useBookData<OrdersReply>('/api/pc/v1/book-statistics/orders', q, bookId > 0);
  const detail = useBookData<DetailReply>('/api/pc/v1/book-statistics/detail', { book_id: bookId }, bookId > 0);
  const [focus, setFocus] = useState<Focus | null>(null);
  const [retentionPage, setRetentionPage] = useState(1);
  // A statement's numbers, once shown: scrolled to and highlighted.
  useEffect(() => {
    if (!focus) return;
    const id = requestAnimationFrame(() =>
      document.querySelector(`.${FOCUS}`)?.scrollIntoView({ block: 'center', behavior: 'smooth' }),
    );
    return () => cancelAnimationFrame(id);
  }, [focus]);
  const names = TREND_KEYS.map((k) => t(`columns.${k}`));
  const series = useMemo(
    () =>
      TREND_KEYS.map((k, i) => ({
        name: names[i],
        data: (trends.data?.list ?? []).map((l) => (k === 'income_fen' ? l[k] / 100 : l[k])),
      })),
    [trends.data, names],
  );
  const categories = useMemo(() => (trends.data?.list ?? []).map((l) => l.date.slice(5)), [trends.data]);
  const retentionSeries = useMemo(
    () => [
      {
        name: t('bookData.readThrough'),
        type: 'bar' as const,
        data: (retention.data?.list ?? []).map((c) => c.read_through_permille),
      },
    ],
    [retention.data, t],
  );

  if (books.data && books.data.length === 0)
    return <Empty style={{ marginTop: 80 }} description={t('bookData.noBooks')} />;
  const toggle = (
    <Segmented
      value={view}
      onChange={(v) => setView(v as 'chart' | 'table')}
      options={[
        { label: t('bookData.chart'), value: 'chart' },
        { label: t('bookData.table'), value: 'table' },
      ]}
    />
  );
  const trendTable = (
    <PlainTable<DayLine>
      aria-label={t('bookData.trends')}
      rowKey="date"
      size="small"
      data-testid="trend-table"
      pagination={{ pageSize: 31, hideOnSinglePage: true }}
      dataSource={trends.data?.list ?? []}
      columns={[
        { title: t('date'), dataIndex: 'date' },
        ...TREND_KEYS.map((k) => ({
          title: t(`columns.${k}`) + (k === 'income_fen' ? t('yuan') : ''),
          dataIndex: k,
          align: 'right' as const,
          className: focus?.view === 'trends' && focus.metric === k ? FOCUS : undefined,
          render: (v: number) => (k === 'income_fen' ? yuan(v) : formatCount(v)),
        })),
      ]}
      summary={
        trends.data && (
          <tr className="ac-income__total">
            <SummaryCell>{t('total')}</SummaryCell>
            {TREND_KEYS.map((k) => (
              <SummaryCell key={k} align="right">
                {k === 'income_fen' ? yuan(trends.data.total[k]) : formatCount(trends.data.total[k])}
              </SummaryCell>
            ))}
          </tr>
        )
      }
    />
  );
  const exportTrends = () =>
    downloadCsv(
      `book-${bookId}-trends.csv`,
      [t('date'), ...names],
      (trends.data?.list ?? []).map((l) => [
        l.date,
        ...TREND_KEYS.map((k) => (k === 'income_fen' ? yuan(l[k]) : l[k])),
      ]),
    );
  const exportRetention = () =>
    downloadCsv(
      `book-${bookId}-retention.csv`,
      [t('bookData.chapter'), t('columns.reads'), t('bookData.readThrough'), t('columns.orders')],
      (retention.data?.list ?? []).map((c) => [`${c.index} ${c.title}`, c.reads, c.read_through_permille, c.orders]),
    );
  const exportOrders = () =>
    downloadCsv(
      `book-${bookId}-orders.csv`,
      [t('date'), t('columns.orders'), `${t('columns.subscription_fen')}${t('yuan')}`],
      [
        ...(orders.data?.list ?? []).map((l) => [l.date, l.orders, yuan(l.subscription_fen)]),
        [t('total'), orders.data?.total.orders ?? 0, yuan(orders.data?.total.subscription_fen ?? 0)],
      ],
    );
  const ordersSeries = [
    { name: t('columns.orders'), type: 'bar' as const, data: (orders.data?.list ?? []).map((l) => l.orders) },
  ];
  const see = (s: Statement) => {
    setTab(s.view);
    setView('table');
    setFocus({ view: s.view, metric: s.metric, chapterId: s.chapter_id });
    if (s.view === 'retention' && s.chapter_id) {
      const at = (retention.data?.list ?? []).findIndex((c) => c.chapter_id === s.chapter_id);
      if (at >= 0) setRetentionPage(Math.floor(at / RETENTION_PAGE) + 1);
    }
  };

  return (
    <div className="ac-income" data-testid="book-data-page">
      <div className="ac-income__head">
        <h1>{t('bookData.title')}</h1>
        <span>
          <BookSelect value={bookId || undefined} onChange={(id) => id && setParams({ book_id: String(id) })} />{' '}
          <PeriodPicker value={range} onChange={setRange} />
        </span>
      </div>
      {detail.data && (
        <Card size="small" style={{ marginBottom: 16 }} data-testid="book-totals">
          <FigureStatus status="estimate" cutOffAt={detail.data.cut_off_at} note={t('bookData.sinceStart')} />
          <Row gutter={16}>
            {TREND_KEYS.map((k) => (
              <Col key={k} flex="1" data-testid={`book-total-${k}`}>
                <Statistic
                  title={t(`columns.${k}`) + (k === 'income_fen' ? t('yuan') : '')}
                  value={detail.data.totals[k]}
                  // Shown as the tables show it (万/亿 for counts, yuan from integer fen), not re-grouped.
                  formatter={(v) => (k === 'income_fen' ? yuan(Number(v)) : formatCount(Number(v)))}
                />
              </Col>
            ))}
          </Row>
        </Card>
      )}
      {trends.isError && !trends.data ? (
        <LoadError onRetry={() => trends.refetch()} />
      ) : (
        <Tabs
          activeKey={tab}
          onChange={(k) => {
            setTab(k);
            setFocus(null);
          }}
          tabBarExtraContent={<Space>{toggle}</Space>}
          items={[
            {
              key: 'trends',
              label: t('bookData.trends'),
              children: (
                <Card
                  loading={trends.isLoading}
                  extra={
                    <Button onClick={exportTrends} data-testid="export-trends">
                      {t('bookData.export')}
                    </Button>
                  }
                >
                  {trends.data && (
                    <FigureStatus status="estimate" cutOffAt={trends.data.cut_off_at} addsUp={trends.data.adds_up} />
                  )}
                  {view === 'chart' ? (
                    <Suspense fallback={<Spin />}>
                      <TrendChart
                        categories={categories}
                        series={series}
                        label={t('bookData.trends')}
                        categoryName={t('date')}
                      />
                    </Suspense>
                  ) : (
                    trendTable
                  )}
                </Card>
              ),
            },
            {
              key: 'retention',
              label: t('bookData.retention'),
              children: (
                <Card
                  loading={retention.isLoading}
                  extra={<Button onClick={exportRetention}>{t('bookData.export')}</Button>}
                >
                  {retention.data && <FigureStatus status="estimate" cutOffAt={retention.data.cut_off_at} />}
                  {view === 'chart' ? (
                    <Suspense fallback={<Spin />}>
                      <TrendChart
                        categories={(retention.data?.list ?? []).map((c) => String(c.index))}
                        series={retentionSeries}
                        label={t('bookData.retention')}
                        categoryName={t('bookData.chapter')}
                      />
                    </Suspense>
                  ) : (
                    <PlainTable<ChapterStat>
                      aria-label={t('bookData.retention')}
                      rowKey="chapter_id"
                      size="small"
                      data-testid="retention-table"
                      dataSource={retention.data?.list ?? []}
                      pagination={{ pageSize: RETENTION_PAGE, current: retentionPage, onChange: setRetentionPage }}
                      rowClassName={(c) =>
                        focus?.view === 'retention' && focus.chapterId === c.chapter_id ? FOCUS : undefined
                      }
                      columns={[
                        {
                          title: t('bookData.chapter'),
                          key: 'title',
                          render: (_: unknown, c) => (
                            <>
                              {c.index}. {c.title} {c.vip === 1 && <Tag>{t('bookData.paid')}</Tag>}
                            </>
                          ),
                        },
                        { title: t('columns.reads'), dataIndex: 'reads', align: 'right' },
                        { title: t('bookData.readThrough'), dataIndex: 'read_through_permille', align: 'right' },
                        { title: t('columns.orders'), dataIndex: 'orders', align: 'right' },
                      ]}
                    />
                  )}
                </Card>
              ),
            },
            {
              key: 'orders',
              label: t('bookData.orders'),
              children: (
                <Card
                  loading={orders.isLoading}
                  extra={
                    <Button onClick={exportOrders} data-testid="export-orders">
                      {t('bookData.export')}
                    </Button>
                  }
                >
                  {orders.data && (
                    <FigureStatus status="estimate" cutOffAt={orders.data.cut_off_at} addsUp={orders.data.adds_up} />
                  )}
                  {view === 'chart' ? (
                    <Suspense fallback={<Spin />}>
                      <TrendChart
                        categories={(orders.data?.list ?? []).map((l) => l.date.slice(5))}
                        series={ordersSeries}
                        label={t('bookData.orders')}
                        categoryName={t('date')}
                      />
                    </Suspense>
                  ) : (
                    <PlainTable<OrderDay>
                      aria-label={t('bookData.orders')}
                      rowKey="date"
                      size="small"
                      data-testid="orders-table"
                      pagination={{ pageSize: 31, hideOnSinglePage: true }}
                      dataSource={[...(orders.data?.list ?? [])].reverse()}
                      columns={[
                        { title: t('date'), dataIndex: 'date' },
                        {
                          title: t('columns.orders'),
                          dataIndex: 'orders',
                          align: 'right',
                          render: (v: number) => formatCount(v),
                        },
                        {
                          title: `${t('columns.subscription_fen')}${t('yuan')}`,
                          dataIndex: 'subscription_fen',
                          align: 'right',
                          render: (v: number) => yuan(v),
                        },
                      ]}
                      summary={
                        orders.data && (
                          <tr className="ac-income__total" data-testid="orders-total">
                            <SummaryCell>{t('total')}</SummaryCell>
                            <SummaryCell align="right">{formatCount(orders.data.total.orders)}</SummaryCell>
                            <SummaryCell align="right">{yuan(orders.data.total.subscription_fen)}</SummaryCell>
                          </tr>
                        )
                      }
                    />
                  )}
                  <h3 style={{ marginTop: 16 }}>{t('bookData.chapterOrders')}</h3>
                  <PlainTable
                    aria-label={t('bookData.chapterOrders')}
                    rowKey="chapter_id"
                    size="small"
                    data-testid="chapter-orders"
                    emptyText={t('bookData.noPaidChapters')}
                    dataSource={orders.data?.chapters ?? []}
                    columns={[
                      {
                        title: t('bookData.chapter'),
                        key: 'title',
                        render: (_: unknown, c: OrdersReply['chapters'][number]) => `${c.index}. ${c.title}`,
                      },
                      { title: t('columns.orders'), dataIndex: 'orders', align: 'right' },
                    ]}
                  />
                </Card>
              ),
            },
            {
              key: 'diagnosis',
              label: t('bookData.diagnosis'),
              children: (
                <Card loading={diagnosis.isLoading}>
                  {diagnosis.data && <FigureStatus status="estimate" cutOffAt={diagnosis.data.cut_off_at} />}
                  {diagnosis.data?.list.length ? (
                    <ul className="ac-income__diagnosis" data-testid="diagnosis">
                      {diagnosis.data.list.map((s) => (
                        <li key={`${s.kind}-${s.metric}-${s.chapter_id ?? ''}`}>
                          {s.text}{' '}
                          <Button type="link" size="small" onClick={() => see(s)}>
                            {t('bookData.see')}
                          </Button>
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <Empty description={t('bookData.noDiagnosis')} />
                  )}
                </Card>
              ),
            },
          ]}
        />
      )}
    </div>
  );
}
