// A crash in the middle of a publish, and a clean stop (SPEC §3.1, §3.10). The server runs as a
// child process (`node --import tsx server/main.ts`) on a port picked here, with a known bootstrap
// key. A 100,000-row CSV is posted with publish "true"; once the worker has claimed the job (seen
// through a separate read-only connection) and its transaction has started spilling pages into
// the WAL, the child is killed with SIGKILL. A fresh connection
// then shows that nothing of the import is stored (one transaction: all or nothing), and a
// restart on the same database recovers the job and completes the import with every row stored
// exactly once. A job interrupted three times is given up and the import is retryable. Also:
// SIGTERM on an idle server exits 0 promptly.

import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import Database from 'better-sqlite3';
import { api, type ApiOptions } from './server-helpers.ts';
import { bankCsv, freePort, spawnServer, terminal, until, type Api, type ChildServer } from './publish-helpers.ts';

const KEY = 'c0ffee'.repeat(10) + 'c0ff';

function bound(url: string): Api {
  return { api: (method: string, path: string, options: ApiOptions = {}) => api(url, KEY, method, path, options) };
}

describe('a publish killed mid-write', () => {
  let dir: string;
  let dbPath: string;
  const children: ChildServer[] = [];
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'sluice-crash-'));
    dbPath = join(dir, 'sluice.db');
  });
  after(async () => {
    for (const c of children) if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill('SIGKILL');
    await Promise.all(children.map((c) => c.exited));
    rmSync(dir, { recursive: true, force: true });
  });

  async function boot(): Promise<ChildServer> {
    const port = await freePort();
    const c = await spawnServer({ DATABASE_PATH: dbPath, PORT: String(port), SLUICE_BOOTSTRAP_API_KEY: KEY, MAX_CSV_BYTES: String(64 * 1024 * 1024), MAX_JSON_BODY_BYTES: String(128 * 1024 * 1024) });
    children.push(c);
    return c;
  }

  test('SIGKILL while the worker writes: nothing stored; after a restart the job is recovered and every row is stored exactly once', { timeout: 300_000 }, async (t) => {
    const n = 100_000;
    const first = await boot();
    const s1 = bound(first.url);
    const account = await (async () => {
      // There is no API for accounts: one is added through a connection of the test's own.
      const db = new Database(dbPath);
      try {
        const family = db.prepare('SELECT family_id FROM users LIMIT 1').pluck().get() as string;
        const id = randomUUID();
        const at = new Date().toISOString();
        db.prepare(`INSERT INTO accounts (id, family_id, name, name_key, accountable_type, balance, currency, created_at, updated_at)
                    VALUES (?, ?, 'Crash test', 'crash test', 'Depository', '0', 'USD', ?, ?)`).run(id, family, at, at);
        return id;
      } finally {
        db.close();
      }
    })();

    const r = await s1.api('POST', '/api/v1/imports', { json: { raw_file_content: bankCsv(n), account_id: account, publish: 'true' } });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    assert.equal(r.body.data.status, 'importing');
    assert.equal(r.body.data.stats.valid_rows_count, n);
    const id: string = r.body.data.id;

    const reader = new Database(dbPath, { readonly: true, fileMustExist: true });
    const jobOf = () => reader.prepare('SELECT status, attempts FROM jobs WHERE import_id = ?').get(id) as { status: string; attempts: number } | undefined;
    try {
      const job = await until('the worker to claim the job', () => (jobOf()?.status === 'running' ? jobOf() : undefined), 60_000, 2);
      assert.equal(job!.attempts, 1);
      // The claim has committed; from here the only writer is the publish transaction (the test
      // sends no requests), whose pages spill into the WAL before it commits.
      const wal = `${dbPath}-wal`;
      const mark = statSync(wal);
      const claimed = Date.now();
      await until('the publish transaction to write into the WAL', () => {
        const now = statSync(wal);
        return now.size !== mark.size || now.mtimeMs !== mark.mtimeMs ? true : undefined;
      }, 60_000, 2);
      assert.equal(jobOf()?.status, 'running');
      t.diagnostic(`killed ${Date.now() - claimed} ms after the claim, the WAL at ${statSync(wal).size} bytes (${mark.size} at the claim)`);
    } finally {
      reader.close();
    }
    first.child.kill('SIGKILL');
    const exit = await first.exited;
    assert.equal(exit.signal, 'SIGKILL');

    const fresh = new Database(dbPath, { readonly: true, fileMustExist: true });
    try {
      const stillRunning = fresh.prepare('SELECT status FROM jobs WHERE import_id = ?').pluck().get(id);
      assert.equal(stillRunning, 'running', 'the kill came before the job committed (otherwise this run shows nothing: use a larger file)');
      assert.equal(fresh.prepare('SELECT count(*) FROM transactions WHERE import_id = ?').pluck().get(id), 0, 'no partial data');
      assert.equal(fresh.prepare('SELECT count(*) FROM transactions WHERE account_id = ?').pluck().get(account), 0);
      assert.equal(fresh.prepare('SELECT status FROM imports WHERE id = ?').pluck().get(id), 'importing');
      assert.equal(fresh.prepare('SELECT summary FROM imports WHERE id = ?').pluck().get(id), null);
    } finally {
      fresh.close();
    }

    const second = await boot();
    const s2 = bound(second.url);
    assert.match(second.stderr(), /recovered 1 interrupted job/);
    const started = Date.now();
    const d = await terminal(s2, KEY, id, 240_000);
    assert.equal(d.status, 'complete', d.error);
    assert.equal(d.error, null);
    assert.deepEqual(d.summary, { transactions: { created: n, updated: 0, skipped: 0 } });
    t.diagnostic(`the recovered job completed ${Date.now() - started} ms after the restart`);

    const check = new Database(dbPath, { readonly: true, fileMustExist: true });
    try {
      assert.equal(check.prepare('SELECT count(*) FROM transactions WHERE import_id = ?').pluck().get(id), n);
      assert.equal(check.prepare('SELECT count(DISTINCT identity) FROM transactions WHERE account_id = ?').pluck().get(account), n, 'every row once');
      assert.equal(check.prepare('SELECT count(*) FROM transactions WHERE account_id = ?').pluck().get(account), n);
      const jobs = check.prepare('SELECT status, attempts FROM jobs WHERE import_id = ?').all(id);
      assert.deepEqual(jobs, [{ status: 'done', attempts: 2 }], 'one job, run twice');
      const sample = check.prepare("SELECT date, amount, name FROM transactions WHERE import_id = ? AND name = 'Payee 12345'").get(id);
      assert.deepEqual(sample, { date: '2024-10-26', amount: '382.45', name: 'Payee 12345' });
    } finally {
      check.close();
    }

    second.child.kill('SIGTERM');
    assert.deepEqual(await second.exited, { code: 0, signal: null });
  });
});

describe('a job interrupted too often', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'sluice-abandon-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  // The state three crashes leave (a job `running` with 3 attempts) is written directly: killing
  // the server three times mid-write would show the same thing three times slower.
  test('at the next start the import is failed with an error, and publishing it again works', { timeout: 120_000 }, async () => {
    const dbPath = join(dir, 'sluice.db');
    const env = { DATABASE_PATH: dbPath, SLUICE_BOOTSTRAP_API_KEY: KEY };
    const first = await spawnServer({ ...env, PORT: String(await freePort()) });
    let id: string;
    try {
      const s1 = bound(first.url);
      const r = await s1.api('POST', '/api/v1/imports', { json: { type: 'AccountImport', raw_file_content: 'name,balance,type\nSpare checking,10.00,checking\n' } });
      assert.equal(r.status, 201);
      id = r.body.data.id;
    } finally {
      first.child.kill('SIGTERM');
    }
    assert.deepEqual(await first.exited, { code: 0, signal: null });
    const db = new Database(dbPath);
    try {
      const at = new Date().toISOString();
      const family = db.prepare('SELECT family_id FROM imports WHERE id = ?').pluck().get(id) as string;
      db.prepare(`INSERT INTO jobs (id, kind, import_id, family_id, status, attempts, created_at, updated_at, started_at) VALUES (?, 'publish', ?, ?, 'running', 3, ?, ?, ?)`)
        .run(randomUUID(), id, family, at, at, at);
      db.prepare("UPDATE imports SET status = 'importing' WHERE id = ?").run(id);
    } finally {
      db.close();
    }
    const second = await spawnServer({ ...env, PORT: String(await freePort()) });
    try {
      assert.match(second.stderr(), /gave up 1/);
      const s2 = bound(second.url);
      const d = (await s2.api('GET', `/api/v1/imports/${id}`)).body.data;
      assert.equal(d.status, 'failed');
      assert.match(d.error, /interrupted 3 times and was given up/);
      assert.equal(d.status_detail.publishable, true);
      const p = await s2.api('POST', `/api/v1/imports/${id}/publish`);
      assert.equal(p.status, 202);
      const done = await terminal(s2, KEY, id);
      assert.equal(done.status, 'complete', done.error);
      assert.deepEqual(done.summary, { accounts: { created: 1, updated: 0, skipped: 0 }, valuations: { created: 1, updated: 0, skipped: 0 } });
    } finally {
      second.child.kill('SIGTERM');
    }
    assert.deepEqual(await second.exited, { code: 0, signal: null });
  });
});

describe('a clean stop', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'sluice-stop-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('SIGTERM on an idle server exits 0 promptly', { timeout: 60_000 }, async (t) => {
    const port = await freePort();
    const c = await spawnServer({ DATABASE_PATH: join(dir, 'sluice.db'), PORT: String(port), SLUICE_BOOTSTRAP_API_KEY: KEY });
    try {
      assert.equal(c.url, `http://127.0.0.1:${port}`);
      const r = await bound(c.url).api('GET', '/api/v1/categories');
      assert.equal(r.status, 200);
      const sent = Date.now();
      c.child.kill('SIGTERM');
      const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 15_000).unref());
      const exit = await Promise.race([c.exited, timeout]);
      assert.notEqual(exit, 'timeout', 'the server did not exit within 15 s of SIGTERM');
      assert.deepEqual(exit, { code: 0, signal: null });
      assert.match(c.stdout(), /SIGTERM/);
      t.diagnostic(`exited ${Date.now() - sent} ms after SIGTERM`);
    } finally {
      if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill('SIGKILL');
      await c.exited;
    }
  });
});
