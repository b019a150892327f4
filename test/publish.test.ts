// Publishing and reverting over real HTTP with the real worker thread (SPEC §2.10–2.11, §3.4
// step 7, §3.5, §3.6, §3.10): every import type that publishes is created with publish "true",
// polled until terminal, and what it stored is read back from the database (count, ledger-signed
// amounts, currency, category, tags) next to the ImportDetail summary. Then NativeImport's
// readback (matched, preflight refusal, a write that raises), safe re-imports (same file,
// overlapping statements, identical purchases), the queue's front door (not_publishable,
// preflight_failed, max_row_count_exceeded, publish_failed with a real fault), revert (exactly
// what the import created, changes restored, skipped rows kept), and a large publish during which
// the HTTP side keeps answering. A case the server does not meet yet is written as the SPEC
// requires and marked `todo` naming the server behaviour.

import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import BigConstructor from 'big.js';
import { addAccount, startServer, TEST_STORE, type Json, type TestServer } from './server-helpers.ts';
import {
  bankCsv, fixture, kindCounts, KINDS, newFamily, publishAgain, publishNew, revert, rowsOf, settled, snapshot, storedTransactions, summary,
  terminal, transactionNamed, until,
} from './publish-helpers.ts';

const Big = BigConstructor();

/** NDJSON record type → count key (SPEC §2.10). */
const COUNT_KEY: Record<string, string> = {
  Account: 'accounts', Balance: 'balances', Category: 'categories', Tag: 'tags', Merchant: 'merchants',
  RecurringTransaction: 'recurring_transactions', Transaction: 'transactions', Transfer: 'transfers', RejectedTransfer: 'rejected_transfers',
  Trade: 'trades', Holding: 'holdings', Valuation: 'valuations', Budget: 'budgets', BudgetCategory: 'budget_categories', Rule: 'rules',
};

/** The lines of each type in an NDJSON text, by count key, all 15 keys present. */
function linesByKind(text: string): Record<string, number> {
  const out: Record<string, number> = Object.fromEntries(Object.keys(KINDS).map((k) => [k, 0]));
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    out[COUNT_KEY[(JSON.parse(line) as { type: string }).type]!]! += 1;
  }
  return out;
}

const FULL_EXPORT = fixture('ndjson/full-export.ndjson');

describe('publishing each import type: what is stored, and the summary', () => {
  let s: TestServer;
  before(async () => {
    s = await startServer({}, { publishing: true });
  });
  after(() => s.close());

  test('TransactionImport: ledger signs, currencies, categories (Parent:Child created), tags', async () => {
    const f = newFamily(s);
    const account = addAccount(s.db, f.familyId, 'Everyday');
    const d = await publishNew(s, f.key, { raw_file_content: fixture('transactions-signed-tags.csv'), account_id: account });
    assert.equal(d.status, 'complete', d.error);
    assert.equal(d.error, null);
    assert.equal(d.status_detail.revertable, true);
    assert.deepEqual(d.summary, summary({ transactions: [3, 0, 0], tags: [3, 0, 0], categories: [2, 0, 0] }));
    const stored = storedTransactions(s.db, d.id);
    assert.equal(stored.length, 3);
    assert.ok(stored.every((t) => t.account === 'Everyday'));
    const grocer = transactionNamed(s.db, d.id, 'Corner Grocer');
    assert.deepEqual(
      { date: grocer.date, amount: grocer.amount, currency: grocer.currency, category: grocer.category, tags: grocer.tags, notes: grocer.notes },
      { date: '2024-02-01', amount: '42.50', currency: 'USD', category: 'Groceries', tags: ['food', 'weekly'], notes: 'Saturday shop' },
      'a file amount of -42.50 (inflows_positive) is money leaving: +42.50 in the ledger',
    );
    const pay = transactionNamed(s.db, d.id, 'ACME Payroll');
    assert.deepEqual([pay.amount, pay.category, pay.tags], ['-2500.00', 'Salary', []]);
    const cinema = transactionNamed(s.db, d.id, 'Cinema');
    assert.deepEqual([cinema.amount, cinema.currency, cinema.category, cinema.category_parent, cinema.tags], ['18.00', 'EUR', 'Films', 'Hobbies', ['fun']]);
    assert.equal(rowsOf(s.db, 'categories', d.id).length, 2, 'Hobbies and Films carry the import id');
  });

  test('TransactionImport: a row without a currency takes the import account\'s', async () => {
    const f = newFamily(s);
    const account = addAccount(s.db, f.familyId, 'Euro account', 'EUR');
    const d = await publishNew(s, f.key, { raw_file_content: 'date,amount,name\n2024-02-01,-5.00,Bakery\n', account_id: account });
    assert.equal(d.status, 'complete', d.error);
    assert.deepEqual(storedTransactions(s.db, d.id).map((t) => [t.amount, t.currency]), [['5.00', 'EUR']]);
  });

  // SPEC §2.3/§3.9: accounts are mappings only "when the import has no account_id"; with one, it
  // is the target account and an account column creates nothing.
  test('TransactionImport with account_id: every row goes into that account, an account column creates nothing', async () => {
    const f = newFamily(s);
    const account = addAccount(s.db, f.familyId, 'Main');
    const before = kindCounts(s.db, f.familyId);
    const d = await publishNew(s, f.key, { raw_file_content: 'date,amount,name,account\n2024-01-05,-1.00,Stamp,Somewhere else\n', account_id: account });
    assert.equal(d.status, 'complete', d.error);
    assert.deepEqual(storedTransactions(s.db, d.id).map((t) => t.account), ['Main']);
    assert.equal(kindCounts(s.db, f.familyId).accounts, before.accounts);
  });

  test('TradeImport: trades with securities; qty × price signed (a buy is money leaving)', async () => {
    const f = newFamily(s);
    const account = addAccount(s.db, f.familyId, 'Brokerage');
    const d = await publishNew(s, f.key, { type: 'TradeImport', raw_file_content: fixture('trades-buy-sell.csv'), account_id: account });
    assert.equal(d.status, 'complete', d.error);
    assert.deepEqual(d.summary, summary({ trades: [2, 0, 0] }));
    const trades = s.db.prepare(
      `SELECT s.ticker, t.date, t.qty, t.price, t.amount, t.currency, t.account_id FROM trades t JOIN securities s ON s.id = t.security_id
       WHERE t.import_id = ? ORDER BY t.date`,
    ).all(d.id) as Json[];
    assert.deepEqual(trades, [
      { ticker: 'AAPL', date: '2024-01-05', qty: '10', price: '150.25', amount: '1502.50', currency: 'USD', account_id: account },
      { ticker: 'MSFT', date: '2024-01-06', qty: '-2', price: '400.50', amount: '-801.00', currency: 'USD', account_id: account },
    ]);
    assert.equal(rowsOf(s.db, 'securities', d.id).length, 2);
  });

  test('AccountImport: accounts of the mapped class, each with an opening valuation', async () => {
    const f = newFamily(s);
    const d = await publishNew(s, f.key, { type: 'AccountImport', raw_file_content: fixture('accounts-opening-balances.csv') });
    assert.equal(d.status, 'complete', d.error);
    assert.deepEqual(d.summary, summary({ accounts: [3, 0, 0], valuations: [3, 0, 0] }));
    const accounts = s.db.prepare(
      `SELECT a.name, a.accountable_type, a.subtype, a.balance, a.currency, v.date, v.amount AS opening, v.currency AS opening_currency, v.kind
       FROM accounts a JOIN valuations v ON v.account_id = a.id WHERE a.import_id = ? ORDER BY a.name`,
    ).all(d.id);
    assert.deepEqual(accounts, [
      { name: 'Euro Savings', accountable_type: 'Depository', subtype: 'Savings', balance: '5000.00', currency: 'EUR', date: '2024-01-02', opening: '5000.00', opening_currency: 'EUR', kind: 'opening_anchor' },
      { name: 'Joint Checking', accountable_type: 'Depository', subtype: 'Checking', balance: '1200.50', currency: 'USD', date: '2024-01-01', opening: '1200.50', opening_currency: 'USD', kind: 'opening_anchor' },
      { name: 'Travel Card', accountable_type: 'CreditCard', subtype: 'Credit Card', balance: '-300.00', currency: 'USD', date: '2024-01-01', opening: '-300.00', opening_currency: 'USD', kind: 'opening_anchor' },
    ]);
  });

  test('CategoryImport: colours, icons and parents; an existing name is updated', async () => {
    const f = newFamily(s);
    const d = await publishNew(s, f.key, { type: 'CategoryImport', raw_file_content: fixture('categories-colours-icons-parents.csv') });
    assert.equal(d.status, 'complete', d.error);
    assert.deepEqual(d.summary, summary({ categories: [2, 1, 0] }));
    const cats = s.db.prepare(
      `SELECT c.name, c.color, c.lucide_icon, p.name AS parent FROM categories c LEFT JOIN categories p ON p.id = c.parent_id
       WHERE c.family_id = ? AND c.name IN ('Pets', 'Vet', 'Groceries') ORDER BY c.name`,
    ).all(f.familyId);
    assert.deepEqual(cats, [
      { name: 'Groceries', color: '#00aa00', lucide_icon: 'shopping-basket', parent: 'Food & Drink' },
      { name: 'Pets', color: '#aa5500', lucide_icon: 'paw-print', parent: null },
      { name: 'Vet', color: '#aa5501', lucide_icon: 'stethoscope', parent: 'Pets' },
    ]);
    const api = await s.api('GET', '/api/v1/categories?per_page=100', { key: f.key });
    const vet = api.body.categories.find((c: Json) => c.name === 'Vet');
    assert.deepEqual([vet.color, vet.icon, vet.parent?.name], ['#aa5501', 'stethoscope', 'Pets']);
  });

  test('MerchantImport: colours and websites', async () => {
    const f = newFamily(s);
    const d = await publishNew(s, f.key, { type: 'MerchantImport', raw_file_content: fixture('merchants-colours-websites.csv') });
    assert.equal(d.status, 'complete', d.error);
    assert.deepEqual(d.summary, summary({ merchants: [2, 0, 0] }));
    assert.deepEqual(s.db.prepare('SELECT name, color, website_url FROM merchants WHERE import_id = ? ORDER BY name').all(d.id), [
      { name: 'Bakery', color: null, website_url: 'bakery.example.org' },
      { name: 'Corner Grocer', color: '#112233', website_url: 'https://grocer.example.com' },
    ]);
  });

  test('RuleImport: conditions and actions naming a merchant, a category and a tag by name resolve to those records', async () => {
    const f = newFamily(s);
    const d = await publishNew(s, f.key, { type: 'RuleImport', raw_file_content: fixture('rules-named-references.csv') });
    assert.equal(d.status, 'complete', d.error);
    assert.deepEqual(d.summary, summary({ rules: [1, 0, 0], merchants: [1, 0, 0], tags: [1, 0, 0] }), 'Groceries exists; the merchant and tag are created');
    const rules = rowsOf(s.db, 'rules', d.id);
    assert.equal(rules.length, 1);
    const rule = rules[0];
    assert.deepEqual([rule.name, rule.resource_type, rule.active, rule.effective_date], ['Grocer is groceries', 'transaction', 1, '2024-01-01']);
    const idOf = (table: string, name: string) => s.db.prepare(`SELECT id FROM ${table} WHERE family_id = ? AND name = ?`).pluck().get(f.familyId, name);
    const conditions = JSON.parse(rule.conditions) as Json[];
    const actions = JSON.parse(rule.actions) as Json[];
    assert.equal(conditions[0].condition_type, 'transaction_merchant');
    assert.equal(conditions[0].value, idOf('merchants', 'Corner Grocer'));
    assert.deepEqual(actions.map((a) => [a.action_type, a.value]), [
      ['set_transaction_category', idOf('categories', 'Groceries')],
      ['set_transaction_tags', idOf('tags', 'weekly')],
    ]);
  });

  test('QifImport: !Account blocks give each record its account and class; a split keeps its lines', async () => {
    const f = newFamily(s);
    const d = await publishNew(s, f.key, { type: 'QifImport', raw_file_content: fixture('qif-accounts-split.qif') });
    assert.equal(d.status, 'complete', d.error);
    assert.deepEqual(d.summary, summary({ accounts: [2, 0, 0], transactions: [3, 0, 0], categories: [1, 0, 0] }));
    const stored = storedTransactions(s.db, d.id);
    assert.deepEqual(stored.map((t) => [t.date, t.name, t.amount, t.currency, t.account, t.account_type]), [
      ['2024-01-05', 'Corner Cafe', '12.00', 'USD', 'Joint Checking', 'Depository'],
      ['2024-01-06', 'Supermarket', '100.00', 'USD', 'Joint Checking', 'Depository'],
      ['2024-01-07', 'Airline', '250.00', 'USD', 'Travel Card', 'CreditCard'],
    ]);
    assert.deepEqual([stored[0]!.category, stored[0]!.category_parent], ['Coffee', 'Food & Drink']);
    assert.deepEqual(stored[1]!.split_lines, [{ amount: '60.00', category: 'Groceries' }, { amount: '40.00', category: 'Household' }]);
    assert.equal(stored[2]!.category, 'Travel');
  });

  test('ThirdPartyAImport (Mint): credit/debit decide the sign, Labels are tags, the account is created from Account Name', async () => {
    const f = newFamily(s);
    const d = await publishNew(s, f.key, { type: 'ThirdPartyAImport', raw_file_content: fixture('mint-layout.csv') });
    assert.equal(d.status, 'complete', d.error);
    assert.deepEqual(d.summary, summary({ accounts: [1, 0, 0], categories: [2, 0, 0], tags: [1, 0, 0], transactions: [2, 0, 0] }));
    const cafe = transactionNamed(s.db, d.id, 'Corner Cafe');
    assert.deepEqual([cafe.amount, cafe.currency, cafe.category, cafe.tags, cafe.account, cafe.notes], ['4.50', 'USD', 'Coffee Shops', ['Work'], 'Mint Checking', 'CORNER CAFE #12']);
    const pay = transactionNamed(s.db, d.id, 'Paycheck');
    assert.deepEqual([pay.amount, pay.category, pay.tags, pay.notes], ['-1500.00', 'Paycheck', [], 'January'], '"1,500.00" credit is 1500.00 coming in');
  });

  test('ThirdPartyBImport (Actual): signed amounts, Group: Category, blank payee → notes, a split stored once with its lines', async () => {
    const f = newFamily(s);
    const d = await publishNew(s, f.key, { type: 'ThirdPartyBImport', raw_file_content: fixture('actual-layout.csv') });
    assert.equal(d.status, 'complete', d.error);
    // Created: the account; Food, Coffee Shops, Refunds (under the existing Income), Home, Household.
    assert.deepEqual(d.summary, summary({ accounts: [1, 0, 0], categories: [5, 0, 0], transactions: [3, 0, 0] }));
    const stored = storedTransactions(s.db, d.id);
    assert.deepEqual(stored.map((t) => [t.name, t.amount, t.category, t.category_parent, t.account]), [
      ['Corner Cafe', '4.50', 'Coffee Shops', 'Food', 'Actual Checking'],
      ['Refund from store', '-25.00', 'Refunds', 'Income', 'Actual Checking'],
      ['Supermarket', '100.00', null, null, 'Actual Checking'],
    ]);
    assert.deepEqual(stored[2]!.split_lines, [{ amount: '60.00', category: 'Groceries' }, { amount: '40.00', category: 'Household' }]);
  });

  test('ThirdPartyCImport (YNAB): Inflow − Outflow, Category Group: Category, blank payee → memo', async () => {
    const f = newFamily(s);
    const d = await publishNew(s, f.key, { type: 'ThirdPartyCImport', raw_file_content: fixture('ynab-layout.csv') });
    assert.equal(d.status, 'complete', d.error);
    assert.deepEqual(d.summary, summary({ accounts: [1, 0, 0], categories: [3, 0, 0], transactions: [2, 0, 0] }));
    assert.deepEqual(storedTransactions(s.db, d.id).map((t) => [t.name, t.amount, t.currency, t.category, t.category_parent, t.account]), [
      ['Corner Cafe', '4.50', 'USD', 'Coffee Shops', 'Food', 'YNAB Checking'],
      ['January pay', '-1500.00', 'USD', 'Paycheck', 'Income', 'YNAB Checking'],
    ]);
  });

  test('NativeImport: every record of the full export stored once, with its references', async () => {
    const f = newFamily(s, { defaultCategories: false });
    const d = await publishNew(s, f.key, { type: 'NativeImport', raw_file_content: FULL_EXPORT });
    assert.equal(d.status, 'complete', d.error);
    const expected = linesByKind(FULL_EXPORT);
    assert.deepEqual(d.summary, Object.fromEntries(Object.entries(expected).map(([k, n]) => [k, { created: n, updated: 0, skipped: 0 }])));
    assert.deepEqual(kindCounts(s.db, f.familyId), expected);
    for (const [kind, table] of Object.entries(KINDS)) assert.equal(rowsOf(s.db, table, d.id).length, expected[kind], `${kind} carry the import id`);
    const grocer = transactionNamed(s.db, d.id, 'WHOLEFDS MKT #10234');
    assert.deepEqual([grocer.amount, grocer.currency, grocer.category, grocer.category_parent, grocer.merchant, grocer.tags, grocer.account],
      ['84.12', 'USD', 'Groceries', 'Food & Drink', 'Whole Foods', ['Reimbursable'], 'Everyday Checking']);
    const cafe = transactionNamed(s.db, d.id, 'Café Müller — Kaffee & Kuchen');
    assert.ok(new Big(cafe.amount).eq('18.60'), cafe.amount);
    assert.deepEqual([cafe.currency, cafe.category, cafe.tags], ['EUR', 'Restaurants', ['Reimbursable', 'Vacation']]);
    assert.ok(new Big(transactionNamed(s.db, d.id, 'ACME CORP PAYROLL').amount).eq('-3200'), 'NDJSON arrives in the ledger sign');
    const costco = transactionNamed(s.db, d.id, 'COSTCO WHSE #0482');
    assert.equal(costco.split_lines.length, 2);
    assert.ok(new Big(costco.split_lines[0]!.amount).plus(costco.split_lines[1]!.amount).eq(costco.amount), 'split lines sum to the amount');
    assert.deepEqual(costco.split_lines.map((l) => l.category), ['Groceries', null]);
    assert.equal(s.db.prepare('SELECT count(*) FROM split_lines WHERE import_id = ?').pluck().get(d.id), 2);
  });

  // SPEC §1: amounts are decimal strings with their fraction digits kept as given ("10.00 stays 10.00").
  test('NativeImport: decimal strings are stored with their fraction digits as given', async () => {
    const f = newFamily(s, { defaultCategories: false });
    const d = await publishNew(s, f.key, { type: 'NativeImport', raw_file_content: FULL_EXPORT });
    assert.equal(d.status, 'complete', d.error);
    const amounts = Object.fromEntries(storedTransactions(s.db, d.id).map((t) => [t.name, t.amount]));
    assert.deepEqual(
      [amounts['Café Müller — Kaffee & Kuchen'], amounts['ACME CORP PAYROLL'], amounts['Payment to Visa Rewards'], amounts['NETFLIX.COM'], amounts['VENMO PAYMENT']],
      ['18.60', '-3200.00', '500.00', '15.49', '45'],
    );
    const balances = s.db.prepare('SELECT name, balance FROM accounts WHERE import_id = ? ORDER BY name').all(d.id) as Json[];
    assert.deepEqual(balances.find((a) => a.name === 'Car Loan')?.balance, '12000.00');
    assert.deepEqual(rowsOf(s.db, 'valuations', d.id).map((v) => v.amount).sort(), ['12000.00', '31250.00', '350000.00', '352500']);
  });
});

describe('NativeImport: verification readback', () => {
  let s: TestServer;
  before(async () => {
    s = await startServer({}, { publishing: true });
  });
  after(() => s.close());

  test('a clean file (every record type) ends matched with the exact actual_delta_counts', async () => {
    const f = newFamily(s, { defaultCategories: false });
    const expected = linesByKind(FULL_EXPORT);
    assert.ok(Object.values(expected).every((n) => n > 0), 'the fixture holds every record type');
    const d = await publishNew(s, f.key, { type: 'NativeImport', raw_file_content: FULL_EXPORT });
    assert.equal(d.status, 'complete', d.error);
    const v = d.verification;
    assert.deepEqual(v.expected_record_counts, expected);
    assert.equal(v.readback.status, 'matched');
    assert.deepEqual(v.readback.actual_delta_counts, expected);
    assert.deepEqual(v.readback.checked_counts, expected);
    assert.deepEqual(v.readback.mismatches, {});
    assert.deepEqual(v.readback.before_counts, Object.fromEntries(Object.keys(KINDS).map((k) => [k, 0])));
    assert.deepEqual(v.readback.after_counts, expected);
    assert.equal(typeof v.readback.checked_at, 'string');
  });

  test('the readback counts are the family\'s: records already there are in before_counts, the delta is the file', async () => {
    const f = newFamily(s, { defaultCategories: true });
    const text = [
      { type: 'Account', data: { id: 'a1', name: 'Restored checking', balance: '10.00', accountable_type: 'Depository' } },
      { type: 'Transaction', data: { id: 't1', account_id: 'a1', date: '2024-03-01', amount: '4.50', name: 'Tea' } },
    ].map((r) => JSON.stringify(r)).join('\n') + '\n';
    const before = kindCounts(s.db, f.familyId);
    const d = await publishNew(s, f.key, { type: 'NativeImport', raw_file_content: text });
    assert.equal(d.status, 'complete', d.error);
    const rb = d.verification.readback;
    assert.equal(rb.status, 'matched');
    assert.deepEqual(rb.before_counts, before);
    assert.equal(rb.before_counts.categories > 0, true, 'the default categories are counted before');
    assert.deepEqual(rb.actual_delta_counts, { ...Object.fromEntries(Object.keys(KINDS).map((k) => [k, 0])), accounts: 1, transactions: 1 });
  });

  test('an unresolvable reference → 422 preflight_failed with errors; the import is failed; nothing stored', async () => {
    const f = newFamily(s, { defaultCategories: false });
    const before = snapshot(s.db, f.familyId);
    const r = await s.api('POST', '/api/v1/imports', { key: f.key, json: { type: 'NativeImport', raw_file_content: fixture('ndjson/missing-reference.ndjson'), publish: 'true' } });
    assert.equal(r.status, 422);
    assert.equal(r.body.error, 'preflight_failed');
    assert.match(r.body.import_id, /^[0-9a-f-]{36}$/);
    assert.ok(Array.isArray(r.body.errors) && r.body.errors.length > 0);
    assert.ok(r.body.errors.some((e: string) => e.includes('missing_reference')), JSON.stringify(r.body.errors));
    const d = (await s.api('GET', `/api/v1/imports/${r.body.import_id}`, { key: f.key })).body.data;
    assert.equal(d.status, 'failed');
    assert.ok(d.error.includes('missing_reference'));
    assert.equal(d.status_detail.terminal, true);
    assert.equal(s.db.prepare('SELECT count(*) FROM jobs WHERE import_id = ?').pluck().get(d.id), 0, 'nothing was queued');
    assert.deepEqual(snapshot(s.db, f.familyId), before);
  });

  test('a write that raises (a budget with the same start_date is already there) → failed, readback failed with error, nothing of the file stored', async () => {
    const f = newFamily(s, { defaultCategories: false });
    const t = new Date().toISOString();
    s.db.prepare(`INSERT INTO budgets (id, family_id, start_date, end_date, currency, created_at, updated_at) VALUES (?, ?, '2024-03-01', '2024-03-31', 'USD', ?, ?)`)
      .run(randomUUID(), f.familyId, t, t);
    const before = snapshot(s.db, f.familyId);
    const d = await publishNew(s, f.key, { type: 'NativeImport', raw_file_content: FULL_EXPORT });
    assert.equal(d.status, 'failed');
    assert.equal(typeof d.error, 'string');
    assert.ok(d.error.length > 0);
    assert.equal(d.status_detail.terminal, true);
    assert.equal(d.status_detail.revertable, false);
    assert.equal(d.summary, undefined, 'nothing was written, so there is no summary');
    const rb = d.verification.readback;
    assert.equal(rb.status, 'failed');
    assert.equal(typeof rb.error, 'string');
    assert.ok(rb.error.length > 0);
    assert.deepEqual(rb.before_counts, { ...Object.fromEntries(Object.keys(KINDS).map((k) => [k, 0])), budgets: 1 }, 'the clashing budget was there before');
    assert.deepEqual(snapshot(s.db, f.familyId), before, 'counts and rows unchanged');
    for (const table of [...Object.values(KINDS), 'split_lines', 'securities']) assert.equal(rowsOf(s.db, table, d.id).length, 0, table);
    const job = s.db.prepare('SELECT status, error FROM jobs WHERE import_id = ?').get(d.id) as Json;
    assert.equal(job.status, 'failed');
  });

  test('a failed import is retryable: remove the clash and publishing again matches', async () => {
    const f = newFamily(s, { defaultCategories: false });
    const t = new Date().toISOString();
    const budget = randomUUID();
    s.db.prepare(`INSERT INTO budgets (id, family_id, start_date, end_date, currency, created_at, updated_at) VALUES (?, ?, '2024-03-01', '2024-03-31', 'USD', ?, ?)`)
      .run(budget, f.familyId, t, t);
    const failed = await publishNew(s, f.key, { type: 'NativeImport', raw_file_content: FULL_EXPORT });
    assert.equal(failed.status, 'failed');
    assert.equal(failed.status_detail.publishable, true);
    s.db.prepare('DELETE FROM budgets WHERE id = ?').run(budget);
    const d = await publishAgain(s, f.key, failed.id);
    assert.equal(d.status, 'complete', d.error);
    assert.equal(d.error, null);
    assert.equal(d.verification.readback.status, 'matched');
  });
});

describe('re-importing is safe: stable transaction identities', () => {
  let s: TestServer;
  let f: { familyId: string; key: string };
  before(async () => {
    s = await startServer({}, { publishing: true });
    f = newFamily(s);
  });
  after(() => s.close());

  const inAccount = (account: string) => s.db.prepare('SELECT date, amount, name FROM transactions WHERE account_id = ? ORDER BY date, id').all(account) as Json[];

  test('publishing the same CSV again (a second import) adds nothing; summary skipped = n', async () => {
    const account = addAccount(s.db, f.familyId, 'Same file');
    const text = fixture('statement-days-01-10.csv');
    const first = await publishNew(s, f.key, { raw_file_content: text, account_id: account });
    assert.deepEqual(first.summary, summary({ transactions: [10, 0, 0] }));
    const stored = inAccount(account);
    const second = await publishNew(s, f.key, { raw_file_content: text, account_id: account });
    assert.equal(second.status, 'complete', second.error);
    assert.deepEqual(second.summary, summary({ transactions: [0, 0, 10] }));
    assert.deepEqual(inAccount(account), stored);
    assert.equal(rowsOf(s.db, 'transactions', second.id).length, 0);
  });

  test('names holding a backslash, a tab and line breaks are stored exactly (on PostgreSQL a new account is written with COPY)', async () => {
    const account = addAccount(s.db, f.familyId, 'Escapes');
    const names = ['Back\\slash \\N', 'Tab\there', 'Line\nbreak', 'CR\rhere'];
    const text = 'date,amount,name\n' + names.map((n, i) => `2024-03-0${i + 1},-${i + 1}.00,"${n}"`).join('\n') + '\n';
    const d = await publishNew(s, f.key, { raw_file_content: text, account_id: account });
    assert.equal(d.status, 'complete', d.error);
    assert.deepEqual(inAccount(account).map((t) => t.name), names);
    // Published again: every row already there, nothing added (the second time through ON CONFLICT).
    const again = await publishNew(s, f.key, { raw_file_content: text, account_id: account });
    assert.deepEqual(again.summary, summary({ transactions: [0, 0, names.length] }));
  });

  test('an overlapping statement (days 1–10, then 5–15) adds only the new days', async () => {
    const account = addAccount(s.db, f.familyId, 'Overlap');
    await publishNew(s, f.key, { raw_file_content: fixture('statement-days-01-10.csv'), account_id: account });
    const second = await publishNew(s, f.key, { raw_file_content: fixture('statement-days-05-15.csv'), account_id: account });
    assert.deepEqual(second.summary, summary({ transactions: [5, 0, 6] }));
    const stored = inAccount(account);
    assert.equal(stored.length, 15);
    assert.deepEqual(stored.map((t) => t.date), Array.from({ length: 15 }, (_, i) => `2024-03-${String(i + 1).padStart(2, '0')}`));
    assert.deepEqual(rowsOf(s.db, 'transactions', second.id).map((t) => t.date).sort(), ['2024-03-11', '2024-03-12', '2024-03-13', '2024-03-14', '2024-03-15']);
  });

  test('two identical purchases on the same day in one file are both stored; republishing stores nothing more', async () => {
    const account = addAccount(s.db, f.familyId, 'Identical');
    const text = fixture('identical-same-day-purchases.csv');
    const first = await publishNew(s, f.key, { raw_file_content: text, account_id: account });
    assert.deepEqual(first.summary, summary({ transactions: [3, 0, 0] }));
    assert.deepEqual(inAccount(account).map((t) => [t.date, t.amount, t.name]), [
      ['2024-04-02', '3.50', 'Coffee Cart'], ['2024-04-02', '3.50', 'Coffee Cart'], ['2024-04-02', '7.00', 'Coffee Cart'],
    ]);
    const again = await publishNew(s, f.key, { raw_file_content: text, account_id: account });
    assert.deepEqual(again.summary, summary({ transactions: [0, 0, 3] }));
    assert.equal(inAccount(account).length, 3);
  });

  test('a later statement with a third identical purchase adds exactly that one', async () => {
    const account = addAccount(s.db, f.familyId, 'Third coffee');
    await publishNew(s, f.key, { raw_file_content: fixture('identical-same-day-purchases.csv'), account_id: account });
    const three = 'date,amount,name\n2024-04-02,-3.50,Coffee Cart\n2024-04-02,-3.50,Coffee Cart\n2024-04-02,-3.50,Coffee Cart\n';
    const d = await publishNew(s, f.key, { raw_file_content: three, account_id: account });
    assert.deepEqual(d.summary, summary({ transactions: [1, 0, 2] }));
    assert.equal(inAccount(account).filter((t) => t.amount === '3.50').length, 3);
  });

  test('the identities stored are exactly those earlier versions stored (a re-import after an upgrade finds them)', async () => {
    // The text of an identity is a contract with every ledger already written: a change of its
    // form (or of how its parts are joined) would make the next re-import add everything again.
    const account = addAccount(s.db, f.familyId, 'Identity forms');
    const csv = await publishNew(s, f.key, { raw_file_content: fixture('identical-same-day-purchases.csv'), account_id: account });
    assert.deepEqual(rowsOf(s.db, 'transactions', csv.id).map((t) => t['identity']).sort(), [
      '2024-04-02|3.5|coffee cart|1', '2024-04-02|3.5|coffee cart|2', '2024-04-02|7|coffee cart|1',
    ]);
    const ofx = await publishNew(s, f.key, { type: 'OfxImport', raw_file_content: fixture('ofx-checking-overlap.ofx'), account_id: addAccount(s.db, f.familyId, 'Identity OFX') });
    assert.equal(ofx.status, 'complete', ofx.error);
    const refs = rowsOf(s.db, 'transactions', ofx.id).map((t) => String(t['identity']));
    assert.ok(refs.length > 0 && refs.every((r) => /^ref:[^|]+\|-?\d+(\.\d*[1-9])?\|1$/.test(r)), refs.join(', '));
    const trades = await publishNew(s, f.key, { type: 'TradeImport', raw_file_content: fixture('trades-buy-sell.csv'), account_id: addAccount(s.db, f.familyId, 'Identity trades') });
    assert.deepEqual(rowsOf(s.db, 'trades', trades.id).map((t) => t['identity']).sort(), ['2024-01-05|AAPL|10|150.25|1', '2024-01-06|MSFT|-2|400.5|1']);
  });

  test('a re-download differing only in name case, spacing and trailing zeros adds nothing', async () => {
    const account = addAccount(s.db, f.familyId, 'Normalized');
    await publishNew(s, f.key, { raw_file_content: 'date,amount,name\n2024-05-01,-10.50,Corner  Grocer\n', account_id: account });
    const d = await publishNew(s, f.key, { raw_file_content: 'date,amount,name\n2024-05-01,-10.5,CORNER GROCER \n', account_id: account });
    assert.deepEqual(d.summary, summary({ transactions: [0, 0, 1] }));
    assert.equal(inAccount(account).length, 1);
  });

  test('the same file into another account is stored there (identities are per account)', async () => {
    const a = addAccount(s.db, f.familyId, 'First of two');
    const b = addAccount(s.db, f.familyId, 'Second of two');
    const text = fixture('identical-same-day-purchases.csv');
    await publishNew(s, f.key, { raw_file_content: text, account_id: a });
    const d = await publishNew(s, f.key, { raw_file_content: text, account_id: b });
    assert.deepEqual(d.summary, summary({ transactions: [3, 0, 0] }));
    assert.equal(inAccount(b).length, 3);
  });
});

describe('the queue\'s front door: refusals and a queue that cannot take the job', () => {
  let s: TestServer;
  let f: { familyId: string; key: string };
  let account: string;
  before(async () => {
    s = await startServer({ MAX_IMPORT_ROWS: '3' }, { publishing: true });
    f = newFamily(s);
    account = addAccount(s.db, f.familyId, 'Checking');
  });
  after(() => s.close());

  async function pending(body: Record<string, unknown>): Promise<Json> {
    const r = await s.api('POST', '/api/v1/imports', { key: f.key, json: body });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    assert.equal(r.body.data.status, 'pending');
    return r.body.data;
  }
  const get = async (id: string) => (await s.api('GET', `/api/v1/imports/${id}`, { key: f.key })).body.data;
  const jobsOf = (id: string) => s.db.prepare('SELECT count(*) FROM jobs WHERE import_id = ?').pluck().get(id) as number;

  test('POST /publish on an import with invalid rows → 422 not_publishable with import_id and the reasons in details', async () => {
    const d = await pending({ raw_file_content: 'date,amount,name\nnot a date,1.00,A\n2024-01-02,abc,B\n', account_id: account });
    const r = await s.api('POST', `/api/v1/imports/${d.id}/publish`, { key: f.key });
    assert.equal(r.status, 422);
    assert.equal(r.body.error, 'not_publishable');
    assert.equal(r.body.import_id, d.id);
    assert.ok(Array.isArray(r.body.details) && r.body.details.length > 0 && r.body.details.every((x: unknown) => typeof x === 'string'), JSON.stringify(r.body));
    assert.ok(r.body.details.some((x: string) => x.includes('2 rows')), JSON.stringify(r.body.details));
    assert.equal((await get(d.id)).status, 'pending');
    assert.equal(jobsOf(d.id), 0);
  });

  test('POST /publish without a target account → 422 not_publishable naming it', async () => {
    const d = await pending({ raw_file_content: 'date,amount\n2024-01-02,1.00\n' });
    const r = await s.api('POST', `/api/v1/imports/${d.id}/publish`, { key: f.key });
    assert.equal(r.status, 422);
    assert.equal(r.body.error, 'not_publishable');
    assert.equal(r.body.import_id, d.id);
    assert.ok(r.body.details.some((x: string) => x.includes('account_id')), JSON.stringify(r.body.details));
  });

  test('POST /publish on a complete import → 422 not_publishable (publishing twice is refused, not queued)', async () => {
    const d = await publishNew(s, f.key, { raw_file_content: 'date,amount,name\n2024-01-03,-2.00,Once\n', account_id: account });
    assert.equal(d.status, 'complete');
    const r = await s.api('POST', `/api/v1/imports/${d.id}/publish`, { key: f.key });
    assert.equal(r.status, 422);
    assert.equal(r.body.error, 'not_publishable');
    assert.equal(r.body.import_id, d.id);
    assert.equal(jobsOf(d.id), 1);
    assert.equal((await get(d.id)).status, 'complete');
  });

  test('POST /publish on a NativeImport failing preflight → 422 preflight_failed with errors; the import is failed', async () => {
    const d = await pending({ type: 'NativeImport', raw_file_content: fixture('ndjson/missing-reference.ndjson') });
    assert.equal(d.status_detail.publishable, false);
    const r = await s.api('POST', `/api/v1/imports/${d.id}/publish`, { key: f.key });
    assert.equal(r.status, 422);
    assert.equal(r.body.error, 'preflight_failed');
    assert.equal(r.body.import_id, d.id);
    assert.ok(r.body.errors.length > 0 && r.body.errors.every((e: unknown) => typeof e === 'string'));
    const after = await get(d.id);
    assert.equal(after.status, 'failed');
    assert.ok(after.error.includes('missing_reference'), after.error);
    assert.equal(jobsOf(d.id), 0);
  });

  test('MAX_IMPORT_ROWS: POST /publish with more rows → 422 max_row_count_exceeded with import_id; exactly the limit publishes', async () => {
    const over = await pending({ raw_file_content: 'date,amount\n2024-01-01,1.00\n2024-01-02,2.00\n2024-01-03,3.00\n2024-01-04,4.00\n', account_id: account });
    const r = await s.api('POST', `/api/v1/imports/${over.id}/publish`, { key: f.key });
    assert.equal(r.status, 422);
    assert.equal(r.body.error, 'max_row_count_exceeded');
    assert.equal(r.body.import_id, over.id);
    assert.equal((await get(over.id)).status, 'pending');
    const atLimit = await publishNew(s, f.key, { raw_file_content: 'date,amount,name\n2024-02-01,1.00,L1\n2024-02-02,2.00,L2\n2024-02-03,3.00,L3\n', account_id: account });
    assert.equal(atLimit.status, 'complete', atLimit.error);
    assert.equal(rowsOf(s.db, 'transactions', atLimit.id).length, 3);
  });

  test('publish_failed with a real fault: inserts into jobs fail → 500 publish_failed with import_id, back in pending; without the fault it publishes', async () => {
    const d = await pending({ raw_file_content: 'date,amount,name\n2024-06-01,-9.99,Fault test\n', account_id: account });
    s.db.exec(TEST_STORE === 'pg'
      ? `CREATE FUNCTION jobs_fault() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk full'; END $$;
         CREATE TRIGGER jobs_fault BEFORE INSERT ON jobs FOR EACH ROW EXECUTE FUNCTION jobs_fault();`
      : `CREATE TRIGGER jobs_fault BEFORE INSERT ON jobs BEGIN SELECT RAISE(ABORT, 'disk full'); END;`);
    let created: Json;
    try {
      const r = await s.api('POST', `/api/v1/imports/${d.id}/publish`, { key: f.key });
      assert.equal(r.status, 500);
      assert.equal(r.body.error, 'publish_failed');
      assert.equal(r.body.import_id, d.id);
      assert.ok(!JSON.stringify(r.body).includes('disk full'), 'a 500 never leaks internals');
      const after = await get(d.id);
      assert.equal(after.status, 'pending');
      assert.equal(after.status_detail.publishable, true);
      // The same through POST /imports with publish "true".
      const c = await s.api('POST', '/api/v1/imports', { key: f.key, json: { raw_file_content: 'date,amount,name\n2024-06-02,-1.00,Fault create\n', account_id: account, publish: 'true' } });
      assert.equal(c.status, 500);
      assert.equal(c.body.error, 'publish_failed');
      created = await get(c.body.import_id);
      assert.equal(created.status, 'pending');
      assert.equal(jobsOf(d.id) + jobsOf(created.id), 0);
    } finally {
      s.db.exec(TEST_STORE === 'pg' ? 'DROP TRIGGER IF EXISTS jobs_fault ON jobs' : 'DROP TRIGGER IF EXISTS jobs_fault');
    }
    for (const id of [d.id, created.id]) {
      const done = await publishAgain(s, f.key, id);
      assert.equal(done.status, 'complete', done.error);
      assert.equal(rowsOf(s.db, 'transactions', id).length, 1);
    }
  });
});

describe('revert: exactly what the import created is deleted, what it changed is restored', () => {
  let s: TestServer;
  before(async () => {
    s = await startServer({}, { publishing: true });
  });
  after(() => s.close());

  // [type, request (given a fresh family and an account in it), family without default categories]
  const cases: [string, (account: string) => Record<string, unknown>, boolean][] = [
    ['TransactionImport', (a) => ({ raw_file_content: fixture('transactions-signed-tags.csv'), account_id: a }), true],
    ['TradeImport', (a) => ({ type: 'TradeImport', raw_file_content: fixture('trades-buy-sell.csv'), account_id: a }), true],
    ['AccountImport', () => ({ type: 'AccountImport', raw_file_content: fixture('accounts-opening-balances.csv') }), true],
    ['CategoryImport', () => ({ type: 'CategoryImport', raw_file_content: fixture('categories-colours-icons-parents.csv') }), true],
    ['MerchantImport', () => ({ type: 'MerchantImport', raw_file_content: fixture('merchants-colours-websites.csv') }), true],
    ['RuleImport', () => ({ type: 'RuleImport', raw_file_content: fixture('rules-named-references.csv') }), true],
    ['QifImport', () => ({ type: 'QifImport', raw_file_content: fixture('qif-accounts-split.qif') }), true],
    ['ThirdPartyAImport', () => ({ type: 'ThirdPartyAImport', raw_file_content: fixture('mint-layout.csv') }), true],
    ['ThirdPartyBImport', () => ({ type: 'ThirdPartyBImport', raw_file_content: fixture('actual-layout.csv') }), true],
    ['ThirdPartyCImport', () => ({ type: 'ThirdPartyCImport', raw_file_content: fixture('ynab-layout.csv') }), true],
    ['NativeImport', () => ({ type: 'NativeImport', raw_file_content: FULL_EXPORT }), false],
  ];
  for (const [type, request, defaults] of cases) {
    test(`${type}: publish then revert → the family holds exactly what it held before (15 kinds, split lines, securities)`, async () => {
      const f = newFamily(s, { defaultCategories: defaults });
      const account = addAccount(s.db, f.familyId, 'Pre-existing');
      const before = snapshot(s.db, f.familyId);
      const published = await publishNew(s, f.key, request(account));
      assert.equal(published.status, 'complete', published.error);
      assert.notDeepEqual(snapshot(s.db, f.familyId).counts, before.counts, 'the publish stored something');
      const d = await revert(s, f.key, published.id);
      assert.equal(d.status, 'pending');
      assert.equal(d.error, null);
      assert.equal(d.status_detail.revertable, false);
      assert.equal(d.status_detail.publishable, true);
      const now = snapshot(s.db, f.familyId);
      assert.deepEqual(now.counts, before.counts);
      assert.deepEqual(now.rows, before.rows, 'every row as it was, restored values included');
      if (type === 'NativeImport') assert.equal(d.verification.readback.status, 'reverted');
    });
  }

  test('a CategoryImport that changed an existing category\'s colour and icon: revert restores the old ones', async () => {
    const f = newFamily(s);
    const old = s.db.prepare("SELECT color, lucide_icon, updated_at FROM categories WHERE family_id = ? AND name = 'Groceries'").get(f.familyId) as Json;
    assert.notEqual(old.color, '#00aa00');
    const published = await publishNew(s, f.key, { type: 'CategoryImport', raw_file_content: fixture('categories-colours-icons-parents.csv') });
    const groceries = () => s.db.prepare("SELECT color, lucide_icon, updated_at FROM categories WHERE family_id = ? AND name = 'Groceries'").get(f.familyId) as Json;
    assert.deepEqual([groceries().color, groceries().lucide_icon], ['#00aa00', 'shopping-basket']);
    await revert(s, f.key, published.id);
    assert.deepEqual(groceries(), old);
    const api = await s.api('GET', '/api/v1/categories?per_page=100', { key: f.key });
    assert.equal(api.body.categories.find((c: Json) => c.name === 'Groceries').color, old.color);
    assert.equal(api.body.categories.some((c: Json) => c.name === 'Pets' || c.name === 'Vet'), false);
  });

  // [what, first file (stays), second file (changes the first's record), the second's summary]
  const updates: [string, string, string, string, Record<string, [number, number, number]>][] = [
    ['MerchantImport', 'a merchant\'s colour and website', 'name,color,website_url\nCorner Grocer,#112233,https://grocer.example.com\n',
      'name,color,website_url\nCorner Grocer,#445566,https://new.example.com\n', { merchants: [0, 1, 0] }],
    ['RuleImport', 'a rule with the same name', fixture('rules-named-references.csv'),
      'name,resource_type,active,effective_date,conditions,actions\nGrocer is groceries,transaction,false,2024-06-01,"[{""condition_type"":""transaction_name"",""operator"":""like"",""value"":""grocer""}]","[{""action_type"":""set_transaction_category"",""value"":""Groceries""}]"\n',
      { rules: [0, 1, 0] }],
    ['CategoryImport', 'a category\'s parent and icon', 'name,color,parent_category,lucide_icon\nPets,#aa5500,,paw-print\nVet,#aa5501,,stethoscope\n',
      'name,color,parent_category,lucide_icon\nVet,,Pets,syringe\n', { categories: [0, 1, 0] }],
  ];
  for (const [type, what, first, second, want] of updates) {
    test(`${type} that updated ${what}: revert restores the record as the earlier import left it`, async () => {
      const f = newFamily(s);
      const a = await publishNew(s, f.key, { type, raw_file_content: first });
      assert.equal(a.status, 'complete', a.error);
      const before = snapshot(s.db, f.familyId);
      const b = await publishNew(s, f.key, { type, raw_file_content: second });
      assert.equal(b.status, 'complete', b.error);
      assert.deepEqual(b.summary, summary(want));
      assert.notDeepEqual(snapshot(s.db, f.familyId).rows, before.rows, 'the second import changed something');
      await revert(s, f.key, b.id);
      assert.deepEqual(snapshot(s.db, f.familyId), before);
    });
  }

  // SPEC §3.10 "Revert deletes exactly what the import created … nothing else": reverting an earlier
  // import must not touch a later import's transactions, and must not be refused because of them.
  test('reverting an earlier import whose new category, tag and security a later import also uses: the later import\'s rows stay intact', async () => {
    const f = newFamily(s);
    const checking = addAccount(s.db, f.familyId, 'Checking');
    const brokerage = addAccount(s.db, f.familyId, 'Brokerage');
    const first = await publishNew(s, f.key, { raw_file_content: 'date,amount,name,category,tags\n2024-01-05,-1.00,Model kit,Hobbies,fun\n', account_id: checking });
    const later = await publishNew(s, f.key, { raw_file_content: 'date,amount,name,category,tags\n2024-01-06,-2.00,Paint,Hobbies,fun\n', account_id: checking });
    const firstTrades = await publishNew(s, f.key, { type: 'TradeImport', raw_file_content: 'date,ticker,qty,price\n2024-01-05,AAPL,1,100.00\n', account_id: brokerage });
    const laterTrades = await publishNew(s, f.key, { type: 'TradeImport', raw_file_content: 'date,ticker,qty,price\n2024-02-05,AAPL,2,110.00\n', account_id: brokerage });
    const laterRows = storedTransactions(s.db, later.id);
    const laterTradeRows = rowsOf(s.db, 'trades', laterTrades.id);
    for (const id of [first.id, firstTrades.id]) {
      const d = await revert(s, f.key, id);
      assert.equal(d.status, 'pending', d.error);
    }
    assert.equal(storedTransactions(s.db, first.id).length, 0);
    assert.equal(rowsOf(s.db, 'trades', firstTrades.id).length, 0);
    assert.deepEqual(storedTransactions(s.db, later.id), laterRows);
    assert.deepEqual(rowsOf(s.db, 'trades', laterTrades.id), laterTradeRows);
  });

  test('transactions a later import skipped as already present are not deleted by reverting it', async () => {
    const f = newFamily(s);
    const account = addAccount(s.db, f.familyId, 'Statement');
    const first = await publishNew(s, f.key, { raw_file_content: fixture('statement-days-01-10.csv'), account_id: account });
    const afterFirst = snapshot(s.db, f.familyId);
    const second = await publishNew(s, f.key, { raw_file_content: fixture('statement-days-05-15.csv'), account_id: account });
    assert.deepEqual(second.summary, summary({ transactions: [5, 0, 6] }));
    await revert(s, f.key, second.id);
    assert.deepEqual(snapshot(s.db, f.familyId), afterFirst, 'days 1–10 (days 5–10 were skipped by the second import) stay');
    assert.equal(rowsOf(s.db, 'transactions', first.id).length, 10);
  });

  test('a reverted import is pending again and publishes the same data again', async () => {
    const f = newFamily(s);
    const account = addAccount(s.db, f.familyId, 'Again');
    const first = await publishNew(s, f.key, { raw_file_content: fixture('transactions-signed-tags.csv'), account_id: account });
    const rows = storedTransactions(s.db, first.id).map(({ id: _id, ...t }) => t);
    await revert(s, f.key, first.id);
    assert.equal(storedTransactions(s.db, first.id).length, 0);
    const d = await publishAgain(s, f.key, first.id);
    assert.equal(d.status, 'complete', d.error);
    assert.deepEqual(d.summary, first.summary);
    assert.deepEqual(storedTransactions(s.db, first.id).map(({ id: _id, ...t }) => t), rows);
  });

  test('NativeImport: after revert the readback is reverted and the counts are back', async () => {
    const f = newFamily(s, { defaultCategories: false });
    const before = kindCounts(s.db, f.familyId);
    const published = await publishNew(s, f.key, { type: 'NativeImport', raw_file_content: FULL_EXPORT });
    assert.equal(published.verification.readback.status, 'matched');
    const d = await revert(s, f.key, published.id);
    assert.equal(d.verification.readback.status, 'reverted');
    assert.deepEqual(d.verification.expected_record_counts, linesByKind(FULL_EXPORT));
    assert.deepEqual(kindCounts(s.db, f.familyId), before);
  });

  test('revert of a pending import → 422 not_revertable with import_id; nothing queued', async () => {
    const f = newFamily(s);
    const account = addAccount(s.db, f.familyId, 'Never published');
    const c = await s.api('POST', '/api/v1/imports', { key: f.key, json: { raw_file_content: 'date,amount\n2024-01-01,1.00\n', account_id: account } });
    assert.equal(c.status, 201);
    const r = await s.api('POST', `/api/v1/imports/${c.body.data.id}/revert`, { key: f.key });
    assert.equal(r.status, 422);
    assert.equal(r.body.error, 'not_revertable');
    assert.equal(r.body.import_id, c.body.data.id);
    assert.equal(s.db.prepare('SELECT count(*) FROM jobs WHERE import_id = ?').pluck().get(c.body.data.id), 0);
    assert.equal((await settled(s, f.key, c.body.data.id)).status, 'pending');
  });
});

describe('the HTTP side stays responsive while a large import is written', () => {
  let s: TestServer;
  before(async () => {
    s = await startServer({}, { publishing: true });
  });
  after(() => s.close());

  test('GET /api/v1/categories answers while a 50,000-row publish runs', { timeout: 180_000 }, async (t) => {
    const f = newFamily(s);
    const account = addAccount(s.db, f.familyId, 'Big');
    const n = 50_000;
    const r = await s.api('POST', '/api/v1/imports', { key: f.key, json: { raw_file_content: bankCsv(n), account_id: account, publish: 'true' } });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    const id = r.body.data.id;
    const jobStatus = () => s.db.prepare('SELECT status FROM jobs WHERE import_id = ?').pluck().get(id);
    await until('the worker to start the job', () => (jobStatus() === 'queued' ? undefined : true), 30_000, 5);
    let during = 0;
    let max = 0;
    let requests = 0;
    const started = Date.now();
    await until('the publish to finish', async () => {
      const runningBefore = jobStatus() === 'running';
      const t0 = performance.now();
      const c = await s.api('GET', '/api/v1/categories', { key: f.key });
      const ms = performance.now() - t0;
      assert.equal(c.status, 200);
      assert.ok(c.body.categories.length > 0);
      requests++;
      max = Math.max(max, ms);
      // Sent and answered while the job was running: the write did not block the HTTP side.
      if (runningBefore && jobStatus() === 'running') during++;
      return jobStatus() === 'running' ? undefined : true;
    }, 120_000, 10);
    const d = await terminal(s, f.key, id, 60_000);
    assert.equal(d.status, 'complete', d.error);
    assert.deepEqual(d.summary, summary({ transactions: [n, 0, 0] }));
    assert.equal(rowsOf(s.db, 'transactions', id).length, n);
    assert.ok(during > 0, `a categories request was answered during the write (${requests} requests)`);
    t.diagnostic(`write took ~${Date.now() - started} ms; ${during} of ${requests} categories requests answered during it; max latency ${max.toFixed(1)} ms`);
  });
});
