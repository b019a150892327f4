// Transactions as the API shows them (SPEC §3.11): the family's entries with their account,
// category, merchant, tags and split lines, filtered by account, category, import, a date range and
// a text search, newest first, paged. Amounts stay exact decimal strings; the cents are worked out
// with big.js at the currency's own minor units.
//
// Indexes (migration 5): one, (family_id, date, account_id). It serves the family's pages newest
// first, a date range, and an account (its third column: a page and its count read index entries
// only, never rows of other accounts). An import's transactions are found through the rowid range
// its publish wrote, kept on the import: exact (the import's id is checked too) and free to keep,
// where an index on import_id cost the publish about 7%. Category and search are not indexed: they
// narrow whichever range applies, so a category or a search alone over a very large family reads
// all of its index (give a date range or an account). Each extra index on transactions costs the
// 100,000-row publish 5–8% (bench/README.md), which is why there is one.

import Big from 'big.js';
import type { Db } from './db.ts';
import { transactionRange } from './imports.ts';

export interface TransactionView {
  id: string;
  date: string;
  amount: string;
  amount_cents: number;
  signed_amount_cents: number;
  currency: string;
  name: string;
  notes: string | null;
  classification: 'income' | 'expense';
  account: { id: string; name: string; account_type: string };
  category: { id: string; name: string; color: string; icon: string } | null;
  merchant: { id: string; name: string } | null;
  tags: { id: string; name: string; color: string | null }[];
  split_lines: { amount: string; name: string | null; category: { id: string; name: string } | null }[];
  import_id: string | null;
  external_id: string | null;
  created_at: string;
  updated_at: string;
}

interface Row {
  id: string; date: string; amount: string; currency: string; name: string; notes: string | null;
  account_id: string; account_name: string; accountable_type: string;
  category_id: string | null; category_name: string | null; category_color: string | null; category_icon: string | null;
  merchant_id: string | null; merchant_name: string | null;
  import_id: string | null; identity: string | null; source_id: string | null; created_at: string; updated_at: string;
}

const select = (index = '') => `
  SELECT t.id, t.date, t.amount, t.currency, t.name, t.notes, t.account_id, a.name AS account_name, a.accountable_type,
         t.category_id, c.name AS category_name, c.color AS category_color, c.lucide_icon AS category_icon,
         t.merchant_id, m.name AS merchant_name, t.import_id, t.identity, t.source_id, t.created_at, t.updated_at
  FROM transactions t ${index}
  JOIN accounts a ON a.id = t.account_id
  LEFT JOIN categories c ON c.id = t.category_id
  LEFT JOIN merchants m ON m.id = t.merchant_id`;

/** Minor units per currency (ISO 4217 exponent, as the runtime knows it; 2 when it does not). */
const minorUnits = new Map<string, number>();
function digitsOf(currency: string): number {
  let d = minorUnits.get(currency);
  if (d === undefined) {
    try {
      d = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      d = 2;
    }
    minorUnits.set(currency, d);
  }
  return d;
}

/** A decimal in minor units, rounded half away from zero where it has more digits than the currency. */
function cents(amount: string, currency: string): number {
  return Number(new Big(amount).times(new Big(10).pow(digitsOf(currency))).round(0, Big.roundHalfUp).toFixed(0));
}

const SNAKE: Record<string, string> = {
  Depository: 'depository', Investment: 'investment', Crypto: 'crypto', Property: 'property', Vehicle: 'vehicle',
  OtherAsset: 'other_asset', CreditCard: 'credit_card', Loan: 'loan', OtherLiability: 'other_liability',
};

function views(db: Db, rows: Row[]): TransactionView[] {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const marks = ids.map(() => '?').join(',');
  const tags = new Map<string, TransactionView['tags']>();
  for (const t of db.prepare(
    `SELECT tt.transaction_id, g.id, g.name, g.color FROM transaction_tags tt JOIN tags g ON g.id = tt.tag_id
     WHERE tt.transaction_id IN (${marks}) ORDER BY g.name_key`,
  ).all(...ids) as { transaction_id: string; id: string; name: string; color: string | null }[]) {
    (tags.get(t.transaction_id) ?? tags.set(t.transaction_id, []).get(t.transaction_id)!).push({ id: t.id, name: t.name, color: t.color });
  }
  const splits = new Map<string, TransactionView['split_lines']>();
  for (const l of db.prepare(
    `SELECT s.transaction_id, s.amount, s.name, c.id AS category_id, c.name AS category_name FROM split_lines s
     LEFT JOIN categories c ON c.id = s.category_id WHERE s.transaction_id IN (${marks}) ORDER BY s.position`,
  ).all(...ids) as { transaction_id: string; amount: string; name: string | null; category_id: string | null; category_name: string | null }[]) {
    (splits.get(l.transaction_id) ?? splits.set(l.transaction_id, []).get(l.transaction_id)!).push({
      amount: l.amount, name: l.name, category: l.category_id === null ? null : { id: l.category_id, name: l.category_name! },
    });
  }
  return rows.map((r) => {
    const c = cents(r.amount, r.currency);
    return {
      id: r.id,
      date: r.date,
      amount: r.amount,
      amount_cents: Math.abs(c),
      // Cash-flow sign: money in is positive (the ledger's amount negated).
      signed_amount_cents: c === 0 ? 0 : -c,
      currency: r.currency,
      name: r.name,
      notes: r.notes,
      classification: r.amount.startsWith('-') ? 'income' : 'expense',
      account: { id: r.account_id, name: r.account_name, account_type: SNAKE[r.accountable_type] ?? 'other_asset' },
      category: r.category_id === null ? null : { id: r.category_id, name: r.category_name!, color: r.category_color!, icon: r.category_icon! },
      merchant: r.merchant_id === null ? null : { id: r.merchant_id, name: r.merchant_name! },
      tags: tags.get(r.id) ?? [],
      split_lines: splits.get(r.id) ?? [],
      import_id: r.import_id,
      external_id: r.source_id ?? r.identity,
      created_at: r.created_at,
      updated_at: r.updated_at,
    };
  });
}

export interface TransactionQuery {
  familyId: string;
  accountId: string | null;
  categoryId: string | null;
  importId: string | null;
  startDate: string | null;
  endDate: string | null;
  search: string | null;
  page: number;
  perPage: number;
}

export function listTransactions(db: Db, q: TransactionQuery): { transactions: TransactionView[]; total: number } {
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
  const rows = db.prepare(`${select(index)} WHERE ${cond} ORDER BY t.date DESC, t.id DESC LIMIT @limit OFFSET @offset`).all(params) as Row[];
  return { transactions: views(db, rows), total };
}

export function getTransaction(db: Db, familyId: string, id: string): TransactionView | undefined {
  const row = db.prepare(`${select()} WHERE t.family_id = ? AND t.id = ?`).get(familyId, id) as Row | undefined;
  return row && views(db, [row])[0];
}
