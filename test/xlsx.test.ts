// The XLSX reader (SPEC §2.15): cell values as text (numbers, rounding, dates, times), a sheet's
// rows as CSV lines (one per sheet row, padded to the header's width), the lean XML scanner of the
// sheet part against saxes (the same events at every chunk size), then one fixture per trait
// (fixtures/xlsx/build.ts writes them) read through the public reader, asserted on rows (line =
// sheet row, validity, issue codes, fields) and the result; sheet choice; unreadable archives;
// detection; the same rows as the equivalent CSV; chunk invariance (whole file against every chunk
// size 1..64); rows handed out while the workbook still streams in, and endSlice()'s slices.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import { createPipeline, IMPORT_TYPE_ENTRIES, normalizeOptions, SluiceError, type RowResult } from '../engine/node.ts';
import { XlsxPipeline } from '../engine/xlsx/pipeline.ts';
import { cellFormat, formatCode, type CellFormat } from '../engine/xlsx/number-format.ts';
import { chooseSheet } from '../engine/xlsx/workbook.ts';
import { columnIndex, csvField, SheetLines, SheetPart } from '../engine/xlsx/sheet.ts';
import { numericCellText, plainDecimal, serialDay, serialTime, shortestDecimal } from '../engine/xlsx/values.ts';
import { XmlPart } from '../engine/xlsx/xml.ts';
import { strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { asStream, chunksOf, readAll, utf8 } from './helpers.ts';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/xlsx/${name}`, import.meta.url));
const XLSX = { type: 'TransactionImport', today: '2026-11-27' } as const;

const fmt = (code: string | number): CellFormat => cellFormat(typeof code === 'number' ? formatCode(code, new Map()) : code);

describe('XLSX numbers as text', () => {
  const shortest: [string, string | null][] = [
    ['0.30000000000000004', '0.30000000000000004'],
    ['1E-7', '0.0000001'],
    ['1.5e-10', '0.00000000015'],
    ['12345678901234567890', '12345678901234567000'],
    ['1e21', '1000000000000000000000'],
    ['-1.25E+2', '-125'],
    ['45366', '45366'],
    ['-0', '0'],
    [' 12.5 ', '12.5'],
    ['#N/A', null],
    ['', null],
    ['0x10', null],
  ];
  for (const [v, want] of shortest) test(`shortest round trip of ${JSON.stringify(v)}`, () => assert.equal(shortestDecimal(v), want));

  test('exponent forms become plain decimals by moving the point', () => {
    assert.equal(plainDecimal('1.2345e+3'), '1234.5');
    assert.equal(plainDecimal('-9.9e-5'), '-0.000099');
    assert.equal(plainDecimal('12.5'), '12.5');
  });

  const shown: [string, string | number, string][] = [
    ['0.30000000000000004', 2, '0.30'],
    ['0.30000000000000004', 0, '0.30000000000000004'],
    ['1.005', 2, '1.01'],
    ['-2.675', 4, '-2.68'],
    ['2.5', 1, '3'],
    ['-2.5', 3, '-3'],
    ['12.5', 2, '12.50'],
    ['7', 4, '7.00'],
    ['-0.001', 2, '0.00'],
    ['-1234.567', 8, '-1234.57'],
    ['1234.567', 44, '1234.57'],
    ['0.1234', 10, '0.1234'],
    ['0.12345', 10, '0.1235'],
    ['0.05', 9, '0.05'],
    ['1234.5', 11, '1234.5'],
    ['0.75', 12, '0.75'],
    ['1234.5', 49, '1234.5'],
    ['1.23456', '0.0##', '1.235'],
    ['1.2', '0.0##', '1.2'],
    ['1234567.891', '#,##0.0,', '1234567.891'],
    ['-5.678', '0.00;[Red]-0.0', '-5.7'],
    ['0.004', '0.00;-0.00;"zero"', '0.00'],
    ['0', '0.00;-0.00;"zero"', '0'],
    ['1.999', '#,##0.00\\ "€"', '2.00'],
    ['1.999', '[$-407]#,##0.00 [$€-407]', '2.00'],
    ['3.14159', 'General', '3.14159'],
    ['3.14159', '0.00E+00', '3.14159'],
    ['1.5', '# ?/?', '1.5'],
  ];
  for (const [v, format, want] of shown) {
    test(`${v} under ${JSON.stringify(format)} reads ${want}`, () => assert.equal(numericCellText(v, fmt(format), false), want));
  }
});

describe('XLSX number formats', () => {
  const kinds: [string | number, string][] = [
    [0, 'general'], [2, 'number'], [4, 'number'], [7, 'number'], [11, 'number'], [49, 'number'],
    [14, 'date'], [15, 'date'], [17, 'date'], [22, 'date'], [27, 'date'], [36, 'date'], [50, 'date'], [58, 'date'],
    [18, 'time'], [20, 'time'], [21, 'time'], [45, 'time'], [46, 'time'], [47, 'time'],
    [99, 'general'],
    ['dd.mm.yyyy', 'date'], ['yyyy-mm-dd hh:mm:ss', 'date'], ['[$-409]mmmm d, yyyy;@', 'date'], ['mmm', 'date'],
    ['h:mm AM/PM', 'time'], ['[h]:mm', 'time'], ['mm:ss.0', 'time'],
    ['0.00 "days"', 'number'], ['#,##0.00 "Kč"', 'number'], ['#,##0.00_);[Red](#,##0.00)', 'number'], ['\\d0.00', 'number'],
    ['General', 'general'], ['@', 'number'],
  ];
  for (const [code, kind] of kinds) test(`${JSON.stringify(code)} is a ${kind} format`, () => assert.equal(fmt(code).kind, kind));

  test("a workbook's own numFmt wins over a built-in id", () => {
    assert.equal(cellFormat(formatCode(14, new Map([[14, '0.00']]))).kind, 'number');
  });
});

describe('XLSX date and time serials', () => {
  const days: [number, boolean, string | null][] = [
    [1, false, '1900-01-01'], [59, false, '1900-02-28'], [60, false, '1900-02-29'], [61, false, '1900-03-01'],
    [45366, false, '2024-03-15'], [45366.75, false, '2024-03-15'], [45366.999999999, false, '2024-03-16'],
    [2958465, false, '9999-12-31'], [2958466, false, null], [0, false, null], [-1, false, null],
    [0, true, '1904-01-01'], [43904, true, '2024-03-15'], [-1, true, null],
  ];
  for (const [serial, d1904, want] of days) {
    test(`serial ${serial}${d1904 ? ' (1904)' : ''} is ${want}`, () => assert.equal(serialDay(serial, d1904), want));
  }

  test('times of day and durations', () => {
    assert.equal(serialTime(0.5, false), '12:00:00');
    assert.equal(serialTime(45366.75, false), '18:00:00');
    assert.equal(serialTime(1.5, true), '36:00:00');
    assert.equal(serialTime(0.000011574, false), '00:00:01');
    assert.equal(numericCellText('0.25', fmt(20), false), '06:00:00');
  });

  test('a date format on a value outside the calendar keeps the number', () => {
    assert.equal(numericCellText('-3', fmt(14), false), '-3');
    assert.equal(numericCellText('45366', fmt(14), true), '2028-03-16');
  });
});

/** A sheet's rows through the sheet handlers, as CSV text. */
function sheetText(rows: string, ctx: Partial<ConstructorParameters<typeof SheetPart>[1]> = {}, windowEnd = 50): string {
  const lines = new SheetLines(windowEnd);
  const part = new XmlPart('sheet', new SheetPart('sheet', { strings: [], formats: [], date1904: false, ...ctx }, lines), (n) => n === 'c' || n === 'row');
  part.push(utf8(`<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`));
  part.end();
  lines.end();
  return lines.take();
}

describe('XLSX sheet rows as CSV lines', () => {
  test('column letters', () => {
    assert.deepEqual(['A1', 'Z9', 'AA10', 'XFD1', '1'].map(columnIndex), [0, 25, 26, 16383, -1]);
  });

  test('RFC 4180 quoting, line breaks become spaces', () => {
    assert.deepEqual(['a', 'a,b', 'say "hi"', 'two\r\nlines\nhere'].map(csvField), ['a', '"a,b"', '"say ""hi"""', 'two lines here']);
  });

  test('every cell type', () => {
    const strings = ['shared', 'EUR'];
    const formats = [fmt(0), fmt(14), fmt(2)];
    const text = sheetText(
      '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="inlineStr"><is><t>in</t><rPh><t>ph</t></rPh></is></c>' +
      '<c r="C1" t="str"><f>A1</f><v>formula text</v></c><c r="D1" t="b"><v>1</v></c><c r="E1" t="b"><v>0</v></c>' +
      '<c r="F1" t="e"><v>#DIV/0!</v></c><c r="G1" t="d"><v>2024-03-15T13:45:00</v></c><c r="H1" s="1"><v>45366</v></c>' +
      '<c r="I1" s="2"><v>0.30000000000000004</v></c><c r="J1"><v>1E-7</v></c><c r="K1" s="2"/><c r="L1" t="s"><v>1</v></c></row>',
      { strings, formats });
    assert.equal(text, 'shared,in,formula text,TRUE,FALSE,#DIV/0!,2024-03-15,2024-03-15,0.30,0.0000001,,EUR\n');
  });

  test('missing rows are empty lines and missing cells empty fields; rows are padded to the widest of the header search', () => {
    const text = sheetText('<row r="2"><c r="A2"><v>1</v></c><c r="C2"><v>3</v></c></row><row r="4"><c r="B4"><v>2</v></c></row>' +
      '<row><c><v>5</v></c><c><v>6</v></c></row>');
    assert.equal(text, '\n1,,3\n\n,2,\n5,6,\n');
  });

  test('past the header search, a wider row keeps its cells and a narrower one is padded', () => {
    const text = sheetText('<row r="1"><c r="A1"><v>1</v></c><c r="B1"><v>2</v></c></row><row r="3"><c r="C3"><v>3</v></c></row>' +
      '<row r="4"><c r="A4"><v>4</v></c></row>', {}, 2);
    assert.equal(text, '1,2\n\n,,3\n4,\n');
  });

  test('_xHHHH_ escapes of OOXML strings', () => {
    assert.equal(sheetText('<row r="1"><c r="A1" t="inlineStr"><is><t>a_x000D_b_x005F_x_x0001_</t></is></c></row>'), 'a b_x_x0001_\n');
  });

  const broken: [string, string][] = [
    ['<row r="2"></row><row r="1"></row>', 'rows out of order'],
    ['<row r="1048577"></row>', 'a row past the last'],
    ['<row r="1"><c r="XFE1"><v>1</v></c></row>', 'a column past XFD'],
    ['<row r="1"><c r="A1" t="s"><v>7</v></c></row>', 'a shared string the workbook does not hold'],
    ['<row r="1"><c r="A1"><v>1</v></c>', 'unclosed XML'],
  ];
  for (const [xml, name] of broken) {
    test(`XLSX_UNREADABLE: ${name}`, () => {
      assert.throws(() => sheetText(xml), (e: unknown) => e instanceof SluiceError && e.code === 'XLSX_UNREADABLE');
    });
  }
});

/** The events of a part as `[kind, name, attributes]` / `['text', text]`, consecutive text joined. */
function events(xml: string, parser: 'saxes' | 'lean', size: number): unknown[] {
  const out: unknown[] = [];
  const wants = (name: string) => name === 'c' || name === 'row';
  // (saxes also reports the white space outside the root element; that is no content.)
  let depth = 0;
  const handlers = {
    open: (name: string, attrs: Readonly<Record<string, string>>) => { depth++; out.push(['open', name, wants(name) ? { ...attrs } : {}]); },
    close: (name: string) => { depth--; out.push(['close', name]); },
    text: (t: string) => {
      if (depth === 0) return;
      const last = out[out.length - 1] as unknown[] | undefined;
      if (last?.[0] === 'text') last[1] += t;
      else out.push(['text', t]);
    },
  };
  const part = new XmlPart('part', handlers, parser === 'lean' ? wants : null);
  const bytes = utf8(xml);
  for (let i = 0; i < bytes.length; i += size) part.push(bytes.subarray(i, i + size));
  part.end();
  return out.filter((e) => !(Array.isArray(e) && e[0] === 'text' && e[1] === ''));
}

describe('XLSX lean XML scanner of the sheet part, against saxes', () => {
  const W = '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">';
  const samples: [string, string][] = [
    ['entities and character references', `${W}<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>a &amp; b &lt;c&gt; &quot;q&quot; &apos;s&apos; &#233;&#x20AC;&#x1F600;</t></is></c></row></sheetData></worksheet>`],
    ['CDATA, comments and processing instructions', `<?xml version="1.0"?>\n<!-- head -->${W}<!-- <c r="Z9"> --><sheetData><?pi x?><row r="2"><c r="B2" t="inlineStr"><is><t><![CDATA[<not a tag> & ]] ok]]></t></is></c></row></sheetData></worksheet>\n`],
    ['quotes, a > inside a value, spaces around =, empty elements', `${W}<sheetData><row r='3' spans="1:2"><c r = "C3" s='1' t="str" x='a>b'><f>A1&gt;0</f><v>yes</v></c><c r="D3" /><c r="E3"/></row></sheetData></worksheet>`],
    ['line ends in text and attributes', `${W}<sheetData><row r="4"><c r="A4" t="inlineStr" x="a\r\nb\tc"><is><t>one\r\ntwo\rthree</t></is></c></row></sheetData></worksheet>`],
    ['prefixed elements and attributes', '<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="r"><x:sheetData><x:row r="5"><x:c r="A5" r:id="q"><x:v>1</x:v></x:c></x:row></x:sheetData></x:worksheet>'],
    ['a UTF-8 byte order mark and non-ASCII text', `\uFEFF${W}<sheetData><row r="6"><c r="A6" t="inlineStr"><is><t>Zoë 東京 €</t></is></c></row></sheetData></worksheet>`],
  ];
  const sheetOf = (file: string) => new TextDecoder().decode(unzipSync(readFileSync(fixture(file)), { filter: (f) => f.name.startsWith('xl/worksheets/') })['xl/worksheets/sheet1.xml']!);
  for (const file of ['plain-statement.xlsx', 'formulas.xlsx', 'inline-strings.xlsx', 'prefixed-namespace.xlsx']) samples.push([file, sheetOf(file)]);

  for (const [name, xml] of samples) {
    test(`${name}: the same events at every chunk size`, () => {
      const want = events(xml, 'saxes', xml.length + 1);
      for (let size = 1; size <= 64; size++) assert.deepEqual(events(xml, 'lean', size), want, `chunk size ${size}`);
      assert.deepEqual(events(xml, 'lean', 1 << 20), want);
    });
  }

  const bad: [string, string][] = [
    ['a close tag that does not match', `${W}<sheetData></row></worksheet>`],
    ['an unclosed element', `${W}<sheetData>`],
    ['an & that starts no reference', `${W}<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>a & b</t></is></c></row></sheetData></worksheet>`],
    ['an undefined entity', `${W}<sheetData><row r="1"><c r="A1" t="str"><v>&nbsp;</v></c></row></sheetData></worksheet>`],
    ['an attribute without quotes', `${W}<sheetData><row r=1></row></sheetData></worksheet>`],
    ['text after the root', `${W}</worksheet>junk`],
    ['a DOCTYPE', `<!DOCTYPE worksheet [<!ENTITY x "y">]>${W}</worksheet>`],
    ['no root at all', '   '],
  ];
  for (const [name, xml] of bad) {
    test(`XLSX_UNREADABLE: ${name}`, () => {
      assert.throws(() => events(xml, 'lean', 7), (e: unknown) => e instanceof SluiceError && e.code === 'XLSX_UNREADABLE');
    });
  }
});

type Want = { line: number; valid?: boolean; codes?: string[]; fields?: Record<string, unknown> };

const STATEMENT: Want[] = [
  { line: 2, valid: true, codes: [], fields: { date: '2024-03-15', amount: '-4.50', currency: 'EUR', name: 'Coffee Shop', notes: 'Morning' } },
  { line: 3, valid: true, codes: [], fields: { date: '2024-03-16', amount: '2500.00', signed_amount: '-2500.00', name: 'Salary', notes: null } },
  { line: 4, valid: true, codes: [], fields: { date: '2024-03-18', amount: '-950.25', name: 'Rent March', notes: 'Flat 3B' } },
];

const cases: [string, string, Want[], Record<string, unknown>, Record<string, unknown>?][] = [
  ['plain-statement.xlsx', 'date cells, two-decimal amounts, shared and rich strings (phonetic runs left out)', STATEMENT,
    { header_line: 1, headers: ['Date', 'Description', 'Amount', 'Currency', 'Notes'], date_format: '%Y-%m-%d', sheet: { name: 'Statement', number: 1, how: 'default' } }],
  ['preamble.xlsx', 'bank name and account rows before the header', [
    { line: 6, valid: true, fields: { date: '2024-03-15', amount: '-4.50', name: 'Coffee Shop' } },
    { line: 7, valid: true, fields: { date: '2024-03-16', amount: '-12.99', name: 'Book Store' } },
  ], { header_line: 5, header_searched: true }],
  ['float-noise.xlsx', 'the stored double rounded to the decimals its format shows, half away from zero', [
    { line: 2, fields: { amount: '0.30', notes: '0.30000000000000004' } },
    { line: 3, fields: { amount: '1.01' } },
    { line: 4, fields: { amount: '-2.68' } },
    { line: 5, fields: { amount: '12.50' } },
    { line: 6, fields: { amount: '-1234.50' } },
    { line: 7, fields: { amount: '0.00' } },
  ], { number_format: '1,234.56' }],
  ['big-and-tiny-numbers.xlsx', 'exponent forms written out, the shortest round trip of a huge integer', [
    { line: 2, valid: true, fields: { amount: '0.0000001' } },
    { line: 3, valid: true, fields: { amount: '12345678901234567000' } },
    { line: 4, valid: true, fields: { amount: '1500' } },
  ], {}],
  ['date-1904.xlsx', 'the 1904 date system', [
    { line: 2, valid: true, fields: { date: '2024-03-15' } },
    { line: 3, valid: false, codes: ['DATE_OUT_OF_RANGE'] },
  ], {}],
  ['inline-strings.xlsx', 'inline strings: runs joined, line breaks as spaces, commas and quotes kept', [
    { line: 2, fields: { name: 'Café Zoë', notes: 'Split runs' } },
    { line: 3, fields: { name: 'Line one Line two', notes: 'Carriage return' } },
    { line: 4, fields: { name: '東京', notes: 'Smith, "Jo"' } },
  ], { headers: ['Date', 'Payee', 'Amount', 'Notes'] }],
  ['formulas.xlsx', 'formulas read as their cached values; without one the cell is empty', [
    { line: 2, valid: true, fields: { date: '2024-03-15', name: 'Coffee Shop', amount: '-4.50', notes: '#N/A', tags: ['TRUE'] } },
    { line: 3, valid: false, codes: ['AMOUNT_MISSING'], fields: { tags: ['FALSE'] } },
  ], {}],
  ['sparse-rows.xlsx', "a row's line is its sheet row; missing cells are empty", [
    { line: 2, valid: true, codes: [] },
    { line: 5, valid: true, codes: [], fields: { date: '2024-03-16', amount: '-7.00', notes: null } },
    { line: 9, valid: true, codes: [], fields: { name: 'Late Row', notes: 'ninth' } },
  ], {}],
  ['ragged-widths.xlsx', 'a wide preamble row sets the width; a stray cell past the header search warns on its row only', [
    { line: 3, valid: true, codes: [] },
    { line: 4, valid: true, codes: [] },
    { line: 60, valid: true, codes: ['CSV_FIELD_COUNT'] },
    { line: 61, valid: true, codes: [] },
  ], { header_line: 2 }],
  ['excel-order.xlsx', "Excel's part order: the sheet before the styles and shared strings", STATEMENT, {}],
  ['sheet-first.xlsx', 'the sheets first, the workbook and its relationships last', STATEMENT, { sheet: { name: 'Statement', number: 2, how: 'given' } }, { sheet: 'Statement' }],
  ['prefixed-namespace.xlsx', 'SpreadsheetML under an x: prefix', STATEMENT, {}],
  ['streamed-descriptors.xlsx', 'data descriptors after each entry, stored and deflated parts', STATEMENT, {}],
];

describe('XLSX rows', () => {
  for (const [file, name, want, result, options] of cases) {
    test(`${file}: ${name}`, async () => {
      const { rows, result: r } = await readAll({ path: fixture(file) }, { ...XLSX, ...options });
      assert.equal(rows.length, want.length, JSON.stringify(rows.map((x) => x.line)));
      assert.equal(r.rows_count, want.length);
      want.forEach((w, i) => {
        const row = rows[i]!;
        assert.equal(row.line, w.line, `row ${i}`);
        if (w.valid !== undefined) assert.equal(row.valid, w.valid, `row at line ${w.line}: ${JSON.stringify(row.issues)}`);
        if (w.codes) assert.deepEqual(row.issues.map((x) => x.code), w.codes, `line ${w.line}`);
        for (const [k, v] of Object.entries(w.fields ?? {})) assert.deepEqual(row.fields[k], v, `line ${w.line} ${k}`);
      });
      for (const [k, v] of Object.entries(result)) assert.deepEqual((r as unknown as Record<string, unknown>)[k], v, k);
      // What is not CSV about it is reported as such.
      assert.equal(r.col_sep, null);
      assert.equal(r.encoding, 'utf-8');
      assert.deepEqual([r.inferred.col_sep.how, r.inferred.col_sep.value, r.inferred.encoding.how], ['default', null, 'default']);
      assert.deepEqual(r.inferred.type, { value: 'TransactionImport', how: 'given', evidence: null, second: null });
    });
  }

  test('german-layout.xlsx read with no options: detected, Buchungstag and Betrag as numbers', async () => {
    const { rows, result } = await readAll({ path: fixture('german-layout.xlsx') }, { today: '2026-11-27' });
    assert.equal(result.type, 'TransactionImport');
    assert.equal(result.inferred.type.how, 'inferred');
    assert.deepEqual(rows.map((r) => [r.line, r.valid, r.fields['date'], r.fields['amount'], r.fields['name'], r.fields['currency']]), [
      [2, true, '2024-03-15', '-45.90', 'REWE Markt', 'EUR'],
      [3, true, '2024-03-28', '2500.00', 'Arbeitgeber GmbH', 'EUR'],
      [4, true, '2024-03-30', '-1234.56', 'Hausverwaltung', 'EUR'],
    ]);
    assert.equal(result.columns['date']?.header, 'Buchungstag');
    assert.equal(result.columns['amount']?.header, 'Betrag');
    assert.deepEqual((result as unknown as { sheet: unknown }).sheet, { name: 'Umsätze', number: 1, how: 'default' });
  });
});

describe('XLSX sheet choice', () => {
  const picks: [string | number, string, number][] = [[2, 'Transactions', 2], ['Transactions', 'Transactions', 2], ['transactions', 'Transactions', 2], [1, 'Cover', 1]];
  for (const [sheet, name, number] of picks) {
    test(`sheet ${JSON.stringify(sheet)} reads ${name}`, () => {
      assert.deepEqual(chooseSheet([{ name: 'Cover', rid: 'rId1' }, { name: 'Transactions', rid: 'rId2' }], sheet), { name, number, how: 'given', rid: `rId${number}` });
    });
  }

  test('a number past the sheets may be a sheet named by it', () => {
    assert.equal(chooseSheet([{ name: '2023', rid: 'a' }, { name: '2024', rid: 'b' }], 2024).name, '2024');
  });

  test('the table on the second sheet, by number and by name', async () => {
    for (const sheet of [2, 'Transactions', 'TRANSACTIONS']) {
      const { rows, result } = await readAll({ path: fixture('cover-then-table.xlsx') }, { ...XLSX, sheet });
      assert.deepEqual(rows.map((r) => [r.line, r.fields['amount']]), [[2, '-4.50'], [3, '-12.99']]);
      assert.deepEqual((result as unknown as { sheet: unknown }).sheet, { name: 'Transactions', number: 2, how: 'given' });
    }
  });

  for (const sheet of ['Summary', 3]) {
    test(`a missing sheet (${JSON.stringify(sheet)}) is XLSX_SHEET_NOT_FOUND, listing the sheets`, async () => {
      await assert.rejects(readAll({ path: fixture('cover-then-table.xlsx') }, { ...XLSX, sheet }),
        (e: unknown) => e instanceof SluiceError && e.code === 'XLSX_SHEET_NOT_FOUND' && /"Cover", "Transactions"/.test(e.message)
          && JSON.stringify(e.details?.['sheets']) === '["Cover","Transactions"]');
    });
  }

  test('by default the first sheet is read, even a cover page', async () => {
    await assert.rejects(readAll({ path: fixture('cover-then-table.xlsx') }, XLSX),
      (e: unknown) => e instanceof SluiceError && e.code === 'MAP_REQUIRED_COLUMN_MISSING' && e.line === 1);
  });
});

describe('XLSX archives that cannot be read', () => {
  const whole = readFileSync(fixture('plain-statement.xlsx'));

  test('a ZIP that is no workbook: XLSX_UNREADABLE for a table type, CSV_OTHER_FORMAT when the type is detected', async () => {
    await assert.rejects(readAll({ path: fixture('not-a-workbook.zip') }, XLSX), (e: unknown) => e instanceof SluiceError && e.code === 'XLSX_UNREADABLE');
    await assert.rejects(readAll({ path: fixture('not-a-workbook.zip') }, { today: '2026-11-27' }),
      (e: unknown) => e instanceof SluiceError && e.code === 'CSV_OTHER_FORMAT' && e.details?.['format'] === 'zip');
  });

  test('a workbook cut off before its last entry ends', async () => {
    // (Cut inside the central directory, every entry has arrived whole: a streaming reader needs no more.)
    const directory = whole.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    for (const cut of [40, 400, 1200, directory - 10]) {
      await assert.rejects(readAll(whole.subarray(0, cut), XLSX), (e: unknown) => e instanceof SluiceError && e.code === 'XLSX_UNREADABLE', `cut at ${cut}`);
    }
  });

  test('damaged deflate data', async () => {
    const bytes = new Uint8Array(whole);
    // The sheet's entry: its local header, then its compressed bytes.
    const at = Buffer.from(bytes).indexOf('xl/worksheets/sheet1.xml') + 'xl/worksheets/sheet1.xml'.length;
    for (let i = at + 4; i < at + 40; i++) bytes[i] = 0xff;
    await assert.rejects(readAll(bytes, XLSX), (e: unknown) => e instanceof SluiceError && e.code === 'XLSX_UNREADABLE' && e.message.includes('sheet1.xml'));
  });
});

describe('XLSX as the equivalent CSV', () => {
  const pairs: [string, string][] = [
    ['plain-statement.xlsx', 'Date,Description,Amount,Currency,Notes\n2024-03-15,Coffee Shop,-4.50,EUR,Morning\n2024-03-16,Salary,2500.00,EUR,\n2024-03-18,Rent March,-950.25,EUR,Flat 3B\n'],
    ['preamble.xlsx', 'First Example Bank,,\nAccount,DE89370400440532013000,\nPeriod,01.03.2024 - 31.03.2024,\n\nDate,Payee,Amount\n2024-03-15,Coffee Shop,-4.50\n2024-03-16,Book Store,-12.99\n'],
    ['sparse-rows.xlsx', 'Date,Payee,Amount,Notes\n2024-03-15,Coffee Shop,-4.50,first\n\n\n2024-03-16,,-7.00,\n\n\n\n2024-03-17,Late Row,-9.99,ninth\n'],
  ];
  for (const [file, csv] of pairs) {
    test(`${file} gives the rows of its CSV twin`, async () => {
      const x = await readAll({ path: fixture(file) }, XLSX);
      const c = await readAll(csv, XLSX);
      assert.deepEqual(x.rows, c.rows);
      // A CSV string's encoding is detected; a sheet's is UTF-8 by definition.
      const { sheet: _s, col_sep: _c, encoding_detected: _e, inferred: xi, ...xr } = x.result as typeof x.result & { sheet: unknown };
      const { col_sep: _c2, encoding_detected: _e2, inferred: ci, ...cr } = c.result;
      assert.deepEqual(xr, cr);
      assert.deepEqual({ ...xi, col_sep: null, encoding: null }, { ...ci, col_sep: null, encoding: null });
    });
  }
});

describe('XLSX streaming', () => {
  for (const file of cases.map((c) => c[0]).concat(['german-layout.xlsx'])) {
    test(`chunk invariance: ${file}`, async () => {
      const bytes = readFileSync(fixture(file));
      const options = { ...XLSX, ...cases.find((c) => c[0] === file)?.[4] };
      const whole = JSON.stringify(await readAll(bytes, options));
      for (let size = 1; size <= 64; size++) {
        assert.equal(JSON.stringify(await readAll(asStream(chunksOf(bytes, size)), options)), whole, `chunk size ${size}`);
      }
    });
  }

  /** A workbook of `n` rows (inline strings, a date and an amount per row), its parts in `order`, zipped whole. */
  function bigBook(n: number, order: string[]): Uint8Array {
    const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
    const rows: string[] = ['<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c></row>'];
    for (let r = 2; r <= n + 1; r++) {
      rows.push(`<row r="${r}"><c r="A${r}" s="1"><v>${45366 + (r % 300)}</v></c><c r="B${r}" t="inlineStr"><is><t>Shop ${r}</t></is></c><c r="C${r}" s="2"><v>-${r}.5</v></c></row>`);
    }
    const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
    const parts: Record<string, string> = {
      'xl/workbook.xml': `<workbook ${NS} xmlns:r="${rel}"><sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      'xl/_rels/workbook.xml.rels': `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${rel}/styles" Target="styles.xml"/><Relationship Id="rId3" Type="${rel}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
      'xl/worksheets/sheet1.xml': `<worksheet ${NS}><sheetData>${rows.join('')}</sheetData></worksheet>`,
      'xl/styles.xml': `<styleSheet ${NS}><cellXfs count="3"><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="2"/></cellXfs></styleSheet>`,
      'xl/sharedStrings.xml': `<sst ${NS}><si><t>Date</t></si><si><t>Payee</t></si><si><t>Amount</t></si></sst>`,
      // Incompressible filler, stored: bytes that arrive after every part the sheet needs.
      'docProps/filler.bin': Array.from({ length: 200000 }, (_, i) => String.fromCharCode(33 + ((i * 7919) % 90))).join(''),
    };
    const files: Zippable = {};
    for (const name of order) files[name] = [strToU8(parts[name]!), { level: name.endsWith('.bin') ? 0 : 6 }];
    return zipSync(files);
  }

  const ORDERS: [string, string[]][] = [
    ['the sheet after its strings and styles: read live', ['xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/styles.xml', 'xl/sharedStrings.xml', 'xl/worksheets/sheet1.xml', 'docProps/filler.bin']],
    ['the sheet first: held compressed, read once its strings and styles are in', ['xl/worksheets/sheet1.xml', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/styles.xml', 'xl/sharedStrings.xml', 'docProps/filler.bin']],
  ];
  test("endSlice() hands out the rows left at the end in slices (Excel's order: the sheet before its strings)", () => {
    const order = ['xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/worksheets/sheet1.xml', 'docProps/filler.bin', 'xl/styles.xml', 'xl/sharedStrings.xml'];
    const p = new XlsxPipeline(normalizeOptions(XLSX), IMPORT_TYPE_ENTRIES.TransactionImport);
    let before = 0;
    for (const c of chunksOf(bigBook(20000, order), 4096)) before += p.push(c).length;
    const batches: number[] = [];
    for (let rows = p.endSlice(); rows.length > 0; rows = p.endSlice()) batches.push(rows.length);
    // The central directory's last pushes read some of it already (a budget per push).
    assert.ok(before < 10000, `${before} rows before the end`);
    assert.equal(before + batches.reduce((a, b) => a + b, 0), 20000);
    assert.ok(batches.length > 1, `${batches.length} batches`);
    assert.equal(p.result().rows_count, 20000);
  });

  for (const [name, order] of ORDERS) {
    test(`rows come out before the end of the archive: ${name}`, () => {
      const bytes = bigBook(3000, order);
      const p = createPipeline(XLSX);
      let early = 0;
      const fillerAt = Buffer.from(bytes).indexOf('docProps/filler.bin');
      const chunks = chunksOf(bytes, 4096);
      const rows: RowResult[] = [];
      for (const c of chunks) {
        const got = p.push(c);
        for (const r of got) rows.push(r);
        if (c.byteOffset < fillerAt + 100000) early += got.length;
      }
      for (const r of p.end()) rows.push(r);
      assert.equal(rows.length, 3000);
      assert.deepEqual([rows[0]!.line, rows[2999]!.line, rows[2999]!.fields['amount'], rows[2999]!.fields['name']], [2, 3001, '-3001.50', 'Shop 3001']);
      // Before the filler was half read, the sheet's rows (all but the table reader's last sample) were out.
      assert.ok(early >= 2000, `${early} rows before the end`);
    });
  }
});
