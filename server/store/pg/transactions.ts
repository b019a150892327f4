// Transactions on PostgreSQL: a port of ../sqlite/transactions.ts (the family's entries with their
// account, category, merchant, tags and split lines, which views.ts makes into what the API shows;
// filtered by account, category, import, a date range and a text search; newest first, paged).
// What differs from SQLite, and why:
// - An import's transactions are found through the range of their ids its publish recorded
//   (imports.ts ownTransactions), PostgreSQL's counterpart of the rowid range. As there, the import must be the
//   family's, and an account filter naming another family's account matches nothing: both checks
//   are EXISTS conditions in the same statement rather than queries of their own.
// - The search is strpos(lower(column), lower-cased search) > 0, SQLite's instr(lower(…), …): a
//   plain substring, so `%` and `_` are themselves (no LIKE patterns, nothing to escape). The
//   columns are COLLATE "C", whose lower() folds ASCII only, as SQLite's lower() does; the search
//   is lower-cased in JavaScript on both stores.
// - No INDEXED BY: the planner chooses between (family_id, date, account_id) and the primary key.
// - Tags and split lines of a page are read with `= ANY($1)` (one array parameter) in parallel;
//   split lines of equal position (none are written) fall back to id order.

import type { TransactionStore } from '../store.ts';
import { transactionViews, type SplitLineRow, type TagRow, type TransactionRow, type TransactionView } from '../views.ts';
import type { PgDb } from './db.ts';
import { ownTransactions } from './imports.ts';

const SELECT = `
  SELECT t.id, t.date, t.amount, t.currency, t.name, t.notes, t.account_id, a.name AS account_name, a.accountable_type,
         t.category_id, c.name AS category_name, c.color AS category_color, c.lucide_icon AS category_icon,
         t.merchant_id, m.name AS merchant_name, t.import_id, t.identity, t.source_id, t.created_at, t.updated_at
  FROM transactions t
  JOIN accounts a ON a.id = t.account_id
  LEFT JOIN categories c ON c.id = t.category_id
  LEFT JOIN merchants m ON m.id = t.merchant_id`;

async function views(db: PgDb, rows: TransactionRow[]): Promise<TransactionView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [tags, lines] = await Promise.all([
    db.all<TagRow>(
      `SELECT tt.transaction_id, g.id, g.name, g.color FROM transaction_tags tt JOIN tags g ON g.id = tt.tag_id
       WHERE tt.transaction_id = ANY($1::text[]) ORDER BY g.name_key`,
      [ids],
    ),
    db.all<SplitLineRow>(
      `SELECT s.transaction_id, s.amount, s.name, c.id AS category_id, c.name AS category_name FROM split_lines s
       LEFT JOIN categories c ON c.id = s.category_id WHERE s.transaction_id = ANY($1::text[]) ORDER BY s.position, s.id`,
      [ids],
    ),
  ]);
  return transactionViews(rows, tags, lines);
}

export function pgTransactions(db: PgDb): TransactionStore {
  return {
    async list(q) {
      const params: unknown[] = [q.familyId];
      const p = (v: unknown) => `$${params.push(v)}`;
      const where: string[] = [];
      if (q.accountId !== null) {
        const a = p(q.accountId);
        where.push(`EXISTS (SELECT 1 FROM accounts WHERE id = ${a} AND family_id = $1)`, `t.account_id = ${a}`);
      }
      if (q.importId !== null) {
        const i = p(q.importId);
        where.push(`EXISTS (SELECT 1 FROM imports WHERE id = ${i} AND family_id = $1)`, ownTransactions('t', i));
      } else {
        where.push('t.family_id = $1');
      }
      if (q.categoryId !== null) where.push(`t.category_id = ${p(q.categoryId)}`);
      if (q.startDate !== null) where.push(`t.date >= ${p(q.startDate)}`);
      if (q.endDate !== null) where.push(`t.date <= ${p(q.endDate)}`);
      if (q.search !== null) {
        const s = p(q.search.toLowerCase());
        where.push(`(strpos(lower(t.name), ${s}) > 0 OR strpos(lower(coalesce(t.notes, '')), ${s}) > 0)`);
      }
      const cond = where.join(' AND ');
      const n = params.length;
      const [total, rows] = await Promise.all([
        db.value<number>(`SELECT count(*) FROM transactions t WHERE ${cond}`, params),
        db.all<TransactionRow>(`${SELECT} WHERE ${cond} ORDER BY t.date DESC, t.id DESC LIMIT $${n + 1} OFFSET $${n + 2}`, [...params, q.perPage, (q.page - 1) * q.perPage]),
      ]);
      return { transactions: await views(db, rows), total: total! };
    },

    async get(familyId, id) {
      const row = await db.get<TransactionRow>(`${SELECT} WHERE t.family_id = $1 AND t.id = $2`, [familyId, id]);
      return row && (await views(db, [row]))[0];
    },
  };
}
