import type { PageKey } from '@author-centre/shared/constants';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthorProfile } from '../../platform/author-profile.ts';
import { saveGuidesSeen } from './guide-api.ts';
import { advance, dueGuides, type GuideTourState } from './page-guides.ts';
import './i18n.ts';
import './guides.css';

/**
 * The feature guide of the current page (§4 "Guides"), one at a time, as a card in the corner with
 * its steps. Finishing or closing it posts save-guide-config with its type.
 */
export function PageGuides({ pageKey, loggedIn }: { pageKey: PageKey | undefined; loggedIn: boolean }) {
  const { t } = useTranslation();
  const profile = useAuthorProfile(loggedIn);
  const [shown, setShown] = useState<number[]>([]);
  const [tour, setTour] = useState<GuideTourState>({ guide: null, step: 0 });
  const due = dueGuides(pageKey, profile.data?.guide_conf, shown);
  const next = due[0] ?? null;

  // Leaving the page puts an unfinished guide away: it waits for its own page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the page changing only.
  useEffect(() => {
    setTour({ guide: null, step: 0 });
  }, [pageKey]);
  useEffect(() => {
    if (tour.guide === null && next !== null) setTour({ guide: next, step: 0 });
  }, [next, tour.guide]);

  if (tour.guide === null) return null;
  const guide = tour.guide;
  const steps = t(`guides.page.${guide}.steps`, { returnObjects: true }) as unknown as string[];
  const total = Array.isArray(steps) ? steps.length : 1;

  const finish = (id: number) => {
    setShown((s) => [...s, id]);
    saveGuidesSeen([id]).catch(() => {
      // Not recorded: the guide may show again on a later visit.
    });
  };
  const onNext = () => {
    const r = advance(tour, total);
    setTour(r.state);
    if (r.finished !== null) finish(r.finished);
  };
  const onClose = () => {
    setTour({ guide: null, step: 0 });
    finish(guide);
  };

  // The card arrives when the profile does, often while the author is already typing or has a menu open:
  // it is announced (aria-live) and reachable by Tab, but never takes the focus, which would close that
  // menu or move the caret out of the author's text.
  return (
    <section
      className="ac-page-guide"
      aria-live="polite"
      data-testid="page-guide"
      data-guide-id={guide}
      aria-label={t(`guides.page.${guide}.title`)}
    >
      <header>
        <strong>{t(`guides.page.${guide}.title`)}</strong>
        <span className="ac-page-guide__counter">{t('guides.page.counter', { index: tour.step + 1, total })}</span>
      </header>
      <p>{Array.isArray(steps) ? steps[tour.step] : ''}</p>
      <footer>
        <Button size="small" type="text" onClick={onClose}>
          {t('popups.close')}
        </Button>
        <Button size="small" type="primary" onClick={onNext}>
          {tour.step < total - 1 ? t('guides.page.next') : t('guides.page.done')}
        </Button>
      </footer>
    </section>
  );
}
