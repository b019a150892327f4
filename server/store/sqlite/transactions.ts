// Transactions on SQLite (SPEC §3.11): the family's entries with their account, category,
// merchant, tags and split lines (views.ts makes what the API shows), filtered by account,
// category, import, a date range and a text search, newest first, paged.
//
// Indexes (migration 5): one, (family_id, date, account_id). It serves the family's pages newest
// first, a date range, and an account (its third column: a page and its count read index entries
// only, never rows of other accounts). An import's transactions are found through the rowid range
// its publish wrote, kept on the import: exact (the import's id is checked too) and free to keep,
// where an index on import_id cost the publish about 7%. Category and search are not indexed: they
// narrow whichever range applies, so a category or a search alone over a very large family reads
// all of its index (give a date range or an account). Each extra index on transactions costs the
// 100,000-row publish 5–8% (bench/README.md), which is why there is one.

import type { TransactionStore } from '../store.ts';
import { transactionViews, type SplitLineRow, type TagRow, type TransactionRow, type TransactionView } from '../views.ts';
import type { Db } from './db.ts';
import { transactionRange } from './imports.ts';

const select = (index = '') => `
  SELECT t.id, t.date, t.amount, t.currency, t.name, t.notes, t.account_id, a.name AS account_name, a.accountable_type,
         t.category_id, c.name AS category_name, c.color AS category_color, c.lucide_icon AS category_icon,
         t.merchant_id, m.name AS merchant_name, t.import_id, t.identity, t.source_id, t.created_at, t.updated_at
  FROM transactions t ${index}
  JOIN accounts a ON a.id = t.account_id
  LEFT JOIN categories c ON c.id = t.category_id
  LEFT JOIN merchants m ON m.id = t.merchant_id`;

function views(db: Db, rows: TransactionRow[]): TransactionView[] {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const marks = ids.map(() => '?').join(',');
  const tags = db.prepare(
    `SELECT tt.transaction_id, g.id, g.name, g.color FROM transaction_tags tt JOIN tags g ON g.id = tt.tag_id
     WHERE tt.transaction_id IN (${marks}) ORDER BY g.name_key`,
  ).all(...ids) as TagRow[];
  const lines = db.prepare(
    `SELECT s.transaction_id, s.amount, s.name, c.id AS category_id, c.name AS category_name FROM split_lines s
     LEFT JOIN categories c ON c.id = s.category_id WHERE s.transaction_id IN (${marks}) ORDER BY s.position`,
  ).all(...ids) as SplitLineRow[];
  return transactionViews(rows, tags, lines);
}

export function sqliteTransactions(db: Db): TransactionStore {
  return {
    async list(q) {
      // The family's date index serves the family, an account (its third column) and a date range; an
      // import is read through the rowid range its publish wrote (imports.ts transactionRange). An id
      // of another family matches nothing.
      const where: string[] = [];
      let index = 'INDEXED BY transactions_family_date';
      let range: { from: number; to: number } | null = null;
      if (q.accountId !== null) {
        if (db.prepare('SELECT 1 FROM accounts WHERE id = ? AND family_id = ?').get(q.accountId, q.familyId) === undefined) return { transactions: [], total: 0 };
        where.push('t.account_id = @accountId');
      }
      if (q.importId !== null) {
        const found = transactionRange(db, q.familyId, q.importId);
        if (found === undefined || found === null) return { transactions: [], total: 0 }; // not the family's, or nothing written
        range = found;
        index = '';
        where.push('t.rowid BETWEEN @from AND @to', 't.import_id = @importId');
      } else {
        where.push('t.family_id = @familyId');
      }
      if (q.categoryId !== null) where.push('t.category_id = @categoryId');
      if (q.startDate !== null) where.push('t.date >= @startDate');
      if (q.endDate !== null) where.push('t.date <= @endDate');
      if (q.search !== null) where.push("(instr(lower(t.name), @search) > 0 OR instr(lower(coalesce(t.notes, '')), @search) > 0)");
      const cond = where.join(' AND ');
      const params = {
        familyId: q.familyId, accountId: q.accountId, categoryId: q.categoryId, importId: q.importId, startDate: q.startDate,
        endDate: q.endDate, search: q.search?.toLowerCase() ?? null, limit: q.perPage, offset: (q.page - 1) * q.perPage,
        from: range?.from ?? null, to: range?.to ?? null,
      };
      const total = db.prepare(`SELECT count(*) FROM transactions t ${index} WHERE ${cond}`).pluck().get(params) as number;
      const rows = db.prepare(`${select(index)} WHERE ${cond} ORDER BY t.date DESC, t.id DESC LIMIT @limit OFFSET @offset`).all(params) as TransactionRow[];
      return { transactions: views(db, rows), total };
    },

    async get(familyId, id) {
      const row = db.prepare(`${select()} WHERE t.family_id = ? AND t.id = ?`).get(familyId, id) as TransactionRow | undefined;
      return row && views(db, [row])[0];
    },
  };
}
