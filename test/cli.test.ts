// `sluice check` as a user runs it: a real child process, exit codes 0/1/2, the stable --json and
// --rows shapes (SPEC §4), file-level errors as {error: {code, message, line}}, options in
// kebab-case, standard input.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, describe, test } from 'node:test';

const BIN = fileURLToPath(new URL('../bin/sluice.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'sluice-cli-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
}

function sluice(args: string[], input?: string) {
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', input, timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const good = file('good.csv', 'Datum;Bedrag;Naam\n05-01-2024;-1.234,50;Winkel\n06-01-2024;12,00;Salaris\n');
const bad = file('bad.csv', 'date,amount,name\n2024-01-05,12.00,A\n2024-13-01,1.00,B\n2024-01-07,abc,C\n');
const broken = file('broken.csv', 'date,amount\n2024-01-05,"12.00\n');
const missing = file('missing.csv', 'reference,comment\nA-1,first payment\n');
const empty = file('header-only.csv', 'date,amount\n');

describe('sluice check', () => {
  test('exit 0 and the stable --json shape', () => {
    const r = sluice(['check', good, '--date-col-label', 'Datum', '--amount-col-label', 'Bedrag', '--name-col-label', 'Naam',
      '--number-format', '1.234,56', '--date-format', '%d-%m-%Y', '--today', '2024-12-31', '--json']);
    assert.equal(r.status, 0, r.stderr);
    const j = JSON.parse(r.stdout);
    for (const key of ['type', 'encoding', 'col_sep', 'header_line', 'headers', 'date_format', 'rows_count', 'valid_rows_count', 'invalid_rows_count', 'issue_counts', 'issues']) {
      assert.ok(key in j, key);
    }
    assert.equal(j.type, 'TransactionImport');
    assert.equal(j.col_sep, ';');
    assert.equal(j.header_line, 1);
    assert.deepEqual(j.headers, ['Datum', 'Bedrag', 'Naam']);
    assert.equal(j.rows_count, 2);
    assert.equal(j.invalid_rows_count, 0);
  });

  test('exit 1 with invalid rows, issues carry line, field, code, raw', () => {
    const r = sluice(['check', bad, '--today', '2024-12-31', '--json']);
    assert.equal(r.status, 1);
    const j = JSON.parse(r.stdout);
    assert.equal(j.rows_count, 3);
    assert.equal(j.invalid_rows_count, 2);
    assert.deepEqual(j.issue_counts, { DATE_IMPOSSIBLE: 1, AMOUNT_INVALID: 1 });
    assert.deepEqual(j.issues.map((i: { line: number; field: string; code: string; raw: string }) => [i.line, i.field, i.code, i.raw]),
      [[3, 'date', 'DATE_IMPOSSIBLE', '2024-13-01'], [4, 'amount', 'AMOUNT_INVALID', 'abc']]);
  });

  test('--rows prints one JSON line per row with normalized fields', () => {
    const r = sluice(['check', bad, '--today', '2024-12-31', '--rows']);
    assert.equal(r.status, 1);
    const rows = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    assert.equal(rows.length, 3);
    assert.deepEqual(Object.keys(rows[0]), ['line', 'valid', 'issues', 'fields']);
    assert.equal(rows[0].fields.date, '2024-01-05');
    assert.equal(rows[0].fields.amount, '12.00');
    assert.equal(rows[0].fields.signed_amount, '-12.00');
    assert.deepEqual(rows[0].fields.tags, []);
    assert.equal(rows[1].valid, false);
  });

  const fileErrors: [string, string[], string, number | null][] = [
    ['unterminated quote', [broken], 'CSV_UNTERMINATED_QUOTE', 2],
    ['mapped column missing', [missing, '--date-col-label', 'Date'], 'MAP_COLUMN_NOT_FOUND', 1],
    ['required column missing', [missing], 'MAP_REQUIRED_COLUMN_MISSING', 1],
    ['bad option value', [good, '--number-format', '1_234'], 'OPT_INVALID_VALUE', null],
    ['custom_column without inflow value', [good, '--amount-type-strategy', 'custom_column'], 'OPT_INFLOW_VALUE_MISSING', null],
    ['unknown option', [good, '--date-fromat', '%d'], 'OPT_UNKNOWN', null],
    ['no such file', [join(dir, 'nope.csv')], 'OPT_FILE_UNREADABLE', null],
  ];
  for (const [name, args, code, line] of fileErrors) {
    test(`exit 2: ${name}`, () => {
      const r = sluice(['check', ...args, '--json']);
      assert.equal(r.status, 2, r.stderr);
      const j = JSON.parse(r.stdout);
      assert.equal(j.error.code, code);
      assert.equal(j.error.line, line);
      assert.equal(typeof j.error.message, 'string');
      const human = sluice(['check', ...args]);
      assert.equal(human.status, 2);
      assert.match(human.stderr, new RegExp(code));
    });
  }

  test('header-only file: exit 0 with NO_DATA_ROWS', () => {
    const r = sluice(['check', empty, '--json']);
    assert.equal(r.status, 0);
    const j = JSON.parse(r.stdout);
    assert.equal(j.rows_count, 0);
    assert.equal(j.issue_counts.NO_DATA_ROWS, 1);
  });

  test('standard input and the human summary', () => {
    const r = sluice(['check', '-', '--col-sep', 'tab', '--today', '2024-12-31'], 'date\tamount\n2024-01-05\t1.00\n');
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /1 rows, 1 valid, 0 invalid/);
  });

  test('the human summary says what was understood, given or inferred, before what was found (SPEC §4)', () => {
    const r = sluice(['check', good, '--today', '2024-12-31']);
    assert.equal(r.status, 0, r.stderr);
    const understood = r.stdout.indexOf('Read as:'), found = r.stdout.indexOf('Found:');
    assert.ok(understood >= 0 && found > understood, r.stdout);
    assert.match(r.stdout, /type +TransactionImport \(inferred/);
    assert.match(r.stdout, /separator +";" \(inferred/);
    assert.match(r.stdout, /date format +%d-%m-%Y \(inferred/);
    assert.match(r.stdout, /number format +1\.234,56 \(inferred/);
    assert.match(r.stdout, /date +← "Datum" \(#1, header\)/);
    assert.match(r.stdout, /amount +← "Bedrag" \(#2, header\)/);
  });

  test('a file that cannot be read names every missing field and the flags that fix them (SPEC §4)', () => {
    const r = sluice(['check', missing, '--today', '2024-12-31']);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /date, amount/);
    assert.match(r.stderr, /--date-col-label/);
    assert.match(r.stderr, /--amount-col-label/);
    assert.match(r.stderr, /"reference", "comment" \(line 1\)/);
  });

  test('without --type a QIF file is read as QIF, and an NDJSON export as NativeImport', () => {
    const qif = sluice(['check', file('t.qif', '!Type:Bank\nD01/02/2024\nT-1.00\nPShop\n^\n'), '--today', '2024-12-31', '--json']);
    assert.equal(qif.status, 0, qif.stdout + qif.stderr);
    const j = JSON.parse(qif.stdout);
    assert.equal(j.type, 'QifImport');
    assert.equal(j.inferred.type.how, 'inferred');
    const nd = sluice(['check', file('e.ndjson', '{"type":"Tag","data":{"id":"t1","name":"x"}}\n'), '--json']);
    assert.equal(JSON.parse(nd.stdout).type, 'NativeImport');
  });

  test('a ZIP that is no workbook is named, exit 2', () => {
    const zip = join(dir, 'photos.zip');
    writeFileSync(zip, new Uint8Array([0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0x61, 0x2e, 0x6a, 0x70, 0x67]));
    const r = sluice(['check', zip, '--json']);
    assert.equal(r.status, 2);
    const j = JSON.parse(r.stdout);
    assert.equal(j.error.code, 'CSV_OTHER_FORMAT');
    assert.match(j.error.message, /ZIP/);
  });

  test('without --type a statement is read as its format; the summary shows each statement and its balance check', () => {
    const camt = sluice(['check', fileURLToPath(new URL('../fixtures/publish/camt053-statement.xml', import.meta.url)), '--today', '2026-11-27']);
    assert.equal(camt.status, 0, camt.stdout + camt.stderr);
    assert.match(camt.stdout, /type\s+CamtImport \(inferred: an ISO 20022 camt document\)/);
    assert.match(camt.stdout, /statements: 1\n\s+line 5: DE89370400440532013000 EUR, 2 rows, 1000\.00 → 1844\.60, 1 pending skipped: balanced/);
    const mt = sluice(['check', fileURLToPath(new URL('../fixtures/publish/mt940-statement.sta', import.meta.url)), '--today', '2026-11-27', '--json']);
    const j = JSON.parse(mt.stdout);
    assert.equal(j.type, 'Mt940Import');
    assert.deepEqual(j.statements.map((x: { account: string; rows: number; balanced: boolean }) => [x.account, x.rows, x.balanced]), [['37040044/0532013000', 2, true]]);
  });

  test('--sheet picks a workbook\'s sheet by name or number; a missing one lists the sheets, exit 2', () => {
    const book = fileURLToPath(new URL('../fixtures/xlsx/cover-then-table.xlsx', import.meta.url));
    for (const sheet of ['Transactions', '2']) {
      const r = sluice(['check', book, '--sheet', sheet, '--today', '2026-11-27', '--json']);
      assert.equal(r.status, 0, r.stdout + r.stderr);
      const j = JSON.parse(r.stdout);
      assert.deepEqual([j.sheet.name, j.sheet.number, j.sheet.how], ['Transactions', 2, 'given']);
      assert.ok(j.rows_count > 0);
    }
    const r = sluice(['check', book, '--sheet', 'Nope', '--json']);
    assert.equal(r.status, 2);
    const j = JSON.parse(r.stdout);
    assert.equal(j.error.code, 'XLSX_SHEET_NOT_FOUND');
    assert.match(j.error.message, /Transactions/);
  });

  test('--help lists every import type with what it is', () => {
    const r = sluice(['check', '--help']);
    assert.equal(r.status, 0);
    for (const t of ['TransactionImport', 'ThirdPartyAImport', 'ThirdPartyBImport', 'ThirdPartyCImport', 'QifImport', 'NativeImport', 'PdfImport', 'OfxImport', 'CamtImport', 'Mt940Import', '--sheet']) {
      assert.match(r.stdout, new RegExp(t));
    }
    assert.match(r.stdout, /Mint CSV export/);
  });
});
