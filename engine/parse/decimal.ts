// Exact arithmetic on canonical decimal strings (SPEC §1: money is exact). Negation and sign
// checks are string operations; sums and products go through big.js and keep the scale the
// operands imply (`10.00 − 0` stays `10.00`, `2 × 12.50` is `25.00`). Never a JS float.

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
  let total = new Big(0);
  let dp = 0;
  for (const v of values) {
    total = total.plus(v);
    dp = Math.max(dp, scale(v));
  }
  return fixed(total, dp);
}

export function equal(a: string, b: string): boolean {
  return new Big(a).eq(b);
}
