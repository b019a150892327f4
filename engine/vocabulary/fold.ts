// Folding for vocabulary matching (SPEC §2.14): two spellings of a header, a balance-line label or a
// month name compare equal when they differ only in case, accents, camelCase joins and the
// punctuation between words. `Buchungsdatum`, `BUCHUNGSDATUM` and `buchungs-datum` are not equal
// (words joined without a break stay one word), but `Datum zaúčtování`, `DATUM ZAUCTOVANI`,
// `datum_zauctovani` and `DatumZaúčtování` are.
//
//   fold('Auftraggeber/Empfänger') === 'auftraggeber empfanger'
//   fold('Withdrawal (-)') === 'withdrawal'          (a sign or currency in parentheses is decoration: see match.ts)
//
// fold() itself keeps every word; what counts as decoration is decided by the matcher.

const ASCII = /^[\x00-\x7f]*$/;

/** Letters NFKD does not take apart into a base letter and a mark. */
const SPECIAL: Record<string, string> = {
  ß: 'ss', ẞ: 'ss', æ: 'ae', Æ: 'ae', œ: 'oe', Œ: 'oe', ø: 'o', Ø: 'o', ł: 'l', Ł: 'l', đ: 'd', Đ: 'd', ð: 'd', Ð: 'd',
  þ: 'th', Þ: 'th', ı: 'i', ħ: 'h', Ħ: 'h', ŀ: 'l', Ŀ: 'l',
};
const SPECIAL_RE = new RegExp(`[${Object.keys(SPECIAL).join('')}]`, 'g');

/**
 * Lower-case words of `text` without accents, separated by single spaces. A lower-case letter
 * followed by an upper-case one starts a new word (`JournalDate` → `journal date`); every run of
 * characters that are neither letters nor digits is one break.
 */
export function fold(text: string): string {
  // ASCII text (most headers and cells) has no accents to take apart: the same steps, without NFKD.
  if (ASCII.test(text)) {
    return text.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
  }
  // The same steps a character at a time, each character's result remembered: the vocabulary
  // tables fold thousands of phrases when the engine loads, and running the Unicode regular
  // expressions over each whole phrase was the largest part of `sluice check`'s start-up.
  let out = '';
  let prevLower = false;
  for (const ch of text) {
    const c = folded(ch);
    if (prevLower && c.upper) out += ' ';
    out += c.text;
    prevLower = c.lower;
  }
  return out.replace(/ {2,}/g, ' ').trim();
}

interface FoldedChar {
  /** The character without its accents, in lower case; ' ' for one that is no letter or digit, '' for a mark. */
  readonly text: string;
  /** \p{Ll} and \p{Lu}: a lower-case letter followed by an upper-case one starts a word. */
  readonly lower: boolean;
  readonly upper: boolean;
}

const FOLDED = new Map<string, FoldedChar>();

function folded(ch: string): FoldedChar {
  let f = FOLDED.get(ch);
  if (f === undefined) {
    const text = ch
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .replace(SPECIAL_RE, (c) => SPECIAL[c]!)
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ');
    f = { text, lower: /\p{Ll}/u.test(ch), upper: /\p{Lu}/u.test(ch) };
    FOLDED.set(ch, f);
  }
  return f;
}
