// The main thread's side of the queue: recovers jobs a crash left mid-flight, starts the worker
// thread, pokes it when a job is queued, and stops it on shutdown.
//
// Recovery: only one server runs on a database file (instance-lock.ts), so a job found `running`
// at start belongs to no live process: it was interrupted. Its writes were in one transaction
// that never committed, so nothing of it is stored; it is queued again (an import keeps its
// importing / reverting status and completes after the restart). A job interrupted three times
// is given up: the import returns to a retryable state (publish → pending, revert → complete)
// with an error saying so.

import { Worker } from 'node:worker_threads';
import { openDb, type Db } from '../store/db.ts';
import { now } from '../store/ids.ts';
import { setStatus } from '../store/imports.ts';

const MAX_ATTEMPTS = 3;

export function recoverJobs(db: Db): { requeued: number; abandoned: number } {
  const running = db.prepare("SELECT id, kind, import_id, attempts FROM jobs WHERE status = 'running'").all() as
    { id: string; kind: 'publish' | 'revert'; import_id: string; attempts: number }[];
  let requeued = 0, abandoned = 0;
  const t = now();
  db.transaction(() => {
    for (const j of running) {
      if (j.attempts < MAX_ATTEMPTS) {
        db.prepare("UPDATE jobs SET status = 'queued', updated_at = ? WHERE id = ?").run(t, j.id);
        requeued++;
      } else {
        const error = `the ${j.kind} was interrupted ${j.attempts} times and was given up; nothing of it was kept`;
        db.prepare("UPDATE jobs SET status = 'failed', error = ?, finished_at = ?, updated_at = ? WHERE id = ?").run(error, t, t, j.id);
        setStatus(db, j.import_id, j.kind === 'publish' ? 'pending' : 'complete', { error });
        abandoned++;
      }
    }
  })();
  return { requeued, abandoned };
}

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

/**
 * The publish worker thread, started again if it dies while not asked to stop (an uncaught error,
 * an out-of-memory kill of the thread): its job, left `running`, is requeued first (recoverJobs,
 * on a connection of its own), so it runs again within moments instead of at the next start.
 */
export function startWorker(databasePath: string, log: (m: string) => void): WorkerHandle {
  const listeners: ((importId: string) => void)[] = [];
  let stopped = false;
  let restarts = 0;
  let worker!: Worker;
  let exited!: Promise<void>;
  const spawn = () => {
    worker = new Worker(new URL('./worker.mjs', import.meta.url), { workerData: { databasePath } });
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
      try {
        const db = openDb(databasePath, { migrate: false });
        try {
          const r = recoverJobs(db);
          log(`publish worker stopped unasked; requeued ${r.requeued} job(s), gave up ${r.abandoned}; starting it again`);
        } finally {
          db.close();
        }
      } catch (e) {
        log(`publish worker stopped unasked and its jobs could not be requeued (${(e as Error).message}); they run at the next start`);
      }
      spawn();
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
