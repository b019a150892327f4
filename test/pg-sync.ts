// A synchronous look into a PostgreSQL database for the server suites, shaped like the part of
// better-sqlite3 they use (`prepare(sql).get/all/run`, `.pluck()`, `exec`), so the same test files
// run on both stores (SPEC §3.13, test/server-helpers.ts with SLUICE_TEST_STORE=pg). The queries
// run on a client in a worker thread while this thread waits on Atomics (the suites read the
// database between requests, never while the server is inside a transaction of its own).
// SQLite's `?` and `@name` placeholders become `$n`; the SQL itself must be portable.

import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
import type { Db } from '../server/store/sqlite/db.ts';

const WORKER = `
const { workerData } = require('node:worker_threads');
const pg = require(workerData.pg);
const { port, flag, url } = workerData;
const int8 = (v) => { const n = Number(v); if (!Number.isSafeInteger(n)) throw new RangeError('int8 past 2^53: ' + v); return n; };
const types = { getTypeParser: (oid, format) => oid === 20 && format !== 'binary' ? int8 : pg.types.getTypeParser(oid, format) };
const client = new pg.Client({ connectionString: url, types });
const ready = client.connect();
port.on('message', async ({ seq, text, values }) => {
  let reply;
  try {
    await ready;
    const r = await client.query({ text, values });
    const results = Array.isArray(r) ? r : [r];
    const last = results[results.length - 1];
    reply = { rows: last.rows ?? [], fields: (last.fields ?? []).map((f) => f.name), changes: last.rowCount ?? 0 };
  } catch (e) {
    reply = { error: e.message, code: e.code };
  }
  reply.seq = seq;
  port.postMessage(reply);
  Atomics.store(flag, 0, seq);
  Atomics.notify(flag, 0);
});
`;

interface Reply {
  seq: number;
  rows: Record<string, unknown>[];
  fields: string[];
  changes: number;
  error?: string;
  code?: string;
}

/** `?` → `$1…`, or `@name` → `$n` with `named`'s values; quoted text left alone. */
function placeholders(sql: string, params: unknown[]): { text: string; values: unknown[] } {
  const named = params.length === 1 && params[0] !== null && typeof params[0] === 'object' && !(params[0] instanceof Uint8Array)
    ? params[0] as Record<string, unknown> : null;
  const values: unknown[] = [];
  const text = sql.replace(/'(?:[^']|'')*'|\?|@(\w+)/g, (m, name: string | undefined) => {
    if (m.startsWith("'")) return m;
    if (m === '?') {
      values.push(params[values.length]);
      return `$${values.length}`;
    }
    values.push(named?.[name!]);
    return `$${values.length}`;
  });
  return { text, values };
}

export interface SyncPg {
  db: Db;
  close(): Promise<void>;
}

export function syncPg(url: string): SyncPg {
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const { port1, port2 } = new MessageChannel();
  const pgPath = createRequire(import.meta.url).resolve('pg');
  const worker = new Worker(WORKER, { eval: true, workerData: { port: port2, flag, url, pg: pgPath }, transferList: [port2] });
  worker.unref();
  let seq = 0;
  const query = (sql: string, params: unknown[]): Reply => {
    // Each query has its number; the worker stores it in `flag` once its reply is posted. Waits
    // until the flag says so, then takes replies until this one's (an earlier query that timed
    // out may have left its reply behind).
    seq = (seq % 2_000_000_000) + 1;
    port1.postMessage({ seq, ...placeholders(sql, params) });
    const deadline = Date.now() + 30_000;
    for (let now = Date.now(); Atomics.load(flag, 0) !== seq; now = Date.now()) {
      if (now >= deadline) throw new Error(`PostgreSQL did not answer in 30 s: ${sql}`);
      Atomics.wait(flag, 0, Atomics.load(flag, 0), Math.min(100, deadline - now));
    }
    let reply: Reply | undefined;
    while (reply?.seq !== seq) {
      const m = receiveMessageOnPort(port1);
      if (m === undefined) Atomics.wait(flag, 0, seq, 1); // posted, not yet in this port's queue
      else reply = m.message as Reply;
    }
    if (reply.error !== undefined) throw Object.assign(new Error(reply.error), { code: reply.code });
    return reply;
  };
  /** `mode`: rows as objects, their first value (pluck) or arrays of their values (raw). */
  const statement = (sql: string, mode: 'rows' | 'pluck' | 'raw') => {
    const shape = (r: Reply, row: Record<string, unknown>) =>
      mode === 'pluck' ? row[r.fields[0]!] : mode === 'raw' ? r.fields.map((f) => row[f]) : row;
    return {
      pluck: () => statement(sql, 'pluck'),
      raw: () => statement(sql, 'raw'),
      get: (...params: unknown[]) => {
        const r = query(sql, params);
        return r.rows[0] === undefined ? undefined : shape(r, r.rows[0]);
      },
      all: (...params: unknown[]) => {
        const r = query(sql, params);
        return r.rows.map((row) => shape(r, row));
      },
      run: (...params: unknown[]) => ({ changes: query(sql, params).changes }),
    };
  };
  const db = {
    prepare: (sql: string) => statement(sql, 'rows'),
    exec: (sql: string) => { query(sql, []); },
    pragma: () => { throw new Error('pragma: a SQLite statement, not on PostgreSQL'); },
  };
  return { db: db as unknown as Db, close: () => worker.terminate().then(() => {}) };
}
