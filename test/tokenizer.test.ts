// The CSV tokenizer: RFC 4180 records, physical line numbers, the edge rules of SPEC §2.13, and
// chunk invariance (whole text against every chunk size 1..64, which splits inside CRLF pairs,
// doubled quotes and quoted line breaks).

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CsvTokenizer } from '../engine/csv/tokenizer.ts';
import { SluiceError } from '../engine/errors.ts';

type Rec = [line: number, fields: string[], trailing?: number[]];

function tokenize(text: string, sep = ',', size = text.length || 1, skip = 0, max?: number, trim = false): Rec[] {
  const tok = new CsvTokenizer(sep, skip, max, trim);
  const out: Rec[] = [];
  const emit = (fields: string[], line: number, trailing: number[] | null) => {
    out.push(trailing ? [line, fields, trailing] : [line, fields]);
  };
  for (let i = 0; i < text.length; i += size) tok.push(text.slice(i, i + size), emit);
  tok.end(emit);
  return out;
}

const cases: [string, string, Rec[], string?, number?][] = [
  ['simple LF', 'a,b\n1,2\n', [[1, ['a', 'b']], [2, ['1', '2']]]],
  ['CRLF', 'a,b\r\n1,2\r\n', [[1, ['a', 'b']], [2, ['1', '2']]]],
  ['lone CR', 'a,b\r1,2\r3,4', [[1, ['a', 'b']], [2, ['1', '2']], [3, ['3', '4']]]],
  ['no final newline', 'a\nb', [[1, ['a']], [2, ['b']]]],
  ['empty fields and trailing separator', ',a,,\n', [[1, ['', 'a', '', '']]]],
  ['blank line is an empty record', 'a\n\nb\n', [[1, ['a']], [2, ['']], [3, ['b']]]],
  ['quoted separator and doubled quotes', '"a,b","say ""hi""",c\n', [[1, ['a,b', 'say "hi"', 'c']]]],
  ['quoted LF moves the next line number', '1,"two\nlines",x\n2,y,z\n', [[1, ['1', 'two\nlines', 'x']], [3, ['2', 'y', 'z']]]],
  ['quoted CRLF counts one line', '1,"a\r\nb"\r\n2,c\r\n', [[1, ['1', 'a\r\nb']], [3, ['2', 'c']]]],
  ['quoted lone CR counts one line', '1,"a\rb"\r2,c', [[1, ['1', 'a\rb']], [3, ['2', 'c']]]],
  ['empty quoted field', '"",x\n', [[1, ['', 'x']]]],
  ['doubled quotes first, last and side by side', '"""a""","""""",b\n', [[1, ['"a"', '""', 'b']]]],
  // Past eight pairs the rest of a field is unescaped another way (tokenizer.ts undouble).
  ['eight, nine and twenty doubled quotes in one field', `"${'x""'.repeat(8)}","${'x""'.repeat(9)}y","${'""'.repeat(20)}"\n`,
    [[1, ['x"'.repeat(8), `${'x"'.repeat(9)}y`, '"'.repeat(20)]]]],
  ['quote inside an unquoted field is text', 'ab"c,d\n', [[1, ['ab"c', 'd']]]],
  ['whitespace before an opening quote', 'a, "b, c" ,d\n', [[1, ['a', 'b, c', 'd']]]],
  ['text after a closing quote is kept and flagged', '"t"z,1\n', [[1, ['tz', '1'], [0]]]],
  ['quote at the very end', 'a,"b"', [[1, ['a', 'b']]]],
  ['semicolon separator', 'a;"b;c";d\n', [[1, ['a', 'b;c', 'd']]], ';'],
  ['tab separator keeps spaces', 'a\t b \t"c"\n', [[1, ['a', ' b ', 'c']]], '\t'],
  ['pipe separator', '|K|1\n', [[1, ['', 'K', '1']]], '|'],
  ['skipped lines keep numbering', 'junk "x\r\nmore\nh1,h2\n1,2\n', [[3, ['h1', 'h2']], [4, ['1', '2']]], ',', 2],
  ['skip CRLF at a chunk edge', 'x\r\ny\r\na\r\n', [[3, ['a']]], ',', 2],
];

describe('tokenizer records and lines', () => {
  for (const [name, text, want, sep, skip] of cases) {
    test(name, () => {
      const whole = tokenize(text, sep, text.length || 1, skip ?? 0);
      assert.deepEqual(whole, want);
      for (let size = 1; size <= 64; size++) {
        assert.deepEqual(tokenize(text, sep, size, skip ?? 0), whole, `chunk size ${size}`);
      }
    });
  }
});

describe('tokenizer with trim (as the CSV pipeline makes it): each field as String.prototype.trim() makes it', () => {
  // The tokenizer decides from a field's first and last characters in the chunk whether to trim
  // it; off the hot loop (a field cut by a chunk end, text after a closing quote) it always trims.
  // Whatever the chunking, its fields must be the untrimmed tokenizer's, trimmed.
  const spaced: [string, string, string?][] = [
    ['spaces around unquoted and quoted fields', ' a ,b , "c " ,  d\n"  e",f  \n'],
    ['Unicode whitespace (NBSP, ideographic, em space, BOM-like)', '\u00a0a\u00a0,\u3000b\u2003,\ufeffc\n'],
    ['text after a closing quote, with spaces', '" q "z ,1\n"r" ,"s"  \n'],
    ['blank-looking records and CRLF', 'a , b\r\n  \r\n , \r\n'],
    ['tabs inside a tab-separated field', '\ta\t b \t" c "\n', '\t'],
    ['a field of spaces at the very end', 'x,   '],
    ['control characters are not trimmed', '\u0001a\u0001, b\n'],
  ];
  for (const [name, text, sep] of [...cases.map(([n, t, , sp]) => [n, t, sp] as [string, string, string?]), ...spaced]) {
    test(name, () => {
      for (let size = 1; size <= 64; size++) {
        const want = tokenize(text, sep, size).map(([line, fields, trailing]): Rec => trailing ? [line, fields.map((f) => f.trim()), trailing] : [line, fields.map((f) => f.trim())]);
        assert.deepEqual(tokenize(text, sep, size, 0, undefined, true), want, `chunk size ${size}`);
      }
    });
  }
});

describe('tokenizer errors carry the line', () => {
  const bad: [string, string, string, number][] = [
    ['unterminated quote', 'a,b\n1,"open\n2,3\n', 'CSV_UNTERMINATED_QUOTE', 2],
    ['unterminated quote after CRLF lines', 'a\r\nb\r\n"x\r\n', 'CSV_UNTERMINATED_QUOTE', 3],
  ];
  for (const [name, text, code, line] of bad) {
    test(name, () => {
      for (const size of [1, 2, 3, 5, text.length]) {
        assert.throws(() => tokenize(text, ',', size), (e: unknown) => e instanceof SluiceError && e.code === code && e.line === line);
      }
    });
  }
  test('a record past the size limit fails fast, naming the opening quote', () => {
    const text = 'h\nok\n"runaway' + 'x'.repeat(5000);
    assert.throws(() => tokenize(text, ',', 64, 0, 1000), (e: unknown) => e instanceof SluiceError && e.code === 'CSV_RECORD_TOO_LARGE' && e.line === 3);
  });
});
