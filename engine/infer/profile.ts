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

/**
 * One column's profile. What every role needs (counts, letters, distinct values) is computed when
 * it is made; dates, numbers, currencies and markers, which cost a parse per cell, the first time
 * they are asked for: most columns are only ever asked one question.
 */
class Profile implements ColumnProfile {
  readonly cells: number;
  readonly distinct: number;
  readonly letterShare: number;
  readonly length: number;
  readonly filled: readonly boolean[];
  private readonly values: readonly string[];
  private _dates = -1;
  private _numbers = -1;
  private _negatives = 0;
  private _currencies = -1;
  private _markers: ColumnProfile['markers'] | undefined;

  constructor(sample: readonly (readonly string[])[], readonly index: number) {
    const values: string[] = [];
    const filled: boolean[] = [];
    let letters = 0, chars = 0;
    for (const row of sample) {
      const v = clean(row[index]);
      filled.push(v !== '');
      if (v === '') continue;
      values.push(v);
      for (let i = 0; i < v.length; i++) {
        const code = v.charCodeAt(i);
        if (code <= 32) continue;
        chars++;
        if (code < 128 ? (code | 32) >= 97 && (code | 32) <= 122 : LETTER.test(v[i]!)) letters++;
      }
    }
    this.values = values;
    this.filled = filled;
    this.cells = values.length;
    this.distinct = new Set(values).size;
    this.letterShare = chars === 0 ? 0 : letters / chars;
    this.length = values.length === 0 ? 0 : chars / values.length;
  }

  get dates(): number {
    if (this._dates < 0) this._dates = this.values.filter(readsAsDate).length;
    return this._dates;
  }

  get numbers(): number {
    if (this._numbers < 0) {
      let n = 0, neg = 0;
      for (const v of this.values) {
        if (!readsAsNumber(v)) continue;
        n++;
        if (NEGATIVE.test(v)) neg++;
      }
      this._numbers = n;
      this._negatives = neg;
    }
    return this._numbers;
  }

  get negatives(): number {
    return this.numbers >= 0 ? this._negatives : 0;
  }

  get currencies(): number {
    if (this._currencies < 0) this._currencies = this.values.filter(isCurrency).length;
    return this._currencies;
  }

  get markers(): ColumnProfile['markers'] {
    if (this._markers === undefined) {
      // A direction column holds a handful of distinct values; folding stops past five.
      const folded = new Set<string>();
      for (const v of this.values) {
        // A marker is a word or two (`DR`, `Gutschrift`): a long cell is none, and is not folded.
        folded.add(v === '+' || v === '-' ? v : v.length > 64 ? '' : fold(v));
        if (folded.size > 4) break;
      }
      this._markers = markerFamily(folded);
    }
    return this._markers;
  }
}

const LETTER = /\p{L}/u;

/** Profiles of a sample's columns, each computed the first time it is asked for. */
export class SampleProfiles {
  private readonly cache: (ColumnProfile | undefined)[] = [];

  constructor(readonly sample: readonly (readonly string[])[], readonly width: number) {}

  get(column: number): ColumnProfile {
    return (this.cache[column] ??= new Profile(this.sample, column));
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
