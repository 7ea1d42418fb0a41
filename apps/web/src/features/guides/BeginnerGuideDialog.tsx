import { BEGINNER_GUIDE_ID, SIGNING_GUIDE } from '@author-centre/shared/constants';
import { Button, Modal, Radio, Space } from 'antd';
import { useEffect, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BrandLink, useForumLinks } from '../../app/layouts/links.tsx';
import { useBrand } from '../../platform/brand.tsx';
import { closedGuide, type GuideChoice, guideReducer, guideView } from './beginner-guide.ts';
import { saveGuidesSeen } from './guide-api.ts';
import './i18n.ts';
import './guides.css';

const CHOICES: GuideChoice[] = ['long', 'short', 'skip'];

/** Where "start creating" leads: book creation of the chosen kind. */
export const CREATE_BOOK_PATHS = {
  long: '/front/book-manage/list?create=1',
  short: '/front/book-manage/short?create=1',
} as const;

/**
 * The beginner guide dialog (§2, §4): choose novel, short story or skip; then the path's steps
 * with a step counter and prev/next; welcome offers the forum guide and start-creating. Each
 * opening starts over at select with the novel preselected. Opened automatically (pop 10) it
 * records guide 37 as seen.
 */
export function BeginnerGuideDialog({
  open,
  auto = false,
  onClose,
}: {
  open: boolean;
  auto?: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const brand = useBrand();
  const forum = useForumLinks();
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(guideReducer, closedGuide);
  const recorded = useRef(false);

  useEffect(() => {
    if (open) dispatch({ type: 'open', auto });
    else dispatch({ type: 'close' });
  }, [open, auto]);

  useEffect(() => {
    if (state.open && state.auto && !recorded.current) {
      recorded.current = true;
      saveGuidesSeen([BEGINNER_GUIDE_ID]).catch(() => {
        recorded.current = false;
      });
    }
  }, [state.open, state.auto]);

  // The reducer closes on 'skip'; the owner learns of it here.
  useEffect(() => {
    if (open && !state.open && state.step === 'select' && state.choice === 'skip') onClose();
  }, [open, state, onClose]);

  const view = guideView(state);
  const kind = state.choice === 'short' ? 'short' : 'long';
  const vars = {
    condition: brand.applySignCondition,
    short: brand.shortStorySignCondition,
    listing: `${SIGNING_GUIDE.novelFreeAppListingChars / 10_000}万`,
    day: SIGNING_GUIDE.royaltyPaymentDayOfMonth,
  };
  const stepText = (step: string) => {
    const key = `guides.beginner.steps.${step}`;
    return t(`${key}.${kind}`, { ...vars, defaultValue: t(`${key}.long`, vars) });
  };

  const startCreating = () => {
    onClose();
    navigate(CREATE_BOOK_PATHS[kind]);
  };

  return (
    <Modal
      open={open && state.open}
      centered
      width={560}
      title={t('guides.beginner.title')}
      footer={null}
      maskClosable={false}
      onCancel={onClose}
      destroyOnHidden
      className="ac-beginner-guide"
      closable={{ 'aria-label': t('guides.beginner.close') }}
    >
      <div data-testid="beginner-guide" data-step={state.step}>
        {state.step === 'select' ? (
          <div className="ac-beginner-guide__select">
            <p className="ac-beginner-guide__lead">{t('guides.beginner.selectTitle')}</p>
            <Radio.Group
              value={state.choice}
              onChange={(e) => dispatch({ type: 'choose', choice: e.target.value as GuideChoice })}
              className="ac-beginner-guide__options"
            >
              <Space direction="vertical" style={{ width: '100%' }}>
                {CHOICES.map((value) => (
                  <Radio key={value} value={value} className="ac-beginner-guide__option">
                    <strong>{t(`guides.beginner.options.${value}.label`)}</strong>
                    <span>{t(`guides.beginner.options.${value}.text`)}</span>
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
            <div className="ac-beginner-guide__actions">
              <Button type="primary" disabled={!view.canConfirm} onClick={() => dispatch({ type: 'confirm' })}>
                {t('guides.beginner.confirm')}
              </Button>
            </div>
          </div>
        ) : (
          <div className="ac-beginner-guide__step">
            <p className="ac-beginner-guide__counter" data-testid="guide-counter">
              {t('guides.beginner.counter', { index: view.index, total: view.total })}
            </p>
            <h3>{t(`guides.beginner.steps.${state.step}.title`)}</h3>
            <p className="ac-beginner-guide__text">{stepText(state.step)}</p>
            {state.step === 'welcome' && (
              <div className="ac-beginner-guide__welcome">
                {/* The configured forum's new-author board (Discourse, a new tab) or, with the embedded forum,
                    the help centre's new-author guide: never a forum host that does not exist. */}
                <BrandLink url={forum.guide}>{t('guides.beginner.detail')}</BrandLink>
                <Button type="primary" onClick={startCreating}>
                  {t('guides.beginner.start')}
                </Button>
              </div>
            )}
            <div className="ac-beginner-guide__actions">
              <Button onClick={() => dispatch({ type: 'prev' })} disabled={!view.canPrev}>
                {t('guides.beginner.prev')}
              </Button>
              <Button type="primary" onClick={() => dispatch({ type: 'next' })} disabled={!view.canNext} autoFocus>
                {t('guides.beginner.next')}
              </Button>
            </div>
          </div>
        )}
      </div>
    </Modal>
  );
}
