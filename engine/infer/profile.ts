// What the sampled cells of each column look like (SPEC §2.14), computed once per file from the
// first rows: how many read as dates, as numbers, as currency codes, as direction markers, how much
// of them is letters, how many distinct values they hold. The column mapping uses it to confirm a
// header's role and to find roles no header names. Only the sample is read; cost is linear in it.

import { compileAmountParser, NUMBER_FORMATS } from '../parse/amount.ts';
import { isCurrency } from '../parse/currency.ts';
import { clean } from '../parse/text.ts';
import { fold } from '../vocabulary/fold.ts';
import type { MarkerFamily } from '../vocabulary/languages.ts';
import { MARKER_FAMILIES } from '../vocabulary/tables.ts';
import { readsAsDate } from './date-format.ts';

export interface ColumnProfile {
  readonly index: number;
  /** Non-empty cells. */
  readonly cells: number;
  /** Distinct non-empty values. */
  readonly distinct: number;
  readonly dates: number;
  /** Cells that read as a number under some number format (currency signs and signs allowed). */
  readonly numbers: number;
  /** Numbers written negative (`-`, `(…)`, a trailing `-`). */
  readonly negatives: number;
  /** Letters over all characters that are not whitespace, 0–1. */
  readonly letterShare: number;
  /** Average length of the non-empty cells. */
  readonly length: number;
  /** Cells that are ISO 4217 codes. */
  readonly currencies: number;
  /** The marker family every value belongs to, and which of its sides occur; null when none fits. */
  readonly markers: { family: MarkerFamily; inflow: boolean; outflow: boolean } | null;
  /** Rows on which the cell is non-empty, by sample index (for pairing two amount columns). */
  readonly filled: readonly boolean[];
}

const PARSERS = NUMBER_FORMATS.map((f) => compileAmountParser(f));
const NEGATIVE = /^[^\d]*[-\u2212(]|\d[^\d]*-\s*$/;

function readsAsNumber(text: string): boolean {
  for (const p of PARSERS) if (p(text) !== null) return true;
  return false;
}

function markerFamily(values: ReadonlySet<string>): ColumnProfile['markers'] {
  if (values.size === 0 || values.size > 4) return null;
  for (const family of MARKER_FAMILIES) {
    let sawIn = false, sawOut = false, all = true;
    for (const v of values) {
      if (family.inflow.includes(v)) sawIn = true;
      else if (family.outflow.includes(v)) sawOut = true;
      else { all = false; break; }
    }
    if (all) return { family, inflow: sawIn, outflow: sawOut };
  }
  return null;
}

function profile(sample: readonly (readonly string[])[], c: number): ColumnProfile {
  const seen = new Set<string>();
  const folded = new Set<string>();
  const filled: boolean[] = [];
  let cells = 0, dates = 0, numbers = 0, negatives = 0, currencies = 0, letters = 0, chars = 0;
  for (const row of sample) {
    const v = clean(row[c]);
    filled.push(v !== '');
    if (v === '') continue;
    cells++;
    seen.add(v);
    if (folded.size <= 4) folded.add(v === '+' || v === '-' ? v : fold(v));
    if (readsAsDate(v)) dates++;
    if (readsAsNumber(v)) {
      numbers++;
      if (NEGATIVE.test(v)) negatives++;
    }
    if (isCurrency(v)) currencies++;
    for (let i = 0; i < v.length; i++) {
      const code = v.charCodeAt(i);
      if (code <= 32) continue;
      chars++;
      if (code < 128 ? (code | 32) >= 97 && (code | 32) <= 122 : LETTER.test(v[i]!)) letters++;
    }
  }
  return {
    index: c, cells, distinct: seen.size, dates, numbers, negatives, currencies, filled,
    letterShare: chars === 0 ? 0 : letters / chars,
    length: cells === 0 ? 0 : chars / cells,
    markers: markerFamily(folded),
  };
}

const LETTER = /\p{L}/u;

/** Profiles of a sample's columns, each computed the first time it is asked for. */
export class SampleProfiles {
  private readonly cache: (ColumnProfile | undefined)[] = [];

  constructor(readonly sample: readonly (readonly string[])[], readonly width: number) {}

  get(column: number): ColumnProfile {
    return (this.cache[column] ??= profile(this.sample, column));
  }

  /** Every column, left to right. */
  all(): ColumnProfile[] {
    return Array.from({ length: this.width }, (_, c) => this.get(c));
  }
}

/**
 * A line that reads as data rather than as header words (SPEC §2.14): a cell reads as a date, or at
 * least half of the non-empty cells read as numbers. Used on a first line that names no field, to
 * tell a headerless file from a header the vocabulary does not know.
 */
export function readsAsData(cells: readonly string[]): boolean {
  let filled = 0, numbers = 0;
  for (const raw of cells) {
    const v = clean(raw);
    if (v === '') continue;
    filled++;
    if (readsAsDate(v)) return true;
    // Digits with signs, marks and currency symbols, no letters: `VWZ1` or `Saldo 2019` is a header.
    if (/\d/.test(v) && !/\p{L}/u.test(v) && readsAsNumber(v)) numbers++;
  }
  return filled > 0 && numbers * 2 >= filled;
}
