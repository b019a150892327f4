// Writing the rows of a CSV-type import (SPEC §3.10): transactions (TransactionImport and the
// ThirdParty and QIF types), trades with their securities, accounts with an opening valuation,
// categories, merchants and rules. Runs inside the publish transaction.
//
// Re-importing is safe: a transaction (or trade) row gets a stable identity (date, ledger amount,
// normalized name, and its occurrence number among identical rows of the same file) unique per
// account, so a second publish of the same file, or an overlapping statement, skips what is
// already there, while two genuine identical purchases in one file are both kept. A statement
// format's row carries the bank's own identity (OFX FITID, CAMT AcctSvcrRef, MT940 bank reference:
// the `identity` field, SPEC §2.15), which is used instead, with the amount (identityOf): a
// re-downloaded statement whose overlapping entries the bank renamed or re-dated adds nothing twice.

import BigConstructor from 'big.js';
import type { StoredRow } from '../store/row-chunks.ts';
import { accountableType } from 'sluice';
import { nameKey, uuidv7 } from '../store/ids.ts';
import type { NewSplitLine } from '../store/store.ts';
import type { WriteContext } from './context.ts';

const Big = BigConstructor();

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** Occurrence numbers of identical rows within one file, per account (a map per account: no joined key per row). */
export class Occurrences {
  /** Per account, per key: the occurrences so far, in a cell of its own (one map lookup a row, not a lookup and a store). */
  private readonly seen = new Map<string, Map<string, { n: number }>>();
  next(accountId: string, key: string): number {
    let inAccount = this.seen.get(accountId);
    if (!inAccount) this.seen.set(accountId, (inAccount = new Map()));
    const seen = inAccount.get(key);
    if (seen === undefined) {
      inAccount.set(key, { n: 1 });
      return 1;
    }
    return ++seen.n;
  }
}

const normalName = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ');

/** The amount with trailing fraction zeros dropped (`10.50` and `10.5` are one identity). */
function normalAmount(d: string): string {
  if (!/^-?\d+(\.\d+)?$/.test(d)) return new Big(d).toString();
  if (d.indexOf('.') < 0) return d;
  let end = d.length;
  while (d.charCodeAt(end - 1) === 48) end--;
  if (d.charCodeAt(end - 1) === 46) end--;
  const out = d.slice(0, end);
  return out === '-0' ? '0' : out;
}

export interface TransactionInput {
  accountId: string;
  date: string;
  amount: string; // ledger sign
  currency: string;
  name: string;
  notes: string | null;
  categoryId: string | null;
  merchantId: string | null;
  tagIds: readonly string[];
  /** The file's own identity of the entry (a statement format's), or null. */
  ref: string | null;
  lines: readonly NewSplitLine[];
}

/**
 * The identity of a row in its account, with its occurrence number among rows of the same key in
 * the file. With the file's own reference the key is the reference and the amount: banks are meant
 * to keep references unique, but some reuse one (a CAMT NtryRef per batch, a constant customer
 * reference), and two entries must never collapse into one. The date stays out of it, so an entry
 * the bank re-dated in a later download is still the same entry.
 */
function identityOf(ref: string | null, amount: string, base: string, accountId: string, occurrences: Occurrences): string {
  // Keys are joined (one flat string), never built with `+` or a template: the occurrence map keeps
  // every key to the end of the publish, and a concatenated key is a tree of string nodes holding on
  // to the row's own strings (~400 bytes a row kept; the Node side of a 100,000-row publish did
  // about a tenth more work, most of it garbage collection, when they were templates).
  const key = ref !== null ? ['ref:' + ref, normalAmount(amount)].join('|') : base;
  return `${key}|${occurrences.next(accountId, key)}`;
}

/** Writes a transaction (with its tags and split lines) unless its identity is already in the account. */
function insertTransaction(ctx: WriteContext, tx: TransactionInput, occurrences: Occurrences): void {
  const identity = identityOf(tx.ref, tx.amount, [tx.date, normalAmount(tx.amount), normalName(tx.name)].join('|'), tx.accountId, occurrences);
  ctx.ledger.insertTransaction({
    id: uuidv7(), accountId: tx.accountId, date: tx.date, amount: tx.amount, currency: tx.currency, name: tx.name, notes: tx.notes,
    categoryId: tx.categoryId, merchantId: tx.merchantId, identity, tagIds: tx.tagIds, lines: tx.lines,
  });
}

export interface RowWriter {
  write(row: StoredRow): void;
  /** Writes what the writer still holds (a transaction waiting for its split lines). */
  end?(): void;
}

/** QIF account types → account classes; other formats' types (OFX CHECKING, CREDITCARD, ...) go through accountableType(). */
const QIF_ACCOUNT_TYPES: Record<string, string> = {
  bank: 'Depository', cash: 'Depository', ccard: 'CreditCard', invst: 'Investment', port: 'Investment', 'oth a': 'OtherAsset',
  'oth l': 'OtherLiability',
};

const accountClass = (written: string | null): string =>
  written === null ? 'Depository' : QIF_ACCOUNT_TYPES[written.toLowerCase()] ?? accountableType(written) ?? 'Depository';

/** Actions whose shares move: written as trades (the others are cash transactions). */
const SHARE_ACTIONS = /^(buy|sell|shrsin|shrsout|reinv(div|int|lg|md|sh))x?$/i;

/**
 * Transactions: the account is the import's account_id, else the row's own (an account column, a
 * QIF !Account block; found or created). Split lines come with the row (QIF `splits`) or as the rows that
 * follow a split parent (Actual: `split_parent_line`); they are stored as lines of one
 * transaction. QIF investment records that move shares become trades.
 */
export function transactionWriter(ctx: WriteContext, accountId: string | null): RowWriter {
  const occurrences = new Occurrences();
  const trades = tradeWriter(ctx, accountId);
  const accountOf = (f: StoredRow['fields'], currency: string): string => {
    // The import's account_id wins (SPEC §3.9: the rows name accounts only when it has none).
    const name = str(f['account']);
    if (accountId !== null || name === null) return accountId!;
    return ctx.account(name, currency, accountClass(str(f['account_type'])));
  };
  const writeOne = (row: StoredRow, children: StoredRow[]) => {
    const f = row.fields;
    if (typeof f['action'] === 'string' && SHARE_ACTIONS.test(f['action']) && str(f['security']) && str(f['qty'])) {
      trades.write({ ...row, fields: { ...f, ticker: f['security'], price: f['price'] ?? '0', date: f['date'] } });
      return;
    }
    const currency = str(f['currency'])!;
    const account = accountOf(f, currency);
    const category = str(f['category']);
    const tags = Array.isArray(f['tags']) ? (f['tags'] as string[]) : [];
    if (children.length > 0) {
      // The engine flags a split whose lines do not add up; never store one that slipped through.
      const total = children.reduce((acc, c) => acc.plus(str(c.fields['signed_amount']) ?? '0'), new Big(0));
      if (!total.eq(str(f['signed_amount'])!)) throw new Error(`the split on line ${row.line} does not add up (${total.toFixed()} of ${f['signed_amount']})`);
    }
    const lines: Record<string, unknown>[] = children.length > 0
      ? children.map((c) => ({ ...c.fields, memo: c.fields['notes'] ?? c.fields['name'] }))
      : Array.isArray(f['splits']) ? (f['splits'] as Record<string, unknown>[]) : [];
    insertTransaction(ctx, {
      accountId: account, date: str(f['date'])!, amount: str(f['signed_amount'])!, currency, name: str(f['name']) ?? 'Imported item',
      notes: str(f['notes']), categoryId: category ? ctx.category(category, str(f['category_parent'])) : null,
      merchantId: str(f['merchant']) ? ctx.merchant(str(f['merchant'])!) : null, tagIds: tags.map((t) => ctx.tag(t)),
      ref: str(f['identity']),
      lines: lines.map((l) => {
        const cat = str(l['category']);
        const lineTags = Array.isArray(l['tags']) ? (l['tags'] as string[]).map((t) => ctx.tag(t)) : [];
        return {
          amount: str(l['signed_amount']), currency, name: str(l['transfer_account']) ?? str(l['memo']), notes: str(l['memo']),
          categoryId: cat ? ctx.category(cat, str(l['category_parent'])) : null, tagIds: JSON.stringify(lineTags),
        };
      }),
    }, occurrences);
  };
  type Unit = { row: StoredRow; children: StoredRow[] };
  let pending: Unit | null = null;
  const flush = () => {
    if (pending) writeOne(pending.row, pending.children);
    pending = null;
  };
  return {
    write(row) {
      const parent = row.fields['split_parent_line'];
      if (typeof parent === 'number' && pending !== null && pending.row.line === parent) {
        pending.children.push(row);
        return;
      }
      flush();
      pending = { row, children: [] };
    },
    end: flush,
  };
}

export function tradeWriter(ctx: WriteContext, accountId: string | null): RowWriter {
  const occurrences = new Occurrences();
  return {
    write(row) {
      const f = row.fields;
      const currency = str(f['currency'])!;
      const account = accountId ?? ctx.account(str(f['account'])!, currency, 'Investment');
      const ticker = str(f['ticker'])!;
      const security = ctx.security(ticker, str(f['exchange_operating_mic']), str(f['name']));
      const base = [String(f['date']), ticker, normalAmount(str(f['qty'])!), normalAmount(str(f['price'])!)].join('|');
      const identity = identityOf(str(f['identity']), str(f['qty'])!, base, account, occurrences);
      ctx.ledger.insertTrade({
        accountId: account, securityId: security, date: f['date'] as string, qty: f['qty'] as string, price: f['price'] as string,
        amount: f['signed_amount'] as string, currency, identity,
      });
    },
  };
}

/** Accounts with their balance as an opening valuation; an account that exists by name is skipped. */
export function accountWriter(ctx: WriteContext): RowWriter {
  return {
    write(row) {
      const f = row.fields;
      const name = str(f['name'])!;
      if (ctx.findId('accounts', name)) {
        ctx.ledger.count('accounts', 'skipped');
        return;
      }
      const currency = str(f['currency'])!;
      const id = uuidv7();
      ctx.ledger.insert('accounts', {
        id, name, name_key: nameKey(name), accountable_type: str(f['accountable_type']) ?? 'OtherAsset', subtype: str(f['entity_type']),
        balance: str(f['amount'])!, currency,
      });
      ctx.remember('accounts', name, id);
      ctx.ledger.insert('valuations', {
        id: uuidv7(), account_id: id, date: str(f['date']) ?? ctx.ledger.t.slice(0, 10), amount: str(f['amount'])!, currency,
        kind: 'opening_anchor', name: 'Opening balance',
      });
    },
  };
}

/** Categories: an existing name takes the row's colour, icon and parent (the old values are kept for revert). */
export function categoryWriter(ctx: WriteContext): RowWriter {
  return {
    write(row) {
      const f = row.fields;
      const name = str(f['name'])!;
      const parent = str(f['parent']);
      const existing = ctx.findId('categories', name);
      if (!existing) {
        ctx.category(name, parent, str(f['color']), str(f['icon']));
        return;
      }
      const set: Record<string, unknown> = {};
      if (str(f['color'])) set['color'] = f['color'];
      if (str(f['icon'])) set['lucide_icon'] = f['icon'];
      if (parent && nameKey(parent) !== nameKey(name)) set['parent_id'] = ctx.category(parent);
      if (Object.keys(set).length === 0) {
        ctx.ledger.count('categories', 'skipped');
        return;
      }
      ctx.ledger.update('categories', existing, set);
    },
  };
}

export function merchantWriter(ctx: WriteContext): RowWriter {
  return {
    write(row) {
      const f = row.fields;
      const name = str(f['name'])!;
      const color = str(f['color']), website = str(f['website']);
      const existing = ctx.findId('merchants', name);
      if (!existing) {
        ctx.merchant(name, { color, website_url: website });
        return;
      }
      if (!color && !website) {
        ctx.ledger.count('merchants', 'skipped');
        return;
      }
      // What the row leaves out stays as it is.
      ctx.ledger.update('merchants', existing, { ...(color ? { color } : {}), ...(website ? { website_url: website } : {}) });
    },
  };
}

type RulePart = Record<string, unknown>;

/** Rule operands naming a category, merchant or tags by name are resolved to ids (created when missing). */
function resolveOperands(ctx: WriteContext, list: RulePart[], key: 'condition_type' | 'action_type'): RulePart[] {
  return list.map((part) => {
    const out: RulePart = { ...part };
    const type = part[key];
    const value = str(part['value']);
    if (value !== null) {
      if (type === 'transaction_category' || type === 'set_transaction_category') out['value'] = ctx.category(value);
      else if (type === 'transaction_merchant' || type === 'set_transaction_merchant') out['value'] = ctx.merchant(value);
      else if (type === 'transaction_tag') out['value'] = ctx.tag(value);
      else if (type === 'set_transaction_tags') out['value'] = value.split(',').map((t) => t.trim()).filter(Boolean).map((t) => ctx.tag(t)).join(',');
    }
    if (Array.isArray(part['sub_conditions'])) out['sub_conditions'] = resolveOperands(ctx, part['sub_conditions'] as RulePart[], key);
    return out;
  });
}

/** Rules: a rule with the name of an existing one replaces its conditions and actions. */
export function ruleWriter(ctx: WriteContext): RowWriter {
  const created = new Map<string, string>(); // rules of this write by name (the ledger reads what was there before)
  return {
    write(row) {
      const f = row.fields;
      const name = str(f['name']);
      const values = {
        resource_type: f['resource_type'], active: f['active'] === false ? 0 : 1, effective_date: str(f['effective_date']),
        conditions: JSON.stringify(resolveOperands(ctx, (f['conditions'] as RulePart[]) ?? [], 'condition_type')),
        actions: JSON.stringify(resolveOperands(ctx, (f['actions'] as RulePart[]) ?? [], 'action_type')),
      };
      const existing = name ? created.get(name) ?? ctx.ledger.ruleId(name) : undefined;
      if (existing) {
        ctx.ledger.update('rules', existing, values);
        return;
      }
      const id = uuidv7();
      ctx.ledger.insert('rules', { id, name, ...values });
      if (name) created.set(name, id);
    },
  };
}
