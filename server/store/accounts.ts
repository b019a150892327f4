// Accounts as the API shows them (SPEC §3.11): name order (case-insensitive), paging, and each
// account's balance worked out from what is stored: its latest valuation, then every transaction
// dated after that day (money out lowers an asset and raises what a liability owes). Exact
// decimals throughout (big.js through the engine's decimal helpers; SQLite only stores the text).

import { negate, sum } from 'sluice';
import type { Db } from './db.ts';
import { nameKey, now, uuidv7 } from './ids.ts';

/** The API's account types and the stored classes they name (the reference application's accountable types). */
export const ACCOUNT_TYPES = {
  depository: 'Depository', investment: 'Investment', crypto: 'Crypto', property: 'Property', vehicle: 'Vehicle',
  other_asset: 'OtherAsset', credit_card: 'CreditCard', loan: 'Loan', other_liability: 'OtherLiability',
} as const;
export type AccountType = keyof typeof ACCOUNT_TYPES;

const LIABILITIES = new Set(['CreditCard', 'Loan', 'OtherLiability']);
const TYPE_OF_CLASS = new Map<string, AccountType>(Object.entries(ACCOUNT_TYPES).map(([t, c]) => [c, t as AccountType]));

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

interface AccountRow {
  id: string;
  name: string;
  accountable_type: string;
  subtype: string | null;
  currency: string;
  created_at: string;
  updated_at: string;
}

const COLUMNS = 'id, name, accountable_type, subtype, currency, created_at, updated_at';

/**
 * The balance: the latest valuation (by date, then when it was written), moved by the
 * transactions dated after its day (a valuation is the balance at the end of its day); with no
 * valuation, the transactions alone from zero.
 */
export function accountBalance(db: Db, accountId: string, liability: boolean): string {
  const v = db.prepare('SELECT date, amount FROM valuations WHERE account_id = ? ORDER BY date DESC, created_at DESC, id DESC LIMIT 1')
    .get(accountId) as { date: string; amount: string } | undefined;
  const amounts = (v
    ? db.prepare('SELECT amount FROM transactions WHERE account_id = ? AND date > ? AND excluded = 0').pluck().all(accountId, v.date)
    : db.prepare('SELECT amount FROM transactions WHERE account_id = ? AND excluded = 0').pluck().all(accountId)) as string[];
  // Ledger sign: a positive amount is money leaving the account.
  const moved = amounts.length === 0 ? '0' : sum(amounts);
  return sum([v?.amount ?? '0', liability ? moved : negate(moved)]);
}

function view(db: Db, r: AccountRow): AccountView {
  const liability = LIABILITIES.has(r.accountable_type);
  return {
    id: r.id,
    name: r.name,
    balance: accountBalance(db, r.id, liability),
    currency: r.currency,
    classification: liability ? 'liability' : 'asset',
    account_type: TYPE_OF_CLASS.get(r.accountable_type) ?? 'other_asset',
    subtype: r.subtype,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

export function listAccounts(db: Db, familyId: string, page: number, perPage: number): { accounts: AccountView[]; total: number } {
  const total = db.prepare('SELECT count(*) FROM accounts WHERE family_id = ?').pluck().get(familyId) as number;
  const rows = db.prepare(`SELECT ${COLUMNS} FROM accounts WHERE family_id = ? ORDER BY name_key, id LIMIT ? OFFSET ?`)
    .all(familyId, perPage, (page - 1) * perPage) as AccountRow[];
  return { accounts: rows.map((r) => view(db, r)), total };
}

export function getAccount(db: Db, familyId: string, id: string): AccountView | undefined {
  const row = db.prepare(`SELECT ${COLUMNS} FROM accounts WHERE family_id = ? AND id = ?`).get(familyId, id) as AccountRow | undefined;
  return row && view(db, row);
}

export function accountNameTaken(db: Db, familyId: string, name: string): boolean {
  return db.prepare('SELECT 1 FROM accounts WHERE family_id = ? AND name_key = ?').get(familyId, nameKey(name)) !== undefined;
}

export interface NewAccount {
  name: string;
  type: AccountType;
  currency: string;
  subtype: string | null;
  /** An opening valuation, when a balance is given. */
  opening: { amount: string; date: string } | null;
}

/** Creates the account and its opening valuation in one transaction. */
export function createAccount(db: Db, familyId: string, a: NewAccount): AccountView {
  const id = uuidv7();
  const t = now();
  db.transaction(() => {
    db.prepare(
      `INSERT INTO accounts (id, family_id, name, name_key, accountable_type, subtype, balance, currency, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(id, familyId, a.name, nameKey(a.name), ACCOUNT_TYPES[a.type], a.subtype, a.opening?.amount ?? '0', a.currency, t, t);
    if (a.opening) {
      db.prepare(
        `INSERT INTO valuations (id, family_id, account_id, date, amount, currency, kind, name, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, 'opening_anchor', 'Opening balance', ?, ?)`,
      ).run(uuidv7(), familyId, id, a.opening.date, a.opening.amount, a.currency, t, t);
    }
  })();
  return getAccount(db, familyId, id)!;
}
