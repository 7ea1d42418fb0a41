import { ReloadOutlined } from '@ant-design/icons';
import { Button, Modal, Spin } from 'antd';
import { type KeyboardEvent, type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUTH_NS } from '../features/auth/i18n.ts';
import { apiGet, apiPost } from '../platform/api.ts';
import { ApiError } from '../platform/api-error.ts';
import './captcha.css';

interface Puzzle {
  id: string;
  background: string;
  piece: string;
  width: number;
  height: number;
  piece_size: number;
  y: number;
}

export interface CaptchaDialogProps {
  open: boolean;
  /** A pass: the single-use request id (`rid`) for the send that follows. */
  onPass: (rid: string) => void;
  onCancel: () => void;
}

type Phase = 'loading' | 'ready' | 'checking' | 'failed' | 'passed' | 'error';

/**
 * The slider puzzle (§2 reusable dialog, §4): drag the piece into the gap. The server renders the
 * images and keeps the answer; this sends where the piece ended and how it got there. A pass closes
 * the dialog with a `rid`; a miss shows '请控制拼图块对齐缺口' and brings a new puzzle.
 */
export function CaptchaDialog({ open, onPass, onCancel }: CaptchaDialogProps) {
  const { t } = useTranslation(AUTH_NS);
  const [puzzle, setPuzzle] = useState<Puzzle | null>(null);
  const [phase, setPhase] = useState<Phase>('loading');
  const [x, setX] = useState(0);
  const trace = useRef<Array<[number, number, number]>>([]);
  const start = useRef<{ pointerX: number; pointerY: number; at: number } | null>(null);
  const loadSeq = useRef(0);

  const load = useCallback(async () => {
    const seq = ++loadSeq.current;
    setPhase('loading');
    setX(0);
    trace.current = [];
    try {
      const next = await apiGet<Puzzle>('/api/pc/v1/captcha/puzzle', undefined, { silent: true });
      if (seq !== loadSeq.current) return;
      setPuzzle(next);
      setPhase('ready');
    } catch {
      if (seq === loadSeq.current) setPhase('error');
    }
  }, []);

  useEffect(() => {
    if (open) void load();
    else loadSeq.current++;
  }, [open, load]);

  const maxX = puzzle ? puzzle.width - puzzle.piece_size : 0;
  const clamp = (v: number) => Math.max(0, Math.min(maxX, v));

  const record = (nextX: number, dy = 0) => {
    const first = trace.current[0];
    const now = performance.now();
    if (!first) start.current = { pointerX: 0, pointerY: 0, at: now };
    trace.current.push([Math.round(nextX * 10) / 10, Math.round(dy), Math.round(now - (start.current?.at ?? now))]);
  };

  const verify = async (finalX: number) => {
    if (!puzzle) return;
    setPhase('checking');
    try {
      const { rid } = await apiPost<{ rid: string }>(
        '/api/pc/v1/captcha/verify',
        { id: puzzle.id, x: Math.round(finalX * 10) / 10, trace: trace.current },
        { silent: true },
      );
      setPhase('passed');
      onPass(rid);
    } catch (error) {
      setPhase(error instanceof ApiError && error.kind === 'business' ? 'failed' : 'error');
      window.setTimeout(() => void load(), 900);
    }
  };

  const onPointerDown = (e: PointerEvent<HTMLButtonElement>) => {
    if (phase !== 'ready') return;
    e.currentTarget.setPointerCapture(e.pointerId);
    start.current = { pointerX: e.clientX, pointerY: e.clientY, at: performance.now() };
    trace.current = [[0, 0, 0]];
  };
  const onPointerMove = (e: PointerEvent<HTMLButtonElement>) => {
    if (phase !== 'ready' || !start.current || trace.current.length === 0) return;
    const next = clamp(e.clientX - start.current.pointerX);
    setX(next);
    record(next, e.clientY - start.current.pointerY);
  };
  const onPointerUp = (e: PointerEvent<HTMLButtonElement>) => {
    if (phase !== 'ready' || !start.current || trace.current.length === 0) return;
    const final = clamp(e.clientX - start.current.pointerX);
    record(final, e.clientY - start.current.pointerY);
    start.current = null;
    if (final === 0) {
      trace.current = [];
      return;
    }
    void verify(final);
  };
  // Keyboard use: arrows move the piece (Shift for bigger steps), Enter submits.
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (phase !== 'ready') return;
    const step = e.shiftKey ? 10 : 2;
    if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
      e.preventDefault();
      if (trace.current.length === 0) record(0);
      const next = clamp(x + (e.key === 'ArrowRight' ? step : -step));
      setX(next);
      record(next);
    } else if (e.key === 'Enter' && trace.current.length > 0) {
      e.preventDefault();
      void verify(x);
    }
  };

  const width = puzzle?.width ?? 320;
  const height = puzzle?.height ?? 160;

  return (
    <Modal
      open={open}
      title={t('captcha.title')}
      footer={null}
      onCancel={onCancel}
      width={width + 48}
      centered
      destroyOnHidden
      maskClosable={false}
    >
      <div className="ac-captcha" data-testid="captcha-dialog">
        <div className="ac-captcha__stage" style={{ width, height }}>
          {puzzle && phase !== 'loading' && phase !== 'error' ? (
            <>
              <img
                className="ac-captcha__bg"
                src={puzzle.background}
                alt=""
                width={width}
                height={height}
                draggable={false}
              />
              <img
                className="ac-captcha__piece"
                src={puzzle.piece}
                alt=""
                width={puzzle.piece_size}
                height={puzzle.piece_size}
                style={{ left: x, top: puzzle.y }}
                draggable={false}
                data-testid="captcha-piece"
              />
            </>
          ) : (
            <div className="ac-captcha__placeholder" role="status">
              {phase === 'error' ? t('captcha.loadFailed') : <Spin tip={t('captcha.loading')} />}
            </div>
          )}
        </div>
        <div className="ac-captcha__bar">
          <span
            className={`ac-captcha__message ac-captcha__message--${phase}`}
            role={phase === 'failed' ? 'alert' : undefined}
            data-testid="captcha-message"
          >
            {phase === 'failed'
              ? t('captcha.fail')
              : phase === 'passed'
                ? t('captcha.pass')
                : t('captcha.keyboardHint')}
          </span>
          <Button type="link" size="small" icon={<ReloadOutlined aria-hidden />} onClick={() => void load()}>
            {t('captcha.refresh')}
          </Button>
        </div>
        <div className={`ac-captcha__track ac-captcha__track--${phase}`} style={{ width }}>
          <div className="ac-captcha__fill" style={{ width: x + 20 }} />
          <span className="ac-captcha__track-text" aria-hidden>
            {t('captcha.slider')}
          </span>
          <button
            type="button"
            className="ac-captcha__handle"
            style={{ left: x }}
            aria-label={t('captcha.slider')}
            aria-valuemin={0}
            aria-valuemax={maxX}
            aria-valuenow={Math.round(x)}
            role="slider"
            disabled={phase !== 'ready'}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onKeyDown={onKeyDown}
            data-testid="captcha-handle"
          >
            ›
          </button>
        </div>
      </div>
    </Modal>
  );
}
