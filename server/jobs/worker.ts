// The publish worker (SPEC §3.10), in its own thread with its own SQLite connection, so the HTTP
// side stays responsive while a large import is written. It takes queued jobs one at a time,
// oldest first, and runs them (publish/write.ts); each job's writes and its "done" mark commit
// together, fenced by the claim (this runner's id and the attempt number, checked inside the write
// transaction: publish/write.ts). The main thread pokes it when a job is queued; otherwise it looks
// once a second.

import { randomUUID } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import { openDb } from '../store/db.ts';
import { now } from '../store/ids.ts';
import type { ImportRow } from '../store/imports.ts';
import { JobLostError, runPublish, runRevert, type ClaimedJob } from '../publish/write.ts';

interface Job extends ClaimedJob {
  kind: 'publish' | 'revert';
  import_id: string;
}

/** This runner's identity on the jobs it claims: the process and the thread's own start. */
const RUNNER = `${process.pid}:${randomUUID()}`;

// A larger page cache for the writer: a 100,000-row publish keeps several indexes' pages hot.
const db = openDb((workerData as { databasePath: string }).databasePath, { migrate: false, cacheMiB: 64 });
let stopping = false;
let wake: (() => void) | null = null;

parentPort!.on('message', (m: unknown) => {
  if (m === 'stop') stopping = true;
  wake?.();
});

function claim(): Job | undefined {
  const t = now();
  return db.prepare(
    `UPDATE jobs SET status = 'running', attempts = attempts + 1, runner = ?, started_at = ?, updated_at = ?
     WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY created_at, id LIMIT 1) RETURNING id, kind, import_id, attempts, runner`,
  ).get(RUNNER, t, t) as Job | undefined;
}

while (!stopping) {
  const job = claim();
  if (!job) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 1000);
      wake = () => { clearTimeout(timer); resolve(); };
    });
    wake = null;
    continue;
  }
  const row = db.prepare('SELECT * FROM imports WHERE id = ?').get(job.import_id) as ImportRow;
  try {
    if (job.kind === 'publish') runPublish(db, row, job);
    else runRevert(db, row, job);
  } catch (e) {
    if (!(e instanceof JobLostError)) throw e;
    parentPort!.postMessage({ type: 'lost', job_id: job.id, message: e.message });
    continue;
  }
  parentPort!.postMessage({ type: 'finished', job_id: job.id, import_id: job.import_id });
}
db.close();
parentPort!.postMessage({ type: 'stopped' });
parentPort!.close(); // nothing else keeps the thread alive: it exits
