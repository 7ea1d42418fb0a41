import { COVER_LIMITS, COVER_SIZE, COVER_SLOT_KEYS, HEX_COLOR } from '@author-centre/shared';
import { z } from 'zod';

/** One text slot of a cover (the author's settings and the console's templates). */
export const Slot = z.object({
  font_id: z.coerce.number().int().positive(),
  size: z.number().int().min(COVER_LIMITS.sizeMin).max(COVER_LIMITS.sizeMax),
  color: z.string().regex(HEX_COLOR, { message: 'color: #rrggbb' }),
  x: z.number().min(0).max(COVER_SIZE.width),
  y: z.number().min(0).max(COVER_SIZE.height),
  align: z.enum(['start', 'middle', 'end']),
});

/** The four slots, each required. */
export const Slots = z.object(Object.fromEntries(COVER_SLOT_KEYS.map((k) => [k, Slot])));
