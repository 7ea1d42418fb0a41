import { AI_ASSISTANT } from '@author-centre/shared/constants';
import { type PointerEvent as ReactPointerEvent, useCallback, useRef, useState } from 'react';

export interface Position {
  left: number;
  top: number;
}

interface Press {
  pointerId: number;
  startedAt: number;
  startX: number;
  startY: number;
  origin: Position;
  dragging: boolean;
}

/**
 * A press shorter than 200 ms is a click; a longer one drags (§4, §9). While held past the
 * threshold the element follows the pointer, kept inside the window.
 */
export function usePressDrag(options: {
  /** The element's position when the press starts (its current place on screen). */
  origin: () => Position;
  size: () => { width: number; height: number };
  onClick: () => void;
  onMove: (position: Position) => void;
  /** Drag along the vertical axis only (the reopen tab stays on the right edge). */
  verticalOnly?: boolean;
}) {
  const press = useRef<Press | null>(null);
  const [dragging, setDragging] = useState(false);
  const opts = useRef(options);
  opts.current = options;

  const move = useCallback((e: { clientX: number; clientY: number }) => {
    const p = press.current;
    if (!p) return;
    if (!p.dragging) {
      if (performance.now() - p.startedAt < AI_ASSISTANT.clickMaxMs) return;
      p.dragging = true;
      setDragging(true);
    }
    const { width, height } = opts.current.size();
    const maxLeft = Math.max(0, window.innerWidth - width);
    const maxTop = Math.max(0, window.innerHeight - height);
    const left = opts.current.verticalOnly ? p.origin.left : p.origin.left + (e.clientX - p.startX);
    const top = p.origin.top + (e.clientY - p.startY);
    opts.current.onMove({ left: Math.min(Math.max(0, left), maxLeft), top: Math.min(Math.max(0, top), maxTop) });
  }, []);

  const onPointerDown = useCallback((e: ReactPointerEvent<HTMLElement>) => {
    if (e.button !== 0) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    press.current = {
      pointerId: e.pointerId,
      startedAt: performance.now(),
      startX: e.clientX,
      startY: e.clientY,
      origin: opts.current.origin(),
      dragging: false,
    };
  }, []);

  const onPointerMove = useCallback((e: ReactPointerEvent<HTMLElement>) => move(e), [move]);

  const onPointerUp = useCallback(
    (e: ReactPointerEvent<HTMLElement>) => {
      const p = press.current;
      if (!p || p.pointerId !== e.pointerId) return;
      press.current = null;
      const held = performance.now() - p.startedAt;
      if (p.dragging || held >= AI_ASSISTANT.clickMaxMs) {
        if (!p.dragging) move(e);
        setDragging(false);
        return;
      }
      opts.current.onClick();
    },
    [move],
  );

  const onPointerCancel = useCallback(() => {
    press.current = null;
    setDragging(false);
  }, []);

  return { dragging, handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel } };
}
