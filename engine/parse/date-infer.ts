// Date format inference (SPEC §2.5) for files sent without date_format. Every candidate is tried
// on a sample of the date column; a candidate that fails a value is out; a day above 12 settles
// day/month order on its own because the other order fails it. A tie among survivors is reported
// as ambiguous and the first in list order is used.
//
// One decision beyond the SPEC text, recorded in README: a sampled value that no candidate reads
// at all ("N/A", a summary line) does not knock every candidate out; it is left to be reported as
// an invalid row. Only when no value fits any candidate is the format unknown.

import { compileDateFormat, type DateParser } from './date.ts';

export const DATE_CANDIDATES = [
  '%m/%d/%Y', '%d/%m/%Y', '%Y-%m-%d', '%d.%m.%Y', '%d-%m-%Y', '%m-%d-%Y', '%Y/%m/%d', '%Y.%m.%d', '%Y%m%d', '%d %b %Y',
  '%d/%m/%y', '%m/%d/%y', '%d.%m.%y',
] as const;

/** How many date values inference reads before it decides. */
export const DATE_SAMPLE_SIZE = 1000;

const PARSERS: DateParser[] = DATE_CANDIDATES.map((f) => compileDateFormat(f));

export interface DateInference {
  /** The format used, or null when no candidate fits any value. */
  format: string | null;
  /** Every candidate that fit the whole sample, in list order (more than one: ambiguous). */
  survivors: string[];
}

const parsed = (r: string) => {
  const c = r.charCodeAt(0);
  return c >= 48 && c <= 57;
};

export function inferDateFormat(values: readonly string[]): DateInference {
  const alive = PARSERS.map(() => true);
  let readable = 0;
  for (const v of values) {
    if (v === '') continue;
    const ok = PARSERS.map((p) => parsed(p.parse(v)));
    if (!ok.some(Boolean)) continue;
    readable++;
    ok.forEach((fits, i) => { if (!fits) alive[i] = false; });
  }
  const survivors = DATE_CANDIDATES.filter((_, i) => alive[i]);
  if (readable === 0 || survivors.length === 0) return { format: null, survivors: [] };
  return { format: survivors[0]!, survivors };
}
