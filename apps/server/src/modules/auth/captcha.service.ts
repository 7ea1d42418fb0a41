import { createHash, randomBytes } from 'node:crypto';
import { ErrorCode } from '@author-centre/shared';
import type { AppContext } from '../../platform/context.ts';
import { AppError, rateLimited } from '../../platform/http/errors.ts';
import {
  judgeSlide,
  PUZZLE,
  renderSliderPuzzle,
  type TracePoint,
} from '../../platform/providers/captcha/slider-puzzle.ts';
import './auth.tables.ts';

/** A puzzle and the request id it yields each live 2 minutes; each is used once. */
export const CAPTCHA_TTL_MS = 2 * 60_000;
/** Puzzles one IP address may ask for per minute (rendering costs CPU). */
const PUZZLES_PER_IP_MINUTE = 40;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export const CAPTCHA_FAILED_MESSAGE = {
  'zh-CN': '请控制拼图块对齐缺口',
  'en-US': 'Please align the piece with the gap',
};

export const captchaFailed = (title = CAPTCHA_FAILED_MESSAGE) =>
  new AppError(ErrorCode.captchaFailed, title, { httpStatus: 400 });

export interface PuzzleReply {
  id: string;
  background: string;
  piece: string;
  width: number;
  height: number;
  piece_size: number;
  y: number;
  expires_in: number;
}

/** The slider captcha in front of every code send (§4): puzzle → verify → single-use `rid`. */
export class Captcha {
  readonly #ctx: AppContext;

  constructor(ctx: AppContext) {
    this.#ctx = ctx;
  }

  async puzzle(clientId: number, ip: string, now = Date.now()): Promise<PuzzleReply> {
    const hit = await this.#ctx.rateLimiter.hit(`captcha:ip:${ip}`, PUZZLES_PER_IP_MINUTE, 60_000, now);
    if (!hit.allowed) throw rateLimited(hit.retryAfterMs);
    const rendered = await renderSliderPuzzle();
    const id = randomBytes(16).toString('base64url');
    await this.#ctx.db
      .insertInto('captcha_challenges')
      .values({
        id,
        client_id: clientId,
        target_x: rendered.x,
        target_y: rendered.y,
        state: 'new',
        created_at: now,
        expires_at: now + CAPTCHA_TTL_MS,
        rid_hash: null,
        rid_expires_at: null,
        rid_used_at: null,
      })
      .execute();
    return {
      id,
      background: `data:image/jpeg;base64,${rendered.background.toString('base64')}`,
      piece: `data:image/png;base64,${rendered.piece.toString('base64')}`,
      width: PUZZLE.width,
      height: PUZZLE.height,
      piece_size: PUZZLE.pieceSize,
      y: rendered.y,
      expires_in: CAPTCHA_TTL_MS / 1000,
    };
  }

  /** One verification per puzzle: a pass returns a fresh `rid`, anything else fails the puzzle. */
  async verify(
    clientId: number,
    input: { id: string; x: number; trace: TracePoint[] },
    now = Date.now(),
  ): Promise<{ rid: string; expires_in: number }> {
    const { db } = this.#ctx;
    const row = await db
      .selectFrom('captcha_challenges')
      .select(['target_x', 'expires_at'])
      .where('id', '=', input.id)
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    if (!row || row.expires_at <= now) {
      throw captchaFailed({
        'zh-CN': '拼图已过期，请换一换',
        'en-US': 'The puzzle has expired; please load a new one',
      });
    }
    const verdict = judgeSlide(row.target_x, input.x, input.trace);
    const rid = randomBytes(24).toString('base64url');
    const claimed = await db
      .updateTable('captcha_challenges')
      .set(
        verdict === 'pass'
          ? { state: 'passed', rid_hash: sha256(rid), rid_expires_at: now + CAPTCHA_TTL_MS }
          : { state: 'failed' },
      )
      .where('id', '=', input.id)
      .where('state', '=', 'new')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1 || verdict !== 'pass') throw captchaFailed();
    return { rid, expires_in: CAPTCHA_TTL_MS / 1000 };
  }

  /** Whether a `rid` is live (not spent, not expired) for this brand; spending is separate. */
  async isLive(clientId: number, rid: string, now = Date.now()): Promise<boolean> {
    const row = await this.#ctx.db
      .selectFrom('captcha_challenges')
      .select('id')
      .where('rid_hash', '=', sha256(rid))
      .where('client_id', '=', clientId)
      .where('rid_used_at', 'is', null)
      .where('rid_expires_at', '>', now)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Spends a `rid` atomically; false when it was already spent, expired or never issued. */
  async spend(clientId: number, rid: string, now = Date.now()): Promise<boolean> {
    const result = await this.#ctx.db
      .updateTable('captcha_challenges')
      .set({ rid_used_at: now })
      .where('rid_hash', '=', sha256(rid))
      .where('client_id', '=', clientId)
      .where('rid_used_at', 'is', null)
      .where('rid_expires_at', '>', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async purgeExpired(now = Date.now()): Promise<void> {
    await this.#ctx.db
      .deleteFrom('captcha_challenges')
      .where('expires_at', '<', now - CAPTCHA_TTL_MS)
      .execute();
  }
}
