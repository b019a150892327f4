// Versioned migrations. Each entry is applied once, in order, inside a transaction, and recorded
// in `schema_migrations`; a database is never migrated backwards. Every domain row carries its
// family_id (tenant scope) and, when an import wrote it, the import's id (revert deletes by it)
// and the record's id in the source file (`source_id`).
//
// Money columns are TEXT holding canonical decimal strings (SPEC §1): SQLite's REAL is a float.
// Names that must be unique per family are compared through `name_key` (the name lower-cased by
// JavaScript's full Unicode rules, which SQLite's NOCASE does not do beyond ASCII).

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

const ts = 'created_at TEXT NOT NULL, updated_at TEXT NOT NULL';
const owned = 'source_id TEXT, import_id TEXT REFERENCES imports(id)';

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'families, users, keys, imports and the ledger',
    sql: `
CREATE TABLE families (
  id TEXT PRIMARY KEY, name TEXT NOT NULL, currency TEXT NOT NULL, ${ts}
);
CREATE TABLE users (
  id TEXT PRIMARY KEY, family_id TEXT NOT NULL REFERENCES families(id), email TEXT NOT NULL,
  first_name TEXT, last_name TEXT,
  ui_layout TEXT NOT NULL DEFAULT 'dashboard' CHECK (ui_layout IN ('dashboard', 'intro')),
  ai_enabled INTEGER NOT NULL DEFAULT 0, ${ts}
);
CREATE UNIQUE INDEX users_email ON users(email COLLATE NOCASE);
CREATE TABLE api_keys (
  id TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES users(id), key_hash TEXT NOT NULL UNIQUE,
  scope TEXT NOT NULL CHECK (scope IN ('read', 'read_write')), created_at TEXT NOT NULL, revoked_at TEXT, last_used_at TEXT
);

CREATE TABLE accounts (
  id TEXT PRIMARY KEY, family_id TEXT NOT NULL REFERENCES families(id), name TEXT NOT NULL, name_key TEXT NOT NULL,
  accountable_type TEXT NOT NULL, subtype TEXT, balance TEXT NOT NULL DEFAULT '0', currency TEXT NOT NULL,
  ${owned}, ${ts}
);
CREATE INDEX accounts_family ON accounts(family_id, name_key);

CREATE TABLE imports (
  id TEXT PRIMARY KEY, family_id TEXT NOT NULL REFERENCES families(id), user_id TEXT REFERENCES users(id),
  type TEXT NOT NULL, status TEXT NOT NULL CHECK (status IN ('pending', 'importing', 'complete', 'failed', 'reverting', 'revert_failed')),
  account_id TEXT REFERENCES accounts(id), error TEXT,
  options TEXT NOT NULL, configuration TEXT NOT NULL,
  uploaded INTEGER NOT NULL DEFAULT 0, content_type TEXT, filename TEXT, content_bytes INTEGER NOT NULL DEFAULT 0,
  rows_count INTEGER NOT NULL DEFAULT 0, valid_rows_count INTEGER NOT NULL DEFAULT 0, invalid_rows_count INTEGER NOT NULL DEFAULT 0,
  mappings_count INTEGER NOT NULL DEFAULT 0, unassigned_mappings_count INTEGER NOT NULL DEFAULT 0,
  result TEXT, blockers TEXT, verification TEXT, summary TEXT,
  staged INTEGER NOT NULL DEFAULT 1, ${ts}
);
CREATE INDEX imports_family ON imports(family_id, staged, created_at);
CREATE TABLE import_contents (
  import_id TEXT NOT NULL REFERENCES imports(id), seq INTEGER NOT NULL, bytes BLOB NOT NULL, PRIMARY KEY (import_id, seq)
);
CREATE TABLE import_row_chunks (
  import_id TEXT NOT NULL REFERENCES imports(id), chunk INTEGER NOT NULL, first_row INTEGER NOT NULL, count INTEGER NOT NULL,
  data TEXT NOT NULL, PRIMARY KEY (import_id, chunk)
);
CREATE TABLE import_mappings (
  id TEXT PRIMARY KEY, import_id TEXT NOT NULL REFERENCES imports(id), kind TEXT NOT NULL CHECK (kind IN ('category', 'tag', 'account', 'account_type')),
  key TEXT NOT NULL, parent_key TEXT, mappable_id TEXT, value TEXT, assigned INTEGER NOT NULL, valid INTEGER NOT NULL, ${ts}
);
CREATE INDEX import_mappings_import ON import_mappings(import_id, kind);

CREATE TABLE categories (
  id TEXT PRIMARY KEY, family_id TEXT NOT NULL REFERENCES families(id), name TEXT NOT NULL, name_key TEXT NOT NULL,
  color TEXT NOT NULL, lucide_icon TEXT NOT NULL, parent_id TEXT REFERENCES categories(id), classification TEXT NOT NULL DEFAULT 'expense',
  ${owned}, ${ts}
);
CREATE UNIQUE INDEX categories_family_name ON categories(family_id, name_key);
CREATE INDEX categories_parent ON categories(parent_id);
CREATE TABLE tags (
  id TEXT PRIMARY KEY, family_id TEXT NOT NULL REFERENCES families(id), name TEXT NOT NULL, name_key TEXT NOT NULL,
  color TEXT, ${owned}, ${ts}
);
CREATE UNIQUE INDEX tags_family_name ON tags(family_id, name_key);
CREATE TABLE merchants (
  id TEXT PRIMARY KEY, family_id TEXT NOT NULL REFERENCES families(id), name TEXT NOT NULL, name_key TEXT NOT NULL,
  color TEXT, website_url TEXT, ${owned}, ${ts}
);
CREATE UNIQUE INDEX merchants_family_name ON merchants(family_id, name_key);

CREATE TABLE transactions (
  id TEXT PRIMARY KEY, family_id TEXT NOT NULL REFERENCES families(id), account_id TEXT NOT NULL REFERENCES accounts(id),
  date TEXT NOT NULL, amount TEXT NOT NULL, currency TEXT NOT NULL, name TEXT NOT NULL, notes TEXT,
  category_id TEXT REFERENCES categories(id), merchant_id TEXT REFERENCES merchants(id), excluded INTEGER NOT NULL DEFAULT 0,
  kind TEXT NOT NULL DEFAULT 'standard', identity TEXT, ${owned}, ${ts}
);
-- One index serves both the re-import identity (unique per account; NULL identities, as in a
-- NativeImport, never clash) and the family's transactions, reached through its accounts.
CREATE UNIQUE INDEX transactions_identity ON transactions(account_id, identity);
CREATE TABLE transaction_tags (
  transaction_id TEXT NOT NULL REFERENCES transactions(id) ON DELETE CASCADE, tag_id TEXT NOT NULL REFERENCES tags(id),
  PRIMARY KEY (transaction_id, tag_id)
) WITHOUT ROWID;
CREATE TABLE split_lines (
  id TEXT PRIMARY KEY, family_id TEXT NOT NULL REFERENCES families(id),
  transaction_id TEXT NOT NULL REFERENCES transactions(id) ON DELETE CASCADE, position INTEGER NOT NULL,
  amount TEXT NOT NULL, currency TEXT NOT NULL, name TEXT, notes TEXT,
  category_id TEXT REFERENCES categories(id), merchant_id TEXT REFERENCES merchants(id), tag_ids TEXT,
  ${owned}, ${ts}
);
CREATE INDEX split_lines_transaction ON split_lines(transaction_id);

CREATE TABLE securities (
  id TEXT PRIMARY KEY, family_id TEXT NOT NULL REFERENCES families(id), ticker TEXT NOT NULL, name TEXT,
  exchange_operating_mic TEXT NOT NULL DEFAULT '', ${owned}, ${ts}
);
CREATE UNIQUE INDEX securities_family_ticker ON securities(family_id, ticker, exchange_operating_mic);
CREATE TABLE trades (
  id TEXT PRIMARY KEY, family_id TEXT NOT NULL REFERENCES families(id), account_id TEXT NOT NULL REFERENCES accounts(id),
  security_id TEXT NOT NULL REFERENCES securities(id), date TEXT NOT NULL, qty TEXT NOT NULL, price TEXT NOT NULL,
  amount TEXT NOT NULL, currency TEXT NOT NULL, identity TEXT, ${owned}, ${ts}
);
CREATE INDEX trades_import ON trades(import_id);
CREATE UNIQUE INDEX trades_identity ON trades(account_id, identity);
CREATE TABLE holdings (
  id TEXT PRIMARY KEY, family_id TEXT NOT NULL REFERENCES families(id), account_id TEXT NOT NULL REFERENCES accounts(id),
  security_id TEXT NOT NULL REFERENCES securities(id), date TEXT NOT NULL, qty TEXT NOT NULL, price TEXT NOT NULL,
  amount TEXT NOT NULL, currency TEXT NOT NULL, ${owned}, ${ts}
);
CREATE TABLE valuations (
  id TEXT PRIMARY KEY, family_id TEXT NOT NULL REFERENCES families(id), account_id TEXT NOT NULL REFERENCES accounts(id),
  date TEXT NOT NULL, amount TEXT NOT NULL, currency TEXT NOT NULL, kind TEXT NOT NULL DEFAULT 'reconciliation', name TEXT,
  ${owned}, ${ts}
);
CREATE TABLE balances (
  id TEXT PRIMARY KEY, family_id TEXT NOT NULL REFERENCES families(id), account_id TEXT NOT NULL REFERENCES accounts(id),
  date TEXT NOT NULL, balance TEXT NOT NULL, currency TEXT NOT NULL, extra TEXT, ${owned}, ${ts}
);
CREATE TABLE budgets (
  id TEXT PRIMARY KEY, family_id TEXT NOT NULL REFERENCES families(id), start_date TEXT NOT NULL, end_date TEXT NOT NULL,
  budgeted_spending TEXT, expected_income TEXT, currency TEXT NOT NULL, ${owned}, ${ts}
);
CREATE UNIQUE INDEX budgets_family_start ON budgets(family_id, start_date);
CREATE TABLE budget_categories (
  id TEXT PRIMARY KEY, family_id TEXT NOT NULL REFERENCES families(id), budget_id TEXT NOT NULL REFERENCES budgets(id) ON DELETE CASCADE,
  category_id TEXT NOT NULL REFERENCES categories(id), budgeted_spending TEXT, currency TEXT NOT NULL, ${owned}, ${ts}
);
CREATE UNIQUE INDEX budget_categories_pair ON budget_categories(budget_id, category_id);
CREATE TABLE rules (
  id TEXT PRIMARY KEY, family_id TEXT NOT NULL REFERENCES families(id), name TEXT, resource_type TEXT NOT NULL,
  active INTEGER NOT NULL DEFAULT 1, effective_date TEXT, conditions TEXT NOT NULL, actions TEXT NOT NULL, ${owned}, ${ts}
);
CREATE TABLE recurring_transactions (
  id TEXT PRIMARY KEY, family_id TEXT NOT NULL REFERENCES families(id), account_id TEXT REFERENCES accounts(id),
  merchant_id TEXT REFERENCES merchants(id), name TEXT, amount TEXT NOT NULL, currency TEXT NOT NULL,
  expected_day_of_month INTEGER NOT NULL, last_occurrence_date TEXT NOT NULL, next_expected_date TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'active', extra TEXT, ${owned}, ${ts}
);
CREATE TABLE transfers (
  id TEXT PRIMARY KEY, family_id TEXT NOT NULL REFERENCES families(id), inflow_transaction_id TEXT NOT NULL,
  outflow_transaction_id TEXT NOT NULL, status TEXT NOT NULL DEFAULT 'confirmed', notes TEXT, ${owned}, ${ts}
);
CREATE TABLE rejected_transfers (
  id TEXT PRIMARY KEY, family_id TEXT NOT NULL REFERENCES families(id), inflow_transaction_id TEXT NOT NULL,
  outflow_transaction_id TEXT NOT NULL, ${owned}, ${ts}
);
`,
  },
  {
    version: 2,
    name: 'the durable job queue',
    sql: `
CREATE TABLE jobs (
  id TEXT PRIMARY KEY, kind TEXT NOT NULL CHECK (kind IN ('publish', 'revert')),
  import_id TEXT NOT NULL REFERENCES imports(id), family_id TEXT NOT NULL REFERENCES families(id),
  status TEXT NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0, error TEXT, ${ts}, started_at TEXT, finished_at TEXT
);
CREATE INDEX jobs_queue ON jobs(status, created_at);
`,
  },
  {
    version: 3,
    name: 'what an import changed, for revert',
    sql: `
CREATE TABLE import_changes (
  id INTEGER PRIMARY KEY, import_id TEXT NOT NULL REFERENCES imports(id), table_name TEXT NOT NULL,
  record_id TEXT NOT NULL, before TEXT NOT NULL, created_at TEXT NOT NULL
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
    sql: `
CREATE INDEX transactions_family_date ON transactions(family_id, date, account_id);
ALTER TABLE imports ADD COLUMN tx_rowid_from INTEGER;
ALTER TABLE imports ADD COLUMN tx_rowid_to INTEGER;
CREATE TEMP TABLE tx_ranges AS SELECT import_id, min(rowid) AS lo, max(rowid) AS hi FROM transactions WHERE import_id IS NOT NULL GROUP BY import_id;
UPDATE imports SET (tx_rowid_from, tx_rowid_to) = (SELECT lo, hi FROM tx_ranges r WHERE r.import_id = imports.id);
DROP TABLE tx_ranges;
`,
  },
  {
    version: 6,
    name: "a running job's runner, checked inside its write transaction",
    sql: `
ALTER TABLE jobs ADD COLUMN runner TEXT;
`,
  },
  {
    version: 7,
    name: "the bytes an import stores (content and rows), for the family's quota",
    sql: `
ALTER TABLE imports ADD COLUMN stored_bytes INTEGER NOT NULL DEFAULT 0;
UPDATE imports SET stored_bytes = content_bytes + coalesce((SELECT sum(length(CAST(data AS BLOB))) FROM import_row_chunks c WHERE c.import_id = imports.id), 0);
`,
  },
  {
    version: 8,
    name: 'requests per key and clock hour, for the rate limit of several processes',
    // Counted here on PostgreSQL, where several servers share the limit; a SQLite file has one
    // server (instance-lock.ts), which counts in memory, so the table stays empty there.
    sql: `
CREATE TABLE rate_counts (key_id TEXT NOT NULL, hour INTEGER NOT NULL, count INTEGER NOT NULL, PRIMARY KEY (key_id, hour));
`,
  },
  {
    version: 9,
    name: "an import's transactions by the range of their ids",
    // PostgreSQL's way to an import's transactions (pg/schema.ts, version 9); SQLite has its rowid
    // range (version 5), and the two columns stay NULL here.
    sql: `
ALTER TABLE imports ADD COLUMN tx_id_from TEXT;
ALTER TABLE imports ADD COLUMN tx_id_to TEXT;
`,
  },
];
