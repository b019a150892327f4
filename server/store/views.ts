// Accounts, categories and transactions as the API shows them (SPEC §3.8, §3.11), made from the
// rows a store reads (and the category query both stores share): the same on every database.
// Money stays exact decimal strings (big.js through the engine's helpers); an account's balance
// is worked out here from what is stored.

import Big from 'big.js';
import { negate, sum } from 'sluice';

/** The API's account types and the stored classes they name (the reference application's accountable types). */
export const ACCOUNT_TYPES = {
  depository: 'Depository', investment: 'Investment', crypto: 'Crypto', property: 'Property', vehicle: 'Vehicle',
  other_asset: 'OtherAsset', credit_card: 'CreditCard', loan: 'Loan', other_liability: 'OtherLiability',
} as const;
export type AccountType = keyof typeof ACCOUNT_TYPES;

const LIABILITIES = new Set(['CreditCard', 'Loan', 'OtherLiability']);
const TYPE_OF_CLASS = new Map<string, AccountType>(Object.entries(ACCOUNT_TYPES).map(([t, c]) => [c, t as AccountType]));

export const isLiability = (accountableType: string): boolean => LIABILITIES.has(accountableType);

export interface AccountView {
  id: string;
  name: string;
  balance: string;
  currency: string;
  classification: 'asset' | 'liability';
  account_type: AccountType;
  subtype: string | null;
  created_at: string;
  updated_at: string;
}

export interface AccountRow {
  id: string;
  name: string;
  accountable_type: string;
  subtype: string | null;
  currency: string;
  created_at: string;
  updated_at: string;
}

export interface NewAccount {
  name: string;
  type: AccountType;
  currency: string;
  subtype: string | null;
  /** An opening valuation, when a balance is given. */
  opening: { amount: string; date: string } | null;
}

/**
 * The balance: the latest valuation's amount (or zero without one), moved by the amounts of the
 * transactions dated after its day. Ledger sign: a positive amount is money leaving the account,
 * which lowers an asset and raises what a liability owes.
 */
export function balanceOf(valuation: string | null, amounts: readonly string[], liability: boolean): string {
  const moved = amounts.length === 0 ? '0' : sum(amounts);
  return sum([valuation ?? '0', liability ? moved : negate(moved)]);
}

export function accountView(r: AccountRow, balance: string): AccountView {
  return {
    id: r.id,
    name: r.name,
    balance,
    currency: r.currency,
    classification: isLiability(r.accountable_type) ? 'liability' : 'asset',
    account_type: TYPE_OF_CLASS.get(r.accountable_type) ?? 'other_asset',
    subtype: r.subtype,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

export interface CategoryView {
  id: string;
  name: string;
  color: string;
  icon: string;
  subcategories_count: number;
  created_at: string;
  updated_at: string;
  parent: { id: string; name: string } | null;
}

export interface CategoryRow {
  id: string;
  name: string;
  color: string;
  lucide_icon: string;
  created_at: string;
  updated_at: string;
  parent_id: string | null;
  parent_name: string | null;
  subcategories_count: number;
}

/** The query a CategoryRow is read with (portable SQL: both stores append their own WHERE and ORDER BY). */
export const CATEGORY_SELECT = `
  SELECT c.id, c.name, c.color, c.lucide_icon, c.created_at, c.updated_at, c.parent_id, p.name AS parent_name,
         (SELECT count(*) FROM categories s WHERE s.parent_id = c.id) AS subcategories_count
  FROM categories c LEFT JOIN categories p ON p.id = c.parent_id`;

export function categoryView(r: CategoryRow): CategoryView {
  return {
    id: r.id,
    name: r.name,
    color: r.color,
    icon: r.lucide_icon,
    subcategories_count: r.subcategories_count,
    created_at: r.created_at,
    updated_at: r.updated_at,
    parent: r.parent_id ? { id: r.parent_id, name: r.parent_name! } : null,
  };
}

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

/** A transaction joined with its account, category and merchant. */
export interface TransactionRow {
  id: string; date: string; amount: string; currency: string; name: string; notes: string | null;
  account_id: string; account_name: string; accountable_type: string;
  category_id: string | null; category_name: string | null; category_color: string | null; category_icon: string | null;
  merchant_id: string | null; merchant_name: string | null;
  import_id: string | null; identity: string | null; source_id: string | null; created_at: string; updated_at: string;
}

/** A tag of a transaction, and a split line with its category. */
export interface TagRow { transaction_id: string; id: string; name: string; color: string | null }
export interface SplitLineRow { transaction_id: string; amount: string; name: string | null; category_id: string | null; category_name: string | null }

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

/** Transactions with their tags (in name order) and split lines (in position order). */
export function transactionViews(rows: readonly TransactionRow[], tagRows: readonly TagRow[], lineRows: readonly SplitLineRow[]): TransactionView[] {
  const tags = new Map<string, TransactionView['tags']>();
  for (const t of tagRows) {
    (tags.get(t.transaction_id) ?? tags.set(t.transaction_id, []).get(t.transaction_id)!).push({ id: t.id, name: t.name, color: t.color });
  }
  const splits = new Map<string, TransactionView['split_lines']>();
  for (const l of lineRows) {
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
      account: { id: r.account_id, name: r.account_name, account_type: TYPE_OF_CLASS.get(r.accountable_type) ?? 'other_asset' },
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
