import { formatCount } from '@author-centre/shared/format';
import { Card, Col, Progress, Result, Row, Spin, Statistic, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { WORKS_NS } from './i18n.ts';
import { isMissing, LoadFailed } from './LoadFailed.tsx';
import { idParam, useStage } from './works-api.ts';
import './works.css';

/**
 * book-manage/stage: the book's growth stage — words per day, the update streak and where it
 * stands against its brand's sign-up threshold (§1 applySignCondition; short stories 4000).
 */
export default function StagePage() {
  const { t } = useTranslation(WORKS_NS);
  const [params] = useSearchParams();
  const bookId = idParam(params, 'book_id');
  const stage = useStage(bookId);
  if (!bookId || (stage.isError && isMissing(stage.error))) {
    return (
      <Result
        status="404"
        title={t('info.notFound')}
        extra={<Link to="/front/book-manage/list">{t('info.backToList')}</Link>}
      />
    );
  }
  if (stage.isError && !stage.data) return <LoadFailed onRetry={() => stage.refetch()} />;
  if (!stage.data) {
    return (
      <div className="ac-works-center">
        <Spin />
      </div>
    );
  }
  const s = stage.data;
  const max = Math.max(1, ...s.daily.map((d) => d.words));
  return (
    <div className="ac-works-page">
      <div className="ac-works-page__head">
        <h1>
          {s.title} · {t('stage.title')}
        </h1>
        <Tag color={s.can_apply_sign ? 'green' : 'orange'} data-testid="stage-tag">
          {t(`stage.stages.${s.stage}`)}
        </Tag>
      </div>
      <Typography.Paragraph type="secondary" data-testid="stage-explain">
        {t(`stage.stageExplain.${s.stage}`, { words: formatCount(s.sign_threshold) })}
      </Typography.Paragraph>
      <Card style={{ marginBottom: 16 }}>
        <Typography.Title level={5}>{t('stage.signProgress')}</Typography.Title>
        <Progress percent={Math.floor(s.sign_progress * 100)} status={s.can_apply_sign ? 'success' : 'active'} />
        <Typography.Paragraph>
          {t('stage.signTarget', { words: formatCount(s.sign_threshold), condition: s.sign_condition_text })}
        </Typography.Paragraph>
        <Typography.Paragraph strong>
          {s.can_apply_sign ? (
            <>
              {t('stage.signReady')}{' '}
              <Link to={`/front/book-manage/online-sign?book_id=${s.book_id}`}>{t('stage.goSign')}</Link>
            </>
          ) : (
            `${t('stage.remaining', { words: formatCount(s.words_to_threshold) })}${t('stage.paceSeparator')}${
              s.days_to_threshold !== null ? t('stage.daysLeft', { days: s.days_to_threshold }) : t('stage.daysUnknown')
            }`
          )}
        </Typography.Paragraph>
        <Typography.Text type="secondary">
          {s.kind === 'short'
            ? t('stage.shortHint')
            : s.listing_threshold
              ? t('stage.listingHint', { words: formatCount(s.listing_threshold) })
              : null}
        </Typography.Text>
      </Card>
      {/* Every number says what it counts: words of which chapters, which days, in which time zone. */}
      <Row gutter={16} style={{ marginBottom: 16 }} className="ac-stage__stats">
        {(
          [
            ['published', t('stage.published'), s.published_words],
            ['total', t('stage.total'), s.total_words],
            ['avg7', t('stage.avg7'), s.avg_words_7d],
            ['streak', t('stage.streak'), t('stage.streakDays', { count: s.streak })],
            ['updateDays', t('stage.updateDays'), s.update_days],
            ['created', t('stage.created'), t('stage.streakDays', { count: s.days_since_created })],
          ] as const
        ).map(([key, title, value]) => (
          <Col span={4} key={key} data-testid={`stage-stat-${key}`}>
            <Statistic title={title} value={value} />
            <Typography.Text type="secondary" className="ac-stage__explain">
              {t(`stage.explain.${key}`)}
            </Typography.Text>
          </Col>
        ))}
      </Row>
      <Card title={t('stage.daily')}>
        <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
          {t('stage.explain.daily', { max: formatCount(Math.max(0, ...s.daily.map((d) => d.words))) })}
        </Typography.Paragraph>
        <div className="ac-stage__bars" role="img" aria-label={t('stage.daily')}>
          {s.daily.map((d) => (
            <Tooltip key={d.date} title={`${d.date} · ${d.words}`}>
              <div className="ac-stage__bar" style={{ height: `${(d.words / max) * 100}%` }} />
            </Tooltip>
          ))}
        </div>
        <div style={{ display: 'flex', justifyContent: 'space-between', color: '#999', fontSize: 12 }}>
          <span>{s.daily[0]?.date}</span>
          <span>{s.daily.at(-1)?.date}</span>
        </div>
      </Card>
    </div>
  );
}
