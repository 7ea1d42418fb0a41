import { CloseOutlined, RobotOutlined } from '@ant-design/icons';
import { AI_ASSISTANT } from '@author-centre/shared/constants';
import { type MouseEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { AI_NS } from './i18n.ts';
import { type Position, usePressDrag } from './usePressDrag.ts';

const WIDGET_SIZE = { width: 72, height: 72 };
const TAB_SIZE = { width: 28, height: 96 };

function defaultWidgetPosition(): Position {
  return {
    left: Math.max(0, window.innerWidth - WIDGET_SIZE.width - 24),
    top: Math.max(0, Math.round(window.innerHeight * 0.55) - WIDGET_SIZE.height),
  };
}

/** Keyboard activation of a button (Enter/Space give a click with detail 0); pointer presses are judged by time. */
const isKeyboardClick = (e: MouseEvent) => e.detail === 0;

/**
 * The floating assistant (§2, §4): click (press < 200 ms) opens the drawer, a longer press drags it;
 * hovering 500 ms shows a prompt with the default questions, which hides 500 ms after the pointer
 * leaves; its animation replays every 180000 ms; hiding asks first and leaves a tab.
 */
export function AiWidget(props: {
  /** Out of sight (kept in place) while the drawer is open. */
  concealed?: boolean;
  questions: string[];
  onOpen: () => void;
  onAsk: (question: string) => void;
  onHide: () => void;
}) {
  const { t } = useTranslation(AI_NS);
  const [position, setPosition] = useState<Position | null>(null);
  const [prompt, setPrompt] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [animation, setAnimation] = useState(0);
  const hoverTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const ref = useRef<HTMLDivElement>(null);

  const { dragging, handlers } = usePressDrag({
    origin: () => position ?? defaultWidgetPosition(),
    size: () => WIDGET_SIZE,
    onClick: () => {
      setPrompt(false);
      props.onOpen();
    },
    onMove: setPosition,
  });

  // The attention animation plays on arrival and again every 180000 ms.
  useEffect(() => {
    const timer = setInterval(() => setAnimation((n) => n + 1), AI_ASSISTANT.animationReplayMs);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => () => clearTimeout(hoverTimer.current), []);

  const enter = () => {
    clearTimeout(hoverTimer.current);
    hoverTimer.current = setTimeout(() => setPrompt(true), AI_ASSISTANT.hoverDelayMs);
  };
  const leave = () => {
    clearTimeout(hoverTimer.current);
    hoverTimer.current = setTimeout(() => setPrompt(false), AI_ASSISTANT.hoverDelayMs);
  };

  useEffect(() => {
    if (props.concealed) {
      clearTimeout(hoverTimer.current);
      setPrompt(false);
    }
  }, [props.concealed]);

  const place = position ?? defaultWidgetPosition();
  const promptOnLeft = place.left > 340;

  return (
    <div
      ref={ref}
      className={`ac-ai-widget${dragging ? ' is-dragging' : ''}${props.concealed ? ' is-concealed' : ''}`}
      aria-hidden={props.concealed || undefined}
      style={{ left: place.left, top: place.top }}
      onPointerEnter={enter}
      onPointerLeave={leave}
      data-testid="ai-widget"
    >
      <button
        type="button"
        // The key restarts the animation each time it replays.
        key={animation}
        className="ac-ai-widget__button is-animating"
        aria-label={t('open')}
        data-animation={animation}
        {...handlers}
        onClick={(e) => {
          if (isKeyboardClick(e)) props.onOpen();
        }}
      >
        <RobotOutlined aria-hidden />
        <span className="ac-ai-widget__label">{t('title')}</span>
      </button>
      <button
        type="button"
        className="ac-ai-widget__hide"
        aria-label={t('hide')}
        title={t('hide')}
        onClick={() => setConfirming(true)}
      >
        <CloseOutlined aria-hidden />
      </button>
      {prompt && !dragging && !props.concealed && (
        <div
          className={`ac-ai-prompt ${promptOnLeft ? 'is-left' : 'is-right'}`}
          role="dialog"
          aria-label={t('hoverPrompt')}
        >
          <p className="ac-ai-prompt__title">{t('hoverPrompt')}</p>
          <ul>
            {props.questions.slice(0, 3).map((q) => (
              <li key={q}>
                <button
                  type="button"
                  onClick={() => {
                    setPrompt(false);
                    props.onAsk(q);
                  }}
                >
                  {q}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('hideTitle')}
        plainTxt={t('hideDesc')}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          props.onHide();
        }}
      />
    </div>
  );
}

/** The small tab left on the right edge after hiding: drag it up or down, click to bring the assistant back. */
export function AiReopenTab(props: { onReopen: () => void }) {
  const { t } = useTranslation(AI_NS);
  const [top, setTop] = useState<number | null>(null);
  const defaultTop = () => Math.max(0, Math.round(window.innerHeight * 0.55) - TAB_SIZE.height);
  const { dragging, handlers } = usePressDrag({
    origin: () => ({ left: window.innerWidth - TAB_SIZE.width, top: top ?? defaultTop() }),
    size: () => TAB_SIZE,
    onClick: props.onReopen,
    onMove: (p) => setTop(p.top),
    verticalOnly: true,
  });
  return (
    <button
      type="button"
      className={`ac-ai-tab${dragging ? ' is-dragging' : ''}`}
      style={{ top: top ?? defaultTop() }}
      aria-label={t('reopen')}
      title={t('reopen')}
      data-testid="ai-tab"
      {...handlers}
      onClick={(e) => {
        if (isKeyboardClick(e)) props.onReopen();
      }}
    >
      <RobotOutlined aria-hidden />
      <span>{t('title')}</span>
    </button>
  );
}
