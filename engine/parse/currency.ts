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

