// The client side of the server cases: forks bench/server-host.ts (the real server in its own
// process) on a fresh SQLite file in a temporary folder, with PORT 0, a known bootstrap key and
// the rate limit off (the publish case sends thousands of requests in a minute; the default of
// 1,000 an hour would answer 429), and talks to it over IPC.
//
//   const server = await startServer({ MAX_CSV_BYTES: '20000000' });
//   await fetch(server.url + '/api/v1/categories', { headers: server.headers });
//   const accountId = await server.createAccount();      // POST /api/v1/accounts, over HTTP
//   const rss = await server.rss();   ...   await server.close();   // also removes the folder
//   const { content_bytes, rows_bytes } = await server.storage(importId);   // what an import stores

import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SeedRequest, SeedResult } from './seed-transactions.ts';

const HOST_SCRIPT = join(dirname(fileURLToPath(import.meta.url)), 'server-host.ts');
/** The bootstrap key of every bench server (64 lowercase hex characters, SPEC §3.1). */
export const BENCH_KEY = 'be4c'.repeat(16);

export interface Rss {
  rss_mb: number;
  max_rss_mb: number;
}

/** What an import keeps in the database (server-host's `storage` op): its content's bytes and its row chunks' bytes. */
export interface Storage {
  content_bytes: number;
  rows_bytes: number;
}

export interface BenchServer {
  url: string;
  headers: Record<string, string>;
  rss(): Promise<Rss>;
  /** A Depository account in USD in the key's family, made with POST /api/v1/accounts; its id. */
  createAccount(name?: string, key?: string): Promise<string>;
  /** A new family with a user and a read_write key (made in the server's store); the key. */
  newFamily(): Promise<string>;
  transactionsOf(importId: string): Promise<number>;
  storage(importId: string): Promise<Storage>;
  /** Writes the transactions-1m data straight into the database (bench/seed-transactions.ts). */
  seed(request: SeedRequest): Promise<SeedResult>;
  /** Epoch ms (performance.timeOrigin + now() in the server) at which the worker finished the import's job. */
  finished(importId: string): Promise<number>;
  close(): Promise<void>;
}

export async function startServer(env: Record<string, string> = {}): Promise<BenchServer> {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-bench-'));
  const child: ChildProcess = fork(HOST_SCRIPT, [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env, HOST: '127.0.0.1', PORT: '0', DATABASE_PATH: join(dir, 'sluice.db'),
      SLUICE_BOOTSTRAP_API_KEY: BENCH_KEY, RATE_LIMIT_PER_HOUR: '0', ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const finishedAt = new Map<string, number>();
  const waiting = new Map<string, (at: number) => void>();
  let nextId = 1;
  let exited = false;
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => {
    exited = true;
    for (const p of pending.values()) p.reject(new Error(`the bench server exited (${code})`));
    resolve(code);
  }));
  const ready = new Promise<string>((resolve, reject) => {
    child.on('message', (m: { event?: string; url?: string; import_id?: string; at?: number; id?: number; ok?: boolean; value?: unknown; error?: string }) => {
      if (m.event === 'ready') resolve(m.url!);
      else if (m.event === 'finished') {
        finishedAt.set(m.import_id!, m.at!);
        waiting.get(m.import_id!)?.(m.at!);
      } else if (m.id !== undefined) {
        const p = pending.get(m.id);
        pending.delete(m.id);
        if (m.ok) p?.resolve(m.value);
        else p?.reject(new Error(m.error));
      }
    });
    child.once('exit', (code) => reject(new Error(`the bench server exited (${code}) before it listened`)));
  });
  const call = <T>(op: string, extra: Record<string, unknown> = {}): Promise<T> => {
    if (exited) return Promise.reject(new Error('the bench server has exited'));
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      child.send({ id, op, ...extra });
    });
  };
  let url: string;
  try {
    url = await ready;
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  const headers = { 'X-Api-Key': BENCH_KEY };
  return {
    url,
    headers,
    rss: () => call<Rss>('rss'),
    newFamily: () => call<string>('family'),
    async createAccount(name = 'Bench Checking', key = BENCH_KEY) {
      const res = await fetch(url + '/api/v1/accounts', {
        method: 'POST', headers: { 'X-Api-Key': key, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name, account_type: 'depository', currency: 'USD' }),
      });
      const text = await res.text();
      const id = res.status === 201 ? (JSON.parse(text) as { id?: unknown }).id : undefined;
      if (typeof id !== 'string') throw new Error(`POST /api/v1/accounts answered ${res.status}: ${text.slice(0, 300)}`);
      return id;
    },
    transactionsOf: (importId) => call<number>('count', { import_id: importId }),
    storage: (importId) => call<Storage>('storage', { import_id: importId }),
    seed: (request) => call<SeedResult>('seed', { ...request }),
    finished: (importId) => {
      const at = finishedAt.get(importId);
      return at !== undefined ? Promise.resolve(at) : new Promise((resolve) => waiting.set(importId, resolve));
    },
    async close() {
      if (!exited) {
        await call('close').catch(() => {});
        await exit;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Nearest-rank percentile of ascending-sorted values. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
