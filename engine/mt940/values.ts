// The values inside SWIFT MT940/MT942 fields (SWIFT Standards MT, Category 9: MT 940 and MT 942;
// DK "Spezifikation der Datenformate", Anlage 3 §8): `6!n` dates (YYMMDD), the `4!n` entry date
// (MMDD, its year taken from the value date), the `15d` amount with its `,` decimal mark, balances
// (:60F: :60M: :62F: :62M:, `1!a6!n3!a15d`) and the MT942 floor limit (:34F:, `3!a[1!a]15d`).
// Pure functions on text; what the values mean for rows and statements is pipeline.ts's business.
//
//   swiftAmount('100,')            → '100'       (never a float: the digits of the file, re-punctuated)
//   swiftDate('231231')            → { y: 2023, m: 12, d: 31, iso: '2023-12-31', day: … }
//   entryDate('0102', thatDate)    → 2024-01-02  (the year that puts the entry nearest its value date)

import { isCurrency } from '../parse/currency.ts';
import { daysInMonth, epochDay, isoDate } from '../parse/date.ts';

export interface SwiftDate {
  y: number;
  m: number;
  d: number;
  iso: string;
  /** Days since 1970-01-01. */
  day: number;
}

export type SwiftDateFailure = 'invalid' | 'impossible';

function at(y: number, m: number, d: number): SwiftDate {
  return { y, m, d, iso: isoDate(y, m, d), day: epochDay(y, m, d) };
}

/**
 * YYMMDD. The century follows the engine's two-digit years (parse/date.ts `%y`): 00–68 are 20xx,
 * 69–99 are 19xx; SWIFT writes no century, and no MT940 predates 1969.
 */
export function swiftDate(text: string): SwiftDate | SwiftDateFailure {
  if (!/^\d{6}$/.test(text)) return 'invalid';
  const yy = +text.slice(0, 2), m = +text.slice(2, 4), d = +text.slice(4, 6);
  const y = yy <= 68 ? 2000 + yy : 1900 + yy;
  if (m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return 'impossible';
  return at(y, m, d);
}

/**
 * The entry (booking) date MMDD of a :61: line. SWIFT gives it no year: it is the year, among the
 * value date's own and the ones either side, that puts the entry nearest its value date, so an
 * entry booked on 2 January for a value date of 31 December lands in the next year, and an entry
 * of 31 December with a value date of 2 January in the year before.
 */
export function entryDate(text: string, value: SwiftDate): SwiftDate | SwiftDateFailure {
  if (!/^\d{4}$/.test(text)) return 'invalid';
  const m = +text.slice(0, 2), d = +text.slice(2, 4);
  if (m < 1 || m > 12 || d < 1) return 'impossible';
  let best: SwiftDate | null = null;
  for (const y of [value.y - 1, value.y, value.y + 1]) {
    if (d > daysInMonth(y, m)) continue; // 29 February only in a leap year
    const c = at(y, m, d);
    if (best === null || Math.abs(c.day - value.day) < Math.abs(best.day - value.day)) best = c;
  }
  return best ?? 'impossible';
}

/**
 * A `15d` amount: digits, a mandatory `,` decimal mark, optional fraction digits (`1234,56`,
 * `100,` = 100, `0,7` = 0.7), no sign and no thousands separators. The canonical decimal string
 * (leading zeros of the whole part dropped, the fraction kept as written), or null.
 */
export function swiftAmount(text: string): string | null {
  const m = /^(\d+),(\d*)$/.exec(text);
  if (!m) return null;
  const whole = m[1]!.replace(/^0+(?=\d)/, '');
  return m[2] ? `${whole}.${m[2]}` : whole;
}

export interface Balance {
  /** Signed: a debit (`D`) balance is negative. */
  amount: string;
  currency: string;
  date: string;
}

/** A balance field (`C160914EUR0,`), or why it cannot be read. */
export function parseBalance(text: string): Balance | string {
  const m = /^([CD])(\d{6})([A-Z]{3})(.*)$/.exec(text.trim());
  if (!m) return 'it is not a C/D mark, a YYMMDD date, a currency and an amount';
  const date = swiftDate(m[2]!);
  if (typeof date === 'string') return `its date ${m[2]} is not a day`;
  if (!isCurrency(m[3]!)) return `${m[3]} is not an ISO 4217 currency`;
  const amount = swiftAmount(m[4]!.trim());
  if (amount === null) return `its amount ${JSON.stringify(m[4])} is not a SWIFT amount (digits with a , decimal mark)`;
  return { amount: m[1] === 'D' && /[1-9]/.test(amount) ? '-' + amount : amount, currency: m[3]!, date: date.iso };
}

/** The currency of an MT942 floor limit (:34F: `EUR0,` or `EURD0,`), or null. */
export function floorLimitCurrency(text: string): string | null {
  const m = /^([A-Z]{3})[CD]?\d+,\d*$/.exec(text.trim());
  return m && isCurrency(m[1]!) ? m[1]! : null;
}
