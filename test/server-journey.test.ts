// The whole journey through the API (issue 13, SPEC §3.11), as the README's server section walks it,
// over real HTTP against the real app with its publish worker: create an account → import a CSV
// into it with publish "true" → poll to complete → list that import's transactions → PATCH a
// second, mis-configured import until it is publishable → preflight a third file → revert the
// first → its transactions are gone and the account's balance is back.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { settled, terminal } from './publish-helpers.ts';
import { startServer, type Json, type TestServer } from './server-helpers.ts';

let s: TestServer;
before(async () => {
  s = await startServer({ RATE_LIMIT_PER_HOUR: '1000000' }, { publishing: true });
});
after(() => s.close());

test('account → import and publish → transactions → PATCH → preflight → revert', async () => {
  // 1. The account to import into, with its opening balance.
  const account = await s.api('POST', '/api/v1/accounts', {
    json: { name: 'Everyday', account_type: 'depository', currency: 'USD', balance: '1000.00', balance_date: '2024-01-01' },
  });
  assert.equal(account.status, 201);
  const accountId = account.body.id;

  // 2. A CSV, published on create; polled until it is complete.
  const csv = 'Date,Description,Amount\n01/05/2024,Coffee,-4.50\n01/15/2024,Salary,2500.00\n';
  const created = await s.api('POST', '/api/v1/imports', { json: { raw_file_content: csv, account_id: accountId, publish: 'true' } });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const first = await terminal(s, s.key, created.body.data.id);
  assert.equal(first.status, 'complete', first.error);
  assert.equal((await s.api('GET', `/api/v1/accounts/${accountId}`)).body.balance, '3495.50');

  // 3. What it wrote.
  const tx = await s.api('GET', `/api/v1/transactions?import_id=${first.id}`);
  assert.deepEqual(tx.body.transactions.map((t: Json) => [t.date, t.name, t.amount]), [['2024-01-15', 'Salary', '-2500.00'], ['2024-01-05', 'Coffee', '4.50']]);

  // 4. A second import with wrong options, corrected by PATCH until it is publishable.
  const german = 'Buchungstag;Betrag;Empfänger\n05.02.2024;-12,00;Bäckerei\n';
  const second = await s.api('POST', '/api/v1/imports', { json: { raw_file_content: german, number_format: '1,234.56' } });
  assert.equal(second.status, 201);
  assert.equal(second.body.data.status_detail.publishable, false);
  const patched = await s.api('PATCH', `/api/v1/imports/${second.body.data.id}`, { json: { number_format: '1.234,56', account_id: accountId } });
  assert.equal(patched.status, 200, JSON.stringify(patched.body));
  assert.equal(patched.body.data.status_detail.publishable, true);

  // 5. A third file, tried without storing anything.
  const before = (await s.api('GET', '/api/v1/imports')).body.meta.total_count;
  const tried = await s.api('POST', '/api/v1/imports/preflight', { json: { raw_file_content: csv, account_id: accountId } });
  assert.equal(tried.status, 200);
  assert.equal(tried.body.data.publishable, true);
  assert.equal((await s.api('GET', '/api/v1/imports')).body.meta.total_count, before);

  // 6. Revert the first: its transactions are gone and the balance is back.
  const reverted = await s.api('POST', `/api/v1/imports/${first.id}/revert`);
  assert.equal(reverted.status, 202);
  const back = await settled(s, s.key, first.id);
  assert.equal(back.status, 'pending', back.error);
  assert.equal((await s.api('GET', `/api/v1/transactions?import_id=${first.id}`)).body.pagination.total_count, 0);
  assert.equal((await s.api('GET', `/api/v1/accounts/${accountId}`)).body.balance, '1000.00');
});
