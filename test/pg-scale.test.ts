// Several processes on one PostgreSQL database (SPEC §3.13), as real child processes on real
// ports: two servers and a `sluice worker` publishing four 20,000-row imports at once (each import
// complete with exactly its rows, none twice), and a publish whose process is killed with SIGKILL
// mid-write (the import completed by another process, or failed with nothing written; never
// partial, never twice). Skipped where there is no PostgreSQL (never under CI: test/pg-helpers.ts).

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, describe, test } from 'node:test';
import pg from 'pg';
import { pgHarness, type PgDatabase, type PgHarness } from './pg-helpers.ts';
import { bankCsv, childEnv, freePort, ROOT, spawnServer, terminal, until, type Api, type ChildServer } from './publish-helpers.ts';
import { openStore } from '../server/store/open.ts';
import { STALE_STAGED_MS } from '../server/store/pg/imports.ts';
import { api, type ApiOptions } from './server-helpers.ts';

const found = await pgHarness();
const skip = typeof found === 'string' && `no PostgreSQL: ${found}`;
const KEY = 'feed'.repeat(16);

function bound(url: string): Api {
  return { api: (method: string, path: string, options: ApiOptions = {}) => api(url, KEY, method, path, options) };
}

/** `sluice worker` (the compiled command, bin/sluice.mjs) on the database; resolves once it says it is publishing. */
async function spawnWorker(url: string): Promise<ChildServer> {
  const child = spawn(process.execPath, ['bin/sluice.mjs', 'worker'], {
    cwd: ROOT, env: childEnv({ DATABASE_URL: url }), stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (b: Buffer) => { out += b.toString(); });
  child.stderr!.on('data', (b: Buffer) => { err += b.toString(); });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  await until('the worker to start', () => {
    if (child.exitCode !== null) assert.fail(`the worker exited:\n${out}\n${err}`);
    return out.includes('sluice worker publishing') ? true : undefined;
  }, 30_000);
  return { child, url: '', stdout: () => out, stderr: () => err, exited };
}

describe('several processes on one PostgreSQL database', { skip }, () => {
  const children: ChildServer[] = [];
  const databases: PgDatabase[] = [];
  const clients: pg.Client[] = [];
  after(async () => {
    for (const c of children) if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill('SIGKILL');
    await Promise.all(children.map((c) => c.exited));
    for (const c of clients) await c.end();
    for (const d of databases) await d.drop();
  });

  async function database(): Promise<{ url: string; sql: pg.Client }> {
    const d = await (found as PgHarness).database();
    databases.push(d);
    const sql = new pg.Client({ connectionString: d.url });
    await sql.connect();
    clients.push(sql);
    return { url: d.url, sql };
  }

  async function server(url: string, env: Record<string, string> = {}): Promise<Api> {
    const c = await spawnServer({
      DATABASE_URL: url, PORT: String(await freePort()), SLUICE_BOOTSTRAP_API_KEY: KEY,
      MAX_CSV_BYTES: String(64 * 1024 * 1024), MAX_JSON_BODY_BYTES: String(128 * 1024 * 1024), ...env,
    });
    children.push(c);
    return bound(c.url);
  }

  async function account(s: Api, name: string): Promise<string> {
    const r = await s.api('POST', '/api/v1/accounts', { json: { name, account_type: 'depository', currency: 'USD' } });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    return r.body.id;
  }

  /** The rows of `n` stored for an import, distinct ones (by identity) and all. */
  async function stored(sql: pg.Client, importId: string): Promise<{ all: number; distinct: number }> {
    const r = await sql.query('SELECT count(*)::int AS all, count(DISTINCT identity)::int AS distinct FROM transactions WHERE import_id = $1', [importId]);
    return r.rows[0];
  }

  test('two servers and a sluice worker publish four 20,000-row imports at once: each complete with exactly its rows', { timeout: 300_000 }, async () => {
    const { url, sql } = await database();
    // The first server makes the family and the key; the second then finds them.
    const a = await server(url);
    const b = await server(url);
    children.push(await spawnWorker(url));
    const n = 20_000;
    const servers = [a, b, a, b];
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const accountId = await account(servers[i]!, `Scale ${i}`);
      const r = await servers[i]!.api('POST', '/api/v1/imports', { json: { raw_file_content: bankCsv(n), account_id: accountId } });
      assert.equal(r.status, 201, JSON.stringify(r.body));
      assert.equal(r.body.data.stats.valid_rows_count, n);
      ids.push(r.body.data.id);
    }
    // All four queued at once, each through the other server than the one that stored it.
    const queued = await Promise.all(ids.map((id, i) => servers[(i + 1) % 4]!.api('POST', `/api/v1/imports/${id}/publish`)));
    for (const r of queued) assert.equal(r.status, 202, JSON.stringify(r.body));
    const done = await Promise.all(ids.map((id, i) => terminal(servers[i]!, KEY, id, 240_000)));
    for (const d of done) assert.equal(d.status, 'complete', JSON.stringify(d));
    for (const id of ids) assert.deepEqual(await stored(sql, id), { all: n, distinct: n });
    const total = await sql.query('SELECT count(*)::int AS n FROM transactions');
    assert.equal(total.rows[0].n, 4 * n);
    // Every job ran once, and more than one process took part.
    const jobs = await sql.query("SELECT status, attempts, split_part(runner, ':', 1) AS pid FROM jobs WHERE kind = 'publish'");
    assert.deepEqual(jobs.rows.map((j) => [j.status, j.attempts]), [['done', 1], ['done', 1], ['done', 1], ['done', 1]]);
    assert.ok(new Set(jobs.rows.map((j) => j.pid)).size > 1, `one process ran every job: ${JSON.stringify(jobs.rows)}`);
  });

  test('a process starting up removes only uploads nobody has written to for 15 minutes, never one in progress', async () => {
    const { url, sql } = await database();
    const first = await openStore(url);
    try {
      const owner = await first.users.create({ email: 'stage@example.com', firstName: null, lastName: null, scope: 'read_write', family: { name: 'F', currency: 'USD', defaultCategories: false } });
      const staged = await first.imports.stage({ familyId: owner.familyId, userId: owner.user.id, type: 'TransactionImport', accountId: null, options: {}, configuration: {}, contentType: 'text/csv', filename: 'a.csv' });
      await first.imports.append(staged, [{ seq: 0, bytes: new TextEncoder().encode('date,amount,name\n') }], []);
      // Another process starts (main.ts does this at start): the upload in progress stays.
      const second = await openStore(url);
      try {
        assert.equal(await second.imports.discardAllStaged(), 0);
        assert.equal((await sql.query('SELECT count(*)::int AS n FROM imports WHERE id = $1', [staged])).rows[0].n, 1);
        // Untouched for longer than STALE_STAGED_MS: a crashed process's upload, removed with its content.
        await sql.query('UPDATE imports SET updated_at = $1 WHERE id = $2', [new Date(Date.now() - STALE_STAGED_MS - 1000).toISOString(), staged]);
        assert.equal(await second.imports.discardAllStaged(), 1);
        assert.equal((await sql.query('SELECT count(*)::int AS n FROM import_contents WHERE import_id = $1', [staged])).rows[0].n, 0);
      } finally {
        await second.close();
      }
    } finally {
      await first.close();
    }
  });

  test('the sweeper: a running job nobody holds goes back to the queue; after three attempts the import is failed, saying why', async () => {
    const { url, sql } = await database();
    const store = await openStore(url);
    try {
      const owner = await store.users.create({ email: 'sweep@example.com', firstName: null, lastName: null, scope: 'read_write', family: { name: 'F', currency: 'USD', defaultCategories: false } });
      const jobs: Record<number, string> = {};
      for (const attempts of [1, 3]) {
        const id = await store.imports.stage({ familyId: owner.familyId, userId: owner.user.id, type: 'TransactionImport', accountId: null, options: {}, configuration: {}, contentType: 'text/csv', filename: `${attempts}.csv` });
        await sql.query("UPDATE imports SET staged = 0, status = 'importing' WHERE id = $1", [id]);
        // Claimed a minute ago by a process that is gone (no transaction holds the row).
        await sql.query(`INSERT INTO jobs (id, kind, import_id, family_id, status, attempts, runner, created_at, updated_at, started_at)
                         VALUES ($1, 'publish', $2, $3, 'running', $4, 'gone:1', $5, $5, $5)`, [`job-${attempts}`, id, owner.familyId, attempts, new Date(Date.now() - 60_000).toISOString()]);
        jobs[attempts] = id;
      }
      assert.deepEqual(await store.jobs.requeueAbandoned(), { requeued: 1, abandoned: 1 });
      assert.deepEqual((await sql.query("SELECT status, attempts FROM jobs WHERE id = 'job-1'")).rows[0], { status: 'queued', attempts: 1 });
      assert.equal((await sql.query("SELECT status FROM jobs WHERE id = 'job-3'")).rows[0].status, 'failed');
      const given = await store.imports.get(owner.familyId, jobs[3]!);
      assert.equal(given?.status, 'failed');
      assert.match(given?.error ?? '', /interrupted 3 times and was given up/);
      // A claim younger than the grace is not swept (its worker may not have locked it yet).
      const claimed = await store.jobs.claim('live:1');
      assert.equal(claimed?.job.id, 'job-1');
      assert.deepEqual(await store.jobs.requeueAbandoned(), { requeued: 0, abandoned: 0 });
    } finally {
      await store.close();
    }
  });

  test('SIGKILL of the process running a 100,000-row publish: another process completes it, every row once', { timeout: 300_000 }, async (t) => {
    const { url, sql } = await database();
    // HTTP only; two workers publish, one of which is killed while it writes.
    const s = await server(url, { PUBLISH_WORKER: 'false' });
    const workers = [await spawnWorker(url), await spawnWorker(url)];
    children.push(...workers);
    const n = 100_000;
    const accountId = await account(s, 'Crash');
    const r = await s.api('POST', '/api/v1/imports', { json: { raw_file_content: bankCsv(n), account_id: accountId, publish: 'true' } });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    const id: string = r.body.data.id;
    const runner = await until('a worker to be writing the import', async () => {
      // Running, and its transaction holds the job's row (the lease): the write has begun.
      const j = await sql.query(
        `SELECT j.runner FROM jobs j WHERE j.import_id = $1 AND j.status = 'running'
         AND EXISTS (SELECT 1 FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid WHERE l.locktype = 'transactionid' AND (a.query LIKE '%INSERT INTO transactions%' OR a.query LIKE 'COPY transactions%'))`, [id]);
      return j.rows[0]?.runner as string | undefined;
    }, 120_000, 5);
    // A process starting now sweeps abandoned jobs: this one is held by a live transaction, so it
    // is left alone (same runner, same attempt).
    children.push(await spawnWorker(url));
    const held = await sql.query('SELECT status, attempts, runner FROM jobs WHERE import_id = $1', [id]);
    assert.deepEqual(held.rows[0], { status: 'running', attempts: 1, runner }, 'a starting process left the running job alone');
    const pid = Number(runner.split(':')[0]);
    const victim = workers.find((w) => w.child.pid === pid);
    assert.ok(victim, `the runner ${runner} is one of the workers`);
    victim.child.kill('SIGKILL');
    await victim.exited;
    const killedAt = Date.now();
    const d = await terminal(s, KEY, id, 240_000);
    const rows = await stored(sql, id);
    t.diagnostic(`killed ${runner} while it wrote; the import ended ${d.status} ${Date.now() - killedAt} ms later`);
    if (d.status === 'complete') {
      assert.deepEqual(rows, { all: n, distinct: n });
      const job = await sql.query('SELECT status, attempts, runner FROM jobs WHERE import_id = $1', [id]);
      assert.equal(job.rows[0].status, 'done');
      assert.equal(job.rows[0].attempts, 2);
      assert.notEqual(job.rows[0].runner, runner);
    } else {
      assert.equal(d.status, 'failed');
      assert.deepEqual(rows, { all: 0, distinct: 0 });
    }
  });
});
