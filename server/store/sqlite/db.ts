// Opening the SQLite file: folder created, pragmas set, migrations applied (schema.ts).
//
// Durability, chosen on purpose: WAL journal with synchronous=FULL. WAL lets the HTTP side read
// while the publish worker writes; FULL makes every commit reach the disk before it returns, so an
// import reported complete survives a power cut, not only a crash of the process. Commits here are
// few and large (one per import written), so the fsync per commit costs little. Foreign keys on.

import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { MIGRATIONS } from './schema.ts';

export type Db = Database.Database;

export function openDb(path: string, options: { migrate?: boolean; cacheMiB?: number } = {}): Db {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  // 16 KiB pages (only a new, empty database takes it): bulk inserts of a publish touch fewer pages.
  db.pragma('page_size = 16384');
  db.pragma('journal_mode = WAL');
  if (options.cacheMiB) db.pragma(`cache_size = -${options.cacheMiB * 1024}`);
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 10000');
  if (options.migrate !== false) migrate(db);
  return db;
}

/** Applies the migrations this database has not seen; returns the versions applied. */
export function migrate(db: Db): number[] {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
  const done = new Set(db.prepare('SELECT version FROM schema_migrations').pluck().all() as number[]);
  const applied: number[] = [];
  for (const m of MIGRATIONS) {
    if (done.has(m.version)) continue;
    db.transaction(() => {
      db.exec(m.sql);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(m.version, m.name, new Date().toISOString());
    })();
    applied.push(m.version);
  }
  const newest = Math.max(...MIGRATIONS.map((m) => m.version));
  const known = db.prepare('SELECT max(version) FROM schema_migrations').pluck().get() as number;
  if (known > newest) throw new Error(`the database was migrated by a newer sluice (schema ${known}, this one knows ${newest})`);
  return applied;
}
