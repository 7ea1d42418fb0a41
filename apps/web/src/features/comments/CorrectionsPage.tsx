import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlainTable } from '../../components/plain/Table.tsx';
import { correctionsApi } from './api.ts';
import { COMMENTS_NS } from './i18n.ts';
import './i18n.ts';

/** /front/reader-error-correction: chapters with pending reader corrections and how many each. */
export default function CorrectionsPage() {
  const { t } = useTranslation(COMMENTS_NS);
  const q = useQuery({ queryKey: ['corrections'], queryFn: correctionsApi.chapters });
  // Opening the page clears the count in the profile (delete-correct).
  useEffect(() => {
    correctionsApi.seen().catch(() => {});
  }, []);
  return (
    <div>
      <Typography.Title level={4}>{t('corrections.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('corrections.hint')}</Typography.Paragraph>
      {q.isError ? (
        <Alert
          type="error"
          message={t('loadFailed')}
          action={<Button onClick={() => q.refetch()}>{t('retry')}</Button>}
        />
      ) : (
        <PlainTable
          aria-label={t('corrections.title')}
          rowKey="chapter_id"
          loading={q.isLoading}
          dataSource={q.data?.list ?? []}
          pagination={false}
          emptyText={<Empty description={t('corrections.empty')} />}
          columns={[
            { title: t('corrections.book'), dataIndex: 'book_title' },
            { title: t('corrections.chapter'), dataIndex: 'chapter_title' },
            { title: t('corrections.count'), dataIndex: 'count' },
            {
              title: t('corrections.latest'),
              dataIndex: 'latest_at',
              render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm'),
            },
            {
              title: '',
              key: 'open',
              render: (_: unknown, r) => (
                <Link to={`/front/reader-error-correction/detail?chapter_id=${r.chapter_id}`}>
                  {t('corrections.open')}
                </Link>
              ),
            },
          ]}
        />
      )}
    </div>
  );
}
