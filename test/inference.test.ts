// Reading a file with no options (SPEC §2.14): each trait as a table of cases. First the pieces on
// their own (number-format evidence, date candidates and tie-breakers, code pages, file types,
// balance lines, content roles), then whole files from fixtures/inference/ (see make.ts there),
// each read with nothing but `today`, and read again in small chunks: inference must not depend
// on where the input was split.
//
//   node --import tsx --test test/inference.test.ts

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import iconv from 'iconv-lite';
import { readImport, type Code, type FileResult, type ImportOptions, type RowResult } from '../engine/node.ts';
import { splitLine } from '../engine/csv/dialect.ts';
import { guessCodePage } from '../engine/decode/encoding-guess.ts';
import { compileAmountParser } from '../engine/parse/amount.ts';
import { currencyOfSign } from '../engine/parse/currency.ts';
import { detectFileType, type FileFormat } from '../engine/detect/file-type.ts';
import { BalanceLines } from '../engine/infer/balance-lines.ts';
import { inferDateFormat, readsAsDate, type DateHints } from '../engine/infer/date-format.ts';
import { decimalEvidence, inferNumberFormat } from '../engine/infer/number-format.ts';
import { readsAsData, SampleProfiles } from '../engine/infer/profile.ts';
import { amountByContent, dateByContent, directionByContent, nameByContent } from '../engine/infer/roles.ts';
import { matchHeader } from '../engine/vocabulary/match.ts';

const TODAY = '2025-06-30';

describe('number format evidence (SPEC §2.14)', () => {
  const values: [string, ReturnType<typeof decimalEvidence>][] = [
    ['1.234,56', 'comma'], ['1,234.56', 'dot'], ['-98,76', 'comma'], ['12.5', 'dot'], ['0,125', 'comma'], ['1234,567', 'comma'],
    ['1.234.567', 'comma'], ['1,234,567', 'dot'], ['1 234,50', 'comma'], ["1'234.50", 'dot'], ['€12.00', 'dot'], ['-30,00 PLN', 'comma'],
    ['1,234', 'either'], ['1.234', 'either'], ['-2.500', 'either'], ['1250', 'none'], ['', 'none'], ['abc', 'none'],
  ];
  for (const [v, want] of values) test(`${JSON.stringify(v)} → ${want}`, () => assert.equal(decimalEvidence(v), want));

  const files: [string, string[], string, boolean][] = [
    ['decimal commas', ['-12,50', '1.234,56', '3,00'], '1.234,56', false],
    ['space groups with a comma', ['1 234,50', '-12,00'], '1 234,56', false],
    ['decimal points', ['-12.50', '1,234.56'], '1,234.56', false],
    ['no evidence at all: the default, nothing to warn about', ['12', '-300'], '1,234.56', false],
    ['only values that read either way: the default, reported', ['1,234', '2,500'], '1,234.56', true],
    ['contradicting values: the majority wins', ['-12,50', '3,99', '1.50'], '1.234,56', false],
    ['evidence split evenly: the default, reported', ['-12,50', '1.50'], '1,234.56', true],
  ];
  for (const [name, sample, format, ambiguous] of files) {
    test(name, () => {
      const r = inferNumberFormat(sample);
      assert.equal(r.format, format);
      assert.equal(r.ambiguous, ambiguous);
    });
  }
});

describe('date candidates and day/month tie-breakers (SPEC §2.14)', () => {
  const forms: [string, string[], string][] = [
    ['two-digit year, month abbreviation', ['23-Jan-15', '02-Feb-15'], '%d-%b-%y'],
    ['four-digit year, month abbreviation', ['12-Dec-2019', '01-Nov-2019'], '%d-%b-%Y'],
    ['day, month, year in words', ['27 Feb 2018', '3 Mar 2018'], '%d %b %Y'],
    ['month name first', ['Jan 5, 2024', 'Feb 12, 2024'], '%b %d, %Y'],
    ['trailing dot, year first', ['2019.04.19.', '2019.04.20.'], '%Y.%m.%d.'],
    ['trailing dot, day first', ['19.04.2019.', '20.04.2019.'], '%d.%m.%Y.'],
    ['French month names', ['5 janvier 2024', '12 février 2024'], '%d %b %Y'],
    ['German month with a dot after the day', ['5. März 2024', '12. Dezember 2024'], '%d. %b %Y'],
    ['Russian genitive month names', ['12 января 2019', '3 марта 2019'], '%d %b %Y'],
    ['ISO date-times with an offset', ['2017-09-29 15:40:00 -0700', '2018-02-19T19:29:53.123Z'], '%Y-%m-%d'],
    ['compact', ['20240105', '20240131'], '%Y%m%d'],
  ];
  for (const [name, values, format] of forms) {
    test(name, () => {
      for (const v of values) assert.ok(readsAsDate(v), `${v} reads as a date`);
      assert.equal(inferDateFormat(values).format, format);
    });
  }

  const dayFirst = { dayFirst: true, why: 'test: day first' };
  const monthFirst = { dayFirst: false, why: 'test: month first' };
  const hints = (h: Partial<DateHints>): DateHints => ({ conventions: null, preferred: [], language: null, ...h });
  const order: [string, string[], DateHints, string, boolean][] = [
    ['a day above 12 decides, whatever the hints say', ['13/01/2024', '02/01/2024'], hints({ language: monthFirst }), '%d/%m/%Y', false],
    ['the file\'s conventions (a decimal comma) decide', ['01/02/2024'], hints({ conventions: dayFirst, language: monthFirst }), '%d/%m/%Y', false],
    ['a layout\'s preferred format decides', ['6/12/15'], hints({ preferred: ['%m/%d/%y'] }), '%m/%d/%y', false],
    ['conventions come before the layout', ['6/12/15'], hints({ conventions: dayFirst, preferred: ['%m/%d/%y'] }), '%d/%m/%y', false],
    ['the header language decides last', ['01/02/2024'], hints({ language: dayFirst }), '%d/%m/%Y', false],
    ['nothing decides: the first candidate, reported ambiguous', ['01/02/2024'], hints({}), '%m/%d/%Y', true],
  ];
  for (const [name, values, h, format, ambiguous] of order) {
    test(name, () => {
      const r = inferDateFormat(values, h);
      assert.equal(r.format, format);
      assert.equal(r.ambiguous, ambiguous);
    });
  }
});

describe('encoding by plausibility among close code pages (SPEC §2.14)', () => {
  const cases: [string, string, string][] = [
    ['Czech', 'Datum zaúčtování;Částka\n05.01.2024;-250,00\n', 'windows-1250'],
    ['Polish', 'Data;Kwota;Opis\n2024-01-05;-12,00;Wypłata z bankomatu Łódź\n', 'windows-1250'],
    ['Hungarian (ő and ű, which windows-1252 reads as õ and û)', 'Dátum;Összeg;Közlemény\n2024.02.01.;-1000;Átutalás Kovács Ödön őszi díj\n', 'windows-1250'],
    ['Russian', 'Дата;Сумма;Описание\n01.02.2024;-100,00;Оплата товаров\n', 'windows-1251'],
    ['Latvian (the headers\' language weighs its words)', 'Datums;Summa;Apraksts\n01.02.2024;-10,00;Pārskaitījums Rīga\n', 'windows-1257'],
    ['Estonian', 'Kuupäev;Summa;Selgitus\n01.02.2024;-10,00;Makse Tõnu Šokolaad\n', 'windows-1257'],
    ['Turkish', 'Tarih;Tutar;Açıklama\n01.02.2024;-10,00;Ödeme İşlem Şubesi\n', 'windows-1254'],
    ['German', 'Datum;Betrag;Verwendungszweck\n01.02.2024;-10,00;Überweisung Müller Größe\n', 'windows-1252'],
    ['French', 'Date;Montant;Libellé\n01/02/2024;-10,00;Prélèvement € été\n', 'windows-1252'],
  ];
  for (const [language, text, page] of cases) {
    test(`${language} text written in ${page}`, () => {
      const bytes = iconv.encode(text, page);
      const at = bytes.findIndex((b) => b > 0x7f);
      assert.equal(guessCodePage(bytes.subarray(at), text.slice(0, at)).encoding, page);
    });
  }
  test('a close call names the runner-up', () => {
    const bytes = iconv.encode('x;y\n1;Pārskaitījums\n', 'windows-1257');
    const at = bytes.findIndex((b) => b > 0x7f);
    const g = guessCodePage(bytes.subarray(at), 'x;y\n1;P');
    assert.equal(g.guessed, true);
    assert.notEqual(g.runnerUp, null);
  });
});

describe('file type detection (SPEC §2.14)', () => {
  const utf8 = (s: string) => new TextEncoder().encode(s);
  const cases: [string, Uint8Array, FileFormat, string | null][] = [
    ['QIF', utf8('!Type:Bank\nD01/02/2024\nT-1.00\n^\n'), 'qif', 'QifImport'],
    ['QIF after comment lines', utf8('### exported\n!Option:AutoSwitch\n!Account\nNChecking\n^\n'), 'qif', 'QifImport'],
    ['an NDJSON export', utf8('{"type":"Account","data":{"id":"a"}}\n'), 'ndjson', 'NativeImport'],
    ['OFX 1.x', utf8('OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX>\n'), 'ofx', 'OfxImport'],
    ['OFX 2.x', utf8('<?xml version="1.0"?>\n<?OFX OFXHEADER="200" VERSION="220"?>\n<OFX>\n'), 'ofx', 'OfxImport'],
    ['CAMT.053', utf8('<?xml version="1.0"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>'), 'camt', 'CamtImport'],
    ['MT940', utf8(':20:STARTUMS\n:25:10020030/1234567\n:28C:0\n:60F:C240101EUR1000,00\n'), 'mt940', 'Mt940Import'],
    ['MT942 (no :60F:)', utf8(':20:INTRADAY\n:25:DE89370400440532013000\n:28C:1/1\n:34F:EUR0,\n:13D:2401011200+0100\n'), 'mt940', 'Mt940Import'],
    ['a ZIP that is no workbook', new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...utf8('photos/a.jpg')]), 'zip', null],
    ['an XLSX workbook', new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...utf8('[Content_Types].xml xl/workbook.xml')]), 'xlsx', 'TransactionImport'],
    ['a PDF', utf8('%PDF-1.7\n'), 'pdf', 'PdfImport'],
    ['a Mint export', utf8('"Date","Description","Original Description","Amount","Transaction Type","Category","Account Name","Labels","Notes"\n'), 'table', 'ThirdPartyAImport'],
    ['an Actual export', utf8('Account,Date,Payee,Notes,Category_Group,Category,Amount,Split_Amount,Cleared\n'), 'table', 'ThirdPartyBImport'],
    ['a YNAB register', utf8('"Account","Flag","Date","Payee","Category Group/Category","Category Group","Category","Memo","Outflow","Inflow","Cleared"\n'), 'table', 'ThirdPartyCImport'],
    ['a YNAB4 register', utf8('"Account","Flag","Check Number","Date","Payee","Category","Master Category","Sub Category","Memo","Outflow","Inflow","Cleared","Running Balance"\n'), 'table', 'ThirdPartyCImport'],
    ['a bank CSV', utf8('Buchungstag;Betrag;Verwendungszweck\n01.02.2024;-1,00;x\n'), 'table', 'TransactionImport'],
  ];
  for (const [name, head, format, type] of cases) {
    test(name, () => {
      const d = detectFileType(head);
      assert.equal(d.format, format);
      assert.equal(d.type, type);
    });
  }
  test('without --type, a QIF file is read as QIF and the result says the type was inferred', async () => {
    const reader = readImport('!Type:Bank\nD01/02/2024\nT-1.00\nPShop\n^\n', { today: TODAY });
    const rows: RowResult[] = [];
    for await (const r of reader) rows.push(r);
    const result = await reader.result();
    assert.equal(result.type, 'QifImport');
    assert.equal(result.inferred.type.how, 'inferred');
    assert.equal(rows.length, 1);
  });
  test('content of another format sent as a table type is refused naming the type to send', async () => {
    await assert.rejects(readImport('!Type:Bank\nD01/02/2024\nT-1.00\n^\n', { type: 'TransactionImport' }).result(),
      (e: unknown) => (e as { code?: string }).code === 'CSV_OTHER_FORMAT' && (e as Error).message.includes('QifImport'));
  });
});

describe('a currency written beside the amount (SPEC §2.14)', () => {
  const comma = '1.234,56' as const, dot = '1,234.56' as const;
  const cases: [string, typeof comma | typeof dot, string | null, string | null][] = [
    ['-30,00 PLN', comma, 'PLN', 'PLN'], ['€12.00', dot, '€', 'EUR'], ['EUR 5.00', dot, 'EUR', 'EUR'], ['£3', dot, '£', 'GBP'],
    ['-£3.00', dot, '£', 'GBP'], ['$4.22 USD', dot, 'USD', 'USD'], ['$4.22', dot, '$', 'USD'], ['12,50 zł', comma, 'zł', 'PLN'],
    ['1.234,56', comma, null, null], ['(12.34)', dot, null, null], ['12.34-', dot, null, null], ['kr 12,00', comma, 'kr', null],
    ['kr. 12,00', comma, 'kr.', null],
  ];
  for (const [cell, format, designation, code] of cases) {
    test(`${JSON.stringify(cell)} → ${code ?? 'no currency'}`, () => {
      let heard: string | null = null;
      const parse = compileAmountParser(format, (w) => { heard = w; });
      assert.notEqual(parse(cell), null, 'reads as an amount');
      assert.equal(heard, designation);
      assert.equal(designation === null ? null : currencyOfSign(designation, 'USD'), code);
    });
  }
  test('$ is the dollar of the account when it has one', () => assert.equal(currencyOfSign('$', 'CAD'), 'CAD'));
});

describe('balance and summary lines (SPEC §2.14)', () => {
  const cases: [string, string[], boolean][] = [
    ['Anfangssaldo in its own column', ['28.03.2024', '', 'Anfangssaldo', 'EUR', '2.257,11', 'H'], true],
    ['a closing balance with its date', ['31.12.2023', 'Closing balance 31/12/2023', '1,000.00'], true],
    ['Saldo finale, capitals', ['', 'SALDO FINALE', '1.234,00'], true],
    ['Saldo anterior', ['', 'Saldo anterior', ''], true],
    ['Итого', ['', 'Итого', '-1 250,00'], true],
    ['a total line', ['', 'Total', '-17.34'], true],
    ['a payee that starts like a label', ['2024-01-05', 'TotalEnergies Station 12', '-45.00'], false],
    ['a label with a counterparty beside it', ['2024-01-05', 'Saldo', '-45.00', 'Transfer to John Smith'], false],
    ['an ordinary purchase', ['2024-01-05', 'Supermarket', '-12.00'], false],
  ];
  for (const [name, cells, balance] of cases) {
    test(name, () => {
      // The name is the first text cell (where the label sits, or the counterparty).
      const name = cells.find((c) => /[a-zа-я]/iu.test(c)) ?? '';
      assert.equal(new BalanceLines().match(name, cells) !== null, balance);
    });
  }
});

describe('header vocabulary: one phrase, several meanings, the cells decide (SPEC §2.14)', () => {
  test('Valuta is a value date in German and the currency in Czech and Italian', () => {
    const roles = matchHeader('Valuta')!.roles.map((r) => r.role).sort();
    assert.deepEqual(roles, ['currency', 'value_date']);
  });
  const decorated: [string, string][] = [['Betrag (EUR)', 'amount'], ['#Kwota', 'amount'], ['Withdrawals (SGD)', 'outflow'], ['Amount ($)', 'amount'], ['NetAmount', 'amount']];
  for (const [header, role] of decorated) test(`${header} → ${role}`, () => assert.equal(matchHeader(header)?.role, role));
});

describe('content roles (SPEC §2.14)', () => {
  const profiles = (csv: string) => {
    const rows = csv.trim().split('\n').map((l) => splitLine(l, ','));
    return new SampleProfiles(rows, Math.max(...rows.map((r) => r.length)));
  };
  const free = () => true;
  test('the first column of dates is the date', () => {
    assert.equal(dateByContent(profiles('x,05.01.2024,06.01.2024\ny,07.01.2024,08.01.2024'), free), 1);
  });
  test('a debit and a credit column, one of them filled on each row: money out is the one filled more', () => {
    assert.deepEqual(amountByContent(profiles('a,4.50,\nb,,2500.00\nc,120.00,'), free), { mode: 'split', outflow: 1, inflow: 2, tie: false });
  });
  test('a magnitude column beside an always-empty one is still a pair (money out)', () => {
    assert.deepEqual(amountByContent(profiles('a,,20.59\nb,,3.10'), free), { mode: 'split', outflow: 2, inflow: 1, tie: false });
  });
  test('a signed column is the amount', () => {
    assert.deepEqual(amountByContent(profiles('a,-4.50,1\nb,2500.00,2\nc,-1.00,3'), free), { mode: 'single', column: 1 });
  });
  const markers: [string, string][] = [['D/C', 'D\nC\nD'], ['DR/CR', 'DR\nCR'], ['S/H', 'S\nH\nS'], ['Af/Bij', 'Af\nBij'], ['debit/credit', 'debit\ncredit'], ['+/-', '+\n-']];
  for (const [name, values] of markers) {
    test(`a column of ${name} markers is a direction column`, () => {
      const csv = values.split('\n').map((v, i) => `2024-01-0${i + 1},${i + 1}.00,${v}`).join('\n');
      assert.equal(directionByContent(profiles(csv), free), 2);
    });
  }
  test('the name is the free-text column with the most distinct values', () => {
    assert.equal(nameByContent(profiles('EUR,Coffee,1\nEUR,Tea,2\nEUR,Rent,3'), free), 1);
  });
  const lines: [string, string[], boolean][] = [
    ['a date', ['6/12/15', 'Transfer'], true],
    ['half numbers', ['K', '32000', '244081', 'EUR'], true],
    ['header words', ['Date', 'Amount', 'Name'], false],
    ['codes with digits are no numbers', ['VWZ1', 'VWZ2', 'Betrag'], false],
  ];
  for (const [name, cells, data] of lines) test(`a line of ${name} reads as ${data ? 'data' : 'a header'}`, () => assert.equal(readsAsData(cells), data));
});

// ---------------------------------------------------------------------------------------------
// Whole files, read with nothing but `today`.

interface FileWant {
  rows: { line: number; valid?: boolean; codes?: Code[]; fields?: Record<string, unknown> }[];
  /** result.inferred values (and how, when given as [value, how]). */
  inferred?: Record<string, unknown>;
  /** field → [header, how] */
  columns?: Record<string, [string, string]>;
  issueCounts?: Partial<Record<Code, number>>;
  /** Options besides `today` (the type, where detection would choose another). */
  options?: ImportOptions;
}

const FILES: [string, string, FileWant][] = [
  ['de-savings-bank.csv', 'German headers, `;`, decimal comma, two-digit years, windows-1252', {
    rows: [
      { line: 2, fields: { date: '2024-02-22', amount: '-1234.56', signed_amount: '1234.56', name: 'Stadtwerke Köln', currency: 'EUR', notes: 'Strom Februar' } },
      { line: 3, fields: { date: '2024-02-15', amount: '2500.00', name: 'Müller & Söhne GmbH' } },
    ],
    inferred: { encoding: 'windows-1252', col_sep: ';', date_format: '%d.%m.%y', number_format: '1.234,56' },
    columns: { date: ['Buchungstag', 'header'], amount: ['Betrag', 'header'], name: ['Beguenstigter/Zahlungspflichtiger', 'header'], currency: ['Waehrung', 'header'] },
  }],
  ['pl-bank-preamble.csv', 'Polish: a preamble, #-headers, the currency beside the amount, windows-1250', {
    rows: [
      { line: 6, fields: { date: '2024-01-05', amount: '-30.00', currency: 'PLN', name: 'ZAKUP PRZY UŻYCIU KARTY Żabka Łódź', category: 'Jedzenie' } },
      { line: 7, fields: { amount: '5000.00', signed_amount: '-5000.00', currency: 'PLN' } },
    ],
    inferred: { encoding: 'windows-1250', header_line: 5, number_format: '1 234,56', date_format: '%Y-%m-%d' },
    columns: { date: ['#Data operacji', 'header'], amount: ['#Kwota', 'header'] },
  }],
  ['us-debit-credit.csv', 'US: month first (a day above 12), debit and credit columns, a balance never the amount', {
    rows: [
      { line: 2, fields: { date: '2024-01-05', amount: '-4.50', signed_amount: '4.50' } },
      { line: 3, fields: { date: '2024-01-15', amount: '2500.00', signed_amount: '-2500.00' } },
      { line: 4, fields: { date: '2024-01-28', amount: '-120.00' } },
    ],
    inferred: { date_format: '%m/%d/%Y', amount_sign: 'Credit − Debit' },
    columns: { inflow: ['Credit', 'header'], outflow: ['Debit', 'header'], balance: ['Balance', 'header'] },
  }],
  ['nl-af-bij.csv', 'Dutch: magnitudes signed by an Af/Bij column', {
    rows: [
      { line: 2, fields: { date: '2024-01-05', amount: '23.45', signed_amount: '23.45', name: 'Albert Heijn 1234' } },
      { line: 3, fields: { amount: '2100.00', signed_amount: '-2100.00' } },
    ],
    inferred: { date_format: '%Y%m%d', number_format: '1.234,56' },
    columns: { direction: ['Af Bij', 'header'], amount: ['Bedrag (EUR)', 'header'] },
  }],
  ['de-soll-haben-balances.csv', 'German: an unnamed S/H column signs the amounts; Anfangssaldo and Endsaldo are balance lines', {
    rows: [
      { line: 2, fields: { signed_amount: '12.00', name: 'Gartenbauverein' } },
      { line: 3, fields: { signed_amount: '-1850.00' } },
      { line: 4, fields: { signed_amount: '58.17' } },
      { line: 6, valid: false, codes: ['ROW_BALANCE_LINE'] },
      { line: 7, valid: false, codes: ['ROW_BALANCE_LINE'] },
    ],
    columns: { direction: ['#7', 'content'] },
  }],
  ['fr-month-names.csv', 'French month names', {
    rows: [{ line: 2, fields: { date: '2024-01-05', amount: '-45.20' } }, { line: 3, fields: { date: '2024-02-12', amount: '2100.00' } }],
    inferred: { date_format: '%d %b %Y', number_format: '1 234,56' },
  }],
  ['ru-windows-1251.csv', 'Russian in windows-1251', {
    rows: [{ line: 2, fields: { amount: '-1250.00', name: 'Оплата в магазине Пятёрочка' } }, { line: 3, fields: { amount: '45000.00' } }],
    inferred: { encoding: 'windows-1251', date_format: '%d.%m.%Y' },
  }],
  ['headerless-mint.csv', 'no header: every role from the cells, credit/debit markers sign the amounts', {
    rows: [
      { line: 1, fields: { date: '2015-06-12', amount: '1000.00', signed_amount: '-1000.00', name: 'Transfer from Checking' } },
      { line: 2, fields: { signed_amount: '45.67', name: 'Grocery Store' } },
      { line: 3, fields: { signed_amount: '3.50' } },
    ],
    inferred: { header_line: null, date_format: '%m/%d/%y' },
    columns: { date: ['#1', 'content'], amount: ['#4', 'content'], direction: ['#5', 'content'], name: ['#2', 'content'] },
  }],
  ['uk-pound-sign.csv', 'the pound sign sets the currency; a day above 12 says day first', {
    rows: [{ line: 2, fields: { date: '2024-01-05', currency: 'GBP', amount: '12.40' } }, { line: 3, fields: { date: '2024-01-25', amount: '-3.00', currency: 'GBP' } }],
    inferred: { date_format: '%d/%m/%Y' },
  }],
  ['hu-trailing-dot-dates.csv', 'Hungarian dates with a trailing dot', {
    rows: [{ line: 2, fields: { date: '2024-01-05', amount: '-12500', currency: 'HUF' } }, { line: 3, fields: { date: '2024-01-20' } }],
    inferred: { date_format: '%Y.%m.%d.' },
  }],
  ['mint-as-transactions.csv', 'a Mint layout read as TransactionImport: Transaction Type signs the magnitudes', {
    rows: [{ line: 2, fields: { signed_amount: '3.50' } }, { line: 3, fields: { amount: '2500.00', signed_amount: '-2500.00' } }],
    columns: { direction: ['Transaction Type', 'header'] },
    options: { type: 'TransactionImport' },
  }],
  ['es-saldo-anterior.csv', 'Spanish: Saldo anterior is a balance line', {
    rows: [
      { line: 2, valid: false, codes: ['DATE_MISSING', 'AMOUNT_MISSING', 'ROW_BALANCE_LINE'] },
      { line: 3, fields: { date: '2024-01-05', amount: '-45.20' } },
      { line: 4, fields: { amount: '1800.00' } },
    ],
    inferred: { date_format: '%d/%m/%Y' },
    columns: { balance: ['Saldo', 'header'], amount: ['Importe', 'header'] },
  }],
  ['decimal-comma-quoted.csv', 'a decimal comma inside quotes of a `,`-separated file', {
    rows: [{ line: 2, fields: { amount: '-8.78', name: 'Cloudflare' } }, { line: 3, fields: { amount: '12.00' } }],
    inferred: { col_sep: ',', number_format: '1.234,56' },
  }],
  ['number-format-ambiguous.csv', 'amounts that read either way: the default, AMOUNT_FORMAT_AMBIGUOUS', {
    rows: [{ line: 2, fields: { amount: '1250' } }, { line: 3, fields: { amount: '2500' } }],
    inferred: { number_format: '1,234.56' },
    issueCounts: { AMOUNT_FORMAT_AMBIGUOUS: 1 },
  }],
  ['currency-conflict.csv', 'a written currency that contradicts the currency column', {
    rows: [{ line: 2, valid: false, codes: ['AMOUNT_CURRENCY_CONFLICT'] }, { line: 3, fields: { currency: 'USD', amount: '15.00' } }],
  }],
  ['quote-trailing-amount.csv', 'text after a closing quote: an error in an amount, a warning in a name', {
    rows: [
      { line: 2, valid: false, codes: ['CSV_QUOTE_TRAILING_TEXT'] },
      { line: 3, codes: ['CSV_QUOTE_TRAILING_TEXT'], fields: { name: 'Tea shop' } },
    ],
  }],
  ['literal-replacement-char.csv', 'a U+FFFD spelt out in valid UTF-8 is text', {
    rows: [{ line: 2, fields: { name: 'Unknown \uFFFD sign' } }],
    issueCounts: {},
  }],
  ['valuta-value-date.csv', 'Valuta holding dates is the value date (the date when there is no booking date)', {
    rows: [{ line: 2, fields: { date: '2024-01-05', amount: '-10.00' } }, { line: 3, fields: { date: '2024-01-06' } }],
    columns: { date: ['Valuta', 'header'] },
  }],
  ['valuta-currency.csv', 'Valuta holding codes is the currency', {
    rows: [{ line: 2, fields: { currency: 'CZK', amount: '-250.00' } }, { line: 3, fields: { currency: 'CZK' } }],
    columns: { currency: ['Valuta', 'header'], date: ['Datum', 'header'] },
  }],
  ['balance-before-amount.csv', 'a balance column is never the amount', {
    rows: [{ line: 2, fields: { amount: '-4.50' } }, { line: 3, fields: { amount: '2500.00' } }],
    columns: { amount: ['Amount', 'header'], balance: ['Balance', 'header'] },
  }],
  ['slash-dates-decimal-comma.csv', 'dates that fit both orders in a decimal-comma file: day first', {
    rows: [{ line: 2, fields: { date: '2024-02-01' } }, { line: 3, fields: { date: '2024-02-03' } }],
    inferred: { date_format: '%d/%m/%Y' },
    issueCounts: {},
  }],
  ['english-ambiguous-dates.csv', 'nothing tells day from month: the first candidate, DATE_FORMAT_AMBIGUOUS', {
    rows: [{ line: 2, fields: { date: '2024-01-02' } }, { line: 3, fields: { date: '2024-03-04' } }],
    issueCounts: { DATE_FORMAT_AMBIGUOUS: 1 },
  }],
  ['month-abbreviation-dates.csv', '23-Jan-15 dates; NetAmount is the amount', {
    rows: [{ line: 2, fields: { date: '2015-01-23', amount: '-360.00' } }, { line: 3, fields: { date: '2015-02-02' } }],
    inferred: { date_format: '%d-%b-%y' },
    columns: { amount: ['NetAmount', 'header'], date: ['JournalDate', 'header'] },
  }],
  ['iso-datetime-offset.csv', 'ISO date-times with offsets; a lone notes column names the rows', {
    rows: [{ line: 2, fields: { date: '2024-01-05', name: 'Fee' } }, { line: 3, fields: { date: '2024-01-06', name: 'Top-up' } }],
    columns: { date: ['Timestamp', 'header'] },
  }],
];

async function readAll(bytes: Uint8Array, chunk: number | null, options: ImportOptions = {}): Promise<{ rows: RowResult[]; result: FileResult }> {
  async function* chunks() {
    if (chunk === null) { yield bytes; return; }
    for (let i = 0; i < bytes.length; i += chunk) yield bytes.subarray(i, i + chunk);
  }
  const reader = readImport(chunks(), { today: TODAY, ...options });
  const rows: RowResult[] = [];
  for await (const r of reader) rows.push(r);
  return { rows, result: await reader.result() };
}

const fixture = (name: string) => readFile(new URL(`../fixtures/inference/${name}`, import.meta.url));

describe('whole files read with no options (fixtures/inference)', () => {
  for (const [name, trait, want] of FILES) {
    test(`${name}: ${trait}`, async () => {
      const { rows, result } = await readAll(await fixture(name), null, want.options);
      assert.deepEqual(rows.map((r) => r.line), want.rows.map((r) => r.line), 'the rows, by line');
      want.rows.forEach((w, i) => {
        const row = rows[i]!;
        assert.equal(row.valid, w.valid ?? true, `line ${w.line}: valid (${JSON.stringify(row.issues)})`);
        if (w.codes) assert.deepEqual(row.issues.map((x) => x.code).sort(), [...w.codes].sort(), `line ${w.line}: codes`);
        for (const [k, v] of Object.entries(w.fields ?? {})) assert.deepEqual(row.fields[k], v, `line ${w.line}: ${k}`);
      });
      for (const [k, v] of Object.entries(want.inferred ?? {})) {
        assert.deepEqual(result.inferred[k as keyof FileResult['inferred']].value, v, `inferred.${k}`);
      }
      for (const [field, [header, how]] of Object.entries(want.columns ?? {})) {
        assert.equal(result.columns[field]?.header, header, `columns.${field}.header`);
        assert.equal(result.columns[field]?.how, how, `columns.${field}.how`);
      }
      if (want.issueCounts) {
        const fileLevel = Object.fromEntries(Object.entries(result.issue_counts).filter(([c]) => !rows.some((r) => r.issues.some((x) => x.code === c))));
        assert.deepEqual(fileLevel, want.issueCounts, 'file-level issue counts');
      }
    });
  }
});

describe('inference does not depend on where the input was split', () => {
  for (const [name, , want] of FILES) {
    test(name, async () => {
      const bytes = await fixture(name);
      const whole = await readAll(bytes, null, want.options);
      for (const size of [1, 2, 3, 7, 64]) {
        const split = await readAll(bytes, size, want.options);
        assert.deepEqual(split.rows, whole.rows, `rows at chunks of ${size}`);
        assert.deepEqual(split.result, whole.result, `result at chunks of ${size}`);
      }
    });
  }
});

describe('given options still win', () => {
  test('a given number format is read as given, and contradicting cells are invalid rows, never reread', async () => {
    const { rows, result } = await readAll(await fixture('de-savings-bank.csv'), null, { number_format: '1,234.56' });
    assert.equal(result.inferred.number_format.how, 'given');
    assert.equal(rows[0]!.valid, false);
  });
  test('a given date format is not second-guessed', async () => {
    const { result } = await readAll(await fixture('english-ambiguous-dates.csv'), null, { date_format: '%d/%m/%Y' });
    assert.equal(result.inferred.date_format.how, 'given');
    assert.equal(result.issue_counts.DATE_FORMAT_AMBIGUOUS, undefined);
  });
});
