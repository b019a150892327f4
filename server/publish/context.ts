// What a write shares: the family, the import, the time stamp, the summary it is building, and
// find-or-create for the records rows name (categories with their parents, tags, merchants,
// accounts, securities). Everything created carries the import's id, so revert can find it;
// everything an import changes is recorded first (import_changes) so revert can restore it.

import type { Statement } from 'better-sqlite3';
import type { Db } from '../store/db.ts';
import { nameKey, now, uuidv7 } from '../store/ids.ts';

export type Kind =
  | 'accounts' | 'balances' | 'categories' | 'tags' | 'merchants' | 'recurring_transactions' | 'transactions' | 'transfers'
  | 'rejected_transfers' | 'trades' | 'holdings' | 'valuations' | 'budgets' | 'budget_categories' | 'rules';

export type Summary = Partial<Record<Kind, { created: number; updated: number; skipped: number }>>;

const DEFAULT_COLOR = '#94a3b8';

export class WriteContext {
  readonly db: Db;
  readonly familyId: string;
  readonly importId: string;
  readonly t = now();
  readonly summary: Summary = {};
  private readonly names = new Map<string, Map<string, string>>();
  private readonly statements = new Map<string, Statement>();
  private readonly spellings = new Map<string, string>();

  constructor(db: Db, familyId: string, importId: string) {
    this.db = db;
    this.familyId = familyId;
    this.importId = importId;
  }

  /** A prepared statement, prepared once per write (a publish runs the same few for every row). */
  sql(text: string): Statement {
    let stmt = this.statements.get(text);
    if (!stmt) this.statements.set(text, (stmt = this.db.prepare(text)));
    return stmt;
  }

  count(kind: Kind, what: 'created' | 'updated' | 'skipped', n = 1): void {
    const s = (this.summary[kind] ??= { created: 0, updated: 0, skipped: 0 });
    s[what] += n;
  }

  /** Keeps a row's current values so revert can put them back. */
  recordChange(table: string, id: string): void {
    const before = this.sql(`SELECT * FROM ${table} WHERE id = ?`).get(id);
    this.sql('INSERT INTO import_changes (import_id, table_name, record_id, before, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(this.importId, table, id, JSON.stringify(before), this.t);
  }

  private index(table: 'categories' | 'tags' | 'merchants' | 'accounts'): Map<string, string> {
    let m = this.names.get(table);
    if (!m) {
      m = new Map();
      const rows = this.sql(`SELECT id, name_key FROM ${table} WHERE family_id = ? ORDER BY created_at, id`).all(this.familyId) as { id: string; name_key: string }[];
      for (const r of rows) if (!m.has(r.name_key)) m.set(r.name_key, r.id);
      this.names.set(table, m);
    }
    return m;
  }

  findId(table: 'categories' | 'tags' | 'merchants' | 'accounts', name: string): string | undefined {
    // Rows repeat the same few names: remember each spelling seen, so most lookups skip nameKey().
    const spelled = `${table}\u0000${name}`;
    const hit = this.spellings.get(spelled);
    if (hit !== undefined) return hit;
    const id = this.index(table).get(nameKey(name));
    if (id !== undefined) this.spellings.set(spelled, id);
    return id;
  }

  remember(table: 'categories' | 'tags' | 'merchants' | 'accounts', name: string, id: string): void {
    this.index(table).set(nameKey(name), id);
  }

  /** A category by name (two levels: `parent`), created with its parent when missing. */
  category(name: string, parent: string | null = null, color?: string | null, icon?: string | null): string {
    const found = this.findId('categories', name);
    if (found) return found;
    const parentId = parent ? this.category(parent) : null;
    const inherited = parentId
      ? (this.sql('SELECT color, lucide_icon, classification FROM categories WHERE id = ?').get(parentId) as
          { color: string; lucide_icon: string; classification: string })
      : null;
    const id = uuidv7();
    this.sql(
      `INSERT INTO categories (id, family_id, name, name_key, color, lucide_icon, parent_id, classification, import_id, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(id, this.familyId, name.trim(), nameKey(name), color ?? inherited?.color ?? DEFAULT_COLOR, icon ?? inherited?.lucide_icon ?? 'shapes',
      parentId, inherited?.classification ?? 'expense', this.importId, this.t, this.t);
    this.remember('categories', name, id);
    this.count('categories', 'created');
    return id;
  }

  tag(name: string): string {
    return this.named('tags', name);
  }

  merchant(name: string): string {
    return this.named('merchants', name);
  }

  /** A tag or merchant by name, created when missing. */
  private named(table: 'tags' | 'merchants', name: string): string {
    const found = this.findId(table, name);
    if (found) return found;
    const id = uuidv7();
    this.sql(`INSERT INTO ${table} (id, family_id, name, name_key, import_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)`)
      .run(id, this.familyId, name.trim(), nameKey(name), this.importId, this.t, this.t);
    this.remember(table, name, id);
    this.count(table, 'created');
    return id;
  }

  /** An account by name, created (as `accountableType`, default Depository) when missing. */
  account(name: string, currency: string, accountableType = 'Depository'): string {
    const found = this.findId('accounts', name);
    if (found) return found;
    const id = uuidv7();
    this.sql(
      `INSERT INTO accounts (id, family_id, name, name_key, accountable_type, balance, currency, import_id, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, '0', ?, ?, ?, ?)`,
    ).run(id, this.familyId, name.trim(), nameKey(name), accountableType, currency, this.importId, this.t, this.t);
    this.remember('accounts', name, id);
    this.count('accounts', 'created');
    return id;
  }

  security(ticker: string, mic: string | null, name: string | null = null): string {
    const m = mic ?? '';
    const found = this.sql('SELECT id FROM securities WHERE family_id = ? AND ticker = ? AND exchange_operating_mic = ?').pluck()
      .get(this.familyId, ticker, m) as string | undefined;
    if (found) return found;
    const id = uuidv7();
    this.sql(
      'INSERT INTO securities (id, family_id, ticker, name, exchange_operating_mic, import_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    ).run(id, this.familyId, ticker, name, m, this.importId, this.t, this.t);
    return id;
  }
}
