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

export class SqliteStore implements Store {
  readonly db: Db;
  readonly users;
  readonly families;
  readonly accounts;
  readonly categories;
  readonly transactions;
  readonly imports;
  readonly jobs;

  constructor(path: string, options: SqliteOptions = {}) {
    const db = openDb(path, { migrate: options.migrate, cacheMiB: options.worker ? 64 : undefined });
    if (options.worker) db.pragma('wal_autocheckpoint = 0');
    this.db = db;
    this.users = sqliteUsers(db);
    this.families = sqliteFamilies(db);
    this.accounts = sqliteAccounts(db);
    this.categories = sqliteCategories(db);
    this.transactions = sqliteTransactions(db);
    this.imports = sqliteImports(db);
    this.jobs = sqliteJobs(db);
  }

  async close(): Promise<void> {
    this.jobs.checkpoint();
    this.db.close();
  }
}

/** The SQLite connection under a store (tests and the bench look into the file directly). */
export function sqliteDb(store: Store): Db {
  if (!(store instanceof SqliteStore)) throw new Error('not a SQLite store');
  return store.db;
}
