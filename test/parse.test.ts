// Value parsers, valid and invalid tables side by side: amounts under each number_format (SPEC
// §2.4), dates under each directive (SPEC §2.5), date inference, exact decimal arithmetic, tags,
// categories and account types.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { compileAmountParser, type NumberFormat } from '../engine/parse/amount.ts';
import { compileDateFormat, defaultRange, DateFormatError } from '../engine/parse/date.ts';
import { inferDateFormat } from '../engine/infer/date-format.ts';
import BigConstructor from 'big.js';
import { equal, multiply, negate, subtract, sum, sumsTo } from '../engine/parse/decimal.ts';
import { splitCategory, splitTags } from '../engine/parse/text.ts';
import { accountableType } from '../engine/parse/account-type.ts';

const amounts: [NumberFormat, string, string | null][] = [
  ['1,234.56', '1234.56', '1234.56'],
  ['1,234.56', '-1,234.56', '-1234.56'],
  ['1,234.56', '+12', '12'],
  ['1,234.56', '10.00', '10.00'],
  ['1,234.56', '007.50', '7.50'],
  ['1,234.56', '.5', '0.5'],
  ['1,234.56', '-0.00', '0.00'],
  ['1,234.56', '(12.34)', '-12.34'],
  ['1,234.56', '12.34-', '-12.34'],
  ['1,234.56', '\u221212.34', '-12.34'],
  ['1,234.56', '$1,500.00', '1500.00'],
  ['1,234.56', '-$5.00', '-5.00'],
  ['1,234.56', '$-5.00', '-5.00'],
  ['1,234.56', '($1,000)', '-1000'],
  ['1,234.56', 'USD 12.00', '12.00'],
  ['1,234.56', '12.00 USD', '12.00'],
  ['1,234.56', '£7', '7'],
  ['1,234.56', "11'373.94", '11373.94'],
  ['1,234.56', '1\u00a0234.50', '1234.50'],
  ['1,234.56', '12,34,567.00', '1234567.00'],
  ['1,234.56', '\u062f.\u0625.\u200f5,000.500', '5000.500'],
  ['1,234.56', '1,5', null],
  ['1,234.56', '1,2345', null],
  ['1,234.56', '12..3', null],
  ['1,234.56', '1.2.3', null],
  ['1,234.56', '12a3', null],
  ['1,234.56', '1e5', null],
  ['1,234.56', '12.', null],
  ['1,234.56', '-', null],
  ['1,234.56', '--5', null],
  ['1,234.56', '-(5)', null],
  ['1,234.56', '(5', null],
  ['1,234.56', '5 USD 5', null],
  ['1,234.56', '1,234 567', null],
  ['1.234,56', '1.234,56', '1234.56'],
  ['1.234,56', '-17,22', '-17.22'],
  ['1.234,56', '1234,5', '1234.5'],
  ['1.234,56', '-30,00 PLN', '-30.00'],
  ['1.234,56', '1,234.56', null],
  ['1.234,56', '1.5', null],
  ['1 234,56', '1 234,56', '1234.56'],
  ['1 234,56', '1\u00a0234,56', '1234.56'],
  ['1 234,56', '1\u202f234,56', '1234.56'],
  ['1 234,56', '2 960,15 PLN', '2960.15'],
  ['1 234,56', '1.234,56', '1234.56'],
  ['1 234,56', '12 34,5', null],
  ['1,234', '1,234', '1234'],
  ['1,234', '-50000', '-50000'],
  ['1,234', '12.00', null],
  ['1,234', '12,5', null],
];

describe('amounts', () => {
  for (const [format, text, want] of amounts) {
    test(`${format}: ${JSON.stringify(text)} → ${want}`, () => {
      assert.equal(compileAmountParser(format)(text), want);
    });
  }
});

const today = { y: 2024, m: 6, d: 30 };
const range = defaultRange(today);
const dates: [string, string, string][] = [
  ['%Y-%m-%d', '2024-01-05', '2024-01-05'],
  ['%Y-%m-%d', '2024-1-5', '2024-01-05'],
  ['%d/%m/%Y', '05/01/2024', '2024-01-05'],
  ['%m/%d/%Y', '1/5/2024', '2024-01-05'],
  ['%e.%m.%Y', ' 5.01.2024', '2024-01-05'],
  ['%d %b %Y', '05 Jan 2024', '2024-01-05'],
  ['%d %h %Y', '05 jan 2024', '2024-01-05'],
  ['%d %B %Y', '05 January 2024', '2024-01-05'],
  ['%d %B %Y', '05 Jan 2024', '2024-01-05'],
  ['%d-%b-%y', '23-Jan-15', '2015-01-23'],
  ['%d %b %Y', '05 Sept 2023', '2023-09-05'],
  ['%b. %d, %Y', 'Jan. 05, 2024', '2024-01-05'],
  ['%y%m%d', '240105', '2024-01-05'],
  ['%Y%m%d', '20240105', '2024-01-05'],
  ['%d/%m/%y', '01/02/68', 'out_of_range'],
  ['%d/%m/%y', '01/02/69', 'out_of_range'],
  ['%d/%m/%y', '01/02/00', '2000-02-01'],
  ['%d/%m/%y', '01/02/99', '1999-02-01'],
  ['%Y-%m-%d', '2024-01-5', '2024-01-05'],
  ['%Y-%m-%d', '202-01-05', 'invalid'],
  ['%d/%m/%y', '01/02/2', 'invalid'],
  ['%Y/%j', '2024/032', '2024-02-01'],
  ['%Y/%j', '2024/366', 'out_of_range'],
  ['%Y/%j', '2023/366', 'impossible'],
  ['%Y.%m.%d.', '2019.11.06.', '2019-11-06'],
  ['%d/%Y/%m', '10/2009/09', '2009-09-10'],
  ['%%%Y-%m-%d', '%2024-01-05', '2024-01-05'],
  ['%Y-%m-%d', '2024-01-05T10:00:00Z', '2024-01-05'],
  ['%m/%d/%Y', '01/05/2024 10:00', '2024-01-05'],
  ['%m/%d/%Y', '12/31/2021, 9:11 AM', '2021-12-31'],
  ['%Y-%m-%d', '2018-01-03 12:34:56 +0000', '2018-01-03'],
  ['%Y-%m-%d', '2018-01-03 12:34:56 -07:00', '2018-01-03'],
  ['%Y-%m-%d', '2018-01-03 12:34:56.123 UTC', '2018-01-03'],
  ['%Y-%m-%d', '2024-01-05 trailing', 'invalid'],
  ['%Y-%m-%d', '2024-01-05x', 'invalid'],
  ['%Y-%m-%d', '20245-01-05', 'invalid'],
  ['%Y-%m-%d', '24-01-05', 'invalid'],
  ['%d/%m/%Y', '31/02/2024', 'impossible'],
  ['%d/%m/%Y', '29/02/2023', 'impossible'],
  ['%d/%m/%Y', '29/02/2024', '2024-02-29'],
  ['%d/%m/%Y', '00/01/2024', 'impossible'],
  ['%d/%m/%Y', '01/13/2024', 'impossible'],
  ['%Y-%m-%d', '1969-12-31', 'out_of_range'],
  ['%Y-%m-%d', '1970-01-01', '1970-01-01'],
  ['%Y-%m-%d', '2024-07-01', '2024-07-01'],
  ['%Y-%m-%d', '2024-07-02', 'out_of_range'],
  ['%d %b %Y', '05 Foo 2024', 'invalid'],
];

describe('dates', () => {
  for (const [format, text, want] of dates) {
    test(`${format}: ${JSON.stringify(text)} → ${want}`, () => {
      assert.equal(compileDateFormat(format, range).parse(text), want);
    });
  }
  const badFormats = ['%Y-%m', '%d/%m', '%Q-%m-%d', '%Y-%m-%d %', '%m/%Y'];
  for (const f of badFormats) {
    test(`format ${JSON.stringify(f)} is refused`, () => {
      assert.throws(() => compileDateFormat(f), DateFormatError);
    });
  }
});

describe('date format inference', () => {
  const cases: [string, string[], string | null, number][] = [
    ['ISO', ['2024-01-05', '2024-02-10'], '%Y-%m-%d', 1],
    ['day above 12 settles d/m', ['05/01/2024', '25/01/2024'], '%d/%m/%Y', 1],
    ['day above 12 settles m/d', ['01/05/2024', '01/25/2024'], '%m/%d/%Y', 1],
    ['ambiguous keeps list order', ['01/05/2024', '02/06/2024'], '%m/%d/%Y', 2],
    ['two-digit years', ['25.01.24', '26.01.24'], '%d.%m.%y', 1],
    ['month names', ['27 Feb 2018'], '%d %b %Y', 1],
    ['unreadable values are ignored', ['N/A', '2024-01-05', ''], '%Y-%m-%d', 1],
    ['nothing fits', ['soon', 'later'], null, 0],
  ];
  for (const [name, values, format, survivors] of cases) {
    test(name, () => {
      const r = inferDateFormat(values);
      assert.equal(r.format, format);
      assert.equal(r.survivors.length, survivors);
    });
  }
});

describe('exact decimals', () => {
  const cases: [string, () => string, string][] = [
    ['negate', () => negate('12.50'), '-12.50'],
    ['negate negative', () => negate('-12.50'), '12.50'],
    ['negate zero', () => negate('0.00'), '0.00'],
    ['subtract keeps scale', () => subtract('10.00', '0'), '10.00'],
    ['subtract', () => subtract('0', '12.5'), '-12.5'],
    ['no float error', () => subtract('0.3', '0.1'), '0.2'],
    ['multiply', () => multiply('3', '12.50'), '37.50'],
    ['multiply signed', () => multiply('-1.5', '12.345'), '-18.5175'],
    ['sum', () => sum(['0.1', '0.2', '-0.30']), '0.00'],
    ['sum of nothing', () => sum([]), '0'],
    ['sum keeps the widest scale', () => sum(['12', '0.5', '-3.25']), '9.25'],
    ['sum below one', () => sum(['-0.05', '0.01']), '-0.04'],
    ['sum to negative zero is zero', () => sum(['-0.10', '0.1']), '0.00'],
    ['sum past 2^53 (big.js)', () => sum(['9007199254740993', '1']), '9007199254740994'],
    ['sum of 16 digits (big.js)', () => sum(['999999999999999.9', '0.1']), '1000000000000000.0'],
    ['sum of partial sums past 2^53 (big.js)', () => sum(['999999999999999', '999999999999999', '999999999999999', '999999999999999', '999999999999999', '999999999999999', '999999999999999', '999999999999999', '999999999999999', '999999999999999']), '9999999999999990'],
  ];
  for (const [name, f, want] of cases) test(name, () => assert.equal(f(), want));

  const equals: [string, string, boolean][] = [
    ['10.00', '10', true],
    ['1.10', '1.1', true],
    ['-0.00', '0', true],
    ['1.01', '1.1', false],
    ['-5', '5', false],
    ['.5', '0.50', true],
    ['12345678901234567890', '12345678901234567891', false],
    ['12345678901234567890.0', '12345678901234567890', true],
    ['1e2', '100', true],
  ];
  for (const [a, b, want] of equals) test(`equal ${a} ${b}`, () => assert.equal(equal(a, b), want));

  const sumsToCases: [string[], string, boolean][] = [
    [['12.14', '11.74', '3.09', '2.73'], '29.70', true],
    [['12.14', '11.74', '3.09', '2.73'], '29.7', true],
    [['12.14', '11.74', '3.09', '2.73'], '29.71', false],
    [['-5', '2.5'], '-2.50', true],
    [[], '0', true],
    [['9007199254740993', '1'], '9007199254740994', true],
    [['9007199254740993', '1'], '9007199254740993', false],
  ];
  for (const [values, total, want] of sumsToCases) test(`sumsTo ${values.join(' + ')} = ${total}`, () => assert.equal(sumsTo(values, total), want));

  test('sum and equal agree with big.js on seeded random decimals', () => {
    const Big = BigConstructor();
    let seed = 20241122;
    const next = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
    const decimal = () => {
      const int = String(Math.floor(next() * 10 ** Math.floor(next() * 17)));
      const dp = Math.floor(next() * 5);
      const frac = dp === 0 ? '' : '.' + String(Math.floor(next() * 10 ** dp)).padStart(dp, '0');
      return (next() < 0.4 ? '-' : '') + int + frac;
    };
    for (let i = 0; i < 5000; i++) {
      const values = Array.from({ length: 1 + Math.floor(next() * 6) }, decimal);
      const dp = Math.max(...values.map((v) => (v.includes('.') ? v.length - v.indexOf('.') - 1 : 0)));
      const want = values.reduce((t, v) => t.plus(v), new Big(0)).toFixed(dp).replace(/^-(?=[0.]*$)/, '');
      assert.equal(sum(values), want, values.join(' + '));
      assert.equal(equal(sum(values), values[0]!), new Big(want).eq(values[0]!), values.join(' + '));
      assert.equal(sumsTo(values, want), true, values.join(' + '));
      assert.equal(sumsTo(values, values[0]!), new Big(want).eq(values[0]!), values.join(' + '));
    }
  });
});

describe('tags, categories, account types', () => {
  const tags: [string, string[]][] = [
    ['', []],
    ['Bills', ['Bills']],
    ['Bills|Home', ['Bills', 'Home']],
    ['a, b | c', ['a', 'b | c']],
    ['Food\\, Dining|Trips', ['Food, Dining', 'Trips']],
    [' x | | x ', ['x']],
  ];
  for (const [cell, want] of tags) test(`tags ${JSON.stringify(cell)}`, () => assert.deepEqual(splitTags(cell), want));
  const cats: [string, { name: string; parent: string | null }][] = [
    ['Groceries', { name: 'Groceries', parent: null }],
    ['Food:Groceries', { name: 'Groceries', parent: 'Food' }],
    ['Food: Groceries', { name: 'Groceries', parent: 'Food' }],
    [':Groceries', { name: 'Groceries', parent: null }],
    ['Food:', { name: 'Food', parent: null }],
  ];
  for (const [cell, want] of cats) test(`category ${JSON.stringify(cell)}`, () => assert.deepEqual(splitCategory(cell), want));
  const types: [string, string | null][] = [
    ['Checking', 'Depository'], ['savings account', 'Depository'], ['Credit Card', 'CreditCard'], ['credit_card', 'CreditCard'],
    ['Brokerage', 'Investment'], ['401k', 'Investment'], ['Mortgage', 'Loan'], ['OtherAsset', 'OtherAsset'],
    ['other liability', 'OtherLiability'], ['Crypto', 'Crypto'], ['Car', 'Vehicle'], ['Real Estate', 'Property'], ['Moon rocks', null],
  ];
  for (const [written, want] of types) test(`account type ${JSON.stringify(written)}`, () => assert.equal(accountableType(written), want));
});
