// Dialect and header location (SPEC §2.2, §2.13), decided once from the first lines of the file
// (the "prelude"): the separator, which physical line holds the header, and how many physical
// lines the tokenizer drops before it.
//
// - rows_to_skip given: that many lines are dropped, blank lines after them too; the next line is
//   the header (or the first data line with column_names).
// - otherwise the header is searched for in the first 50 non-skipped lines: the first line that,
//   split by a candidate separator, holds the columns the import needs (bank preambles: account
//   number, period, balance). When no line does, the first non-blank line is the header and the
//   column mapping reports what is missing.
// - col_sep not given: among `,` `;` tab `|` the one with most occurrences outside quotes on the
//   header line wins, ties in that order; with column_names a separator that yields exactly that
//   many fields wins first.

import type { ColSep } from '../options.ts';

export const SEPARATORS: readonly ColSep[] = [',', ';', '\t', '|'];
export const HEADER_SEARCH_LINES = 50;

/** Splits one physical line by `sep`, honouring quotes (enough for sniffing; not the tokenizer). */
export function splitLine(line: string, sep: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"') {
        if (line[i + 1] === '"') { cur += '"'; i++; } else quoted = false;
      } else cur += c;
    } else if (c === '"' && cur.trim() === '') {
      quoted = true;
      cur = '';
    } else if (c === sep) {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out;
}

export function countOutsideQuotes(line: string, sep: string): number {
  let n = 0;
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === '"') quoted = !quoted;
    else if (!quoted && c === sep) n++;
  }
  return n;
}

/** A line whose fields are all empty after trimming, under any candidate separator. */
export function isBlankLine(line: string): boolean {
  return /^[\s,;\t|"]*$/u.test(line);
}

export function sniffSeparator(line: string, fieldCount: number | null): ColSep {
  if (fieldCount !== null) {
    for (const sep of SEPARATORS) if (splitLine(line, sep).length === fieldCount) return sep;
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
  /** Physical line (1-based) of the header row; null when the file has none (column_names). */
  headerLine: number | null;
  /** Physical lines the tokenizer drops before the first record it reads. */
  skipLines: number;
  /** True when the header was found by searching past other lines. */
  searched: boolean;
}

export interface DialectInput {
  lines: readonly string[];
  colSep: ColSep | null;
  rowsToSkip: number | null;
  columnNames: readonly string[] | null;
  /** True when a line, split into fields, holds the columns the import needs. */
  isHeader: (fields: string[]) => boolean;
}

/** Null when the prelude holds no non-blank line after the skipped ones. */
export function detectDialect(input: DialectInput): Dialect | null {
  const { lines, colSep, rowsToSkip, columnNames } = input;
  const start = rowsToSkip ?? 0;
  let first = -1;
  for (let i = start; i < lines.length; i++) if (!isBlankLine(lines[i]!)) { first = i; break; }
  if (first < 0) return null;

  if (columnNames !== null) {
    return { sep: colSep ?? sniffSeparator(lines[first]!, columnNames.length), headerLine: null, skipLines: start, searched: false };
  }
  if (rowsToSkip === null) {
    const end = Math.min(lines.length, start + HEADER_SEARCH_LINES);
    for (let i = first; i < end; i++) {
      const line = lines[i]!;
      if (isBlankLine(line)) continue;
      for (const sep of colSep ? [colSep] : SEPARATORS) {
        if (input.isHeader(splitLine(line, sep))) {
          return { sep, headerLine: i + 1, skipLines: i, searched: i !== first };
        }
      }
    }
  }
  return { sep: colSep ?? sniffSeparator(lines[first]!, null), headerLine: first + 1, skipLines: first, searched: false };
}
