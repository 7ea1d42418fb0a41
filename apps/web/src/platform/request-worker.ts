import { exchange } from './request-exchange.ts';
import type { RequestSpec } from './request-signing.ts';

/**
 * The request worker: signs, sends and decodes calls whose body is long (a chapter's save), so that
 * the page's thread, which draws what the author types, never spends a frame on them.
 */
export interface WorkerCall {
  id: number;
  spec: RequestSpec;
  secret: string;
  t: number;
  headers: Record<string, string>;
}
export type WorkerReply =
  | { id: number; exchanged: Awaited<ReturnType<typeof exchange>> }
  | { id: number; failed: 'network' | 'other' };

const scope = globalThis as unknown as {
  onmessage: ((e: MessageEvent<WorkerCall | { abort: number }>) => void) | null;
  postMessage: (reply: WorkerReply) => void;
};
const running = new Map<number, AbortController>();

scope.onmessage = (e) => {
  const message = e.data;
  if ('abort' in message) {
    running.get(message.abort)?.abort();
    return;
  }
  const controller = new AbortController();
  running.set(message.id, controller);
  exchange(message.spec, message.secret, message.t, message.headers, controller.signal)
    .then((exchanged) => scope.postMessage({ id: message.id, exchanged }))
    .catch((error) => scope.postMessage({ id: message.id, failed: error instanceof TypeError ? 'network' : 'other' }))
    .finally(() => running.delete(message.id));
};
