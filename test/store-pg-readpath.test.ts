// The PostgreSQL store's users, families, accounts, categories and transactions (server/store/pg/)
// against the SQLite store's, side by side: the same operations on both, the same answers. Where the
// stores make ids and timestamps themselves (users, families, accounts and categories created
// through the stores), each answer is compared with its ids replaced by their order of first
// appearance in that store's answers (the same records in the same order on both) and timestamps
// by a mark; for transactions, rows are written by SQL with the same ids into both databases, and
// the answers are compared as they are. The data is chosen where the dialects part: case folding
// (ASCII only on both, for emails, names and searches), `%` and `_` in a search, equal dates ordered
// by id, money of three scales, excluded transactions, a valuation that moves the balance's start.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'node:test';
import type { AccountStore, CategoryStore, FamilyStore, TransactionQuery, TransactionStore, UserStore } from '../server/store/store.ts';
import { openSqliteStore } from '../server/store/sqlite/store.ts';
import { openPgDb } from '../server/store/pg/db.ts';
import { pgAccounts } from '../server/store/pg/accounts.ts';
import { pgCategories } from '../server/store/pg/categories.ts';
import { pgFamilies } from '../server/store/pg/families.ts';
import { pgTransactions } from '../server/store/pg/transactions.ts';
import { pgUsers } from '../server/store/pg/users.ts';
import { pgHarness, type PgHarness } from './pg-helpers.ts';

const found = await pgHarness();
const skip = typeof found === 'string' && `no PostgreSQL: ${found}`;

interface Parts {
  users: UserStore;
  families: FamilyStore;
  accounts: AccountStore;
  categories: CategoryStore;
  transactions: TransactionStore;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const KEY = /^[0-9a-f]{64}$/;

/** Replaces a store's generated ids by `#n` (n: the order in which this store's answers first showed them), timestamps and keys by marks. */
function labeler(): (v: unknown) => unknown {
  const labels = new Map<string, string>();
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') {
      if (UUID.test(v)) return labels.get(v) ?? labels.set(v, `#${labels.size}`).get(v);
      if (TIMESTAMP.test(v)) return '<timestamp>';
      if (KEY.test(v)) return '<key>';
      return v;
    }
    if (v instanceof Map) return [...v].map(walk);
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk;
}

test('the PostgreSQL store reads and writes users, families, accounts, categories and transactions as the SQLite store does', { skip }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-pg-readpath-'));
  const sqlite = openSqliteStore(join(dir, 'sluice.db'));
  const database = await (found as PgHarness).database();
  const pg = await openPgDb(database.url);
  const pgParts: Parts = { users: pgUsers(pg), families: pgFamilies(pg), accounts: pgAccounts(pg), categories: pgCategories(pg), transactions: pgTransactions(pg) };
  const stores = [{ name: 'sqlite', parts: sqlite as Parts, label: labeler() }, { name: 'pg', parts: pgParts, label: labeler() }];

  /** Runs `op` on SQLite, then on PostgreSQL, asserts the answers equal (ids and timestamps labelled unless `raw`), returns both. */
  async function both<T>(what: string, op: (s: Parts, i: number) => Promise<T>, raw = false): Promise<[T, T]> {
    const out: T[] = [];
    for (const [i, s] of stores.entries()) out.push(await op(s.parts, i));
    const [a, b] = out as [T, T];
    if (raw) assert.deepStrictEqual(b, a, what);
    else assert.deepStrictEqual(stores[1]!.label(b), stores[0]!.label(a), what);
    return [a, b];
  }

  try {
    // ---- users, keys, families ----
    const bootstrap = 'ab'.repeat(32);
    const [c1] = await both('create with a new family and the default categories', (s) =>
      s.users.create({ email: 'Ada@Example.com', firstName: 'Ada', lastName: null, scope: 'read_write', family: { name: 'Lovelace', currency: 'GBP', defaultCategories: true }, key: bootstrap }));
    const families = await both('the new families', async (s) => (await s.users.findByEmail('ada@example.com'))!.family_id);
    assert.equal(c1.key, bootstrap);
    await both('create in an existing family', (s, i) =>
      s.users.create({ email: 'Zoë@example.com', firstName: null, lastName: 'Z', scope: 'read', family: { id: families[i] } }));
    await both('create with a new family, no categories', (s) =>
      s.users.create({ email: 'bob@example.com', firstName: 'Bob', lastName: 'B', scope: 'read', family: { name: 'Empty', currency: 'JPY', defaultCategories: false } }));
    await assert.rejects(pgParts.users.create({ email: 'ADA@example.COM', firstName: null, lastName: null, scope: 'read', family: { id: families[1] } }),
      'an email differing only in ASCII case is taken');
    await assert.rejects(sqlite.users.create({ email: 'ADA@example.COM', firstName: null, lastName: null, scope: 'read', family: { id: families[0] } }));
    await both('a failed create left nothing behind', (s) => s.users.count());

    await both('keyOwner of the bootstrap key', (s) => s.users.keyOwner(bootstrap));
    const keys = await both('createKey', async (s) => {
      const u = (await s.users.findByEmail('BOB@EXAMPLE.COM'))!;
      return s.users.createKey(u.id, 'read_write');
    });
    await both('keyOwner of a created key', (s, i) => s.users.keyOwner(keys[i]));
    await both('keyOwner of an unknown key', (s) => s.users.keyOwner('00'.repeat(32)));
    await both('revokeKey', (s, i) => s.users.revokeKey(keys[i]));
    await both('revokeKey again', (s, i) => s.users.revokeKey(keys[i]));
    await both('keyOwner of a revoked key', (s, i) => s.users.keyOwner(keys[i]));
    for (const email of ['ADA@EXAMPLE.COM', 'ada@example.com', 'zoë@EXAMPLE.com', 'ZOË@example.com', 'nobody@example.com']) {
      await both(`findByEmail ${email}`, (s) => s.users.findByEmail(email));
    }
    const [none] = await both('ZOË does not fold to zoë (ASCII only)', (s) => s.users.findByEmail('ZOË@example.com'));
    assert.equal(none, undefined);
    await both('enableAi', async (s) => s.users.enableAi((await s.users.findByEmail('zoë@example.com'))!.id));
    const [count] = await both('count', (s) => s.users.count());
    assert.equal(count, 3);
    await both('firstEmail', (s) => s.users.firstEmail());

    await both('families.currency', (s, i) => s.families.currency(families[i]));
    for (const table of ['categories', 'tags', 'merchants', 'accounts'] as const) {
      await both(`families.nameIndex ${table}`, (s, i) => s.families.nameIndex(families[i], table));
    }
    const [names] = await both('families.names', (s, i) => s.families.names(families[i]));
    assert.ok(names.Category.length > 30);

    // ---- accounts ----
    await both('accounts.create without a balance', (s, i) =>
      s.accounts.create(families[i], { name: 'Everyday', type: 'depository', currency: 'GBP', subtype: 'checking', opening: null }));
    await both('accounts.create a liability with an opening balance', (s, i) =>
      s.accounts.create(families[i], { name: 'visa', type: 'credit_card', currency: 'GBP', subtype: null, opening: { amount: '-120.50', date: '2024-01-01' } }));
    await both('accounts.create an asset with an opening balance', (s, i) =>
      s.accounts.create(families[i], { name: 'Savings', type: 'other_asset', currency: 'GBP', subtype: null, opening: { amount: '1000.005', date: '2023-12-31' } }));
    await both('accounts.create a name whose key sorts between', (s, i) =>
      s.accounts.create(families[i], { name: 'ÉPARGNE', type: 'investment', currency: 'EUR', subtype: null, opening: { amount: '0.10', date: '2024-02-01' } }));
    const [all] = await both('accounts.list', (s, i) => s.accounts.list(families[i], 1, 25));
    assert.equal(all.total, 4);
    await both('accounts.list page 1 of 3 a page', (s, i) => s.accounts.list(families[i], 1, 3));
    await both('accounts.list page 2 of 3 a page', (s, i) => s.accounts.list(families[i], 2, 3));
    await both('accounts.list past the end', (s, i) => s.accounts.list(families[i], 9, 3));
    const visa = await both('visa', async (s, i) => (await s.accounts.list(families[i], 1, 25)).accounts.find((a) => a.name === 'visa')!.id);
    await both('accounts.get', (s, i) => s.accounts.get(families[i], visa[i]));
    await both('accounts.get of another family', async (s, i) => s.accounts.get((await s.users.findByEmail('bob@example.com'))!.family_id, visa[i]));
    await both('accounts.currency', (s, i) => s.accounts.currency(families[i], visa[i]));
    await both('accounts.currency of an unknown account', (s, i) => s.accounts.currency(families[i], '00000000-0000-7000-8000-000000000000'));
    for (const name of ['EVERYDAY', ' Visa ', 'épargne', 'Other']) await both(`accounts.nameTaken ${name}`, (s, i) => s.accounts.nameTaken(families[i], name));
    await both('families.nameIndex accounts', (s, i) => s.families.nameIndex(families[i], 'accounts'));

    // ---- categories ----
    for (const [page, perPage] of [[1, 100], [1, 4], [2, 4], [4, 4], [9, 4]] as const) {
      await both(`categories.list roots only, page ${page} of ${perPage}`, (s, i) =>
        s.categories.list({ familyId: families[i], rootsOnly: true, parentId: null, page, perPage }));
      await both(`categories.list all, page ${page} of ${perPage}`, (s, i) =>
        s.categories.list({ familyId: families[i], rootsOnly: false, parentId: null, page, perPage }));
    }
    const food = await both('Food & Drink', async (s, i) =>
      (await s.categories.list({ familyId: families[i], rootsOnly: true, parentId: null, page: 1, perPage: 100 })).categories.find((c) => c.name === 'Food & Drink')!.id);
    const [kids] = await both('categories.list by parent', (s, i) => s.categories.list({ familyId: families[i], rootsOnly: false, parentId: food[i], page: 1, perPage: 2 }));
    assert.deepEqual([kids.total, kids.categories.map((c) => c.name)], [3, ['Coffee', 'Groceries']]);
    await both('categories.list by parent, page 2', (s, i) => s.categories.list({ familyId: families[i], rootsOnly: false, parentId: food[i], page: 2, perPage: 2 }));
    await both('categories.list roots only and a parent', (s, i) => s.categories.list({ familyId: families[i], rootsOnly: true, parentId: food[i], page: 1, perPage: 2 }));
    await both('categories.get', (s, i) => s.categories.get(families[i], food[i]));
    await both('categories.get of another family', async (s, i) => s.categories.get((await s.users.findByEmail('bob@example.com'))!.family_id, food[i]));

    // ---- transactions: rows with the same ids in both databases ----
    const id = (n: number) => `0190a000-0000-7000-8000-${String(n).padStart(12, '0')}`;
    const [F, OTHER, A1, A2, A3, CAT1, CAT2, CAT3, M1, G1, G2, I1, I3] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13].map(id) as string[];
    const ts = '2024-03-01T10:00:00.000Z';
    const rows: [string, Record<string, unknown>][] = [
      ['families', { id: F, name: 'Seeded', currency: 'EUR', created_at: ts, updated_at: ts }],
      ['families', { id: OTHER, name: 'Other', currency: 'EUR', created_at: ts, updated_at: ts }],
      ['accounts', { id: A1, family_id: F, name: 'Girokonto', name_key: 'girokonto', accountable_type: 'Depository', currency: 'EUR', created_at: ts, updated_at: ts }],
      ['accounts', { id: A2, family_id: F, name: 'Card', name_key: 'card', accountable_type: 'CreditCard', currency: 'EUR', created_at: ts, updated_at: ts }],
      ['accounts', { id: A3, family_id: OTHER, name: 'Theirs', name_key: 'theirs', accountable_type: 'Depository', currency: 'EUR', created_at: ts, updated_at: ts }],
      ['categories', { id: CAT1, family_id: F, name: 'Groceries', name_key: 'groceries', color: '#111111', lucide_icon: 'apple', created_at: ts, updated_at: ts }],
      ['categories', { id: CAT2, family_id: F, name: 'Bakery', name_key: 'bakery', color: '#222222', lucide_icon: 'croissant', parent_id: CAT1, created_at: ts, updated_at: ts }],
      ['categories', { id: CAT3, family_id: OTHER, name: 'Theirs', name_key: 'theirs', color: '#333333', lucide_icon: 'x', created_at: ts, updated_at: ts }],
      ['merchants', { id: M1, family_id: F, name: 'Corner Shop', name_key: 'corner shop', created_at: ts, updated_at: ts }],
      ['tags', { id: G1, family_id: F, name: 'weekly', name_key: 'weekly', color: null, created_at: ts, updated_at: ts }],
      ['tags', { id: G2, family_id: F, name: 'Food', name_key: 'food', color: '#00ff00', created_at: ts, updated_at: ts }],
      ['imports', { id: I1, family_id: F, type: 'TransactionImport', status: 'complete', options: '{}', configuration: '{}', staged: 0, created_at: ts, updated_at: ts }],
      ['imports', { id: I3, family_id: OTHER, type: 'TransactionImport', status: 'complete', options: '{}', configuration: '{}', staged: 0, created_at: ts, updated_at: ts }],
      ['valuations', { id: id(20), family_id: F, account_id: A1, date: '2024-01-01', amount: '100.00', currency: 'EUR', kind: 'opening_anchor', created_at: ts, updated_at: ts }],
      ['valuations', { id: id(21), family_id: F, account_id: A1, date: '2024-01-10', amount: '150.5', currency: 'EUR', created_at: ts, updated_at: ts }],
    ];
    const txn = (n: number, o: Record<string, unknown>) => rows.push(['transactions', {
      id: id(n), family_id: F, account_id: A1, currency: 'EUR', notes: null, category_id: null, merchant_id: null, excluded: 0,
      identity: `identity-${n}`, source_id: null, import_id: null, created_at: ts, updated_at: `2024-03-0${n % 9 + 1}T10:00:00.000Z`, ...o,
    }]);
    txn(30, { date: '2024-01-05', amount: '42.50', name: 'CORNER Grocer', notes: 'Saturday shop', category_id: CAT1, merchant_id: M1, import_id: I1 });
    txn(31, { date: '2024-01-05', amount: '-2500.00', name: 'ACME Payroll', notes: 'January SALARY', import_id: I1, source_id: 'ext-31' });
    txn(32, { date: '2024-01-12', amount: '18.005', name: 'Save 50% off', category_id: CAT2, import_id: I1 });
    txn(33, { date: '2024-01-12', amount: '7', name: 'a_x bakery', notes: 'under_score', category_id: CAT2 });
    txn(34, { date: '2024-02-01', amount: '3.10', name: 'abx', notes: '50 percent' });
    txn(35, { date: '2024-02-03', amount: '12.00', name: 'Éclair', notes: 'éclair au café', excluded: 1 });
    txn(36, { date: '2024-02-03', amount: '-0.01', name: 'refund', account_id: A2, currency: 'JPY' });
    txn(37, { date: '2024-02-10', amount: '99.99', name: 'corner grocer', account_id: A2, category_id: CAT1 });
    rows.push(['transactions', {
      id: id(38), family_id: OTHER, account_id: A3, date: '2024-01-20', amount: '1.00', currency: 'EUR', name: 'Corner Grocer', category_id: CAT3,
      import_id: I3, created_at: ts, updated_at: ts,
    }]);
    rows.push(
      ['transaction_tags', { transaction_id: id(30), tag_id: G1 }],
      ['transaction_tags', { transaction_id: id(30), tag_id: G2 }],
      ['transaction_tags', { transaction_id: id(37), tag_id: G2 }],
      ['split_lines', { id: id(41), family_id: F, transaction_id: id(30), position: 1, amount: '12.50', currency: 'EUR', name: null, category_id: CAT2, created_at: ts, updated_at: ts }],
      ['split_lines', { id: id(40), family_id: F, transaction_id: id(30), position: 0, amount: '30.00', currency: 'EUR', name: 'food', category_id: CAT1, created_at: ts, updated_at: ts }],
    );
    for (const [table, row] of rows) {
      const cols = Object.keys(row);
      sqlite.db.prepare(`INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`).run(...Object.values(row));
      await pg.run(`INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')})`, Object.values(row));
    }
    // An import's transactions are found by the range its publish recorded: of rowids on SQLite
    // (sqlite/imports.ts), of ids on PostgreSQL (pg/imports.ts ownTransactions).
    for (const imp of [I1, I3]) {
      sqlite.db.prepare('UPDATE imports SET tx_rowid_from = (SELECT min(rowid) FROM transactions WHERE import_id = ?), tx_rowid_to = (SELECT max(rowid) FROM transactions WHERE import_id = ?) WHERE id = ?')
        .run(imp, imp, imp);
      await pg.run('UPDATE imports SET (tx_id_from, tx_id_to) = (SELECT min(id), max(id) FROM transactions WHERE import_id = $1) WHERE id = $1', [imp]);
    }

    const q = (o: Partial<TransactionQuery>): TransactionQuery => ({
      familyId: F, accountId: null, categoryId: null, importId: null, startDate: null, endDate: null, search: null, page: 1, perPage: 25, ...o,
    });
    const list = (what: string, query: TransactionQuery, expected: string[]) => both(`transactions.list ${what}`, (s) => s.transactions.list(query), true).then(([r]) => assert.deepEqual(r.transactions.map((x) => x.id.slice(-2)), expected, `${what}: the SQLite store's answer`));

    await list('all', q({}), ['37', '36', '35', '34', '33', '32', '31', '30']);
    await list('page 1 of 3', q({ perPage: 3 }), ['37', '36', '35']);
    await list('page 3 of 3', q({ page: 3, perPage: 3 }), ['31', '30']);
    await list('past the end', q({ page: 4, perPage: 3 }), []);
    await list('account', q({ accountId: A2 }), ['37', '36']);
    await list("another family's account", q({ accountId: A3 }), []);
    await list('category', q({ categoryId: CAT2 }), ['33', '32']);
    await list("another family's category", q({ categoryId: CAT3 }), []);
    await list('import', q({ importId: I1 }), ['32', '31', '30']);
    await list("another family's import", q({ importId: I3 }), []);
    await list('date range', q({ startDate: '2024-01-05', endDate: '2024-02-01' }), ['34', '33', '32', '31', '30']);
    await list('start date', q({ startDate: '2024-02-02' }), ['37', '36', '35']);
    await list('end date', q({ endDate: '2024-01-11' }), ['31', '30']);
    await list('search, mixed case', q({ search: 'cOrNeR gRoCeR' }), ['37', '30']);
    await list('search in the notes', q({ search: 'salary' }), ['31']);
    await list('search with % (a character, not a pattern)', q({ search: '50%' }), ['32']);
    await list('search with _ (a character, not a pattern)', q({ search: 'A_X' }), ['33']);
    await list('search with _ in the notes', q({ search: 'r_s' }), ['33']);
    await list('search: SQLite lower() folds ASCII only (É is not é)', q({ search: 'éclair' }), ['35']);
    await list('search: a non-ASCII capital in the search is lower-cased', q({ search: 'AU CAFÉ' }), ['35']);
    await list('search for a lone %', q({ search: '%' }), ['32']);
    await list('filters together', q({ accountId: A1, categoryId: CAT2, startDate: '2024-01-12', search: 'BAKERY', perPage: 1 }), ['33']);
    await list('filters together, page 2', q({ accountId: A1, categoryId: CAT2, startDate: '2024-01-01', perPage: 1, page: 2 }), ['32']);
    await list('import and account', q({ importId: I1, accountId: A1, search: 'grocer' }), ['30']);
    await list('import of another family with its account', q({ familyId: OTHER, importId: I3, accountId: A3 }), ['38']);

    for (const n of [30, 31, 35, 36, 38]) await both(`transactions.get ${n}`, (s) => s.transactions.get(F, id(n)), true);
    const [shown] = await both('transactions.get with tags and split lines', (s) => s.transactions.get(F, id(30)), true);
    assert.deepEqual([shown!.tags.map((g) => g.name), shown!.split_lines.map((l) => l.amount)], [['Food', 'weekly'], ['30.00', '12.50']]);

    // Balances from rows written by SQL: the latest valuation, then what is dated after it (not excluded).
    const [accounts] = await both('accounts.list of the seeded family', (s) => s.accounts.list(F, 1, 10), true);
    assert.deepEqual(accounts.accounts.map((a) => [a.name, a.balance]), [['Card', '99.98'], ['Girokonto', '122.395']]);
    await both('families.names of the seeded family', (s) => s.families.names(F), true);
    await both('families.nameIndex tags of the seeded family', (s) => s.families.nameIndex(F, 'tags'), true);
  } finally {
    await pg.close();
    await database.drop();
    await sqlite.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
