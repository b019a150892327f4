// Opening the store the settings name (SPEC §3.13): PostgreSQL when the location is a
// `postgres://` URL (DATABASE_URL), else the SQLite file at that path (DATABASE_PATH, the
// default). The server, the publish worker and the user commands all open their store through this.

import { isPgUrl } from '../config.ts';
import type { Store } from './store.ts';
import { openSqliteStore, type SqliteOptions } from './sqlite/store.ts';

export type StoreOptions = SqliteOptions;

/** Opened (and, unless told not to, migrated) before it resolves. */
export async function openStore(location: string, options: StoreOptions = {}): Promise<Store> {
  if (isPgUrl(location)) {
    const { openPgStore } = await import('./pg/store.ts');
    return openPgStore(location, { migrate: options.migrate });
  }
  return openSqliteStore(location, options);
}
