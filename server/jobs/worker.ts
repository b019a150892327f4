// The publish worker (SPEC §3.10), in its own thread with its own store connection, so the HTTP
// side stays responsive while a large import is written. It takes queued jobs one at a time,
// oldest first, and runs them (publish/write.ts); each job's writes and its "done" mark commit
// together, fenced by the claim (this runner's id and the attempt number, checked inside the write
// transaction: store.ts JobStore.publish). The main thread pokes it when a job is queued;
// otherwise it looks once a second. On PostgreSQL (several processes, SPEC §3.13) it also wakes on
// the database's notification of a job queued by any process, and sweeps abandoned jobs (those of
// a process that died) back into the queue every SWEEP_MS.

import { randomUUID } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import { isDiskFull, JobLostError } from '../store/errors.ts';
import { isPgUrl } from '../config.ts';
import { openStore } from '../store/open.ts';
import type { PgStore } from '../store/pg/store.ts';
import type { Claim } from '../store/store.ts';
import { runPublish, runRevert } from '../publish/write.ts';

/** This runner's identity on the jobs it claims: the process and the thread's own start. */
const RUNNER = `${process.pid}:${randomUUID()}`;

const location = (workerData as { location: string }).location;
const store = await openStore(location, { migrate: false, worker: true });
const SWEEP_MS = 10_000;
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

const shared = isPgUrl(location);
const unlisten = shared
  ? await (store as PgStore).listen(() => wake?.(), (e) => parentPort!.postMessage({ type: 'log', message: `job notifications lost (${e.message}); polling` }))
  : null;
let swept = Date.now();

let diskFull = false;
while (!stopping) {
  if (shared && Date.now() - swept >= SWEEP_MS) {
    swept = Date.now();
    const r = await store.jobs.requeueAbandoned().catch((e: Error) => {
      parentPort!.postMessage({ type: 'log', message: `the sweep for abandoned jobs failed (${e.message}); trying again in ${SWEEP_MS / 1000} s` });
      return { requeued: 0, abandoned: 0 };
    });
    if (r.requeued + r.abandoned > 0) parentPort!.postMessage({ type: 'log', message: `requeued ${r.requeued} abandoned job(s), gave up ${r.abandoned}` });
  }
  let claim: Claim | null;
  try {
    claim = await store.jobs.claim(RUNNER);
  } catch (e) {
    if (!isDiskFull(e)) throw e;
    // No room to mark a claim: nothing taken; said once per spell, looked at again later.
    if (!diskFull) parentPort!.postMessage({ type: 'log', message: `the disk is full: no job can be started; looking again every ${DISK_FULL_RETRY_MS / 1000} s` });
    diskFull = true;
    await sleep(DISK_FULL_RETRY_MS);
    continue;
  }
  diskFull = false;
  if (!claim) {
    await sleep(1000);
    continue;
  }
  const { job } = claim;
  // run() records its own failures; it throws only when even that could not be written (a full
  // disk refuses the failure mark too). Nothing of the job was kept, so on a full disk it is run
  // again, claim unchanged, every few seconds until there is room; any other such error leaves the
  // job to the recovery at the next start. The thread carries on with other jobs either way.
  for (;;) {
    try {
      if (job.kind === 'publish') await runPublish(store, claim);
      else await runRevert(store, claim);
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
}
await unlisten?.().catch(() => {});
await store.close();
parentPort!.postMessage({ type: 'stopped' });
parentPort!.close(); // nothing else keeps the thread alive: it exits
