import { Alert, Button, Empty, Result, Select, Space, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PlainTable } from '../../components/plain/Table.tsx';
import { type IllustrationChapter, useAiConfig, useIllustrationChapters } from './creative-api.ts';
import { CREATIVE_NS } from './i18n.ts';
import './creative.css';

/** /front/interactive-images: the author's books and each chapter with how many illustrations it has. */
export default function InteractiveImagesPage() {
  const { t } = useTranslation(CREATIVE_NS);
  const [params, setParams] = useSearchParams();
  const bookId = Number(params.get('book_id')) || 0;
  const chapters = useIllustrationChapters(bookId);
  const ai = useAiConfig();

  if (chapters.isError && !chapters.data) {
    return (
      <Result
        status="warning"
        title={t('images.loadFailed')}
        extra={<Button onClick={() => void chapters.refetch()}>{t('images.retry')}</Button>}
      />
    );
  }
  if (!chapters.data) {
    return (
      <div className="ac-creative-center">
        <Spin />
      </div>
    );
  }
  const data = chapters.data;
  return (
    <div className="ac-creative-page">
      <Typography.Title level={3}>{t('images.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('images.intro')}</Typography.Paragraph>
      {ai.data && !ai.data.available && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('images.aiUnavailable')}
          data-testid="ai-unavailable"
        />
      )}
      {data.books.length === 0 ? (
        <Empty description={t('images.noBooks')} />
      ) : (
        <>
          <Space style={{ marginBottom: 16 }}>
            <span>{t('images.chooseBook')}</span>
            <Select
              style={{ width: 320 }}
              value={data.book_id ?? undefined}
              options={data.books.map((b) => ({ value: b.book_id, label: b.title }))}
              onChange={(id: number) => setParams({ book_id: String(id) })}
              data-testid="images-book"
            />
          </Space>
          <PlainTable<IllustrationChapter>
            aria-label={t('images.title')}
            rowKey="chapter_id"
            dataSource={data.list}
            pagination={false}
            emptyText={t('images.noChapters')}
            columns={[
              { title: t('images.chapter'), dataIndex: 'title' },
              {
                title: t('images.status'),
                dataIndex: 'status',
                render: (s: IllustrationChapter['status']) => (
                  <Tag color={s === 'draft' ? 'default' : 'green'}>{t(`images.statuses.${s}`)}</Tag>
                ),
              },
              { title: t('images.count'), dataIndex: 'illustration_count' },
              {
                title: t('images.action'),
                render: (_: unknown, c) => (
                  <Link to={`/front/interactive-images/detail?chapter_id=${c.chapter_id}`}>
                    {t('images.illustrate')}
                  </Link>
                ),
              },
            ]}
          />
        </>
      )}
    </div>
  );
}
