// The SQLite store (SPEC §3.13: the default): every part of store.ts's Store on one
// better-sqlite3 connection. Each method works synchronously and returns a settled promise; the
// publish runs in one synchronous transaction (jobs.ts).

import type { Store } from '../store.ts';
import { openDb, type Db } from './db.ts';
import { sqliteAccounts } from './accounts.ts';
import { sqliteCategories } from './categories.ts';
import { sqliteFamilies } from './families.ts';
import { sqliteImports } from './imports.ts';
import { sqliteJobs } from './jobs.ts';
import { sqliteTransactions } from './transactions.ts';
import { sqliteUsers } from './users.ts';

export interface SqliteOptions {
  /** Apply the migrations this file has not seen (the server and the user commands; not the worker). */
  migrate?: boolean;
  /**
   * The connection runs the publish worker: a larger page cache (a 100,000-row publish keeps
   * several indexes' pages hot), and the WAL checkpointed after each job rather than in its commit.
   */
  worker?: boolean;
}

/** The SQLite store, with its connection (tests and the bench look into the file directly). */
export interface SqliteStore extends Store {
  readonly db: Db;
}

export function openSqliteStore(path: string, options: SqliteOptions = {}): SqliteStore {
  const db = openDb(path, { migrate: options.migrate, cacheMiB: options.worker ? 64 : undefined });
  if (options.worker) db.pragma('wal_autocheckpoint = 0');
  const jobs = sqliteJobs(db);
  return {
    db,
    users: sqliteUsers(db),
    families: sqliteFamilies(db),
    accounts: sqliteAccounts(db),
    categories: sqliteCategories(db),
    transactions: sqliteTransactions(db),
    imports: sqliteImports(db),
    jobs,
    async close() {
      jobs.checkpoint();
      db.close();
    },
  };
}

/** The SQLite connection under a store. */
export function sqliteDb(store: Store): Db {
  const db = (store as Partial<SqliteStore>).db;
  if (db === undefined) throw new Error('not a SQLite store');
  return db;
}
