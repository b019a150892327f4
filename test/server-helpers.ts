// Helpers for the server suites (STYLE: real server on port 0, temporary database, real HTTP).
// `startServer(env)` boots `start(loadConfig(env))` on 127.0.0.1:0 with a fresh DATABASE_PATH in
// its own temporary folder and returns the running server, the bootstrap read_write key and an
// `api(method, path, {key, json, body, form, headers})` bound to it. Every response body is checked
// against server/openapi.json with validateResponse; a body the document does not describe fails
// the test there and then. `close()` stops the server and removes the folder.
// The publish worker is stopped right after the start unless `{publishing: true}` is passed, so a
// queued import stays `importing` and the front door of the queue can be tested deterministically.
// With SLUICE_TEST_STORE=pg (`npm run test:pg`, .ci/run) every server gets a PostgreSQL database of
// its own instead (test/pg-helpers.ts), and `db` looks into it synchronously (test/pg-sync.ts): the
// same suites run on both stores (SPEC §3.13).

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../server/config.ts';
import type { WorkerHandle } from '../server/jobs/runner.ts';
import { start } from '../server/main.ts';
import { validateResponse } from '../server/openapi/validate.ts';
import { nameKey, now, uuidv7 } from '../server/store/ids.ts';
import type { Db } from '../server/store/sqlite/db.ts';
import { createFamily } from '../server/store/sqlite/families.ts';
import { sqliteDb } from '../server/store/sqlite/store.ts';
import { createKey, createUser, keyOwner, revokeKey } from '../server/store/sqlite/users.ts';
import { pgHarness, type PgHarness } from './pg-helpers.ts';
import { syncPg } from './pg-sync.ts';
import type { Scope, Store } from '../server/store/store.ts';

// Response bodies are JSON of any shape; tests read them by path, so they are typed loosely here.
export type Json = any;

export interface ApiOptions {
  /** The X-Api-Key; undefined sends the server's bootstrap key, null sends no key at all. */
  key?: string | null;
  /** A JSON body (serialized, Content-Type application/json). */
  json?: unknown;
  /** A raw body sent as it is (set Content-Type yourself in `headers`); a stream goes chunked, without a length. */
  body?: string | Uint8Array | ReadableStream<Uint8Array>;
  /** A multipart/form-data body; FormData keeps the order parts were appended in. */
  form?: FormData;
  headers?: Record<string, string>;
  /**
   * Validate the body as the response of this documented request instead of the one made. Only
   * for routes the document cannot describe (an unknown path answers like any other not_found).
   */
  validateAs?: { method: string; path: string };
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  body: Json;
}

export interface TestServer {
  url: string;
  store: Store;
  /** The store's SQLite connection (on PostgreSQL, test/pg-sync.ts's look-alike), to look into the database directly. */
  db: Db;
  /** What points a child process (the sluice command) at this server's store: DATABASE_PATH, or DATABASE_URL on PostgreSQL. */
  storeEnv: Record<string, string>;
  /** The bootstrap user's read_write key. */
  key: string;
  familyId: string;
  userId: string;
  /** What the server logged (500s log their stack here). */
  logs: string[];
  /** The publish worker's handle (stopped unless the server was started with `publishing`). */
  worker: WorkerHandle;
  api(method: string, path: string, options?: ApiOptions): Promise<ApiResponse>;
  close(): Promise<void>;
}

/** The rate limit is off unless a suite sets RATE_LIMIT_PER_HOUR, so request counts never interfere. */
const BASE_ENV: Record<string, string> = {
  PORT: '0',
  HOST: '127.0.0.1',
  RATE_LIMIT_PER_HOUR: '0',
  AI_AVAILABLE: 'true',
};

/** Which store the server suites run on: SLUICE_TEST_STORE=pg for PostgreSQL, else SQLite. */
export const TEST_STORE: 'sqlite' | 'pg' = process.env['SLUICE_TEST_STORE'] === 'pg' ? 'pg' : 'sqlite';

/** A fresh PostgreSQL database for one test server (TEST_STORE pg), with its synchronous look. */
async function pgDatabase() {
  const found = await pgHarness();
  if (typeof found === 'string') throw new Error(`SLUICE_TEST_STORE=pg but ${found}`);
  const database = await (found as PgHarness).database();
  return { database, look: syncPg(database.url) };
}

/** Boots a server on a fresh database; `env` overrides the defaults above (all strings). */
export async function startServer(env: Record<string, string> = {}, options: { publishing?: boolean } = {}): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-server-'));
  const logs: string[] = [];
  const pg = TEST_STORE === 'pg' ? await pgDatabase() : null;
  const config = loadConfig({ ...BASE_ENV, DATABASE_PATH: join(dir, 'sluice.db'), ...(pg ? { DATABASE_URL: pg.database.url } : {}), ...env });
  const cleanUp = async () => {
    rmSync(dir, { recursive: true, force: true });
    if (pg) {
      await pg.look.close();
      await pg.database.drop();
    }
  };
  let running: Awaited<ReturnType<typeof start>>;
  try {
    running = await start(config, (m) => logs.push(m));
  } catch (e) {
    await cleanUp();
    throw e;
  }
  // Stopped with no grace: it has no job, and an idle worker does not leave on 'stop' by itself.
  const worker = (running as { worker?: { stop(graceMs?: number): Promise<void> } }).worker;
  if (!options.publishing) await worker?.stop(0);
  const key = running.bootstrapKey;
  assert.ok(key, 'an empty database gets a bootstrap key');
  const db = pg ? pg.look.db : sqliteDb(running.store);
  const owner = keyOwner(db, key)!;
  return {
    url: running.url,
    store: running.store,
    db,
    storeEnv: config.databaseUrl ? { DATABASE_URL: config.databaseUrl } : { DATABASE_PATH: config.databasePath },
    key,
    familyId: owner.user.family_id,
    userId: owner.user.id,
    logs,
    worker: running.worker,
    api: (method, path, options = {}) => api(running.url, key, method, path, options, config.rateLimitPerHour > 0),
    async close() {
      await running.close();
      await cleanUp();
    },
  };
}

/**
 * One request; asserts that the response is what server/openapi.json documents for it: the body,
 * and when the server's rate limit is on (`rateLimited`) the headers too, required ones included.
 */
export async function api(base: string, defaultKey: string, method: string, path: string, options: ApiOptions = {}, rateLimited = false): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...options.headers };
  const key = options.key === undefined ? defaultKey : options.key;
  if (key !== null) headers['X-Api-Key'] = key;
  let body: RequestInit['body'];
  if (options.json !== undefined) {
    headers['Content-Type'] ??= 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form !== undefined) {
    body = options.form;
  } else if (options.body !== undefined) {
    body = options.body;
  }
  const init: RequestInit & { duplex?: 'half' } = { method, headers, body };
  if (body instanceof ReadableStream) init.duplex = 'half';
  const res = await fetch(base + path, init);
  const text = await res.text();
  let parsed: Json = text;
  if ((res.headers.get('content-type') ?? '').includes('application/json')) {
    try {
      parsed = JSON.parse(text);
    } catch {
      assert.fail(`${method} ${path} → ${res.status}: the body is declared JSON but does not parse: ${text.slice(0, 200)}`);
    }
  } else if (text !== '') {
    assert.fail(`${method} ${path} → ${res.status}: the body is not JSON (${res.headers.get('content-type')}): ${text.slice(0, 200)}`);
  }
  const as = options.validateAs ?? { method, path };
  const check = validateResponse(as.method, as.path, res.status, parsed, rateLimited && !options.validateAs ? res.headers : undefined);
  if (!check.ok) {
    assert.fail(`${method} ${path} → ${res.status} does not match server/openapi.json:\n  ${check.errors.join('\n  ')}\nbody: ${text.slice(0, 500)}`);
  }
  return { status: res.status, headers: res.headers, body: parsed };
}

/** A new user (and key) in the given family, or in a family of its own when familyId is null. */
export function addUser(db: Db, opts: { familyId: string | null; email: string; scope: Scope; currency?: string }): { key: string; userId: string; familyId: string } {
  const familyId = opts.familyId ?? createFamily(db, `Family of ${opts.email}`, opts.currency ?? 'USD');
  const user = createUser(db, { familyId, email: opts.email, firstName: 'Test', lastName: 'User' });
  return { key: createKey(db, user.id, opts.scope), userId: user.id, familyId };
}

/** A key for an existing user. */
export function addKey(db: Db, userId: string, scope: Scope): string {
  return createKey(db, userId, scope);
}

export function revoke(db: Db, key: string): void {
  assert.ok(revokeKey(db, key));
}

/** An account of the family (there is no API for accounts; publishing creates them). */
export function addAccount(db: Db, familyId: string, name: string, currency = 'USD'): string {
  const id = uuidv7();
  const t = now();
  db.prepare(
    `INSERT INTO accounts (id, family_id, name, name_key, accountable_type, balance, currency, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'Depository', '0', ?, ?, ?)`,
  ).run(id, familyId, name, nameKey(name), currency, t, t);
  return id;
}

/** A category of the family (there is no API for creating one; publishing creates them). */
export function addCategory(db: Db, familyId: string, name: string, parentId: string | null = null): string {
  const id = uuidv7();
  const t = now();
  db.prepare(
    `INSERT INTO categories (id, family_id, name, name_key, color, lucide_icon, parent_id, created_at, updated_at)
     VALUES (?, ?, ?, ?, '#123abc', 'tag', ?, ?, ?)`,
  ).run(id, familyId, name, nameKey(name), parentId, t, t);
  return id;
}

/** A multipart form with the given parts in the given order: a string is a field, a Blob a file. */
export function form(parts: [string, string | { blob: Blob; filename: string }][]): FormData {
  const f = new FormData();
  for (const [name, v] of parts) {
    if (typeof v === 'string') f.append(name, v);
    else f.append(name, v.blob, v.filename);
  }
  return f;
}

export const file = (content: string | Uint8Array, filename: string, type = 'text/csv') => ({
  blob: new Blob([content], { type }),
  filename,
});

/** Imports of the family as the store holds them (visible ones only). */
export function importCount(db: Db): number {
  return db.prepare('SELECT count(*) FROM imports').pluck().get() as number;
}
