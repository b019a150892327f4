// The PostgreSQL store's access to its database: a pool, and one small query interface (`Sql`)
// that runs on the pool (autocommit: one statement, one transaction) or on one client inside an
// explicit transaction (`tx`). Placeholders are PostgreSQL's `$1, $2, …`. Values come back as
// connect.ts reads them: int8 as a safe number, numeric as an exact string.

import type pg from 'pg';
import { openPgPool } from './connect.ts';
import { migratePg } from './migrate.ts';

export interface Sql {
  /** Every row. */
  all<T>(text: string, params?: readonly unknown[]): Promise<T[]>;
  /** The first row, or undefined. */
  get<T>(text: string, params?: readonly unknown[]): Promise<T | undefined>;
  /** The first column of the first row, or undefined. */
  value<T>(text: string, params?: readonly unknown[]): Promise<T | undefined>;
  /** The rows the statement changed. */
  run(text: string, params?: readonly unknown[]): Promise<number>;
}

export interface PgDb extends Sql {
  readonly pool: pg.Pool;
  /**
   * Runs `work` in one transaction on one client (committed when it resolves, rolled back when it
   * throws). `begin` is the statement that opens it (an isolation level, for instance).
   */
  tx<T>(work: (sql: Sql & { client: pg.PoolClient }) => Promise<T>, begin?: string): Promise<T>;
  close(): Promise<void>;
}

export function sqlOn(q: pg.Pool | pg.ClientBase): Sql {
  const rows = async <T>(text: string, params: readonly unknown[] = []): Promise<T[]> =>
    (await q.query({ text, values: params as unknown[] })).rows as T[];
  return {
    all: rows,
    async get<T>(text: string, params?: readonly unknown[]) {
      return (await rows<T>(text, params))[0];
    },
    async value<T>(text: string, params: readonly unknown[] = []) {
      const r = await q.query({ text, values: params as unknown[], rowMode: 'array' });
      return (r.rows[0] as unknown[] | undefined)?.[0] as T | undefined;
    },
    async run(text: string, params: readonly unknown[] = []) {
      return (await q.query({ text, values: params as unknown[] })).rowCount ?? 0;
    },
  };
}

/** A pool on `url`, migrated unless `migrate` is false. */
export async function openPgDb(url: string, options: { migrate?: boolean; max?: number } = {}): Promise<PgDb> {
  const pool = openPgPool(url, { max: options.max ?? 10 });
  // An idle client's error (the server restarted, the connection was cut) must not crash the process.
  pool.on('error', () => {});
  if (options.migrate !== false) await migratePg(pool);
  return {
    pool,
    ...sqlOn(pool),
    async tx(work, begin = 'BEGIN') {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query(begin);
        const out = await work({ ...sqlOn(client), client });
        await client.query('COMMIT');
        return out;
      } catch (e) {
        // A client whose ROLLBACK fails is not given back to the pool.
        await client.query('ROLLBACK').catch((r: Error) => { broken = r; });
        throw e;
      } finally {
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}
