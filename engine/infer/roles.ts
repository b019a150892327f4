// Column roles found from the cells alone (SPEC §2.14), for fields no label and no header names:
// the date column, the amount column (or a pair of money-in / money-out columns), a column of
// direction markers, and the name. Also the content checks that confirm a role a header suggests
// (a `Valuta` column of dates is not a currency). Pure functions of the sample's profiles.

import type { ColumnKey } from '../fields.ts';
import type { ColumnProfile, SampleProfiles } from './profile.ts';

/** Share of a column's non-empty cells that must fit a role found from content alone. */
const CONTENT_SHARE = 0.8;
/** Share that confirms a role a header suggests (headers are strong evidence; some cells may be bad). */
const CONFIRM_SHARE = 0.5;

const share = (n: number, p: ColumnProfile, min: number) => p.cells > 0 && n >= min * p.cells;

/**
 * Whether the sampled cells bear out the role a header gave `key`. An empty sample confirms
 * everything; an empty column confirms only the fields that may be empty (one of two amount
 * columns, a currency).
 */
export function confirms(key: ColumnKey, p: ColumnProfile, sampled: boolean): boolean {
  if (!sampled) return true;
  switch (key) {
    case 'date':
    case 'effective_date':
      return share(p.dates, p, CONFIRM_SHARE);
    case 'amount':
      return share(p.numbers, p, CONFIRM_SHARE);
    case 'inflow':
    case 'outflow':
    case 'balance':
      return p.cells === 0 || share(p.numbers, p, CONFIRM_SHARE);
    case 'currency':
      return p.cells === 0 || share(p.currencies, p, CONFIRM_SHARE);
    case 'direction':
      return p.markers !== null;
    default:
      return true;
  }
}

/** The first column whose cells read as dates. */
export function dateByContent(profiles: SampleProfiles, free: (c: number) => boolean): number | null {
  for (const p of profiles.all()) if (free(p.index) && share(p.dates, p, CONTENT_SHARE)) return p.index;
  return null;
}

export type AmountByContent =
  | { mode: 'single'; column: number }
  /** Two magnitude columns, never both filled on a row: the one filled on more rows is taken as money out. */
  | { mode: 'split'; outflow: number; inflow: number; tie: boolean };

const numeric = (p: ColumnProfile) => share(p.numbers, p, CONTENT_SHARE);

/**
 * The amount column(s): a pair of neighbouring magnitude columns that are never both filled (a
 * debit and a credit column; most rows of a statement are spending, so the one filled on more rows
 * is money out), else the numeric column with the most values, ties to the left.
 */
export function amountByContent(profiles: SampleProfiles, free: (c: number) => boolean): AmountByContent | null {
  const all = profiles.all();
  const candidates = all.filter((p) => free(p.index) && numeric(p) && p.dates < p.cells);
  for (const a of candidates) {
    const b = all[a.index + 1];
    if (b === undefined || !free(b.index) || a.negatives > 0 || b.negatives > 0) continue;
    if (!(b.cells === 0 || (numeric(b) && b.dates < b.cells))) continue;
    let both = false, neither = false;
    for (let r = 0; r < a.filled.length; r++) {
      if (a.filled[r] && b.filled[r]) both = true;
      if (!a.filled[r] && !b.filled[r]) neither = true;
    }
    if (both || neither) continue;
    const outflow = b.cells > a.cells ? b : a;
    return { mode: 'split', outflow: outflow.index, inflow: outflow === a ? b.index : a.index, tie: a.cells === b.cells };
  }
  let best: ColumnProfile | null = null;
  for (const p of candidates) if (best === null || p.numbers > best.numbers) best = p;
  return best === null ? null : { mode: 'single', column: best.index };
}

/** A column whose values are all markers of one convention, with both sides seen (or one spelt out in full). */
export function directionByContent(profiles: SampleProfiles, free: (c: number) => boolean): number | null {
  for (const p of profiles.all()) {
    if (!free(p.index) || p.markers === null || p.cells === 0) continue;
    if (p.markers.inflow && p.markers.outflow) return p.index;
  }
  return null;
}

/** Text that reads as words: mostly letters. */
export const isFreeText = (p: ColumnProfile) => p.cells > 0 && p.letterShare >= 0.5 && p.dates < p.cells / 2;

/** The free-text column with the most distinct values, ties to the left. */
export function nameByContent(profiles: SampleProfiles, allowed: (c: number) => boolean): number | null {
  let best: ColumnProfile | null = null;
  for (const p of profiles.all()) {
    if (!allowed(p.index) || !isFreeText(p) || p.markers !== null) continue;
    if (best === null || p.distinct > best.distinct) best = p;
  }
  return best === null ? null : best.index;
}
