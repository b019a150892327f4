// Compact stored rows (SPEC §3.12 "Storage", issue 14 finding 6): the chunk codec gives back
// exactly the rows it was given, whatever their shapes, values and issues; chunks in the earlier
// format (a JSON array of rows) are still read; and an upload's stored rows take at most twice the
// bytes of its content.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { decodeRows, encodeRows, type StoredRow } from '../server/store/row-chunks.ts';
import { startServer, type TestServer } from './server-helpers.ts';

const row = (n: number, fields: Record<string, unknown>, more: Partial<StoredRow> = {}): StoredRow => ({
  row_number: n, line: n + 1, valid: true, errors: [], issues: [], fields, ...more,
});
const wide = Object.fromEntries(Array.from({ length: 60 }, (_, k) => [`k${k}`, k % 3 === 0 ? null : `v${k}`]));

const cases: [string, StoredRow[]][] = [
  ['one CSV shape, nulls in the middle and at the end', [
    row(1, { date: '2024-01-01', amount: '-1.50', name: 'Coffee', notes: null, tags: [], account: null }),
    row(2, { date: '2024-01-02', amount: '10', name: 'Pay "day"', notes: 'x', tags: ['a', 'b'], account: 'Main' }),
  ]],
  ['NDJSON records of several shapes, nested values', [
    row(1, { record_type: 'Account', id: 'a', name: 'Checking', balance: '1.00' }),
    row(2, { record_type: 'Transaction', id: 't', entry: { amount: '2', splits: [{ a: 1 }, null] }, tag_ids: null }),
    row(3, { record_type: 'Account', id: 'b', name: 'Savings', balance: null }),
  ]],
  ['issues: errors and warnings, and a row without fields', [
    row(1, { date: null, amount: '1' }, {
      valid: false, errors: ['no date'],
      issues: [{ code: 'ROW_DATE_MISSING', field: 'date', message: 'no date' }, { code: 'CSV_FIELD_COUNT', field: null, message: '3 fields' }],
    }),
    row(2, {}, { issues: [{ code: 'CSV_QUOTE_TRAILING_TEXT', field: 'name', message: 'text after quote' }] }),
  ]],
  ['more keys than a mask covers', [row(1, wide), row(2, { ...wide, k1: null, k59: 'last' })]],
  ['values that look like the format (numbers, booleans, empty strings, zero)', [
    row(1, { a: 0, b: false, c: '', d: 1, e: -1, f: [0, 1], g: { v: 2 } }),
  ]],
];

describe('the row chunk codec', () => {
  for (const [name, rows] of cases) {
    test(`round trip: ${name}`, () => assert.deepEqual(decodeRows(encodeRows(rows), 0), rows));
  }
  test('row numbers come from the chunk\'s first row', () => {
    const rows = [row(501, { a: 1 }), row(502, { a: 2 })];
    assert.deepEqual(decodeRows(encodeRows(rows), 500).map((r) => r.row_number), [501, 502]);
  });
  test('a chunk in the earlier format (an array of rows) is read as it is', () => {
    const rows = cases[0]![1];
    assert.deepEqual(decodeRows(JSON.stringify(rows), 0), rows);
  });
  test('keys are stored once per chunk, not once per row', () => {
    const rows = Array.from({ length: 500 }, (_, i) => row(i + 1, { date: '2024-01-01', amount: String(i), signed_amount: String(-i), name: `n${i}`, notes: null }));
    const text = encodeRows(rows);
    assert.equal(text.split('signed_amount').length - 1, 1);
    assert.ok(text.length < JSON.stringify(rows).length / 3, `${text.length} vs ${JSON.stringify(rows).length}`);
  });
});

describe('stored rows of an upload', () => {
  let s: TestServer;
  before(async () => { s = await startServer(); });
  after(() => s.close());

  test('take at most twice the bytes of the content, and read back the same', async () => {
    const lines = Array.from({ length: 3000 }, (_, i) => `2024-03-${String(1 + (i % 28)).padStart(2, '0')},${i % 7 === 0 ? '' : '-'}${i}.${String(i % 100).padStart(2, '0')},Shop ${i % 50},Groceries`);
    const csv = 'date,amount,name,category\n' + lines.join('\n') + '\n';
    const r = await s.api('POST', '/api/v1/imports', { json: { raw_file_content: csv } });
    assert.equal(r.status, 201);
    const id = r.body.data.id;
    const content = s.db.prepare('SELECT sum(length(bytes)) FROM import_contents WHERE import_id = ?').pluck().get(id) as number;
    const rows = s.db.prepare('SELECT sum(length(CAST(data AS BLOB))) FROM import_row_chunks WHERE import_id = ?').pluck().get(id) as number;
    assert.ok(rows <= 2 * content, `rows ${rows} bytes for ${content} bytes of content`);
    const page = await s.api('GET', `/api/v1/imports/${id}/rows?page=7&per_page=100`);
    assert.equal(page.body.data[0].row_number, 601);
    assert.equal(page.body.data[0].fields.name, 'Shop 0');
    assert.equal(page.body.data[0].fields.notes, null);
  });
});
