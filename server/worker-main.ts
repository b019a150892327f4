// `sluice worker` (SPEC §3.13): the publish worker alone, no HTTP, for a PostgreSQL database that
// servers started with PUBLISH_WORKER=false (or any servers) share. Any number may run; each claims
// queued jobs with SKIP LOCKED, wakes on the database's notifications, and sweeps the jobs of
// processes that died back into the queue (store/pg/jobs.ts). On SQLite the server's own worker
// publishes (one process owns the file), so this refuses to start there. SIGTERM and SIGINT let the
// job in progress finish (up to the worker's grace period), then stop.

import { loadConfig, redactUrl } from './config.ts';
import { startWorker } from './jobs/runner.ts';
import { openStore } from './store/open.ts';

export async function runWorker(log: (m: string) => void = (m) => process.stderr.write(m + '\n')): Promise<number> {
  let url: string | null;
  try {
    url = loadConfig().databaseUrl;
  } catch (e) {
    log(`sluice worker: ${(e as Error).message}`);
    return 2;
  }
  if (url === null) {
    log('sluice worker: set DATABASE_URL to a PostgreSQL database; on SQLite (DATABASE_PATH) the server publishes itself (npm start)');
    return 2;
  }
  try {
    // Migrated here too: a worker may be the first process on a new database.
    const store = await openStore(url);
    const r = await store.jobs.requeueAbandoned();
    if (r.requeued + r.abandoned > 0) log(`recovered ${r.requeued} interrupted job(s) for another run; gave up ${r.abandoned}`);
    await store.close();
  } catch (e) {
    log(`sluice worker: cannot start: ${(e as Error).message}`);
    return 2;
  }
  const worker = startWorker(url, log);
  process.stdout.write(`sluice worker publishing from PostgreSQL ${redactUrl(url)}\n`);
  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      process.stdout.write(`sluice worker: ${signal}, finishing the job in progress\n`);
      void worker.stop().then(resolve);
    };
    process.once('SIGTERM', () => stop('SIGTERM'));
    process.once('SIGINT', () => stop('SIGINT'));
  });
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = await runWorker();
