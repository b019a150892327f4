// The whole CSV pipeline is chunk-invariant: the same bytes fed whole and at every chunk size
// 1..64 (splitting CRLF pairs, multi-byte characters, quoted fields and the header) give the same
// rows and the same result. Also: every kind of source reads the same, and sampling for date
// inference does not change what rows come out.

import assert from 'node:assert/strict';
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, test, after } from 'node:test';
import iconv from 'iconv-lite';
import { readImport, SluiceError, type ImportOptions } from '../engine/node.ts';
import { asStream, chunksOf, readAll, utf8 } from './helpers.ts';

const docs: [string, Uint8Array, ImportOptions][] = [
  ['preamble, CRLF, quoted newline, BOM',
    utf8('\uFEFFAccount: 123\r\nPeriod: 2024\r\n\r\nDate,Description,Amount,Category\r\n05/01/2024,"Café ""Zoë""\r\nsecond line",-12.50,Food:Coffee\r\n06/01/2024,Rent,"1,200.00",Housing\r\n,,,\r\n25/01/2024,Shop 🎅,(3.10),\r\n'),
    { today: '2024-12-31' }],
  ['windows-1250 semicolon decimal comma',
    iconv.encode('Data;Nazwa;Kwota;Waluta\n2024-01-02;Zażółć gęślą jaźń;-1 234,56;pln\n2024-01-03;Łódź;12,00;PLN\n', 'windows-1250'),
    { number_format: '1 234,56', date_col_label: 'Data', amount_col_label: 'Kwota', name_col_label: 'Nazwa', currency_col_label: 'Waluta', today: '2024-12-31' }],
  ['utf-16le with BOM, debit/credit, invalid rows',
    Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode('Date\tDetails\tDebit\tCredit\n2024-01-02\tCoffee\t3.50\t\n2024-01-03\tSalary\t\t2,000.00\n2024-02-30\tBad\t1\t\n2024-01-04\tEmpty\t\t\n', 'utf-16le')]),
    { today: '2024-12-31' }],
  ['headerless with trailing text after a quote',
    utf8('10/2009/09;"Flubber"x;50;\r20/2009/09;Bank;;12\r'),
    { column_names: 'date,name,inflow,outflow', date_format: '%d/%Y/%m', today: '2024-12-31' }],
];

describe('pipeline chunk invariance', () => {
  for (const [name, bytes, options] of docs) {
    test(name, async () => {
      const whole = await readAll(bytes, options);
      assert.ok(whole.result.rows_count > 0);
      const wantRows = JSON.stringify(whole.rows);
      const wantResult = JSON.stringify(whole.result);
      for (let size = 1; size <= 64; size++) {
        const part = await readAll(asStream(chunksOf(bytes, size)), options);
        assert.equal(JSON.stringify(part.rows), wantRows, `chunk size ${size}`);
        assert.equal(JSON.stringify(part.result), wantResult, `chunk size ${size}`);
      }
    });
  }

  test('what the first document holds', async () => {
    const { rows, result } = await readAll(docs[0]![1], docs[0]![2]);
    assert.equal(result.header_line, 4);
    assert.equal(result.header_searched, true);
    assert.equal(result.bom, true);
    assert.equal(result.date_format, '%d/%m/%Y');
    assert.equal(result.date_format_inferred, true);
    assert.deepEqual(rows.map((r) => r.line), [5, 7, 9]);
    assert.deepEqual(rows.map((r) => r.fields['signed_amount']), ['12.50', '-1200.00', '3.10']);
    assert.equal(rows[0]!.fields['name'], 'Café "Zoë"\r\nsecond line');
    assert.deepEqual(result.categories, [{ name: 'Coffee', parent: 'Food' }, { name: 'Housing', parent: null }]);
  });

  test('what the utf-16 document holds', async () => {
    const { rows, result } = await readAll(docs[2]![1], docs[2]![2]);
    assert.equal(result.encoding, 'utf-16le');
    assert.equal(result.col_sep, '\t');
    assert.equal(result.amount_columns, 'split');
    assert.deepEqual(rows.map((r) => [r.line, r.valid, r.fields['amount']]), [[2, true, '-3.50'], [3, true, '2000.00'], [4, false, '-1'], [5, false, null]]);
    assert.deepEqual(result.issue_counts, { DATE_IMPOSSIBLE: 1, AMOUNT_MISSING: 1 });
  });
});

describe('sources', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const text = 'date,amount,name\n2024-01-05,-1.00,A\n2024-01-06,2.00,B\n';
  const file = join(dir, 'x.csv');
  writeFileSync(file, text);
  const sources: [string, () => Parameters<typeof readImport>[0]][] = [
    ['string', () => text],
    ['Buffer', () => Buffer.from(text)],
    ['Uint8Array', () => new TextEncoder().encode(text)],
    ['{ path }', () => ({ path: file })],
    ['file URL', () => new URL(`file://${file}`)],
    ['Node Readable', () => Readable.from([Buffer.from(text.slice(0, 20)), Buffer.from(text.slice(20))])],
    ['web ReadableStream', () => new Blob([text]).stream()],
  ];
  for (const [name, make] of sources) {
    test(name, async () => {
      const { rows, result } = await readAll(make(), { today: '2024-12-31' });
      assert.equal(result.rows_count, 2);
      assert.deepEqual(rows.map((r) => r.fields['signed_amount']), ['1.00', '-2.00']);
    });
  }

  test('a reader reads once', async () => {
    const reader = readImport(text);
    await reader.result();
    await assert.rejects(async () => { for await (const _ of reader); });
  });

  test('file-level errors reject the iteration with their code and line', async () => {
    const reader = readImport('date,amount\n2024-01-01,"1\n');
    await assert.rejects(async () => { for await (const _ of reader); },
      (e: unknown) => e instanceof SluiceError && e.code === 'CSV_UNTERMINATED_QUOTE' && e.line === 2);
  });
});
