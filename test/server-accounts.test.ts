// GET /api/v1/accounts, GET /api/v1/accounts/:id and POST /api/v1/accounts (SPEC §3.11) over real
// HTTP against the real app: shapes (every response is checked against server/openapi.json by the
// helper), name order and paging, validation listing every problem with nothing stored, scopes,
// another family's accounts behaving as absent, and the balance moving with a publish and back
// with its revert.

import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { newFamily, publishNew, revert } from './publish-helpers.ts';
import { addUser, startServer, type Json, type TestServer } from './server-helpers.ts';

const count = (s: TestServer, familyId: string) =>
  [s.db.prepare('SELECT count(*) FROM accounts WHERE family_id = ?').pluck().get(familyId), s.db.prepare('SELECT count(*) FROM valuations WHERE family_id = ?').pluck().get(familyId)];

describe('accounts', () => {
  let s: TestServer;
  before(async () => {
    s = await startServer({ DEFAULT_CURRENCY: 'EUR', RATE_LIMIT_PER_HOUR: '1000000' }, { publishing: true });
  });
  after(() => s.close());

  test('POST creates an account with its opening balance; GET shows it', async () => {
    const f = newFamily(s);
    const r = await s.api('POST', '/api/v1/accounts', {
      key: f.key, json: { name: 'Everyday', account_type: 'depository', currency: 'usd', balance: '1250.00', balance_date: '2024-01-01', subtype: 'checking' },
    });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    const a = r.body as Json;
    assert.deepEqual(
      [a.name, a.balance, a.currency, a.classification, a.account_type, a.subtype],
      ['Everyday', '1250.00', 'USD', 'asset', 'depository', 'checking'],
    );
    const again = await s.api('GET', `/api/v1/accounts/${a.id}`, { key: f.key });
    assert.deepEqual(again.body, a);
  });

  test('defaults: DEFAULT_CURRENCY, no balance is zero, a liability is classified so', async () => {
    const f = newFamily(s);
    const r = await s.api('POST', '/api/v1/accounts', { key: f.key, json: { name: 'Visa', account_type: 'credit_card' } });
    assert.equal(r.status, 201);
    assert.deepEqual([r.body.currency, r.body.balance, r.body.classification, r.body.subtype], ['EUR', '0', 'liability', null]);
  });

  const invalid: [string, Record<string, unknown>, RegExp[]][] = [
    ['nothing at all', {}, [/name is required/, /account_type is required/]],
    ['an unknown type and currency', { name: 'X', account_type: 'checking', currency: 'EURO' }, [/account_type must be one of/, /ISO 4217/]],
    ['a balance as a JSON number (a float)', { name: 'X', account_type: 'depository', balance: 12.5 }, [/decimal string/]],
    ['a balance that is no decimal', { name: 'X', account_type: 'depository', balance: '1,250.00' }, [/not a decimal/]],
    ['a bad and a future day', { name: 'X', account_type: 'loan', balance: '1', balance_date: '2024-02-30' }, [/not a day/]],
    ['a day in the future', { name: 'X', account_type: 'loan', balance: '1', balance_date: '2999-01-01' }, [/in the future/]],
    ['a day without a balance', { name: 'X', account_type: 'loan', balance_date: '2024-01-01' }, [/needs a balance/]],
    ['an unknown field', { name: 'X', account_type: 'loan', iban: 'DE00' }, [/iban is not a field/]],
    ['a name of the wrong type', { name: 42, account_type: 'loan' }, [/name must be a string/, /name is required/]],
  ];
  for (const [name, body, wants] of invalid) {
    test(`422 validation_failed for ${name}, listing every problem, nothing stored`, async () => {
      const f = newFamily(s);
      const before = count(s, f.familyId);
      const r = await s.api('POST', '/api/v1/accounts', { key: f.key, json: body });
      assert.equal(r.status, 422);
      assert.equal(r.body.error, 'validation_failed');
      for (const w of wants) assert.ok(r.body.errors.some((e: string) => w.test(e)), `${w} in ${JSON.stringify(r.body.errors)}`);
      assert.deepEqual(count(s, f.familyId), before);
    });
  }

  test('a name the family has (in any case) is refused; another family may use it', async () => {
    const f = newFamily(s);
    assert.equal((await s.api('POST', '/api/v1/accounts', { key: f.key, json: { name: 'Savings', account_type: 'depository' } })).status, 201);
    const dup = await s.api('POST', '/api/v1/accounts', { key: f.key, json: { name: 'SAVINGS', account_type: 'depository' } });
    assert.equal(dup.status, 422);
    assert.match(dup.body.errors.join(' '), /exists/);
    const g = newFamily(s);
    assert.equal((await s.api('POST', '/api/v1/accounts', { key: g.key, json: { name: 'Savings', account_type: 'depository' } })).status, 201);
  });

  test('the list is in name order without case, paged', async () => {
    const f = newFamily(s);
    for (const name of ['b Savings', 'A Checking', 'c Card']) {
      await s.api('POST', '/api/v1/accounts', { key: f.key, json: { name, account_type: 'depository' } });
    }
    const all = await s.api('GET', '/api/v1/accounts', { key: f.key });
    assert.deepEqual(all.body.accounts.map((a: Json) => a.name), ['A Checking', 'b Savings', 'c Card']);
    const page2 = await s.api('GET', '/api/v1/accounts?page=2&per_page=2', { key: f.key });
    assert.deepEqual(page2.body.accounts.map((a: Json) => a.name), ['c Card']);
    assert.deepEqual(page2.body.pagination, { page: 2, per_page: 2, total_count: 3, total_pages: 2 });
  });

  test('a read key lists but cannot create (403); another family\'s account is 404 like a missing one', async () => {
    const f = newFamily(s);
    const created = await s.api('POST', '/api/v1/accounts', { key: f.key, json: { name: 'Mine', account_type: 'depository' } });
    const reader = addUser(s.db, { familyId: f.familyId, email: `reader-${randomUUID()}@example.com`, scope: 'read' });
    assert.equal((await s.api('GET', '/api/v1/accounts', { key: reader.key })).body.accounts.length, 1);
    const refused = await s.api('POST', '/api/v1/accounts', { key: reader.key, json: { name: 'Other', account_type: 'depository' } });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.error, 'insufficient_scope');
    const stranger = newFamily(s);
    const foreign = await s.api('GET', `/api/v1/accounts/${created.body.id}`, { key: stranger.key });
    const missing = await s.api('GET', `/api/v1/accounts/${randomUUID()}`, { key: stranger.key });
    assert.equal(foreign.status, 404);
    assert.deepEqual(foreign.body, missing.body);
    assert.equal((await s.api('GET', '/api/v1/accounts', { key: stranger.key })).body.accounts.length, 0);
  });

  test('the balance moves with what a publish wrote after the opening day, and comes back with its revert', async () => {
    const f = newFamily(s);
    const a = (await s.api('POST', '/api/v1/accounts', {
      key: f.key, json: { name: 'Everyday', account_type: 'depository', currency: 'USD', balance: '1000.00', balance_date: '2024-01-01' },
    })).body;
    const csv = 'date,name,amount\n2023-12-31,Before the opening,-99.00\n2024-01-05,Coffee,-4.50\n2024-01-06,Salary,2500.00\n';
    const d = await publishNew(s, f.key, { raw_file_content: csv, account_id: a.id });
    assert.equal(d.status, 'complete', d.error);
    const after = (await s.api('GET', `/api/v1/accounts/${a.id}`, { key: f.key })).body;
    assert.equal(after.balance, '3495.50', 'opening 1000.00 − 4.50 + 2500.00; the row before the opening day is in it already');
    const r = await revert(s, f.key, d.id);
    assert.equal(r.status, 'pending', r.error);
    assert.equal((await s.api('GET', `/api/v1/accounts/${a.id}`, { key: f.key })).body.balance, '1000.00');
  });

  test('a liability owes more after spending', async () => {
    const f = newFamily(s);
    const a = (await s.api('POST', '/api/v1/accounts', {
      key: f.key, json: { name: 'Card', account_type: 'credit_card', currency: 'USD', balance: '200.00', balance_date: '2024-01-01' },
    })).body;
    const d = await publishNew(s, f.key, { raw_file_content: 'date,name,amount\n2024-01-05,Shop,-50.00\n', account_id: a.id });
    assert.equal(d.status, 'complete', d.error);
    assert.equal((await s.api('GET', `/api/v1/accounts/${a.id}`, { key: f.key })).body.balance, '250.00');
  });
});
