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

/** Statement texts this process has seen, up to this many: their use counts, then their names (null: never named). */
const MAX_TRACKED_STATEMENTS = 1000;
const statements = new Map<string, number | string | null>();
/** Statements named so far (their names are sluice_1, sluice_2, …). */
let named = 0;

/**
 * The name a statement with parameters is prepared under on each connection, from its second use
 * on (undefined: sent unnamed, parsed and planned every time). A named statement is parsed once per
 * connection, and PostgreSQL may then keep a generic plan: a `GET /api/v1/categories` (three
 * statements) cost PostgreSQL 1.0 ms of CPU unnamed against 0.42 ms named, and the publish's
 * `GET` loop in the bench competes with it for the two cores. Texts made for one batch size are
 * distinct statements; past MAX_TRACKED_STATEMENTS texts a new one stays unnamed, so a connection
 * never holds more prepared statements than that. A `SELECT *` is never named: its result follows
 * the table's columns, and after a newer process's migration added one, PostgreSQL would refuse
 * the cached plan on this process's connections ("cached plan must not change result type").
 * (A pooler in front of PostgreSQL must keep prepared statements per client: PgBouncer in session
 * mode, or 1.21+ with max_prepared_statements set.)
 */
function statementName(text: string, params: readonly unknown[]): string | undefined {
  if (params.length === 0) return undefined; // the simple protocol: BEGIN, COMMIT, SET, …
  const seen = statements.get(text);
  if (typeof seen === 'string') return seen;
  if (seen === null) return undefined;
  if (seen === undefined) {
    if (statements.size < MAX_TRACKED_STATEMENTS) statements.set(text, /\bSELECT \*/i.test(text) ? null : 1);
    return undefined;
  }
  const name = `sluice_${++named}`;
  statements.set(text, name);
  return name;
}

export function sqlOn(q: pg.Pool | pg.ClientBase): Sql {
  const config = (text: string, params: readonly unknown[]) => ({ text, values: params as unknown[], name: statementName(text, params) });
  const rows = async <T>(text: string, params: readonly unknown[] = []): Promise<T[]> => (await q.query(config(text, params))).rows as T[];
  return {
    all: rows,
    async get<T>(text: string, params?: readonly unknown[]) {
      return (await rows<T>(text, params))[0];
    },
    async value<T>(text: string, params: readonly unknown[] = []) {
      const r = await q.query({ ...config(text, params), rowMode: 'array' as const });
      return (r.rows[0] as unknown[] | undefined)?.[0] as T | undefined;
    },
    async run(text: string, params: readonly unknown[] = []) {
      return (await q.query(config(text, params))).rowCount ?? 0;
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
