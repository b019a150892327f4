// Connecting to PostgreSQL through `pg` with the value conversions the store relies on (SPEC §3.13).
// pg hands int8 (bigint, count(*), sum of integers) to JavaScript as a string; here it is a number,
// as better-sqlite3 gives, and a value past Number.MAX_SAFE_INTEGER is an error rather than a
// silently rounded number. numeric stays a string (pg's default, kept on purpose: money is never a
// float). Dates and timestamps are text columns in this schema, so pg's Date parsing never runs.
//
//   const pool = openPgPool(process.env.DATABASE_URL!); await migratePg(pool); ... await pool.end();

import pg from 'pg';

const INT8_OID = 20;

function parseInt8(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`a bigint of PostgreSQL is past JavaScript's safe integers: ${value}`);
  return n;
}

/** pg's type parsers with int8 read as a safe JavaScript number; everything else as pg reads it. */
export const PG_TYPES: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary' ? parseInt8 : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

/** A pool on DATABASE_URL (a `postgres://` URL) with PG_TYPES. */
export function openPgPool(url: string, options: Omit<pg.PoolConfig, 'connectionString' | 'types'> = {}): pg.Pool {
  return new pg.Pool({ ...options, connectionString: url, types: PG_TYPES });
}

/** One client on DATABASE_URL with PG_TYPES (connect() it yourself). */
export function pgClient(url: string): pg.Client {
  return new pg.Client({ connectionString: url, types: PG_TYPES });
}
