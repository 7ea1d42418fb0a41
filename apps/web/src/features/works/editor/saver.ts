import { type Draft, type Journal, sameDraft } from './journal.ts';

/**
 * The chapter editor's saving engine: "never lose a word".
 * - Every change is journaled in the browser before it is sent, and the journal entry is cleared
 *   only when the server has acknowledged exactly that text.
 * - Saves go one at a time, each naming the revision it is based on and carrying an idempotency
 *   key; a save that failed on the network is retried with the same key (so the server applies it
 *   once even if the first attempt did arrive), before any newer text is sent.
 * - A conflict (the server holds a newer revision from another tab or device) stops autosaving
 *   until the author chooses; nothing is overwritten silently.
 * - Offline or server down: retried with backoff and at once when the browser is back online.
 * - The title and the author's say are sent only when the author changed them here: a rename or a
 *   say changed elsewhere (the manage list, another tab) is not sent back, and is picked up.
 */
export type SaverStatus = 'saved' | 'dirty' | 'saving' | 'offline' | 'retrying' | 'conflict' | 'error';

export interface SavePayload {
  chapter_id: number;
  base_revision: number;
  /** Left out when unchanged here: the server keeps its title. */
  title?: string;
  content: string;
  /** Left out when unchanged here: the server keeps its say. */
  author_say?: string;
  save_key: string;
}

export interface SaveAck {
  revision: number;
  saved_at: number;
  words: number;
  status: string;
  title_problem: boolean;
}

/** What a failed save was: a conflict, a connection problem (retry), or a refusal (show it). */
export type SaveFailure =
  | { kind: 'conflict' }
  | { kind: 'transient'; offline: boolean }
  | { kind: 'refused'; message: string; retry?: boolean };

export interface SaverTransport {
  save(payload: SavePayload, explicit: boolean): Promise<SaveAck>;
  /** Classifies an error thrown by `save`. */
  classify(error: unknown): SaveFailure;
}

export interface SaverState {
  status: SaverStatus;
  revision: number;
  lastSavedAt: number | null;
  words: number | null;
  chapterStatus: string | null;
  titleProblem: boolean;
  message: string | null;
  /** The journal could not be written (storage full or disabled). */
  journalFailed: boolean;
}

export interface SaverOptions {
  chapterId: number;
  bookId: number;
  revision: number;
  /** The text as the server holds it. */
  saved: Draft;
  savedAt: number | null;
  transport: SaverTransport;
  journal: Journal;
  read: () => Draft;
  onChange: (state: SaverState) => void;
  /** Called when a save hit a conflict; the author resolves it with keepMine/useServer. */
  onConflict: (mine: Draft) => void;
  debounceMs?: number;
  intervalMs?: number;
  newKey?: () => string;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  now?: () => number;
}

const BACKOFF_MS = [1000, 2000, 4000, 8000, 15000];

export class ChapterSaver {
  readonly #o: Required<Omit<SaverOptions, 'saved' | 'savedAt' | 'revision'>>;
  #saved: Draft;
  #state: SaverState;
  #retry: { payload: SavePayload; draft: Draft; explicit: boolean } | null = null;
  #running: Promise<void> | null = null;
  #again = false;
  #explicitAgain = false;
  #debounce: unknown = null;
  #interval: unknown = null;
  #retryTimer: unknown = null;
  #failures = 0;
  #dirty = false;
  #stopped = false;
  /** The next save sends every field (the author chose this page's version in a conflict). */
  #full = false;

  constructor(options: SaverOptions) {
    this.#o = {
      debounceMs: 200,
      intervalMs: 5000,
      newKey: () => globalThis.crypto.randomUUID(),
      setTimer: (fn, ms) => setTimeout(fn, ms),
      clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
      now: () => Date.now(),
      ...options,
    };
    this.#saved = options.saved;
    this.#state = {
      status: 'saved',
      revision: options.revision,
      lastSavedAt: options.savedAt,
      words: null,
      chapterStatus: null,
      titleProblem: false,
      message: null,
      journalFailed: false,
    };
  }

  get state(): SaverState {
    return this.#state;
  }

  get savedDraft(): Draft {
    return this.#saved;
  }

  /** True while some text has not been acknowledged by the server. */
  get hasUnsaved(): boolean {
    return this.#dirty || this.#retry !== null || this.#state.status !== 'saved';
  }

  #set(patch: Partial<SaverState>): void {
    this.#state = { ...this.#state, ...patch };
    this.#o.onChange(this.#state);
  }

  /** Writes the current text to the journal now (also called on page hide). */
  journalNow(draft: Draft = this.#o.read()): void {
    if (sameDraft(draft, this.#saved) && !this.#retry) {
      this.#o.journal.clear(this.#o.chapterId);
      return;
    }
    const ok = this.#o.journal.write({
      chapterId: this.#o.chapterId,
      bookId: this.#o.bookId,
      baseRevision: this.#state.revision,
      draft,
      updatedAt: this.#o.now(),
    });
    if (ok === this.#state.journalFailed) this.#set({ journalFailed: !ok });
  }

  /** The text changed (a keystroke): debounce the save, and make sure the timer saves while typing goes on. */
  changed(): void {
    if (this.#stopped) return;
    this.#dirty = true;
    if (this.#state.status === 'saved') this.#set({ status: 'dirty' });
    if (this.#debounce !== null) this.#o.clearTimer(this.#debounce);
    this.#debounce = this.#o.setTimer(() => {
      this.#debounce = null;
      void this.flush();
    }, this.#o.debounceMs);
    if (this.#interval === null) {
      this.#interval = this.#o.setTimer(() => {
        this.#interval = null;
        if (this.#dirty) void this.flush();
      }, this.#o.intervalMs);
    }
  }

  /** Saves now (explicit: the Save button or Ctrl+S keeps a version). Resolves when the text is saved or could not be. */
  flush(explicit = false): Promise<void> {
    if (this.#stopped || this.#state.status === 'conflict') return Promise.resolve();
    if (this.#running) {
      this.#again = true;
      this.#explicitAgain ||= explicit;
      return this.#running;
    }
    this.#running = this.#run(explicit).finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  async #run(explicit: boolean): Promise<void> {
    for (;;) {
      this.#dirty = false;
      const current = this.#o.read();
      this.journalNow(current);
      let attempt = this.#retry;
      if (!attempt) {
        if (sameDraft(current, this.#saved) && !explicit) {
          this.#set({ status: 'saved', message: null });
          return;
        }
        const full = this.#full;
        this.#full = false;
        attempt = {
          draft: current,
          explicit,
          payload: {
            chapter_id: this.#o.chapterId,
            base_revision: this.#state.revision,
            ...(full || current.title !== this.#saved.title ? { title: current.title } : {}),
            content: current.content,
            ...(full || current.authorSay !== this.#saved.authorSay ? { author_say: current.authorSay } : {}),
            save_key: this.#o.newKey(),
          },
        };
      }
      this.#set({ status: 'saving' });
      try {
        const ack = await this.#o.transport.save(attempt.payload, attempt.explicit);
        this.#retry = null;
        this.#failures = 0;
        this.#saved = attempt.draft;
        this.#set({
          revision: ack.revision,
          lastSavedAt: ack.saved_at,
          words: ack.words,
          chapterStatus: ack.status,
          titleProblem: ack.title_problem,
          message: null,
        });
      } catch (error) {
        const failure = this.#o.transport.classify(error);
        if (failure.kind === 'conflict') {
          this.#retry = null;
          this.journalNow();
          this.#set({ status: 'conflict' });
          this.#o.onConflict(this.#o.read());
          return;
        }
        if (failure.kind === 'transient') {
          this.#retry = attempt;
          this.journalNow();
          const delay = BACKOFF_MS[Math.min(this.#failures, BACKOFF_MS.length - 1)];
          this.#failures++;
          this.#set({ status: failure.offline ? 'offline' : 'retrying' });
          this.#scheduleRetry(delay);
          return;
        }
        // A refusal that can pass by itself (the session ran out: the author logs in again, maybe in
        // another tab) is said, and the same save is tried again until it goes through.
        this.#retry = failure.retry ? attempt : null;
        this.journalNow();
        this.#set({ status: 'error', message: failure.message });
        if (failure.retry) {
          this.#scheduleRetry(BACKOFF_MS[Math.min(this.#failures, BACKOFF_MS.length - 1)]);
          this.#failures++;
        }
        return;
      }
      explicit = this.#explicitAgain;
      this.#explicitAgain = false;
      const next = this.#o.read();
      if (!this.#again && sameDraft(next, this.#saved) && !explicit) {
        this.#o.journal.clear(this.#o.chapterId);
        this.#set({ status: this.#dirty ? 'dirty' : 'saved' });
        return;
      }
      this.#again = false;
    }
  }

  #scheduleRetry(delay: number): void {
    if (this.#retryTimer !== null) this.#o.clearTimer(this.#retryTimer);
    this.#retryTimer = this.#o.setTimer(() => {
      this.#retryTimer = null;
      void this.flush();
    }, delay);
  }

  /** The browser is back online: retry at once. */
  online(): void {
    if (this.#state.status === 'offline' || this.#state.status === 'retrying' || this.#state.status === 'error') {
      if (this.#retryTimer !== null) this.#o.clearTimer(this.#retryTimer);
      this.#retryTimer = null;
      void this.flush();
    }
  }

  /** Conflict resolved by keeping this page's text: it is saved on top of the server's revision. */
  keepMine(serverRevision: number): Promise<void> {
    this.#full = true;
    this.#set({ status: 'dirty', revision: serverRevision });
    return this.flush(true);
  }

  /**
   * Conflict resolved by taking the server's text (the editor shows it; the other text stays in
   * the history as a conflict version), or by a merge the author goes on editing.
   */
  adoptServer(server: { revision: number; draft: Draft; savedAt: number | null }, merged?: Draft): Promise<void> {
    this.#saved = server.draft;
    this.#retry = null;
    this.#set({ status: 'saved', revision: server.revision, lastSavedAt: server.savedAt });
    if (merged && !sameDraft(merged, server.draft)) {
      this.#set({ status: 'dirty' });
      return this.flush(true);
    }
    this.#o.journal.clear(this.#o.chapterId);
    return Promise.resolve();
  }

  /**
   * Saves whatever is unsaved and says whether everything typed is now on the server. Anything
   * that replaces the text (restoring a version) goes ahead only then.
   */
  async settle(): Promise<boolean> {
    await this.flush();
    if (this.#running) await this.#running;
    return !this.hasUnsaved && sameDraft(this.#o.read(), this.#saved);
  }

  /**
   * Sets the acknowledged revision after a server-side change made through another call (a
   * restored version): the editor then shows `draft`. Refused (false) while text typed here is not
   * on the server: that text stays journaled and in the editor, and its next save meets the new
   * revision as a conflict the author resolves; the journal is never cleared over unsaved text.
   */
  acknowledge(revision: number, draft: Draft, savedAt: number): boolean {
    if (this.hasUnsaved || this.#running || !sameDraft(this.#o.read(), this.#saved)) {
      this.journalNow();
      return false;
    }
    this.#saved = draft;
    this.#set({ revision, lastSavedAt: savedAt, status: 'saved' });
    this.#o.journal.clear(this.#o.chapterId);
    return true;
  }

  /**
   * The chapter as the server holds it now (read when the page comes back into view): a title or
   * say changed elsewhere while the text stayed (same revision) is taken over where the author has
   * not changed that field here. Returns the fields the editor puts in, or null.
   */
  pickUp(server: { revision: number; title: string; authorSay: string }): Partial<Draft> | null {
    if (this.#running || this.#retry || server.revision !== this.#state.revision) return null;
    const current = this.#o.read();
    const patch: Partial<Draft> = {};
    if (server.title !== this.#saved.title && current.title === this.#saved.title) patch.title = server.title;
    if (server.authorSay !== this.#saved.authorSay && current.authorSay === this.#saved.authorSay)
      patch.authorSay = server.authorSay;
    if (patch.title === undefined && patch.authorSay === undefined) return null;
    this.#saved = { ...this.#saved, ...patch };
    return patch;
  }

  stop(): void {
    this.#stopped = true;
    for (const t of [this.#debounce, this.#interval, this.#retryTimer]) if (t !== null) this.#o.clearTimer(t);
  }
}
