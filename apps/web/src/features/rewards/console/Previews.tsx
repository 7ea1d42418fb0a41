import { POPUP } from '@author-centre/shared/constants';
import type { BadgeItem } from '@author-centre/shared/home-api';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { BadgeSlide } from '../../../popups/BadgeEnvelope.tsx';
import '../../../popups/i18n.ts';
import '../../../popups/popups.css';
import type { Talk } from './rewards-api.ts';

const ENVELOPE_FIELDS = new Set(['title', 'image', 'talk', 'advanceText', 'tips']);

/** The badge as its envelope (pop 3) shows it to the author, with the same slide the author sees. */
export function BadgeEnvelopePreview(props: {
  title: string;
  image: string;
  advance_text: string;
  desc: string;
  tips: string;
  talk: Talk;
  growth_value: number;
}) {
  const { t } = useTranslation();
  const badge: BadgeItem = {
    id: 0,
    title: props.title,
    image: props.image,
    advance_text: props.advance_text,
    desc: props.desc,
    tips: props.tips,
    date: '',
    talk: props.talk,
    author_level_score: props.growth_value,
  };
  return (
    <div className="ac-envelope__letter" data-testid="badge-preview" style={{ animation: 'none' }}>
      <h2 className="ac-envelope__title">{t('popups.badge.title')}</h2>
      <BadgeSlide
        badge={badge}
        fields={ENVELOPE_FIELDS}
        active
        showNote={props.growth_value > 0}
        label={t('popups.badge.counter', { index: 1, total: 1 })}
      />
      <div className="ac-envelope__actions">
        <Button type="primary" shape="round" tabIndex={-1}>
          {POPUP.defaultBadgeButtonText}
        </Button>
        <Button type="link" tabIndex={-1}>
          {t('popups.badge.viewMore')}
        </Button>
      </div>
    </div>
  );
}

/** The level-upgrade pop (pop 2) as the author sees it for this level. */
export function LevelPopPreview(props: {
  level: number;
  level_txt: string;
  surpass_txt: string;
  talk: Talk;
  bg_image_link: string;
  jump_url: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="ac-level-pop" data-testid="level-preview">
      <div
        className="ac-level-pop__card"
        style={props.bg_image_link ? { backgroundImage: `url("${encodeURI(props.bg_image_link)}")` } : undefined}
      >
        <p className="ac-level-pop__kicker">{t('popups.level.title')}</p>
        <div className="ac-level-pop__level" aria-hidden>
          {t('popups.level.levelBadge', { level: props.level })}
        </div>
        <h2 className="ac-level-pop__txt">{props.level_txt}</h2>
        {props.surpass_txt && <p className="ac-level-pop__surpass">{props.surpass_txt}</p>}
        {props.talk.content && (
          <blockquote className="ac-level-pop__talk">
            <p>{props.talk.content}</p>
            {props.talk.author && <footer>—— {props.talk.author}</footer>}
          </blockquote>
        )}
        <div className="ac-level-pop__actions">
          <Button type="primary" shape="round" tabIndex={-1}>
            {t('popups.level.gotIt')}
          </Button>
          {props.jump_url && (
            <Button shape="round" tabIndex={-1}>
              {t('popups.level.detail')}
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
