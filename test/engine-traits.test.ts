// One small named fixture and one test per trait of the CSV engine (SPEC §1, §2.1–2.7, §2.12,
// §2.13, §4). Each case names a file in fixtures/csv/ (see its README.md), the options it is read
// with, and what the rows and the whole-file result must hold. Assertions are on codes, fields,
// counts, encodings and line numbers, never on message wording.
//
//   node --import tsx --test test/engine-traits.test.ts
//
// A case the engine does not meet yet is written as the SPEC requires and marked `todo` with
// what the engine does instead, so it is reported without failing the suite.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { inspect } from 'node:util';
import {
  OptionsError, readImport, SluiceError, type Code, type FileResult, type ImportOptions, type Issue, type RowResult,
} from '../engine/node.ts';

/** A fixed "today" so the date range check does not move with the calendar. */
const TODAY = '2025-06-30';

const fixturePath = (name: string): string => fileURLToPath(new URL(`../fixtures/csv/${name}`, import.meta.url));

interface Read {
  rows: RowResult[];
  result: FileResult;
}

/** Reads every row of a fixture, then the whole-file result; both are awaited to the end. */
async function read(name: string, options: ImportOptions = {}): Promise<Read> {
  const reader = readImport({ path: fixturePath(name) }, { today: TODAY, ...options });
  const rows: RowResult[] = [];
  for await (const row of reader) rows.push(row);
  return { rows, result: await reader.result() };
}

// ---------------------------------------------------------------------------------------------
// Expectations

/** An expected value that is a rule rather than one exact value. */
class Match {
  constructor(readonly description: string, readonly test: (actual: unknown) => boolean) {}
}

/** The same decimal value whatever the scale (`1502.5` and `1502.50`): products have no set scale. */
const decimal = (want: string): Match => {
  const norm = (v: string) => {
    let s = v.includes('.') ? v.replace(/0+$/, '').replace(/\.$/, '') : v;
    if (s === '-0') s = '0';
    return s;
  };
  return new Match(`the decimal ${want}`, (v) => typeof v === 'string' && norm(v) === norm(want));
};
/** "Empty when nothing matches" (SPEC §2.7): null or the empty string. */
const empty = new Match('empty (null or "")', (v) => v === null || v === '');
const caseless = (want: string): Match =>
  new Match(`${want} in any case`, (v) => typeof v === 'string' && v.toLowerCase() === want.toLowerCase());
/** The same members in any order. */
const sameSet = (want: readonly unknown[]): Match =>
  new Match(`the set ${inspect(want)}`, (v) => {
    if (!Array.isArray(v) || v.length !== want.length) return false;
    const key = (x: unknown) => JSON.stringify(x);
    const have = new Set(v.map(key));
    return want.every((w) => have.has(key(w)));
  });
/** issue_counts naming exactly these codes (any count). */
const countsOf = (codes: readonly Code[]): Match =>
  new Match(`counts of exactly ${codes.join(', ')}`, (v) => {
    if (typeof v !== 'object' || v === null) return false;
    const keys = Object.keys(v).sort();
    return JSON.stringify(keys) === JSON.stringify([...codes].sort()) && Object.values(v).every((n) => Number(n) > 0);
  });
/** A list of issues holding one with these properties. */
const hasIssue = (want: Partial<Issue>): Match =>
  new Match(`an issue with ${inspect(want)}`, (v) =>
    Array.isArray(v) && v.some((i: Record<string, unknown>) => Object.entries(want).every(([k, x]) => i[k] === x)));

function match(actual: unknown, want: unknown, where: string): void {
  if (want instanceof Match) assert.ok(want.test(actual), `${where}: ${inspect(actual)} is not ${want.description}`);
  else assert.deepEqual(actual, want, where);
}

interface IssueWant {
  code: Code;
  field?: string | null;
  raw?: string | null;
}

interface RowWant {
  /** Physical line where the record starts. */
  line: number;
  /** Default: true. */
  valid?: boolean;
  /** Every issue of the row, in any order, by code (default: none). */
  codes?: Code[];
  /** Every issue of the row, in order, by code and the other properties given. */
  issues?: IssueWant[];
  fields?: Record<string, unknown>;
}

interface Want {
  fixture: string;
  options?: ImportOptions;
  /** Every row, in file order. */
  rows?: RowWant[];
  /** Properties of the whole-file result. */
  result?: Partial<Record<keyof FileResult, unknown>>;
  /** The read fails as a whole. */
  throws?: { code: Code; options?: true; line?: number | null; headers?: string[]; fields?: string[]; problems?: Code[] };
  /** Set when the engine does not meet the SPEC here: what it does instead. */
  todo?: string;
}

function checkRow(row: RowResult, want: RowWant): void {
  const at = `row on line ${want.line}`;
  const codes = want.codes ?? want.issues?.map((i) => i.code) ?? [];
  assert.deepEqual(row.issues.map((i) => i.code).sort(), [...codes].sort(), `${at}: issue codes`);
  assert.equal(row.valid, want.valid ?? true, `${at}: valid`);
  for (const i of row.issues) assert.equal(i.line, row.line, `${at}: an issue's line is the row's line`);
  if (want.issues) {
    want.issues.forEach((w, k) => {
      for (const [key, value] of Object.entries(w)) match((row.issues[k] as unknown as Record<string, unknown>)[key], value, `${at}: issue ${k} ${key}`);
    });
  }
  for (const [key, value] of Object.entries(want.fields ?? {})) match(row.fields[key], value, `${at}: ${key}`);
}

async function check(want: Want): Promise<void> {
  if (want.throws) {
    const t = want.throws;
    let error: unknown = null;
    try {
      await read(want.fixture, want.options);
    } catch (e) {
      error = e;
    }
    assert.ok(error instanceof SluiceError, `expected a SluiceError ${t.code}, got ${inspect(error)}`);
    assert.equal(error.code, t.code);
    if (t.options) assert.ok(error instanceof OptionsError, 'an OptionsError');
    if (t.line !== undefined) assert.equal(error.line, t.line, 'error line');
    if (t.headers) assert.deepEqual(error.details?.['headers'], t.headers, 'the headers found');
    if (t.fields) assert.deepEqual(error.details?.['fields'], t.fields, 'the missing fields');
    if (t.problems) {
      assert.ok(error instanceof OptionsError);
      assert.deepEqual(error.problems.map((p) => p.code), t.problems, 'option problems');
    }
    return;
  }
  const { rows, result } = await read(want.fixture, want.options);
  if (want.rows) {
    assert.deepEqual(rows.map((r) => r.line), want.rows.map((r) => r.line), 'the rows, by line');
    want.rows.forEach((w, i) => checkRow(rows[i]!, w));
    assert.equal(result.rows_count, rows.length, 'rows_count');
    assert.equal(result.valid_rows_count, rows.filter((r) => r.valid).length, 'valid_rows_count');
    assert.equal(result.invalid_rows_count, rows.filter((r) => !r.valid).length, 'invalid_rows_count');
  }
  for (const [key, value] of Object.entries(want.result ?? {})) {
    // `columns` is written as field → header; the result also says where and how each was found.
    const actual = key === 'columns' && !(value instanceof Match)
      ? Object.fromEntries(Object.entries(result.columns).map(([f, c]) => [f, c!.header]))
      : (result as unknown as Record<string, unknown>)[key];
    match(actual, value, `result.${key}`);
  }
}

/** A describe block with one test per case. */
function cases(title: string, table: ReadonlyArray<readonly [string, Want]>): void {
  describe(title, () => {
    for (const [name, want] of table) test(name, want.todo ? { todo: want.todo } : {}, () => check(want));
  });
}

const HEADERS = ['date', 'amount', 'name'];
/** The two rows every file made from make-binary.ts's ACCENTED text holds. */
const ACCENTED_ROWS: RowWant[] = [
  { line: 2, fields: { date: '2024-01-05', amount: '-12.34', name: 'Café Zürich' } },
  { line: 3, fields: { date: '2024-01-06', amount: '100.00', name: 'Łódź' } },
];
const decoded = (fixture: string, encoding: string): Want => ({
  fixture,
  rows: ACCENTED_ROWS,
  result: { encoding, encoding_detected: true, headers: HEADERS, issue_counts: {} },
});

// ---------------------------------------------------------------------------------------------
// SPEC §2.1 Sources and decoding

cases('decoding (SPEC §2.1, §2.13)', [
  ['a UTF-8 BOM is removed and does not spoil the first header', decoded('utf-8-bom.csv', 'utf-8')],
  ['UTF-16LE with a BOM', decoded('utf-16le-bom.csv', 'utf-16le')],
  ['UTF-16LE without a BOM is recognised by its NUL pattern', decoded('utf-16le-no-bom.csv', 'utf-16le')],
  ['UTF-16BE with a BOM', decoded('utf-16be-bom.csv', 'utf-16be')],
  ['UTF-16BE without a BOM is recognised by its NUL pattern', decoded('utf-16be-no-bom.csv', 'utf-16be')],
  ['windows-1252 (€ — é) is detected by plausibility: `déjà` is French, windows-1250 `déjŕ` far less likely (SPEC §2.14)', {
    fixture: 'windows-1252.csv',
    rows: [{ line: 2, fields: { name: 'Café € — déjà vu', amount: '-4.50' } }],
    result: { encoding: 'windows-1252', encoding_detected: true, issue_counts: {} },
  }],
  ['windows-1250 (Polish ą ł ż Ł) is detected, not guessed', {
    fixture: 'windows-1250-polish.csv',
    rows: [
      { line: 2, fields: { name: 'Zażółć gęślą jaźń', amount: '-23.99' } },
      { line: 3, fields: { name: 'Łódź Żabka', amount: '-7.50' } },
    ],
    result: { encoding: 'windows-1250', encoding_detected: true, issue_counts: {} },
  }],
  ['Czech windows-1250 text is told apart by plausibility: ř and Č make Czech words, ø and È none (SPEC §2.14)', {
    fixture: 'windows-1250-czech.csv',
    rows: [{ line: 2, fields: { name: 'Dvořák Černý' } }],
    result: { encoding: 'windows-1250', encoding_detected: true, issue_counts: {} },
  }],
  ['the encoding option overrides detection (windows-1250 given for Czech text)', {
    fixture: 'windows-1250-czech.csv',
    options: { encoding: 'windows-1250' },
    rows: [{ line: 2, fields: { name: 'Dvořák Černý', amount: '-120.00' } }],
    result: { encoding: 'windows-1250', encoding_detected: false, issue_counts: {} },
  }],
  ['the encoding option overrides detection even against the evidence (windows-1252 given for Polish text)', {
    fixture: 'windows-1250-polish.csv',
    options: { encoding: 'windows-1252' },
    rows: [
      { line: 2, fields: { name: 'Za¿ó³æ gêœl¹ jaŸñ' } },
      { line: 3, fields: { name: '£ódŸ ¯abka' } },
    ],
    result: { encoding: 'windows-1252', encoding_detected: false, issue_counts: {} },
  }],
  ['undecodable bytes are counted and reported on their rows, never silently replaced', {
    fixture: 'windows-1250-polish.csv',
    options: { encoding: 'utf-8' },
    rows: [
      { line: 2, valid: false, issues: [{ code: 'DECODE_INVALID_BYTES', field: 'name' }], fields: { amount: '-23.99' } },
      { line: 3, valid: false, issues: [{ code: 'DECODE_INVALID_BYTES', field: 'name' }], fields: { amount: '-7.50' } },
    ],
    result: {
      encoding: 'utf-8', encoding_detected: false, issue_counts: { DECODE_INVALID_BYTES: 2 },
      undecodable_chars: new Match('a positive count', (v) => typeof v === 'number' && v > 0),
    },
  }],
]);

// ---------------------------------------------------------------------------------------------
// SPEC §2.2, §2.13 Dialect: separators, quoting, line endings, header location

cases('separators (SPEC §2.2)', [
  ['a semicolon separator is sniffed, with a decimal comma', {
    fixture: 'semicolon-decimal-comma.csv',
    options: { number_format: '1.234,56', date_format: '%d/%m/%Y' },
    rows: [
      { line: 2, fields: { date: '2024-01-05', amount: '1234.56', signed_amount: '-1234.56', name: 'Salary' } },
      { line: 3, fields: { date: '2024-01-06', amount: '-12.50', signed_amount: '12.50', name: 'Coffee' } },
    ],
    result: { col_sep: ';', headers: HEADERS, issue_counts: {} },
  }],
  ['a tab separator is sniffed and reported as the character itself', {
    fixture: 'tab-separated.csv',
    rows: [
      { line: 2, fields: { amount: '-3.20', name: 'Bus ticket, single' } },
      { line: 3, fields: { amount: '-1.10', name: 'Tea; large' } },
    ],
    result: { col_sep: '\t', headers: HEADERS },
  }],
  ['a | separator is sniffed', {
    fixture: 'pipe-separated.csv',
    rows: [
      { line: 2, fields: { amount: '-3.20', name: 'Bus ticket, single' } },
      { line: 3, fields: { amount: '-1.10', name: 'Tea; large' } },
    ],
    result: { col_sep: '|', headers: HEADERS },
  }],
]);

cases('quoting and line structure (SPEC §1, §2.2, §2.13)', [
  ['quoted newlines: a row\'s line is where its record starts, later rows count the embedded breaks', {
    fixture: 'quoted-newlines.csv',
    rows: [
      { line: 2, fields: { name: 'Coffee', notes: 'first line\nsecond line' } },
      { line: 4, fields: { name: 'Corner\nShop', notes: 'ok' } },
      { line: 6, fields: { name: 'Last', notes: null } },
    ],
  }],
  ['CR-only line endings', {
    fixture: 'cr-line-endings.csv',
    rows: [
      { line: 2, fields: { date: '2024-01-05', amount: '-1.00', name: 'Coffee' } },
      { line: 3, fields: { date: '2024-01-06', amount: '-2.00', name: 'Tea' } },
    ],
    result: { header_line: 1, headers: HEADERS },
  }],
  ['CRLF line endings; a quoted CRLF is one line break', {
    fixture: 'crlf-line-endings.csv',
    rows: [
      { line: 2, fields: { name: 'Coffee', notes: 'two\r\nlines' } },
      { line: 4, fields: { name: 'Tea', notes: null } },
    ],
    result: { header_line: 1, headers: [...HEADERS, 'notes'] },
  }],
  ['text after a closing quote is kept with a CSV_QUOTE_TRAILING_TEXT warning; the row stays valid', {
    fixture: 'quote-trailing-text.csv',
    rows: [
      { line: 2, issues: [{ code: 'CSV_QUOTE_TRAILING_TEXT', field: 'name' }], fields: { name: 'Coffee shop', amount: '-3.50' } },
      { line: 3, fields: { name: 'Tea' } },
    ],
    result: { issue_counts: { CSV_QUOTE_TRAILING_TEXT: 1 } },
  }],
  ['doubled quotes and separators inside quotes (RFC 4180)', {
    fixture: 'doubled-quotes.csv',
    rows: [
      { line: 2, fields: { name: 'Smith, John "JJ"', amount: '-12.34' } },
      { line: 3, fields: { name: '"Quoted"', amount: '-1000.00' } },
    ],
    result: { issue_counts: {} },
  }],
  ['a stray quote inside an unquoted field is kept as text', {
    fixture: 'stray-quote-unquoted.csv',
    rows: [
      { line: 2, fields: { name: 'TV 12" screen', amount: '-199.00' } },
      { line: 3, fields: { name: 'O"Brien', amount: '-1.00' } },
    ],
    result: { issue_counts: {} },
  }],
  ['an unterminated quote stops the file with the line where the quote opened', {
    fixture: 'unterminated-quote.csv',
    throws: { code: 'CSV_UNTERMINATED_QUOTE', line: 3 },
  }],
  ['short and long rows carry CSV_FIELD_COUNT; validity is decided by their fields', {
    fixture: 'field-count-short-long.csv',
    rows: [
      { line: 2, codes: ['CSV_FIELD_COUNT'], fields: { amount: '-3.50', name: 'Imported item' } },
      { line: 3, codes: ['CSV_FIELD_COUNT'], fields: { amount: '-1.00', name: 'Tea' } },
      { line: 4, valid: false, codes: ['CSV_FIELD_COUNT', 'AMOUNT_MISSING'], fields: { date: '2024-01-07', amount: null } },
    ],
    result: { issue_counts: { CSV_FIELD_COUNT: 3, AMOUNT_MISSING: 1 } },
  }],
  ['blank, whitespace and ;;;; lines are skipped and not counted, leading ones too', {
    fixture: 'blank-lines-skipped.csv',
    options: { number_format: '1.234,56' },
    rows: [
      { line: 4, fields: { amount: '-3.50', name: 'Coffee' } },
      { line: 8, fields: { amount: '-1.00', name: 'Tea' } },
    ],
    result: { header_line: 3, col_sep: ';', rows_count: 2, issue_counts: {} },
  }],
  ['a trailing summary line that does not fit the table is an invalid row, not a silent drop', {
    fixture: 'trailing-summary-line.csv',
    options: { date_format: '%Y-%m-%d' },
    rows: [
      { line: 2, fields: { name: 'Coffee' } },
      { line: 3, fields: { name: 'Bus' } },
      { line: 4, valid: false, issues: [{ code: 'CSV_FIELD_COUNT' }, { code: 'DATE_INVALID', field: 'date', raw: 'Total' }, { code: 'ROW_BALANCE_LINE', raw: 'Total' }] },
    ],
  }],
  ['an empty file cannot be read as a table', {
    fixture: 'empty.csv',
    throws: { code: 'CSV_EMPTY' },
  }],
  ['a header-only file is read fine: no rows and a NO_DATA_ROWS warning', {
    fixture: 'header-only.csv',
    rows: [],
    result: { rows_count: 0, valid_rows_count: 0, invalid_rows_count: 0, headers: HEADERS, issue_counts: { NO_DATA_ROWS: 1 } },
  }],
]);

cases('header location (SPEC §2.2)', [
  ['the header is found past a bank preamble; data lines keep their physical numbers', {
    fixture: 'preamble-then-header.csv',
    rows: [
      { line: 6, fields: { date: '2024-01-05', amount: '-12.34', name: 'Coffee' } },
      { line: 7, fields: { date: '2024-01-06', amount: '2500.00', name: 'Salary' } },
    ],
    result: {
      header_line: 5, headers: ['Date', 'Amount', 'Description'], columns: { date: 'Date', amount: 'Amount', name: 'Description' },
      issue_counts: {},
    },
  }],
  ['rows_to_skip drops that many physical lines before the header', {
    fixture: 'rows-to-skip.csv',
    options: { rows_to_skip: 2 },
    rows: [
      { line: 4, fields: { amount: '-12.34', name: 'Coffee' } },
      { line: 5, fields: { amount: '-5.00', name: 'Bus' } },
    ],
    result: { header_line: 3, headers: HEADERS },
  }],
  ['rows_to_skip is obeyed, not searched past: skipping too few makes a preamble line the header', {
    fixture: 'rows-to-skip.csv',
    options: { rows_to_skip: 1 },
    throws: { code: 'MAP_REQUIRED_COLUMN_MISSING', headers: ['Generated', '2024-02-01'] },
  }],
  ['a headerless file is read with column_names; every non-blank line is data', {
    fixture: 'headerless-column-names.csv',
    options: { column_names: 'date,name,amount' },
    rows: [
      { line: 1, fields: { date: '2024-01-05', name: 'Coffee', amount: '-12.34' } },
      { line: 2, fields: { date: '2024-01-06', name: 'Salary', amount: '2500.00' } },
    ],
    result: { header_line: null, headers: ['date', 'name', 'amount'] },
  }],
  ['headerless: rows_to_skip lines are dropped first, the separator is sniffed from the first data line', {
    fixture: 'headerless-skip-semicolon.csv',
    options: { column_names: 'date,name,amount', rows_to_skip: 1, number_format: '1.234,56' },
    rows: [
      { line: 2, fields: { date: '2024-01-05', name: 'Coffee', amount: '-12.34' } },
      { line: 3, fields: { date: '2024-01-06', name: 'Tea', amount: '-3.00' } },
    ],
    result: { header_line: null, col_sep: ';' },
  }],
]);

// ---------------------------------------------------------------------------------------------
// SPEC §2.3 Column mapping

cases('column mapping (SPEC §2.2, §2.3)', [
  ['repeated headers: the first column wins and MAP_DUPLICATE_HEADER warns (only for a used name)', {
    fixture: 'repeated-header.csv',
    rows: [{ line: 2, fields: { amount: '-12.34', name: 'Coffee' } }],
    result: { issue_counts: { MAP_DUPLICATE_HEADER: 1 }, issues: hasIssue({ code: 'MAP_DUPLICATE_HEADER' }) },
  }],
  ['a #N label addresses an empty header by position', {
    fixture: 'positional-labels.csv',
    options: { amount_col_label: '#2' },
    rows: [{ line: 2, fields: { amount: '-12.34', name: 'Coffee' } }],
    result: { issue_counts: {} },
  }],
  ['a #N label addresses one of repeated headers by position, without a duplicate warning', {
    fixture: 'positional-labels.csv',
    options: { amount_col_label: '#5' },
    rows: [{ line: 2, fields: { amount: '2.00', name: 'Coffee' } }],
    result: { issue_counts: {} },
  }],
  ['a #N label past the last column is a label not found', {
    fixture: 'positional-labels.csv',
    options: { amount_col_label: '#9' },
    throws: { code: 'MAP_COLUMN_NOT_FOUND', headers: ['Date', '', 'Description', 'Amount', 'Amount'] },
  }],
  ['a given label that is not a header stops the file and lists the headers found', {
    fixture: 'label-not-in-header.csv',
    options: { amount_col_label: 'Betrag' },
    throws: { code: 'MAP_COLUMN_NOT_FOUND', headers: HEADERS },
  }],
  ['a date column no header names is found by its cells (SPEC §2.14)', {
    fixture: 'no-date-column.csv',
    rows: [{ line: 2, fields: { date: '2024-01-05', amount: '-1.00', name: 'Coffee' } }],
    result: { columns: { date: 'when', amount: 'amount', name: 'name' } },
  }],
  ['a required column that neither a header nor the cells give stops the file, naming every missing field and the headers found', {
    fixture: 'no-required-columns.csv',
    throws: { code: 'MAP_REQUIRED_COLUMN_MISSING', headers: ['reference', 'comment'], fields: ['date', 'amount'] },
  }],
  ['debit/credit columns with no options: amount = credit − debit, signed_amount in the ledger sign', {
    fixture: 'debit-credit-columns.csv',
    rows: [
      { line: 2, fields: { name: 'Coffee', amount: '-12.34', signed_amount: '12.34' } },
      { line: 3, fields: { name: 'Salary', amount: '2500.00', signed_amount: '-2500.00' } },
      { line: 4, fields: { name: 'Fee and refund', amount: '-3.00', signed_amount: '3.00' } },
      { line: 5, valid: false, codes: ['AMOUNT_MISSING'], fields: { amount: null, signed_amount: null } },
      { line: 6, fields: { name: 'Debit written negative', amount: '-7.00', signed_amount: '7.00' } },
    ],
    result: { columns: { date: 'date', name: 'description', inflow: 'credit', outflow: 'debit' } },
  }],
  ['withdrawal/deposit columns with no options', {
    fixture: 'withdrawal-deposit.csv',
    rows: [
      { line: 2, fields: { name: 'ATM', amount: '-40.00', signed_amount: '40.00' } },
      { line: 3, fields: { name: 'Transfer in', amount: '150.00', signed_amount: '-150.00' } },
    ],
  }],
  ['inflow_col_label/outflow_col_label name the two columns and win over an Amount column', {
    fixture: 'custom-inflow-outflow-labels.csv',
    options: { inflow_col_label: 'Paid In (EUR)', outflow_col_label: 'Paid Out (EUR)' },
    rows: [
      { line: 2, fields: { name: 'Shop', amount: '-19.99', signed_amount: '19.99' } },
      { line: 3, fields: { name: 'Refund', amount: '5.00', signed_amount: '-5.00' } },
    ],
  }],
  ['default header names are tried in table order (description before payee, notes before memo)', {
    fixture: 'default-name-order.csv',
    rows: [{ line: 2, fields: { name: 'Description', notes: 'Notes' } }],
  }],
  ['a blank name cell becomes "Imported item"', {
    fixture: 'missing-name.csv',
    rows: [
      { line: 2, fields: { name: 'Imported item' } },
      { line: 3, fields: { name: 'Imported item' } },
      { line: 4, fields: { name: 'Coffee' } },
    ],
  }],
  ['no name column: every name is "Imported item"', {
    fixture: 'no-name-column.csv',
    rows: [{ line: 2, fields: { name: 'Imported item', amount: '-1.00' } }],
  }],
  ['currency codes are ISO 4217, case-insensitive, stored upper-case; a missing one is the default', {
    fixture: 'currency-codes.csv',
    options: { default_currency: 'PLN' },
    rows: [
      { line: 2, fields: { currency: 'USD' } },
      { line: 3, fields: { currency: 'EUR' } },
      { line: 4, valid: false, issues: [{ code: 'ROW_CURRENCY_INVALID', field: 'currency', raw: 'ZZZ' }] },
      { line: 5, fields: { currency: 'PLN' } },
      { line: 6, valid: false, issues: [{ code: 'ROW_CURRENCY_INVALID', field: 'currency', raw: 'US$' }] },
    ],
  }],
  ['tags split on | or , (, wins), a backslash escapes a separator', {
    fixture: 'tags-separators.csv',
    rows: [
      { line: 2, fields: { tags: ['Food', 'Trips'] } },
      { line: 3, fields: { tags: ['Food', 'Dining|Trips'] } },
      { line: 4, fields: { tags: ['Food, Dining', 'Trips'] } },
      { line: 5, fields: { tags: [] } },
      { line: 6, fields: { tags: ['Solo'] } },
      { line: 7, fields: { tags: ['Food|Drink'] } },
    ],
    result: { tags: sameSet(['Food', 'Trips', 'Dining|Trips', 'Food, Dining', 'Solo', 'Food|Drink']) },
  }],
  ['hierarchical categories: Parent:Child and Parent: Child', {
    fixture: 'hierarchical-category.csv',
    rows: [
      { line: 2, fields: { category: 'Groceries' } },
      { line: 3, fields: { category: 'Flights' } },
      { line: 4, fields: { category: 'Rent' } },
    ],
    result: {
      categories: sameSet([
        { name: 'Groceries', parent: 'Food' }, { name: 'Flights', parent: 'Travel' }, { name: 'Rent', parent: null },
      ]),
    },
  }],
]);

// ---------------------------------------------------------------------------------------------
// SPEC §2.4 Numbers

const amounts = (fixture: string, options: ImportOptions, want: Array<string | Code>): Want => ({
  fixture,
  options,
  rows: want.map((w, i) =>
    /^[A-Z_]+$/.test(w)
      ? { line: i + 2, valid: false, issues: [{ code: w as Code, field: 'amount' }], fields: { amount: null } }
      : { line: i + 2, fields: { amount: w } }),
});

cases('numbers (SPEC §2.4)', [
  ['1 234,56 with NBSP group marks', amounts('space-group-nbsp.csv', { number_format: '1 234,56' }, ['1234.56', '-12345678.90'])],
  ['1 234,56 with U+202F group marks', amounts('space-group-narrow-nbsp.csv', { number_format: '1 234,56' }, ['1234.56', '-12345678.90'])],
  ['parentheses make a negative', amounts('parentheses-negative.csv', {}, ['-12.34', '-1234.50', '12.34'])],
  ['a trailing minus makes a negative', amounts('trailing-minus.csv', {}, ['-12.34', '-1234.00', '-5.00'])],
  ['currency symbols and codes on either side ($ € USD); letters among the digits are AMOUNT_INVALID',
    amounts('currency-symbols.csv', {}, ['12.34', '-12.34', '5.00', '5.00', '7.50', '-7.50', '1234.56', 'AMOUNT_INVALID'])],
  ['currency designations with a decimal comma (zł, PLN, kr., €)',
    amounts('currency-codes-decimal-comma.csv', { number_format: '1.234,56' }, ['12.50', '-30.00', '100.00', '100.00', '1234.56'])],
  ['a leading + or −, the Unicode minus, and a sign after a currency symbol',
    amounts('leading-sign-variants.csv', {}, ['12.34', '-12.34', '-12.34', '-12.34'])],
  ['apostrophe group marks (\' and ’)', amounts('apostrophe-group-marks.csv', {}, ['1234.50', '1234.50'])],
  ['bidi marks around amounts are ignored (U+200E, U+200F, U+061C), with an Arabic currency',
    amounts('bidi-marks.csv', {}, ['-5.00', '12.00', '-3.50'])],
  ['1,234 is whole units: a . makes the value AMOUNT_INVALID',
    amounts('whole-units.csv', { number_format: '1,234' }, ['1234', '-500', 'AMOUNT_INVALID', 'AMOUNT_INVALID'])],
]);

test('parentheses negatives keep the ledger sign rule', async () => {
  const { rows } = await read('parentheses-negative.csv');
  assert.equal(rows[0]!.fields['signed_amount'], '12.34');
});

// ---------------------------------------------------------------------------------------------
// SPEC §2.5 Dates

/** [column of date-directives.csv, date_format, the ISO date it must give] */
const DIRECTIVES: ReadonlyArray<readonly [string, string, string]> = [
  ['day_month_year', '%d/%m/%Y', '2024-01-05'],
  ['unpadded', '%d/%m/%Y', '2024-01-05'],
  ['month_first', '%m/%d/%Y', '2024-01-05'],
  ['space_padded_day', '%b %e %Y', '2024-01-05'],
  ['abbr_month', '%d %b %Y', '2024-01-05'],
  ['abbr_directive_full_name', '%d %b %Y', '2024-01-05'],
  ['h_directive', '%d-%h-%Y', '2024-01-05'],
  ['full_month', '%B %d %Y', '2023-09-30'],
  ['full_directive_abbr', '%B %d %Y', '2023-09-30'],
  ['compact', '%Y%m%d', '2024-01-05'],
  ['two_digit_year', '%d.%m.%y', '2024-01-05'],
  ['day_of_year', '%Y-%j', '2024-02-29'],
  ['percent', '%d%%%m%%%Y', '2024-01-05'],
];

cases('date directives (SPEC §2.5)', DIRECTIVES.map(([column, format, iso]) => [
  `${format} reads the ${column} column`,
  {
    fixture: 'date-directives.csv',
    options: { date_col_label: column, date_format: format },
    rows: [{ line: 2, fields: { date: iso } }],
    result: { date_format: format, date_format_inferred: false },
  },
] as const));

const dates = (fixture: string, options: ImportOptions, want: Array<string | Code>): Want => ({
  fixture,
  options,
  rows: want.map((w, i) =>
    /^[A-Z_]+$/.test(w)
      ? { line: i + 2, valid: false, issues: [{ code: w as Code, field: 'date' }], fields: { date: null } }
      : { line: i + 2, fields: { date: w } }),
});

cases('dates (SPEC §2.5)', [
  ['a time of day after an ISO date is ignored (T…Z, space … +0000)',
    dates('date-trailing-time.csv', { date_col_label: 'iso', date_format: '%Y-%m-%d' }, ['2024-01-05', '2018-01-03'])],
  ['a time of day after a US date is ignored (space H:MM, ", H:MM AM")',
    dates('date-trailing-time.csv', { date_col_label: 'us', date_format: '%m/%d/%Y' }, ['2024-01-05', '2021-12-31'])],
  ['any other trailing text is DATE_INVALID, and %Y takes exactly four digits',
    dates('date-trailing-junk.csv', { date_format: '%Y-%m-%d' },
      ['2024-01-05', 'DATE_INVALID', 'DATE_INVALID', 'DATE_INVALID', 'DATE_INVALID', 'DATE_INVALID'])],
  ['impossible dates are DATE_IMPOSSIBLE (31/02, 29/02 of a common year, day 0, month 13)',
    dates('date-impossible.csv', { date_format: '%d/%m/%Y' },
      ['DATE_IMPOSSIBLE', 'DATE_IMPOSSIBLE', '2024-02-29', 'DATE_IMPOSSIBLE', 'DATE_IMPOSSIBLE'])],
  ['dates run from 1970-01-01 to today plus one day, both included (today injected)',
    dates('date-out-of-range.csv', { date_format: '%Y-%m-%d', today: '2025-06-30' },
      ['2025-07-01', 'DATE_OUT_OF_RANGE', '1970-01-01', 'DATE_OUT_OF_RANGE'])],
  ['two-digit years: 00–68 are 20xx, 69–99 are 19xx (so 69 is before 1970)',
    dates('two-digit-years.csv', { date_format: '%d/%m/%y', today: '2099-12-31' },
      ['2000-02-01', '2068-12-31', 'DATE_OUT_OF_RANGE', '1970-01-01', '1999-12-31'])],
  ['the date format is inferred when not given; a day above 12 settles the order', {
    ...dates('date-format-inferred.csv', {}, ['2024-01-13', '2024-02-05']),
    result: { date_format: '%d/%m/%Y', date_format_inferred: true, issue_counts: {} },
  }],
  ['an ambiguous inference warns DATE_FORMAT_AMBIGUOUS and uses the first candidate (%m/%d/%Y)', {
    ...dates('date-format-ambiguous.csv', {}, ['2024-01-02', '2024-03-04']),
    result: { date_format: '%m/%d/%Y', date_format_inferred: true, issue_counts: { DATE_FORMAT_AMBIGUOUS: 1 } },
  }],
  ['inference: a summary line that no format reads is an invalid row, not a reason to give up', {
    // README "Decisions": a value no candidate reads does not rule every candidate out.
    fixture: 'trailing-summary-line.csv',
    rows: [
      { line: 2, fields: { date: '2024-01-05' } },
      { line: 3, fields: { date: '2024-01-06' } },
      { line: 4, valid: false, issues: [{ code: 'CSV_FIELD_COUNT' }, { code: 'DATE_INVALID', field: 'date', raw: 'Total' }, { code: 'ROW_BALANCE_LINE' }] },
    ],
    result: { date_format: '%Y-%m-%d', date_format_inferred: true },
  }],
  ['when no format fits, every date is DATE_FORMAT_UNKNOWN; the file is still read', {
    ...dates('date-format-unknown.csv', {}, ['DATE_FORMAT_UNKNOWN', 'DATE_FORMAT_UNKNOWN']),
    result: { date_format: null, rows_count: 2, invalid_rows_count: 2, issue_counts: countsOf(['DATE_FORMAT_UNKNOWN']) },
  }],
]);

// ---------------------------------------------------------------------------------------------
// SPEC §2.6 Sign

const SALARY_COFFEE = (salary: string, coffee: string): RowWant[] => [
  { line: 2, fields: { amount: '2500.00', signed_amount: salary } },
  { line: 3, fields: { amount: '-12.34', signed_amount: coffee } },
];
const CUSTOM_COLUMN: RowWant[] = [
  { line: 2, fields: { amount: '2500.00', signed_amount: '-2500.00' } },
  { line: 3, fields: { amount: '12.34', signed_amount: '12.34' } },
  { line: 4, fields: { amount: '5.00', signed_amount: '-5.00' } },
  { line: 5, fields: { amount: '7.00', signed_amount: '7.00' } },
];

cases('sign (SPEC §1 ledger sign, §2.6)', [
  ['the default is inflows_positive: signed_amount = −amount', {
    fixture: 'signage-convention.csv', rows: SALARY_COFFEE('-2500.00', '12.34'), result: { signage_convention: 'inflows_positive' },
  }],
  ['inflows_positive given', {
    fixture: 'signage-convention.csv', options: { signage_convention: 'inflows_positive' }, rows: SALARY_COFFEE('-2500.00', '12.34'),
  }],
  ['inflows_negative: the file already has the ledger sign', {
    fixture: 'signage-convention.csv', options: { signage_convention: 'inflows_negative' }, rows: SALARY_COFFEE('2500.00', '-12.34'),
  }],
  ['custom_column: the type column decides (trimmed, case-insensitive), the written sign is ignored', {
    fixture: 'custom-column-sign.csv',
    options: { amount_type_strategy: 'custom_column', amount_type_inflow_value: ' credit ' },
    rows: CUSTOM_COLUMN,
  }],
  ['custom_column ignores signage_convention', {
    fixture: 'custom-column-sign.csv',
    options: { amount_type_strategy: 'custom_column', amount_type_inflow_value: 'credit', signage_convention: 'inflows_negative' },
    rows: CUSTOM_COLUMN,
  }],
  ['custom_column without amount_type_inflow_value is an OptionsError', {
    fixture: 'custom-column-sign.csv',
    options: { amount_type_strategy: 'custom_column' },
    throws: { code: 'OPT_INFLOW_VALUE_MISSING', options: true, problems: ['OPT_INFLOW_VALUE_MISSING'] },
  }],
]);

// ---------------------------------------------------------------------------------------------
// SPEC §2.7 Import types

const RULE_CONDITIONS = [{ condition_type: 'transaction_name', operator: 'like', value: 'coffee' }];
const RULE_ACTIONS = [{ action_type: 'set_transaction_category', value: 'Food' }];

cases('import types (SPEC §2.7, §2.12)', [
  ['TransactionImport: every field normalized; a column the type does not use is ignored', {
    fixture: 'transaction-import.csv',
    rows: [{
      line: 2,
      fields: {
        date: '2024-01-05', amount: '-12.34', signed_amount: '12.34', name: 'Coffee', category: 'Food',
        tags: ['morning', 'work'], notes: 'Flat white', account: 'Main Checking', currency: 'EUR',
      },
    }],
    result: { type: 'TransactionImport', issue_counts: {}, accounts: ['Main Checking'], tags: sameSet(['morning', 'work']) },
  }],
  ['TradeImport: a file without ticker/qty/price columns stops with the headers found', {
    fixture: 'signage-convention.csv',
    options: { type: 'TradeImport' },
    throws: { code: 'MAP_REQUIRED_COLUMN_MISSING', headers: HEADERS },
  }],
  ['AccountImport: a file without a name column stops with the headers found', {
    fixture: 'date-out-of-range.csv',
    options: { type: 'AccountImport' },
    throws: { code: 'MAP_REQUIRED_COLUMN_MISSING', headers: ['date', 'amount'] },
  }],
  ['AccountImport: a file without an amount or balance column stops with the headers found', {
    fixture: 'merchant-invalid.csv',
    options: { type: 'AccountImport' },
    throws: { code: 'MAP_REQUIRED_COLUMN_MISSING', headers: ['name', 'website'] },
  }],
  ['CategoryImport: a file without a name column stops with the headers found', {
    fixture: 'date-out-of-range.csv',
    options: { type: 'CategoryImport' },
    throws: { code: 'MAP_REQUIRED_COLUMN_MISSING', headers: ['date', 'amount'] },
  }],
  ['MerchantImport: a file without a name column stops with the headers found', {
    fixture: 'date-out-of-range.csv',
    options: { type: 'MerchantImport' },
    throws: { code: 'MAP_REQUIRED_COLUMN_MISSING', headers: ['date', 'amount'] },
  }],
  ['RuleImport: a file without resource_type/conditions/actions columns stops with the headers found', {
    fixture: 'signage-convention.csv',
    options: { type: 'RuleImport' },
    throws: { code: 'MAP_REQUIRED_COLUMN_MISSING', headers: HEADERS },
  }],
  ['TransactionImport: date and amount are required', {
    fixture: 'transaction-missing-fields.csv',
    options: { date_format: '%Y-%m-%d' },
    rows: [
      { line: 2, valid: false, issues: [{ code: 'DATE_MISSING', field: 'date' }] },
      { line: 3, valid: false, issues: [{ code: 'AMOUNT_MISSING', field: 'amount' }] },
      { line: 4, valid: false, issues: [{ code: 'AMOUNT_INVALID', field: 'amount', raw: '12.3.4' }] },
      { line: 5, valid: false, issues: [{ code: 'DATE_INVALID', field: 'date', raw: 'not a date' }] },
    ],
  }],
  ['TradeImport: ticker upper-cased, signed_amount = qty × price under inflows_positive', {
    fixture: 'trade-import.csv',
    options: { type: 'TradeImport' },
    rows: [
      { line: 2, fields: { date: '2024-01-05', ticker: 'AAPL', qty: '10', price: '150.25', currency: 'USD', signed_amount: decimal('1502.5') } },
      { line: 3, fields: { date: '2024-01-06', ticker: 'MSFT', qty: '-2', price: '400.50', signed_amount: decimal('-801') } },
    ],
    result: { type: 'TradeImport', issue_counts: {} },
  }],
  ['TradeImport: signed_amount = −qty × price under inflows_negative', {
    fixture: 'trade-import.csv',
    options: { type: 'TradeImport', signage_convention: 'inflows_negative' },
    rows: [
      { line: 2, fields: { signed_amount: decimal('-1502.5') } },
      { line: 3, fields: { signed_amount: decimal('801') } },
    ],
  }],
  ['TradeImport: date, ticker, qty and price are required', {
    fixture: 'trade-missing-fields.csv',
    options: { type: 'TradeImport', date_format: '%Y-%m-%d' },
    rows: [
      { line: 2, valid: false, issues: [{ code: 'ROW_FIELD_MISSING', field: 'ticker' }] },
      { line: 3, valid: false, issues: [{ code: 'ROW_FIELD_MISSING', field: 'qty' }] },
      { line: 4, valid: false, issues: [{ code: 'ROW_FIELD_MISSING', field: 'price' }] },
      { line: 5, valid: false, issues: [{ code: 'DATE_MISSING', field: 'date' }] },
      { line: 6, valid: false, issues: [{ code: 'AMOUNT_INVALID', field: 'qty', raw: 'ten' }] },
    ],
  }],
  ['AccountImport: balance is the amount, account types map to classes, an unknown one warns', {
    fixture: 'account-import.csv',
    options: { type: 'AccountImport' },
    rows: [
      { line: 2, fields: { name: 'Main Checking', amount: '1200.50', entity_type: 'Checking', accountable_type: 'Depository' } },
      { line: 3, fields: { name: 'Visa', amount: '-300.00', entity_type: 'Credit Card', accountable_type: 'CreditCard' } },
      { line: 4, fields: { name: 'Brokerage', entity_type: 'brokerage', accountable_type: 'Investment' } },
      { line: 5, fields: { name: 'Home loan', entity_type: 'Mortgage', accountable_type: 'Loan' } },
      { line: 6, fields: { name: 'Savings pot', currency: 'USD', accountable_type: 'Depository' } },
      { line: 7, issues: [{ code: 'ROW_ACCOUNT_TYPE_UNMATCHED', field: 'entity_type' }], fields: { entity_type: 'Spaceship', accountable_type: empty } },
    ],
    result: {
      type: 'AccountImport',
      account_types: sameSet(['Checking', 'Credit Card', 'brokerage', 'Mortgage', 'Savings', 'Spaceship']),
    },
  }],
  ['AccountImport: name and balance are required', {
    fixture: 'account-missing-fields.csv',
    options: { type: 'AccountImport' },
    rows: [
      { line: 2, valid: false, issues: [{ code: 'ROW_FIELD_MISSING', field: 'name' }] },
      { line: 3, valid: false, issues: [{ code: 'AMOUNT_MISSING', field: 'amount' }] },
      { line: 4, valid: false, issues: [{ code: 'AMOUNT_INVALID', field: 'amount', raw: 'abc' }] },
    ],
  }],
  ['CategoryImport: name, #RRGGBB colour, parent_category, lucide_icon', {
    fixture: 'category-import.csv',
    options: { type: 'CategoryImport' },
    rows: [
      { line: 2, fields: { name: 'Food', color: caseless('#FF8800'), parent: null, icon: 'utensils' } },
      { line: 3, fields: { name: 'Groceries', color: caseless('#00AA00'), parent: 'Food', icon: 'shopping-cart' } },
      { line: 4, fields: { name: 'Misc', color: null, parent: null, icon: null } },
    ],
    result: { type: 'CategoryImport', issue_counts: {} },
  }],
  ['CategoryImport: name is required; a colour that is not #RRGGBB is ROW_COLOR_INVALID', {
    fixture: 'category-invalid.csv',
    options: { type: 'CategoryImport' },
    rows: [
      { line: 2, valid: false, issues: [{ code: 'ROW_FIELD_MISSING', field: 'name' }] },
      { line: 3, valid: false, issues: [{ code: 'ROW_COLOR_INVALID', field: 'color', raw: '#GG0000' }] },
      { line: 4, valid: false, issues: [{ code: 'ROW_COLOR_INVALID', field: 'color', raw: 'red' }] },
      { line: 5, valid: false, issues: [{ code: 'ROW_COLOR_INVALID', field: 'color', raw: '#12345' }] },
    ],
  }],
  ['MerchantImport: name, colour and website (website_url or website)', {
    fixture: 'merchant-import.csv',
    options: { type: 'MerchantImport' },
    rows: [
      { line: 2, fields: { name: 'Coffee Corner', color: caseless('#112233'), website: 'https://coffee.example.com' } },
      { line: 3, fields: { name: 'Bakery', color: null, website: 'bakery.example.org' } },
    ],
    result: { type: 'MerchantImport', issue_counts: {} },
  }],
  ['MerchantImport: name is required; a website that is not a web address is ROW_URL_INVALID', {
    fixture: 'merchant-invalid.csv',
    options: { type: 'MerchantImport' },
    rows: [
      { line: 2, valid: false, issues: [{ code: 'ROW_FIELD_MISSING', field: 'name' }] },
      { line: 3, valid: false, issues: [{ code: 'ROW_URL_INVALID', field: 'website' }] },
    ],
  }],
  ['RuleImport: conditions and actions are JSON arrays, resource_type transaction', {
    fixture: 'rule-import.csv',
    options: { type: 'RuleImport' },
    rows: [{
      line: 2,
      fields: {
        name: 'Coffee is food', resource_type: 'transaction', active: true, effective_date: '2024-01-01',
        conditions: RULE_CONDITIONS, actions: RULE_ACTIONS,
      },
    }],
    result: { type: 'RuleImport', issue_counts: {} },
  }],
  ['RuleImport: resource_type must be transaction; conditions and actions must be JSON arrays', {
    fixture: 'rule-invalid.csv',
    options: { type: 'RuleImport' },
    rows: [
      { line: 2, valid: false, issues: [{ code: 'ROW_VALUE_INVALID', field: 'resource_type', raw: 'account' }] },
      { line: 3, valid: false, issues: [{ code: 'ROW_JSON_INVALID', field: 'conditions' }] },
      { line: 4, valid: false, issues: [{ code: 'ROW_JSON_INVALID', field: 'actions' }] },
      { line: 5, valid: false, issues: [{ code: 'ROW_FIELD_MISSING', field: 'resource_type' }] },
    ],
  }],
]);

// ---------------------------------------------------------------------------------------------
// SPEC §2.1: results never depend on where the input was split into chunks

/** [fixture, options] read whole and at small chunk sizes (inside CRLF, inside multi-byte characters). */
const CHUNKED: ReadonlyArray<readonly [string, ImportOptions]> = [
  ['crlf-line-endings.csv', {}],
  ['cr-line-endings.csv', {}],
  ['quoted-newlines.csv', {}],
  ['utf-8-bom.csv', {}],
  ['utf-16le-bom.csv', {}],
  ['utf-16le-no-bom.csv', {}],
  ['utf-16be-no-bom.csv', {}],
  ['windows-1250-polish.csv', {}],
  ['windows-1252.csv', {}],
  ['bidi-marks.csv', {}],
  ['tab-separated.csv', {}],
  ['space-group-narrow-nbsp.csv', { number_format: '1 234,56' }],
  ['preamble-then-header.csv', {}],
];

async function* chunksOf(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

describe('chunk invariance (SPEC §2.1)', () => {
  for (const [fixture, options] of CHUNKED) {
    test(fixture, async () => {
      const whole = await read(fixture, options);
      const bytes = await readFile(fixturePath(fixture));
      for (const size of [1, 2, 3, 5]) {
        const reader = readImport(chunksOf(bytes, size), { today: TODAY, ...options });
        const rows: RowResult[] = [];
        for await (const row of reader) rows.push(row);
        assert.deepEqual(rows, whole.rows, `rows at chunk size ${size}`);
        assert.deepEqual(await reader.result(), whole.result, `result at chunk size ${size}`);
      }
    });
  }
});

// ---------------------------------------------------------------------------------------------
// SPEC §4 CLI: `sluice check <file> --json` and its exit status

const BIN = fileURLToPath(new URL('../bin/sluice.mjs', import.meta.url));

async function sluiceCheck(args: string[]): Promise<{ status: number | null; out: string }> {
  const child = spawn(process.execPath, [BIN, 'check', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (s: string) => { out += s; });
  child.stderr.resume();
  const status = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  return { status, out };
}

/** [fixture, CLI options, exit status, properties of the JSON printed] */
const CLI: ReadonlyArray<readonly [string, string[], number, Record<string, unknown>]> = [
  ['header-only.csv', [], 0, { rows_count: 0, issue_counts: { NO_DATA_ROWS: 1 } }],
  ['semicolon-decimal-comma.csv', ['--number-format', '1.234,56', '--date-format', '%d/%m/%Y'], 0, { col_sep: ';', valid_rows_count: 2 }],
  ['headerless-column-names.csv', ['--column-names', 'date,name,amount'], 0, { header_line: null, rows_count: 2 }],
  ['tab-separated.csv', ['--col-sep', 'tab'], 0, { col_sep: '\t', valid_rows_count: 2 }],
  ['transaction-missing-fields.csv', ['--date-format', '%Y-%m-%d'], 1, { invalid_rows_count: 4 }],
  ['unterminated-quote.csv', [], 2, { error: { code: 'CSV_UNTERMINATED_QUOTE', line: 3 } }],
  ['custom-column-sign.csv', ['--amount-type-strategy', 'custom_column'], 2, { error: { code: 'OPT_INFLOW_VALUE_MISSING' } }],
];

describe('sluice check --json (SPEC §4)', { concurrency: true }, () => {
  for (const [fixture, args, status, want] of CLI) {
    test(`${fixture} ${args.join(' ')} → exit ${status}`, async () => {
      const run = await sluiceCheck([fixturePath(fixture), ...args, '--today', TODAY, '--json']);
      assert.equal(run.status, status, 'exit status');
      const json = JSON.parse(run.out) as Record<string, unknown>;
      for (const [key, value] of Object.entries(want)) {
        if (key === 'error') {
          const error = json['error'] as Record<string, unknown>;
          for (const [k, v] of Object.entries(value as Record<string, unknown>)) assert.deepEqual(error[k], v, `error.${k}`);
          assert.equal(typeof error['message'], 'string', 'error.message');
        } else assert.deepEqual(json[key], value, key);
      }
    });
  }
  test('--rows prints every row as one JSON line {line, valid, issues, fields}', async () => {
    const run = await sluiceCheck([fixturePath('quoted-newlines.csv'), '--today', TODAY, '--rows']);
    assert.equal(run.status, 0, 'exit status');
    const rows = run.out.trimEnd().split('\n').map((l) => JSON.parse(l) as RowResult);
    assert.deepEqual(rows.map((r) => Object.keys(r).sort()), rows.map(() => ['fields', 'issues', 'line', 'valid']));
    assert.deepEqual(rows.map((r) => r.line), [2, 4, 6]);
    assert.deepEqual(rows.map((r) => r.fields['name']), ['Coffee', 'Corner\nShop', 'Last']);
  });
});
