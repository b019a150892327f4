// The values of a CAMT document as ISO 20022 types them, read into sluice's forms: amounts
// (ActiveOrHistoricCurrencyAndAmount: an xs:decimal, at least 0, the sign carried apart by
// CdtDbtInd) into canonical decimal strings; dates (ISODate `2024-01-05`, ISODateTime
// `2024-01-05T10:30:00+01:00`) into ISO days. Pure functions over the element text; no guessing:
// `12,50` is not an ISO 20022 amount and is refused rather than reread.

import { daysInMonth, epochDay, type DateFailure, type DateRange } from '../parse/date.ts';
import { negate } from '../parse/decimal.ts';

/** xs:decimal's lexical space without a minus (CAMT amounts are never negative): `12`, `12.50`, `+12.5`, `.5`, `12.`. */
const AMOUNT = /^\+?(?:(\d+)(?:\.(\d*))?|\.(\d+))$/;

/** A non-negative xs:decimal as a canonical decimal (`+012.50` → `12.50`, `.5` → `0.5`), or null. */
export function camtAmount(text: string): string | null {
  const m = AMOUNT.exec(text);
  if (m === null) return null;
  const whole = (m[1] ?? '0').replace(/^0+(?=\d)/, '');
  const fraction = m[2] ?? m[3] ?? '';
  return fraction === '' ? whole : `${whole}.${fraction}`;
}

/** The credit/debit indicator as a sign: CRDT +1, DBIT -1, anything else 0. */
export function signOf(indicator: string | null): 1 | -1 | 0 {
  return indicator === 'CRDT' ? 1 : indicator === 'DBIT' ? -1 : 0;
}

/** A magnitude with the indicator's sign (DBIT = money out = negative). */
export function signed(magnitude: string, sign: 1 | -1): string {
  return sign === 1 ? magnitude : negate(magnitude);
}

/**
 * ISODate or ISODateTime (seconds, fraction and zone optional, as xs:dateTime allows) → the
 * calendar day as written. A date-time keeps the bank's own day: `2024-01-05T23:30:00-05:00` is
 * the 5th, not the 6th in UTC, because the statement books it on the 5th.
 */
const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?(?:Z|[+-]\d{2}:\d{2})?$/;

export function camtDate(text: string, range: DateRange): string | DateFailure {
  const m = DATE.exec(text);
  if (m === null) return 'invalid';
  const y = +m[1]!, mo = +m[2]!, d = +m[3]!;
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) return 'impossible';
  const day = epochDay(y, mo, d);
  if (day < range.min || day > range.max) return 'out_of_range';
  return `${m[1]}-${m[2]}-${m[3]}`;
}

/** Whether camtDate gave a day (not a failure). */
export const isDay = (r: string): boolean => r.charCodeAt(0) >= 48 && r.charCodeAt(0) <= 57;

export const DATE_CODES = { invalid: 'DATE_INVALID', impossible: 'DATE_IMPOSSIBLE', out_of_range: 'DATE_OUT_OF_RANGE' } as const;
