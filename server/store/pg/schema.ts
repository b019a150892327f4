// The PostgreSQL schema (SPEC §3.13): the same tables and columns as ../schema.ts, under the same
// version sequence (version N here makes what version N makes there; test/store-schema-parity.test.ts
// compares the two after every version). Applied by ./migrate.ts. Written for PostgreSQL 15 or later,
// in the database's default schema. Nothing here is read by the SQLite side.
//
// Types, chosen to keep what the SQLite store reads and writes unchanged:
// - Ids, dates and timestamps are text, as on SQLite: UUIDv7 strings made by ids.ts, ISO days,
//   ISO-8601 UTC timestamps. JSON columns are text too (jsonb would reorder keys and respace).
// - Every text column is COLLATE "C": comparisons and ORDER BY go byte-wise, as SQLite's BINARY
//   does, whatever locale the database was created with, and lower() folds ASCII only, as SQLite's
//   NOCASE does (so lower(email) uniqueness here is users_email COLLATE NOCASE there, exactly).
// - Money, quantities and prices are `exact_decimal`: numeric (exact, never a float) without NaN
//   or ±Infinity. numeric keeps the scale it is given, so a canonical decimal string (SPEC §1:
//   `10.00` stays `10.00`) comes back as the same text, and pg hands numeric to JavaScript as a
//   string; unlike text it refuses what is not a number and sums exactly in SQL. (Text that is not
//   canonical does not survive: `1e-7` comes back `0.0000001`, `-0` as `0`.)
// - Flags are integer 0/1, as SQLite's INTEGER columns (better-sqlite3 binds no booleans, so the
//   store's values pass unchanged). Counts are integer; byte counts, the changes' serial id and the
//   rowid range are bigint (./connect.ts reads int8 as a JavaScript number, refusing one past 2^53).
// - SQLite's BLOB is bytea.

import type { Migration } from '../sqlite/schema.ts';

const text = 'text COLLATE "C"';
const ts = `created_at ${text} NOT NULL, updated_at ${text} NOT NULL`;
const owned = `source_id ${text}, import_id ${text} REFERENCES imports(id)`;
const id = `id ${text} PRIMARY KEY`;
const family = `family_id ${text} NOT NULL REFERENCES families(id)`;
const money = 'exact_decimal';

/**
 * The four tables a publish writes a row per line into have no foreign keys here: PostgreSQL checks
 * a foreign key with a query per row, which made up most of a 100,000-row publish's database time
 * (about 570,000 checks, ~6 s of CPU here: bench/README.md). The publish checks the same
 * references once per distinct value instead (ledger.ts verifyReferences), under the family's
 * lock, which keeps every record they may name from being deleted meanwhile (only a revert of the
 * same family deletes any); family_id and import_id are the publish's own, checked by its fence.
 * Nothing else writes these tables. SQLite keeps its foreign keys (checked cheaply there).
 */
export const ROW_REFERENCES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  transactions: { account_id: 'accounts', category_id: 'categories', merchant_id: 'merchants' },
  split_lines: { transaction_id: 'transactions', category_id: 'categories', merchant_id: 'merchants' },
  transaction_tags: { transaction_id: 'transactions', tag_id: 'tags' },
  trades: { account_id: 'accounts', security_id: 'securities' },
};

/**
 * Every foreign key is DEFERRABLE (initially immediate): a publish sets them DEFERRED and sends its
 * tables in batches in any order, checked at the commit (ledger.ts), as SQLite's defer_foreign_keys.
 */
const deferrable = (sql: string): string => sql.replace(/REFERENCES \w+\(id\)( ON DELETE CASCADE)?/g, '$& DEFERRABLE');

const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'families, users, keys, imports and the ledger',
    sql: `
CREATE DOMAIN exact_decimal AS numeric CHECK (VALUE NOT IN ('NaN', 'Infinity', '-Infinity'));

CREATE TABLE families (
  ${id}, name ${text} NOT NULL, currency ${text} NOT NULL, ${ts}
);
CREATE TABLE users (
  ${id}, ${family}, email ${text} NOT NULL,
  first_name ${text}, last_name ${text},
  ui_layout ${text} NOT NULL DEFAULT 'dashboard' CHECK (ui_layout IN ('dashboard', 'intro')),
  ai_enabled integer NOT NULL DEFAULT 0, ${ts}
);
CREATE UNIQUE INDEX users_email ON users(lower(email));
CREATE TABLE api_keys (
  ${id}, user_id ${text} NOT NULL REFERENCES users(id), key_hash ${text} NOT NULL UNIQUE,
  scope ${text} NOT NULL CHECK (scope IN ('read', 'read_write')), created_at ${text} NOT NULL, revoked_at ${text}, last_used_at ${text}
);

CREATE TABLE accounts (
  ${id}, ${family}, name ${text} NOT NULL, name_key ${text} NOT NULL,
  accountable_type ${text} NOT NULL, subtype ${text}, balance ${money} NOT NULL DEFAULT '0', currency ${text} NOT NULL,
  source_id ${text}, import_id ${text}, ${ts}
);
CREATE INDEX accounts_family ON accounts(family_id, name_key);

CREATE TABLE imports (
  ${id}, ${family}, user_id ${text} REFERENCES users(id),
  type ${text} NOT NULL, status ${text} NOT NULL CHECK (status IN ('pending', 'importing', 'complete', 'failed', 'reverting', 'revert_failed')),
  account_id ${text} REFERENCES accounts(id), error ${text},
  options ${text} NOT NULL, configuration ${text} NOT NULL,
  uploaded integer NOT NULL DEFAULT 0, content_type ${text}, filename ${text}, content_bytes bigint NOT NULL DEFAULT 0,
  rows_count integer NOT NULL DEFAULT 0, valid_rows_count integer NOT NULL DEFAULT 0, invalid_rows_count integer NOT NULL DEFAULT 0,
  mappings_count integer NOT NULL DEFAULT 0, unassigned_mappings_count integer NOT NULL DEFAULT 0,
  result ${text}, blockers ${text}, verification ${text}, summary ${text},
  staged integer NOT NULL DEFAULT 1, ${ts}
);
CREATE INDEX imports_family ON imports(family_id, staged, created_at);
-- accounts and imports refer to each other; SQLite takes a reference to a table not made yet, PostgreSQL does not.
ALTER TABLE accounts ADD FOREIGN KEY (import_id) REFERENCES imports(id);
CREATE TABLE import_contents (
  import_id ${text} NOT NULL REFERENCES imports(id), seq integer NOT NULL, bytes bytea NOT NULL, PRIMARY KEY (import_id, seq)
);
CREATE TABLE import_row_chunks (
  import_id ${text} NOT NULL REFERENCES imports(id), chunk integer NOT NULL, first_row integer NOT NULL, count integer NOT NULL,
  data ${text} NOT NULL, PRIMARY KEY (import_id, chunk)
);
CREATE TABLE import_mappings (
  ${id}, import_id ${text} NOT NULL REFERENCES imports(id), kind ${text} NOT NULL CHECK (kind IN ('category', 'tag', 'account', 'account_type')),
  key ${text} NOT NULL, parent_key ${text}, mappable_id ${text}, value ${text}, assigned integer NOT NULL, valid integer NOT NULL, ${ts}
);
CREATE INDEX import_mappings_import ON import_mappings(import_id, kind);

CREATE TABLE categories (
  ${id}, ${family}, name ${text} NOT NULL, name_key ${text} NOT NULL,
  color ${text} NOT NULL, lucide_icon ${text} NOT NULL, parent_id ${text} REFERENCES categories(id), classification ${text} NOT NULL DEFAULT 'expense',
  ${owned}, ${ts}
);
CREATE UNIQUE INDEX categories_family_name ON categories(family_id, name_key);
CREATE INDEX categories_parent ON categories(parent_id);
CREATE TABLE tags (
  ${id}, ${family}, name ${text} NOT NULL, name_key ${text} NOT NULL,
  color ${text}, ${owned}, ${ts}
);
CREATE UNIQUE INDEX tags_family_name ON tags(family_id, name_key);
CREATE TABLE merchants (
  ${id}, ${family}, name ${text} NOT NULL, name_key ${text} NOT NULL,
  color ${text}, website_url ${text}, ${owned}, ${ts}
);
CREATE UNIQUE INDEX merchants_family_name ON merchants(family_id, name_key);

CREATE TABLE transactions (
  ${id}, family_id ${text} NOT NULL, account_id ${text} NOT NULL,
  date ${text} NOT NULL, amount ${money} NOT NULL, currency ${text} NOT NULL, name ${text} NOT NULL, notes ${text},
  category_id ${text}, merchant_id ${text}, excluded integer NOT NULL DEFAULT 0,
  kind ${text} NOT NULL DEFAULT 'standard', identity ${text}, source_id ${text}, import_id ${text}, ${ts}
);
-- Re-import identity, unique per account; NULL identities never clash (NULLS DISTINCT, the default,
-- as on SQLite). It also serves the family's transactions reached through its accounts.
CREATE UNIQUE INDEX transactions_identity ON transactions(account_id, identity);
CREATE TABLE transaction_tags (
  transaction_id ${text} NOT NULL, tag_id ${text} NOT NULL,
  PRIMARY KEY (transaction_id, tag_id)
);
CREATE TABLE split_lines (
  ${id}, family_id ${text} NOT NULL,
  transaction_id ${text} NOT NULL, position integer NOT NULL,
  amount ${money} NOT NULL, currency ${text} NOT NULL, name ${text}, notes ${text},
  category_id ${text}, merchant_id ${text}, tag_ids ${text},
  source_id ${text}, import_id ${text}, ${ts}
);
CREATE INDEX split_lines_transaction ON split_lines(transaction_id);

CREATE TABLE securities (
  ${id}, ${family}, ticker ${text} NOT NULL, name ${text},
  exchange_operating_mic ${text} NOT NULL DEFAULT '', ${owned}, ${ts}
);
CREATE UNIQUE INDEX securities_family_ticker ON securities(family_id, ticker, exchange_operating_mic);
CREATE TABLE trades (
  ${id}, family_id ${text} NOT NULL, account_id ${text} NOT NULL,
  security_id ${text} NOT NULL, date ${text} NOT NULL, qty ${money} NOT NULL, price ${money} NOT NULL,
  amount ${money} NOT NULL, currency ${text} NOT NULL, identity ${text}, source_id ${text}, import_id ${text}, ${ts}
);
CREATE INDEX trades_import ON trades(import_id);
CREATE UNIQUE INDEX trades_identity ON trades(account_id, identity);
CREATE TABLE holdings (
  ${id}, ${family}, account_id ${text} NOT NULL REFERENCES accounts(id),
  security_id ${text} NOT NULL REFERENCES securities(id), date ${text} NOT NULL, qty ${money} NOT NULL, price ${money} NOT NULL,
  amount ${money} NOT NULL, currency ${text} NOT NULL, ${owned}, ${ts}
);
CREATE TABLE valuations (
  ${id}, ${family}, account_id ${text} NOT NULL REFERENCES accounts(id),
  date ${text} NOT NULL, amount ${money} NOT NULL, currency ${text} NOT NULL, kind ${text} NOT NULL DEFAULT 'reconciliation', name ${text},
  ${owned}, ${ts}
);
CREATE TABLE balances (
  ${id}, ${family}, account_id ${text} NOT NULL REFERENCES accounts(id),
  date ${text} NOT NULL, balance ${money} NOT NULL, currency ${text} NOT NULL, extra ${text}, ${owned}, ${ts}
);
CREATE TABLE budgets (
  ${id}, ${family}, start_date ${text} NOT NULL, end_date ${text} NOT NULL,
  budgeted_spending ${money}, expected_income ${money}, currency ${text} NOT NULL, ${owned}, ${ts}
);
CREATE UNIQUE INDEX budgets_family_start ON budgets(family_id, start_date);
CREATE TABLE budget_categories (
  ${id}, ${family}, budget_id ${text} NOT NULL REFERENCES budgets(id) ON DELETE CASCADE,
  category_id ${text} NOT NULL REFERENCES categories(id), budgeted_spending ${money}, currency ${text} NOT NULL, ${owned}, ${ts}
);
CREATE UNIQUE INDEX budget_categories_pair ON budget_categories(budget_id, category_id);
CREATE TABLE rules (
  ${id}, ${family}, name ${text}, resource_type ${text} NOT NULL,
  active integer NOT NULL DEFAULT 1, effective_date ${text}, conditions ${text} NOT NULL, actions ${text} NOT NULL, ${owned}, ${ts}
);
CREATE TABLE recurring_transactions (
  ${id}, ${family}, account_id ${text} REFERENCES accounts(id),
  merchant_id ${text} REFERENCES merchants(id), name ${text}, amount ${money} NOT NULL, currency ${text} NOT NULL,
  expected_day_of_month integer NOT NULL, last_occurrence_date ${text} NOT NULL, next_expected_date ${text} NOT NULL,
  status ${text} NOT NULL DEFAULT 'active', extra ${text}, ${owned}, ${ts}
);
CREATE TABLE transfers (
  ${id}, ${family}, inflow_transaction_id ${text} NOT NULL,
  outflow_transaction_id ${text} NOT NULL, status ${text} NOT NULL DEFAULT 'confirmed', notes ${text}, ${owned}, ${ts}
);
CREATE TABLE rejected_transfers (
  ${id}, ${family}, inflow_transaction_id ${text} NOT NULL,
  outflow_transaction_id ${text} NOT NULL, ${owned}, ${ts}
);
`,
  },
  {
    version: 2,
    name: 'the durable job queue',
    sql: `
CREATE TABLE jobs (
  ${id}, kind ${text} NOT NULL CHECK (kind IN ('publish', 'revert')),
  import_id ${text} NOT NULL REFERENCES imports(id), ${family},
  status ${text} NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed')),
  attempts integer NOT NULL DEFAULT 0, error ${text}, ${ts}, started_at ${text}, finished_at ${text}
);
CREATE INDEX jobs_queue ON jobs(status, created_at);
`,
  },
  {
    version: 3,
    name: 'what an import changed, for revert',
    // SQLite's INTEGER PRIMARY KEY numbers rows in insertion order; an identity column does here.
    sql: `
CREATE TABLE import_changes (
  id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, import_id ${text} NOT NULL REFERENCES imports(id), table_name ${text} NOT NULL,
  record_id ${text} NOT NULL, before ${text} NOT NULL, created_at ${text} NOT NULL
);
CREATE INDEX import_changes_import ON import_changes(import_id);
`,
  },
  {
    version: 4,
    name: "an account's valuations by date, for its balance",
    sql: `
CREATE INDEX valuations_account ON valuations(account_id, date);
`,
  },
  {
    version: 5,
    name: "transactions by family, date and account; an import's transactions by their rowid range",
    // PostgreSQL has no rowid, and with several writers an import's rows are not one range anyway:
    // the two columns exist (same columns on both stores) and stay NULL here, and an import's
    // transactions are found through an index on import_id, which SQLite does without.
    sql: `
CREATE INDEX transactions_family_date ON transactions(family_id, date, account_id);
ALTER TABLE imports ADD COLUMN tx_rowid_from bigint;
ALTER TABLE imports ADD COLUMN tx_rowid_to bigint;
CREATE INDEX transactions_import ON transactions(import_id);
`,
  },
  {
    version: 6,
    name: "a running job's runner, checked inside its write transaction",
    sql: `
ALTER TABLE jobs ADD COLUMN runner ${text};
`,
  },
  {
    version: 7,
    name: "the bytes an import stores (content and rows), for the family's quota",
    sql: `
ALTER TABLE imports ADD COLUMN stored_bytes bigint NOT NULL DEFAULT 0;
UPDATE imports SET stored_bytes = content_bytes + coalesce((SELECT sum(octet_length(data)) FROM import_row_chunks c WHERE c.import_id = imports.id), 0);
`,
  },
  {
    version: 8,
    name: 'requests per key and clock hour, for the rate limit of several processes',
    sql: `
CREATE TABLE rate_counts (key_id ${text} NOT NULL, hour integer NOT NULL, count integer NOT NULL, PRIMARY KEY (key_id, hour));
`,
  },
  {
    version: 9,
    name: "an import's transactions by the range of their ids",
    // Its publish writes every transaction of an import with ids made in that publish (UUIDv7, made
    // in rising order), and records the smallest and the largest: the primary key then finds the
    // import's transactions (with import_id = the import, as ids of other families' publishes
    // running at the same time may fall in the range), as the rowid range does on SQLite. The
    // import_id index it replaces cost about a quarter of PostgreSQL's CPU in a 100,000-row
    // publish (1.69 against 1.29 s, medians of five alternating pairs). Imports published before
    // get their range from their rows while the index still stands.
    sql: `
ALTER TABLE imports ADD COLUMN tx_id_from ${text};
ALTER TABLE imports ADD COLUMN tx_id_to ${text};
UPDATE imports SET (tx_id_from, tx_id_to) = (SELECT min(t.id), max(t.id) FROM transactions t WHERE t.import_id = imports.id);
DROP INDEX transactions_import;
`,
  },
];

export const PG_MIGRATIONS: readonly Migration[] = MIGRATIONS.map((m) => ({ ...m, sql: deferrable(m.sql) }));
