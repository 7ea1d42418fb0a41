import type { BadgeItem } from '@author-centre/shared/home-api';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Result, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ImageWithFallback } from '../../components/ImageWithFallback.tsx';
import { apiGet } from '../../platform/api.ts';
import './i18n.ts';
import './home.css';

interface Wall {
  list: (BadgeItem & { owned: boolean })[];
  owned: number;
  total: number;
}

/** /front/page/medal-wall: every badge of the brand, owned ones in colour with their date. */
export default function MedalWallPage() {
  const { t } = useTranslation();
  const wall = useQuery({
    queryKey: ['medal-wall'],
    queryFn: ({ signal }) => apiGet<Wall>('/api/pc/v1/badge/list', undefined, { signal, silent: true }),
  });
  return (
    <div className="ac-medal-wall" data-testid="medal-wall">
      <h1>{t('medalWall.title')}</h1>
      {wall.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : wall.isError ? (
        <Result
          status="warning"
          title={t('medalWall.failed')}
          extra={
            <Button type="primary" onClick={() => void wall.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : wall.data.list.length === 0 ? (
        <Empty description={t('medalWall.empty')} />
      ) : (
        <>
          <p>{t('medalWall.summary', { owned: wall.data.owned, total: wall.data.total })}</p>
          <ul>
            {wall.data.list.map((b) => (
              <li key={b.id} className={b.owned ? 'is-owned' : 'is-locked'} data-testid="medal">
                <ImageWithFallback
                  src={Array.isArray(b.image) ? b.image[0] : b.image}
                  alt={b.title}
                  width={96}
                  height={96}
                />
                <h3>{b.title}</h3>
                <Tag color={b.owned ? 'gold' : undefined}>{b.owned ? t('medalWall.owned') : t('medalWall.locked')}</Tag>
                <p className="ac-home-muted">{b.owned ? t('medalWall.date', { date: b.date }) : b.advance_text}</p>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
