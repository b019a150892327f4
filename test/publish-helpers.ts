// Helpers for the publishing suites (SPEC §3.10): families of their own (with or without the
// default category tree), fixtures from fixtures/publish, polling an import over HTTP until it
// settles (never a blind sleep: every wait has a condition and a time limit), reading what a
// publish stored straight from the database, a snapshot of everything a family holds (the 15
// kinds, split lines, securities and transaction tags) for before/after comparisons, and a server
// run as a child process (for SIGKILL and SIGTERM) on a port picked here.
//
// Call: `const s = await startServer({}, { publishing: true }); const f = newFamily(s);`
// `const d = await settle(s, f.key, id);` then `storedTransactions(s.db, id)`.

import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess, type SpawnSyncReturns } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { Db } from '../server/store/sqlite/db.ts';
import { createFamily } from '../server/store/sqlite/families.ts';
import { createKey, createUser } from '../server/store/sqlite/users.ts';
import type { Json, TestServer } from './server-helpers.ts';

/** Anything with the api() of server-helpers (a TestServer, or a child server's bound api). */
export type Api = Pick<TestServer, 'api'>;

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** A file of fixtures/publish (or another fixtures folder: `ndjson/full-export.ndjson`). */
export function fixture(name: string): string {
  const path = name.includes('/') ? name : `publish/${name}`;
  return readFileSync(fileURLToPath(new URL(`../fixtures/${path}`, import.meta.url)), 'utf8');
}

let families = 0;

/** A new family with a read_write key; `defaultCategories: false` for a NativeImport restore. */
export function newFamily(s: TestServer, opts: { defaultCategories?: boolean; currency?: string } = {}): { familyId: string; key: string } {
  const n = ++families;
  const familyId = createFamily(s.db, `Family ${n}`, opts.currency ?? 'USD', opts.defaultCategories ?? true);
  const user = createUser(s.db, { familyId, email: `publisher-${n}-${process.pid}@example.com` });
  return { familyId, key: createKey(s.db, user.id, 'read_write') };
}

/** Resolves when `check()` gives a value other than undefined; polls every `everyMs`, fails after `timeoutMs`. */
export async function until<T>(what: string, check: () => T | undefined | Promise<T | undefined>, timeoutMs = 30_000, everyMs = 20): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > deadline) assert.fail(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** GET /imports/:id until status_detail.terminal (complete, failed, revert_failed). */
export function terminal(s: Api, key: string, id: string, timeoutMs = 30_000): Promise<Json> {
  return until(`import ${id} to be terminal`, async () => {
    const r = await s.api('GET', `/api/v1/imports/${id}`, { key });
    assert.equal(r.status, 200);
    return r.body.data.status_detail.terminal ? r.body.data : undefined;
  }, timeoutMs);
}

/** GET /imports/:id until the import is neither importing nor reverting (a revert ends `pending`). */
export function settled(s: Api, key: string, id: string, timeoutMs = 30_000): Promise<Json> {
  return until(`import ${id} to settle`, async () => {
    const r = await s.api('GET', `/api/v1/imports/${id}`, { key });
    assert.equal(r.status, 200);
    return r.body.data.status === 'importing' || r.body.data.status === 'reverting' ? undefined : r.body.data;
  }, timeoutMs);
}

/**
 * The status a 201/202 shows for a queued job. SPEC §3.4 says `importing` (`reverting`), but the
 * server reads the import back after waking the worker, so a small job is now and then already
 * finished in the answer (seen in about 1 of 40 small publishes). That race cannot be provoked
 * deterministically from outside the server, so it is reported rather than tested, and tolerated.
 */
export function assertQueued(status: string, kind: 'publish' | 'revert'): void {
  const allowed = kind === 'publish' ? ['importing', 'complete', 'failed'] : ['reverting', 'pending', 'revert_failed'];
  assert.ok(allowed.includes(status), `a queued ${kind} answers with status ${allowed[0]} (got ${status})`);
}

/** POST /imports with publish "true": asserts 201 queued and waits until terminal. */
export async function publishNew(s: Api, key: string, body: Record<string, unknown>): Promise<Json> {
  const r = await s.api('POST', '/api/v1/imports', { key, json: { ...body, publish: 'true' } });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  assertQueued(r.body.data.status, 'publish');
  return terminal(s, key, r.body.data.id);
}

/** POST /imports/:id/publish: asserts 202 queued and waits until terminal. */
export async function publishAgain(s: Api, key: string, id: string): Promise<Json> {
  const r = await s.api('POST', `/api/v1/imports/${id}/publish`, { key });
  assert.equal(r.status, 202, JSON.stringify(r.body));
  assert.equal(r.body.data.id, id);
  assertQueued(r.body.data.status, 'publish');
  return terminal(s, key, id);
}

/** POST /imports/:id/revert: asserts 202 queued and waits until it settles. */
export async function revert(s: Api, key: string, id: string): Promise<Json> {
  const r = await s.api('POST', `/api/v1/imports/${id}/revert`, { key });
  assert.equal(r.status, 202, JSON.stringify(r.body));
  assertQueued(r.body.data.status, 'revert');
  return settled(s, key, id);
}

/** The 15 kinds of SPEC §2.10 and the table holding each. */
export const KINDS: Record<string, string> = {
  accounts: 'accounts', balances: 'balances', categories: 'categories', tags: 'tags', merchants: 'merchants',
  recurring_transactions: 'recurring_transactions', transactions: 'transactions', transfers: 'transfers',
  rejected_transfers: 'rejected_transfers', trades: 'trades', holdings: 'holdings', valuations: 'valuations', budgets: 'budgets',
  budget_categories: 'budget_categories', rules: 'rules',
};

const EXTRA_TABLES = ['split_lines', 'securities'];

export interface Snapshot {
  /** Row count per kind, plus split_lines, securities and transaction_tags. */
  counts: Record<string, number>;
  /** Every row of every table, for an exact before/after comparison. */
  rows: Record<string, unknown[]>;
}

/** Everything the family holds. */
export function snapshot(db: Db, familyId: string): Snapshot {
  const counts: Record<string, number> = {};
  const rows: Record<string, unknown[]> = {};
  for (const table of [...Object.values(KINDS), ...EXTRA_TABLES]) {
    rows[table] = db.prepare(`SELECT * FROM ${table} WHERE family_id = ? ORDER BY id`).all(familyId);
    counts[table] = rows[table]!.length;
  }
  rows['transaction_tags'] = db.prepare(
    'SELECT tt.* FROM transaction_tags tt JOIN transactions t ON t.id = tt.transaction_id WHERE t.family_id = ? ORDER BY tt.transaction_id, tt.tag_id',
  ).all(familyId);
  counts['transaction_tags'] = rows['transaction_tags']!.length;
  return { counts, rows };
}

/** The family's count of each of the 15 kinds. */
export function kindCounts(db: Db, familyId: string): Record<string, number> {
  return Object.fromEntries(Object.entries(KINDS).map(([k, t]) => [k, db.prepare(`SELECT count(*) FROM ${t} WHERE family_id = ?`).pluck().get(familyId) as number]));
}

export interface StoredTransaction {
  id: string;
  account: string;
  account_type: string;
  date: string;
  amount: string;
  currency: string;
  name: string;
  notes: string | null;
  category: string | null;
  category_parent: string | null;
  merchant: string | null;
  tags: string[];
  split_lines: { amount: string; category: string | null }[];
}

/** The transactions an import wrote, by date then name, with names instead of ids. */
export function storedTransactions(db: Db, importId: string): StoredTransaction[] {
  const rows = db.prepare(
    `SELECT t.id, a.name AS account, a.accountable_type AS account_type, t.date, t.amount, t.currency, t.name, t.notes,
            c.name AS category, p.name AS category_parent, m.name AS merchant
     FROM transactions t JOIN accounts a ON a.id = t.account_id
     LEFT JOIN categories c ON c.id = t.category_id LEFT JOIN categories p ON p.id = c.parent_id
     LEFT JOIN merchants m ON m.id = t.merchant_id
     WHERE t.import_id = ? ORDER BY t.date, t.name, t.id`,
  ).all(importId) as Omit<StoredTransaction, 'tags' | 'split_lines'>[];
  const tags = db.prepare('SELECT g.name FROM transaction_tags tt JOIN tags g ON g.id = tt.tag_id WHERE tt.transaction_id = ? ORDER BY g.name').pluck();
  const lines = db.prepare(
    'SELECT s.amount, c.name AS category FROM split_lines s LEFT JOIN categories c ON c.id = s.category_id WHERE s.transaction_id = ? ORDER BY s.position',
  );
  return rows.map((r) => ({ ...r, tags: tags.all(r.id) as string[], split_lines: lines.all(r.id) as StoredTransaction['split_lines'] }));
}

/** One stored transaction of the import by name; fails when there is not exactly one. */
export function transactionNamed(db: Db, importId: string, name: string): StoredTransaction {
  const found = storedTransactions(db, importId).filter((t) => t.name === name);
  assert.equal(found.length, 1, `one transaction named ${JSON.stringify(name)} (found ${found.length})`);
  return found[0]!;
}

/** Rows of `table` the import wrote. */
export function rowsOf(db: Db, table: string, importId: string): Json[] {
  return db.prepare(`SELECT * FROM ${table} WHERE import_id = ? ORDER BY id`).all(importId);
}

/** A summary as ImportDetail shows it: {kind: {created, updated, skipped}}. */
export function summary(entries: Record<string, [number, number, number]>): Record<string, { created: number; updated: number; skipped: number }> {
  return Object.fromEntries(Object.entries(entries).map(([k, [created, updated, skipped]]) => [k, { created, updated, skipped }]));
}

/** A bank CSV of `n` distinct rows (date,amount,name). */
export function bankCsv(n: number): string {
  const parts = ['date,amount,name\n'];
  for (let i = 0; i < n; i++) {
    parts.push(`2024-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')},-${(i % 997) + 1}.${String(i % 100).padStart(2, '0')},Payee ${i}\n`);
  }
  return parts.join('');
}

// --- A server in a child process -------------------------------------------------------------

/** A port that was free a moment ago (listen on 0, read it, close). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface ChildServer {
  child: ChildProcess;
  url: string;
  stdout: () => string;
  stderr: () => string;
  /** Resolves with the exit code and signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** This process's environment for a child, without the test runner's own variables. */
export function childEnv(env: Record<string, string> = {}): Record<string, string> {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('NODE_TEST'))) as Record<string, string>;
  return { ...base, ...env };
}

/** `node --import tsx server/main.ts` with these settings, run to its end (a start that should fail). */
export function runServerToExit(env: Record<string, string>): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT, encoding: 'utf8', timeout: 60_000, env: childEnv({ HOST: '127.0.0.1', PORT: '0', ...env }),
  });
}

/** `node --import tsx server/main.ts` with these settings; resolves once it says it is listening. */
export async function spawnServer(env: Record<string, string>, timeoutMs = 30_000): Promise<ChildServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT, env: childEnv({ HOST: '127.0.0.1', RATE_LIMIT_PER_HOUR: '0', ...env }), stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (b: Buffer) => { out += b.toString(); });
  child.stderr!.on('data', (b: Buffer) => { err += b.toString(); });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  let gone = false;
  void exited.then(() => { gone = true; });
  const url = await until('the child server to listen', () => {
    if (gone) assert.fail(`the server exited before listening:\n${out}\n${err}`);
    return /listening on (http:\/\/\S+)/.exec(out)?.[1];
  }, timeoutMs).catch((e: unknown) => {
    child.kill('SIGKILL');
    throw e;
  });
  return { child, url, stdout: () => out, stderr: () => err, exited };
}
