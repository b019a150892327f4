// The publish worker (SPEC §3.10), in its own thread with its own SQLite connection, so the HTTP
// side stays responsive while a large import is written. It takes queued jobs one at a time,
// oldest first, and runs them (publish/write.ts); each job's writes and its "done" mark commit
// together, fenced by the claim (this runner's id and the attempt number, checked inside the write
// transaction: publish/write.ts). The main thread pokes it when a job is queued; otherwise it looks
// once a second.

import { randomUUID } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import { isDiskFull, openDb } from '../store/db.ts';
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
// The WAL is checkpointed after a job has reported, not inside its commit: an import is durable
// once its commit has synced the WAL (synchronous=FULL), and copying its pages into the database
// file is housekeeping that need not delay the answer.
db.pragma('wal_autocheckpoint = 0');
let stopping = false;
let wake: (() => void) | null = null;
const DISK_FULL_RETRY_MS = 3000;

/** Waits `ms`, or less when the main thread pokes (a stop included). */
function sleep(ms: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    wake = () => { clearTimeout(timer); resolve(); };
  }).then(() => { wake = null; });
}

parentPort!.on('message', (m: unknown) => {
  if (m === 'stop') stopping = true;
  wake?.();
});

const claimStatement = db.prepare(
  `UPDATE jobs SET status = 'running', attempts = attempts + 1, runner = ?, started_at = ?, updated_at = ?
   WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY created_at, id LIMIT 1) RETURNING id, kind, import_id, attempts, runner`,
);

/**
 * The oldest queued job, claimed. In an explicit transaction and stepped to its end: a RETURNING
 * statement read with get() in autocommit can hand back its row while the commit fails unseen (a
 * full disk), which would run a job whose claim was never stored.
 */
const claim = db.transaction((): Job | undefined => {
  const t = now();
  return claimStatement.all(RUNNER, t, t)[0] as Job | undefined;
});

let diskFull = false;
while (!stopping) {
  let job: Job | undefined;
  try {
    job = claim.immediate();
  } catch (e) {
    if (!isDiskFull(e)) throw e;
    // No room to mark a claim: nothing taken; said once per spell, looked at again later.
    if (!diskFull) parentPort!.postMessage({ type: 'log', message: `the disk is full: no job can be started; looking again every ${DISK_FULL_RETRY_MS / 1000} s` });
    diskFull = true;
    await sleep(DISK_FULL_RETRY_MS);
    continue;
  }
  diskFull = false;
  if (!job) {
    await sleep(1000);
    continue;
  }
  const row = db.prepare('SELECT * FROM imports WHERE id = ?').get(job.import_id) as ImportRow;
  // run() records its own failures; it throws only when even that could not be written (a full
  // disk refuses the failure mark too). Nothing of the job was kept, so on a full disk it is run
  // again, claim unchanged, every few seconds until there is room; any other such error leaves the
  // job to the recovery at the next start. The thread carries on with other jobs either way.
  for (;;) {
    try {
      if (job.kind === 'publish') runPublish(db, row, job);
      else runRevert(db, row, job);
    } catch (e) {
      if (e instanceof JobLostError) {
        parentPort!.postMessage({ type: 'log', job_id: job.id, message: e.message });
      } else if (isDiskFull(e) && !stopping) {
        parentPort!.postMessage({ type: 'log', job_id: job.id, message: `job ${job.id}: the disk is full; trying again in ${DISK_FULL_RETRY_MS / 1000} s` });
        await sleep(DISK_FULL_RETRY_MS);
        continue;
      } else {
        parentPort!.postMessage({ type: 'log', job_id: job.id, message: `job ${job.id} could not be recorded (${(e as Error).message}); it runs again at the next start` });
      }
    }
    break;
  }
  parentPort!.postMessage({ type: 'finished', job_id: job.id, import_id: job.import_id });
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (e) {
    if (!isDiskFull(e)) throw e; // no room to copy pages into the database file: the WAL keeps them
  }
}
db.close();
parentPort!.postMessage({ type: 'stopped' });
parentPort!.close(); // nothing else keeps the thread alive: it exits
