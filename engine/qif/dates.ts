// QIF dates (SPEC §2.8): `/`, `.` or `-` between the parts, year-first ISO dates, two- and
// four-digit years, and Quicken's apostrophe year: one or two digits after `'` count years from
// 2000 and may be space-padded (`6/ 4'20` is 2020-06-04, `6/ 1' 0` is 2000-06-01), four digits are
// the year itself (`2/10'2020`). Day/month order comes from `!Option:MDY`/`DMY`, or is inferred
// over the file: a first part above 12 means DMY, a second part above 12 means MDY.

import { daysInMonth, epochDay, isoDate, type DateRange } from '../parse/date.ts';

export type DayOrder = 'MDY' | 'DMY';

export interface QifDateParts {
  a: number; // first part (month under MDY)
  b: number; // second part
  y: number;
  iso: boolean; // year first: order does not apply
}

const ISO = /^(\d{4})\s*[-/.]\s*(\d{1,2})\s*[-/.]\s*(\d{1,2})$/;
const APOSTROPHE = /^(\d{1,2})\s*[/.-]\s*(\d{1,2})\s*'\s*(\d{1,4})$/;
const PLAIN = /^(\d{1,2})\s*[/.-]\s*(\d{1,2})\s*[/.-]\s*(\d{4}|\d{2})$/;

/** Splits a D field into its parts, or null when it is not a date in any QIF form. */
export function qifDateParts(text: string): QifDateParts | null {
  const s = text.trim();
  let m = ISO.exec(s);
  if (m) return { a: +m[2]!, b: +m[3]!, y: +m[1]!, iso: true };
  m = APOSTROPHE.exec(s);
  if (m) {
    const digits = m[3]!;
    if (digits.length === 3) return null;
    return { a: +m[1]!, b: +m[2]!, y: digits.length === 4 ? +digits : 2000 + +digits, iso: false };
  }
  m = PLAIN.exec(s);
  if (m) {
    const yy = m[3]!;
    const y = yy.length === 4 ? +yy : +yy <= 68 ? 2000 + +yy : 1900 + +yy;
    return { a: +m[1]!, b: +m[2]!, y, iso: false };
  }
  return null;
}

/** What a date says about the order: a part above 12 can only be a day. */
export function orderEvidence(p: QifDateParts): DayOrder | null {
  if (p.iso) return null;
  if (p.a > 12 && p.b <= 12) return 'DMY';
  if (p.b > 12 && p.a <= 12) return 'MDY';
  return null;
}

/** ISO date, or why not. */
export function qifDate(p: QifDateParts, order: DayOrder, range: DateRange): string | 'impossible' | 'out_of_range' {
  const m = p.iso || order === 'MDY' ? p.a : p.b;
  const d = p.iso || order === 'MDY' ? p.b : p.a;
  if (m < 1 || m > 12 || d < 1 || d > daysInMonth(p.y, m)) return 'impossible';
  const e = epochDay(p.y, m, d);
  if (e < range.min || e > range.max) return 'out_of_range';
  return isoDate(p.y, m, d);
}
