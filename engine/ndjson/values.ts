// Values inside NDJSON records: decimals arrive as JSON strings or numbers, dates as ISO text
// (SPEC §2.10). Checked strictly and cheaply; a value that fails is an invalid_field_value, never a
// crash: `+1.00` is accepted, and exponents are bounded so `"1e100000000"` cannot make the reader
// write out a hundred million digits.

import BigConstructor from 'big.js';
import { daysInMonth } from '../parse/date.ts';

const Big = BigConstructor();
const DECIMAL = /^([+-]?)(\d+(?:\.\d*)?|\.\d+)(?:[eE]([+-]?\d{1,3}))?$/;
const MAX_EXPONENT = 40;

/** Whether a JSON value is a decimal decimalFromJson accepts; cheap enough to run on every record. */
export function isDecimalJson(v: unknown): boolean {
  if (typeof v === 'number') return Number.isFinite(v);
  if (typeof v !== 'string') return false;
  // The common case, `-123.45`, without a regex.
  const n = v.length;
  let i = n > 0 && (v.charCodeAt(0) === 45 || v.charCodeAt(0) === 43) ? 1 : 0;
  let digits = 0, dots = 0;
  for (; i < n; i++) {
    const c = v.charCodeAt(i);
    if (c >= 48 && c <= 57) digits++;
    else if (c === 46 && dots === 0) dots++;
    else return decimalFromJson(v) !== null;
  }
  return digits > 0;
}

/** Whether `t` is already canonical: `-?digits[.digits]`, no leading zero, not a negative zero. */
function isCanonical(t: string): boolean {
  const n = t.length;
  const start = n > 0 && t.charCodeAt(0) === 45 ? 1 : 0;
  let i = start, nonZero = false;
  for (; i < n; i++) {
    const c = t.charCodeAt(i);
    if (c < 48 || c > 57) break;
    if (c !== 48) nonZero = true;
  }
  if (i === start || (i - start > 1 && t.charCodeAt(start) === 48)) return false;
  if (i < n) {
    if (t.charCodeAt(i) !== 46 || i + 1 === n) return false;
    for (i++; i < n; i++) {
      const c = t.charCodeAt(i);
      if (c < 48 || c > 57) return false;
      if (c !== 48) nonZero = true;
    }
  }
  return start === 0 || nonZero;
}

/** The canonical decimal string of a JSON decimal, or null when it is not one. */
export function decimalFromJson(v: unknown): string | null {
  let text: string;
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) return null;
    text = String(v);
  } else if (typeof v === 'string') {
    text = v.trim();
  } else {
    return null;
  }
  if (isCanonical(text)) return text;
  const m = DECIMAL.exec(text);
  if (!m) return null;
  const negative = m[1] === '-';
  if (m[3] === undefined) {
    // Fraction digits are kept as written (SPEC §1: 10.00 stays 10.00).
    let [int = '', frac] = m[2]!.split('.') as [string, string | undefined];
    int = int.replace(/^0+(?=\d)/, '') || '0';
    const body = frac === undefined || frac === '' ? int : `${int}.${frac}`;
    return negative && /[1-9]/.test(body) ? '-' + body : body;
  }
  if (Math.abs(Number(m[3])) > MAX_EXPONENT) return null;
  const s = new Big((negative ? '-' : '') + m[2] + `e${m[3]}`).toFixed();
  return s === '-0' ? '0' : s;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** The calendar date (YYYY-MM-DD) of an ISO date or timestamp, or null when it is not a real one. */
export function isoDay(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  if (v.length === 10) {
    // The common case, `YYYY-MM-DD`, without a regex.
    const y = digitsAt(v, 0, 4), m = digitsAt(v, 5, 2), d = digitsAt(v, 8, 2);
    if (y < 0 || m < 0 || d < 0 || v.charCodeAt(4) !== 45 || v.charCodeAt(7) !== 45) return null;
    return m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m) ? v : null;
  }
  const m = ISO.exec(v.trim());
  if (!m) return null;
  const y = +m[1]!, mo = +m[2]!, d = +m[3]!;
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) return null;
  if (m[4] !== undefined && (+m[4] > 23 || +m[5]! > 59 || (m[6] !== undefined && +m[6] > 60))) return null;
  return `${m[1]}-${m[2]}-${m[3]}`;
}

function digitsAt(s: string, at: number, count: number): number {
  let v = 0;
  for (let i = at; i < at + count; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return -1;
    v = v * 10 + c - 48;
  }
  return v;
}
