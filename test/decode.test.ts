// The streaming decoder: detection by BOM, NUL pattern, UTF-8 validity and single-byte evidence,
// and chunk invariance (whole input against every chunk size 1..64 and sizes around the 4 KiB and
// 64 KiB decision windows, which cut inside CRLF and inside multi-byte characters). The two line
// splitters (decoded text; UTF-8 bytes) against the same table, whole and in every chunk size.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import iconv from 'iconv-lite';
import { StreamDecoder } from '../engine/decode/decoder.ts';
import { LineSplitter, Utf8LineSplitter } from '../engine/decode/lines.ts';
import { SluiceError } from '../engine/errors.ts';
import { chunksOf, utf8 } from './helpers.ts';

function decode(bytes: Uint8Array, chunkSize: number, encoding: string | null = null) {
  const d = new StreamDecoder(encoding);
  let text = '';
  for (const c of chunksOf(bytes, chunkSize)) text += d.push(c);
  text += d.end();
  return { text, report: d.report };
}

const polish = 'Data,Nazwa,Kwota\r\n2024-01-02,Zażółć gęślą jaźń Łódź,12.50\r\n';
const german = 'Datum;Empfänger;Betrag\n02.01.2024;Müller — Café €;-1,50\n';
const mixed = 'date,name\n2024-01-01,Crème brûlée 🎅 日本\r\n';
const utf16 = (s: string, le: boolean, bom: boolean) => {
  const body = iconv.encode(s, le ? 'utf-16le' : 'utf-16be');
  return bom ? Buffer.concat([Buffer.from(le ? [0xff, 0xfe] : [0xfe, 0xff]), body]) : body;
};

const cases: [string, Uint8Array, string | null, { text: string; encoding: string; bom: boolean; guessed?: boolean }][] = [
  ['ascii', utf8('a,b\r\n1,2\r\n'), null, { text: 'a,b\r\n1,2\r\n', encoding: 'utf-8', bom: false }],
  ['utf-8', utf8(mixed), null, { text: mixed, encoding: 'utf-8', bom: false }],
  ['utf-8 with BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8(mixed)]), null, { text: mixed, encoding: 'utf-8', bom: true }],
  ['utf-16le with BOM', utf16(mixed, true, true), null, { text: mixed, encoding: 'utf-16le', bom: true }],
  ['utf-16be with BOM', utf16(mixed, false, true), null, { text: mixed, encoding: 'utf-16be', bom: true }],
  ['utf-16le without BOM', utf16(german, true, false), null, { text: german, encoding: 'utf-16le', bom: false }],
  ['utf-16be without BOM', utf16(german, false, false), null, { text: german, encoding: 'utf-16be', bom: false }],
  ['windows-1250 by evidence', iconv.encode(polish, 'windows-1250'), null, { text: polish, encoding: 'windows-1250', bom: false, guessed: false }],
  ['windows-1252 (€ — é)', iconv.encode(german, 'windows-1252'), null, { text: german, encoding: 'windows-1252', bom: false }],
  ['explicit encoding wins', iconv.encode(polish, 'windows-1250'), 'windows-1250', { text: polish, encoding: 'windows-1250', bom: false }],
  ['explicit utf-8 keeps its BOM out', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8('a\n')]), 'utf-8', { text: 'a\n', encoding: 'utf-8', bom: true }],
];

describe('decoder detection and chunk invariance', () => {
  for (const [name, bytes, encoding, want] of cases) {
    test(name, () => {
      const whole = decode(bytes, bytes.length || 1, encoding);
      assert.equal(whole.text, want.text);
      assert.equal(whole.report.encoding, want.encoding);
      assert.equal(whole.report.bom, want.bom);
      assert.equal(whole.report.detected, encoding === null);
      if (want.guessed !== undefined) assert.equal(whole.report.guessed, want.guessed);
      for (let size = 1; size <= 64; size++) {
        const part = decode(bytes, size, encoding);
        assert.equal(part.text, whole.text, `chunk size ${size}`);
        assert.deepEqual(part.report, whole.report, `chunk size ${size}`);
      }
    });
  }
});

describe('decision windows do not depend on chunking', () => {
  // The first non-ASCII byte far past the 4 KiB head and across the 64 KiB window edge.
  const prefix = 'x'.repeat(70_000) + '\n';
  const inputs: [string, Uint8Array, string][] = [
    ['late UTF-8', utf8(prefix + 'é'.repeat(40_000) + '\n'), 'utf-8'],
    ['late windows-1250', iconv.encode(prefix + 'ł'.repeat(10) + '\n', 'windows-1250'), 'windows-1250'],
    ['UTF-8 sequence cut by the 64 KiB window', utf8('a'.repeat(65_535) + '€ok\n'), 'utf-8'],
  ];
  for (const [name, bytes, encoding] of inputs) {
    test(name, () => {
      const whole = decode(bytes, bytes.length, null);
      assert.equal(whole.report.encoding, encoding);
      for (const size of [1, 7, 4095, 4096, 4097, 65535, 65536, 65537, 100_000]) {
        const part = decode(bytes, size, null);
        assert.equal(part.text, whole.text, `chunk size ${size}`);
        assert.equal(part.report.encoding, encoding, `chunk size ${size}`);
      }
    });
  }
});

describe('undecodable and binary input', () => {
  test('invalid bytes in a UTF-8 file are counted, not dropped, and the file stays UTF-8', () => {
    const bytes = Buffer.concat([utf8('Crème brûlée, café, Zürich, €\n'), Buffer.from([0x61, 0xff, 0x62, 0x0a])]);
    for (const size of [1, 2, 3, bytes.length]) {
      const r = decode(bytes, size);
      assert.equal(r.report.encoding, 'utf-8');
      assert.equal(r.text, 'Crème brûlée, café, Zürich, €\na\uFFFDb\n');
      assert.equal(r.report.replacements, 1);
    }
  });
  test('invalid UTF-8 past the decision window is counted on the way', () => {
    const bytes = Buffer.concat([utf8('é\n' + 'x'.repeat(70_000) + '\n'), Buffer.from([0xc3, 0x28, 0x0a])]);
    const r = decode(bytes, 4096);
    assert.equal(r.report.encoding, 'utf-8');
    assert.equal(r.report.replacements, 1);
  });
  test('bytes that are mostly not UTF-8 fall back to a single-byte page', () => {
    const r = decode(iconv.encode('Müller;Größe;Café\n', 'windows-1252'), 3);
    assert.equal(r.report.encoding, 'windows-1252');
    assert.equal(r.text, 'Müller;Größe;Café\n');
  });
  test('Czech text is told from windows-1252 by its words (č and á make Czech, è and á no language)', () => {
    const r = decode(iconv.encode('název;částka\nčeská;1\n', 'windows-1250'), 5);
    assert.equal(r.report.encoding, 'windows-1250');
    assert.equal(r.report.guessed, false);
  });
  const binaries: [string, Uint8Array][] = [
    ['PDF', utf8('%PDF-1.7\n%âãÏÓ\n1 0 obj\n')],
    ['ZIP / xlsx', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00])],
    ['NUL-ridden bytes', Buffer.from([1, 0, 0, 5, 0, 0, 0, 9, 0, 0, 7, 0, 0, 0, 0, 3])],
  ];
  for (const [name, bytes] of binaries) {
    test(`${name} is refused as DECODE_BINARY`, () => {
      assert.throws(() => decode(bytes, 3), (e: unknown) => e instanceof SluiceError && e.code === 'DECODE_BINARY');
    });
  }
});

describe('line splitters', () => {
  type Line = [text: string, line: number, validUtf8: boolean];
  const bad = (s: string) => Buffer.from(s.replace('?', '\xff'), 'latin1');
  const cases: [string, Uint8Array, Line[]][] = [
    ['LF', utf8('a\nb\n'), [['a', 1, true], ['b', 2, true]]],
    ['CRLF', utf8('a\r\nb\r\n'), [['a', 1, true], ['b', 2, true]]],
    ['lone CR', utf8('a\rb\rc'), [['a', 1, true], ['b', 2, true], ['c', 3, true]]],
    ['mixed, blank lines kept', utf8('a\r\n\r\rb\n\nc\r'), [['a', 1, true], ['', 2, true], ['', 3, true], ['b', 4, true], ['', 5, true], ['c', 6, true]]],
    ['no final line end', utf8('{"a":1}'), [['{"a":1}', 1, true]]],
    ['one byte', utf8('x'), [['x', 1, true]]],
    ['two bytes', utf8('x\n'), [['x', 1, true]]],
    ['empty', utf8(''), []],
    ['multi-byte characters', utf8('Café 日本\r\n寿司 🍣\n'), [['Café 日本', 1, true], ['寿司 🍣', 2, true]]],
    ['a UTF-8 BOM is dropped', utf8('\uFEFFa\nb'), [['a', 1, true], ['b', 2, true]]],
    ['a BOM alone', utf8('\uFEFF'), []],
    ['a BOM-like start that is not one', Buffer.from([0xef, 0xbb, 0x0a, 0x61]), [['\uFFFD', 1, false], ['a', 2, true]]],
    ['invalid bytes flag their line only', Buffer.concat([utf8('é\n'), bad('a?b\n'), utf8('c\n')]), [['é', 1, true], ['a\uFFFDb', 2, false], ['c', 3, true]]],
    ['a cut character at the end', Buffer.from([0x61, 0x0a, 0xc3]), [['a', 1, true], ['\uFFFD', 2, false]]],
  ];
  const viaBytes = (chunks: Uint8Array[]) => {
    const s = new Utf8LineSplitter();
    const out: Line[] = [];
    const sink = (text: string, line: number, valid: boolean) => out.push([text, line, valid]);
    for (const c of chunks) s.push(c, sink);
    s.end(sink);
    assert.equal(s.linesSeen, out.length);
    return out;
  };
  const viaText = (bytes: Uint8Array, size: number) => {
    const d = new StreamDecoder('utf-8');
    const s = new LineSplitter();
    const out: Line[] = [];
    const sink = (text: string, line: number) => out.push([text, line, !text.includes('\uFFFD')]);
    for (const c of chunksOf(bytes, size)) s.push(d.push(c), sink);
    s.push(d.end(), sink);
    s.end(sink);
    return out;
  };
  for (const [name, bytes, want] of cases) {
    test(`${name}: both splitters, whole and every chunk size 1..16`, () => {
      assert.deepEqual(viaBytes([bytes]), want);
      for (let size = 1; size <= 16; size++) {
        assert.deepEqual(viaBytes(chunksOf(bytes, size)), want, `bytes, chunk size ${size}`);
        assert.deepEqual(viaText(bytes, size), want, `text, chunk size ${size}`);
      }
    });
  }
  test('a line longer than many chunks is joined once, in order', () => {
    const long = 'x'.repeat(100_000) + 'é'.repeat(1000);
    const bytes = utf8(`${long}\r\nend`);
    assert.deepEqual(viaBytes(chunksOf(bytes, 7)), [[long, 1, true], ['end', 2, true]]);
  });
  test('a reused input buffer does not change a line already carried', () => {
    const s = new Utf8LineSplitter();
    const out: string[] = [];
    const buf = Buffer.from('abc');
    s.push(buf, (t) => out.push(t));
    buf.write('\nzz');
    s.push(buf, (t) => out.push(t));
    s.end((t) => out.push(t));
    assert.deepEqual(out, ['abc', 'zz']);
  });
});
