// One server per SQLite file, and a job written once (SPEC §3.12, issue 14 finding 1). A second
// start on the same DATABASE_PATH, in a child process as a user would run it, refuses before it
// touches anything: the first server's publish completes with every row stored exactly once and
// its upload in progress still ends in a 201. After the first is killed (SIGKILL) the database
// can be opened again at once. Inside the write transaction the worker checks its claim: a job
// that is no longer its own (another attempt, another runner, or an import that moved on) writes
// nothing.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import Database from 'better-sqlite3';
import { loadConfig } from '../server/config.ts';
import { DatabaseInUseError } from '../server/instance-lock.ts';
import { start } from '../server/main.ts';
import { runPublish } from '../server/publish/write.ts';
import { JobLostError } from '../server/store/errors.ts';
import type { ClaimedJob, ImportRow } from '../server/store/store.ts';
import { api } from './server-helpers.ts';
import { bankCsv, newFamily, runServerToExit, spawnServer, terminal, type ChildServer } from './publish-helpers.ts';
import { addAccount, startServer } from './server-helpers.ts';

const KEY = 'ab12'.repeat(16);
const dirs: string[] = [];
after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
function freshDb(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-writer-'));
  dirs.push(dir);
  return join(dir, 'sluice.db');
}

describe('a second server on the same database file', () => {
  test('refuses before touching anything: the first one\'s publish and upload in progress finish intact', { timeout: 120_000 }, async () => {
    const dbPath = freshDb();
    const first: ChildServer = await spawnServer({ PORT: '0', DATABASE_PATH: dbPath, SLUICE_BOOTSTRAP_API_KEY: KEY, MAX_CSV_BYTES: String(32 * 1024 * 1024) });
    try {
      const call = (method: string, path: string, options = {}) => api(first.url, KEY, method, path, options);
      const account = await call('POST', '/api/v1/accounts', { json: { name: 'Main', account_type: 'depository' } });
      assert.equal(account.status, 201);
      // An upload left open: its first bytes are staged, the rest comes after the second start.
      const n = 30_000;
      const csv = bankCsv(n);
      const boundary = 'one-writer-boundary';
      const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`;
      const cut = multipart.indexOf('\n', multipart.length >> 1) + 1;
      let release!: () => void;
      const gate = new Promise<void>((resolve) => { release = resolve; });
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(new TextEncoder().encode(multipart.slice(0, cut)));
          await gate;
          controller.enqueue(new TextEncoder().encode(multipart.slice(cut)));
          controller.close();
        },
      });
      const upload = call('POST', '/api/v1/imports', { body, headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` } });
      // A publish running (or queued) meanwhile.
      const published = await call('POST', '/api/v1/imports', { json: { raw_file_content: csv, account_id: account.body.id, publish: 'true' } });
      assert.equal(published.status, 201, JSON.stringify(published.body));

      const second = runServerToExit({ DATABASE_PATH: dbPath });
      assert.equal(second.status, 2, second.stdout);
      assert.match(second.stderr, new RegExp(`another sluice server \\(pid ${first.child.pid}\\) is using the database`));
      assert.doesNotMatch(second.stderr, /recovered|removed/);

      release();
      const uploaded = await upload;
      assert.equal(uploaded.status, 201, JSON.stringify(uploaded.body));
      assert.equal(uploaded.body.data.stats.rows_count, n);
      const done = await terminal({ api: call }, KEY, published.body.data.id, 60_000);
      assert.equal(done.status, 'complete', done.error);
      const db = new Database(dbPath, { readonly: true });
      try {
        assert.equal(db.prepare('SELECT count(*) FROM transactions WHERE import_id = ?').pluck().get(done.id), n);
        assert.equal(db.prepare('SELECT count(*) FROM accounts').pluck().get(), 1);
      } finally {
        db.close();
      }
    } finally {
      first.child.kill('SIGKILL');
      await first.exited;
    }
    // The lock died with its holder: the next start takes the database at once.
    const third = await spawnServer({ PORT: '0', DATABASE_PATH: dbPath, SLUICE_BOOTSTRAP_API_KEY: KEY });
    third.child.kill('SIGTERM');
    assert.equal((await third.exited).code, 0);
  });

  test('in one process too, and another spelling of the same path is the same file', async () => {
    const dbPath = freshDb();
    const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATABASE_PATH: dbPath });
    const running = await start(config, () => {});
    try {
      const other = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATABASE_PATH: join(dbPath, '..', '.', 'sluice.db') });
      await assert.rejects(start(other, () => {}), (e: unknown) => e instanceof DatabaseInUseError && e.message.includes(`pid ${process.pid}`));
    } finally {
      await running.close();
    }
    // Released on close.
    const again = await start(config, () => {});
    await again.close();
  });
});

describe('the claim fences the write', () => {
  test('a job that is no longer this runner\'s writes nothing; the one that holds the claim writes it once', async () => {
    const s = await startServer();
    try {
      const accountId = addAccount(s.db, s.familyId, 'Fenced');
      const created = await s.api('POST', '/api/v1/imports', { json: { raw_file_content: bankCsv(10), account_id: accountId, publish: 'true' } });
      assert.equal(created.status, 201);
      const id = created.body.data.id as string;
      // The worker is stopped in these suites: the job waits, and is claimed here by hand.
      const job = s.db.prepare(
        "UPDATE jobs SET status = 'running', attempts = attempts + 1, runner = 'test' WHERE import_id = ? RETURNING id, kind, import_id, attempts, runner",
      ).get(id) as ClaimedJob;
      const row = () => s.db.prepare('SELECT * FROM imports WHERE id = ?').get(id) as ImportRow;
      const written = () => s.db.prepare('SELECT count(*) FROM transactions WHERE import_id = ?').pluck().get(id);
      const stale: [string, ClaimedJob][] = [
        ['an earlier attempt', { ...job, attempts: job.attempts - 1 }],
        ['another runner', { ...job, runner: 'someone else' }],
      ];
      for (const [what, claim] of stale) {
        await assert.rejects(runPublish(s.store, { job: claim, row: row() }), JobLostError, what);
        assert.equal(written(), 0, what);
        assert.equal(row().status, 'importing', what);
      }
      await runPublish(s.store, { job, row: row() });
      assert.equal(row().status, 'complete');
      assert.equal(written(), 10);
      // Run again with the same claim (a second process replaying it): the job is done, nothing more.
      await assert.rejects(runPublish(s.store, { job, row: row() }), JobLostError);
      assert.equal(written(), 10);
    } finally {
      await s.close();
    }
  });

  test('a NativeImport written a second time (every fence forced open) reads back as a mismatch, never matched', async () => {
    const s = await startServer({}, {});
    try {
      // An account and its transactions: nothing in it is unique by name, so a second write goes through.
      const acct = 'aaaaaaaa-0000-4000-8000-00000000000a';
      const tx = (n: number) => JSON.stringify({ type: 'Transaction', data: {
        id: `bbbbbbbb-0000-4000-8000-00000000000${n}`, entry_id: `cccccccc-0000-4000-8000-00000000000${n}`, account_id: acct, date: `2024-03-0${n}`,
        amount: `-${n}.00`, currency: 'USD', name: `Shop ${n}`, notes: null, excluded: false, kind: 'standard', category_id: null, merchant_id: null, tag_ids: [],
      } });
      const ndjson = [JSON.stringify({ type: 'Account', data: { id: acct, name: 'Checking', balance: '100.00', currency: 'USD', accountable_type: 'Depository' } }), tx(1), tx(2), tx(3)].join('\n') + '\n';
      const restore = newFamily(s, { defaultCategories: false }); // an empty family to restore into
      const created = await s.api('POST', '/api/v1/imports', { key: restore.key, json: { type: 'NativeImport', raw_file_content: ndjson, publish: 'true' } });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const id = created.body.data.id as string;
      const row = () => s.db.prepare('SELECT * FROM imports WHERE id = ?').get(id) as ImportRow;
      const claim = () => s.db.prepare(
        "UPDATE jobs SET status = 'running', attempts = attempts + 1, runner = 'test' WHERE import_id = ? RETURNING id, kind, import_id, attempts, runner",
      ).get(id) as ClaimedJob;
      await runPublish(s.store, { job: claim(), row: row() });
      const first = JSON.parse(row().verification!) as { readback: { status: string } };
      assert.equal(first.readback.status, 'matched');
      // Forced: the same import importing again and its job claimed again, as a second process
      // replaying it would have had it before the fences.
      s.db.prepare("UPDATE imports SET status = 'importing' WHERE id = ?").run(id);
      await runPublish(s.store, { job: claim(), row: row() });
      const second = JSON.parse(row().verification!) as { readback: { status: string; mismatches: Record<string, { expected: number; actual: number }> } };
      assert.equal(second.readback.status, 'mismatch');
      const twice = second.readback.mismatches['transactions'];
      assert.ok(twice && twice.actual === 2 * twice.expected, JSON.stringify(second.readback.mismatches));
    } finally {
      await s.close();
    }
  });
});

