import type { BadgeItem } from '@author-centre/shared/home-api';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Progress, Result, Skeleton, Tag, Timeline } from 'antd';
import { useTranslation } from 'react-i18next';
import { ImageWithFallback } from '../../components/ImageWithFallback.tsx';
import { apiGet } from '../../platform/api.ts';
import type { BadgeRule } from '../growth/api.ts';
import '../growth/i18n.ts';
import './i18n.ts';
import './home.css';

interface Wall {
  /** `rule`: how the badge is earned and the author's progress (growth module); null when only given by hand. */
  list: (BadgeItem & { owned: boolean; rule: BadgeRule | null })[];
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
                {!b.owned && b.rule && (
                  <>
                    <p className="ac-home-muted">{t(`growth.medal.kind.${b.rule.kind}`, { n: b.rule.threshold })}</p>
                    <Progress
                      size="small"
                      percent={Math.floor((100 * b.rule.current) / b.rule.threshold)}
                      format={() => t('growth.medal.progress', b.rule ?? {})}
                    />
                  </>
                )}
              </li>
            ))}
          </ul>
          <BadgeTimeline />
        </>
      )}
    </div>
  );
}

interface TimelineItem {
  id: number;
  title: string;
  desc: string;
  date: string;
}

/** The badge timeline: what the author earned, newest first. */
function BadgeTimeline() {
  const { t } = useTranslation();
  const timeline = useQuery({
    queryKey: ['medal-wall', 'timeline'],
    queryFn: ({ signal }) =>
      apiGet<{ list: TimelineItem[] }>('/api/pc/v1/badge/timeline', undefined, { signal, silent: true }),
  });
  if (!timeline.data) return null;
  return (
    <section data-testid="badge-timeline">
      <h2>{t('growth.medal.timeline')}</h2>
      {timeline.data.list.length === 0 ? (
        <p className="ac-home-muted">{t('growth.medal.timelineEmpty')}</p>
      ) : (
        <Timeline items={timeline.data.list.map((b) => ({ key: b.id, children: `${b.date} ${b.title}` }))} />
      )}
    </section>
  );
}
