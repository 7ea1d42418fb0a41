import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import type { Role } from '../db/schema.ts';

export interface AuthContext {
  sessionId: string;
  userId: number;
  accountId: number;
  clientId: number;
  role: Role;
}

/** A session ends after a week without use, and a month after login whatever happens. */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reads do not become writes. */
const TOUCH_INTERVAL_MS = 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The stored id of the session a cookie token opens (its SHA-256; the token itself is never stored). */
export const sessionIdOf = (token: string): string => hashToken(token);

/**
 * Session rows read by this process are reused until this process writes a session (login,
 * logout, account switch, touch: every session write goes through this class) and for at most
 * 2 s, so an authenticated request does not cost a query; a logout on another instance, or a role
 * changed elsewhere, is seen within 2 s.
 */
const SESSION_CACHE_MS = 2000;
const SESSION_CACHE_LIMIT = 20_000;
const contextOf = (row: SessionRow): AuthContext => ({
  sessionId: row.id,
  userId: row.user_id,
  accountId: row.account_id,
  clientId: row.client_id,
  role: row.role,
});

interface SessionRow {
  id: string;
  user_id: number;
  account_id: number;
  client_id: number;
  last_seen_at: number;
  idle_expires_at: number;
  absolute_expires_at: number;
  role: Role;
}

/**
 * Server-side sessions: an opaque 256-bit token in an HttpOnly cookie, stored only as its hash,
 * bound to one brand, with idle and absolute timeouts.
 */
export class Sessions {
  readonly #db: Db;
  readonly cookieName: string;
  readonly #secure: boolean;
  readonly #cache = new Map<string, { generation: number; until: number; row: SessionRow | undefined }>();
  /** Moves before and after every session write of this process; rows cached in another generation are not used. */
  #generation = 0;

  constructor(db: Db, options: { production: boolean }) {
    this.#db = db;
    this.#secure = options.production;
    this.cookieName = options.production ? '__Host-ac_sid' : 'ac_sid';
  }

  /** Creates a session and returns its token (a fresh token every login: rotation). */
  async issue(who: { userId: number; accountId: number; clientId: number }, now = Date.now()): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    this.#generation++;
    await this.#db
      .insertInto('sessions')
      .values({
        id: hashToken(token),
        client_id: who.clientId,
        user_id: who.userId,
        account_id: who.accountId,
        created_at: now,
        last_seen_at: now,
        idle_expires_at: now + SESSION_IDLE_MS,
        absolute_expires_at: now + SESSION_ABSOLUTE_MS,
      })
      .execute();
    this.#generation++;
    return token;
  }

  /** Starts a session at login and sets its cookie. */
  async start(
    reply: FastifyReply,
    who: { userId: number; accountId: number; clientId: number },
    now = Date.now(),
  ): Promise<string> {
    const token = await this.issue(who, now);
    reply.setCookie(this.cookieName, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.#secure,
      maxAge: SESSION_ABSOLUTE_MS / 1000,
    });
    return token;
  }

  /**
   * The session of a request when memory already knows the answer (a cached row that needs no
   * write), without a promise; undefined when the database has to be asked (then use `read`).
   */
  known(request: Pick<FastifyRequest, 'cookies' | 'brand'>, now = Date.now()): AuthContext | null | undefined {
    const token = request.cookies[this.cookieName];
    if (!token) return null;
    const hit = this.#cache.get(token);
    if (!hit || hit.generation !== this.#generation || hit.until <= now) return undefined;
    const row = hit.row;
    if (!row || row.client_id !== request.brand.clientId) return null;
    const stale =
      row.idle_expires_at <= now || row.absolute_expires_at <= now || now - row.last_seen_at > TOUCH_INTERVAL_MS;
    return stale ? undefined : contextOf(row);
  }

  /** The session of a request, if its cookie names a live session of this brand. */
  async read(request: FastifyRequest, now = Date.now()): Promise<AuthContext | null> {
    const token = request.cookies[this.cookieName];
    if (!token) return null;
    const row = await this.#row(token, now);
    if (!row || row.client_id !== request.brand.clientId) return null;
    const id = row.id;
    if (row.idle_expires_at <= now || row.absolute_expires_at <= now) {
      this.#generation++;
      await this.#db.deleteFrom('sessions').where('id', '=', id).execute();
      this.#generation++;
      return null;
    }
    if (now - row.last_seen_at > TOUCH_INTERVAL_MS) {
      this.#generation++;
      await this.#db
        .updateTable('sessions')
        .set({ last_seen_at: now, idle_expires_at: Math.min(now + SESSION_IDLE_MS, row.absolute_expires_at) })
        .where('id', '=', id)
        .execute();
      this.#generation++;
    }
    return contextOf(row);
  }

  /** Cached by the cookie's token itself, so a hit costs no hashing (only the database holds hashes). */
  async #row(token: string, now: number): Promise<SessionRow | undefined> {
    const hit = this.#cache.get(token);
    if (hit && hit.generation === this.#generation && hit.until > now) return hit.row;
    const generation = this.#generation;
    const id = hashToken(token);
    const row = await this.#db
      .selectFrom('sessions')
      .innerJoin('accounts', 'accounts.id', 'sessions.account_id')
      .select([
        'sessions.id',
        'sessions.user_id',
        'sessions.account_id',
        'sessions.client_id',
        'sessions.last_seen_at',
        'sessions.idle_expires_at',
        'sessions.absolute_expires_at',
        'accounts.role',
      ])
      .where('sessions.id', '=', id)
      .executeTakeFirst();
    if (generation === this.#generation) {
      if (this.#cache.size >= SESSION_CACHE_LIMIT) this.#cache.clear();
      this.#cache.set(token, { generation, until: now + SESSION_CACHE_MS, row });
    }
    return row;
  }

  /** Moves the session to another of the same person's accounts (pen names). */
  async switchAccount(sessionId: string, accountId: number): Promise<void> {
    this.#generation++;
    await this.#db.updateTable('sessions').set({ account_id: accountId }).where('id', '=', sessionId).execute();
    this.#generation++;
  }

  async end(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const token = request.cookies[this.cookieName];
    this.#generation++;
    if (token) await this.#db.deleteFrom('sessions').where('id', '=', hashToken(token)).execute();
    this.#generation++;
    reply.clearCookie(this.cookieName, { path: '/', httpOnly: true, sameSite: 'lax', secure: this.#secure });
  }

  async endAllOf(userId: number): Promise<void> {
    this.#generation++;
    await this.#db.deleteFrom('sessions').where('user_id', '=', userId).execute();
    this.#generation++;
  }

  /**
   * Forgets the session rows this process has cached, so a change made outside this class (an
   * account's role, sessions the console ended in its own transaction) holds from this process's
   * next request; other instances see it within 2 s.
   */
  forgetCached(): void {
    this.#generation++;
  }

  async purgeExpired(now = Date.now()): Promise<void> {
    await this.#db
      .deleteFrom('sessions')
      .where((eb) => eb.or([eb('idle_expires_at', '<=', now), eb('absolute_expires_at', '<=', now)]))
      .execute();
  }
}
