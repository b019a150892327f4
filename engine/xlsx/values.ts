// A numeric cell's stored value as text (SPEC §2.15): the shortest decimal that round-trips the
// stored double (ECMAScript's Number-to-String is exactly that), written out in plain notation
// (`1e-7` → `0.0000001`) with string operations; rounded half away from zero to the decimals its
// number format shows when it shows fewer (`0.30000000000000004` under `0.00` → `0.30`) with big.js,
// never float arithmetic; a date format's serial as an ISO day (the 1900 system with Excel's
// fictitious 1900-02-29, or the 1904 system), time dropped; a time format's as `HH:MM:SS`.
//
//   numberText('0.30000000000000004', { decimals: 2, pad: 2 })  // '0.30'
//   serialDay(45366.75, false)                                   // '2024-03-15'

import BigConstructor from 'big.js';
import { isoDate, ymdOfEpochDay } from '../parse/date.ts';
import { sectionFor, type CellFormat, type NumberSection } from './number-format.ts';

const Big = BigConstructor();
/** big.js rounding mode 1: to the nearest neighbour, ties away from zero. */
const HALF_AWAY_FROM_ZERO = 1;

/** The text of a `<v>` that holds a number (xsd:double lexical form, without INF/NaN). */
const NUMBER = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

/** `1.5e-7` → `0.00000015`, `1e+21` → `1000000000000000000000`; other text unchanged. */
export function plainDecimal(s: string): string {
  const e = s.indexOf('e');
  if (e < 0) return s;
  const negative = s.charCodeAt(0) === 45;
  const mantissa = s.slice(negative ? 1 : 0, e);
  const exp = Number(s.slice(e + 1));
  const dot = mantissa.indexOf('.');
  const digits = dot < 0 ? mantissa : mantissa.slice(0, dot) + mantissa.slice(dot + 1);
  // Where the decimal point falls, counted in digits from the left of `digits`.
  const point = (dot < 0 ? mantissa.length : dot) + exp;
  let out: string;
  if (point <= 0) out = '0.' + '0'.repeat(-point) + digits;
  else if (point >= digits.length) out = digits + '0'.repeat(point - digits.length);
  else out = digits.slice(0, point) + '.' + digits.slice(point);
  return (negative ? '-' : '') + out;
}

/**
 * Whether `v` is a plain decimal of at most 15 digits in its shortest form (`-457.51`, `45366`,
 * `0.001`: no sign but `-`, no leading zero but a lone `0` before the point, no trailing zero after
 * it, not `-0`). Such a decimal is its own shortest round trip: every decimal of at most 15
 * significant digits survives decimal → double → decimal (DBL_DIG), so no other decimal of as few
 * digits reads as the same double, and one of fewer digits would be the same number with trailing
 * zeros. The digits of leading zeros count too (`0.0000001` is 8), keeping the magnitude between
 * 1e-15 and 1e15.
 */
function isShortestPlain(v: string): boolean {
  const n = v.length;
  let i = v.charCodeAt(0) === 45 ? 1 : 0;
  const start = i;
  let c = v.charCodeAt(i);
  if (c === 48) i++;
  else if (c >= 49 && c <= 57) {
    do i++; while (i < n && (c = v.charCodeAt(i)) >= 48 && c <= 57);
  } else return false;
  let digits = i - start;
  if (i < n) {
    if (v.charCodeAt(i) !== 46) return false;
    const point = ++i;
    while (i < n && (c = v.charCodeAt(i)) >= 48 && c <= 57) i++;
    if (i < n || i === point || v.charCodeAt(n - 1) === 48) return false;
    digits += n - point;
  } else if (start === 1 && digits === 1 && v.charCodeAt(1) === 48) return false;
  return digits <= 15;
}

/** The shortest round-trip decimal of the double a `<v>` holds, in plain notation; null when the text is no number. */
export function shortestDecimal(v: string): string | null {
  if (isShortestPlain(v)) return v;
  const t = v.trim();
  if (!NUMBER.test(t)) return null;
  return plainDecimal(String(Number(t)));
}

const isZeroText = (d: string) => !/[1-9]/.test(d);

/** `d` rounded to `section.decimals` places when it has more, and padded to `section.pad` places. */
export function roundTo(d: string, section: NumberSection): string {
  if (section.decimals === null) return d;
  const dot = d.indexOf('.');
  const places = dot < 0 ? 0 : d.length - dot - 1;
  let out = d;
  if (places > section.decimals) {
    out = new Big(d).round(section.decimals, HALF_AWAY_FROM_ZERO).toFixed(section.decimals);
    // -0.001 rounds to -0.00: zero has no sign.
    if (out.charCodeAt(0) === 45 && isZeroText(out)) out = out.slice(1);
  }
  const now = out.indexOf('.') < 0 ? 0 : out.length - out.indexOf('.') - 1;
  if (now < section.pad) out += (now === 0 ? '.' : '') + '0'.repeat(section.pad - now);
  return out;
}

/** 1899-12-30 and 1904-01-01 as days from 1970-01-01. */
const EPOCH_1900 = -25569;
const EPOCH_1904 = -24107;
/** 9999-12-31, the last day Excel shows (serial 2958465 in the 1900 system). */
const LAST_DAY = 2932896;

/**
 * The ISO day of a date serial, its time dropped (rounded to the second first, as Excel shows
 * 0.9999999 as the next midnight); null outside the days Excel can show. In the 1900 system
 * serials 1–59 count from 1899-12-31 and 60 is Excel's 1900-02-29, a day that never was (kept as
 * written, so the row shows it rather than a neighbouring day); from 61 on they count from 1899-12-30.
 */
export function serialDay(serial: number, date1904: boolean): string | null {
  const day = Math.floor(Math.round(serial * 86400) / 86400);
  if (date1904 ? day < 0 : day < 1) return null;
  if (!date1904 && day === 60) return '1900-02-29';
  const epochDays = date1904 ? EPOCH_1904 + day : EPOCH_1900 + day + (day < 60 ? 1 : 0);
  if (epochDays > LAST_DAY) return null;
  const ymd = ymdOfEpochDay(epochDays);
  return isoDate(Math.floor(ymd / 10000), Math.floor(ymd / 100) % 100, ymd % 100);
}

const pad2 = (n: number) => (n < 10 ? '0' + n : String(n));

/** A time serial as `HH:MM:SS`: the time of day, or for an elapsed format ([h]:mm) the whole duration in hours. */
export function serialTime(serial: number, elapsed: boolean): string | null {
  if (serial < 0) return null;
  let seconds = Math.round(serial * 86400);
  if (!elapsed) seconds %= 86400;
  const h = Math.floor(seconds / 3600), m = Math.floor((seconds % 3600) / 60), s = seconds % 60;
  return pad2(h) + ':' + pad2(m) + ':' + pad2(s);
}

/** The text of a numeric cell's `<v>` under its format (see the header); text that is no number stays as written. */
export function numericCellText(v: string, format: CellFormat, date1904: boolean): string {
  const d = shortestDecimal(v);
  if (d === null) return v;
  switch (format.kind) {
    case 'general': return d;
    case 'date': return serialDay(Number(d), date1904) ?? d;
    case 'time': return serialTime(Number(d), format.elapsed) ?? d;
    case 'number': {
      const sign = d.charCodeAt(0) === 45 ? -1 : isZeroText(d) ? 0 : 1;
      return roundTo(d, sectionFor(format, sign));
    }
  }
}

/** An ISO 8601 date-time cell (`t="d"`) as its day; other text unchanged. */
export function isoCellDay(v: string): string {
  const t = v.trim();
  return /^\d{4}-\d{2}-\d{2}(?:$|T)/.test(t) ? t.slice(0, 10) : v;
}
