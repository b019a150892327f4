// Number format inference (SPEC §2.14): when number_format is not given, the sampled amount-like
// cells (amount, inflow, outflow, qty, price, balance) decide it once for the file.
//
// Evidence a value gives, looking only at its digits and the `,` `.` marks between them:
// - both marks (`1.234,56`, `1,234.56`): the last one is the decimal mark;
// - one mark repeated (`1.234.567`): it groups, so the other is the decimal mark;
// - one mark once, followed by 1, 2 or 4+ digits (`12,5`, `-98,76`, `0.1234`), or after a lone 0 or
//   four or more digits (`0,125`, `1234,567`): it is the decimal mark;
// - one mark once before exactly three digits (`1,234`, `1.234`): no evidence; either reading is a
//   number, and the two differ a thousandfold.
// Space-like and apostrophe groups (`1 234,50`, `1'234.50`) say which comma format to report.
// The side with more evidence wins; with none, the default `1,234.56` is used, and
// AMOUNT_FORMAT_AMBIGUOUS is raised only when some value would read differently under the other.

import type { NumberFormat } from '../parse/amount.ts';

export interface NumberFormatInference {
  format: NumberFormat;
  /** Values that showed a decimal comma, a decimal point. */
  comma: number;
  dot: number;
  /** Some value reads differently under the other decimal mark, and nothing decided (or the evidence is split evenly). */
  ambiguous: boolean;
  /** A value that gave the deciding evidence, for the report. */
  example: string | null;
  /** A value that reads either way (`1,234`), for the warning. */
  undecided: string | null;
}

const isDigit = (c: number) => c >= 48 && c <= 57;
const SPACE_GROUP = /\d[ \u00a0\u202f]\d{3}(?:\D|$)/;

type Evidence = 'comma' | 'dot' | 'either' | 'none';

/** What one value says about the decimal mark. One pass over the characters, nothing allocated. */
export function decimalEvidence(text: string): Evidence {
  let a = -1, b = -1;
  for (let i = 0; i < text.length; i++) if (isDigit(text.charCodeAt(i))) { if (a < 0) a = i; b = i; }
  if (a < 0) return 'none';
  // `.5` / `,5`: a mark right before the first digit.
  const lead = text.charCodeAt(a - 1);
  if (a > 0 && (lead === 44 || lead === 46) && !isDigit(text.charCodeAt(a - 2))) a--;
  let commas = 0, dots = 0, lastComma = -1, lastDot = -1, digitsBefore = 0, firstMark = -1;
  for (let i = a; i <= b; i++) {
    const c = text.charCodeAt(i);
    if (c === 44) { commas++; lastComma = i; if (firstMark < 0) firstMark = i; }
    else if (c === 46) { dots++; lastDot = i; if (firstMark < 0) firstMark = i; }
    else if (firstMark < 0 && isDigit(c)) digitsBefore++;
  }
  if (commas > 0 && dots > 0) return lastComma > lastDot ? 'comma' : 'dot';
  if (commas + dots === 0) return 'none';
  const comma = commas > 0;
  if (commas + dots > 1) return comma ? 'dot' : 'comma';
  const after = b - firstMark;
  const zero = digitsBefore === 1 && text.charCodeAt(firstMark - 1) === 48;
  const decimal = after !== 3 || zero || digitsBefore === 0 || digitsBefore > 3;
  if (!decimal) return 'either';
  return comma ? 'comma' : 'dot';
}

export function inferNumberFormat(values: Iterable<string>): NumberFormatInference {
  let comma = 0, dot = 0, spaceGroups = 0, dotGroups = 0;
  let commaExample: string | null = null, dotExample: string | null = null, undecided: string | null = null;
  for (const v of values) {
    const e = decimalEvidence(v);
    if (e === 'comma') {
      comma++;
      commaExample ??= v;
      if (SPACE_GROUP.test(v)) spaceGroups++;
      if (/\d\.\d{3}/.test(v)) dotGroups++;
    } else if (e === 'dot') {
      dot++;
      dotExample ??= v;
    } else if (e === 'either') undecided ??= v;
  }
  if (comma > dot) {
    return { format: spaceGroups > dotGroups ? '1 234,56' : '1.234,56', comma, dot, ambiguous: false, example: commaExample, undecided };
  }
  // Evidence split evenly is no evidence; with none, a value that reads either way makes the default a guess.
  const ambiguous = (dot === 0 && undecided !== null) || (comma > 0 && comma === dot);
  return { format: '1,234.56', comma, dot, ambiguous, example: dot > 0 ? dotExample : null, undecided: undecided ?? (ambiguous ? commaExample : null) };
}
