// The QIF reader (SPEC §2.8): one fixture per trait, asserted on rows (line, validity, issue codes,
// normalized fields) and the result; chunk invariance (whole file against every chunk size 1..64).

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import { SluiceError } from '../engine/node.ts';
import { asStream, chunksOf, readAll, assertRows, type WantRow } from './helpers.ts';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/qif/${name}`, import.meta.url));
const QIF = { type: 'QifImport', today: '2026-11-22' } as const;

type Want = WantRow;

const cases: [string, string, Want[], Record<string, unknown>?][] = [
  ['bank-basic.qif', 'a bank record becomes a row with the ledger sign and a two-level category', [
    { line: 2, valid: true, fields: { date: '2024-01-05', amount: '-12.50', signed_amount: '12.50', name: 'Coffee Shop', notes: 'Morning coffee', category: 'Coffee', category_parent: 'Food', number: '101', cleared: 'X' } },
    { line: 10, valid: true, fields: { date: '2024-01-06', amount: '2500.00', signed_amount: '-2500.00', category: 'Salary', category_parent: 'Income' } },
  ], { date_format: 'MDY' }],
  ['splits-and-mismatch.qif', 'split lines are kept and must sum exactly to T', [
    { line: 2, valid: true, fields: { amount: '67.50', tags: ['Work'] } },
    { line: 13, valid: false, codes: ['ROW_SPLIT_MISMATCH'] },
  ]],
  ['option-dmy.qif', '!Option:DMY reads 05/01 as the fifth of January', [
    { line: 3, fields: { date: '2024-01-05' } },
    { line: 7, fields: { date: '2024-01-06' } },
  ], { date_format: 'DMY', date_format_inferred: false }],
  ['apostrophe-years.qif', "Quicken's apostrophe years, space padding, 2-digit and ISO years", [
    { line: 2, fields: { date: '2020-06-04' } },
    { line: 6, fields: { date: '2000-06-01' } },
    { line: 10, fields: { date: '2020-02-10' } },
    { line: 14, fields: { date: '1999-12-31' } },
    { line: 18, fields: { date: '2020-06-04' } },
  ]],
  ['inferred-dmy.qif', 'a day above 12 settles the order for the whole file, earlier records too', [
    { line: 2, fields: { date: '2024-04-03' } },
    { line: 6, fields: { date: '2024-04-13' } },
  ], { date_format: 'DMY', date_format_inferred: true }],
  ['multi-account-invst.qif', 'records keep their account; investment actions sign quantity and cash', [
    { line: 16, fields: { account: 'Checking', account_type: 'Bank', signed_amount: '20.00', category: 'Food' } },
    { line: 21, fields: { account: 'Checking', transfer_account: 'Brokerage', category: null } },
    { line: 31, valid: true, fields: { account: 'Brokerage', account_type: 'Invst', action: 'Buy', security: 'ACME', qty: '5', price: '10.00', amount: '50.00', signed_amount: '50.00' } },
    { line: 38, valid: true, fields: { action: 'SellX', qty: '-2', amount: '24.00', signed_amount: '-24.00', transfer_account: 'Checking', transfer_amount: '24.00' } },
    { line: 47, valid: true, fields: { action: 'Div', qty: null, amount: '1.25', signed_amount: '-1.25' } },
    { line: 52, valid: true, fields: { action: 'ShrsIn', qty: '10', amount: '30.00', signed_amount: '0' } },
    { line: 58, valid: true, fields: { action: 'XOut', signed_amount: '30.00' } },
    { line: 64, valid: false, codes: ['ROW_VALUE_INVALID'] },
  ]],
  ['lists-not-transactions.qif', 'category, class, security and memorized lists are not rows', [
    { line: 22, valid: true, fields: { name: 'Real one' } },
  ]],
  ['crlf-no-final-caret.qif', 'CRLF, and a last record without ^', [
    { line: 2, valid: true, fields: { date: '2024-01-05', name: 'No caret at the end' } },
  ]],
  ['broken-records.qif', 'broken records are invalid rows, each with its line and code', [
    { line: 2, valid: false, codes: ['DATE_INVALID'] },
    { line: 6, valid: false, codes: ['AMOUNT_INVALID'] },
    { line: 10, valid: false, codes: ['AMOUNT_MISSING'] },
  ]],
];

describe('QIF rows', () => {
  for (const [file, name, want, result] of cases) {
    test(`${file}: ${name}`, async () => {
      const { rows, result: r } = await readAll({ path: fixture(file) }, QIF);
      assert.equal(r.rows_count, want.length);
      assertRows(rows, want);
      for (const [k, v] of Object.entries(result ?? {})) assert.deepEqual((r as unknown as Record<string, unknown>)[k], v, k);
    });
  }

  test('lists are reported in the result', async () => {
    const { result } = await readAll({ path: fixture('lists-not-transactions.qif') }, QIF);
    const qif = (result as unknown as { qif: { categories: string[]; classes: string[]; securities: { name: string; symbol: string }[] } }).qif;
    assert.deepEqual(qif.categories, ['Food', 'Food:Groceries']);
    assert.deepEqual(qif.classes, ['Work']);
    assert.deepEqual(qif.securities, [{ name: 'Acme Corp', symbol: 'ACME' }]);
  });

  test('the account list of a multi-account file', async () => {
    const { result } = await readAll({ path: fixture('multi-account-invst.qif') }, QIF);
    assert.deepEqual(result.accounts, ['Checking', 'Brokerage']);
  });

  test('an explicit date_format wins', async () => {
    const { rows } = await readAll('!Type:Bank\nD2024.01.05\nT1\n^\n', { ...QIF, date_format: '%Y.%m.%d' });
    assert.equal(rows[0]!.fields['date'], '2024-01-05');
  });

  test('a file that is not QIF is refused with the line', async () => {
    await assert.rejects(readAll({ path: fixture('not-qif.csv') }, QIF), (e: unknown) => e instanceof SluiceError && e.code === 'QIF_NOT_QIF' && e.line === 1);
  });
});

describe('QIF chunk invariance', () => {
  for (const file of ['multi-account-invst.qif', 'splits-and-mismatch.qif', 'crlf-no-final-caret.qif', 'inferred-dmy.qif']) {
    test(file, async () => {
      const bytes = readFileSync(fixture(file));
      const whole = JSON.stringify(await readAll(bytes, QIF));
      for (let size = 1; size <= 64; size++) {
        assert.equal(JSON.stringify(await readAll(asStream(chunksOf(bytes, size)), QIF)), whole, `chunk size ${size}`);
      }
    });
  }
});
