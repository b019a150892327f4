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
      // Codes, or at least words (`BTC`): a `Valuta` column of dates or amounts is no currency.
      return p.cells === 0 || share(p.currencies, p, CONFIRM_SHARE) || (p.dates === 0 && p.numbers === 0 && p.letterShare >= 0.5);
    case 'direction':
      return p.markers !== null;
    // Names are words: a `Konto` or `Partner` column of account numbers and IBANs is not one.
    case 'account':
    case 'category':
      return p.cells === 0 || p.letterShare >= 0.5;
    case 'name':
      return p.cells === 0 || p.letterShare >= 0.3;
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

const numeric = (p: ColumnProfile) => share(p.numbers, p, CONTENT_SHARE) && p.dates < p.cells;

/**
 * The amount column(s): a pair of neighbouring magnitude columns of which one is filled on each row
 * (a debit and a credit column; one of them may be empty on every sampled row; a tenth of the rows
 * may have neither), else the
 * numeric column with the most values, ties to the left. Of a pair, the column filled on more rows
 * is taken as money out: most rows of a statement are spending.
 */
export function amountByContent(profiles: SampleProfiles, free: (c: number) => boolean): AmountByContent | null {
  const all = profiles.all();
  const candidates = all.filter((p) => free(p.index) && numeric(p));
  const magnitudes = (p: ColumnProfile) => p.cells === 0 || (numeric(p) && p.negatives === 0);
  for (let c = 0; c + 1 < all.length; c++) {
    const a = all[c]!, b = all[c + 1]!;
    if (!free(a.index) || !free(b.index) || !magnitudes(a) || !magnitudes(b) || a.cells + b.cells === 0) continue;
    // Never both filled; neither filled only on a few rows (lines that are no transaction).
    let both = false, neither = 0;
    for (let r = 0; r < a.filled.length && !both; r++) {
      if (a.filled[r] && b.filled[r]) both = true;
      else if (!a.filled[r] && !b.filled[r]) neither++;
    }
    if (both || neither > a.filled.length / 10) continue;
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

/** The free-text column with the most distinct values; on a tie the longer texts, then the left one. */
export function nameByContent(profiles: SampleProfiles, allowed: (c: number) => boolean): number | null {
  let best: ColumnProfile | null = null;
  for (const p of profiles.all()) {
    if (!allowed(p.index) || !isFreeText(p) || p.markers !== null) continue;
    if (best === null || p.distinct > best.distinct || (p.distinct === best.distinct && p.length > best.length)) best = p;
  }
  return best === null ? null : best.index;
}
