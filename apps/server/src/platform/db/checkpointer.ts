import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * Checkpoints a SQLite WAL from a worker thread with its own connection. A checkpoint with
 * synchronous=NORMAL syncs the WAL and the database file to disk; run by the connection that
 * commits (SQLite's auto-checkpoint), those syncs stall the event loop every few hundred writes
 * for tens of milliseconds. A PASSIVE checkpoint here never blocks the writer; the main
 * connection keeps a large auto-checkpoint as a safety net should this thread fall behind.
 */
export interface Checkpointer {
  stop(): Promise<void>;
}

const SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
const SQLite = require(workerData.sqlite);
const db = new SQLite(workerData.file);
db.pragma('busy_timeout = 1000');
const timer = setInterval(() => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {}
}, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  try { db.close(); } catch {}
  parentPort.postMessage('stopped');
});
`;

export function startCheckpointer(file: string, everyMs = 500): Checkpointer {
  const sqlite = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(SOURCE, { eval: true, workerData: { file, sqlite, everyMs } });
  worker.unref();
  worker.on('error', () => {});
  return {
    stop: async () => {
      const stopped = new Promise((resolve) => {
        worker.once('message', resolve);
        worker.once('exit', resolve);
        setTimeout(resolve, 1000).unref();
      });
      worker.postMessage('stop');
      await stopped;
      await worker.terminate();
    },
  };
}
