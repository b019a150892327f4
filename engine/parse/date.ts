// Dates (SPEC §2.5): percent-directive formats compiled once into a small step list and run over
// character codes, because a general date library costs microseconds a row (date-fns `parse`
// measured ≈ 4 µs a call against ≈ 80 ns here). Does not guess: inference lives in
// infer/date-format.ts. Call `compileDateFormat('%d/%m/%Y')` once, then `parser.parse(text)` per value.
//
// Directives: %d %e day, %m month, %b %h %B month name (full or abbreviated, either form for all
// three, in any language of the vocabulary: vocabulary/lang/), %Y four-digit year, %y two-digit
// year (00–68 → 20xx, 69–99 → 19xx), %j day of
// year, %% a percent sign. Every other character matches itself. A time of day may follow the
// date (see matchTimeSuffix); anything else that follows is an error.

import { fold } from '../vocabulary/fold.ts';
import { MONTH_BY_NAME } from '../vocabulary/tables.ts';

export type DateFailure = 'invalid' | 'impossible' | 'out_of_range';

export interface DateParser {
  readonly format: string;
  /** ISO `YYYY-MM-DD`, or why the value was refused. */
  parse(text: string): string | DateFailure;
}

type Step =
  | { kind: 'lit'; code: number }
  | { kind: 'day' | 'month' | 'yday'; spacePad: boolean }
  | { kind: 'monthName' | 'year4' | 'year2' };

export class DateFormatError extends Error {}

function compileSteps(format: string): Step[] {
  const steps: Step[] = [];
  for (let i = 0; i < format.length; i++) {
    const c = format[i]!;
    if (c !== '%') {
      steps.push({ kind: 'lit', code: format.charCodeAt(i) });
      continue;
    }
    const d = format[++i];
    switch (d) {
      case 'd': steps.push({ kind: 'day', spacePad: false }); break;
      case 'e': steps.push({ kind: 'day', spacePad: true }); break;
      case 'm': steps.push({ kind: 'month', spacePad: false }); break;
      case 'j': steps.push({ kind: 'yday', spacePad: false }); break;
      case 'b': case 'h': case 'B': steps.push({ kind: 'monthName' }); break;
      case 'Y': steps.push({ kind: 'year4' }); break;
      case 'y': steps.push({ kind: 'year2' }); break;
      case '%': steps.push({ kind: 'lit', code: 37 }); break;
      case undefined: throw new DateFormatError(`date_format "${format}" ends with a lone %`);
      default: throw new DateFormatError(`date_format "${format}" uses the unknown directive %${d}`);
    }
  }
  const has = (k: Step['kind']) => steps.some((s) => s.kind === k);
  const hasYear = has('year4') || has('year2');
  const hasMonthDay = (has('month') || has('monthName')) && has('day');
  if (!hasYear || !(hasMonthDay || has('yday'))) {
    throw new DateFormatError(`date_format "${format}" needs a year (%Y or %y) and a month with a day (%m or %b with %d) or a day of year (%j)`);
  }
  return steps;
}

/** Days from 1970-01-01 (proleptic Gregorian) for a valid y-m-d. */
export function epochDay(y: number, m: number, d: number): number {
  // Howard Hinnant's days_from_civil.
  y -= m <= 2 ? 1 : 0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

export function isLeap(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
export function daysInMonth(y: number, m: number): number {
  return m === 2 && isLeap(y) ? 29 : DAYS_IN_MONTH[m - 1]!;
}

const pad2 = (n: number) => (n < 10 ? '0' + n : String(n));
export function isoDate(y: number, m: number, d: number): string {
  return y + '-' + pad2(m) + '-' + pad2(d);
}

/** Parses `YYYY-MM-DD` strictly, for options such as `today`. */
export function parseIsoDate(text: string): { y: number; m: number; d: number } | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return null;
  const y = +m[1]!, mo = +m[2]!, d = +m[3]!;
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) return null;
  return { y, m: mo, d };
}

const isDigit = (c: number) => c >= 48 && c <= 57;

/**
 * Matches an optional time of day after the date: a space, `T` or `, ` then `H:MM[:SS[.frac]]`,
 * optional AM/PM, optional zone (`Z`, `UTC`, `GMT`, `±HH:MM`, `±HHMM`). True when the rest of
 * the text is exactly that.
 */
export function matchTimeSuffix(s: string, i: number): boolean {
  const n = s.length;
  if (i === n) return true;
  const c = s.charCodeAt(i);
  if (c === 84 /* T */ || c === 116 /* t */) i++;
  else if (c === 44 /* , */ && s.charCodeAt(i + 1) === 32) i += 2;
  else if (c === 32) i++;
  else return false;
  while (s.charCodeAt(i) === 32) i++;
  // H or HH
  let k = i;
  while (k < n && k - i < 2 && isDigit(s.charCodeAt(k))) k++;
  if (k === i || s.charCodeAt(k) !== 58 /* : */) return false;
  if (+s.slice(i, k) > 24) return false;
  i = k + 1;
  const two = () => {
    if (!isDigit(s.charCodeAt(i)) || !isDigit(s.charCodeAt(i + 1))) return false;
    if (+s.slice(i, i + 2) > 60) return false;
    i += 2;
    return true;
  };
  if (!two()) return false;
  if (s.charCodeAt(i) === 58) {
    i++;
    if (!two()) return false;
    if (s.charCodeAt(i) === 46 /* . */ || s.charCodeAt(i) === 44) {
      i++;
      const f = i;
      while (isDigit(s.charCodeAt(i))) i++;
      if (i === f) return false;
    }
  }
  let rest = s.slice(i);
  if (rest === '') return true;
  rest = rest.trimStart();
  const ampm = /^[AaPp]\.?[Mm]\.?/.exec(rest);
  if (ampm) rest = rest.slice(ampm[0].length).trimStart();
  if (rest === '') return true;
  return /^(?:Z|UTC|GMT|[+-]\d{2}:?\d{2}|(?:UTC|GMT)[+-]\d{2}:?\d{2})$/i.test(rest);
}

export interface DateRange {
  /** Smallest and largest accepted epoch day, both included. */
  min: number;
  max: number;
}

/** 1970-01-01 to today plus one day (SPEC §2.5). */
export function defaultRange(today: { y: number; m: number; d: number }): DateRange {
  return { min: 0, max: epochDay(today.y, today.m, today.d) + 1 };
}

const ISO_STEPS = '%Y-%m-%d';

/** JavaScript for one step; `fail` is the statement run when the text does not match. */
function stepCode(st: Step, next: Step | undefined): string {
  const fail = "return 'invalid';";
  // Comparisons are written so that NaN (charCodeAt past the end) fails them.
  switch (st.kind) {
    case 'lit':
      return `if (s.charCodeAt(i) !== ${st.code}) ${fail} i++;`;
    case 'day':
    case 'month':
    case 'yday': {
      const target = st.kind === 'day' ? 'd' : st.kind === 'month' ? 'm' : 'yd';
      const max = st.kind === 'yday' ? 3 : 2;
      return (st.spacePad ? 'if (s.charCodeAt(i) === 32) i++;' : '') +
        `v = 0; k = 0; while (k < ${max}) { c = s.charCodeAt(i); if (!(c >= 48 && c <= 57)) break; v = v * 10 + c - 48; i++; k++; }` +
        `if (k === 0) ${fail} ${target} = v;`;
    }
    case 'year4':
      return 'v = 0; for (k = 0; k < 4; k++) { c = s.charCodeAt(i + k); if (!(c >= 48 && c <= 57)) ' + fail + ' v = v * 10 + c - 48; } i += 4; y = v;';
    case 'year2':
      return 'c = s.charCodeAt(i); k = s.charCodeAt(i + 1); if (!(c >= 48 && c <= 57 && k >= 48 && k <= 57)) ' + fail +
        ' v = (c - 48) * 10 + k - 48; y = v <= 68 ? 2000 + v : 1900 + v; i += 2;';
    case 'monthName': {
      // "Jan." is an abbreviation, unless the format itself puts a dot there.
      const dotAllowed = !(next && next.kind === 'lit' && next.code === 46);
      return `v = monthName(s, i); if (v < 0) ${fail} m = v & 15; i = v >> 4;` +
        (dotAllowed ? ' if (s.charCodeAt(i) === 46) i++;' : '');
    }
  }
}

const LETTER = /\p{L}/u;

/** The longest month form of the vocabulary, in characters: a longer word is no month. */
const LONGEST_MONTH = Math.max(...[...MONTH_BY_NAME.keys()].map((k) => k.length));

/** Month number in the low 4 bits and the end index above them, or -1. */
function monthName(s: string, i: number): number {
  let j = i;
  let ascii = true;
  while (j < s.length) {
    const c = s.charCodeAt(j);
    if (c < 128 ? ((c | 32) < 97 || (c | 32) > 122) : !LETTER.test(s[j]!)) break;
    if (c >= 128) ascii = false;
    j++;
  }
  if (j - i < 3 || j - i > LONGEST_MONTH + 2) return -1;
  // Folding (accents, ligatures) only where there is something beyond ASCII to fold.
  const word = s.slice(i, j);
  const month = MONTH_BY_NAME.get(ascii ? word.toLowerCase() : fold(word));
  return month === undefined ? -1 : (j << 4) | month;
}

type Maker = (...args: unknown[]) => (s: string) => string | DateFailure;
/**
 * One compiled maker per generated body, so that the parsers of one format (inference's candidate,
 * then the file's parser with its date range) are closures of one function: they share V8's type
 * feedback and optimized code, and the row parser starts warm instead of being compiled again.
 * Bounded: formats given by users are not all kept.
 */
const MAKERS = new Map<string, Maker>();
const MAKERS_KEPT = 64;

/**
 * Compiles a format into a parser. The steps become straight-line JavaScript (built from the
 * validated step list only: char codes and fixed snippets, never text from the format itself).
 */
export function compileDateFormat(format: string, range: DateRange | null = null): DateParser {
  const steps = compileSteps(format);
  const lo = range ? ymdOfEpochDay(range.min) : 0;
  const hi = range ? ymdOfEpochDay(range.max) : 99999999;
  const body = [
    "'use strict';",
    'return function parse(s) {',
    'const n = s.length; let i = 0, y = 0, m = 0, d = 0, yd = -1, v = 0, k = 0, c = 0;',
    ...steps.map((st, idx) => stepCode(st, steps[idx + 1])),
    "if (i < n && !matchTimeSuffix(s, i)) return 'invalid';",
    'if (yd >= 0) { if (yd < 1 || yd > (isLeap(y) ? 366 : 365)) return \'impossible\'; m = 1; d = yd; while (d > daysInMonth(y, m)) d -= daysInMonth(y, m++); }',
    "if (m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return 'impossible';",
    'const ymd = y * 10000 + m * 100 + d;',
    "if (ymd < lo || ymd > hi) return 'out_of_range';",
    // Already ISO (the usual %Y-%m-%d with two-digit month and day): hand back the text itself.
    format === ISO_STEPS ? 'if (n === 10) return s;' : '',
    'return isoDate(y, m, d);',
    '};',
  ].join('\n');
  let make = MAKERS.get(body);
  if (make === undefined) {
    make = new Function('matchTimeSuffix', 'isLeap', 'daysInMonth', 'isoDate', 'monthName', 'lo', 'hi', body) as Maker;
    if (MAKERS.size < MAKERS_KEPT) MAKERS.set(body, make);
  }
  return { format, parse: make(matchTimeSuffix, isLeap, daysInMonth, isoDate, monthName, lo, hi) };
}

/** y*10000 + m*100 + d of an epoch day (days from 1970-01-01; Howard Hinnant's civil_from_days). */
export function ymdOfEpochDay(z: number): number {
  z += 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return y * 10000 + m * 100 + d;
}
