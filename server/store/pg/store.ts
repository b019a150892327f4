// The PostgreSQL store (SPEC §3.13: DATABASE_URL): every part of store.ts's Store on one pool of
// connections, shared by whatever runs in this process; several processes (servers and `sluice
// worker`s) share the database. The queue is jobs.ts; LISTEN for queued jobs is `listen` here.

import type pg from 'pg';
import type { Store } from '../store.ts';
import { openPgDb, type PgDb } from './db.ts';
import { pgClient } from './connect.ts';
import { pgAccounts } from './accounts.ts';
import { pgCategories } from './categories.ts';
import { pgFamilies } from './families.ts';
import { pgImports } from './imports.ts';
import { JOBS_CHANNEL, pgJobs } from './jobs.ts';
import { pgTransactions } from './transactions.ts';
import { pgUsers } from './users.ts';

export interface PgOptions {
  /** Apply the migrations this database has not seen (under an advisory lock: processes may start at once). */
  migrate?: boolean;
  /** Connections in the pool. */
  max?: number;
}

export interface PgStore extends Store {
  readonly db: PgDb;
  /**
   * Calls `wake` whenever a job is queued or requeued by any process (LISTEN on its own
   * connection); the returned function stops listening. A lost connection is reported through
   * `onError` and not retried here: the worker polls anyway.
   */
  listen(wake: () => void, onError?: (e: Error) => void): Promise<() => Promise<void>>;
}

export async function openPgStore(url: string, options: PgOptions = {}): Promise<PgStore> {
  const db = await openPgDb(url, options);
  return {
    db,
    users: pgUsers(db),
    families: pgFamilies(db),
    accounts: pgAccounts(db),
    categories: pgCategories(db),
    transactions: pgTransactions(db),
    imports: pgImports(db),
    jobs: pgJobs(db),
    async countRequest(keyId, hour) {
      const n = (await db.value<number>(
        `INSERT INTO rate_counts (key_id, hour, count) VALUES ($1, $2, 1)
         ON CONFLICT (key_id, hour) DO UPDATE SET count = rate_counts.count + 1 RETURNING count`, [keyId, hour]))!;
      // The first request of an hour clears the hours before it.
      if (n === 1) await db.run('DELETE FROM rate_counts WHERE hour < $1', [hour]);
      return n;
    },
    async listen(wake, onError = () => {}) {
      const client: pg.Client = pgClient(url);
      client.on('error', onError);
      client.on('notification', () => wake());
      await client.connect();
      await client.query(`LISTEN ${JOBS_CHANNEL}`);
      return () => client.end();
    },
    close: () => db.close(),
  };
}
