// Currencies (SPEC §2.3, §2.14): ISO 4217 codes, checked against the runtime's list and stored
// upper-case, and the currency a sign written beside an amount names (`€` → EUR, `zł` → PLN,
// `PLN` → PLN). `$` is the file's dollar currency when the default currency is one, else USD;
// signs that name several currencies (`kr`, `¥`) name none.

import { CURRENCY_SIGNS } from '../vocabulary/currencies.ts';

const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

export function isCurrency(code: string): boolean {
  return code.length === 3 && CURRENCIES.has(code.toUpperCase());
}

/** Currencies written with a plain `$`. */
const DOLLARS = new Set(['USD', 'CAD', 'AUD', 'NZD', 'SGD', 'HKD', 'TWD', 'MXN', 'ARS', 'CLP', 'COP', 'UYU', 'BSD', 'BBD', 'BZD', 'BMD', 'FJD', 'JMD', 'LRD', 'NAD', 'SBD', 'SRD', 'TTD', 'XCD', 'GYD', 'KYD', 'BND']);

const SIGNS = new Map<string, string | null>();
for (const [sign, code] of Object.entries(CURRENCY_SIGNS)) SIGNS.set(sign.toLowerCase(), code);

/** The ISO code a written designation names, or null when it names none (or several). */
export function currencyOfSign(written: string, defaultCurrency: string): string | null {
  const w = written.trim();
  if (w === '$') return DOLLARS.has(defaultCurrency) ? defaultCurrency : 'USD';
  if (isCurrency(w)) return w.toUpperCase();
  const key = w.toLowerCase();
  const known = SIGNS.get(key) ?? SIGNS.get(key.replace(/\.+$/, ''));
  return known ?? null;
}

const isDigitCode = (c: number) => c >= 48 && c <= 57;
/** Signs, parentheses, spaces and bidi marks around the digits of an amount: not a designation. */
const DECORATION = /^[\s+\-\u2212()\u200e\u200f\u061c]+|[\s+\-\u2212()\u200e\u200f\u061c]+$/gu;
const DESIGNATION = /[\p{L}\p{Sc}]/u;

/**
 * The currency designation written beside the digits of an amount cell (`€12.00` → `€`,
 * `-30,00 PLN` → `PLN`, `$4.22 USD` → `USD`: after the digits says more), or null. Most cells
 * start and end with a digit or a sign, which two character checks tell; only the others are
 * looked at. The cell is assumed to have read as an amount (parse/amount.ts checks the rest).
 */
export function designationOf(text: string): string | null {
  const n = text.length;
  if (n === 0) return null;
  const a0 = text.charCodeAt(0), b = text.charCodeAt(n - 1);
  const a = a0 === 45 || a0 === 43 ? text.charCodeAt(1) : a0;
  if (isDigitCode(a) && isDigitCode(b)) return null;
  const core = text.replace(DECORATION, '');
  let end = core.length;
  while (end > 0 && !isDigitCode(core.charCodeAt(end - 1))) end--;
  const after = core.slice(end).replace(DECORATION, '').trim();
  if (after !== '' && DESIGNATION.test(after)) return after;
  let start = 0;
  while (start < core.length && !isDigitCode(core.charCodeAt(start)) && core[start] !== '.' && core[start] !== ',') start++;
  const before = core.slice(0, start).replace(DECORATION, '').trim();
  return before !== '' && DESIGNATION.test(before) ? before : null;
}
