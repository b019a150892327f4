// Numbers (SPEC §2.4): turns the text of an amount, quantity or price into a canonical decimal
// string (`-1234.56`: optional `-`, no `+`, no group marks, `.` as the decimal point, fraction
// digits kept as given). `number_format` is the authority; nothing is guessed row by row and no
// float is ever made. Returns null for text that is not a number under the format; the caller
// reports AMOUNT_INVALID with the raw text.
//
// Accepted around the digits, in any order: a leading `+`/`-`/U+2212, a trailing `-`, parentheses,
// one currency designation on either side (letters of any script, currency symbols and the dots
// between them: `$`, `USD`, `kr.`, `zł`, `د.إ.`), bidi marks and whitespace.
//
// Group marks must sit between digits, one kind per value, and the group before the decimal mark
// must have exactly three digits (earlier groups two or three, for 1,00,000 lakh grouping): `1,5`
// under `1,234.56` is refused rather than read as 15.

export const NUMBER_FORMATS = ['1,234.56', '1.234,56', '1 234,56', '1,234'] as const;
export type NumberFormat = (typeof NUMBER_FORMATS)[number];

const NBSP = 0xa0, NNBSP = 0x202f, APOS = 39, RSQUO = 0x2019, SPACE = 32, COMMA = 44, DOT = 46;

const SPEC: Record<NumberFormat, { decimal: number; groups: readonly number[] }> = {
  '1,234.56': { decimal: DOT, groups: [COMMA, SPACE, NBSP, NNBSP, APOS, RSQUO] },
  '1.234,56': { decimal: COMMA, groups: [DOT, SPACE, NBSP, NNBSP, APOS, RSQUO] },
  '1 234,56': { decimal: COMMA, groups: [SPACE, NBSP, NNBSP, DOT, APOS, RSQUO] },
  '1,234': { decimal: -1, groups: [COMMA, SPACE, NBSP, NNBSP, APOS, RSQUO] },
};

const isDigit = (c: number) => c >= 48 && c <= 57;
const BIDI = new Set([0x200e, 0x200f, 0x061c]);
const WHITESPACE = /\s/;
const CURRENCY_CHAR = /[\p{L}\p{M}\p{Sc}]/u;

export type AmountParser = (text: string) => string | null;

function canonical(negative: boolean, intDigits: string, fraction: string | null): string {
  let int = intDigits;
  if (int.length === 0) int = '0';
  else if (int.charCodeAt(0) === 48 && int.length > 1) {
    let k = 0;
    while (k < int.length - 1 && int.charCodeAt(k) === 48) k++;
    int = int.slice(k);
  }
  const body = fraction === null ? int : int + '.' + fraction;
  return negative && !allZero(body) ? '-' + body : body;
}

function allZero(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c > 48 && c <= 57) return false;
  }
  return true;
}

interface Decoration {
  sign: -1 | 0 | 1;
  paren: boolean;
  /** The currency designation, as written (`€`, `PLN`, `kr.`), or null. */
  currency: string | null;
}

/** Reads the text before (prefix) or after (suffix) the digits; null when it holds anything else. */
function readDecoration(s: string, from: number, to: number, prefix: boolean): Decoration | null {
  let sign: -1 | 0 | 1 = 0;
  let paren = false;
  let currency: string | null = null;
  let i = from;
  while (i < to) {
    const c = s.charCodeAt(i);
    if (BIDI.has(c) || WHITESPACE.test(s[i]!)) {
      i++;
    } else if (c === 45 || c === 0x2212 || (prefix && c === 43)) {
      if (sign !== 0) return null;
      sign = c === 43 ? 1 : -1;
      i++;
    } else if (c === (prefix ? 40 : 41)) {
      if (paren) return null;
      paren = true;
      i++;
    } else if (CURRENCY_CHAR.test(s[i]!)) {
      if (currency !== null) return null;
      // A run of letters/symbols and the dots between or after them: `kr.`, `د.إ.`.
      const start = i;
      while (i < to && (CURRENCY_CHAR.test(s[i]!) || s.charCodeAt(i) === DOT)) i++;
      currency = s.slice(start, i);
    } else {
      return null;
    }
  }
  return { sign, paren, currency };
}

/**
 * `onCurrency`, when given, hears the currency designation written beside the digits of each value
 * that has one (`€12.00` → `€`; `$4.22 USD` → `USD`: after the digits says more). Only values
 * with a designation reach the code that calls it, so the common case pays nothing.
 */
export function compileAmountParser(format: NumberFormat, onCurrency: ((written: string) => void) | null = null): AmountParser {
  const { decimal, groups } = SPEC[format];
  const isGroup = (c: number) => groups.includes(c);

  /** Everything the common case hands on: decorations, other group marks, `.5`, and the refusals. */
  const general = (s: string): string | null => {
    const n = s.length;

    let a = -1, b = -1;
    for (let i = 0; i < n; i++) if (isDigit(s.charCodeAt(i))) { a = i; break; }
    if (a < 0) return null;
    for (let i = n - 1; i >= a; i--) if (isDigit(s.charCodeAt(i))) { b = i; break; }
    // `.5` / `,5`: a decimal mark right before the first digit starts the number.
    if (a > 0 && s.charCodeAt(a - 1) === decimal) a--;

    let int = '';
    let fraction: string | null = null;
    let groupMark = -1;
    let groupCount = 0; // group marks seen
    let run = 0; // digits since the last group mark (or start)
    let segStart = a;
    for (let i = a; i <= b; i++) {
      const c = s.charCodeAt(i);
      if (isDigit(c)) { run++; continue; }
      if (c === decimal && fraction === null) {
        if (groupCount > 0 && run !== 3) return null;
        int += s.slice(segStart, i);
        for (let j = i + 1; j <= b; j++) if (!isDigit(s.charCodeAt(j))) return null;
        fraction = s.slice(i + 1, b + 1);
        if (fraction === '') return null;
        segStart = -1;
        break;
      }
      if (isGroup(c)) {
        if (groupMark >= 0 && c !== groupMark) return null;
        if (run === 0 || !isDigit(s.charCodeAt(i + 1))) return null;
        if (groupCount === 0 ? run > 3 : run < 2 || run > 3) return null;
        groupMark = c;
        groupCount++;
        int += s.slice(segStart, i);
        segStart = i + 1;
        run = 0;
        continue;
      }
      return null;
    }
    if (segStart >= 0) {
      if (groupCount > 0 && run !== 3) return null;
      int += s.slice(segStart, b + 1);
    }

    const pre = readDecoration(s, 0, a, true);
    const post = readDecoration(s, b + 1, n, false);
    if (!pre || !post) return null;
    if (pre.paren !== post.paren) return null;
    const signs = (pre.sign !== 0 ? 1 : 0) + (post.sign !== 0 ? 1 : 0) + (pre.paren ? 1 : 0);
    if (signs > 1) return null;
    const negative = pre.sign === -1 || post.sign === -1 || pre.paren;
    const written = post.currency ?? pre.currency;
    if (written !== null && onCurrency !== null) onCurrency(written);
    return canonical(negative, int, fraction);
  };

  const group = groups[0]!;
  /**
   * The common case in one pass: an optional sign, digits with the format's main group mark, an
   * optional decimal part. Anything else goes to general(), in the same call (a separate fast
   * function returning "not mine" cost a call and a check per amount).
   *
   * Most amounts need only their group marks dropped (`-2,379,653.95` → `-2379653.95`), so the
   * pieces between the marks are sliced from the text (sign included) and joined as they are met:
   * a few short strings instead of separate integer, fraction and sign strings joined at the end
   * (this function runs once a row, and those allocations were most of its cost).
   */
  return (s: string): string | null => {
    const n = s.length;
    let i = 0;
    let c = s.charCodeAt(0);
    const negative = c === 45;
    if (negative || c === 43) i = 1;
    const start = i;
    let run = 0, groupsSeen = 0;
    let kept = ''; // the text before the last group mark, marks left out
    let seg = 0; // where the text after the last group mark starts
    for (; i < n; i++) {
      c = s.charCodeAt(i);
      if (c >= 48 && c <= 57) { run++; continue; }
      if (c === decimal) break;
      if (c !== group) return general(s);
      if (run === 0 || (groupsSeen === 0 ? run > 3 : run < 2 || run > 3)) return null;
      // (The first piece is taken as it is: '' + piece would still be a concatenation call.)
      kept = groupsSeen === 0 ? s.slice(0, i) : kept + s.slice(seg, i);
      seg = i + 1;
      groupsSeen++;
      run = 0;
    }
    if (run === 0) return general(s);
    if (groupsSeen > 0 && run !== 3) return null;
    const mark = i; // the decimal mark, or n
    if (mark < n) {
      for (i = mark + 1; i < n; i++) {
        c = s.charCodeAt(i);
        if (c < 48 || c > 57) return general(s);
      }
      if (mark + 1 === n) return general(s);
    }
    // No `+` and no leading zero: the text less its group marks is canonical (a first digit that
    // is not 0 also rules out a negative zero), with the decimal mark turned into a point.
    if (s.charCodeAt(0) !== 43 && s.charCodeAt(start) !== 48) {
      if (decimal === DOT || mark === n) return groupsSeen === 0 ? s : kept + s.slice(seg);
      return kept + s.slice(seg, mark) + '.' + s.slice(mark + 1);
    }
    // `kept` starts with the sign, which canonical() takes as a flag.
    return canonical(negative, (kept + s.slice(seg, mark)).slice(start), mark === n ? null : s.slice(mark + 1));
  };
}
