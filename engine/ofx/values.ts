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

/** Whether `s` from `i` on (after YYYYMMDD) is an OFX time and zone: `[HHMM[SS[.XXX]]]`, blanks, `[zone]`, each optional. */
function isTimeAndZone(s: string, i: number): boolean {
  const n = s.length;
  let digits = 0;
  while (i < n && isDigit(s.charCodeAt(i))) { i++; digits++; }
  if (digits !== 0 && digits !== 2 && digits !== 4 && digits !== 6) return false;
  if (digits === 6 && s.charCodeAt(i) === 46 /* . */) {
    const from = ++i;
    while (i < n && isDigit(s.charCodeAt(i))) i++;
    if (i === from || i - from > 6) return false;
  }
  while (i < n && s.charCodeAt(i) === 32) i++;
  if (i === n) return true;
  // The zone is not checked beyond its brackets: servers write `[-5:EST]`, `[0:GMT]`,
  // `[+5.30:IST]`, `[-03:00]` and `[-3]`, and the day is read as written whatever it says.
  if (s.charCodeAt(i) !== 91 /* [ */) return false;
  const close = s.indexOf(']', i + 1);
  return close === n - 1;
}

/** The ISO day of an OFX date-time, or why it was refused. */
export function ofxDate(text: string, range: DateRange): string | OfxDateFailure {
  if (text.length < 8) return 'invalid';
  for (let i = 0; i < 8; i++) if (!isDigit(text.charCodeAt(i))) return 'invalid';
  if (text.length > 8 && !isTimeAndZone(text, 8)) return 'invalid';
  // The eight characters are digits (checked above): their values by arithmetic.
  const y = text.charCodeAt(0) * 1000 + text.charCodeAt(1) * 100 + text.charCodeAt(2) * 10 + text.charCodeAt(3) - 53328;
  const mo = text.charCodeAt(4) * 10 + text.charCodeAt(5) - 528;
  const d = text.charCodeAt(6) * 10 + text.charCodeAt(7) - 528;
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) return 'impossible';
  const day = epochDay(y, mo, d);
  if (day < range.min || day > range.max) return 'out_of_range';
  return isoDay(day, text);
}

/**
 * The ISO days made so far, by epoch day: a statement's entries fall on a few thousand days, so
 * most dates cost a lookup rather than four strings. Days from 1970 to 2149 (the default range).
 */
const ISO_DAYS = new Map<number, string>();
const CACHED_DAYS = 1 << 16;

/** `YYYY-MM-DD` of `text` (whose first eight characters are the digits of epoch day `day`). */
function isoDay(day: number, text: string): string {
  const cached = ISO_DAYS.get(day);
  if (cached !== undefined) return cached;
  const iso = text.slice(0, 4) + '-' + text.slice(4, 6) + '-' + text.slice(6, 8);
  if (day >= 0 && day < CACHED_DAYS) ISO_DAYS.set(day, iso);
  return iso;
}

/**
 * A canonical decimal of an OFX amount, or null when the text is not one: an optional sign (`+` is
 * dropped), digits, and at most one decimal mark (`.`, or `,` when there is no `.`). Leading zeros
 * are dropped from the whole part; the fraction is kept as written (`10.00` stays `10.00`).
 */
export function ofxAmount(text: string): string | null {
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
  for (; i < n; i++) {
    const c = text.charCodeAt(i);
    if (!isDigit(c)) break;
    if (c !== 48) nonZero = true;
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
    }
  }
  // Most amounts are written canonically already (`-124.32`, `2500.00`, `7`): the text is the
  // decimal, and no string needs to be made.
  const canonical = first !== 43 && wholeEnd > wholeStart && (wholeEnd - wholeStart === 1 || text.charCodeAt(wholeStart) !== 48)
    && (mark === 0 || (mark === 46 && fracStart < n)) && (nonZero || !negative);
  if (canonical) return text;
  const fraction = text.slice(fracStart, n);
  if (wholeEnd === wholeStart && fraction === '') return null;
  while (wholeStart < wholeEnd - 1 && text.charCodeAt(wholeStart) === 48) wholeStart++;
  const whole = wholeEnd === wholeStart ? '0' : text.slice(wholeStart, wholeEnd);
  const body = fraction === '' ? whole : whole + '.' + fraction;
  return negative && !isZero(body) ? '-' + body : body;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
const ENTITY = /&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z]{2,6});/g;

/**
 * Element text with its character references replaced: the five XML entities, `&nbsp;` (which
 * OFX 1.x servers write, being SGML), and numeric references. A `&` that starts none of them is
 * kept as written: OFX 1.x files carry raw `&` in payee names and memos (`Fish & Chips`).
 */
export function decodeEntities(text: string): string {
  if (text.indexOf('&') < 0) return text;
  return text.replace(ENTITY, (whole, ref: string) => {
    if (ref.charCodeAt(0) !== 35 /* # */) return NAMED[ref.toLowerCase()] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    const valid = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
    return valid ? String.fromCodePoint(code) : whole;
  });
}
