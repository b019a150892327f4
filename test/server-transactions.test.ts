// GET /api/v1/transactions and GET /api/v1/transactions/:id (SPEC §3.11) over real HTTP: what a
// publish wrote, in the Transaction shape (checked against server/openapi.json by the helper),
// each filter, newest first and paged, another family's records behaving as absent, malformed
// filters answered 400, and an import's transactions gone after its revert.

import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { newFamily, publishAgain, publishNew, revert } from './publish-helpers.ts';
import { startServer, type Json, type TestServer } from './server-helpers.ts';

const CSV = [
  'date,name,amount,category,tags,notes',
  '2024-01-05,Corner Grocer,-42.50,Groceries,food|weekly,Saturday shop',
  '2024-01-06,ACME Payroll,2500.00,,,January salary',
  '2024-02-01,Cinema,-18.00,Entertainment,fun,',
  '2024-02-03,Corner Grocer,-12.10,Groceries,food,',
].join('\n') + '\n';

describe('transactions', () => {
  let s: TestServer;
  let f: { familyId: string; key: string };
  let account: Json;
  let imported: Json;
  before(async () => {
    s = await startServer({ RATE_LIMIT_PER_HOUR: '1000000' }, { publishing: true });
    f = newFamily(s);
    account = (await s.api('POST', '/api/v1/accounts', { key: f.key, json: { name: 'Everyday', account_type: 'depository', currency: 'USD' } })).body;
    imported = await publishNew(s, f.key, { raw_file_content: CSV, account_id: account.id });
    assert.equal(imported.status, 'complete', imported.error);
  });
  after(() => s.close());

  const list = async (query: string, key = f.key) => {
    const r = await s.api('GET', `/api/v1/transactions${query}`, { key });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return r.body as Json;
  };

  test('the shape: exact amount in the ledger sign, cents both ways, account, category, tags, import', async () => {
    const all = await list('');
    assert.equal(all.pagination.total_count, 4);
    const grocer = all.transactions.find((t: Json) => t.date === '2024-01-05');
    assert.deepEqual(
      [grocer.amount, grocer.amount_cents, grocer.signed_amount_cents, grocer.classification, grocer.currency, grocer.notes],
      ['42.50', 4250, -4250, 'expense', 'USD', 'Saturday shop'],
    );
    assert.deepEqual(grocer.account, { id: account.id, name: 'Everyday', account_type: 'depository' });
    assert.equal(grocer.category.name, 'Groceries');
    assert.deepEqual(grocer.tags.map((t: Json) => t.name), ['food', 'weekly']);
    assert.deepEqual(grocer.split_lines, []);
    assert.equal(grocer.import_id, imported.id);
    assert.equal(typeof grocer.external_id, 'string');
    const pay = all.transactions.find((t: Json) => t.name === 'ACME Payroll');
    assert.deepEqual([pay.amount, pay.amount_cents, pay.signed_amount_cents, pay.classification, pay.category], ['-2500.00', 250000, 250000, 'income', null]);
    const one = await s.api('GET', `/api/v1/transactions/${grocer.id}`, { key: f.key });
    assert.deepEqual(one.body, grocer);
  });

  test('newest first, then paged', async () => {
    const all = await list('');
    assert.deepEqual(all.transactions.map((t: Json) => t.date), ['2024-02-03', '2024-02-01', '2024-01-06', '2024-01-05']);
    const p2 = await list('?per_page=3&page=2');
    assert.deepEqual(p2.transactions.map((t: Json) => t.date), ['2024-01-05']);
    assert.deepEqual(p2.pagination, { page: 2, per_page: 3, total_count: 4, total_pages: 2 });
  });

  test('a day\'s transactions list the file\'s later rows first, whatever order the days come in', async () => {
    // (PostgreSQL writes a batch in date order, ids given anew: pg/ledger.ts inKeyOrder.)
    const g = newFamily(s);
    const acct = (await s.api('POST', '/api/v1/accounts', { key: g.key, json: { name: 'Days', account_type: 'depository' } })).body.id;
    const rows = [['2024-05-02', 'B1'], ['2024-05-01', 'A1'], ['2024-05-02', 'B2'], ['2024-05-03', 'C1'], ['2024-05-01', 'A2'], ['2024-05-02', 'B3']];
    const file = 'date,name,amount\n' + rows.map(([d, n], i) => `${d},${n},-${i + 1}.00\n`).join('');
    assert.equal((await publishNew(s, g.key, { raw_file_content: file, account_id: acct })).status, 'complete');
    const r = await s.api('GET', '/api/v1/transactions', { key: g.key });
    assert.deepEqual(r.body.transactions.map((t: Json) => t.name), ['C1', 'B3', 'B2', 'B1', 'A2', 'A1']);
  });

  const filters: [string, (ctx: { account: Json; imported: Json; category: string }) => string, string[]][] = [
    ['account_id', (c) => `?account_id=${c.account.id}`, ['2024-02-03', '2024-02-01', '2024-01-06', '2024-01-05']],
    ['import_id', (c) => `?import_id=${c.imported.id}`, ['2024-02-03', '2024-02-01', '2024-01-06', '2024-01-05']],
    ['category_id', (c) => `?category_id=${c.category}`, ['2024-02-03', '2024-01-05']],
    ['a date range, both ends inclusive', () => '?start_date=2024-01-06&end_date=2024-02-01', ['2024-02-01', '2024-01-06']],
    ['search in the name, without case', () => '?search=grocer', ['2024-02-03', '2024-01-05']],
    ['search in the notes', () => '?search=SALARY', ['2024-01-06']],
    ['filters together', (c) => `?category_id=${c.category}&start_date=2024-02-01`, ['2024-02-03']],
  ];
  for (const [name, query, dates] of filters) {
    test(`filter: ${name}`, async () => {
      const all = await list('');
      const category = all.transactions.find((t: Json) => t.category?.name === 'Groceries').category.id;
      const r = await list(query({ account, imported, category }));
      assert.deepEqual(r.transactions.map((t: Json) => t.date), dates);
      assert.equal(r.pagination.total_count, dates.length);
    });
  }

  const bad: [string, string][] = [
    ['a malformed account_id', '?account_id=nope'], ['an impossible day', '?start_date=2024-02-30'], ['a day in another form', '?end_date=05/01/2024'],
    ['page 0', '?page=0'],
  ];
  for (const [name, query] of bad) {
    test(`400 bad_request for ${name}`, async () => {
      const r = await s.api('GET', `/api/v1/transactions${query}`, { key: f.key });
      assert.equal(r.status, 400);
      assert.equal(r.body.error, 'bad_request');
    });
  }

  test('another family sees none of them: an empty list, filters by foreign ids match nothing, a foreign id is 404', async () => {
    const other = newFamily(s);
    assert.equal((await list('', other.key)).pagination.total_count, 0);
    assert.equal((await list(`?account_id=${account.id}`, other.key)).pagination.total_count, 0);
    const id = (await list('')).transactions[0].id;
    const foreign = await s.api('GET', `/api/v1/transactions/${id}`, { key: other.key });
    const missing = await s.api('GET', `/api/v1/transactions/${randomUUID()}`, { key: other.key });
    assert.equal(foreign.status, 404);
    assert.deepEqual(foreign.body, missing.body);
  });

  test('after a revert the import\'s transactions are gone', async () => {
    const g = newFamily(s);
    const a = (await s.api('POST', '/api/v1/accounts', { key: g.key, json: { name: 'Side', account_type: 'depository', currency: 'USD' } })).body;
    const d = await publishNew(s, g.key, { raw_file_content: 'date,name,amount\n2024-03-01,Tea,-3.00\n', account_id: a.id });
    assert.equal((await list(`?import_id=${d.id}`, g.key)).pagination.total_count, 1);
    const r = await revert(s, g.key, d.id);
    assert.equal(r.status, 'pending', r.error);
    assert.equal((await list(`?import_id=${d.id}`, g.key)).pagination.total_count, 0);
  });
});

// An import's transactions are read through the rowid range its publish wrote (store/sqlite/imports.ts
// transactionRange). Reverting the newest import frees the highest rowids, which the next publish
// takes again: every import must still list exactly its own rows, and a revert delete only them.
describe('an import\'s transactions through reverts, reused rowids and republishing', () => {
  let s: TestServer;
  before(async () => {
    s = await startServer({}, { publishing: true });
  });
  after(() => s.close());

  const csv = (prefix: string, n: number) =>
    'date,name,amount\n' + Array.from({ length: n }, (_, i) => `2024-03-${String(10 + i).padStart(2, '0')},${prefix} ${i},-${i + 1}.00\n`).join('');

  test('each import lists exactly its own rows, whatever happened before', async () => {
    const f = newFamily(s);
    const acct = (await s.api('POST', '/api/v1/accounts', { key: f.key, json: { name: 'A', account_type: 'depository' } })).body.id;
    const count = async (id: string) => {
      const r = await s.api('GET', `/api/v1/transactions?import_id=${id}&per_page=100`, { key: f.key });
      assert.ok(r.body.transactions.every((t: Json) => t.import_id === id));
      return r.body.pagination.total_count as number;
    };
    const a = await publishNew(s, f.key, { raw_file_content: csv('A', 4), account_id: acct });
    const b = await publishNew(s, f.key, { raw_file_content: csv('B', 3), account_id: acct });
    assert.equal((await revert(s, f.key, b.id)).status, 'pending');
    assert.equal(await count(b.id), 0);
    const c = await publishNew(s, f.key, { raw_file_content: csv('C', 5), account_id: acct }); // takes B's rowids
    assert.equal((await publishAgain(s, f.key, b.id)).status, 'complete');
    assert.deepEqual([await count(a.id), await count(b.id), await count(c.id)], [4, 3, 5]);
    assert.equal((await revert(s, f.key, c.id)).status, 'pending');
    assert.deepEqual([await count(a.id), await count(b.id), await count(c.id)], [4, 3, 0]);
    const all = await s.api('GET', `/api/v1/transactions?account_id=${acct}&per_page=100`, { key: f.key });
    assert.deepEqual(all.body.transactions.map((t: Json) => t.name.split(' ')[0]).sort(), ['A', 'A', 'A', 'A', 'B', 'B', 'B']);
  });
});
