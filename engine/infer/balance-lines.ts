// Balance and summary lines (SPEC §2.14): a row one of whose text cells names an opening or closing
// balance, a balance carried forward, a total or a turnover (`Anfangssaldo`, `Saldo finale`,
// `Closing balance 31/12/2023`, `Итого`: the labels of the vocabulary, optionally followed by its
// connector words, dates and amounts) and whose other cells name no counterparty (they hold
// nothing but dates, amounts, currency codes and short markers) is not a transaction. The caller
// marks it invalid with ROW_BALANCE_LINE, so it is seen and never published.
//
// Runs on every row, so most cells are turned away by their first characters: only a cell that
// starts like some label is folded and looked at whole.

import type { ColumnMap } from '../fields.ts';
import { isCurrency } from '../parse/currency.ts';
import { clean } from '../parse/text.ts';
import { fold } from '../vocabulary/fold.ts';
import { BALANCE_CONNECTORS, BALANCE_LABELS } from '../vocabulary/tables.ts';

/** Folded labels by their first two letters. */
const BY_START: ReadonlyMap<string, readonly string[]> = (() => {
  const map = new Map<string, string[]>();
  for (const l of BALANCE_LABELS) {
    const k = l.slice(0, 2);
    map.set(k, [...(map.get(k) ?? []), l]);
  }
  return map;
})();
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

const isLetter = (c: number) => (c | 32) >= 97 && (c | 32) <= 122;

/**
 * Whether a cell might start with a label, from its ASCII letters alone: the lower-cased start of
 * the cell must begin with some label of its bucket, whole words. Cells that start with other
 * characters are folded and checked whole.
 */
function mayStartLabel(cell: string): boolean {
  const a = cell.charCodeAt(0), b = cell.charCodeAt(1);
  if (a >= 128 || b >= 128) return true;
  if (!isLetter(a)) return false;
  const labels = BY_START.get(String.fromCharCode(a | 32, isLetter(b) ? b | 32 : b));
  if (labels === undefined) return false;
  const head = cell.slice(0, LONGEST + 1).toLowerCase();
  for (const l of labels) {
    if (!head.startsWith(l.slice(0, Math.min(l.length, head.length)))) continue;
    // The label must end the word: `Total` fits `Total 12,00` but not `TotalEnergies`.
    if (head.length <= l.length || !isLetter(head.charCodeAt(l.length))) return true;
  }
  // An accent or a second word may still fold to a label (`Saldo último`): only those with a non-ASCII letter go on.
  return !/^[\x00-\x7f]*$/.test(head);
}

export class BalanceLines {
  constructor(_map: ColumnMap) {}

  /** The label that makes the row a balance line, or null. */
  match(cells: readonly string[]): string | null {
    let label: string | null = null;
    for (let i = 0; i < cells.length; i++) {
      const raw = cells[i]!;
      if (raw.length < 3) continue;
      const cell = clean(raw);
      if (cell.length < 3 || !mayStartLabel(cell)) continue;
      if (cell.length > LONGEST + 40) return null;
      const hit = labelOf(fold(cell));
      if (hit !== null && label === null) { label = cell; continue; }
      // Any other text (a payee, a purpose) means the row names a counterparty.
      if (hit === null && !isNote(cell)) return null;
    }
    if (label === null) return null;
    // The label's row must not name a counterparty anywhere else either.
    for (let i = 0; i < cells.length; i++) {
      const cell = clean(cells[i]);
      if (cell === '' || cell === label || DATE_OR_AMOUNT.test(cell) || !LETTERS.test(cell)) continue;
      if (cell.length <= 3 && (isCurrency(cell) || cell.length <= 2)) continue;
      if (/^\p{L}{0,3}[\s.]*[\d\s.,'’\-\u2212]+\s*\p{L}{0,3}\.?$/u.test(cell)) continue; // `EUR 1.234,56`, `12,00 zł`
      return null;
    }
    return label;
  }
}

/** Short words that are not a counterparty: currency codes and one- or two-letter markers. */
function isNote(cell: string): boolean {
  return (cell.length === 3 && isCurrency(cell)) || cell.length <= 2;
}
