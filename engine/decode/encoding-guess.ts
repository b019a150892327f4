// Which single-byte code page a text that is not UTF-8 was written in (SPEC §2.13, §2.14). Each
// candidate (windows-1252, -1250, -1251, -1257, -1254, ISO-8859-2, -15) decodes the window and is
// scored by how plausible the result is:
//   + a word whose letters beyond ASCII all belong to one language that uses the code page
//     (`zaúčtování` is Czech under windows-1250; under windows-1252 it reads `zaúètování`, whose
//     ú è í á no one language writes), counted for the language most words agree on; − a word
//     whose letters no such language writes together;
//   + a header cell the vocabulary knows (`Datum zaúčtování`, `Сумма`);
//   − a C1 control or an unmapped byte (ISO-8859-2 has no characters at 0x80–0x9F, where
//     windows-1250 has š ť ž), a symbol inside a word (`Wyp³ata`), a word mixing scripts.
// The best score wins; candidates that decode the window to the same text as the winner are no
// alternative. When the runner-up that reads differently scores close to the winner, the choice is
// a guess and the caller raises DECODE_ENCODING_GUESSED naming it. Ties go to CODE_PAGES order.

import { platform } from '../platform.ts';
import { fold } from '../vocabulary/fold.ts';
import { CODE_PAGES, LANGS, type CodePage, type Lang } from '../vocabulary/languages.ts';
import { HEADER_PHRASES, VOCABULARY } from '../vocabulary/tables.ts';

export interface CodePageChoice {
  encoding: CodePage;
  /** Another page decodes the text differently and scores close: the choice is a guess. */
  guessed: boolean;
  runnerUp: CodePage | null;
  evidence: string;
}

/** Each language's letters beyond ASCII, both cases. */
const LETTERS_OF: ReadonlyMap<Lang, ReadonlySet<string>> = new Map(
  LANGS.map((l) => {
    const lower = [...VOCABULARY[l].letters];
    return [l, new Set([...lower, ...lower.map((c) => c.toUpperCase())])];
  }),
);

const LETTER = /\p{L}/u;
const LATIN = /\p{Script=Latin}/u;
const CYRILLIC = /\p{Script=Cyrillic}/u;
// Letters, marks, and the non-ASCII symbols a wrong page turns letters into (`³`, `¿`, `¤`).
const WORD = /(?:[\p{L}\p{M}]|(?![\x00-\x7f])[\p{S}\p{No}])+/gu;

interface Score {
  page: CodePage;
  text: string;
  score: number;
  lang: Lang | null;
  words: number;
}

/** The languages whose vocabulary the header cells of `text` are in. */
function headerLanguages(text: string): Set<Lang> {
  const langs = new Set<Lang>();
  for (const line of text.split(/\r\n|\r|\n/, 8)) {
    for (const cell of line.split(/[;,\t|]/)) {
      if (cell.length > 200) continue; // no header phrase is that long
      const f = fold(cell.replace(/"/g, ''));
      for (const e of HEADER_PHRASES.get(f) ?? []) for (const l of e.langs) langs.add(l);
    }
  }
  return langs;
}

function score(page: CodePage, window: Uint8Array, prefix: string): Score {
  const text = platform.decode(window, page);
  let penalty = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if ((c >= 0x80 && c <= 0x9f) || c === 0xfffd) penalty += 5;
  }
  const langs = LANGS.filter((l) => VOCABULARY[l].codePages.includes(page));
  const byLang = new Map<Lang, number>();
  let words = 0;
  for (const m of text.matchAll(WORD)) {
    const w = m[0];
    let high = false;
    for (let i = 0; i < w.length; i++) if (w.charCodeAt(i) > 0x7f) { high = true; break; }
    if (!high) continue;
    words++;
    const chars = [...w];
    // A symbol between letters (`Wyp³ata`, `Ä¹`): the byte was a letter in some other page.
    if (chars.some((ch, i) => !LETTER.test(ch) && i > 0 && i < chars.length - 1)) { penalty += 3; continue; }
    if (chars.some((ch) => LATIN.test(ch)) && chars.some((ch) => CYRILLIC.test(ch))) { penalty += 3; continue; }
    const highLetters = chars.filter((ch) => ch.codePointAt(0)! > 0x7f && LETTER.test(ch));
    if (highLetters.length === 0) continue;
    let explained = false;
    for (const l of langs) {
      const set = LETTERS_OF.get(l)!;
      if (highLetters.every((ch) => set.has(ch))) {
        byLang.set(l, (byLang.get(l) ?? 0) + 1);
        explained = true;
      }
    }
    // Letters no language of this page writes together (`èástka`): the page is likely wrong.
    if (!explained) penalty += 1;
  }
  // The language most words agree on; words of the headers' own language count twice.
  const spoken = headerLanguages(prefix + text.slice(0, 4096));
  let lang: Lang | null = null;
  let best = 0;
  for (const [l, n] of byLang) {
    const weight = spoken.has(l) ? 2 * n : n;
    if (weight > best) { best = weight; lang = l; }
  }
  // Header words the vocabulary knows only under this page.
  let headers = 0;
  for (const line of (prefix + text).split(/\r\n|\r|\n/, 8)) {
    for (const cell of line.split(/[;,\t|]/)) {
      if (!/[^\x00-\x7f]/.test(cell)) continue;
      const f = fold(cell.replace(/"/g, ''));
      if (f !== '' && HEADER_PHRASES.has(f)) headers++;
    }
  }
  // windows-1252 is what most single-byte bank exports are written in: it wins when nothing else scores.
  const prior = page === 'windows-1252' ? 1 : 0;
  return { page, text, score: best + 3 * headers - penalty + prior, lang, words };
}

/** `prefix`: the ASCII text before the window (the header line often), read the same under every page. */
export function guessCodePage(window: Uint8Array, prefix = ''): CodePageChoice {
  const scores = CODE_PAGES.map((p) => score(p, window, prefix.slice(-8192)));
  // Stable: on equal scores CODE_PAGES order decides.
  const ranked = [...scores].sort((a, b) => b.score - a.score);
  const win = ranked[0]!;
  const other = ranked.find((s) => s.text !== win.text) ?? null;
  const margin = other === null ? Infinity : win.score - other.score;
  // Close: less than 2 points apart, or less than a quarter of the characters the two read differently.
  const guessed = other !== null && (margin < 2 || margin < differing(win.text, other.text) / 4);
  const why = win.lang !== null
    ? `${win.words > 0 ? `its words read as ${VOCABULARY[win.lang].name}` : 'its text reads best'} (score ${win.score}${other ? ` against ${other.score} for ${other.page}` : ''})`
    : `nothing told the code pages apart (score ${win.score}${other ? ` against ${other.score} for ${other.page}` : ''})`;
  return { encoding: win.page, guessed, runnerUp: guessed ? other!.page : null, evidence: `the bytes are not UTF-8; ${why}` };
}

/** Characters at which two decodings of the same bytes differ (single-byte pages: one character a byte). */
function differing(a: string, b: string): number {
  let n = 0;
  for (let i = 0; i < a.length && i < b.length; i++) if (a.charCodeAt(i) !== b.charCodeAt(i)) n++;
  return n;
}
