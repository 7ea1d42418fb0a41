import type { LevelUpgradeItem } from '@author-centre/shared/home-api';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isAppPath } from '../app/layouts/links.tsx';
import { tellServerSeen } from './api.ts';
import { PopShell } from './PopShell.tsx';
import { useTellSeen } from './seen.ts';

/**
 * Pops 2 and 4, the author-level upgrade (§3): level, level_txt, surpass_txt, talk, background
 * image and jump_url. Pop 2 is a level change (GET /api/author-level/noticed after 2 s, naming
 * the changes); pop 4 walks the home model list's common_model cards, each reported by its
 * report_name (HOME_MODEL_REPORT) 2 s after it shows.
 */
export function LevelUpgradePop({
  source,
  items,
  onClose,
}: {
  source: 'level-change' | 'home-model';
  items: LevelUpgradeItem[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // A level change shows the newest level (the list comes newest first) and counts them all as seen.
  const cards = source === 'level-change' ? items.slice(0, 1) : items;
  const [index, setIndex] = useState(0);
  const item = cards[index];

  useTellSeen(source === 'level-change' && items.length ? `level:${items.map((i) => i.id).join(',')}` : null, () =>
    tellServerSeen.levelUpgrades(items.map((i) => i.id)),
  );
  useTellSeen(source === 'home-model' && item ? `home-model:${item.report_name}` : null, () =>
    tellServerSeen.homeModel(item!.report_name),
  );

  const next = () => {
    if (index < cards.length - 1) setIndex(index + 1);
    else onClose();
  };
  const jump = () => {
    if (!item?.jump_url) return;
    onClose();
    if (isAppPath(item.jump_url)) navigate(item.jump_url);
    else window.open(item.jump_url, '_blank', 'noopener');
  };

  if (!item) return null;
  return (
    <PopShell
      label={t('popups.level.title')}
      onClose={onClose}
      testId={source === 'level-change' ? 'level-upgrade-pop' : 'home-model-pop'}
      className="ac-level-pop"
      width={420}
    >
      <div
        className="ac-level-pop__card"
        data-report-name={item.report_name || undefined}
        style={item.bg_image_link ? { backgroundImage: `url("${encodeURI(item.bg_image_link)}")` } : undefined}
      >
        <p className="ac-level-pop__kicker">{t('popups.level.title')}</p>
        <div className="ac-level-pop__level" aria-hidden>
          {t('popups.level.levelBadge', { level: item.level })}
        </div>
        <h2 className="ac-level-pop__txt">{item.level_txt}</h2>
        {item.surpass_txt && <p className="ac-level-pop__surpass">{item.surpass_txt}</p>}
        {item.talk?.content && (
          <blockquote className="ac-level-pop__talk">
            <p>{item.talk.content}</p>
            {item.talk.author && <footer>—— {item.talk.author}</footer>}
          </blockquote>
        )}
        {cards.length > 1 && (
          <p className="ac-level-pop__counter">
            {t('popups.level.counter', { index: index + 1, total: cards.length })}
          </p>
        )}
        <div className="ac-level-pop__actions">
          <Button type="primary" shape="round" onClick={next} autoFocus>
            {t('popups.level.gotIt')}
          </Button>
          {item.jump_url && (
            <Button shape="round" onClick={jump}>
              {t('popups.level.detail')}
            </Button>
          )}
        </div>
      </div>
    </PopShell>
  );
}
