// The two stores' schemas side by side (SPEC §3.13: per-dialect migrations under one version
// sequence; a test checks both have the same tables and columns). SQLite in memory, PostgreSQL in
// a fresh database of the harness (test/pg-helpers.ts). After every version of the sequence: the
// same tables, the same columns per table with compatible types (money exact on both: decimal text
// on SQLite, numeric on PostgreSQL; no float anywhere), the same nullability and defaults, the same
// unique keys (lower(email) for SQLite's email COLLATE NOCASE) and the same foreign keys. Then what
// the types promise, on both: canonical decimals come back as the same text, email uniqueness folds
// ASCII only, NULL identities never clash. And the PostgreSQL runner: idempotent, safe to run from
// two processes at once, refusing a database from a newer sluice.

import assert from 'node:assert/strict';
import test from 'node:test';
import Database from 'better-sqlite3';
import type pg from 'pg';
import { openDb, type Db } from '../server/store/sqlite/db.ts';
import { openPgPool, pgClient } from '../server/store/pg/connect.ts';
import { migratePg } from '../server/store/pg/migrate.ts';
import { PG_MIGRATIONS, ROW_REFERENCES } from '../server/store/pg/schema.ts';
import { MIGRATIONS } from '../server/store/sqlite/schema.ts';
import { pgHarness, type PgHarness } from './pg-helpers.ts';

const found = await pgHarness();
const skip = typeof found === 'string' && `no PostgreSQL: ${found}`;
const harness = found as PgHarness;

/** The columns holding exact decimals: money, quantities and prices. */
const DECIMAL_COLUMNS = new Set([
  'accounts.balance', 'transactions.amount', 'split_lines.amount', 'trades.qty', 'trades.price', 'trades.amount',
  'holdings.qty', 'holdings.price', 'holdings.amount', 'valuations.amount', 'balances.balance', 'budgets.budgeted_spending',
  'budgets.expected_income', 'budget_categories.budgeted_spending', 'recurring_transactions.amount',
]);

type Kind = 'text' | 'integer' | 'bytes' | 'decimal';

interface Column {
  kind: Kind;
  notNull: boolean;
  /** The default as a literal without casts (`'0'`, `0`, `''`), or null. */
  default: string | null;
}

interface Schema {
  /** table → column → its description. */
  columns: Record<string, Record<string, Column>>;
  /** table → its unique keys, each as `col1,col2` (an expression as written: `lower(email)`), sorted. */
  unique: Record<string, string[]>;
  /** table → its foreign keys, `col → table(col) ON DELETE action`, sorted. */
  foreign: Record<string, string[]>;
}

// --- SQLite -----------------------------------------------------------------------------------

function sqliteKind(table: string, column: string, declared: string): Kind {
  const t = declared.toUpperCase();
  if (t === 'TEXT') return DECIMAL_COLUMNS.has(`${table}.${column}`) ? 'decimal' : 'text';
  if (t === 'INTEGER') return 'integer';
  if (t === 'BLOB') return 'bytes';
  assert.fail(`SQLite ${table}.${column} is declared ${declared}: only TEXT, INTEGER and BLOB are used (REAL is a float)`);
}

function describeSqlite(db: Db): Schema {
  const schema: Schema = { columns: {}, unique: {}, foreign: {} };
  const tables = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").pluck().all() as string[];
  for (const table of tables) {
    const cols = db.prepare(`PRAGMA table_xinfo(${table})`).all() as { name: string; type: string; notnull: number; dflt_value: string | null; pk: number }[];
    schema.columns[table] = Object.fromEntries(cols.map((c) => [c.name, {
      kind: sqliteKind(table, c.name, c.type),
      // A primary key never holds NULL in this schema (SQLite would allow it in a rowid table; PostgreSQL does not).
      notNull: c.notnull === 1 || c.pk > 0,
      default: c.dflt_value,
    }]));
    const unique = new Set<string>();
    const pk = cols.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk).map((c) => c.name);
    if (pk.length) unique.add(pk.join(','));   // an INTEGER PRIMARY KEY has no index of its own
    for (const idx of db.prepare(`PRAGMA index_list(${table})`).all() as { name: string; unique: number; partial: number }[]) {
      if (!idx.unique) continue;
      assert.equal(idx.partial, 0, `${idx.name}: a partial unique index has no counterpart check here`);
      const keys = (db.prepare(`PRAGMA index_xinfo(${idx.name})`).all() as { name: string | null; coll: string; key: number }[]).filter((k) => k.key);
      unique.add(keys.map((k) => {
        assert.ok(k.name !== null, `${idx.name}: an expression index has no counterpart check here`);
        return k.coll === 'NOCASE' ? `lower(${k.name})` : k.name;
      }).join(','));
    }
    schema.unique[table] = [...unique].sort();
    const fks = db.prepare(`PRAGMA foreign_key_list(${table})`).all() as { table: string; from: string; to: string; on_delete: string }[];
    schema.foreign[table] = fks.map((f) => `${f.from} → ${f.table}(${f.to}) ON DELETE ${f.on_delete}`).sort();
  }
  return schema;
}

// --- PostgreSQL -------------------------------------------------------------------------------

const PG_KINDS: Record<string, Kind> = { text: 'text', integer: 'integer', bigint: 'integer', smallint: 'integer', bytea: 'bytes', numeric: 'decimal' };
const DELETE_ACTIONS: Record<string, string> = { a: 'NO ACTION', r: 'RESTRICT', c: 'CASCADE', n: 'SET NULL', d: 'SET DEFAULT' };

/** `'0'::numeric`, `''::text`, `'dashboard'::text COLLATE "C"` → the literal alone. */
function pgDefault(expr: string | null): string | null {
  return expr === null ? null : expr.replace(/ COLLATE "?\w+"?$/, '').replace(/::[a-z_ ]+$/, '');
}

async function describePg(client: pg.ClientBase): Promise<Schema> {
  const schema: Schema = { columns: {}, unique: {}, foreign: {} };
  const cols = await client.query<{ table_name: string; column_name: string; data_type: string; domain_name: string | null; collation_name: string | null; is_nullable: string; column_default: string | null }>(
    `SELECT c.table_name, c.column_name, c.data_type, c.domain_name, c.collation_name, c.is_nullable, c.column_default
     FROM information_schema.columns c JOIN information_schema.tables t USING (table_schema, table_name)
     WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' ORDER BY c.table_name, c.ordinal_position`,
  );
  for (const c of cols.rows) {
    const where = `PostgreSQL ${c.table_name}.${c.column_name}`;
    const kind = PG_KINDS[c.data_type];
    assert.ok(kind, `${where} is ${c.data_type}: only text, integer, bigint, smallint, bytea and numeric are used (real, double precision and money are not exact)`);
    if (kind === 'text') assert.equal(c.collation_name, 'C', `${where}: text compares byte-wise (COLLATE "C"), as SQLite's BINARY`);
    if (kind === 'decimal') assert.equal(c.domain_name, 'exact_decimal', `${where}: decimals are exact_decimal (numeric without NaN or Infinity)`);
    (schema.columns[c.table_name] ??= {})[c.column_name] = { kind, notNull: c.is_nullable === 'NO', default: pgDefault(c.column_default) };
  }
  for (const table of Object.keys(schema.columns)) {
    schema.unique[table] = [];
    schema.foreign[table] = [];
  }
  const unique = await client.query<{ table: string; index: string; keys: string[]; partial: boolean; nulls_not_distinct: boolean }>(
    `SELECT c.relname AS table, i.relname AS index, x.indpred IS NOT NULL AS partial, x.indnullsnotdistinct AS nulls_not_distinct,
            array(SELECT pg_get_indexdef(x.indexrelid, k, true) FROM generate_series(1, x.indnkeyatts) k) AS keys
     FROM pg_index x JOIN pg_class c ON c.oid = x.indrelid JOIN pg_class i ON i.oid = x.indexrelid
     WHERE x.indisunique AND c.relnamespace = current_schema()::regnamespace`,
  );
  for (const u of unique.rows) {
    assert.equal(u.partial, false, `${u.index}: a partial unique index has no counterpart check here`);
    assert.equal(u.nulls_not_distinct, false, `${u.index}: NULLs stay distinct, as on SQLite (a NULL identity never clashes)`);
    schema.unique[u.table]!.push(u.keys.join(','));
  }
  const fks = await client.query<{ table: string; col: string; ref: string; refcol: string; action: string }>(
    `SELECT cl.relname AS table, a.attname AS col, rc.relname AS ref, ra.attname AS refcol, con.confdeltype AS action
     FROM pg_constraint con JOIN pg_class cl ON cl.oid = con.conrelid JOIN pg_class rc ON rc.oid = con.confrelid
     CROSS JOIN LATERAL unnest(con.conkey, con.confkey) AS k(col, refcol)
     JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.col
     JOIN pg_attribute ra ON ra.attrelid = con.confrelid AND ra.attnum = k.refcol
     WHERE con.contype = 'f' AND cl.relnamespace = current_schema()::regnamespace`,
  );
  for (const f of fks.rows) schema.foreign[f.table]!.push(`${f.col} → ${f.ref}(${f.refcol}) ON DELETE ${DELETE_ACTIONS[f.action]}`);
  for (const table of Object.keys(schema.columns)) {
    schema.unique[table]!.sort();
    schema.foreign[table]!.sort();
  }
  return schema;
}

/** Compares table by table, so a failure names the table and shows only its difference. */
function assertSameSchema(sqlite: Schema, postgres: Schema, when: string): void {
  assert.deepEqual(Object.keys(postgres.columns).sort(), Object.keys(sqlite.columns).sort(), `${when}: the same tables`);
  for (const table of Object.keys(sqlite.columns).sort()) {
    assert.deepEqual(postgres.columns[table], sqlite.columns[table], `${when}: the same columns of ${table} (kind, NOT NULL, default)`);
    assert.deepEqual(postgres.unique[table], sqlite.unique[table], `${when}: the same unique keys on ${table}`);
    if (ROW_REFERENCES[table]) {
      // PostgreSQL checks these references in bulk at publish (pg/schema.ts ROW_REFERENCES): no
      // foreign keys there, and the map names every reference SQLite's keys make except the
      // publish's own family_id and import_id.
      assert.deepEqual(postgres.foreign[table], [], `${when}: no foreign keys on ${table} on PostgreSQL`);
      const checked = Object.entries(ROW_REFERENCES[table]!).map(([col, ref]) => `${col} → ${ref}(id)`).sort();
      const keys = sqlite.foreign[table]!.map((f) => f.replace(/ ON DELETE .*/, '')).filter((f) => !/^(family_id|import_id) /.test(f)).sort();
      assert.deepEqual(checked, keys, `${when}: ROW_REFERENCES of ${table} names SQLite's foreign keys`);
    } else {
      assert.deepEqual(postgres.foreign[table], sqlite.foreign[table], `${when}: the same foreign keys on ${table}`);
    }
  }
}

async function withPg<T>(fn: (client: pg.Client, url: string) => Promise<T>): Promise<T> {
  const db = await harness.database();
  const client = pgClient(db.url);
  await client.connect();
  try {
    return await fn(client, db.url);
  } finally {
    await client.end();
    await db.drop();
  }
}

// --- The tests --------------------------------------------------------------------------------

test('both dialects have the same version sequence, with the same names', () => {
  assert.deepEqual(PG_MIGRATIONS.map((m) => [m.version, m.name]), MIGRATIONS.map((m) => [m.version, m.name]));
});

test('after every version, both schemas have the same tables, columns, unique keys and foreign keys', { skip }, async () => {
  await withPg(async (client) => {
    const lite = new Database(':memory:');
    try {
      for (const m of MIGRATIONS) {
        // db.ts migrate() applies each version's SQL in order; the same SQL here, one version at a time.
        lite.exec(m.sql);
        assert.deepEqual(await migratePg(client, { to: m.version }), [m.version]);
        const postgres = await describePg(client);
        delete postgres.columns['schema_migrations'];   // made by the runners, compared below
        assertSameSchema(describeSqlite(lite), postgres, `after version ${m.version}`);
      }
    } finally {
      lite.close();
    }
  });
});

test('the runners of both stores leave the same schema, schema_migrations included', { skip }, async () => {
  await withPg(async (client) => {
    const lite = openDb(':memory:');
    try {
      assert.deepEqual(await migratePg(client), PG_MIGRATIONS.map((m) => m.version));
      const postgres = await describePg(client);
      const sqlite = describeSqlite(lite);
      assertSameSchema(sqlite, postgres, 'after every migration');
      assert.ok(sqlite.columns['schema_migrations'] && sqlite.unique['transactions']!.includes('account_id,identity') && sqlite.unique['trades']!.includes('account_id,identity'));
      assert.ok(sqlite.unique['users']!.includes('lower(email)'));
      const pgVersions = (await client.query('SELECT version, name FROM schema_migrations ORDER BY version')).rows;
      assert.deepEqual(pgVersions, lite.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all());
    } finally {
      lite.close();
    }
  });
});

test("PostgreSQL version 9: imports published before it get the range of their transactions' ids, and the import_id index goes", { skip }, async () => {
  await withPg(async (client) => {
    await migratePg(client, { to: 8 });
    await client.query("INSERT INTO families (id, name, currency, created_at, updated_at) VALUES ('f1', 'F', 'USD', 't', 't')");
    for (const i of ['i1', 'i2', 'i3']) {
      await client.query(`INSERT INTO imports (id, family_id, type, status, options, configuration, created_at, updated_at)
                          VALUES ('${i}', 'f1', 'TransactionImport', 'complete', '{}', '{}', 't', 't')`);
    }
    await client.query("INSERT INTO accounts (id, family_id, name, name_key, accountable_type, currency, created_at, updated_at) VALUES ('a1', 'f1', 'A', 'a', 'Depository', 'USD', 't', 't')");
    // i1's and i2's rows interleave by id (written at the same time); i3 wrote none.
    for (const [id, imp] of [['t05', 'i1'], ['t02', 'i2'], ['t09', 'i1'], ['t07', 'i2'], ['t03', 'i1']]) {
      await client.query(`INSERT INTO transactions (id, family_id, account_id, date, amount, currency, name, import_id, created_at, updated_at)
                          VALUES ($1, 'f1', 'a1', '2024-01-01', 1, 'USD', 'x', $2, 't', 't')`, [id, imp]);
    }
    assert.deepEqual(await migratePg(client), [9]);
    const ranges = (await client.query('SELECT id, tx_id_from, tx_id_to FROM imports ORDER BY id')).rows;
    assert.deepEqual(ranges, [
      { id: 'i1', tx_id_from: 't03', tx_id_to: 't09' }, { id: 'i2', tx_id_from: 't02', tx_id_to: 't07' }, { id: 'i3', tx_id_from: null, tx_id_to: null },
    ]);
    assert.equal((await client.query("SELECT 1 FROM pg_indexes WHERE indexname = 'transactions_import'")).rowCount, 0);
  });
});

/** Rows to insert on both stores: a family, a user, an account. */
const SEED = [
  "INSERT INTO families (id, name, currency, created_at, updated_at) VALUES ('f1', 'F', 'USD', 't', 't')",
  "INSERT INTO accounts (id, family_id, name, name_key, accountable_type, currency, created_at, updated_at) VALUES ('a1', 'f1', 'A', 'a', 'Depository', 'USD', 't', 't')",
];

/** Runs one statement on a store; the error's code (SQLite's or PostgreSQL's SQLSTATE, named alike) or 'ok'. */
type Run = (sql: string) => Promise<string>;

const UNIQUE_VIOLATION: Record<string, string> = { SQLITE_CONSTRAINT_UNIQUE: 'unique', '23505': 'unique' };

async function onBothStores(fn: (run: Run, store: string) => Promise<void>): Promise<void> {
  const lite = openDb(':memory:');
  try {
    for (const s of SEED) lite.exec(s);
    await fn(async (sql) => {
      try {
        lite.exec(sql);
        return 'ok';
      } catch (e) {
        const code = (e as { code: string }).code;
        return UNIQUE_VIOLATION[code] ?? code;
      }
    }, 'SQLite');
  } finally {
    lite.close();
  }
  await withPg(async (client) => {
    await migratePg(client);
    for (const s of SEED) await client.query(s);
    await fn(async (sql) => {
      try {
        await client.query(sql);
        return 'ok';
      } catch (e) {
        const code = (e as { code: string }).code;
        return UNIQUE_VIOLATION[code] ?? code;
      }
    }, 'PostgreSQL');
  });
}

test('email uniqueness folds ASCII case only, on both stores', { skip }, async () => {
  const user = (id: string, email: string) =>
    `INSERT INTO users (id, family_id, email, created_at, updated_at) VALUES ('${id}', 'f1', '${email}', 't', 't')`;
  const cases: [string, string][] = [
    ['Ann@Example.com', 'ok'],
    ['ann@example.COM', 'unique'],       // ASCII case folds: the same address
    ['ÉVA@example.com', 'ok'],
    ['éva@example.com', 'ok'],           // beyond ASCII nothing folds (SQLite's NOCASE; lower() under COLLATE "C")
    ['ann@example.org', 'ok'],
  ];
  await onBothStores(async (run, store) => {
    for (const [i, [email, want]] of cases.entries()) assert.equal(await run(user(`u${i}`, email)), want, `${store}: ${email}`);
  });
});

test("a transaction's identity is unique per account and a NULL identity never clashes, on both stores", { skip }, async () => {
  const tx = (id: string, identity: string | null) =>
    `INSERT INTO transactions (id, family_id, account_id, date, amount, currency, name, identity, created_at, updated_at)
     VALUES ('${id}', 'f1', 'a1', '2024-01-01', '1.00', 'USD', 'x', ${identity === null ? 'NULL' : `'${identity}'`}, 't', 't')`;
  const cases: [string | null, string][] = [['k1', 'ok'], ['k1', 'unique'], [null, 'ok'], [null, 'ok'], ['k2', 'ok']];
  await onBothStores(async (run, store) => {
    for (const [i, [identity, want]] of cases.entries()) assert.equal(await run(tx(`t${i}`, identity)), want, `${store}: identity ${identity}`);
  });
});

test('canonical decimals come back from PostgreSQL as the same text; NaN, Infinity and non-numbers are refused', { skip }, async () => {
  await withPg(async (_client, url) => {
    const pool = openPgPool(url, { max: 1 });
    try {
      await migratePg(pool);
      for (const s of SEED) await pool.query(s);
      const values = ['0', '10.00', '-1234.56', '0.5', '-0.000001', '123456789012345678901234567890.123456789', '1.10', '7'];
      for (const [i, v] of values.entries()) {
        await pool.query(
          "INSERT INTO transactions (id, family_id, account_id, date, amount, currency, name, created_at, updated_at) VALUES ($1, 'f1', 'a1', '2024-01-01', $2, 'USD', 'x', 't', 't')",
          [`t${i}`, v],
        );
      }
      const back = (await pool.query<{ amount: unknown }>("SELECT amount FROM transactions ORDER BY id")).rows.map((r) => r.amount);
      assert.deepEqual(back, [...values.entries()].sort(([a], [b]) => (`t${a}` < `t${b}` ? -1 : 1)).map(([, v]) => v));
      // Sums are exact in SQL (a float would give 0.30000000000000004), and int8 arrives as a number.
      const sum = await pool.query("SELECT ('0.1'::exact_decimal + '0.2'::exact_decimal) AS s, count(*) AS n FROM transactions");
      assert.deepEqual(sum.rows[0], { s: '0.3', n: values.length });
      for (const [bad, code] of [['NaN', '23514'], ['Infinity', '23514'], ['-Infinity', '23514'], ['12,50', '22P02'], ['', '22P02']] as const) {
        await assert.rejects(pool.query("SELECT $1::exact_decimal", [bad]), (e: { code?: string }) => e.code === code, `${JSON.stringify(bad)} is refused (${code})`);
      }
    } finally {
      await pool.end();
    }
  });
});

test('the PostgreSQL runner applies nothing twice, even from two connections at once, and refuses a newer schema', { skip }, async () => {
  await withPg(async (client, url) => {
    const pool = openPgPool(url, { max: 4 });
    try {
      const [a, b] = await Promise.all([migratePg(pool), migratePg(pool)]);
      assert.deepEqual([...a, ...b].sort((x, y) => x - y), PG_MIGRATIONS.map((m) => m.version), 'each version applied once, by one of them');
      assert.deepEqual(await migratePg(client), []);
      await client.query("INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, 'from the future', 't')");
      await assert.rejects(migratePg(client), /migrated by a newer sluice \(schema 999/);
    } finally {
      await pool.end();
    }
  });
});
