// Query parameters, checked: a value of the wrong type is 400 bad_request naming the parameter
// (SPEC §3.3); per_page above the maximum is served as the maximum (SPEC §3.8); a page or per_page
// of 2^31 or more is 400 too (SPEC §3.12): no value the database cannot hold reaches it.

import { isUuid } from '../store/ids.ts';
import { badRequest } from './errors.ts';

const MAX_INT = 2 ** 31;

type Query = Record<string, string | string[] | undefined>;

function one(q: Query, name: string): string | undefined {
  const v = q[name];
  if (Array.isArray(v)) throw badRequest(`${name} is given more than once`);
  return v === undefined || v === '' ? undefined : v;
}

function positiveInt(q: Query, name: string, fallback: number): number {
  const v = one(q, name);
  if (v === undefined) return fallback;
  if (!/^\d+$/.test(v) || Number(v) < 1) throw badRequest(`${name} must be a whole number ≥ 1 (got ${JSON.stringify(v)})`);
  if (Number(v) >= MAX_INT) throw badRequest(`${name} must be below 2^31 (${MAX_INT}; got ${v})`);
  return Number(v);
}

export function paging(q: Query, maxPerPage = 100): { page: number; perPage: number } {
  return { page: positiveInt(q, 'page', 1), perPage: Math.min(positiveInt(q, 'per_page', 25), maxPerPage) };
}

export function booleanParam(q: Query, name: string): boolean {
  const v = one(q, name);
  if (v === undefined) return false;
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  throw badRequest(`${name} must be true, 1, false or 0 (got ${JSON.stringify(v)})`);
}

export function uuidParam(q: Query, name: string): string | null {
  const v = one(q, name);
  if (v === undefined) return null;
  if (!isUuid(v)) throw badRequest(`${name} must be a UUID (got ${JSON.stringify(v)})`);
  return v.toLowerCase();
}

export function enumParam<T extends string>(q: Query, name: string, allowed: readonly T[]): T | null {
  const v = one(q, name);
  if (v === undefined) return null;
  if (!(allowed as readonly string[]).includes(v)) throw badRequest(`${name} must be one of ${allowed.join(', ')} (got ${JSON.stringify(v)})`);
  return v as T;
}
