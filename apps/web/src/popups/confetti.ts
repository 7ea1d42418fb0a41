import { CONFETTI } from '@author-centre/shared/constants';
import confetti from 'canvas-confetti';

/**
 * Fireworks (§4, §9): 100 particles, fired `repeat` times (once in envelopes). Respects the
 * reader's reduced-motion setting.
 */
export function fireConfetti(repeat: number = CONFETTI.repeat): void {
  if (globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
  for (let i = 0; i < repeat; i++) {
    globalThis.setTimeout(() => {
      void confetti({
        particleCount: CONFETTI.particleCount,
        spread: 80,
        startVelocity: 40,
        origin: { x: 0.5, y: 0.45 },
        zIndex: 2000,
        disableForReducedMotion: true,
      });
    }, i * 350);
  }
}
