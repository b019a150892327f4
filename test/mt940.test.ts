// The SWIFT MT940/MT942 reader (SPEC §2.15 Mt940Import): one fixture per trait, asserted on rows
// (line, validity, issue codes, normalized fields), the statements and the file-level issues; the
// :86: shapes and their line joins; identities; refusals; detection; and chunk invariance (every
// fixture whole against every chunk size 1..64).

import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import { readImport, SluiceError } from '../engine/node.ts';
import type { StatementResult } from '../engine/statement/statement.ts';
import { asStream, chunksOf, readAll, utf8, assertPartial, assertRows, type WantRow } from './helpers.ts';

const dir = fileURLToPath(new URL('../fixtures/mt940/', import.meta.url));
const fixture = (name: string) => dir + name;
const MT940 = { type: 'Mt940Import', today: '2026-11-27' } as const;

type Want = WantRow;
/** issue_counts: every code of the file (rows' and file-level), exactly. */
type FileWant = { issue_counts?: Record<string, number>; statements?: Record<string, unknown>[]; issues?: { code: string; line: number | null; raw?: string | null }[]; encoding?: string };

const NL = 'NL91ABNA0417164300';
const DE = 'DE89370400440532013000';

const cases: [string, string, Want[], FileWant][] = [
  ['envelope.sta', '{1:}{2:}{4: envelope and -}{5:} trailer; bank reference is the identity; NONREF is no reference', [
    { line: 6, valid: true, fields: {
      date: '2024-01-05', value_date: '2024-01-05', amount: '-25.50', signed_amount: '25.50', currency: 'EUR', name: 'Imported item',
      notes: 'Grocery store purchase', account: DE, account_type: null, identity: 'BANKREF0001', reference: null, transaction_type: 'NTRF',
      counterparty_account: null,
    } },
    { line: 8, valid: true, fields: { amount: '100', signed_amount: '-100', reference: 'INV-77', identity: 'BANKREF0002' } },
  ], { issue_counts: {}, statements: [{
    line: 2, account: DE, account_type: null, currency: 'EUR', statement_id: '1/1', rows: 2, pending: 0, total: '74.50', balanced: true,
    opening: { amount: '1000.00', currency: 'EUR', date: '2024-01-04' }, closing: { amount: '1074.50', currency: 'EUR', date: '2024-01-05' },
  }] }],
  ['abn-header-lines.sta', 'ABN AMRO header lines before each :20: and - ends skipped; the older :28: tag; no reference gives no identity', [
    { line: 8, valid: true, fields: { amount: '-12.34', notes: 'BEA NR:XYZ123 13.02.24/10.45 COFFEE CORNER AMSTERDAM,PAS123', identity: null, transaction_type: 'N426', account: '517852257' } },
    { line: 19, valid: true, fields: { amount: '50', notes: 'GIRO 123456 J JANSEN TERUGBETALING', identity: null } },
  ], { issue_counts: {}, statements: [
    { line: 4, statement_id: '19501/1', balanced: true },
    { line: 15, statement_id: '19502/1', balanced: true, total: '50' },
  ] }],
  ['ing-header-lines.sta', 'ING header lines, :64:/:65:, a statement :86: after the closing and the XXX trailer; unstructured lines joined', [
    { line: 8, valid: true, fields: { amount: '0.56', name: 'Imported item', notes: '0111111111 V. DE JONG KERKSTRAAT 1154 1234 BW ENSCHEDE BET.KENM. 1004510036716378' } },
    { line: 11, valid: true, fields: { amount: '-9.99', notes: 'NL20INGB0002222222 INGBNL2A Streaming Service BV Subscription January 2024' } },
  ], { issue_counts: {}, statements: [{ line: 4, statement_id: '100', rows: 2, total: '-9.43', balanced: true }] }],
  ['german-subfields-latin1.sta', 'DK ?-subfields in latin-1: SEPA keys, wrapped subfields, name ?32/?33, counterparty ?30/?31, GVC 999; two statements', [
    { line: 5, valid: true, fields: {
      date: '2024-03-01', amount: '-45.90', currency: 'EUR', name: 'Stadtwerke Müllheim GmbH und Co. KG', notes: 'Stromabschlag März 2024 Kundennr. 5566',
      reference: 'RG-2024-03-0042', identity: '8123456789', transaction_type: 'NDDT', counterparty_account: 'DE02120300000000202051', account: '10020030/1234567',
    } },
    { line: 9, valid: true, fields: { amount: '1200.00', name: 'Bäckerei Groß', notes: 'Gehalt Februar 2024', reference: null, identity: null, counterparty_account: '10020030/0987654321' } },
    { line: 18, valid: true, fields: { amount: '-4.50', name: 'Imported item', notes: 'Kontoführung Februar 2024', counterparty_account: null } },
    { line: 20, valid: true, fields: { amount: '-100.00', notes: 'Barauszahlung Geldautomat Süd' } },
  ], { issue_counts: {}, encoding: 'windows-1252', statements: [
    { line: 1, account: '10020030/1234567', statement_id: '00001/001', rows: 2, total: '1154.10', balanced: true },
    { line: 14, statement_id: '00002/001', rows: 2, total: '-104.50', balanced: true, closing: { amount: '2549.60', currency: 'EUR', date: '2024-03-05' } },
  ] }],
  ['balance-mismatch.sta', 'opening + entries ≠ closing: a file-level warning, the rows stay valid', [
    { line: 5, valid: true, fields: { amount: '-10.00' } },
  ], { issue_counts: { STATEMENT_BALANCE_MISMATCH: 1 }, issues: [{ code: 'STATEMENT_BALANCE_MISMATCH', line: 1, raw: '80.00' }], statements: [{ balanced: false, total: '-10.00' }] }],
  ['reversals.sta', 'RC is money out, RD money in; a funds code letter before the amount', [
    { line: 5, fields: { amount: '50.00', date: '2024-04-10', value_date: '2024-04-10' } },
    { line: 6, fields: { amount: '-50.00', signed_amount: '50.00' } },
    { line: 7, fields: { amount: '-20.00' } },
    { line: 8, fields: { amount: '20.00', signed_amount: '-20.00', identity: 'R4' } },
  ], { issue_counts: {}, statements: [{ total: '0.00', balanced: true }] }],
  ['year-end.sta', 'the entry date takes the year nearest its value date, across the year end either way', [
    { line: 5, fields: { date: '2024-01-02', value_date: '2023-12-31' } },
    { line: 6, fields: { date: '2023-12-31', value_date: '2024-01-02' } },
    { line: 7, fields: { date: '2024-02-29', value_date: '2024-02-29' } },
  ], { issue_counts: {}, statements: [{ balanced: true }] }],
  ['continuation-61.sta', 'the :61: continuation line (supplementary details) is the notes only when no :86: follows', [
    { line: 5, fields: { notes: '/OCMT/EUR15,00/', transaction_type: 'NCHG', identity: 'CH1' } },
    { line: 7, fields: { notes: 'Refund of deposit', reference: 'ABC123', identity: 'TR2' } },
  ], { issue_counts: {}, statements: [{ balanced: true }] }],
  ['dutch-structured.sta', 'Dutch /CODE/ :86:: ABN /NAME/ /REMI/ /IBAN/; ING /CNTP/ cut mid-word on a full line; short lines joined with a space', [
    { line: 5, fields: { name: 'J JANSEN', notes: 'HUUR APRIL 2024', counterparty_account: NL, reference: null, identity: '0000000001' } },
    { line: 8, fields: { name: 'Bakkerij den Haan', notes: 'Brood en banket 12-04', counterparty_account: 'NL32INGB0000012345', reference: 'E2E-000123', identity: '0000000002' } },
    { line: 11, fields: { name: 'KNAB', notes: 'EERSTE STORTING', amount: '1000' } },
  ], { issue_counts: {}, statements: [{ account: 'NL69INGB0123456789EUR', balanced: true }] }],
  ['mt942.sta', 'MT942: the floor limit gives the currency; no balances, nothing to check', [
    { line: 8, valid: true, fields: { amount: '-12.00', currency: 'EUR', name: 'Streaming AG', notes: 'Abo Juni', identity: 'IA1' } },
    { line: 10, valid: true, fields: { amount: '30.00', currency: 'EUR', notes: 'Transfer from savings' } },
  ], { issue_counts: {}, statements: [{ line: 2, currency: 'EUR', opening: null, closing: null, rows: 2, total: '18.00', balanced: null }] }],
  ['crlf.sta', 'CRLF line ends and no final line end; the customer reference with :28C: is the identity', [
    { line: 5, valid: true, fields: { amount: '-9.99', notes: 'Payment for invoice 2024-7 thank you', reference: 'INV-2024-7', identity: '42/1/INV-2024-7' } },
  ], { issue_counts: {}, statements: [{ balanced: true }] }],
  ['invalid-amount.sta', 'an amount with a thousands separator is an invalid row; the rest reads; the balance check is undecided', [
    { line: 5, valid: true, fields: { amount: '-10.00' } },
    { line: 7, valid: false, codes: ['AMOUNT_INVALID'], fields: { amount: null, signed_amount: null, notes: 'Thousands separator', identity: 'A2' } },
    { line: 9, valid: true, fields: { amount: '5.00' } },
  ], { issue_counts: { AMOUNT_INVALID: 1 }, issues: [{ code: 'AMOUNT_INVALID', line: 7, raw: '1.234,56' }], statements: [{ rows: 3, balanced: null }] }],
  ['broken-entries.sta', 'each broken subfield is its own issue and the line still reads', [
    { line: 4, valid: false, codes: ['DATE_IMPOSSIBLE'], fields: { date: null, value_date: null, amount: '-1.00' } },
    { line: 5, valid: false, codes: ['DATE_IMPOSSIBLE'], fields: { date: null, value_date: '2024-10-01' } },
    { line: 6, valid: false, codes: ['ROW_VALUE_INVALID'], fields: { amount: null, date: '2024-10-01' } },
    { line: 7, valid: true, codes: ['ROW_VALUE_INVALID'], fields: { amount: '-1.00', transaction_type: null, identity: 'B4' } },
    { line: 8, valid: false, codes: ['DATE_OUT_OF_RANGE'], fields: { date: null, value_date: '2026-12-01' } },
    { line: 9, valid: true, fields: { amount: '2.00', currency: 'USD' } },
  ], { issue_counts: { DATE_IMPOSSIBLE: 2, ROW_VALUE_INVALID: 2, DATE_OUT_OF_RANGE: 1 }, statements: [{ currency: null, opening: null, rows: 6, balanced: null }] }],
  ['intermediate-pages.sta', 'a statement over three messages (60F/62M, 60M/62M, 60M/62F): each page is checked', [
    { line: 5, fields: { identity: 'P1' } },
    { line: 12, fields: { identity: 'P2' } },
    { line: 19, fields: { identity: 'P3' } },
  ], { issue_counts: { STATEMENT_BALANCE_MISMATCH: 1 }, issues: [{ code: 'STATEMENT_BALANCE_MISMATCH', line: 8 }], statements: [
    { statement_id: '7/1', balanced: true, closing: { amount: '90.00', currency: 'EUR', date: '2024-09-02' } },
    { statement_id: '7/2', balanced: false, opening: { amount: '90.00', currency: 'EUR', date: '2024-09-02' } },
    { statement_id: '7/3', balanced: true },
  ] }],
];

const partial = assertPartial;

describe('MT940 rows', () => {
  for (const [file, name, want, fileWant] of cases) {
    test(`${file}: ${name}`, async () => {
      const { rows, result } = await readAll({ path: fixture(file) }, MT940);
      const r = result as StatementResult;
      assert.equal(r.type, 'Mt940Import');
      assert.equal(r.rows_count, want.length);
      assertRows(rows, want, true);
      if (fileWant.issue_counts) assert.deepEqual(r.issue_counts, fileWant.issue_counts);
      for (const w of fileWant.issues ?? []) {
        const found = r.issues.find((i) => i.code === w.code && i.line === w.line);
        assert.ok(found, `${w.code} on line ${w.line}: ${JSON.stringify(r.issues)}`);
        if (w.raw !== undefined) assert.equal(found.raw, w.raw);
      }
      if (fileWant.encoding) assert.equal(r.encoding, fileWant.encoding);
      (fileWant.statements ?? []).forEach((s, i) => partial(r.statements[i], s, `statement ${i}`));
      if (fileWant.statements) assert.equal(r.statements.length, fileWant.statements.length);
    });
  }

  test('the result names the format and its fixed settings', async () => {
    const { result } = await readAll({ path: fixture('envelope.sta') }, MT940);
    assert.equal(result.number_format, '1.234,56');
    assert.equal(result.col_sep, null);
    assert.equal(result.inferred.type.how, 'given');
    assert.deepEqual(result.accounts, [DE]);
  });
});

/** A one-entry MT940 around `lines` (the :61: and what follows it). */
const message = (...lines: string[]) => [':20:T', `:25:${NL}`, ':28C:12/1', ':60F:C240101EUR0,', ...lines, '-', ''].join('\n');
const entry = ':61:2401020102D1,00NMSCNONREF';

describe('MT940 :86: shapes', () => {
  const cases: [string, string[], Record<string, unknown>][] = [
    ['German subfields split across lines anywhere (the DK example)', [':86:008?00DAUERAUFTRAG?100599?20Miete Novem', 'ber?3010020030?31234567', '?32MUELLER?34339'],
      { notes: 'Miete November', name: 'MUELLER', counterparty_account: '10020030/234567' }],
    ['a short purpose subfield is followed by a space, a full one (27) directly', [':86:166?20Rechnung 4711?21vom 2. Mai?22SVWZ+abcdefghijklmnopqrstuv?23wxyz'],
      { notes: 'Rechnung 4711 vom 2. Mai abcdefghijklmnopqrstuvwxyz' }],
    ['?60–?63 continue the purpose after ?29', [':86:166?20Teil eins?29Teil zwei?60Teil drei?32X'], { notes: 'Teil eins Teil zwei Teil drei', name: 'X' }],
    ['SEPA keys: SVWZ+ is the notes, EREF+ the reference; KREF+ when EREF+ is NOTPROVIDED', [':86:177?20EREF+NOTPROVIDED?21KREF+K-1?22SVWZ+Miete?32Vermieter'],
      { notes: 'Miete', reference: 'K-1', name: 'Vermieter' }],
    ['a separator other than ? declared at position 4', [':86:166@00GUTSCHRIFT@20Zinsen 2023@32Bank'], { notes: 'Zinsen 2023', name: 'Bank' }],
    ['text like 100/20 is not a German structure', [':86:100/20 Split payment'], { notes: '100/20 Split payment', name: 'Imported item' }],
    ['Rabobank /ORDP//NAME/', [':86:/EREF/X-1//ORDP//NAME/Jansen/ADDR/Dorpsstraat 1/REMI/Gift/'], { name: 'Jansen', notes: 'Gift', reference: 'X-1' }],
    ['ING STRD remittance is the creditor reference', [':86:/CNTP/NL32INGB0000012345/INGBNL2A/Belasting///REMI/STRD/CUR/1234567890123456/'],
      { name: 'Belasting', notes: '1234567890123456', counterparty_account: 'NL32INGB0000012345' }],
    ['no :86: at all: no name, no notes', [], { name: 'Imported item', notes: null }],
  ];
  for (const [name, lines, want] of cases) {
    test(name, async () => {
      const { rows } = await readAll(message(entry, ...lines), MT940);
      assert.equal(rows.length, 1);
      assert.deepEqual(rows[0]!.issues, []);
      partial(rows[0]!.fields, want, name);
    });
  }

  test('ING names the kind of reference in :61: and its value in :86:', async () => {
    const { rows } = await readAll(message(':61:2401020102D1,00NTRFPREF//1', ':86:/PREF/M00001//REMI/USTD//TOTAAL 1 VZ/'), MT940);
    partial(rows[0]!.fields, { reference: 'M00001', notes: 'TOTAAL 1 VZ', identity: '1' }, 'PREF');
  });

  test('a :86: that runs past 64 lines is cut, with a warning on its row', async () => {
    const { rows } = await readAll(message(entry, ':86:start', ...Array.from({ length: 80 }, (_, i) => `line ${i}`)), MT940);
    assert.equal(rows[0]!.valid, true);
    assert.deepEqual(rows[0]!.issues.map((i) => [i.code, i.field, i.severity]), [['ROW_VALUE_INVALID', 'notes', 'warning']]);
    assert.match(String(rows[0]!.fields['notes']), /line 62$/);
  });
});

describe('MT940 identity', () => {
  test('a reference repeated within a message is numbered, so publishing keeps every entry', async () => {
    const { rows } = await readAll(message(':61:2401020102D1,00NMSCREF//BANK1', ':61:2401020102D1,00NMSCREF//BANK1', ':61:2401020102D1,00NMSCEREF', ':61:2401020102D2,00NMSCEREF'), MT940);
    assert.deepEqual(rows.map((r) => r.fields['identity']), ['BANK1', 'BANK1#2', '12/1/EREF', '12/1/EREF#2']);
  });

  test('the count starts again in each message', async () => {
    const one = message(':61:2401020102D1,00NMSCNONREF//SAME');
    const { rows } = await readAll(one + one, MT940);
    assert.deepEqual(rows.map((r) => r.fields['identity']), ['SAME', 'SAME']);
  });

  test('without a :28C: a customer reference gives no identity', async () => {
    const { rows } = await readAll(message(':61:2401020102D1,00NMSCINV-1').replace(':28C:12/1\n', ''), MT940);
    assert.equal(rows[0]!.fields['identity'], null);
    assert.equal(rows[0]!.fields['reference'], 'INV-1');
  });
});

describe('MT940 structure', () => {
  test('an envelope with :20: on the {4: line itself', async () => {
    const { rows, result } = await readAll(`{1:F01X}{2:I940X}{4::20:ONE\n:25:${NL}\n:60F:C240101EUR0,\n${entry}\n:62F:D240102EUR1,\n-}\n`, MT940);
    assert.equal(rows.length, 1);
    assert.equal((result as StatementResult).statements[0]!.line, 1);
    assert.equal((result as StatementResult).statements[0]!.balanced, true);
  });

  test('a new :20: ends the message before it even without a - line', async () => {
    const { result } = await readAll(message(entry).replace(/-\n$/, '') + message(entry), MT940);
    assert.deepEqual((result as StatementResult).statements.map((s) => [s.line, s.rows]), [[1, 1], [6, 1]]);
  });

  test('a balance that cannot be read is reported and leaves the check undecided', async () => {
    const { rows, result } = await readAll(message(entry, ':62F:C24XX02EUR1,00'), MT940);
    assert.equal(rows.length, 1);
    assert.deepEqual(result.issues.map((i) => [i.code, i.line]), [['STATEMENT_RECORD_SKIPPED', 6]]);
    assert.equal((result as StatementResult).statements[0]!.balanced, null);
  });

  test('an entry outside any message is reported, not read', async () => {
    const { rows, result } = await readAll(message(entry) + `${entry}\n`, MT940);
    assert.equal(rows.length, 1);
    assert.deepEqual(result.issues.map((i) => [i.code, i.line]), [['STATEMENT_RECORD_SKIPPED', 7]]);
  });

  test('statements without entries read with NO_DATA_ROWS', async () => {
    const { rows, result } = await readAll(message(':62F:C240101EUR0,'), MT940);
    assert.equal(rows.length, 0);
    assert.deepEqual(result.issue_counts, { NO_DATA_ROWS: 1 });
    assert.equal((result as StatementResult).statements[0]!.balanced, true);
  });

  test('UTF-8 umlauts read as UTF-8', async () => {
    const { rows, result } = await readAll(utf8(message(entry, ':86:166?20Gebühr?32Müller')), MT940);
    assert.equal(result.encoding, 'utf-8');
    partial(rows[0]!.fields, { notes: 'Gebühr', name: 'Müller' }, 'utf-8');
  });

  test('the encoding option wins; bytes it cannot decode are row errors', async () => {
    const { rows, result } = await readAll({ path: fixture('german-subfields-latin1.sta') }, { ...MT940, encoding: 'utf-8' });
    assert.equal(result.encoding_detected, false);
    assert.ok(result.undecodable_chars > 0);
    assert.deepEqual(rows[0]!.issues.map((i) => [i.code, i.field]), [['DECODE_INVALID_BYTES', 'name'], ['DECODE_INVALID_BYTES', 'notes']]);
  });
});

describe('MT940 refusals', () => {
  const refused = (line: number | null) => (e: unknown) => {
    assert.ok(e instanceof SluiceError, String(e));
    assert.equal(e.code, 'STATEMENT_NOT_FORMAT', e.message);
    assert.equal(e.line, line, e.message);
    return true;
  };

  test('a CSV, an empty file and tags without a statement are not MT940', async () => {
    await assert.rejects(readAll({ path: fixture('not-mt940.csv') }, MT940), refused(null));
    await assert.rejects(readAll('', MT940), refused(null));
    await assert.rejects(readAll(':20:ONLY\n:21:RELATED\n-\n', MT940), refused(null));
  });

  test('more than 20 lines before the first :20: stop the read at once, with the line', async () => {
    const text = Array.from({ length: 30 }, (_, i) => `junk ${i}`).join('\n') + '\n' + message(entry);
    await assert.rejects(readAll(text, MT940), refused(21));
  });
});

describe('MT940 detection', () => {
  for (const file of ['envelope.sta', 'abn-header-lines.sta', 'german-subfields-latin1.sta', 'mt942.sta']) {
    test(`${file} is recognised without a type`, async () => {
      const reader = readImport({ path: fixture(file) }, { today: MT940.today });
      let rows = 0;
      for await (const _ of reader) rows++;
      const result = await reader.result();
      assert.equal(result.type, 'Mt940Import');
      assert.equal(result.inferred.type.how, 'inferred');
      assert.ok(rows > 0);
    });
  }
});

describe('MT940 chunk invariance', () => {
  const files = readdirSync(dir).filter((f) => f.endsWith('.sta'));
  for (const file of files) {
    test(file, async () => {
      const bytes = readFileSync(fixture(file));
      const whole = JSON.stringify(await readAll(bytes, MT940));
      for (let size = 1; size <= 64; size++) {
        assert.equal(JSON.stringify(await readAll(asStream(chunksOf(bytes, size)), MT940)), whole, `chunk size ${size}`);
      }
    });
  }

  test('UTF-8 split inside a character and CRLF split between CR and LF', async () => {
    const bytes = utf8(message(entry, ':86:166?20Gebühr für März?32Müller').replace(/\n/g, '\r\n'));
    const whole = JSON.stringify(await readAll(bytes, MT940));
    for (let size = 1; size <= 64; size++) {
      assert.equal(JSON.stringify(await readAll(asStream(chunksOf(bytes, size)), MT940)), whole, `chunk size ${size}`);
    }
  });
});
