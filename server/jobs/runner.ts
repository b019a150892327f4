// The main thread's side of the queue: starts the worker thread, pokes it when a job is queued,
// starts it again if it dies, and stops it on shutdown.
//
// Recovery (store.ts JobStore.requeueAbandoned, at start in main.ts and here when the thread
// dies): a job left running by no live runner was interrupted. Its writes were in one transaction
// that never committed, so nothing of it is stored; it is queued again (an import keeps its
// importing / reverting status and completes after the restart). A job interrupted three times
// is given up: the import returns to a retryable state (publish → failed, revert → complete)
// with an error saying so.

import { Worker } from 'node:worker_threads';
import { openStore } from '../store/open.ts';

export interface WorkerHandle {
  poke(): void;
  stop(graceMs?: number): Promise<void>;
  /** Resolves when the worker reports the job for this import finished (used by the bench). */
  onFinished(listener: (importId: string) => void): void;
  /** How many times the thread died unasked and was started again. */
  readonly restarts: number;
  /** Ends the thread as a crash would (tests: the handle must start another and rerun its job). */
  crashForTest(): Promise<void>;
}

/** A handle with no worker behind it (PUBLISH_WORKER=false: other processes publish, woken by the database). */
export function noWorker(): WorkerHandle {
  return {
    poke: () => {},
    stop: async () => {},
    onFinished: () => {},
    restarts: 0,
    crashForTest: async () => {},
  };
}

/**
 * The publish worker thread, started again if it dies while not asked to stop (an uncaught error,
 * an out-of-memory kill of the thread): its job, left `running`, is requeued first (on a store
 * connection of its own), so it runs again within moments instead of at the next start.
 */
export function startWorker(location: string, log: (m: string) => void): WorkerHandle {
  const listeners: ((importId: string) => void)[] = [];
  let stopped = false;
  let restarts = 0;
  let worker!: Worker;
  let exited!: Promise<void>;
  const requeue = async () => {
    try {
      const store = await openStore(location, { migrate: false });
      try {
        const r = await store.jobs.requeueAbandoned();
        log(`publish worker stopped unasked; requeued ${r.requeued} job(s), gave up ${r.abandoned}; starting it again`);
      } finally {
        await store.close();
      }
    } catch (e) {
      log(`publish worker stopped unasked and its jobs could not be requeued (${(e as Error).message}); they run at the next start`);
    }
  };
  const spawn = () => {
    worker = new Worker(new URL('./worker.mjs', import.meta.url), { workerData: { location } });
    const self = worker;
    exited = new Promise<void>((resolve) => self.once('exit', () => resolve()));
    self.on('message', (m: { type: string; import_id?: string; message?: string }) => {
      if (m.type === 'finished') for (const l of listeners) l(m.import_id!);
      else if (m.type === 'log') log(`publish worker: ${m.message}`);
    });
    self.on('error', (e) => log(`publish worker failed: ${e.stack ?? e.message}`));
    self.once('exit', () => {
      if (stopped || self !== worker) return;
      restarts++;
      void requeue().then(() => {
        if (!stopped) spawn();
      });
    });
  };
  spawn();
  return {
    poke: () => { if (!stopped) worker.postMessage('poke'); },
    onFinished: (l) => { listeners.push(l); },
    get restarts() { return restarts; },
    async crashForTest() {
      const before = worker;
      await before.terminate();
    },
    async stop(graceMs = 10_000) {
      if (stopped) return exited;
      stopped = true;
      worker.postMessage('stop');
      // A job in progress gets the grace period; after it the thread is ended, its transaction
      // never commits, and the job is recovered at the next start.
      const timer = setTimeout(() => void worker.terminate(), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}
