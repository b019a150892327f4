// Applying ./schema.ts to a PostgreSQL database: each migration it has not seen, in order, in its
// own transaction with its row in `schema_migrations` (the same table as SQLite's, ../db.ts). A
// session advisory lock serializes processes that start at once on one database (several servers
// and `sluice worker`s, SPEC §3.13): the second waits, then finds the versions already applied. A
// database migrated by a newer sluice is refused, as on SQLite.
//
//   await migratePg(pool)              every migration;  await migratePg(client, { to: 3 })  up to version 3

import type pg from 'pg';
import { PG_MIGRATIONS } from './schema.ts';

/** The advisory lock's key: any fixed bigint of our own ('sluice' in ASCII). */
const LOCK_KEY = '126875609736549';

/** Applies the migrations this database has not seen (up to `to`); returns the versions applied. */
export async function migratePg(db: pg.Pool | pg.ClientBase, options: { to?: number } = {}): Promise<number[]> {
  const pooled = 'totalCount' in db;
  const client: pg.ClientBase = pooled ? await (db as pg.Pool).connect() : db;
  let broken: unknown;
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    try {
      return await applyPending(client, options.to ?? Infinity);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]);
    }
  } catch (e) {
    broken = e;
    throw e;
  } finally {
    // A pooled client whose session failed midway goes away rather than back to the pool.
    if (pooled) (client as pg.PoolClient).release(broken instanceof Error ? broken : undefined);
  }
}

async function applyPending(client: pg.ClientBase, to: number): Promise<number[]> {
  await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text COLLATE "C" NOT NULL, applied_at text COLLATE "C" NOT NULL)');
  const done = new Set((await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version));
  const newest = Math.max(...PG_MIGRATIONS.map((m) => m.version));
  const known = Math.max(0, ...done);
  if (known > newest) throw new Error(`the database was migrated by a newer sluice (schema ${known}, this one knows ${newest})`);
  const applied: number[] = [];
  for (const m of PG_MIGRATIONS) {
    if (done.has(m.version) || m.version > to) continue;
    await client.query('BEGIN');
    try {
      await client.query(m.sql);
      await client.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [m.version, m.name, new Date().toISOString()]);
      await client.query('COMMIT');
    } catch (e) {
      await client.query('ROLLBACK').catch(() => {});
      throw e;
    }
    applied.push(m.version);
  }
  return applied;
}
