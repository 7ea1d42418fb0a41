import {
  ClockCircleOutlined,
  CloudOutlined,
  DisconnectOutlined,
  ExclamationCircleOutlined,
  HistoryOutlined,
  LeftOutlined,
  LoadingOutlined,
  SaveOutlined,
  SendOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { normalizeChapterTitle, refusedTitleChars } from '@author-centre/shared/validation-rules';
import { countWords, type TextCheckFinding, WORKS_ERROR, WORKS_LIMITS } from '@author-centre/shared/works';
import { Alert, Button, Input, Segmented, Select, Space, Tag, Tooltip } from 'antd';
import {
  lazy,
  memo,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EDITOR_SKINS, type EditorSkin, setEditorSkin, useEditorSkin } from '../../../app/layouts/editor-skin.ts';
import { apiPost } from '../../../platform/api.ts';
import { ApiError } from '../../../platform/api-error.ts';
import { formatBeijing } from '../../../platform/beijing-time.ts';
import { toast } from '../../../platform/notify.ts';
import { WORKS_NS } from '../i18n.ts';
import {
  type ChapterDetail,
  type CheckReply,
  fetchChapter,
  formatTime,
  type SaveReply,
  useInvalidateWorks,
  useVolumes,
} from '../works-api.ts';
import { ConflictDialog, type ConflictState } from './ConflictDialog.tsx';
import { browserJournal, type Draft, sameDraft } from './journal.ts';
import { rememberOpenChapter } from './offline-open.ts';
import { ChapterSaver, type SaveFailure, type SaverState, type SaverTransport } from './saver.ts';
import '../works.css';

// The publish and schedule dialogs (the latter with antd's date picker) download when first opened, not with
// the editor (issue 19).
const PublishDialog = lazy(() => import('./PublishDialog.tsx').then((m) => ({ default: m.PublishDialog })));
const ScheduleDialog = lazy(() => import('./ScheduleDialog.tsx').then((m) => ({ default: m.ScheduleDialog })));
// Likewise the version history's drawer (antd's drawer, list and pagination), first mounted when first opened.
const HistoryDrawer = lazy(() => import('./HistoryDrawer.tsx').then((m) => ({ default: m.HistoryDrawer })));

/**
 * Sends saves through the signed client, silently (the editor's status line says what happened), and
 * off the page's thread: signing and sending a long chapter would hold up the keystrokes typed meanwhile.
 */
const transport: SaverTransport = {
  save: (payload, explicit) =>
    apiPost<SaveReply>(
      explicit ? '/api/pc/v1/book-chapter/save' : '/api/pc/v1/book-chapter/auto-save',
      { ...payload },
      { silent: true, timeout: 20_000, offMainThread: true },
    ),
  classify(error): SaveFailure {
    if (error instanceof ApiError) {
      if (error.code === WORKS_ERROR.chapterSaveConflict || error.status === 409) return { kind: 'conflict' };
      if (['timeout', 'offline', 'network', 'aborted'].includes(error.kind)) {
        return { kind: 'transient', offline: error.kind === 'offline' || globalThis.navigator?.onLine === false };
      }
      if (error.kind === 'http' || (error.status ?? 0) >= 500 || error.status === 0)
        return { kind: 'transient', offline: false };
      // Not logged in any more: said as it is, and saved once the author has logged in again.
      return { kind: 'refused', message: error.title || error.message, retry: error.status === 401 };
    }
    return { kind: 'transient', offline: globalThis.navigator?.onLine === false };
  },
};

const draftOf = (c: ChapterDetail): Draft => ({ title: c.title, content: c.content, authorSay: c.author_say });

/** Where the editor's back link goes: the chapter's volume in its book's list (novel, screenplay) or the short stories. */
export function backTo(chapter: Pick<ChapterDetail, 'book_id' | 'volume_id' | 'book'>): string {
  if (chapter.book.kind === 'short') return '/front/book-manage/short';
  const query = `book_id=${chapter.book_id}&volume_id=${chapter.volume_id}`;
  if (chapter.book.kind === 'screenplay') return `/front/book-manage/screenplay/manage?${query}`;
  return `/front/book-manage/manage?${query}`;
}

/** How many characters of `inserted` would not fit in the text area under the chapter limit (0: it fits). */
export function overflowOf(el: HTMLTextAreaElement, inserted: string): number {
  const text = inserted.includes('\r') ? inserted.replace(/\r\n?/g, '\n') : inserted;
  const room = WORKS_LIMITS.chapterTextMax - el.value.length;
  // It fits whatever is selected: the selection (which the browser works out from the text) is not asked.
  if (text.length <= room) return 0;
  return Math.max(0, text.length - room - Math.abs(el.selectionEnd - el.selectionStart));
}

/** Text that did not go in because of the chapter limit: how much, and how it came (paste, drop, typing). */
export interface Overflow {
  count: number;
  how: 'paste' | 'typing';
}

/**
 * The text area: made by hand rather than rendered by React, so a keystroke in a 100,000-character
 * chapter runs no React code at all. A text area React renders has its value and selection read by
 * React's own event handling on every key, input and selection change (to make its onChange and
 * onSelect events), whether or not anyone listens: ~0.4 ms a keystroke in a 100,000-character chapter.
 * Never truncated silently: a paste or drop that would go over the chapter limit is refused whole
 * (the clipboard keeps it) and typing past it is stopped, each with a warning saying how much did
 * not fit.
 */
const TextBody = memo(function TextBody(props: {
  initial: string;
  placeholder: string;
  onInput: () => void;
  onOverflow: (overflow: Overflow) => void;
  textRef: (el: HTMLTextAreaElement) => void;
}) {
  const holder = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLTextAreaElement | null>(null);
  // The handlers the text area calls, read when it calls them (the props may change; the element stays).
  const latest = useRef(props);
  latest.current = props;

  // biome-ignore lint/correctness/useExhaustiveDependencies: made once per mount (the editor remounts it for a new text).
  useLayoutEffect(() => {
    const el = document.createElement('textarea');
    el.className = 'ac-editor__body';
    el.value = props.initial;
    el.spellcheck = false;
    el.dataset.testid = 'chapter-body';
    const refuse = (e: Event, text: string, how: Overflow['how']) => {
      const count = overflowOf(el, text);
      if (count > 0) {
        e.preventDefault();
        latest.current.onOverflow({ count, how });
      }
    };
    el.addEventListener('beforeinput', (e) => {
      if (e.inputType.startsWith('insert') && e.inputType !== 'insertFromPaste' && e.inputType !== 'insertFromDrop') {
        const text = e.data ?? (e.inputType === 'insertLineBreak' || e.inputType === 'insertParagraph' ? '\n' : '');
        if (text) refuse(e, text, 'typing');
      }
    });
    el.addEventListener('input', () => latest.current.onInput());
    el.addEventListener('paste', (e) => refuse(e, e.clipboardData?.getData('text/plain') ?? '', 'paste'));
    el.addEventListener('drop', (e) => refuse(e, e.dataTransfer?.getData('text/plain') ?? '', 'paste'));
    holder.current?.append(el);
    body.current = el;
    props.textRef(el);
    // The editor keeps the element after it leaves the page (a late save still reads its text).
    return () => el.remove();
  }, []);
  useLayoutEffect(() => {
    if (!body.current) return;
    body.current.placeholder = props.placeholder;
    body.current.setAttribute('aria-label', props.placeholder);
  }, [props.placeholder]);
  return <div ref={holder} className="ac-editor__body-holder" />;
});

/** A value that components read with useSyncExternalStore, so a change re-renders only them. */
function createStore<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next: T) {
      if (Object.is(next, value)) return;
      value = next;
      for (const l of listeners) l();
    },
    subscribe(l: () => void) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
}
type Store<T> = ReturnType<typeof createStore<T>>;

const STATUS_ICONS = {
  saved: <CloudOutlined />,
  dirty: <ExclamationCircleOutlined />,
  saving: <LoadingOutlined />,
  offline: <DisconnectOutlined />,
  retrying: <LoadingOutlined />,
  conflict: <WarningOutlined />,
  error: <WarningOutlined />,
};

/**
 * Characters a chapter title may not use (§5's pattern plus spaces and title punctuation,
 * decisions.md), each once, in order; runs of spaces are collapsed on saving, not refused.
 */
export function titleBadChars(title: string): string[] {
  return refusedTitleChars(normalizeChapterTitle(title), true);
}

/** The live word count and how words are counted: re-rendered only when the count changes. */
const WordCount = memo(function WordCount({ words }: { words: Store<number> }) {
  const { t } = useTranslation(WORKS_NS);
  const count = useSyncExternalStore(words.subscribe, words.get);
  return (
    <Tooltip title={t('editor.wordRule')}>
      <span data-testid="word-count" className="ac-editor__count" tabIndex={0} aria-description={t('editor.wordRule')}>
        {t('editor.words', { count })}
      </span>
    </Tooltip>
  );
});

/** The status line ('last saved at …') and the word count: what a save re-renders, and nothing else. */
function StatusLine({ saver, words }: { saver: Store<SaverState | null>; words: Store<number> }) {
  const { t } = useTranslation(WORKS_NS);
  const state = useSyncExternalStore(saver.subscribe, saver.get);
  const status = state?.status ?? 'saved';
  let text = '';
  if (state?.status === 'saved') {
    text = state.lastSavedAt
      ? t('editor.status.saved', { time: formatTime(state.lastSavedAt, true) })
      : t('editor.status.savedNever');
  } else if (state?.status === 'error') {
    text = t('editor.status.error', { message: state.message ?? '' });
  } else if (state) {
    text = t(`editor.status.${state.status}`);
  }
  return (
    <div
      className={`ac-editor__status ac-editor__status--${status}`}
      role="status"
      aria-live="polite"
      data-testid="save-status"
      data-status={status}
    >
      <span>
        {STATUS_ICONS[status]} {text}
        {state?.journalFailed && <span className="ac-editor__warn"> · {t('editor.journalFailed')}</span>}
      </span>
      <WordCount words={words} />
    </div>
  );
}

export interface ChapterEditorProps {
  chapter: ChapterDetail;
  /** A short story is one text: no volumes, and publishing leads to the success page. */
  short?: boolean;
  onPublished?: () => void;
}

/**
 * The chapter editor: title, text and the author's say, autosaved (200 ms after typing stops and
 * every 5 s while typing goes on), Ctrl+S, publish with the checks, schedule, history and diff,
 * skins. Nothing typed is lost: see saver.ts and journal.ts.
 */
export function ChapterEditor({ chapter: initial, short, onPublished }: ChapterEditorProps) {
  const { t } = useTranslation(WORKS_NS);
  const invalidate = useInvalidateWorks();
  // Leaving the editor: the lists it came from read the book again (a new chapter, its words, its state).
  useEffect(() => () => void invalidate(), [invalidate]);
  const skin = useEditorSkin();
  const [chapter, setChapter] = useState(initial);
  const [generation, setGeneration] = useState(0);
  const [start, setStart] = useState<Draft>(() => draftOf(initial));
  // An empty title is not yet a problem to point out: the title rule is said once the author writes one.
  const [titleBlank, setTitleBlank] = useState(() => !start.title.trim());
  useEffect(() => setTitleBlank(!start.title.trim()), [start]);
  /** What in the title the pattern refuses, said as it is typed (a space looks like nothing at all). */
  const [badChars, setBadChars] = useState<string[]>(() => titleBadChars(start.title.trim()));
  useEffect(() => setBadChars(titleBadChars(start.title.trim())), [start]);
  const [words] = useState(() => createStore(countWords(initial.content)));
  const [saverStatus] = useState(() => createStore<SaverState | null>(null));
  /** What the rest of the page shows of the saver: changes a few times per chapter, not per save. */
  const [flags, setFlags] = useState<{ chapterStatus: string | null; titleProblem: boolean | null }>({
    chapterStatus: null,
    titleProblem: null,
  });
  const [conflict, setConflict] = useState<ConflictState | null>(null);
  const [publishing, setPublishing] = useState(false);
  const [scheduling, setScheduling] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  // Once opened, the history drawer stays mounted: it closes with its animation, as before it was lazy.
  const [historyMounted, setHistoryMounted] = useState(false);
  if (historyOpen && !historyMounted) setHistoryMounted(true);
  const [overflow, setOverflow] = useState<Overflow | null>(null);
  const bodyRef = useRef<HTMLTextAreaElement | null>(null);
  const titleRef = useRef<HTMLInputElement | null>(null);
  const sayRef = useRef<HTMLTextAreaElement | null>(null);
  const saverRef = useRef<ChapterSaver | null>(null);
  /** Mirrors `overflow`, so a keystroke clears a warning without a state update when none is shown. */
  const overflowShown = useRef(false);
  const showOverflow = useCallback((next: Overflow | null) => {
    overflowShown.current = next !== null;
    setOverflow(next);
  }, []);
  const volumes = useVolumes(short ? 0 : initial.book_id);

  /**
   * A text put in the editor that React has not rendered yet (conflict resolution, restore):
   * what the editor holds until the new fields mount.
   */
  const pending = useRef<Draft | null>(null);
  // The fields are kept even after they unmount (React would null its refs): a detached field still
  // holds its text, so a save finishing after the author left the page never reads an empty text.
  const keepBody = useCallback((el: HTMLTextAreaElement | null) => {
    if (!el) return;
    bodyRef.current = el;
    pending.current = null;
  }, []);
  const keepTitle = useCallback((el: HTMLInputElement | null) => {
    if (el) titleRef.current = el;
  }, []);
  const read = useCallback(
    (): Draft =>
      pending.current ?? {
        title: titleRef.current?.value ?? '',
        content: bodyRef.current?.value ?? '',
        authorSay: sayRef.current?.value ?? '',
      },
    [],
  );

  // The saver lives as long as the chapter is open: a language switch (a new `t`) must not restart it,
  // which would start a second saver on the revision the page opened with (a conflict with itself).
  const tRef = useRef(t);
  useEffect(() => {
    tRef.current = t;
  }, [t]);

  const openConflict = useCallback(
    async (mine: Draft, origin: 'save' | 'journal', baseRevision?: number) => {
      try {
        const server = await fetchChapter(initial.chapter_id);
        setConflict({ mine, server, origin, baseRevision });
      } catch {
        toast.error(tRef.current('editor.loadFailed'));
      }
    },
    [initial.chapter_id],
  );

  // One saver per chapter; the journal of an earlier visit is replayed or shown as a conflict.
  useEffect(() => {
    let counted = initial.content;
    // The revision of the offline copy (EditorPage keeps the chapter as opened).
    let remembered = initial.revision;
    const saver = new ChapterSaver({
      chapterId: initial.chapter_id,
      bookId: initial.book_id,
      revision: initial.revision,
      saved: draftOf(initial),
      savedAt: initial.saved_at,
      transport,
      journal: browserJournal,
      // The word count follows the text the saver reads (200 ms after typing stops, every 5 s while it
      // goes on): a keystroke never counts the whole text.
      read: () => {
        const draft = read();
        if (draft.content !== counted) {
          counted = draft.content;
          words.set(countWords(counted));
        }
        return draft;
      },
      onChange: (next) => {
        saverStatus.set(next);
        // Everything typed is on the server: that is the text to reopen without the network. Only when the server
        // has acknowledged a new revision: a 'saved' with nothing new (the check as the editor closes, after a
        // logout too) writes nothing.
        if (
          next.status === 'saved' &&
          next.revision !== remembered &&
          saverRef.current &&
          !saverRef.current.hasUnsaved
        ) {
          remembered = next.revision;
          const d = read();
          void rememberOpenChapter({
            ...initial,
            revision: next.revision,
            title: d.title,
            content: d.content,
            author_say: d.authorSay,
          });
        }
        setFlags((f) =>
          f.chapterStatus === next.chapterStatus && f.titleProblem === next.titleProblem
            ? f
            : { chapterStatus: next.chapterStatus, titleProblem: next.titleProblem },
        );
      },
      onConflict: (mine) => void openConflict(mine, 'save'),
    });
    saverRef.current = saver;
    saverStatus.set(saver.state);
    const entry = browserJournal.read(initial.chapter_id);
    if (entry && !sameDraft(entry.draft, draftOf(initial))) {
      if (entry.baseRevision === initial.revision) {
        // Text that never reached the server, written on top of what the server still holds: carry on with it.
        pending.current = entry.draft;
        setStart(entry.draft);
        setGeneration((g) => g + 1);
        words.set(countWords(entry.draft.content));
        toast.info(tRef.current('editor.restoredFromJournal'), 4000);
        queueMicrotask(() => saver.changed());
      } else {
        void openConflict(entry.draft, 'journal', entry.baseRevision);
      }
    } else if (entry) {
      browserJournal.clear(initial.chapter_id);
    }
    const online = () => saver.online();
    const hide = () => saver.journalNow();
    // Back into view: a title or say changed elsewhere (manage list, another tab) is taken over.
    const pickUp = () => {
      if (document.visibilityState !== 'visible') return;
      fetchChapter(initial.chapter_id)
        .then((fresh) => {
          const patch = saver.pickUp({ revision: fresh.revision, title: fresh.title, authorSay: fresh.author_say });
          if (patch?.title !== undefined && titleRef.current) titleRef.current.value = patch.title;
          if (patch?.authorSay !== undefined && sayRef.current) sayRef.current.value = patch.authorSay;
        })
        .catch(() => {});
    };
    const beforeUnload = (e: BeforeUnloadEvent) => {
      saver.journalNow();
      if (saver.hasUnsaved) {
        e.preventDefault();
        e.returnValue = '';
      }
    };
    window.addEventListener('online', online);
    window.addEventListener('pagehide', hide);
    document.addEventListener('visibilitychange', hide);
    document.addEventListener('visibilitychange', pickUp);
    window.addEventListener('focus', pickUp);
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('pagehide', hide);
      document.removeEventListener('visibilitychange', hide);
      document.removeEventListener('visibilitychange', pickUp);
      window.removeEventListener('focus', pickUp);
      window.removeEventListener('beforeunload', beforeUnload);
      saver.journalNow();
      void saver.flush();
      saver.stop();
    };
  }, [initial, read, openConflict, saverStatus, words]);

  /**
   * A scheduled chapter goes out with the text saved at its time, and the checks run again then: what
   * would stop it (a sensitive word written after scheduling) is said now, while there is time to fix it.
   */
  const [scheduleRisk, setScheduleRisk] = useState<TextCheckFinding[]>([]);
  const scheduledAt = chapter.scheduled_at;
  useEffect(() => {
    setScheduleRisk([]);
    if (!scheduledAt) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let checkedRevision = saverStatus.get()?.revision ?? -1;
    const check = () =>
      apiPost<CheckReply>('/api/pc/v1/text-correct/check', { chapter_id: initial.chapter_id }, { silent: true })
        .then((reply) => {
          if (!cancelled) setScheduleRisk(reply.findings.filter((f) => f.severity === 'block'));
        })
        .catch(() => {});
    void check();
    const unsubscribe = saverStatus.subscribe(() => {
      const state = saverStatus.get();
      if (state?.status !== 'saved' || state.revision === checkedRevision) return;
      checkedRevision = state.revision;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => void check(), 1000);
    });
    return () => {
      cancelled = true;
      unsubscribe();
      if (timer) clearTimeout(timer);
    };
  }, [scheduledAt, initial.chapter_id, saverStatus]);

  /** A keystroke: no React update and no reading of the text, only the saver's timers. */
  const onInput = useCallback(() => {
    if (overflowShown.current) showOverflow(null);
    saverRef.current?.changed();
  }, [showOverflow]);

  const onTitleInput = useCallback(() => {
    setTitleBlank(!titleRef.current?.value.trim());
    const bad = titleBadChars(titleRef.current?.value.trim() ?? '');
    setBadChars((was) => (was.join('') === bad.join('') ? was : bad));
    onInput();
  }, [onInput]);

  const saveNow = useCallback(async () => {
    const saver = saverRef.current;
    if (!saver) return;
    await saver.flush(true);
    if (saver.state.status === 'saved') toast.success(t('common.saved'));
  }, [t]);

  // Ctrl+S / ⌘S saves, anywhere on the page.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        e.preventDefault();
        void saveNow();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [saveNow]);

  const reload = useCallback(async () => {
    const fresh = await fetchChapter(initial.chapter_id);
    setChapter(fresh);
    return fresh;
  }, [initial.chapter_id]);

  /** Puts a text in the editor (a conflict resolution or a restored version). */
  const showText = useCallback(
    (draft: Draft) => {
      pending.current = draft;
      setStart(draft);
      setGeneration((g) => g + 1);
      words.set(countWords(draft.content));
    },
    [words],
  );

  /** Sends the journaled text on its old revision: the server refuses it as a conflict and keeps it as a version. */
  const keepJournalAsVersion = async (c: ConflictState): Promise<boolean> => {
    try {
      await transport.save(
        {
          chapter_id: initial.chapter_id,
          base_revision: c.baseRevision ?? 0,
          title: c.mine.title,
          content: c.mine.content,
          author_say: c.mine.authorSay,
          save_key: globalThis.crypto.randomUUID(),
        },
        false,
      );
      return true;
    } catch (error) {
      if (transport.classify(error).kind === 'conflict') return true;
      toast.error(t('conflict.keepFailed'));
      return false;
    }
  };

  const resolveConflict = async (choice: 'mine' | 'server' | 'both') => {
    const saver = saverRef.current;
    if (!saver || !conflict) return;
    const server = conflict.server;
    const serverDraft = draftOf(server);
    if (choice === 'mine') {
      if (conflict.origin === 'journal') showText(conflict.mine);
      setConflict(null);
      queueMicrotask(() => void saver.keepMine(server.revision));
    } else if (choice === 'server') {
      // Text kept only on this device never reached the server: it goes there as a conflict version
      // (the history keeps it) before the journal holding it is cleared.
      if (conflict.origin === 'journal' && !(await keepJournalAsVersion(conflict))) return;
      showText(serverDraft);
      setConflict(null);
      await saver.adoptServer({ revision: server.revision, draft: serverDraft, savedAt: server.saved_at });
    } else {
      const merged: Draft = {
        title: serverDraft.title || conflict.mine.title,
        content: `${serverDraft.content}\n${t('conflict.mergeMarker')}\n${conflict.mine.content}`,
        authorSay: serverDraft.authorSay || conflict.mine.authorSay,
      };
      showText(merged);
      setConflict(null);
      queueMicrotask(
        () =>
          void saver.adoptServer({ revision: server.revision, draft: serverDraft, savedAt: server.saved_at }, merged),
      );
    }
    setChapter(server);
  };

  const startPublish = async () => {
    const saver = saverRef.current;
    if (!saver) return;
    await saver.flush();
    if (saver.state.status !== 'saved') {
      toast.error(t(`editor.status.${saver.state.status === 'conflict' ? 'conflict' : 'retrying'}`));
      return;
    }
    located.current = null;
    setPublishing(true);
  };

  const afterPublish = async () => {
    setPublishing(false);
    toast.success(t('publish.success'));
    const fresh = await reload();
    setFlags((f) => ({ ...f, chapterStatus: fresh.status }));
    void invalidate();
    onPublished?.();
  };

  const moveToVolume = async (volumeId: number) => {
    await saverRef.current?.flush();
    await apiPost('/api/pc/v1/book-chapter/move', {
      chapter_id: chapter.chapter_id,
      volume_id: volumeId,
      position: 1_000_000,
    });
    await reload();
    void invalidate();
  };

  /** The finding last located from a dialog: shown again once the dialog closes (see closeDialog). */
  const located = useRef<[number, number] | null>(null);
  /** Selects a finding of the checks in the text and scrolls to it. */
  const locate = (offset: number, length: number) => {
    const el = bodyRef.current;
    if (!el) return;
    located.current = [offset, length];
    el.focus();
    el.setSelectionRange(offset, offset + length);
    const lineHeight = Number.parseFloat(getComputedStyle(el).lineHeight) || 28;
    const line = el.value.slice(0, offset).split('\n').length - 1;
    el.scrollTop = Math.max(0, line * lineHeight - el.clientHeight / 3);
  };

  /**
   * Closes the publish or schedule dialog. A finding located from it was selected behind the dialog's
   * mask, and the dialog hands the focus back to its button when it closes, which hides the selection:
   * once it has closed, the text area takes the focus with that finding selected.
   */
  const closeDialog = (close: (open: boolean) => void) => {
    close(false);
    const at = located.current;
    located.current = null;
    if (at) window.setTimeout(() => locate(at[0], at[1]), 0);
  };

  const chapterStatus = (flags.chapterStatus ?? chapter.status) as 'draft' | 'published' | 'revised';
  const titleProblem = flags.titleProblem ?? chapter.title_problem;
  const late =
    chapter.last_publish?.late_ms && chapter.last_publish.outcome === 'published' ? chapter.last_publish : null;
  // A scheduled publication the checks stopped at its time: said here, where the author fixes it.
  const blocked =
    chapterStatus !== 'published' && !chapter.scheduled_at && chapter.last_publish?.outcome === 'blocked'
      ? chapter.last_publish
      : null;

  return (
    <div className="ac-editor" data-skin={skin}>
      <div className="ac-editor__toolbar">
        <Space wrap>
          <Link to={backTo(chapter)} data-testid="editor-back">
            <LeftOutlined /> {t(chapter.book.kind === 'short' ? 'editor.backToShortList' : 'editor.back')}
          </Link>
          <span className="ac-editor__book">{chapter.book.title}</span>
          <Tag color={chapterStatus === 'published' ? 'green' : chapterStatus === 'revised' ? 'orange' : 'default'}>
            {t(`editor.chapterStatus.${chapterStatus}`)}
          </Tag>
          {chapter.scheduled_at && (
            <Tag icon={<ClockCircleOutlined />} color="blue">
              {t('editor.scheduledAtBeijing', { time: formatBeijing(chapter.scheduled_at) })}
            </Tag>
          )}
        </Space>
        <Space wrap>
          <Segmented
            aria-label={t('editor.skin')}
            value={skin}
            onChange={(v) => setEditorSkin(v as EditorSkin)}
            options={EDITOR_SKINS.map((s) => ({ value: s, label: t(`editor.skins.${s}`) }))}
          />
          <Button icon={<HistoryOutlined />} onClick={() => setHistoryOpen(true)}>
            {t('editor.history')}
          </Button>
          <Tooltip title={t('editor.saveShortcut')}>
            <Button icon={<SaveOutlined />} onClick={() => void saveNow()} data-testid="save-button">
              {t('editor.save')}
            </Button>
          </Tooltip>
          {chapterStatus !== 'published' && (
            <Button
              icon={<ClockCircleOutlined />}
              onClick={() => {
                located.current = null;
                setScheduling(true);
              }}
            >
              {chapter.scheduled_at ? t('editor.scheduleTitle') : t('editor.schedule')}
            </Button>
          )}
          <Button
            type="primary"
            icon={<SendOutlined />}
            onClick={() => void startPublish()}
            disabled={chapterStatus === 'published'}
            data-testid="publish-button"
          >
            {t('editor.publish')}
          </Button>
        </Space>
      </div>

      {late && (
        <Alert
          type="info"
          showIcon
          data-testid="late-notice"
          message={t('editor.lateNotice', {
            scheduled: formatBeijing(late.scheduled_at),
            published: formatBeijing(late.published_at),
          })}
        />
      )}

      {scheduledAt && scheduleRisk.length > 0 && (
        <Alert
          type="error"
          showIcon
          data-testid="schedule-at-risk"
          message={t('editor.scheduleAtRisk', {
            time: formatBeijing(scheduledAt),
            reasons: scheduleRisk.map((f) => f.message).join('；'),
          })}
        />
      )}
      {blocked && (
        <Alert
          type="error"
          showIcon
          data-testid="schedule-blocked"
          message={t('editor.scheduleBlocked', {
            time: formatBeijing(blocked.scheduled_at ?? blocked.published_at),
            note: blocked.note ?? '',
          })}
        />
      )}

      <div className="ac-editor__paper" key={generation}>
        <div className="ac-editor__meta">
          {!short && volumes.data && (
            <Select
              className="ac-editor__volume"
              aria-label={t('editor.volume')}
              value={chapter.volume_id}
              onChange={(v) => void moveToVolume(v)}
              options={volumes.data.map((v) => ({ value: v.volume_id, label: v.title }))}
            />
          )}
          <input
            ref={keepTitle}
            className="ac-editor__title"
            defaultValue={start.title}
            placeholder={t('editor.titlePlaceholder')}
            aria-label={t('editor.title')}
            maxLength={WORKS_LIMITS.chapterTitleMax * 2}
            onInput={onTitleInput}
            data-testid="chapter-title"
          />
        </div>
        {titleProblem && !titleBlank && (
          <div className="ac-editor__title-problem" data-testid="title-problem">
            {t('editor.titleProblem')}
            {badChars.length > 0 &&
              ` · ${t('editor.titleBadChars', {
                chars: badChars.map((ch) => `「${ch.trim() ? ch : t('editor.space')}」`).join(''),
                interpolation: { escapeValue: false },
              })}`}
          </div>
        )}
        {overflow && (
          <Alert
            type="warning"
            showIcon
            closable
            onClose={() => showOverflow(null)}
            data-testid="too-long-warning"
            message={t(overflow.how === 'paste' ? 'editor.tooLongPaste' : 'editor.tooLongTyping', {
              count: overflow.count,
              max: WORKS_LIMITS.chapterTextMax,
            })}
          />
        )}
        <TextBody
          textRef={keepBody}
          initial={start.content}
          placeholder={t('editor.bodyPlaceholder')}
          onInput={onInput}
          onOverflow={showOverflow}
        />
        <details className="ac-editor__say" open={Boolean(start.authorSay)}>
          <summary>{t('editor.authorSay')}</summary>
          <Input.TextArea
            ref={(el) => {
              const area = el?.resizableTextArea?.textArea;
              if (area) sayRef.current = area;
            }}
            defaultValue={start.authorSay}
            placeholder={t('editor.authorSayPlaceholder')}
            autoSize={{ minRows: 2, maxRows: 6 }}
            maxLength={WORKS_LIMITS.authorSayMax}
            onInput={onInput}
          />
        </details>
      </div>

      <StatusLine saver={saverStatus} words={words} />

      <ConflictDialog state={conflict} onChoose={(c) => void resolveConflict(c)} />
      {publishing && (
        <Suspense fallback={null}>
          <PublishDialog
            chapterId={chapter.chapter_id}
            revised={chapterStatus === 'revised'}
            confirmFirst
            onClose={() => closeDialog(setPublishing)}
            onPublished={() => void afterPublish()}
            onLocate={locate}
          />
        </Suspense>
      )}
      {scheduling && (
        <Suspense fallback={null}>
          <ScheduleDialog
            chapter={chapter}
            flush={async () => {
              await saverRef.current?.flush();
              return saverRef.current?.state.status === 'saved';
            }}
            onClose={() => closeDialog(setScheduling)}
            onLocate={locate}
            onChanged={async () => {
              setScheduling(false);
              await reload();
              void invalidate();
            }}
          />
        </Suspense>
      )}
      {historyMounted && (
        <Suspense fallback={null}>
          <HistoryDrawer
            open={historyOpen}
            chapterId={chapter.chapter_id}
            hasPublished={chapter.published_content !== null}
            onClose={() => setHistoryOpen(false)}
            baseRevision={() => saverRef.current?.state.revision ?? chapter.revision}
            beforeRestore={async () => (await saverRef.current?.settle()) ?? false}
            onRestored={async (reply) => {
              const fresh = await reload();
              const saver = saverRef.current;
              // Text typed while the restore was on its way stays in the editor and the journal: its
              // next save meets the restored revision as a conflict, with both texts shown.
              if (saver && !saver.acknowledge(reply.revision, draftOf(fresh), reply.saved_at)) {
                void saver.flush();
                return;
              }
              showText(draftOf(fresh));
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
