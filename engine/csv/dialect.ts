// Dialect and header location (SPEC §2.2, §2.13, §2.14), decided once from the first lines of the
// file (the "prelude"): the separator, which physical line holds the header (or that there is
// none), and how many physical lines the tokenizer drops before it.
//
// - rows_to_skip given: that many lines are dropped, blank lines after them too; the next line is
//   the header (or the first data line with column_names).
// - column_names given: no header; every non-blank line after the skipped ones is data.
// - otherwise the header is searched for in the first 50 non-skipped lines (bank preambles: account
//   number, period, balance): under each candidate separator, the line whose cells name the most
//   fields of the import (by label, layout, default name or vocabulary) wins, the earliest on a tie;
//   a line holding every given label comes first. When no line names a field, a first line that
//   reads as data (a date, numbers) makes the file headerless; otherwise the first non-blank line is
//   the header and the columns are found from the cells.
// - col_sep not given: among `,` `;` tab `|` the one with most occurrences outside quotes on the
//   header line wins, ties in that order; with column_names a separator that yields exactly that
//   many fields wins first.

import type { ColSep } from '../options.ts';
import { MAX_RECORD_FIELDS, undouble } from './tokenizer.ts';

export const SEPARATORS: readonly ColSep[] = [',', ';', '\t', '|'];
export const HEADER_SEARCH_LINES = 50;

/**
 * Splits one physical line by `sep`, honouring quotes (enough for sniffing; not the tokenizer). A
 * quote opens a quoted field only at the start of a field (after blanks); elsewhere it is text.
 * Linear in the line: text is sliced, never rebuilt character by character.
 */
export function splitLine(line: string, sep: string): string[] {
  const out: string[] = [];
  const n = line.length;
  let i = 0;
  for (;;) {
    let j = i;
    while (j < n && (line[j] === ' ' || line[j] === '\t') && line[j] !== sep) j++;
    if (j < n && line[j] === '"') {
      // Quoted: up to the first quote that is not doubled; a doubled quote is one quote (undouble,
      // as the tokenizer makes it one).
      let k = j + 1;
      let close = n;
      for (;;) {
        const q = line.indexOf('"', k);
        if (q < 0) break;
        if (line.charCodeAt(q + 1) === 34) { k = q + 2; continue; }
        close = q;
        break;
      }
      const inner = line.slice(j + 1, close);
      const value = undouble(inner, inner.includes('""'));
      k = close < n ? close + 1 : n;
      // Text after the closing quote belongs to the field (SPEC §2.13).
      const end = line.indexOf(sep, k);
      out.push(value + line.slice(k, end < 0 ? n : end));
      if (end < 0) return out;
      i = end + 1;
    } else {
      const end = line.indexOf(sep, i);
      out.push(line.slice(i, end < 0 ? n : end));
      if (end < 0) return out;
      i = end + 1;
    }
  }
}

/**
 * Separators outside quotes on the line, counted up to `max` (a line past it is no table row
 * anyway). Jumps with indexOf between separators and quotes: a long line without the separator is
 * one native scan, not a loop over its characters.
 */
export function countOutsideQuotes(line: string, sep: string, max = MAX_RECORD_FIELDS): number {
  let n = 0;
  let i = 0;
  let quote = line.indexOf('"');
  for (;;) {
    const s = line.indexOf(sep, i);
    if (s < 0) return n;
    if (quote >= 0 && quote < s) {
      // A quoted stretch: separators inside it do not count.
      const close = line.indexOf('"', quote + 1);
      if (close < 0) return n;
      i = close + 1;
      quote = line.indexOf('"', i);
      continue;
    }
    if (++n > max) return n;
    i = s + 1;
  }
}

/** More fields than a record may hold under this separator: no header, and not worth splitting. */
const tooWide = (line: string, sep: string) => line.length > MAX_RECORD_FIELDS && countOutsideQuotes(line, sep) >= MAX_RECORD_FIELDS;

/** A line whose fields are all empty after trimming, under any candidate separator. */
export function isBlankLine(line: string): boolean {
  return /^[\s,;\t|"]*$/u.test(line);
}

export function sniffSeparator(line: string, fieldCount: number | null): ColSep {
  if (fieldCount !== null) {
    for (const sep of SEPARATORS) if (!tooWide(line, sep) && splitLine(line, sep).length === fieldCount) return sep;
  }
  let best: ColSep = ',';
  let bestCount = 0;
  for (const sep of SEPARATORS) {
    const n = countOutsideQuotes(line, sep);
    if (n > bestCount) { best = sep; bestCount = n; }
  }
  return best;
}

/** Physical lines of the prelude text; the last one is dropped unless the input ended. */
export function preludeLines(text: string, ended: boolean): string[] {
  const lines = text.split(/\r\n|\r|\n/);
  if (!ended) lines.pop();
  return lines;
}

export interface Dialect {
  sep: ColSep;
  /** Physical line (1-based) of the header row; null when the file has none. */
  headerLine: number | null;
  /** Why there is no header: the caller's column_names, or the first line reads as data. */
  headerless: 'column_names' | 'detected' | null;
  /** Physical lines the tokenizer drops before the first record it reads. */
  skipLines: number;
  /** True when the header was found by searching past other lines. */
  searched: boolean;
  /** How the separator was decided. */
  sepHow: 'given' | 'inferred';
}

/** How well a line, split into cells, reads as the header of this import. */
export interface LineScore {
  /** Cells that name a field of the import. */
  matched: number;
  /** The labels the options give by header: none given, all among the cells, or not all. */
  labels: 'none' | 'all' | 'some';
}

export interface DialectInput {
  lines: readonly string[];
  colSep: ColSep | null;
  rowsToSkip: number | null;
  columnNames: readonly string[] | null;
  score: (cells: string[]) => LineScore;
  /** True when a line's cells read as data (a date, numbers) rather than as header words. */
  isData: (cells: string[]) => boolean;
}

/** Null when the prelude holds no non-blank line after the skipped ones. */
export function detectDialect(input: DialectInput): Dialect | null {
  const { lines, colSep, rowsToSkip, columnNames } = input;
  const start = rowsToSkip ?? 0;
  let first = -1;
  for (let i = start; i < lines.length; i++) if (!isBlankLine(lines[i]!)) { first = i; break; }
  if (first < 0) return null;
  const sepHow = colSep ? 'given' as const : 'inferred' as const;

  if (columnNames !== null) {
    return {
      sep: colSep ?? sniffSeparator(lines[first]!, columnNames.length), headerLine: null, headerless: 'column_names',
      skipLines: start, searched: false, sepHow,
    };
  }
  const firstSep = colSep ?? sniffSeparator(lines[first]!, null);
  if (rowsToSkip === null) {
    // With labels, only a line holding all of them can be the header; without, the line naming
    // the most fields. Earliest wins a tie.
    let best: { line: number; sep: ColSep; matched: number } | null = null;
    const end = Math.min(lines.length, start + HEADER_SEARCH_LINES);
    for (let i = first; i < end; i++) {
      const line = lines[i]!;
      if (isBlankLine(line)) continue;
      for (const sep of colSep ? [colSep] : SEPARATORS) {
        if (!colSep && sep !== firstSep && countOutsideQuotes(line, sep) === 0) continue;
        // A line of more fields than a record may hold is no header (the tokenizer refuses it).
        if (tooWide(line, sep)) continue;
        const cells = splitLine(line, sep).map((c) => c.trim());
        const score = input.score(cells);
        // Without labels: a line of data (dates, amounts) is not a header whatever words it holds,
        // and past the first line one known word is not enough (`Verwendungszweck: 0991…`).
        const qualifies = score.labels === 'all'
          || (score.labels === 'none' && score.matched >= (i === first ? 1 : 2) && !input.isData(cells));
        if (qualifies && (best === null || score.matched > best.matched)) best = { line: i, sep, matched: score.matched };
      }
    }
    if (best !== null) {
      return { sep: best.sep, headerLine: best.line + 1, headerless: null, skipLines: best.line, searched: best.line !== first, sepHow };
    }
    if (!tooWide(lines[first]!, firstSep) && input.isData(splitLine(lines[first]!, firstSep).map((c) => c.trim()))) {
      return { sep: firstSep, headerLine: null, headerless: 'detected', skipLines: first, searched: false, sepHow };
    }
  }
  return { sep: firstSep, headerLine: first + 1, headerless: null, skipLines: first, searched: false, sepHow };
}
