// Balance and summary lines (SPEC §2.14): a row one of whose text cells names an opening or closing
// balance, a balance carried forward, a total or a turnover (`Anfangssaldo`, `Saldo finale`,
// `Closing balance 31/12/2023`, `Итого`: the labels of the vocabulary, optionally followed by its
// connector words, dates and amounts) and whose other cells name no counterparty (they hold
// nothing but dates, amounts, currency codes and short markers) is not a transaction. The caller
// marks it invalid with ROW_BALANCE_LINE, so it is seen and never published.
//
// Runs on every row of the types that read bank files (the transaction reader calls it with the
// row's name), so most rows are turned away by the first two letters of their name: only a cell
// that starts like some label is folded and looked at whole.

import { isCurrency } from '../parse/currency.ts';
import type { RowIssues } from '../result/row.ts';
import { clean } from '../parse/text.ts';
import { fold } from '../vocabulary/fold.ts';
import { BALANCE_CONNECTORS, BALANCE_LABELS } from '../vocabulary/tables.ts';

/** Folded labels by their first two characters (lower case), as a number: first × 65536 + second. */
const BY_START: ReadonlyMap<number, readonly string[]> = (() => {
  const map = new Map<number, string[]>();
  for (const l of BALANCE_LABELS) {
    const k = l.charCodeAt(0) * 65536 + l.charCodeAt(1);
    map.set(k, [...(map.get(k) ?? []), l]);
  }
  return map;
})();
const isLetter = (c: number) => (c | 32) >= 97 && (c | 32) <= 122;

/**
 * 1 where some label starts with that triple of characters: an ASCII letter, an ASCII letter, and
 * an ASCII letter or anything else (26 × 26 × 27, lower case). Most names are turned away here.
 */
const TRIPLES: Uint8Array = (() => {
  const t = new Uint8Array(26 * 26 * 27);
  for (const l of BALANCE_LABELS) {
    const a = l.charCodeAt(0) - 97, b = l.charCodeAt(1) - 97, c = l.charCodeAt(2) - 97;
    if (a >= 0 && a < 26 && b >= 0 && b < 26) t[(a * 26 + b) * 27 + (c >= 0 && c < 26 ? c : 26)] = 1;
  }
  return t;
})();
/**
 * A second filter, for names whose first three letters start some label (`Starbucks` and
 * `Starting balance`): a hash of the first five characters (ASCII letters lower-cased, other
 * ASCII as a space). 1 where some label of five characters or more begins that way.
 */
const hash5 = (s: string): number => {
  let h = 0;
  for (let i = 0; i < 5; i++) {
    const c = s.charCodeAt(i);
    h = (Math.imul(h, 37) + (isLetter(c) ? c | 32 : c < 128 ? 32 : c)) | 0;
  }
  return h & 0xffff;
};
const FIVES: Uint8Array = (() => {
  const t = new Uint8Array(1 << 16);
  for (const l of BALANCE_LABELS) if (l.length >= 5) t[hash5(l)] = 1;
  return t;
})();
/** Every label shorter than five characters starts with three letters (`sum`, `uhrn`, `viso`). */
const SHORT_LABELS: ReadonlySet<string> = new Set([...BALANCE_LABELS].filter((l) => l.length < 5));
const CACHE_SLOTS = 64; // a power of two
const LONGEST = Math.max(...[...BALANCE_LABELS].map((l) => l.length));

const LETTERS = /\p{L}/u;
const DATE_OR_AMOUNT = /^[\d\s.,:/'’()+\-\u2212]+$/u;

/** The folded words of `text` start with a label and go on with connectors, numbers, dates and currency codes only. */
function labelOf(folded: string): string | null {
  const words = folded.split(' ');
  for (let n = Math.min(words.length, 6); n >= 1; n--) {
    const label = words.slice(0, n).join(' ');
    if (!BALANCE_LABELS.has(label)) continue;
    for (let i = n; i < words.length; i++) {
      const w = words[i]!;
      if (BALANCE_CONNECTORS.has(w) || /^\d+$/.test(w) || (w.length === 3 && isCurrency(w))) continue;
      return null;
    }
    return label;
  }
  return null;
}

/**
 * Whether a cell might start with a label, from its ASCII letters alone: the cell, lower-cased,
 * begins with some label as a whole word (`Total` fits `Total 12,00`, not `TotalEnergies`). Cells
 * that start with a letter beyond ASCII are left to the whole check. No allocation: this runs on
 * the name cell of every row.
 */
function mayStartLabel(cell: string): boolean {
  const a = cell.charCodeAt(0), b = cell.charCodeAt(1);
  if (a >= 128 || b >= 128) return true;
  if (!isLetter(a)) return false;
  const labels = BY_START.get((a | 32) * 65536 + (isLetter(b) ? b | 32 : b));
  if (labels === undefined) return false;
  next: for (const l of labels) {
    const n = l.length;
    if (cell.length < n) continue;
    for (let i = 1; i < n; i++) {
      const c = cell.charCodeAt(i), w = l.charCodeAt(i);
      if (c === w || (c < 128 && (c | 32) === w && isLetter(c))) continue;
      // A separator between words (`Opening-Balance`, `Saldo:`) or a letter beyond ASCII: let the whole check decide.
      if ((w === 32 && !isLetter(c)) || c >= 128) return true;
      continue next;
    }
    if (cell.length === n || !isLetter(cell.charCodeAt(n))) return true;
  }
  return false;
}

/**
 * False when the row cannot be a balance line because its name is no label, told from the name's
 * first three letters: false for most names of a statement. A plain function of a module table,
 * kept tiny so that the row reader that calls it on every row keeps inlining what it calls.
 * `name` is the row's name cell, trimmed ('' when empty or absent); match() does the rest.
 */
/** A name that starts with a label shorter than five characters followed by a break (`Sum 12`). */
function mayBeShort(name: string): boolean {
  for (const l of SHORT_LABELS) {
    if (name.length >= l.length && !isLetter(name.charCodeAt(l.length)) && name.slice(0, l.length).toLowerCase() === l) return true;
  }
  return false;
}

export function mayBeBalanceLine(name: string): boolean {
  if (name.length < 3) return true;
  const a = name.charCodeAt(0), b = name.charCodeAt(1), c = name.charCodeAt(2);
  if (!isLetter(a) || !isLetter(b)) return true;
  if (TRIPLES[(((a | 32) - 97) * 26 + ((b | 32) - 97)) * 27 + (isLetter(c) ? (c | 32) - 97 : 26)] === 0) return false;
  if (name.length < 5 || name.charCodeAt(3) >= 128 || name.charCodeAt(4) >= 128) return true;
  return FIVES[hash5(name)] === 1 || mayBeShort(name);
}

export class BalanceLines {
  /**
   * Adds ROW_BALANCE_LINE to a row that is a balance or summary line. One call from the row
   * reader, so that the reader's own code stays small (V8 optimizes a function after a number of
   * calls that grows with its size: every byte added to the reader delays that on every file).
   */
  check(name: string, cells: readonly string[], issues: RowIssues): void {
    // The first test of mayBeBalanceLine(), here so that most rows pay a table lookup and no call.
    if (name.length >= 3) {
      const a = name.charCodeAt(0), b = name.charCodeAt(1), c = name.charCodeAt(2);
      if (isLetter(a) && isLetter(b) && TRIPLES[(((a | 32) - 97) * 26 + ((b | 32) - 97)) * 27 + (isLetter(c) ? (c | 32) - 97 : 26)] === 0) return;
    }
    this.checkFurther(name, cells, issues);
  }

  /**
   * The rest of check(), for names that start like some label (`Starbucks`, `Starting balance`).
   * A name found to be no label is remembered, whichever test found it: mayBeBalanceLine()'s
   * later filters cost a few hundred nanoseconds, and such a name comes back row after row.
   */
  private checkFurther(name: string, cells: readonly string[], issues: RowIssues): void {
    const n = name.length;
    if (n > 0 && this.known[(n + 31 * name.charCodeAt(n - 1)) & (CACHE_SLOTS - 1)] === name) return;
    if (!mayBeBalanceLine(name)) {
      if (n > 0) this.remember(name);
      return;
    }
    const label = this.match(name, cells);
    if (label !== null) issues.add('ROW_BALANCE_LINE', null, `the row is a balance or summary line (${JSON.stringify(label)}), not a transaction`, label);
  }

  /** Names found to be no label, one per slot: statements name the same merchants over and over. */
  private readonly known: string[] = new Array<string>(CACHE_SLOTS).fill('');

  /** Remembers a name match() found to be no label. */
  private remember(name: string): void {
    this.known[(name.length + 31 * name.charCodeAt(name.length - 1)) & (CACHE_SLOTS - 1)] = name;
  }

  /** The label that makes the row a balance line, or null (after mayBeBalanceLine() said it might be one). */
  match(name: string, cells: readonly string[]): string | null {
    const n = name.length;
    if (n > 0 && this.known[(n + 31 * name.charCodeAt(n - 1)) & (CACHE_SLOTS - 1)] === name) return null;
    if (name !== '' && (!mayStartLabel(name) || labelOf(fold(name)) === null)) {
      this.remember(name);
      return null;
    }
    let label: string | null = null;
    for (let i = 0; i < cells.length; i++) {
      const raw = cells[i]!;
      if (raw.length < 3) continue;
      const cell = clean(raw);
      if (cell.length < 3 || cell.length > LONGEST + 40 || !mayStartLabel(cell)) continue;
      if (labelOf(fold(cell)) !== null) { label = cell; break; }
    }
    if (label === null) return null;
    // The row must name no counterparty anywhere else.
    for (let i = 0; i < cells.length; i++) {
      const cell = clean(cells[i]);
      if (cell === '' || cell === label || DATE_OR_AMOUNT.test(cell) || !LETTERS.test(cell)) continue;
      if (cell.length <= 2 || (cell.length === 3 && isCurrency(cell))) continue;
      if (/^\p{L}{0,3}[\s.]*[\d\s.,'’\-\u2212]+\s*\p{L}{0,3}\.?$/u.test(cell)) continue; // `EUR 1.234,56`, `12,00 zł`
      return null;
    }
    return label;
  }
}
