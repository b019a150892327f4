// Exact arithmetic on canonical decimal strings (SPEC §1: money is exact). Negation and sign
// checks are string operations; sums and products go through big.js and keep the scale the
// operands imply (`10.00 − 0` stays `10.00`, `2 × 12.50` is `25.00`). Never a JS float: sum() and
// equal() count in whole units of the widest scale when every value and every partial sum is a
// safe integer (below 2^53, where a double adds integers exactly), and go through big.js otherwise.

import BigConstructor from 'big.js';

const Big = BigConstructor();

export function negate(d: string): string {
  if (d.charCodeAt(0) === 45) return d.slice(1);
  return isZero(d) ? d : '-' + d;
}

export function abs(d: string): string {
  return d.charCodeAt(0) === 45 ? d.slice(1) : d;
}

/** No digit 1–9 anywhere (a character loop: this runs for every negated amount). */
export function isZero(d: string): boolean {
  for (let i = 0; i < d.length; i++) {
    const c = d.charCodeAt(i);
    if (c >= 49 && c <= 57) return false;
  }
  return true;
}

export function isNegative(d: string): boolean {
  return d.charCodeAt(0) === 45;
}

function scale(d: string): number {
  const dot = d.indexOf('.');
  return dot < 0 ? 0 : d.length - dot - 1;
}

function fixed(value: InstanceType<typeof Big>, dp: number): string {
  const s = value.toFixed(dp);
  return isZero(s) && s.charCodeAt(0) === 45 ? s.slice(1) : s;
}

export function subtract(a: string, b: string): string {
  return fixed(new Big(a).minus(b), Math.max(scale(a), scale(b)));
}

export function add(a: string, b: string): string {
  return fixed(new Big(a).plus(b), Math.max(scale(a), scale(b)));
}

export function multiply(a: string, b: string): string {
  return fixed(new Big(a).times(b), scale(a) + scale(b));
}

/** Sum of several canonical decimals, kept at the widest scale among them. */
export function sum(values: readonly string[]): string {
  let dp = 0;
  for (const v of values) dp = Math.max(dp, scale(v));
  const fast = unitsSum(values, dp);
  if (fast !== null) return unitsText(fast, dp);
  let total = new Big(0);
  for (const v of values) total = total.plus(v);
  return fixed(total, dp);
}

/** Whether canonical decimals add up to `total` exactly (split lines against their transaction). */
export function sumsTo(values: readonly string[], total: string): boolean {
  let dp = scale(total);
  for (const v of values) dp = Math.max(dp, scale(v));
  const got = unitsSum(values, dp);
  const want = got === null ? null : units(total, dp);
  return want !== null ? got === want : equal(sum(values), total);
}

export function equal(a: string, b: string): boolean {
  const dp = Math.max(scale(a), scale(b));
  const ua = units(a, dp);
  const ub = ua === null ? null : units(b, dp);
  return ub !== null ? ua === ub : new Big(a).eq(b);
}

/** Powers of ten a double holds exactly, up to the 10^15 that units() allows (and StatementTally's counts). */
export const POW10 = Array.from({ length: 16 }, (_, i) => 10 ** i);

/**
 * A canonical decimal (`-?digits[.digits]`) as a whole number of 10^-dp units (dp ≥ its scale),
 * or null when it is not in that form or the count would not be a safe integer.
 */
function units(d: string, dp: number): number | null {
  const n = d.length;
  const negative = n > 0 && d.charCodeAt(0) === 45;
  let v = 0, digits = 0, fraction = -1;
  for (let i = negative ? 1 : 0; i < n; i++) {
    const c = d.charCodeAt(i);
    if (c === 46 && fraction < 0) fraction = 0;
    else if (c >= 48 && c <= 57) {
      v = v * 10 + (c - 48);
      digits++;
      if (fraction >= 0) fraction++;
    } else return null;
  }
  if (fraction < 0) fraction = 0;
  // Fewer than 16 digits once scaled: below 10^15 < 2^53, so every step above was exact.
  if (digits === 0 || fraction > dp || digits + dp - fraction > 15) return null;
  v *= POW10[dp - fraction]!;
  return negative ? -v : v;
}

/** The sum of `values` in units of 10^-dp, or null when a value or a partial sum leaves the safe range. */
function unitsSum(values: readonly string[], dp: number): number | null {
  let total = 0;
  for (const v of values) {
    const u = units(v, dp);
    if (u === null) return null;
    total += u;
    if (!Number.isSafeInteger(total)) return null;
  }
  return total;
}

/** A whole number of 10^-dp units written as a canonical decimal with dp fraction digits. */
export function unitsText(u: number, dp: number): string {
  const digits = String(Math.abs(u)).padStart(dp + 1, '0');
  const text = dp === 0 ? digits : `${digits.slice(0, digits.length - dp)}.${digits.slice(digits.length - dp)}`;
  return u < 0 ? '-' + text : text;
}
