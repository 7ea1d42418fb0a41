import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { CONFETTI, POPUP } from '@author-centre/shared/constants';
import type { BadgeItem, BadgePopData } from '@author-centre/shared/home-api';
import { Button } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ImageWithFallback } from '../components/ImageWithFallback.tsx';
import { tellServerSeen } from './api.ts';
import { carouselSlides } from './carousel.ts';
import { fireConfetti } from './confetti.ts';
import { PopShell } from './PopShell.tsx';
import { useTellSeen } from './seen.ts';

export const MEDAL_WALL_PATH = '/front/page/medal-wall';

type Phase = 'sealed' | 'opening' | 'open';
const OPENING_MS = 700;

/**
 * Pop 3, the badge envelope (§3, §4): opens with an animation (animation '1', the default) and
 * fireworks (100 particles, once), shows each badge with a '+growth value' note for 3 s, and closes
 * by its close button, its main button ('太棒了' by default) or 'view more badges' (the medal wall,
 * in a new tab unless already there).
 */
export function BadgeEnvelope({ data, onClose }: { data: BadgePopData; onClose: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const list = data.list;
  const slides = useMemo(() => carouselSlides(list), [list]);
  const fields = new Set(data.fields?.length ? data.fields : ['title', 'image', 'talk', 'advanceText', 'tips']);
  const [phase, setPhase] = useState<Phase>(data.animation === '0' ? 'open' : 'sealed');
  const [active, setActive] = useState(0);
  const [noteFor, setNoteFor] = useState<number | null>(null);
  const [paused, setPaused] = useState(false);
  const fired = useRef(false);

  useTellSeen(list.length ? `badges:${list.map((b) => b.id).join(',')}` : null, () =>
    tellServerSeen.badges(list.map((b) => b.id)),
  );

  const open = useCallback(() => {
    setPhase((p) => (p === 'sealed' ? 'opening' : p));
  }, []);

  useEffect(() => {
    if (phase === 'sealed') {
      const timer = setTimeout(open, 900);
      return () => clearTimeout(timer);
    }
    if (phase === 'opening') {
      const timer = setTimeout(() => setPhase('open'), OPENING_MS);
      return () => clearTimeout(timer);
    }
    if (!fired.current) {
      fired.current = true;
      fireConfetti(CONFETTI.envelopeRepeat);
    }
    return undefined;
  }, [phase, open]);

  const current: BadgeItem | undefined = slides[active % Math.max(1, slides.length)];

  // The growth note shows for 3 s each time a badge comes up.
  useEffect(() => {
    if (phase !== 'open' || !current || current.author_level_score <= 0) return undefined;
    setNoteFor(active);
    const timer = setTimeout(() => setNoteFor(null), POPUP.growthNoteMs);
    return () => clearTimeout(timer);
  }, [phase, active, current]);

  // Several badges turn by themselves, one per note, unless the pointer rests on one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new slide restarts the timer.
  useEffect(() => {
    if (phase !== 'open' || slides.length < 2 || paused) return undefined;
    const timer = setTimeout(() => setActive((i) => (i + 1) % slides.length), POPUP.growthNoteMs);
    return () => clearTimeout(timer);
  }, [phase, active, slides.length, paused]);

  const step = (delta: number) => setActive((i) => (i + delta + slides.length) % slides.length);

  const viewMore = () => {
    onClose();
    if (!pathname.startsWith(MEDAL_WALL_PATH)) window.open(MEDAL_WALL_PATH, '_blank', 'noopener');
  };
  const mainButton = () => {
    if (data.btnType === 'fireworks') fireConfetti(CONFETTI.envelopeRepeat);
    onClose();
  };

  const title = list.length > 1 ? t('popups.badge.titleMany', { count: list.length }) : t('popups.badge.title');

  return (
    <PopShell label={title} onClose={onClose} testId="badge-envelope" className="ac-envelope" width={460}>
      <div className={`ac-envelope__body ac-envelope--${phase}`} data-phase={phase}>
        <div className="ac-envelope__back" aria-hidden />
        <div className="ac-envelope__flap" aria-hidden />
        {phase === 'sealed' ? (
          <div className="ac-envelope__seal">
            <p>{t('popups.badge.openHint')}</p>
            <Button type="primary" shape="round" size="large" onClick={open} autoFocus>
              {t('popups.badge.open')}
            </Button>
          </div>
        ) : (
          <section
            className="ac-envelope__letter"
            aria-roledescription="carousel"
            aria-label={t('popups.badge.carousel')}
          >
            <h2 className="ac-envelope__title">{title}</h2>
            <div
              className="ac-badge-carousel"
              aria-live="polite"
              onMouseEnter={() => setPaused(true)}
              onMouseLeave={() => setPaused(false)}
            >
              <div className="ac-badge-carousel__track" style={{ transform: `translateX(-${active * 100}%)` }}>
                {slides.map((badge, i) => (
                  <BadgeSlide
                    // biome-ignore lint/suspicious/noArrayIndexKey: duplicated slides share an id.
                    key={i}
                    badge={badge}
                    fields={fields}
                    active={i === active}
                    showNote={i === active && noteFor === active}
                    label={t('popups.badge.counter', { index: (i % list.length) + 1, total: list.length })}
                  />
                ))}
              </div>
            </div>
            {list.length > 1 && (
              <div className="ac-badge-carousel__nav">
                <Button
                  shape="circle"
                  icon={<LeftOutlined />}
                  aria-label={t('popups.badge.prev')}
                  onClick={() => step(-1)}
                />
                <span data-testid="badge-counter">
                  {(active % list.length) + 1} / {list.length}
                </span>
                <Button
                  shape="circle"
                  icon={<RightOutlined />}
                  aria-label={t('popups.badge.next')}
                  onClick={() => step(1)}
                />
              </div>
            )}
            <div className="ac-envelope__actions">
              <Button type="primary" shape="round" size="large" onClick={mainButton} autoFocus>
                {data.button_text || POPUP.defaultBadgeButtonText}
              </Button>
              {data.btnType !== 'fireworks' && (
                <Button type="link" onClick={viewMore}>
                  {t('popups.badge.viewMore')}
                </Button>
              )}
            </div>
          </section>
        )}
      </div>
    </PopShell>
  );
}

export function BadgeSlide({
  badge,
  fields,
  active,
  showNote,
  label,
}: {
  badge: BadgeItem;
  fields: Set<string>;
  active: boolean;
  showNote: boolean;
  label: string;
}) {
  const { t } = useTranslation();
  const image = Array.isArray(badge.image) ? badge.image[0] : badge.image;
  return (
    <div
      className="ac-badge-slide"
      data-testid="badge-slide"
      data-badge-id={badge.id}
      data-active={active ? 'true' : 'false'}
      aria-hidden={!active}
      aria-roledescription="slide"
      aria-label={label}
    >
      {fields.has('image') && (
        <div className="ac-badge-slide__image">
          <ImageWithFallback src={image} alt={badge.title} width={120} height={120} />
          {showNote && (
            <span className="ac-badge-slide__growth" data-testid="growth-note">
              {t('popups.badge.growth', { count: badge.author_level_score })}
            </span>
          )}
        </div>
      )}
      {fields.has('title') && <h3 className="ac-badge-slide__name">{badge.title}</h3>}
      {fields.has('advanceText') && badge.advance_text && (
        <p className="ac-badge-slide__advance">{badge.advance_text}</p>
      )}
      {badge.desc && <p className="ac-badge-slide__desc">{badge.desc}</p>}
      {fields.has('talk') && badge.talk?.content && (
        <blockquote className="ac-badge-slide__talk">
          <p>{badge.talk.content}</p>
          {badge.talk.author && <footer>—— {badge.talk.author}</footer>}
        </blockquote>
      )}
      {fields.has('tips') && badge.tips && <p className="ac-badge-slide__tips">{badge.tips}</p>}
      {badge.date && <p className="ac-badge-slide__date">{t('popups.badge.date', { date: badge.date })}</p>}
    </div>
  );
}
