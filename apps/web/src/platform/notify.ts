import { TOAST } from '@author-centre/shared/constants';
import type { MessageInstance } from 'antd/es/message/interface';
import type { ArgsProps, NotificationInstance } from 'antd/es/notification/interface';

/**
 * Toasts and notifications usable anywhere (the api client included). antd's are used, in the
 * brand's theme, from app/FeedbackHost.tsx; it is downloaded when the first toast is asked for (a page
 * that shows none never loads it, issue 19), and what was asked meanwhile shows as soon as it is there.
 */
interface Feedback {
  message: MessageInstance;
  notification: NotificationInstance;
}

let feedback: Feedback | null = null;
const waiting: ((f: Feedback) => void)[] = [];
let wanted = false;
const listeners = new Set<() => void>();

export function registerFeedback(next: Feedback | null): void {
  feedback = next;
  if (next) for (const call of waiting.splice(0)) call(next);
}

/** Asks for the host (app/FeedbackMount.tsx mounts it). */
export function wantFeedback(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

export function feedbackWanted(): boolean {
  return wanted;
}

export function subscribeFeedbackWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function withFeedback(call: (f: Feedback) => void): void {
  if (feedback) call(feedback);
  else {
    waiting.push(call);
    wantFeedback();
  }
}

/** Identical messages fired together (five calls failing at once) show once. */
function keyOf(kind: string, text: string): string {
  return `${kind}:${text}`;
}

function open(type: 'error' | 'success' | 'info', text: string, durationMs: number): void {
  withFeedback((f) => {
    void f.message.open({ type, content: text, duration: durationMs / 1000, key: keyOf(type, text) });
  });
}

export const toast = {
  error(text: string, durationMs: number = TOAST.errorDurationMs): void {
    if (!text) return;
    open('error', text, durationMs);
  },
  success(text: string, durationMs: number = TOAST.durationMs): void {
    open('success', text, durationMs);
  },
  info(text: string, durationMs: number = TOAST.durationMs): void {
    open('info', text, durationMs);
  },
};

/** A warning notification in the corner (the environment check of §4). */
export function notifyWarning(args: ArgsProps): void {
  withFeedback((f) => f.notification.warning(args));
}
