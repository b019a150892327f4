// A publish's unit of work on SQLite (store.ts Ledger): every read and write goes straight to the
// database, inside the job's one synchronous transaction (jobs.ts). Each statement is prepared
// once per publish, which runs the same few for every row. What an import changes is recorded
// first (import_changes), so revert can put it back.

import type { Statement } from 'better-sqlite3';
import { ALL_COUNT_KEYS } from 'sluice';
import type { Kind, Ledger, LedgerTable, NamedTable, NewTrade, NewTransaction, Summary } from '../store.ts';
import { now, uuidv7 } from '../ids.ts';
import type { Db } from './db.ts';
import { nameIndex } from './families.ts';

const KINDS = new Set<string>(ALL_COUNT_KEYS);

export class SqliteLedger implements Ledger {
  readonly t = now();
  readonly summary: Summary = {};
  private readonly statements = new Map<string, Statement<unknown[]>>();
  private readonly db: Db;
  readonly familyId: string;
  readonly importId: string;

  constructor(db: Db, familyId: string, importId: string) {
    this.db = db;
    this.familyId = familyId;
    this.importId = importId;
  }

  private sql(text: string): Statement<unknown[]> {
    let stmt = this.statements.get(text);
    if (!stmt) this.statements.set(text, (stmt = this.db.prepare<unknown[]>(text)));
    return stmt;
  }

  count(kind: Kind, what: 'created' | 'updated' | 'skipped', n = 1): void {
    const s = (this.summary[kind] ??= { created: 0, updated: 0, skipped: 0 });
    s[what] += n;
  }

  nameIndex(table: NamedTable): Map<string, string> {
    return nameIndex(this.db, this.familyId, table);
  }

  categoryStyle(id: string): { color: string; lucide_icon: string; classification: string } | undefined {
    return this.sql('SELECT color, lucide_icon, classification FROM categories WHERE id = ?').get(id) as
      { color: string; lucide_icon: string; classification: string } | undefined;
  }

  securityId(ticker: string, mic: string): string | undefined {
    return this.sql('SELECT id FROM securities WHERE family_id = ? AND ticker = ? AND exchange_operating_mic = ?').pluck()
      .get(this.familyId, ticker, mic) as string | undefined;
  }

  ruleId(name: string): string | undefined {
    return this.sql('SELECT id FROM rules WHERE family_id = ? AND name = ?').pluck().get(this.familyId, name) as string | undefined;
  }

  insert(table: LedgerTable, values: Record<string, unknown>, sourceId: string | null = null): void {
    const cols = Object.keys(values);
    const all = [...cols, 'family_id', 'source_id', 'import_id', 'created_at', 'updated_at'];
    this.sql(`INSERT INTO ${table} (${all.join(', ')}) VALUES (${all.map(() => '?').join(', ')})`)
      .run(...cols.map((c) => values[c]), this.familyId, sourceId, this.importId, this.t, this.t);
    if (KINDS.has(table)) this.count(table as Kind, 'created');
  }

  insertTransaction(tx: NewTransaction): void {
    const changes = this.sql(
      `INSERT INTO transactions (id, family_id, account_id, date, amount, currency, name, notes, category_id, merchant_id, identity, import_id, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (account_id, identity) DO NOTHING`,
    ).run(tx.id, this.familyId, tx.accountId, tx.date, tx.amount, tx.currency, tx.name, tx.notes, tx.categoryId, tx.merchantId, tx.identity,
      this.importId, this.t, this.t).changes;
    if (changes === 0) {
      this.count('transactions', 'skipped');
      return;
    }
    this.tagTransaction(tx.id, tx.tagIds);
    if (tx.lines.length > 0) {
      const line = this.sql(
        `INSERT INTO split_lines (id, family_id, transaction_id, position, amount, currency, name, notes, category_id, tag_ids, import_id, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      tx.lines.forEach((l, position) => {
        line.run(uuidv7(), this.familyId, tx.id, position, l.amount, l.currency, l.name, l.notes, l.categoryId, l.tagIds, this.importId, this.t, this.t);
      });
    }
    this.count('transactions', 'created');
  }

  insertTrade(trade: NewTrade): void {
    const created = this.sql(
      `INSERT INTO trades (id, family_id, account_id, security_id, date, qty, price, amount, currency, identity, import_id, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (account_id, identity) DO NOTHING`,
    ).run(uuidv7(), this.familyId, trade.accountId, trade.securityId, trade.date, trade.qty, trade.price, trade.amount, trade.currency, trade.identity,
      this.importId, this.t, this.t).changes > 0;
    this.count('trades', created ? 'created' : 'skipped');
  }

  update(table: 'categories' | 'merchants' | 'rules', id: string, set: Record<string, unknown>): void {
    const before = this.sql(`SELECT * FROM ${table} WHERE id = ?`).get(id);
    this.sql('INSERT INTO import_changes (import_id, table_name, record_id, before, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(this.importId, table, id, JSON.stringify(before), this.t);
    const cols = Object.keys(set);
    this.sql(`UPDATE ${table} SET ${cols.map((c) => `${c} = ?, `).join('')}updated_at = ? WHERE id = ?`).run(...cols.map((c) => set[c]), this.t, id);
    this.count(table, 'updated');
  }

  tagTransaction(transactionId: string, tagIds: readonly (string | null)[]): void {
    if (tagIds.length === 0) return;
    const tag = this.sql('INSERT OR IGNORE INTO transaction_tags (transaction_id, tag_id) VALUES (?, ?)');
    for (const t of tagIds) tag.run(transactionId, t);
  }
}
