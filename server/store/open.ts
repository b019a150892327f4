// Opening the store the settings name. Today that is SQLite at DATABASE_PATH (SPEC §3.13: the
// default); the PostgreSQL store (DATABASE_URL) is chosen here too when it exists. The server, the
// publish worker and the user commands all open their store through this.

import type { Store } from './store.ts';
import { openSqliteStore, type SqliteOptions } from './sqlite/store.ts';

export type StoreOptions = SqliteOptions;

/** Opened (and, unless told not to, migrated) before it resolves. */
export async function openStore(databasePath: string, options: StoreOptions = {}): Promise<Store> {
  return openSqliteStore(databasePath, options);
}
