// A PostgreSQL for the tests (SPEC §3.13), through .ci/postgres.sh: one cluster per test run when
// .ci/run started it (SLUICE_PG_URL and SLUICE_PG_APP_URL in the environment), else one per test
// process, started here on first use and stopped when the process exits (a watchdog in the script
// stops it too if the process is killed). Every test server gets a database of its own, owned by
// the ordinary role `sluice`, with the DATABASE_URL to reach it.
//
//   const pg = await pgHarness();            // a string says why there is none (skip the test on it)
//   test('…', { skip: typeof pg === 'string' && pg }, async () => {
//     const db = await (pg as PgHarness).database();   // db.url is a DATABASE_URL
//     try { … } finally { await db.drop(); }
//   });
//
// Under CI (CI=true) there is no skipping: a PostgreSQL that cannot be installed or started fails.

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const SCRIPT = fileURLToPath(new URL('../.ci/postgres.sh', import.meta.url));

export interface PgDatabase {
  /** The database's name. */
  name: string;
  /** Its DATABASE_URL (role `sluice`, its owner). */
  url: string;
  /** Drops it, closing whatever connection is still on it. */
  drop(): Promise<void>;
}

export interface PgHarness {
  /** The superuser's URL to the `postgres` database. */
  adminUrl: string;
  /** A new empty database; in `tablespace` when given (its tables and catalogs live there). */
  database(options?: { tablespace?: string }): Promise<PgDatabase>;
}

let harness: Promise<PgHarness | string> | undefined;
let databases = 0;

/** The cluster of this test run, started on first call; a string says why there is none (never under CI: it throws). */
export function pgHarness(): Promise<PgHarness | string> {
  harness ??= Promise.resolve().then(() => {
    const found = clusterUrls();
    if (typeof found === 'string' && process.env['CI'] === 'true') throw new Error(`PostgreSQL is required under CI: ${found}`);
    return typeof found === 'string' ? found : bind(found.admin, found.app);
  });
  return harness;
}

function clusterUrls(): { admin: string; app: string } | string {
  const admin = process.env['SLUICE_PG_URL'];
  const app = process.env['SLUICE_PG_APP_URL'];
  if (admin && app) return { admin, app };
  const r = spawnSync('bash', [SCRIPT, 'start', '--watch', String(process.pid)], { encoding: 'utf8', timeout: 600_000 });
  if (r.status !== 0) return `.ci/postgres.sh start failed (${r.error?.message ?? `exit ${r.status}`}): ${(r.stderr ?? '').trim().split('\n').slice(-3).join(' | ')}`;
  const vars = Object.fromEntries(r.stdout.trim().split('\n').map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));
  const dir = vars['SLUICE_PG_DIR'];
  if (!dir || !vars['SLUICE_PG_URL'] || !vars['SLUICE_PG_APP_URL']) return `.ci/postgres.sh start printed no cluster: ${r.stdout}`;
  process.once('exit', () => {
    spawnSync('bash', [SCRIPT, 'stop', dir], { stdio: 'ignore', timeout: 60_000 });
  });
  return { admin: vars['SLUICE_PG_URL'], app: vars['SLUICE_PG_APP_URL'] };
}

/** One statement as the superuser, on a connection of its own (none is left open to hold the process). */
async function admin(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function bind(adminUrl: string, appUrl: string): PgHarness {
  return {
    adminUrl,
    async database(options = {}) {
      const name = `sluice_test_${process.pid}_${++databases}`;
      await admin(adminUrl, `CREATE DATABASE ${name} OWNER sluice${options.tablespace ? ` TABLESPACE ${options.tablespace}` : ''}`);
      return {
        name,
        url: appUrl + name,
        drop: () => admin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      };
    },
  };
}
