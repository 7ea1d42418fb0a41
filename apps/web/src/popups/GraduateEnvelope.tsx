import { CONFETTI } from '@author-centre/shared/constants';
import type { GraduateItem } from '@author-centre/shared/home-api';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { tellServerSeen } from './api.ts';
import { fireConfetti } from './confetti.ts';
import { PopShell } from './PopShell.tsx';
import { useTellSeen } from './seen.ts';

export const HONOR_WALL_PATH = '/front/writing-camp/honor-wall';

/** '1' is a normal graduation; anything else is excellent (§3). */
export const isExcellent = (level: string) => level !== '1';

/**
 * Pop 7, the graduate envelope: the writing-camp graduation, normal or excellent, whose button
 * goes to the honour wall. The new-user noticed call names the graduations 2 s after it shows.
 */
export function GraduateEnvelope({ items, onClose }: { items: GraduateItem[]; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  // The best result leads: an excellent graduation outshines a normal one.
  const item = items.find((g) => isExcellent(g.level)) ?? items[0];
  const excellent = item ? isExcellent(item.level) : false;

  useTellSeen(items.length ? `graduate:${items.map((g) => g.id).join(',')}` : null, () =>
    tellServerSeen.graduations(items.map((g) => g.id)),
  );

  useEffect(() => {
    const timer = setTimeout(() => setOpened(true), 800);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    if (opened) fireConfetti(CONFETTI.envelopeRepeat);
  }, [opened]);

  if (!item) return null;
  const title = excellent ? t('popups.graduate.excellent') : t('popups.graduate.normal');
  const toHonorWall = () => {
    onClose();
    navigate(HONOR_WALL_PATH);
  };

  return (
    <PopShell
      label={title}
      onClose={onClose}
      testId="graduate-envelope"
      className="ac-envelope ac-graduate"
      width={440}
    >
      <div
        className={`ac-envelope__body ac-envelope--${opened ? 'open' : 'sealed'} ac-graduate--${excellent ? 'excellent' : 'normal'}`}
        data-level={excellent ? 'excellent' : 'normal'}
      >
        <div className="ac-envelope__back" aria-hidden />
        <div className="ac-envelope__flap" aria-hidden />
        {opened ? (
          <section className="ac-envelope__letter">
            <div className="ac-graduate__ribbon" aria-hidden>
              {excellent ? '★' : '✓'}
            </div>
            <h2 className="ac-envelope__title">{title}</h2>
            <p className="ac-graduate__desc">
              {excellent
                ? t('popups.graduate.excellentDesc', { period: item.period_name })
                : t('popups.graduate.normalDesc', { period: item.period_name })}
            </p>
            {item.date && <p className="ac-badge-slide__date">{item.date}</p>}
            <div className="ac-envelope__actions">
              <Button type="primary" shape="round" size="large" onClick={toHonorWall} autoFocus>
                {t('popups.graduate.button')}
              </Button>
            </div>
          </section>
        ) : (
          <div className="ac-envelope__seal">
            <Button type="primary" shape="round" size="large" onClick={() => setOpened(true)} autoFocus>
              {t('popups.graduate.open')}
            </Button>
          </div>
        )}
      </div>
    </PopShell>
  );
}
