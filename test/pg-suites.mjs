// `npm run test:pg` (part of `npm test`): the server, publish and crash suites again, on PostgreSQL
// (SPEC §3.13: the same HTTP test files on both stores). Uses the cluster in SLUICE_PG_URL /
// SLUICE_PG_APP_URL when .ci/run started one, else starts one with .ci/postgres.sh for this run
// and stops it after. Without PostgreSQL (none installed and no right to install it) the run is
// skipped with a message, except under CI (CI=true), where that fails.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
/**
 * Suites about SQLite itself: one server per file (the instance lock), SQLite's full-disk handling
 * (on PostgreSQL: test/pg-disk-full.test.ts, a tablespace on a full tmpfs), a publish killed
 * mid-write with the WAL watched (on PostgreSQL: test/pg-scale.test.ts kills the worker process
 * that holds the job and finds it completed by another). Both run in `npm test` itself.
 */
const SQLITE_ONLY = new Set(['server-one-writer.test.ts', 'server-disk-full.test.ts', 'publish-crash.test.ts']);
const files = readdirSync(new URL('.', import.meta.url))
  .filter((f) => /^(server-.*|publish.*|worker-restart|server-journey)\.test\.ts$/.test(f) && !SQLITE_ONLY.has(f))
  .sort()
  .map((f) => `test/${f}`);

const env = { ...process.env, SLUICE_TEST_STORE: 'pg' };
let cluster = null;
if (!env.SLUICE_PG_URL || !env.SLUICE_PG_APP_URL) {
  const r = spawnSync('bash', ['.ci/postgres.sh', 'start', '--watch', String(process.pid)], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) {
    const why = (r.stderr || '').trim().split('\n').slice(-2).join(' | ');
    if (process.env.CI === 'true') {
      process.stderr.write(`test:pg: PostgreSQL is required under CI: ${why}\n`);
      process.exit(1);
    }
    process.stdout.write(`test:pg: skipped, no PostgreSQL here (${why}); see README "Running on PostgreSQL"\n`);
    process.exit(0);
  }
  for (const line of r.stdout.trim().split('\n')) {
    const i = line.indexOf('=');
    env[line.slice(0, i)] = line.slice(i + 1);
  }
  cluster = env.SLUICE_PG_DIR;
}
const run = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', ...files], { cwd: root, env, stdio: 'inherit' });
if (cluster) spawnSync('bash', ['.ci/postgres.sh', 'stop', cluster], { cwd: root, stdio: 'ignore' });
process.exit(run.status ?? 1);
