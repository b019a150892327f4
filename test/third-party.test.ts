// Budgeting-app exports (SPEC §2.7; issue 6): Mint, Actual and YNAB layouts read by the engine,
// then the same files through the server: POST with the type, rows via GET /imports/:id/rows, and
// publishing into the ledger.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { readAll } from './helpers.ts';
import type { ImportType } from '../engine/node.ts';
import { startServer, type TestServer } from './server-helpers.ts';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/thirdparty/${name}`, import.meta.url));
const TODAY = '2026-11-22';

type Want = Record<string, unknown> & { line: number; valid?: boolean; codes?: string[] };

const cases: [ImportType, string, string, Want[], Record<string, string>?][] = [
  ['ThirdPartyAImport', 'mint-mixed-case-types.csv', 'Mint: the type decides the sign, in any case; magnitudes; labels; original description', [
    { line: 2, valid: true, amount: '1234.00', signed_amount: '1234.00', tags: ['Food', 'Weekly'], notes: 'SAFEWAY #1234', name: 'Grocery Store', account: 'Checking' },
    { line: 3, valid: true, amount: '2500.00', signed_amount: '-2500.00', notes: 'Monthly pay' },
    { line: 4, valid: true, amount: '12.50', signed_amount: '-12.50' },
    { line: 5, valid: false, codes: ['ROW_VALUE_INVALID'] },
  ]],
  ['ThirdPartyBImport', 'actual-split-rows.csv', 'Actual: split parents carry the total, their lines point at them; Group: Category; payee from notes', [
    { line: 2, valid: true, amount: '-100.00', signed_amount: '100.00', split_parent_line: null, name: 'Supermarket' },
    { line: 3, valid: true, amount: '-60.00', split_parent_line: 2, category: 'Groceries', category_parent: 'Food' },
    { line: 4, valid: true, amount: '-40.00', split_parent_line: 2, category: 'Supplies', category_parent: 'Home' },
    { line: 5, valid: true, name: 'Salary (no payee)', signed_amount: '-2500.00', split_parent_line: null },
    { line: 6, valid: true, amount: '-50.00' },
    { line: 7, valid: false, codes: ['ROW_SPLIT_MISMATCH'], split_parent_line: 6 },
  ]],
  ['ThirdPartyCImport', 'ynab4-rtl-currency.csv', 'YNAB4: right-to-left currency prefix, Master/Sub Category, payee from memo', [
    { line: 2, valid: true, amount: '-4.750', signed_amount: '4.750', category: 'Food', category_parent: 'Everyday', name: 'shop1' },
    { line: 3, valid: true, amount: '1500.250', signed_amount: '-1500.250', category: 'Salary', category_parent: 'Income', name: 'Pay day' },
  ], { date_format: '%Y/%m/%d' }],
  ['ThirdPartyCImport', 'ynab-register.csv', 'YNAB: $1,500.00 magnitudes, inflow − outflow', [
    { line: 2, valid: true, amount: '-1500.00', signed_amount: '1500.00', category: 'Rent', category_parent: 'Housing', notes: 'January rent' },
    { line: 3, valid: true, amount: '2500.00', signed_amount: '-2500.00', name: 'Monthly salary' },
  ]],
  ['ThirdPartyCImport', 'ynab-single-amount.csv', 'YNAB: a single signed Amount column also works', [
    { line: 2, valid: true, amount: '-3.20', signed_amount: '3.20', date: '2024-01-05' },
  ], { date_format: '%Y-%m-%d' }],
];

describe('budgeting-app exports in the engine', () => {
  for (const [type, file, name, want, options] of cases) {
    test(`${file}: ${name}`, async () => {
      const { rows } = await readAll({ path: fixture(file) }, { type, today: TODAY, ...options });
      assert.equal(rows.length, want.length);
      want.forEach(({ line, valid, codes, ...fields }, i) => {
        const row = rows[i]!;
        assert.equal(row.line, line);
        if (valid !== undefined) assert.equal(row.valid, valid, JSON.stringify(row.issues));
        if (codes) assert.deepEqual(row.issues.map((x) => x.code), codes);
        for (const [k, v] of Object.entries(fields)) assert.deepEqual(row.fields[k], v, `line ${line} ${k}`);
      });
    });
  }

  test('labels and formats sent with the request override the layout', async () => {
    const text = 'When,Description,Amount,Transaction Type\n05.01.2024,Shop,"1.234,00",debit\n';
    const { rows } = await readAll(text, { type: 'ThirdPartyAImport', date_col_label: 'When', date_format: '%d.%m.%Y', number_format: '1.234,56', today: TODAY });
    assert.deepEqual([rows[0]!.fields['date'], rows[0]!.fields['signed_amount']], ['2024-01-05', '1234.00']);
  });

  test('a missing required layout column is the usual file-level error, listing the headers', async () => {
    await assert.rejects(readAll('Description,Amount\nShop,1\n', { type: 'ThirdPartyAImport' }),
      (e: { code?: string; details?: { headers?: string[] } }) => e.code === 'MAP_REQUIRED_COLUMN_MISSING' && e.details?.headers?.length === 2);
  });
});

describe('budgeting-app exports and QIF through the server', () => {
  let s: TestServer;
  before(async () => { s = await startServer({}, { publishing: true }); });
  after(async () => { await s.close(); });

  async function upload(type: string, file: string, fields: Record<string, string> = {}) {
    const form = new FormData();
    form.append('type', type);
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', new Blob([readFileSync(file)], { type: 'text/csv' }), file.split('/').pop());
    return s.api('POST', '/api/v1/imports', { form });
  }

  async function settle(id: string) {
    for (let i = 0; i < 200; i++) {
      const r = await s.api('GET', `/api/v1/imports/${id}`);
      if (r.body.data.status_detail.terminal) return r.body.data;
      await new Promise((res) => setTimeout(res, 50));
    }
    throw new Error(`import ${id} did not finish`);
  }

  test('a Mint export: rows through GET, publish writes the ledger sign', async () => {
    const file = 'date,description,original description,amount,transaction type,category,account name,labels,notes\n01/05/2024,Grocery Store,SAFEWAY,"1,234.00",Debit,Groceries,Checking,Food,\n01/06/2024,Paycheck,ACME,2500.00,CREDIT,Paycheck,Checking,,\n';
    const created = await s.api('POST', '/api/v1/imports', { json: { type: 'ThirdPartyAImport', raw_file_content: file, publish: 'true' } });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const rows = await s.api('GET', `/api/v1/imports/${created.body.data.id}/rows`);
    assert.deepEqual(rows.body.data.map((r: { fields: { signed_amount: string } }) => r.fields.signed_amount), ['1234.00', '-2500.00']);
    const done = await settle(created.body.data.id);
    assert.equal(done.status, 'complete', done.error);
    const stored = s.db.prepare('SELECT amount, name FROM transactions WHERE import_id = ? ORDER BY date').all(created.body.data.id);
    assert.deepEqual(stored, [{ amount: '1234.00', name: 'Grocery Store' }, { amount: '-2500.00', name: 'Paycheck' }]);
  });

  test('an Actual export with a split is stored as one transaction with its lines', async () => {
    const text = readFileSync(fixture('actual-split-rows.csv'), 'utf8').split('\n').slice(0, 5).join('\n') + '\n';
    const created = await s.api('POST', '/api/v1/imports', { json: { type: 'ThirdPartyBImport', raw_file_content: text, publish: 'true' } });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const done = await settle(created.body.data.id);
    assert.equal(done.status, 'complete', done.error);
    const txs = s.db.prepare('SELECT id, amount FROM transactions WHERE import_id = ? ORDER BY date').all(created.body.data.id) as { id: string; amount: string }[];
    assert.deepEqual(txs.map((t) => t.amount), ['100.00', '-2500.00']);
    const lines = s.db.prepare('SELECT amount FROM split_lines WHERE transaction_id = ? ORDER BY position').pluck().all(txs[0]!.id);
    assert.deepEqual(lines, ['60.00', '40.00']);
  });

  test('a YNAB4 upload with a right-to-left currency reads and publishes', async () => {
    const created = await upload('ThirdPartyCImport', fixture('ynab4-rtl-currency.csv'), { date_format: '%Y/%m/%d', publish: 'true' });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.equal(created.body.data.stats.rows_count, 2);
    const done = await settle(created.body.data.id);
    assert.equal(done.status, 'complete', done.error);
    assert.deepEqual(s.db.prepare('SELECT amount FROM transactions WHERE import_id = ? ORDER BY date').pluck().all(created.body.data.id), ['4.750', '-1500.250']);
  });

  test('a multi-account QIF publishes into the accounts its blocks name, with trades for share moves', async () => {
    const created = await upload('QifImport', fileURLToPath(new URL('../fixtures/qif/multi-account-invst.qif', import.meta.url)));
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.equal(created.body.data.stats.rows_count, 8);
    assert.equal(created.body.data.stats.invalid_rows_count, 1); // the unknown action
    const rows = await s.api('GET', `/api/v1/imports/${created.body.data.id}/rows?per_page=100`);
    assert.deepEqual(rows.body.data.map((r: { line: number }) => r.line), [16, 21, 31, 38, 47, 52, 58, 64]);
    assert.equal(rows.body.data[2].fields.action, 'Buy');
    const refused = await s.api('POST', `/api/v1/imports/${created.body.data.id}/publish`);
    assert.equal(refused.status, 422);
    assert.equal(refused.body.error, 'not_publishable');
  });

  test('a clean QIF with a split publishes its lines', async () => {
    const qif = '!Account\nNWallet\nTCash\n^\n!Type:Cash\nD01/05/2024\nT-48.00\nPShop\nSFood:Lunch\n$-31.00\nSHome\n$-17.00\n^\n';
    const created = await s.api('POST', '/api/v1/imports', { json: { type: 'QifImport', raw_file_content: qif, publish: 'true' } });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const done = await settle(created.body.data.id);
    assert.equal(done.status, 'complete', done.error);
    const tx = s.db.prepare('SELECT t.id, t.amount, a.name AS account, a.accountable_type FROM transactions t JOIN accounts a ON a.id = t.account_id WHERE t.import_id = ?')
      .get(created.body.data.id) as { id: string; amount: string; account: string; accountable_type: string };
    assert.deepEqual([tx.amount, tx.account, tx.accountable_type], ['48.00', 'Wallet', 'Depository']);
    assert.deepEqual(s.db.prepare('SELECT amount FROM split_lines WHERE transaction_id = ? ORDER BY position').pluck().all(tx.id), ['31.00', '17.00']);
  });

  test('a PDF statement is stored, stays pending and unconfigured, and cannot be published', async () => {
    const form = new FormData();
    form.append('type', 'PdfImport');
    form.append('file', new Blob(['%PDF-1.7\n%\u00e2\u00e3\n1 0 obj\n<<>>\nendobj\n'], { type: 'application/pdf' }), 'statement.pdf');
    const created = await s.api('POST', '/api/v1/imports', { form });
    assert.equal(created.status, 201);
    assert.deepEqual([created.body.data.status, created.body.data.status_detail.uploaded, created.body.data.status_detail.configured], ['pending', true, false]);
    const refused = await s.api('POST', `/api/v1/imports/${created.body.data.id}/publish`);
    assert.equal(refused.status, 422);
    assert.equal(refused.body.error, 'not_publishable');
    assert.match(refused.body.message, /extraction .*not available/);
  });
});
