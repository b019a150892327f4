// The ISO 20022 CAMT reader (SPEC §2.15 CamtImport): one fixture per trait, asserted on rows
// (line, validity, issue codes, normalized fields), the statements and the file-level issues; the
// refusals (not CAMT, malformed XML); encodings; detection; and chunk invariance (every fixture
// whole against every chunk size 1..64).

import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import { readImport, SluiceError } from '../engine/node.ts';
import type { StatementResult } from '../engine/statement/statement.ts';
import { asStream, chunksOf, readAll, utf8, assertPartial, assertRows, type WantRow } from './helpers.ts';

const dir = fileURLToPath(new URL('../fixtures/camt/', import.meta.url));
const fixture = (name: string) => dir + name;
const CAMT = { type: 'CamtImport', today: '2026-11-27' } as const;

type Want = WantRow;
/** issue_counts: every code of the file (rows' and file-level), exactly. */
type FileWant = { issue_counts?: Record<string, number>; statements?: Record<string, unknown>[]; issues?: { code: string; line: number | null; raw?: string | null }[] };

const cases: [string, string, Want[], FileWant][] = [
  ['053-v02-basic.xml', 'camt.053 v02: debit names the creditor, credit the debtor; AcctSvcrRef is the identity; other balances ignored', [
    { line: 36, valid: true, fields: {
      date: '2024-02-05', value_date: '2024-02-06', amount: '-65.45', signed_amount: '65.45', currency: 'EUR', name: 'Stadtwerke Musterstadt',
      notes: 'Invoice 7731 customer 42', account: 'DE89370400440532013000', account_type: null, identity: 'BANKREF-0001',
      reference: 'E2E-INV-7731', transaction_type: 'PMNT/ICDT/ESCT', counterparty_account: 'DE02120300000000202051',
    } },
    { line: 71, valid: true, fields: {
      amount: '1450.00', signed_amount: '-1450.00', name: 'Example Employer GmbH', notes: 'Salary February', identity: null, reference: null,
      transaction_type: 'NTRF+166', counterparty_account: '0532013000',
    } },
  ], { issue_counts: {}, statements: [{
    line: 8, account: 'DE89370400440532013000', currency: 'EUR', statement_id: 'STMT-2024-02', rows: 2, pending: 0, total: '1384.55', balanced: true,
    opening: { amount: '1000.00', currency: 'EUR', date: '2024-02-01' }, closing: { amount: '2384.55', currency: 'EUR', date: '2024-02-29' },
  }] }],
  ['053-v08-status-code.xml', 'camt.053 v08: Sts/Cd and Sts/Prtry, Pty wrappers, TxDtls/Amt, Strd reference as notes, NtryRef identity', [
    { line: 26, valid: true, fields: { amount: '150.5', currency: 'CHF', name: 'Finanz AG', notes: '210000000003139471430009017', identity: 'CH-NTRY-77', reference: 'QRR-E2E-1', counterparty_account: 'CH5604835012345678009', transaction_type: 'PMNT/RCDT/VCOM' } },
    { line: 65, valid: true, fields: { amount: '-30.00', name: 'Swisscom (Schweiz) AG', notes: 'LSV debit', identity: 'CH-SVCR-78', value_date: null, counterparty_account: 'CH-LSV-889' } },
  ], { issue_counts: {}, statements: [{ statement_id: 'V08-STMT-1', opening: { amount: '-50.00', currency: 'CHF', date: '2024-05-01' }, balanced: true }] }],
  ['052-account-report.xml', 'camt.052 Rpt: Othr/Id account, AddtlNtryInf as name and notes, an ITBD balance is not checked', [
    { line: 20, valid: true, fields: { amount: '-249.00', currency: 'SEK', account: '1234567890', name: 'KORTKÖP ICA SUPERMARKET', notes: 'KORTKÖP ICA SUPERMARKET', identity: 'SE-REF-1' } },
  ], { statements: [{ line: 8, account: '1234567890', statement_id: 'RPT-2024-04-10-1', opening: null, closing: null, balanced: null, total: '-249.00' }] }],
  ['054-batch-split.xml', 'camt.054 batch whose TxDtls add up: one row per transaction, each at its TxDtls line', [
    { line: 28, valid: true, fields: { amount: '15.00', name: 'Rutschmann Pia', notes: 'Membership 2024', identity: 'TX-SVC-1', reference: 'E2E-1', counterparty_account: 'CH4409000000495962779', date: '2024-04-10', value_date: '2024-04-11', transaction_type: 'PMNT/RDDT/PMDD', currency: 'CHF' } },
    { line: 41, valid: true, fields: { amount: '10.00', name: 'Bernasconi Maria', notes: 'CH-DD COLLECTION', identity: 'E2E-2' } },
    { line: 51, valid: true, fields: { amount: '-1.00', signed_amount: '1.00', name: 'Collection fee', identity: 'SVC-BATCH-77/3', reference: null } },
  ], { issue_counts: {}, statements: [{ line: 8, rows: 3, total: '24.00', currency: null, balanced: null }] }],
  ['054-batch-unsplit.xml', "a batch whose details do not add up (or are in another currency) stays one row, with a warning", [
    { line: 14, valid: true, fields: { amount: '-300.00', name: 'SAMMELUEBERWEISUNG 2 POSTEN', identity: 'SAMMLER-12', reference: null, counterparty_account: null } },
    { line: 37, valid: true, fields: { amount: '-80.00', name: 'Imported item', identity: 'SAMMLER-13' } },
  ], { issue_counts: { STATEMENT_BATCH_UNSPLIT: 2 }, issues: [{ code: 'STATEMENT_BATCH_UNSPLIT', line: 14, raw: '-300.00' }, { code: 'STATEMENT_BATCH_UNSPLIT', line: 37, raw: '-80.00' }] }],
  ['053-batch-summary-only.xml', 'a Btch/NbOfTxs summary without details is one row and no warning', [
    { line: 14, valid: true, fields: { amount: '-4753.74', identity: 'NL-BATCH-1', name: 'Imported item', notes: null } },
  ], { issue_counts: {} }],
  ['053-pending-entry.xml', 'a pending entry is skipped, reported with its line and amount, and counted per statement', [
    { line: 16, valid: true, fields: { amount: '-10.00', identity: 'AT-BOOKED-1' } },
  ], { issue_counts: { STATEMENT_ENTRY_PENDING: 1 }, issues: [{ code: 'STATEMENT_ENTRY_PENDING', line: 24, raw: '-25.00' }], statements: [{ rows: 1, pending: 1, balanced: true }] }],
  ['053-balance-mismatch.xml', 'opening (PRCD) + entries ≠ closing is a file warning on the statement', [
    { line: 16, valid: true, fields: { amount: '-40.00' } },
  ], { issue_counts: { STATEMENT_BALANCE_MISMATCH: 1 }, issues: [{ code: 'STATEMENT_BALANCE_MISMATCH', line: 5, raw: '450.00' }], statements: [{ balanced: false, total: '-40.00' }] }],
  ['053-datetime-dates.xml', 'DtTm dates are the calendar day as written, zone and all', [
    { line: 16, valid: true, fields: { date: '2024-09-01', value_date: '2024-09-02', name: 'Late Night Taxi Ltd', amount: '-12.34', currency: 'GBP' } },
  ], { statements: [{ balanced: true, opening: { amount: '0.00', currency: 'GBP', date: '2024-09-01' }, closing: { amount: '-12.34', currency: 'GBP', date: '2024-09-01' } }] }],
  ['054-reversal.xml', 'a reversal keeps the sign of its CdtDbtInd and names the original payer', [
    { line: 8, valid: true, fields: { amount: '56.56', name: 'Bernasconi Maria', identity: 'CH-DD-IN-1' } },
    { line: 25, valid: true, fields: { amount: '-56.56', signed_amount: '56.56', name: 'Bernasconi Maria', counterparty_account: 'CH3709000000250094580', notes: 'Refund MD06', identity: 'CH-DD-RVSL-1' } },
  ], { statements: [{ total: '0.00' }] }],
  ['053-prefixed-namespace.xml', 'a namespace-prefixed document reads by local names; entities are decoded', [
    { line: 16, valid: true, fields: { amount: '7.50', name: 'Prefixed & Sons', notes: 'Gift <3', account: 'BE68539007547034', identity: 'BE-NS-1' } },
  ], { statements: [{ statement_id: 'NS-STMT', balanced: true }] }],
  ['053-latin1-declared.xml', 'the encoding the XML declaration names decodes the file', [
    { line: 8, valid: true, fields: { name: 'Bäckerei Müller', notes: 'Frühstück für Zoë, 3× Brötchen' } },
  ], { issue_counts: {} }],
  ['053-invalid-amount.xml', 'a bad amount, an impossible date or a missing CdtDbtInd is an invalid row; the rest reads', [
    { line: 16, valid: false, codes: ['AMOUNT_INVALID'], fields: { amount: null, date: '2024-03-02' } },
    { line: 24, valid: false, codes: ['DATE_IMPOSSIBLE'], fields: { date: null, amount: '-10.00' } },
    { line: 32, valid: true, fields: { amount: '0.50' } },
    { line: 40, valid: false, codes: ['ROW_FIELD_MISSING'], fields: { amount: null } },
  ], { issue_counts: { AMOUNT_INVALID: 1, DATE_IMPOSSIBLE: 1, ROW_FIELD_MISSING: 1 }, statements: [{ rows: 4, balanced: null }] }],
];

const partial = assertPartial;

describe('CAMT rows', () => {
  for (const [file, name, want, fileWant] of cases) {
    test(`${file}: ${name}`, async () => {
      const { rows, result } = await readAll({ path: fixture(file) }, CAMT);
      const r = result as StatementResult;
      assert.equal(r.type, 'CamtImport');
      assert.equal(r.rows_count, want.length);
      assertRows(rows, want, true);
      if (fileWant.issue_counts) assert.deepEqual(r.issue_counts, fileWant.issue_counts);
      for (const w of fileWant.issues ?? []) {
        const found = r.issues.find((i) => i.code === w.code && i.line === w.line);
        assert.ok(found, `${w.code} on line ${w.line}: ${JSON.stringify(r.issues)}`);
        if (w.raw !== undefined) assert.equal(found.raw, w.raw);
      }
      (fileWant.statements ?? []).forEach((s, i) => partial(r.statements[i], s, `statement ${i}`));
      if (fileWant.statements) assert.equal(r.statements.length, fileWant.statements.length);
    });
  }

  test('the result names the format and its fixed settings', async () => {
    const { result } = await readAll({ path: fixture('053-v02-basic.xml') }, CAMT);
    assert.equal(result.number_format, '1,234.56');
    assert.equal(result.col_sep, null);
    assert.equal(result.encoding, 'utf-8');
    assert.deepEqual(result.accounts, ['DE89370400440532013000']);
  });

  test('several statements in one message: each has its account, balances and summary', async () => {
    const xml = readFileSync(fixture('053-pending-entry.xml'), 'utf8');
    const stmt = xml.slice(xml.indexOf('    <Stmt>'), xml.indexOf('  </BkToCstmrStmt>'));
    const second = stmt.replace('AT611904300234573201', 'AT483200000012345864').replace('PDNG-STMT', 'PDNG-STMT-2').replace('<Sts>PDNG</Sts>', '<Sts>BOOK</Sts>')
      .replace('<Amt Ccy="EUR">90.00</Amt>', '<Amt Ccy="EUR">65.00</Amt>');
    const { rows, result } = await readAll(utf8(xml.replace(stmt, stmt + second)), CAMT);
    const r = result as StatementResult;
    assert.deepEqual(rows.map((x) => [x.line, x.fields['account']]), [[16, 'AT611904300234573201'], [44, 'AT483200000012345864'], [52, 'AT483200000012345864']]);
    assert.deepEqual(r.statements.map((s) => [s.line, s.statement_id, s.rows, s.pending, s.total, s.balanced]), [[5, 'PDNG-STMT', 1, 1, '-10.00', true], [33, 'PDNG-STMT-2', 2, 0, '-35.00', true]]);
    assert.deepEqual(result.accounts, ['AT611904300234573201', 'AT483200000012345864']);
  });

  test('CDATA sections and comments inside a value read as its text', async () => {
    const xml = readFileSync(fixture('053-v02-basic.xml'), 'utf8').replace('<Ustrd>Salary February</Ustrd>', '<Ustrd><![CDATA[Salary <Feb> & bonus]]><!-- note --> 2024</Ustrd>');
    const { rows } = await readAll(utf8(xml), CAMT);
    assert.equal(rows[1]!.fields['notes'], 'Salary <Feb> & bonus 2024');
  });

  test('an unreadable balance is reported and leaves the check undecided', async () => {
    const xml = readFileSync(fixture('053-balance-mismatch.xml'), 'utf8').replace('<Amt Ccy="EUR">450.00</Amt>', '<Amt Ccy="EUR">450,00</Amt>');
    const { result } = await readAll(utf8(xml), CAMT);
    const r = result as StatementResult;
    assert.deepEqual(r.issue_counts, { STATEMENT_RECORD_SKIPPED: 1 });
    assert.equal(r.issues[0]!.line, 12);
    assert.equal(r.statements[0]!.closing, null);
    assert.equal(r.statements[0]!.balanced, null);
  });

  test('a file with no booked entry reads with NO_DATA_ROWS', async () => {
    const xml = readFileSync(fixture('053-pending-entry.xml'), 'utf8').replace('<Sts>BOOK</Sts>', '<Sts>INFO</Sts>');
    const { rows, result } = await readAll(utf8(xml), CAMT);
    assert.equal(rows.length, 0);
    assert.equal(result.issue_counts.STATEMENT_ENTRY_PENDING, 2);
    assert.equal(result.issue_counts.NO_DATA_ROWS, 1);
  });
});

describe('CAMT encodings and line ends', () => {
  test('the declared ISO-8859-1 is used and reported as the file\'s own', async () => {
    const { result } = await readAll({ path: fixture('053-latin1-declared.xml') }, CAMT);
    assert.equal(result.encoding, 'iso-8859-1');
    assert.equal(result.encoding_detected, true);
    assert.equal(result.inferred.encoding.how, 'inferred');
    assert.match(result.inferred.encoding.evidence ?? '', /XML declaration/);
    assert.equal(result.undecodable_chars, 0);
  });

  test('the encoding option wins over the declaration; undecodable bytes are row errors', async () => {
    const { rows, result } = await readAll({ path: fixture('053-latin1-declared.xml') }, { ...CAMT, encoding: 'utf-8' });
    assert.equal(result.encoding, 'utf-8');
    assert.equal(result.encoding_detected, false);
    assert.ok(result.undecodable_chars > 0);
    assert.deepEqual(rows[0]!.issues.map((i) => [i.code, i.field]), [['DECODE_INVALID_BYTES', 'name'], ['DECODE_INVALID_BYTES', 'notes']]);
  });

  test('without a declaration, valid UTF-8 reads as UTF-8; a BOM is removed', async () => {
    const xml = readFileSync(fixture('053-latin1-declared.xml'), 'latin1').replace(/^<\?xml[^>]*>\n/, '');
    for (const bytes of [utf8(xml), utf8('\uFEFF' + xml)]) {
      const { rows, result } = await readAll(bytes, CAMT);
      assert.equal(result.encoding, 'utf-8');
      assert.equal(rows[0]!.fields['name'], 'Bäckerei Müller');
      assert.equal(rows[0]!.line, 7);
    }
  });

  test('UTF-16 with a byte order mark reads the same rows', async () => {
    const xml = readFileSync(fixture('053-v02-basic.xml'), 'utf8').replace('encoding="UTF-8"', 'encoding="UTF-16"');
    const whole = await readAll({ path: fixture('053-v02-basic.xml') }, CAMT);
    for (const bytes of [Buffer.from('\uFEFF' + xml, 'utf16le'), Buffer.from('\uFEFF' + xml, 'utf16le').swap16()]) {
      const { rows, result } = await readAll(bytes, CAMT);
      assert.match(result.encoding, /^utf-16[lb]e$/);
      assert.deepEqual(rows, whole.rows);
    }
  });

  test('CRLF and lone CR count lines like LF', async () => {
    const xml = readFileSync(fixture('054-batch-split.xml'), 'utf8');
    for (const eol of ['\r\n', '\r']) {
      const { rows } = await readAll(utf8(xml.replace(/\n/g, eol)), CAMT);
      assert.deepEqual(rows.map((r) => r.line), [28, 41, 51]);
    }
  });
});

describe('CAMT refusals', () => {
  const refused = (code: string, line: number | null) => (e: unknown) => {
    assert.ok(e instanceof SluiceError, String(e));
    assert.equal(e.code, code, e.message);
    assert.equal(e.line, line, e.message);
    return true;
  };

  test('another ISO 20022 message is not CAMT', async () => {
    await assert.rejects(readAll({ path: fixture('not-camt-pain001.xml') }, CAMT), refused('STATEMENT_NOT_FORMAT', 3));
  });

  test('another XML root, text that is no XML and an empty file are not CAMT', async () => {
    await assert.rejects(readAll('<?xml version="1.0"?>\n<OFX><SIGNONMSGSRSV1/></OFX>\n', CAMT), refused('STATEMENT_NOT_FORMAT', 2));
    await assert.rejects(readAll('Date,Amount\n2024-01-01,12.00\n', CAMT), refused('STATEMENT_NOT_FORMAT', null));
    await assert.rejects(readAll('', CAMT), (e: unknown) => e instanceof SluiceError && e.code === 'STATEMENT_NOT_FORMAT');
  });

  test('a mismatched close tag is malformed, with the line', async () => {
    await assert.rejects(readAll({ path: fixture('malformed-mismatched-tag.xml') }, CAMT), refused('STATEMENT_MALFORMED', 18));
  });

  test('a file cut short is malformed', async () => {
    const xml = readFileSync(fixture('053-v02-basic.xml'), 'utf8');
    await assert.rejects(readAll(utf8(xml.slice(0, xml.indexOf('</Stmt>'))), CAMT), (e: unknown) => e instanceof SluiceError && e.code === 'STATEMENT_MALFORMED');
  });
});

describe('CAMT detection', () => {
  for (const file of ['053-v02-basic.xml', '053-prefixed-namespace.xml', '054-batch-split.xml', '052-account-report.xml']) {
    test(`${file} is recognised without a type`, async () => {
      const reader = readImport({ path: fixture(file) }, { today: CAMT.today });
      let rows = 0;
      for await (const _ of reader) rows++;
      const result = await reader.result();
      assert.equal(result.type, 'CamtImport');
      assert.equal(result.inferred.type.how, 'inferred');
      assert.ok(rows > 0);
    });
  }
});

describe('CAMT chunk invariance', () => {
  const files = readdirSync(dir).filter((f) => f.endsWith('.xml') && !f.startsWith('not-') && !f.startsWith('malformed-'));
  for (const file of files) {
    test(file, async () => {
      const bytes = readFileSync(fixture(file));
      const whole = JSON.stringify(await readAll(bytes, CAMT));
      for (let size = 1; size <= 64; size++) {
        assert.equal(JSON.stringify(await readAll(asStream(chunksOf(bytes, size)), CAMT)), whole, `chunk size ${size}`);
      }
    });
  }

  test('a refusal does not depend on the chunking either', async () => {
    const bytes = readFileSync(fixture('malformed-mismatched-tag.xml'));
    for (const size of [1, 2, 7, 64]) {
      await assert.rejects(readAll(asStream(chunksOf(bytes, size)), CAMT), (e: unknown) => e instanceof SluiceError && e.code === 'STATEMENT_MALFORMED' && e.line === 18);
    }
  });
});
