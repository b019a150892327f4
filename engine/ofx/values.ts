// The values of OFX elements (the OFX specification's data types): dates and amounts as the specification writes them,
// and the character references of element text. Pure functions over one value's text; the reader
// decides what a failure means for its row.
//
//   ofxDate('20240105120000.000[-5:EST]', range)   → '2024-01-05' (the calendar day as written)
//   ofxAmount('-12,50')                            → '-12.50'
//   decodeEntities('Fish &amp; Chips')             → 'Fish & Chips'
//
// Dates: `YYYYMMDD[HHMM[SS[.XXX]]][[±h[.mm]][:TZ]]`. The day is the one written, in the
// zone written: a statement's DTPOSTED is the bank's calendar day, and shifting it to UTC would move
// late-evening entries to the next day. Amounts: a sign, digits and one decimal mark,
// `.` or `,` (the specification allows either; no group marks), never a float.

import { daysInMonth, epochDay, type DateRange } from '../parse/date.ts';
import { isZero } from '../parse/decimal.ts';

export type OfxDateFailure = 'invalid' | 'impossible' | 'out_of_range';

const isDigit = (c: number) => c >= 48 && c <= 57;

/**
 * An OFX date-time: YYYYMMDD, then `[HHMM[SS[.XXX]]]`, spaces, `[zone]`, each optional. The zone
 * is not checked beyond its brackets: servers write `[-5:EST]`, `[0:GMT]`, `[+5.30:IST]`,
 * `[-03:00]` and `[-3]`, and the day is read as written whatever it says. One expression, not a
 * loop over the characters: it runs natively from the first date on (a statement's 2–3 dates a
 * row were the reader's most expensive values, about half of it the time and zone).
 */
const DATE_TIME = /^\d{8}(?:\d\d(?:\d\d(?:\d\d(?:\.\d{1,6})?)?)?)? *(?:\[[^\]]*\])?$/;

/** The ISO day of an OFX date-time, or why it was refused. */
export function ofxDate(text: string, range: DateRange): string | OfxDateFailure {
  // YYYYMMDD read as eight digits, unrolled: a loop read them at ~36 instructions a character
  // (charCodeAt on a string whose representation the code does not know), the unrolled reads and
  // one check of all eight less. A time and zone after them: the expression (which fails the same
  // texts whether or not the digits were read first).
  if (text.length < 8) return 'invalid';
  const y0 = text.charCodeAt(0) - 48, y1 = text.charCodeAt(1) - 48, y2 = text.charCodeAt(2) - 48, y3 = text.charCodeAt(3) - 48;
  const m0 = text.charCodeAt(4) - 48, m1 = text.charCodeAt(5) - 48, d0 = text.charCodeAt(6) - 48, d1 = text.charCodeAt(7) - 48;
  // A character below `0` is negative here, so `>>> 0` makes it huge: one test for all eight.
  if (((y0 | y1 | y2 | y3 | m0 | m1 | d0 | d1) >>> 0) > 15 || y0 > 9 || y1 > 9 || y2 > 9 || y3 > 9 || m0 > 9 || m1 > 9 || d0 > 9 || d1 > 9) {
    return 'invalid';
  }
  if (text.length !== 8 && !DATE_TIME.test(text)) return 'invalid';
  const y = y0 * 1000 + y1 * 100 + y2 * 10 + y3;
  const mo = m0 * 10 + m1;
  const d = d0 * 10 + d1;
  // The epoch day of a day seen before, by year, month and day (calendar check and epochDay()
  // once a day, not once a date).
  const k = y >= FIRST_YEAR && y < FIRST_YEAR + YEARS && mo >= 1 && mo <= 12 && d >= 1 && d <= 31 ? ((y - FIRST_YEAR) * 12 + mo - 1) * 32 + d : -1;
  const seen = k >= 0 ? (epochDays ??= new Uint16Array(YEARS * 12 * 32))[k]! : 0;
  let day: number;
  if (seen !== 0) {
    day = seen - 1;
  } else {
    if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) return 'impossible';
    day = epochDay(y, mo, d);
    if (k >= 0) epochDays![k] = day + 1;
  }
  if (day < range.min || day > range.max) return 'out_of_range';
  return isoDay(day, text);
}

/**
 * Epoch day + 1 of each valid day seen so far (0: not seen), at ((year − 1970) × 12 + month − 1)
 * × 32 + day for the years 1970 to 2148 (whose epoch days + 1 fit 16 bits: 2148-12-31 is 65,378); made
 * on the first date.
 */
const FIRST_YEAR = 1970;
const YEARS = 179;
let epochDays: Uint16Array | null = null;

/**
 * The ISO days made so far, by epoch day: a statement's entries fall on a few thousand days, so
 * most dates cost a lookup rather than four new strings. Epoch days 0 to 65535 (1970 to 2149) are
 * kept; the array is made on the first date.
 */
const CACHED_DAYS = 1 << 16;
let isoDays: (string | undefined)[] | null = null;

/** `YYYY-MM-DD` of `text` (whose first eight characters are the digits of epoch day `day`). */
function isoDay(day: number, text: string): string {
  const cache = (isoDays ??= new Array<string | undefined>(CACHED_DAYS).fill(undefined));
  const i = day | 0;
  const cached = i >= 0 && i < CACHED_DAYS ? cache[i] : undefined;
  if (cached !== undefined) return cached;
  const iso = text.slice(0, 4) + '-' + text.slice(4, 6) + '-' + text.slice(6, 8);
  if (i >= 0 && i < CACHED_DAYS) cache[i] = iso;
  return iso;
}

/**
 * What ofxAmount() read, for a caller that adds the amounts up (the statement's tally): the
 * decimal as a whole number of 10^-scale units, scale being its fraction digits; scale -1 when
 * the text is no amount or has more than 15 digits (the count might not be exact).
 */
export class AmountUnits {
  units = 0;
  scale = -1;
}

/**
 * A canonical decimal of an OFX amount, or null when the text is not one: an optional sign (`+` is
 * dropped), digits, and at most one decimal mark (`.`, or `,` when there is no `.`). Leading zeros
 * are dropped from the whole part; the fraction is kept as written (`10.00` stays `10.00`).
 * `read`, when given, gets the decimal's units (AmountUnits), counted in the loops that check the
 * digits: the tally then adds a number instead of reading the string again.
 */
export function ofxAmount(text: string, read?: AmountUnits): string | null {
  const n = text.length;
  let i = 0;
  let negative = false;
  const first = text.charCodeAt(0);
  if (first === 45 /* - */ || first === 43 /* + */) {
    negative = first === 45;
    i = 1;
  }
  let wholeStart = i;
  let nonZero = false;
  let units = 0;
  if (read !== undefined) read.scale = -1;
  for (; i < n; i++) {
    const c = text.charCodeAt(i);
    if (!isDigit(c)) break;
    if (c !== 48) nonZero = true;
    units = units * 10 + (c - 48);
  }
  const wholeEnd = i;
  let mark = 0;
  let fracStart = n;
  if (i < n) {
    mark = text.charCodeAt(i);
    if (mark !== 46 /* . */ && mark !== 44 /* , */) return null;
    fracStart = ++i;
    for (; i < n; i++) {
      const c = text.charCodeAt(i);
      if (!isDigit(c)) return null;
      if (c !== 48) nonZero = true;
      units = units * 10 + (c - 48);
    }
  }
  if (read !== undefined) {
    // Up to 15 digits every step above was exact (below 10^15 < 2^53). A sign on zero is dropped below.
    read.units = negative && nonZero ? -units : units;
    read.scale = n - fracStart + wholeEnd - wholeStart <= 15 ? n - fracStart : -1;
  }
  // Most amounts are written canonically already (`-124.32`, `2500.00`, `7`): the text is the
  // decimal, and no string needs to be made.
  const canonical = first !== 43 && wholeEnd > wholeStart && (wholeEnd - wholeStart === 1 || text.charCodeAt(wholeStart) !== 48)
    && (mark === 0 || (mark === 46 && fracStart < n)) && (nonZero || !negative);
  if (canonical) return text;
  const fraction = text.slice(fracStart, n);
  if (wholeEnd === wholeStart && fraction === '') {
    if (read !== undefined) read.scale = -1;
    return null;
  }
  while (wholeStart < wholeEnd - 1 && text.charCodeAt(wholeStart) === 48) wholeStart++;
  const whole = wholeEnd === wholeStart ? '0' : text.slice(wholeStart, wholeEnd);
  const body = fraction === '' ? whole : whole + '.' + fraction;
  return negative && !isZero(body) ? '-' + body : body;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

const isHexDigit = (c: number) => isDigit(c) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/**
 * The character that the reference `s[from, to)` (what lies between `&` and `;`) stands for, or
 * null when it is none: a name of 2 to 6 letters that NAMED knows (in any case), `#` and 1 to 7
 * decimal digits, or `#x` and 1 to 6 hex digits, of a Unicode scalar value other than U+0000.
 */
function referencedChar(s: string, from: number, to: number): string | null {
  if (s.charCodeAt(from) !== 35 /* # */) {
    if (to - from < 2 || to - from > 6) return null;
    for (let i = from; i < to; i++) if (!isLetter(s.charCodeAt(i))) return null;
    return NAMED[s.slice(from, to).toLowerCase()] ?? null;
  }
  const x = s.charCodeAt(from + 1);
  const hex = x === 120 /* x */ || x === 88 /* X */;
  const start = hex ? from + 2 : from + 1;
  if (to - start < 1 || to - start > (hex ? 6 : 7)) return null;
  for (let i = start; i < to; i++) if (!(hex ? isHexDigit(s.charCodeAt(i)) : isDigit(s.charCodeAt(i)))) return null;
  const code = parseInt(s.slice(start, to), hex ? 16 : 10);
  return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : null;
}

/**
 * Element text with its character references replaced: the five XML entities, `&nbsp;` (which
 * OFX 1.x servers write, being SGML), and numeric references. A `&` that starts none of them is
 * kept as written: OFX 1.x files carry raw `&` in payee names and memos (`Fish & Chips`).
 * A scan from `&` to `;` rather than a regular expression with a replacer, which cost about four
 * times as much on payee names such as `AT&amp;T`. A reference holds no `&` or `;`, so the first
 * `;` after a `&` ends the only reference that can start there.
 */
export function decodeEntities(text: string): string {
  let amp = text.indexOf('&');
  if (amp < 0) return text;
  let out = '';
  let done = 0;
  let semi = -1; // the first `;` after amp, looked for again only once amp has passed it (linear time)
  while (amp >= 0) {
    if (semi < amp) {
      semi = text.indexOf(';', amp + 1);
      if (semi < 0) break;
    }
    const ch = referencedChar(text, amp + 1, semi);
    if (ch !== null) {
      out += text.slice(done, amp) + ch;
      done = semi + 1;
      amp = text.indexOf('&', done);
    } else {
      amp = text.indexOf('&', amp + 1);
    }
  }
  return done === 0 ? text : out + text.slice(done);
}
