import { SHANGHAI_OFFSET_MS } from '@author-centre/shared';
import type { Language } from '../../platform/http/language.ts';
import { registerMessageTemplate } from '../messages/messages.service.ts';
import { type FindingCode, findingText } from './text-check.ts';

/**
 * Scheduled-publishing notes (issue 18): what stopped or delayed a publication is stored as codes
 * with parameters — a blocked firing's findings as JSON, an idle firing's reason as its code — and
 * worded when read, in the reader's language; the same events go to the message centre as
 * templated messages. Times are Beijing time and say so.
 */

export type IdleReason = 'no-drafts' | 'only-skipped' | 'all-blocked';

/** The stored note of a blocked firing. */
export const blockedNote = (codes: FindingCode[]) => JSON.stringify(codes);

/**
 * A blocked firing's note in `lang`; an idle firing's note stays its reason code (the page words
 * it); a note stored as text before notes were codes is returned as it is.
 */
export function noteText(outcome: string, note: string | null, lang: Language): string | null {
  if (note === null || outcome !== 'blocked') return note;
  try {
    const codes = JSON.parse(note) as FindingCode[];
    if (!Array.isArray(codes)) return note;
    return codes.map((c) => findingText(c, lang)).join(lang === 'en-US' ? '; ' : '；');
  } catch {
    return note;
  }
}

/** A chapter detail whose last publication's note is worded in `lang`. */
export function withNoteText<T extends { last_publish: { outcome: string; note: string | null } | null }>(
  detail: T,
  lang: Language,
): T {
  const last = detail.last_publish;
  return last ? { ...detail, last_publish: { ...last, note: noteText(last.outcome, last.note, lang) } } : detail;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD HH:mm' in Beijing time ('' for none). */
export function beijingMinute(ms: number | null | undefined): string {
  if (!ms) return '';
  const d = new Date(ms + SHANGHAI_OFFSET_MS);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

const at = (ms: unknown, lang: Language) =>
  lang === 'en-US' ? `${beijingMinute(Number(ms))} Beijing time` : `北京时间 ${beijingMinute(Number(ms))}`;

export const PUBLISH_MESSAGE = {
  blocked: 'works.publish-blocked',
  late: 'works.publish-late',
  idle: 'works.publish-idle',
  /** The publishing job failed its last attempt (an error, not the checks): nothing was published. */
  failed: 'works.publish-failed',
  regularFailed: 'works.publish-regular-failed',
} as const;

const IDLE_TEXT: Record<IdleReason, Record<Language, string>> = {
  'no-drafts': { 'zh-CN': '草稿箱中没有可发布的章节', 'en-US': 'there was no draft to publish' },
  'only-skipped': {
    'zh-CN': '草稿箱中的章节都设置了跳过定时发布',
    'en-US': 'every draft was set to be skipped by the recurring schedule',
  },
  'all-blocked': {
    'zh-CN': '待发布的章节都未通过发布前检查',
    'en-US': 'no waiting chapter passed the checks before publishing',
  },
};

registerMessageTemplate(PUBLISH_MESSAGE.blocked, (p, lang) => {
  const reasons = noteText('blocked', String(p.note ?? '[]'), lang) ?? '';
  return lang === 'en-US'
    ? {
        title: `Scheduled publication stopped: "${p.chapter}"`,
        content: `"${p.chapter}" of "${p.book}" was due at ${at(p.scheduled_at, lang)} but did not pass the checks before publishing, so it was not published: ${reasons}. It is waiting in the drafts box; fix it, then publish it or set a time again.`,
      }
    : {
        title: `定时发布未执行：「${p.chapter}」`,
        content: `《${p.book}》的「${p.chapter}」原定${at(p.scheduled_at, lang)}定时发布，未通过发布前检查，没有发布：${reasons}。章节在草稿箱中，请修改后重新发布或重新设置定时。`,
      };
});

registerMessageTemplate(PUBLISH_MESSAGE.late, (p, lang) =>
  lang === 'en-US'
    ? {
        title: `Published late: "${p.chapter}"`,
        content: `"${p.chapter}" of "${p.book}" was due at ${at(p.scheduled_at, lang)}; because of a service interruption it was published at ${at(p.published_at, lang)}.`,
      }
    : {
        title: `定时发布延迟：「${p.chapter}」`,
        content: `《${p.book}》的「${p.chapter}」原定${at(p.scheduled_at, lang)}发布，因服务中断于${at(p.published_at, lang)}补发。`,
      },
);

registerMessageTemplate(PUBLISH_MESSAGE.idle, (p, lang) => {
  const why = IDLE_TEXT[p.reason as IdleReason]?.[lang] ?? String(p.reason);
  return lang === 'en-US'
    ? {
        title: `Nothing was published at the regular time of "${p.book}"`,
        content: `At ${at(p.scheduled_at, lang)} the regular schedule of "${p.book}" published nothing: ${why}.`,
      }
    : {
        title: `《${p.book}》定时发布未发布任何章节`,
        content: `《${p.book}》在${at(p.scheduled_at, lang)}的定时发布没有发布章节：${why}。`,
      };
});

registerMessageTemplate(PUBLISH_MESSAGE.failed, (p, lang) =>
  lang === 'en-US'
    ? {
        title: `Scheduled publication failed: "${p.chapter}"`,
        content: `"${p.chapter}" of "${p.book}" was due at ${at(p.scheduled_at, lang)}, but publishing failed after several attempts, so it was not published. It is waiting in the drafts box: publish it or set a time again; if it fails again, contact your editor.`,
      }
    : {
        title: `定时发布失败：「${p.chapter}」`,
        content: `《${p.book}》的「${p.chapter}」原定${at(p.scheduled_at, lang)}定时发布，多次尝试后仍发布失败，没有发布。章节在草稿箱中，请重新发布或重新设置定时；如果仍然失败，请联系责任编辑。`,
      },
);

registerMessageTemplate(PUBLISH_MESSAGE.regularFailed, (p, lang) =>
  lang === 'en-US'
    ? {
        title: `The regular publication of "${p.book}" failed`,
        content: `At ${at(p.scheduled_at, lang)} the regular schedule of "${p.book}" failed after several attempts and published nothing. The schedule goes on at its next time; if it fails again, contact your editor.`,
      }
    : {
        title: `《${p.book}》定时发布失败`,
        content: `《${p.book}》在${at(p.scheduled_at, lang)}的定时发布多次尝试后仍失败，没有发布章节。之后的定时发布照常进行；如果仍然失败，请联系责任编辑。`,
      },
);
