// The OFX reader's whole-record path (tokenizer.ts readFlat: a plain STMTTRN read as one unit)
// against the same reader with every element read as events: generated statements of varied
// records (leaf order, optional and unknown leaves, end tags on some leaves, entities and raw `&`,
// blanks trim() removes and the tokenizer does not, nested aggregates, comments, CDATA, lower-case
// and self-closing tags, text after end tags, LF / CRLF / CR, spaces / tabs / no indentation,
// SGML and XML, investment cash records, files cut short; the generator's leaf order or the
// specification's) fed whole, in small chunks (records split across pushes) and in pushes longer
// than the tokenizer's bridge (what a push leaves read with the next one's start). The rows (lines
// included), the result and any refusal must be identical.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { SluiceError } from '../engine/errors.ts';
import { OfxPipeline } from '../engine/ofx/pipeline.ts';
import { normalizeOptions } from '../engine/options.ts';
import { rng } from '../bench/generate.ts'; // mulberry32: a failure replays by its seed

const OPTIONS = normalizeOptions({ type: 'OfxImport', today: '2026-11-27' });

const NAMES = ['SHELL OIL 57442', 'AT&amp;T WIRELESS', 'AT&T', 'FISH &lt;&gt; CHIPS', 'Caf&#233; &#x2603;', 'UBER   TRIP', '&unknown; x', ''];
const AMOUNTS = ['-12.50', '73.85', '+5', '-0,5', '.5', 'abc', '', '1000.00'];
const DATES = ['20240105', '20240105120000.000[-5:EST]', '20241301', '2024', '19600101', '', '20240229'];

/**
 * A generated statement; `many`: some 40 to 120 records a list instead of up to 12 (longer than a
 * push); `ordered`: each record's leaves in the specification's order (STMTTRN_LEAVES below)
 * instead of the generator's order, sometimes shuffled.
 */
function document(seed: number, many = false, ordered = false): string {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const xml = r() < 0.3;
  const eol = pick(['\n', '\n', '\r\n', '\r']);
  const indentUnit = pick(['  ', '\t', '', '    ']);
  const oneLine = r() < 0.05;
  const lines: string[] = [];
  const put = (depth: number, text: string) => lines.push(oneLine ? text : indentUnit.repeat(depth) + text);
  // A leaf: SGML leaves end at the next tag, some servers (and XML) write the end tag.
  const leaf = (depth: number, name: string, value: string) => {
    const closed = xml || r() < 0.15;
    const pad = r() < 0.1 ? pick([' ', '\u00a0', '\v', '\t']) : '';
    put(depth, `<${name}>${pad}${value}${r() < 0.1 ? pick([' ', '\u00a0', '\v']) : ''}${closed ? `</${name}>` : ''}${closed && r() < 0.05 ? ' junk' : ''}`);
  };
  const record = (depth: number) => {
    const odd = r();
    if (odd < 0.02) {
      // An empty record, then a leaf and an end tag that belong to no record.
      put(depth, '<STMTTRN/>');
      if (r() < 0.5) put(depth, '<TRNAMT>1</STMTTRN>');
      return;
    }
    put(depth, odd < 0.04 ? '<stmttrn>' : odd < 0.06 ? '<STMTTRN id="1">' : odd < 0.08 ? '<STMTTRN>x' : '<STMTTRN>');
    const leaves: [string, string][] = [
      ['TRNTYPE', pick(['DEBIT', 'CREDIT', 'POS', 'CHECK'])], ['DTPOSTED', pick(DATES)], ['TRNAMT', pick(AMOUNTS)],
      ['FITID', `F${Math.floor(r() * 1000)}`],
    ];
    if (r() < 0.5) leaves.push(['DTUSER', pick(DATES)]);
    if (r() < 0.7) leaves.push(['NAME', pick(NAMES)]);
    if (r() < 0.6) leaves.push(['MEMO', pick(NAMES)]);
    if (r() < 0.1) leaves.push(['CHECKNUM', '1004']);
    if (r() < 0.1) leaves.push(['REFNUM', 'R-1']);
    if (r() < 0.05) leaves.push(['SIC', '5411']);
    if (r() < 0.05) leaves.push(['CORRECTACTION', pick(['DELETE', 'REPLACE'])]);
    if (r() < 0.05) leaves.push(['EXTDNAME', 'EXTENDED']);
    if (r() < 0.05) leaves.push(['UNKNOWNLEAF', 'x']);
    if (ordered) leaves.sort((a, b) => STMTTRN_LEAVES.indexOf(a[0]) - STMTTRN_LEAVES.indexOf(b[0]));
    else if (r() < 0.3) leaves.sort(() => r() - 0.5);
    for (const [name, value] of leaves) {
      const extra = r();
      if (extra < 0.03) put(depth + 1, '<!-- a comment -->');
      else if (extra < 0.05) put(depth + 1, `<PAYEE><NAME>PAYEE ${seed}</PAYEE>`);
      else if (extra < 0.07) put(depth + 1, '<BANKACCTTO><BANKID>1<ACCTID>OTHER-1</BANKACCTTO>');
      else if (extra < 0.09) put(depth + 1, '<CURRENCY><CURRATE>1.1<CURSYM>EUR</CURRENCY>');
      else if (extra < 0.10) put(depth + 1, '<MEMO><![CDATA[in <cdata> & out]]>');
      else if (extra < 0.11) put(depth + 1, '<MEMO>a < b');
      else if (extra < 0.12) put(depth + 1, '<memo>lower case');
      else if (extra < 0.13) put(depth + 1, '<NAME/>');
      leaf(depth + 1, name, value);
    }
    const end = r();
    if (end < 0.03) return; // no end tag: the next record's start, or the list's end, closes it
    put(depth, end < 0.05 ? '</STMTTRN >' : '</STMTTRN>');
  };
  const header = xml
    ? ['<?xml version="1.0" encoding="UTF-8"?>', '<?OFX OFXHEADER="200" VERSION="220"?>']
    : ['OFXHEADER:100', 'DATA:OFXSGML', 'VERSION:102', 'ENCODING:USASCII', 'CHARSET:1252', ''];
  const statements = 1 + Math.floor(r() * 2);
  put(0, '<OFX>');
  if (r() < 0.05) record(1); // outside a statement: skipped
  put(1, '<BANKMSGSRSV1><STMTTRNRS><TRNUID>1');
  for (let s = 0; s < statements; s++) {
    const cc = r() < 0.3;
    put(2, cc ? '<CCSTMTRS>' : '<STMTRS>');
    put(3, '<CURDEF>USD');
    put(3, cc ? '<CCACCTFROM><ACCTID>4111</CCACCTFROM>' : '<BANKACCTFROM><BANKID>1<ACCTID>A-1<ACCTTYPE>CHECKING</BANKACCTFROM>');
    put(3, '<BANKTRANLIST>');
    put(4, '<DTSTART>20240101');
    const records = many ? 40 + Math.floor(r() * 80) : Math.floor(r() * 12);
    for (let i = 0; i < records; i++) record(4);
    put(3, '</BANKTRANLIST>');
    put(3, '<LEDGERBAL><BALAMT>-5.00<DTASOF>20240131</LEDGERBAL>');
    put(2, cc ? '</CCSTMTRS>' : '</STMTRS>');
  }
  put(1, '</STMTTRNRS></BANKMSGSRSV1>');
  if (r() < 0.3) {
    // An investment statement: cash records (INVBANKTRAN/STMTTRN) among trades.
    put(1, '<INVSTMTMSGSRSV1><INVSTMTTRNRS><TRNUID>2<INVSTMTRS>');
    put(2, '<CURDEF>USD<INVACCTFROM><BROKERID>b<ACCTID>INV-1</INVACCTFROM>');
    put(2, '<INVTRANLIST><DTSTART>20240101');
    const records = Math.floor(r() * 6);
    for (let i = 0; i < records; i++) {
      if (r() < 0.3) put(3, `<INCOME><INVTRAN><FITID>I${i}<DTTRADE>20240105</INVTRAN><SECID><UNIQUEID>X<UNIQUEIDTYPE>CUSIP</SECID><INCOMETYPE>DIV<TOTAL>1.00</INCOME>`);
      put(3, '<INVBANKTRAN>');
      record(4);
      put(4, '<SUBACCTFUND>CASH');
      put(3, '</INVBANKTRAN>');
    }
    put(2, '</INVTRANLIST></INVSTMTRS></INVSTMTTRNRS></INVSTMTMSGSRSV1>');
  }
  put(0, '</OFX>');
  const text = header.join(eol) + eol + lines.join(oneLine ? '' : eol) + eol;
  // Some files are cut short (inside a record, a tag or a value).
  return r() < 0.1 ? text.slice(0, Math.floor(text.length * (0.5 + r() * 0.5))) : text;
}

/** The leaves of a STMTTRN in the order the OFX specification gives them (its aggregates left out). */
const STMTTRN_LEAVES = [
  'TRNTYPE', 'DTPOSTED', 'DTUSER', 'DTAVAIL', 'TRNAMT', 'FITID', 'CORRECTFITID', 'CORRECTACTION', 'SRVRTID', 'CHECKNUM',
  'REFNUM', 'SIC', 'PAYEEID', 'NAME', 'EXTDNAME', 'MEMO', 'INV401KSOURCE',
];

/** Rows, result and refusal of one read, as one string. */
function outcome(bytes: Uint8Array, chunk: number, flat: boolean): string {
  const p = new OfxPipeline(OPTIONS, flat);
  const rows = [];
  try {
    for (let i = 0; i < bytes.length; i += chunk) rows.push(...p.push(bytes.subarray(i, i + chunk)));
    rows.push(...p.end());
    return JSON.stringify({ rows, result: p.result() });
  } catch (e) {
    if (!(e instanceof SluiceError)) throw e;
    return JSON.stringify({ rows, error: e.code, line: e.line, message: e.message });
  }
}

/** The reader, counting records taken whole (flatEnd) and records read as events (open of a STMTTRN). */
class Counting extends OfxPipeline {
  whole = 0;
  events = 0;
  override flatEnd(record: Parameters<OfxPipeline['flatEnd']>[0], line: number): void {
    this.whole++;
    super.flatEnd(record, line);
  }
  override open(name: string, line: number): void {
    if (name === 'STMTTRN') this.events++;
    super.open(name, line);
  }
}

describe('OFX whole-record path against events', () => {
  const encoder = new TextEncoder();
  for (let seed = 1; seed <= 300; seed++) {
    test(`seed ${seed}`, () => {
      const bytes = encoder.encode(document(seed));
      const want = outcome(bytes, bytes.length + 1, false);
      for (const chunk of [bytes.length + 1, 1, 2, 3, 7, 13, 64, 1000]) {
        assert.equal(outcome(bytes, chunk, true), want, `chunk size ${chunk}`);
      }
    });
  }

  // Pushes longer than the tokenizer's BRIDGE (4,096 characters): what a push leaves is read with
  // the start of the next, then the scan goes on in the next push's text alone.
  for (let seed = 1; seed <= 40; seed++) {
    test(`seed ${seed}, long statements in pushes longer than the bridge`, () => {
      const bytes = encoder.encode(document(seed, true));
      const want = outcome(bytes, bytes.length + 1, false);
      for (const chunk of [4097, 5003, 8192, 20_000]) {
        assert.equal(outcome(bytes, chunk, true), want, `chunk size ${chunk}`);
        assert.equal(outcome(bytes, chunk, false), want, `chunk size ${chunk}, events`);
      }
    });
  }

  test('a push that ends among leaves whose lines were not counted yet: the rows keep their lines', () => {
    // Thousands of leaves before the transactions (no line is asked for while they are read) and
    // records nearly as long as the bridge, in pushes longer than the bridge, with each kind of line
    // end: the lines of what each push leaves are counted before its text is dropped.
    for (const eol of ['\n', '\r\n', '\r']) {
      const leaves = Array.from({ length: 3000 }, (_, i) => `<MKTGINFO>offer ${i}`);
      // Some records nearly as long as the bridge (a long MEMO), so that a bridge holds one record and the start of the next.
      const memo = (i: number) => (i % 3 === 0 ? 'M'.repeat(2500 + 37 * i) : `MEMO ${i}`);
      const records = Array.from({ length: 50 }, (_, i) => `<STMTTRN>${eol}<TRNTYPE>DEBIT${eol}<DTPOSTED>20240105${eol}<TRNAMT>-${i}.50${eol}<FITID>${i}${eol}<MEMO>${memo(i)}${eol}</STMTTRN>`);
      const text = ['OFXHEADER:100', 'DATA:OFXSGML', 'VERSION:102', 'ENCODING:USASCII', 'CHARSET:1252', '', '<OFX>', ...leaves,
        '<BANKMSGSRSV1><STMTTRNRS><STMTRS>', '<CURDEF>USD', '<BANKACCTFROM>', '<BANKID>1', '<ACCTID>2', '</BANKACCTFROM>', '<BANKTRANLIST>',
        ...records, '</BANKTRANLIST>', '</STMTRS></STMTTRNRS></BANKMSGSRSV1>', '</OFX>', ''].join(eol);
      const bytes = encoder.encode(text);
      const want = outcome(bytes, bytes.length + 1, false);
      assert.equal(JSON.parse(want).rows[0].line, 3015, JSON.stringify(eol)); // the first record's line, as counted whole
      for (let chunk = 4097; chunk < 4200; chunk += 7) {
        assert.ok(outcome(bytes, chunk, true) === want, `${JSON.stringify(eol)}, chunk size ${chunk}: not the whole file's rows`);
      }
    }
  });

  // Records in the specification's order (the order most servers write), laid out by the same
  // generator otherwise.
  for (let seed = 1; seed <= 200; seed++) {
    test(`seed ${seed}, leaves in the specification's order`, () => {
      const bytes = encoder.encode(document(seed, seed % 4 === 0, true));
      const want = outcome(bytes, bytes.length + 1, false);
      for (const chunk of [bytes.length + 1, 1, 7, 64, 1000, 5003]) {
        assert.equal(outcome(bytes, chunk, true), want, `chunk size ${chunk}`);
      }
    });
  }

  test('the generated files exercise both paths', () => {
    // Records taken whole (flatEnd) and records read as events (open of a STMTTRN), over all seeds.
    let whole = 0, events = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const p = new Counting(OPTIONS, true);
      try {
        p.push(encoder.encode(document(seed)));
        p.end();
      } catch (e) {
        if (!(e instanceof SluiceError)) throw e;
      }
      whole += p.whole;
      events += p.events;
    }
    assert.ok(whole > 500 && events > 200, `${whole} records taken whole, ${events} read as events`);
  });

  test('a plain record split across pushes waits to be taken whole; one of over 64 KiB is read as events', () => {
    // 200 records, the 100th with a MEMO of 70,000 characters (longer than the tokenizer's
    // FLAT_WAIT), fed in pieces that split records: the same outcome as events, every short record
    // taken whole, the long one read as events (whole, it too is taken whole).
    const records: string[] = [];
    for (let i = 0; i < 200; i++) {
      const memo = i === 99 ? 'M'.repeat(70_000) : `MEMO ${i}`;
      records.push(`<STMTTRN>\n<TRNTYPE>DEBIT\n<DTPOSTED>20240105\n<TRNAMT>-${i}.50\n<FITID>${i}\n<NAME>SHOP ${i}\n<MEMO>${memo}\n</STMTTRN>`);
    }
    const text = 'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nENCODING:USASCII\nCHARSET:1252\n\n<OFX>\n<BANKMSGSRSV1><STMTTRNRS><STMTRS>\n'
      + '<CURDEF>USD\n<BANKACCTFROM>\n<BANKID>1\n<ACCTID>2\n<ACCTTYPE>CHECKING\n</BANKACCTFROM>\n<BANKTRANLIST>\n'
      + records.join('\n') + '\n</BANKTRANLIST>\n</STMTRS></STMTTRNRS></BANKMSGSRSV1>\n</OFX>\n';
    const bytes = encoder.encode(text);
    const want = outcome(bytes, bytes.length + 1, false);
    // (5,000 and 20,000: pushes longer than the tokenizer's bridge, one of them ending inside the long MEMO.)
    for (const chunk of [bytes.length + 1, 1000, 4096, 777, 5000, 20_000]) {
      assert.equal(outcome(bytes, chunk, true), want, `chunk size ${chunk}`);
      const p = new Counting(OPTIONS, true);
      for (let i = 0; i < bytes.length; i += chunk) p.push(bytes.subarray(i, i + chunk));
      p.end();
      const whole = chunk > bytes.length;
      assert.deepEqual([p.whole, p.events], whole ? [200, 0] : [199, 1], `chunk size ${chunk}`);
    }
  });

  test('records that follow one another alike are taken in a run; what follows otherwise is not taken for a record', () => {
    // After records laid out alike (flatRun), a leaf whose tag has the record's length (`<TRNTYPE>`
    // where `<STMTTRN>` would be), text and a `<` that starts no tag between records, other
    // blanks, a record that is not plain, and records again: the same outcome as events.
    const rec = (i: number, gap = '\n') => `${gap}<STMTTRN>\n<TRNTYPE>DEBIT\n<DTPOSTED>20240105\n<TRNAMT>-${i}.50\n<FITID>${i}\n<NAME>SHOP ${i}\n</STMTTRN>`;
    const body = rec(1) + rec(2) + rec(3) + '\n<TRNTYPE>\n<TRNAMT>9\n</STMTTRN>' + rec(4) + rec(5) + '\nsome text a < b' + rec(6) + rec(7, '\n  ')
      + rec(8, '\n\t') + '\n<STMTTRN>\n<TRNAMT>1\n<PAYEE><NAME>P</PAYEE>\n<DTPOSTED>20240105\n</STMTTRN>' + rec(9) + rec(10) + rec(11, '\r\n') + rec(12);
    const text = 'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX>\n<BANKMSGSRSV1><STMTTRNRS><STMTRS>\n'
      + '<CURDEF>USD\n<BANKACCTFROM>\n<ACCTID>2\n</BANKACCTFROM>\n<BANKTRANLIST>' + body + '\n</BANKTRANLIST>\n</STMTRS></STMTTRNRS></BANKMSGSRSV1>\n</OFX>\n';
    const bytes = encoder.encode(text);
    const want = outcome(bytes, bytes.length + 1, false);
    assert.equal(JSON.parse(want).rows.length, 13);
    for (const chunk of [bytes.length + 1, 1, 5, 64, 100]) assert.equal(outcome(bytes, chunk, true), want, `chunk size ${chunk}`);
  });
});
