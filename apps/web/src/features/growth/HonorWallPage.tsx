import { useQuery } from '@tanstack/react-query';
import { Button, Empty, List, Result, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiGet } from '../../platform/api.ts';
import { CampFrame } from './CampPages.tsx';
import './i18n.ts';

interface Honor {
  list: { id: number; pen_name: string; period_name: string; excellent: boolean; date: string }[];
}

/** /front/writing-camp/honor-wall: the brand's writing-camp graduates, newest first. */
export default function HonorWallPage() {
  const { t } = useTranslation();
  const wall = useQuery({
    queryKey: ['growth', 'honor'],
    queryFn: ({ signal }) => apiGet<Honor>('/api/new-user/honor', undefined, { signal, silent: true }),
  });
  return (
    <CampFrame>
      <div className="ac-honor-wall" data-testid="honor-wall">
        <h1>{t('growth.honor.title')}</h1>
        {wall.isPending ? (
          <Skeleton active />
        ) : wall.isError ? (
          <Result
            status="warning"
            title={t('growth.loadFailed')}
            extra={<Button onClick={() => void wall.refetch()}>{t('growth.retry')}</Button>}
          />
        ) : wall.data.list.length === 0 ? (
          <Empty description={t('growth.honor.empty')} />
        ) : (
          <List
            dataSource={wall.data.list}
            renderItem={(g) => (
              <List.Item data-testid="graduate">
                <List.Item.Meta
                  title={
                    <>
                      {g.pen_name}{' '}
                      <Tag color={g.excellent ? 'gold' : 'blue'}>
                        {g.excellent ? t('growth.honor.excellent') : t('growth.honor.normal')}
                      </Tag>
                    </>
                  }
                  description={t('growth.honor.line', { period: g.period_name, date: g.date })}
                />
              </List.Item>
            )}
          />
        )}
      </div>
    </CampFrame>
  );
}
