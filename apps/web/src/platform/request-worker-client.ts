import { type Exchanged, exchange } from './request-exchange.ts';
import type { RequestSpec } from './request-signing.ts';
import type { WorkerCall, WorkerReply } from './request-worker.ts';

let worker: Worker | null = null;
/** The worker could not start or broke: calls are made on the page from then on. */
let broken = false;
let nextId = 1;
const waiting = new Map<number, { resolve: (e: Exchanged) => void; reject: (e: unknown) => void }>();

function requestWorker(): Worker | null {
  if (worker || broken || typeof Worker === 'undefined') return worker;
  worker = new Worker(new URL('./request-worker.ts', import.meta.url), { type: 'module' });
  worker.onerror = () => {
    // The calls it held fail as a network failure would (a save is retried with its key), and the
    // next ones are made on the page: a worker that cannot load never leaves a save hanging.
    broken = true;
    worker = null;
    for (const call of waiting.values()) call.reject(new TypeError('request worker failed'));
    waiting.clear();
  };
  worker.onmessage = (e: MessageEvent<WorkerReply>) => {
    const reply = e.data;
    const call = waiting.get(reply.id);
    if (!call) return;
    waiting.delete(reply.id);
    if ('exchanged' in reply) call.resolve(reply.exchanged);
    // Thrown as on the page: a TypeError is a network failure (toApiError in api.ts).
    else call.reject(reply.failed === 'network' ? new TypeError('network') : new Error('request failed'));
  };
  return worker;
}

/** `exchange` in the request worker (on the page where there is no Worker): same result, same failures. */
export function exchangeOffMainThread(
  spec: RequestSpec,
  secret: string,
  t: number,
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<Exchanged> {
  const w = requestWorker();
  if (!w) return exchange(spec, secret, t, headers, signal);
  const id = nextId++;
  return new Promise<Exchanged>((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    waiting.set(id, { resolve, reject });
    signal.addEventListener(
      'abort',
      () => {
        if (!waiting.delete(id)) return;
        w.postMessage({ abort: id });
        reject(signal.reason);
      },
      { once: true },
    );
    w.postMessage({ id, spec, secret, t, headers } satisfies WorkerCall);
  });
}
