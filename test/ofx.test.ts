// The OFX/QFX reader (SPEC §2.15 OfxImport): one fixture per trait, asserted on rows (line,
// validity, issue codes, normalized fields) and the result (statements, issue counts, encoding);
// the value parsers on their own; file-level refusals; detection; streaming (bank rows flow as they
// arrive, investment rows wait for the security list); chunk invariance (every chunk size 1..64).

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import { createPipeline, readImport, SluiceError, type RowResult, type StatementResult } from '../engine/node.ts';
import { readHeader } from '../engine/ofx/decode.ts';
import { AmountUnits, decodeEntities, ofxAmount, ofxDate } from '../engine/ofx/values.ts';
import { unitsText } from '../engine/parse/decimal.ts';
import { defaultRange } from '../engine/parse/date.ts';
import { asStream, chunksOf, readAll, utf8, assertRows, type WantRow } from './helpers.ts';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/ofx/${name}`, import.meta.url));
const OFX = { type: 'OfxImport', today: '2026-11-27' } as const;

type Want = WantRow;

async function read(source: Parameters<typeof readAll>[0], options: Parameters<typeof readAll>[1] = OFX): Promise<{ rows: RowResult[]; result: StatementResult }> {
  const { rows, result } = await readAll(source, options);
  return { rows, result: result as StatementResult };
}

const cases: [string, string, Want[], Record<string, unknown>?][] = [
  ['sgml-102-bank.ofx', 'OFX 1.02 SGML: unclosed leaves, blank lines in the header, the day as written whatever the time and zone', [
    { line: 41, valid: true, fields: { date: '2024-01-05', amount: '-12.50', signed_amount: '12.50', currency: 'USD', name: 'COFFEE SHOP', notes: 'CARD 1234', account: '1234567890', account_type: 'CHECKING', identity: '2024010501', transaction_type: 'DEBIT', value_date: null, reference: null } },
    { line: 49, valid: true, fields: { date: '2024-01-10', value_date: '2024-01-09', amount: '2500.00', signed_amount: '-2500.00', name: 'ACME PAYROLL', identity: '2024011001' } },
    { line: 57, valid: true, fields: { date: '2024-01-15', amount: '-100.00', reference: '1025', transaction_type: 'CHECK' } },
  ], { encoding: 'windows-1252' }],
  ['xml-220-bank.ofx', 'OFX 2.2 XML in UTF-8: PAYEE/NAME, BANKACCTTO as the counterparty', [
    { line: 25, valid: true, fields: { date: '2024-01-12', amount: '-45.90', currency: 'EUR', name: 'Boulangerie Crème Brûlée', notes: 'Carte 4971', account: 'FR7630004000031234567890143', account_type: 'SAVINGS', identity: 'X-0001', counterparty_account: null } },
    { line: 38, valid: true, fields: { amount: '300.00', name: 'Virement reçu', counterparty_account: 'FR7630004000039876543210987', transaction_type: 'XFER' } },
  ], { encoding: 'utf-8' }],
  ['qfx-intu-bid.qfx', "QFX: Intuit's INTU.BID and INTU.USERID are ignored; a credit-card statement", [
    { line: 39, valid: true, fields: { amount: '-59.99', account: '4111111111111111', account_type: 'CREDITCARD', identity: '320240103000001' } },
    { line: 46, valid: true, fields: { amount: '200.00', signed_amount: '-200.00', name: 'PAYMENT THANK YOU' } },
  ]],
  ['multi-account.ofx', 'several statements and message sets: each row keeps its account', [
    { line: 39, fields: { account: 'CHK-001', account_type: 'CHECKING', amount: '-20.00' } },
    { line: 46, fields: { account: 'CHK-001', amount: '1000.00' } },
    { line: 76, fields: { account: 'SAV-002', account_type: 'SAVINGS', amount: '1.23' } },
  ], { accounts: ['CHK-001', 'SAV-002'] }],
  ['investment.ofx', 'investment records: trades with the ticker from the SECLIST after them, income and cash as transactions', [
    { line: 39, valid: true, fields: { action: 'Buy', security: 'ACME', name: 'ACME CORP', qty: '10', price: '25.50', amount: '-259.95', signed_amount: '259.95', date: '2024-01-05', value_date: '2024-01-09', identity: 'B-1', notes: 'BOUGHT ACME', account: 'INV-777', account_type: 'INVESTMENT', transaction_type: 'BUYSTOCK' } },
    { line: 60, valid: true, fields: { action: 'Sell', security: 'TMIF', name: 'TOTAL MARKET INDEX FUND', qty: '-5.5', price: '100.00', amount: '550.00', signed_amount: '-550.00' } },
    { line: 79, valid: true, fields: { action: 'Div', security: 'ACME', qty: null, price: null, amount: '12.34', signed_amount: '-12.34' } },
    { line: 94, valid: true, fields: { action: 'ReinvDiv', security: 'TMIF', qty: '0.080', price: '100.00', amount: '-8.00' } },
    { line: 124, valid: true, fields: { action: null, security: null, qty: null, name: 'DEPOSIT', amount: '500.00', identity: 'C-1', account: 'INV-777', account_type: 'INVESTMENT' } },
  ], { issue_counts: { STATEMENT_RECORD_SKIPPED: 2 } }],
  ['charset-1252.ofx', 'CHARSET:1252 decodes windows-1252 bytes (é è ü ç €)', [
    { line: 39, fields: { name: 'Café Crème Müller', notes: 'Prélèvement 8,40 €' } },
    { line: 47, fields: { name: 'Librairie Françoise' } },
  ], { encoding: 'windows-1252', undecodable_chars: 0 }],
  ['utf8-under-1252-header.ofx', 'a header naming windows-1252 over UTF-8 bytes reads as UTF-8', [
    { line: 23, fields: { name: 'CR ANTECIPAÇÃO MASTERCARD' } },
  ], { encoding: 'utf-8' }],
  ['entities-raw-amp.ofx', 'character references are replaced; a raw & or " is kept as written', [
    { line: 39, fields: { name: 'FISH & CHIPS <LONDON>', notes: 'Café ☃\u00a0snow "x" \'y\'' } },
    { line: 47, fields: { name: 'AT&T WIRELESS', notes: 'Bill "January" & more &unknown; &#xD800;' } },
  ]],
  ['missing-fitid.ofx', 'no FITID: the row is valid and has no identity of its own', [
    { line: 23, valid: true, fields: { identity: null, name: 'NO FITID HERE' } },
    { line: 29, valid: true, fields: { identity: 'HAS-1' } },
  ]],
  ['bad-date-amount.ofx', 'a bad date or amount is an issue on its row; the rest of the file reads', [
    { line: 23, valid: false, codes: ['DATE_INVALID'], fields: { date: null, amount: '-1.00' } },
    { line: 30, valid: false, codes: ['DATE_IMPOSSIBLE'], fields: { date: null } },
    { line: 37, valid: false, codes: ['AMOUNT_INVALID'], fields: { amount: null, signed_amount: null, date: '2024-01-06' } },
    { line: 44, valid: false, codes: ['AMOUNT_MISSING'] },
    { line: 51, valid: true, codes: [], fields: { amount: '-3.00' } },
  ], { valid_rows_count: 1, invalid_rows_count: 4 }],
  ['amount-forms.ofx', "amounts with a ',' decimal mark, a leading '+', no fraction, no whole part", [
    { line: 23, fields: { amount: '-12.50', signed_amount: '12.50' } },
    { line: 30, fields: { amount: '5.00', signed_amount: '-5.00' } },
    { line: 37, fields: { amount: '-140' } },
    { line: 44, fields: { amount: '-0.5' } },
  ]],
  ['closing-tags-some-leaves.ofx', 'end tags on some leaves and not others; trailing blanks trimmed; MEMO as the name when NAME is empty', [
    { line: 23, fields: { name: 'CLOSED NAME', notes: 'OPEN MEMO', amount: '-7.00', account: 'MIX-1', transaction_type: 'DEBIT' } },
    { line: 31, fields: { name: 'MEMO AS NAME', notes: null, date: '2024-01-03', identity: 'T2' } },
  ]],
  ['crlf.ofx', 'CRLF line endings count one line each', [
    { line: 23, fields: { name: 'FIRST' } },
    { line: 30, fields: { name: 'SECOND' } },
  ]],
  ['entry-currency.ofx', "CURRENCY/CURSYM is the entry's currency; with ORIGCURRENCY the amount is in CURDEF", [
    { line: 23, fields: { currency: 'EUR', amount: '-10.00' } },
    { line: 34, fields: { currency: 'USD', amount: '-21.70' } },
    { line: 45, fields: { currency: 'USD' } },
  ]],
  ['single-line-body.ofx', 'a body written on one line: every row is on that line', [
    { line: 11, fields: { identity: 'O1' } },
    { line: 11, fields: { identity: 'O2' } },
  ]],
  ['correction-delete.ofx', 'a CORRECTACTION DELETE entry is reported, not read', [
    { line: 23, fields: { identity: 'N1' } },
  ], { issue_counts: { STATEMENT_RECORD_SKIPPED: 1 } }],
  ['status-error.ofx', 'a response with SEVERITY ERROR is a file warning', [], { issue_counts: { STATEMENT_STATUS_ERROR: 1, NO_DATA_ROWS: 1 } }],
];

describe('OFX rows', () => {
  for (const [file, name, want, result] of cases) {
    test(`${file}: ${name}`, async () => {
      const { rows, result: r } = await read({ path: fixture(file) });
      assert.equal(r.rows_count, want.length);
      assert.equal(r.type, 'OfxImport');
      assertRows(rows, want);
      for (const [k, v] of Object.entries(result ?? {})) assert.deepEqual((r as unknown as Record<string, unknown>)[k], v, k);
    });
  }
});

describe('OFX statements and result', () => {
  test('each statement reports its account, currency, rows, total and LEDGERBAL; no opening balance, no check', async () => {
    const { result } = await read({ path: fixture('multi-account.ofx') });
    const brief = result.statements.map((s) => [s.line, s.account, s.account_type, s.currency, s.rows, s.total, s.closing, s.opening, s.balanced]);
    assert.deepEqual(brief, [
      [29, 'CHK-001', 'CHECKING', 'USD', 2, '980.00', { amount: '1980.00', currency: 'USD', date: '2024-01-31' }, null, null],
      [66, 'SAV-002', 'SAVINGS', 'USD', 1, '1.23', { amount: '5001.23', currency: 'USD', date: '2024-01-31' }, null, null],
      [98, 'CC-003', 'CREDITCARD', 'USD', 0, '0', { amount: '0.00', currency: 'USD', date: '2024-01-31' }, null, null],
    ]);
  });

  test('the encoding is reported as inferred from the header, with the header as evidence', async () => {
    const { result } = await read({ path: fixture('charset-1252.ofx') });
    assert.equal(result.inferred.encoding.how, 'inferred');
    assert.equal(result.inferred.encoding.value, 'windows-1252');
    assert.match(result.inferred.encoding.evidence ?? '', /CHARSET:1252/);
    assert.equal(result.number_format, '1,234.56');
    const xml = await read({ path: fixture('xml-220-bank.ofx') });
    assert.match(xml.result.inferred.encoding.evidence ?? '', /XML declaration/);
    const mislabeled = await read({ path: fixture('utf8-under-1252-header.ofx') });
    assert.match(mislabeled.result.inferred.encoding.evidence ?? '', /valid UTF-8/);
  });

  test('the encoding option wins over the header', async () => {
    // Wrongly here: the windows-1252 bytes are not UTF-8, and each one is counted as undecodable.
    const { rows, result } = await read({ path: fixture('charset-1252.ofx') }, { ...OFX, encoding: 'utf-8' });
    assert.equal(result.encoding, 'utf-8');
    assert.equal(result.inferred.encoding.how, 'given');
    assert.equal(rows[0]!.fields['name'], 'Caf\uFFFD Cr\uFFFDme M\uFFFDller');
    assert.equal(result.undecodable_chars, 7);
  });

  test('a byte order mark decides (UTF-16LE, UTF-8), whatever the header says', async () => {
    const xml = readFileSync(fixture('xml-220-bank.ofx'), 'utf8');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(xml, 'utf16le')]);
    const a = await read(utf16);
    assert.equal(a.result.encoding, 'utf-16le');
    assert.deepEqual(a.rows.map((r) => [r.line, r.fields['name']]), [[25, 'Boulangerie Crème Brûlée'], [38, 'Virement reçu']]);
    // The header says CHARSET:1252; the BOM says UTF-8, and wins (SPEC §2.1).
    const text = new TextDecoder('windows-1252').decode(readFileSync(fixture('charset-1252.ofx')));
    const b = await read(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]));
    assert.equal(b.rows[0]!.fields['name'], 'Café Crème Müller');
    assert.equal(b.result.encoding, 'utf-8');
    assert.equal(b.result.bom, true);
  });

  test('a header that says UTF-8 over bytes that are not UTF-8 reads as a code page', async () => {
    const text = readFileSync(fixture('charset-1252.ofx')).toString('latin1').replace('ENCODING:USASCII', 'ENCODING:UTF-8').replace('CHARSET:1252', 'CHARSET:NONE');
    const { rows, result } = await read(Buffer.from(text, 'latin1'));
    assert.equal(result.encoding, 'windows-1252');
    assert.match(result.inferred.encoding.evidence ?? '', /not UTF-8/);
    assert.equal(rows[0]!.fields['name'], 'Café Crème Müller');
  });

  test('skipped records are reported once per kind, with their line', async () => {
    const { result } = await read({ path: fixture('investment.ofx') });
    const skipped = result.issues.filter((i) => i.code === 'STATEMENT_RECORD_SKIPPED').map((i) => [i.line, i.severity]);
    assert.deepEqual(skipped, [[109, 'warning'], [134, 'warning']]);
  });

  test('the same FITID in two downloads gives the same identity (the re-download rule)', async () => {
    const jan = await read({ path: fixture('redownload-january.ofx') });
    const feb = await read({ path: fixture('redownload-february.ofx') });
    const janRow = jan.rows.find((r) => r.fields['identity'] === '9001')!;
    const febRow = feb.rows.find((r) => r.fields['identity'] === '9001')!;
    // The bank renamed and re-dated the entry between the two downloads; account and identity agree.
    assert.notEqual(janRow.fields['name'], febRow.fields['name']);
    assert.deepEqual([janRow.fields['account'], janRow.fields['identity']], [febRow.fields['account'], febRow.fields['identity']]);
  });

  test('an unknown statement kind is skipped with a warning', async () => {
    const text = readFileSync(fixture('sgml-102-bank.ofx'), 'latin1').replaceAll('STMTRS>', 'LOANSTMTRS>');
    const { rows, result } = await read(utf8(text));
    assert.equal(rows.length, 0);
    assert.equal(result.issue_counts.STATEMENT_RECORD_SKIPPED, 1);
    assert.equal(result.statements.length, 0);
  });
});

describe('OFX refusals', () => {
  test('a file that is not OFX is STATEMENT_NOT_FORMAT', async () => {
    await assert.rejects(read({ path: fixture('not-ofx.csv') }), (e: unknown) => e instanceof SluiceError && e.code === 'STATEMENT_NOT_FORMAT');
    await assert.rejects(read(''), (e: unknown) => e instanceof SluiceError && e.code === 'STATEMENT_NOT_FORMAT');
  });

  test('a file cut short inside a transaction is STATEMENT_MALFORMED with its line, after the rows before it', async () => {
    const reader = readImport({ path: fixture('truncated.ofx') }, OFX);
    const rows: RowResult[] = [];
    await assert.rejects(async () => {
      for await (const row of reader) rows.push(row);
    }, (e: unknown) => e instanceof SluiceError && e.code === 'STATEMENT_MALFORMED' && e.line === 30);
    assert.deepEqual(rows.map((r) => r.fields['identity']), ['K1']);
  });

  test('a file cut short between transactions of a list is refused too; one missing only its envelope end tags reads', async () => {
    const text = readFileSync(fixture('crlf.ofx'), 'latin1');
    const inList = text.slice(0, text.indexOf('<STMTTRN>', text.indexOf('</STMTTRN>')));
    await assert.rejects(read(utf8(inList)), (e: unknown) => e instanceof SluiceError && e.code === 'STATEMENT_MALFORMED' && e.line === 22);
    const envelope = text.slice(0, text.indexOf('</STMTRS>'));
    const { rows, result } = await read(utf8(envelope));
    assert.equal(rows.length, 2);
    assert.equal(result.statements[0]!.rows, 2);
  });
});

describe('OFX detection', () => {
  for (const file of ['sgml-102-bank.ofx', 'xml-220-bank.ofx', 'qfx-intu-bid.qfx', 'investment.ofx']) {
    test(`${file} is read as OfxImport without a type`, async () => {
      const { rows, result } = await read({ path: fixture(file) }, { today: OFX.today });
      assert.equal(result.type, 'OfxImport');
      assert.equal(result.inferred.type.how, 'inferred');
      assert.ok(rows.length > 0);
    });
  }
});

describe('OFX streaming', () => {
  test('bank rows are handed out as their records end', () => {
    const bytes = readFileSync(fixture('sgml-102-bank.ofx'));
    const text = bytes.toString('latin1');
    const cut = text.indexOf('<STMTTRN>', text.indexOf('</STMTTRN>')) + 1;
    const p = createPipeline(OFX);
    const first = p.push(bytes.subarray(0, cut));
    assert.deepEqual(first.map((r) => r.fields['identity']), ['2024010501']);
    const rest = p.push(bytes.subarray(cut)).concat(p.end());
    assert.deepEqual(rest.map((r) => r.fields['identity']), ['2024011001', '2024011501']);
  });

  test('investment rows wait for the security list, and rows keep file order', () => {
    // A bank statement between the investment statement and the SECLIST queues behind it.
    const text = readFileSync(fixture('investment.ofx'), 'latin1');
    const bank = readFileSync(fixture('crlf.ofx'), 'latin1').replace(/\r\n/g, '\n');
    const bankSet = bank.slice(bank.indexOf('<BANKMSGSRSV1>'), bank.indexOf('</OFX>'));
    const mixed = text.replace('<SECLISTMSGSRSV1>', bankSet + '<SECLISTMSGSRSV1>');
    const bytes = utf8(mixed);
    const p = createPipeline(OFX);
    const atSecList = mixed.indexOf('</SECLIST>');
    const before = p.push(bytes.subarray(0, atSecList));
    assert.equal(before.length, 0);
    const after = p.push(bytes.subarray(atSecList)).concat(p.end());
    const lines = after.map((r) => r.line);
    assert.deepEqual(lines, [...lines].sort((a, b) => a - b));
    assert.deepEqual(after.map((r) => r.fields['security']), ['ACME', 'TMIF', 'ACME', 'TMIF', null, null, null]);
  });

  test('with the SECLIST first, investment rows do not wait', () => {
    const text = readFileSync(fixture('investment.ofx'), 'latin1');
    const secList = text.slice(text.indexOf('<SECLISTMSGSRSV1>'), text.indexOf('</SECLISTMSGSRSV1>') + '</SECLISTMSGSRSV1>'.length);
    const reordered = text.replace(secList, '').replace('<INVSTMTMSGSRSV1>', secList + '\n<INVSTMTMSGSRSV1>');
    const bytes = utf8(reordered);
    const p = createPipeline(OFX);
    const cut = reordered.indexOf('<SELLMF>') + 1;
    const first = p.push(bytes.subarray(0, cut));
    assert.deepEqual(first.map((r) => [r.fields['action'], r.fields['security']]), [['Buy', 'ACME']]);
  });

  test('without a SECLIST the security is the UNIQUEID', async () => {
    const text = readFileSync(fixture('investment.ofx'), 'latin1');
    const noList = text.slice(0, text.indexOf('<SECLISTMSGSRSV1>')) + '</OFX>\n';
    const { rows } = await read(utf8(noList));
    assert.deepEqual(rows.slice(0, 2).map((r) => [r.fields['security'], r.fields['name']]), [['000000001', '000000001'], ['000000002', '000000002']]);
  });

  test('lone CR line endings count like LF', async () => {
    const lf = await read({ path: fixture('sgml-102-bank.ofx') });
    const cr = await read(utf8(readFileSync(fixture('sgml-102-bank.ofx'), 'latin1').replace(/\n/g, '\r')));
    assert.deepEqual(cr.rows.map((r) => r.line), lf.rows.map((r) => r.line));
  });
});

describe('OFX values', () => {
  const range = defaultRange({ y: 2026, m: 11, d: 27 });
  const dates: [string, string][] = [
    ['20240105', '2024-01-05'],
    ['202401051230', '2024-01-05'],
    ['20240105123045', '2024-01-05'],
    ['20240105235959.999[-5:EST]', '2024-01-05'],
    ['20240105000000[+5.30:IST]', '2024-01-05'],
    ['20240105120000 [0:GMT]', '2024-01-05'],
    ['20240229', '2024-02-29'],
    ['2024-01-05', 'invalid'],
    ['2024010', 'invalid'],
    ['2024010a', 'invalid'],
    ['+2024010', 'invalid'],
    [' 2024010', 'invalid'],
    ['20240105T1200', 'invalid'],
    ['20240105[-5:EST', 'invalid'],
    ['20230229', 'impossible'],
    ['20241301', 'impossible'],
    ['20240100', 'impossible'],
    ['19691231', 'out_of_range'],
    ['20301231', 'out_of_range'],
  ];
  for (const [text, want] of dates) test(`date ${JSON.stringify(text)} → ${want}`, () => assert.equal(ofxDate(text, range), want));

  const amounts: [string, string | null][] = [
    ['-12.50', '-12.50'], ['12', '12'], ['+5.00', '5.00'], ['-12,50', '-12.50'], ['.5', '0.5'], ['-0.00', '0.00'],
    ['007.10', '7.10'], ['12.', '12'],
    ['1,234.56', null], ['1.234,56', null], ['12.3.4', null], ['', null], ['-', null], ['.', null], ['12 50', null], ['1e3', null], ['--1', null], ['$12.00', null],
  ];
  for (const [text, want] of amounts) test(`amount ${JSON.stringify(text)} → ${want}`, () => assert.equal(ofxAmount(text), want));
  test('amounts counted in units (AmountUnits) say the decimal returned', () => {
    const read = new AmountUnits();
    for (const [text, want] of [...amounts, ['1234567890.12345', '1234567890.12345'], ['1234567890.123456', '1234567890.123456'], ['-0', '0']] as const) {
      read.units = 7;
      read.scale = 3;
      assert.equal(ofxAmount(text, read), want);
      if (want === null || text === '1234567890.123456') assert.equal(read.scale, -1, text);
      else assert.equal(unitsText(read.units, read.scale), want, text);
    }
  });

  test('character references', () => {
    assert.equal(decodeEntities('A &amp; B &lt;x&gt; &quot;q&quot; &apos;a&apos;&nbsp;&#65;&#x42;'), 'A & B <x> "q" \'a\'\u00a0AB');
    assert.equal(decodeEntities('AT&T & Co &bogus; &#0; &#x110000;'), 'AT&T & Co &bogus; &#0; &#x110000;');
  });

  const headers: [string, string | null, string?][] = [
    ['OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nENCODING:USASCII\nCHARSET:1252\n', 'windows-1252'],
    ['OFXHEADER:100\nENCODING:UTF-8\nCHARSET:NONE\n', 'utf-8'],
    ['OFXHEADER:100\nENCODING:UNICODE\nCHARSET:1252\n', 'utf-8'],
    ['OFXHEADER:100\nENCODING:USASCII\nCHARSET:NONE\n', 'windows-1252'],
    ['OFXHEADER:100\nENCODING:USASCII\nCHARSET:ISO-8859-1\n', 'iso-8859-1'],
    ['OFXHEADER:100\nENCODING:USASCII\nCHARSET:8859-1\n', 'iso-8859-1'],
    ['OFXHEADER:100\nENCODING:USASCII\nCHARSET:1250\n', 'windows-1250'],
    ['OFXHEADER:100\nENCODING:USASCII\nCHARSET:NOPE\n', 'windows-1252', 'does not know'],
    ['OFXHEADER:100 DATA:OFXSGML VERSION:102 SECURITY:NONE ENCODING:UTF-8 CHARSET:NONE COMPRESSION:NONE ', 'utf-8'],
    ['<?xml version="1.0"?>\n<?OFX OFXHEADER="200" VERSION="220"?>\n', 'utf-8', 'names no encoding'],
    ['<?xml version="1.0" encoding="ISO-8859-1"?><?OFX OFXHEADER="200"?>', 'iso-8859-1'],
    ['<?xml version="1.0" encoding="US-ASCII"?><?OFX OFXHEADER="200"?>', 'windows-1252'],
    ['\n\n', null],
  ];
  for (const [text, want, evidence] of headers) {
    test(`header ${JSON.stringify(text.slice(0, 60))} → ${want}`, () => {
      const h = readHeader(text);
      assert.equal(h?.encoding ?? null, want);
      if (evidence) assert.match(h!.evidence, new RegExp(evidence));
    });
  }
});

describe('OFX chunk invariance', () => {
  const files = [
    'sgml-102-bank.ofx', 'xml-220-bank.ofx', 'qfx-intu-bid.qfx', 'multi-account.ofx', 'investment.ofx', 'charset-1252.ofx',
    'utf8-under-1252-header.ofx', 'entities-raw-amp.ofx', 'bad-date-amount.ofx', 'closing-tags-some-leaves.ofx', 'crlf.ofx',
    'single-line-body.ofx', 'status-error.ofx', 'truncated.ofx', 'not-ofx.csv',
  ];
  const outcome = async (source: Parameters<typeof readAll>[0]) => {
    try {
      return JSON.stringify(await readAll(source, OFX));
    } catch (e) {
      return e instanceof SluiceError ? `${e.code} ${e.line}` : String(e);
    }
  };
  for (const file of files) {
    test(file, async () => {
      const bytes = readFileSync(fixture(file));
      const whole = await outcome(bytes);
      for (let size = 1; size <= 64; size++) {
        assert.equal(await outcome(asStream(chunksOf(bytes, size))), whole, `chunk size ${size}`);
      }
    });
  }
});
