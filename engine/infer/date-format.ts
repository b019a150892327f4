// Date format inference (SPEC §2.5, §2.14) for files sent without date_format. Every candidate is
// tried on a sample of the date column; a candidate that fails a value is out. Day/month order,
// when the sample leaves both, is settled by, in order: a sampled value (a day above 12 fails the
// other order on its own), the file's conventions (a `,` decimal mark, a `.` date separator, or a
// `;` separator with European header words: day first), a layout's preferred formats, the
// language of the headers; only what remains is DATE_FORMAT_AMBIGUOUS, and the first candidate in
// list order is used.
//
// A sampled value that no candidate reads at all ("N/A", a summary line) does not knock every
// candidate out; it is left to be reported as an invalid row. Only when no value fits any candidate
// is the format unknown.

import { compileDateFormat, type DateParser } from '../parse/date.ts';

export const DATE_CANDIDATES = [
  '%m/%d/%Y', '%d/%m/%Y', '%Y-%m-%d', '%d.%m.%Y', '%d-%m-%Y', '%m-%d-%Y', '%Y/%m/%d', '%Y.%m.%d', '%Y%m%d', '%d %b %Y',
  '%d/%m/%y', '%m/%d/%y', '%d.%m.%y', '%d-%m-%y', '%m-%d-%y', '%d %b %y', '%d-%b-%y', '%d-%b-%Y', '%d/%b/%Y', '%d/%b/%y',
  '%b %d, %Y', '%b %d %Y', '%d. %b %Y', '%d.%b.%Y', '%Y.%m.%d.', '%d.%m.%Y.', '%Y-%b-%d',
] as const;

/** How many date values inference reads before it decides. */
export const DATE_SAMPLE_SIZE = 1000;

const PARSERS: DateParser[] = DATE_CANDIDATES.map((f) => compileDateFormat(f));

const parsed = (r: string) => {
  const c = r.charCodeAt(0);
  return c >= 48 && c <= 57;
};

/** True when some candidate reads the text as a date (for finding date columns by content). */
export function readsAsDate(text: string): boolean {
  const n = text.length;
  if (n < 6 || n > 40) return false;
  // Every candidate has a day or a year in digits: a text without two digits is no date.
  let digits = 0;
  for (let i = 0; i < n && digits < 2; i++) { const c = text.charCodeAt(i); if (c >= 48 && c <= 57) digits++; }
  if (digits < 2) return false;
  for (const p of PARSERS) if (parsed(p.parse(text))) return true;
  return false;
}

/** Day first or month first, and why. */
export interface DateOrder {
  readonly dayFirst: boolean;
  readonly why: string;
}

/** What the file says about day/month order besides its dates, strongest first. */
export interface DateHints {
  /** The file's own conventions (decimal comma, `.` dates, `;` with European headers). */
  readonly conventions: DateOrder | null;
  /** The formats a layout's exports use, most likely first. */
  readonly preferred: readonly string[];
  /** The language of the headers. */
  readonly language: DateOrder | null;
}

export const NO_DATE_HINTS: DateHints = { conventions: null, preferred: [], language: null };

export interface DateInference {
  /** The format used, or null when no candidate fits any value. */
  format: string | null;
  /** Every candidate that fit the whole sample, in list order. */
  survivors: string[];
  /** What decided between the survivors (null when one was left, or nothing decided). */
  decidedBy: string | null;
  /** More than one survivor and nothing decided between them. */
  ambiguous: boolean;
}

/** Day-first and month-first twins: the same format with %d and %m swapped. */
function swapDayMonth(f: string): string {
  return f.replace(/%d|%m/g, (d) => (d === '%d' ? '%m' : '%d'));
}

const dayFirst = (f: string) => f.indexOf('%d') >= 0 && f.indexOf('%m') >= 0 && f.indexOf('%d') < f.indexOf('%m');

export function inferDateFormat(values: readonly string[], hints: DateHints = NO_DATE_HINTS): DateInference {
  // The candidates still in the race, by index in list order. Each distinct value is tried on
  // these only (after the first few values, usually one): this runs cold, once per file, on up to
  // a thousand values, so it makes no closures or arrays per value.
  let alive: number[] = PARSERS.map((_, i) => i);
  let readable = 0;
  for (const v of new Set(values)) {
    if (v === '') continue;
    let fits = 0;
    for (let k = 0; k < alive.length; k++) if (parsed(PARSERS[alive[k]!]!.parse(v))) fits++;
    if (fits === 0) {
      // No candidate in the race reads it: a bad row, unless one already out does (then it stays
      // out and the value counts, which knocks out every candidate left).
      if (!PARSERS.some((p, i) => !alive.includes(i) && parsed(p.parse(v)))) continue;
      alive = [];
    } else if (fits < alive.length) alive = alive.filter((i) => parsed(PARSERS[i]!.parse(v)));
    readable++;
  }
  const survivors: string[] = alive.map((i) => DATE_CANDIDATES[i]!);
  if (readable === 0 || survivors.length === 0) return { format: null, survivors: [], decidedBy: null, ambiguous: false };
  if (survivors.length === 1) return { format: survivors[0]!, survivors, decidedBy: null, ambiguous: false };

  // Conventions and language only settle day/month twins; other survivors stay ambiguous.
  const twins = survivors.every((f) => f !== swapDayMonth(f) && survivors.includes(swapDayMonth(f)));
  const byOrder = (order: DateOrder | null): string[] | null =>
    twins && order !== null ? survivors.filter((f) => dayFirst(f) === order.dayFirst) : null;
  const preferred = hints.preferred.find((f) => survivors.includes(f));
  const settled: [string[] | null, string | null][] = [
    [byOrder(hints.conventions), hints.conventions?.why ?? null],
    [preferred === undefined ? null : [preferred], `the layout's exports write ${preferred}`],
    [byOrder(hints.language), hints.language?.why ?? null],
  ];
  for (const [left, why] of settled) {
    if (left !== null && left.length === 1) return { format: left[0]!, survivors, decidedBy: why, ambiguous: false };
  }
  return { format: survivors[0]!, survivors, decidedBy: null, ambiguous: true };
}
