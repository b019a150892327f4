// The languages the vocabulary covers (SPEC §2.14), and what each one tells about a file: the order
// its people write dates in, the single-byte code pages its bank exports come in, and the letters
// beyond ASCII its words use (for telling code pages apart by plausibility). Data only.

export const LANGS = [
  'en', 'de', 'fr', 'es', 'it', 'nl', 'pt', 'pl', 'cs', 'sk', 'hu', 'sv', 'da', 'no', 'fi', 'lt', 'lv', 'et', 'ru', 'uk', 'tr',
] as const;
export type Lang = (typeof LANGS)[number];

/** Single-byte code pages the encoding guess chooses among (SPEC §2.14), in order of preference on a tie. */
export const CODE_PAGES = ['windows-1252', 'windows-1250', 'windows-1251', 'windows-1257', 'iso-8859-2', 'iso-8859-15', 'windows-1254'] as const;
export type CodePage = (typeof CODE_PAGES)[number];

export interface LanguageFacts {
  /**
   * How the language writes numeric dates: day first, month first, or year first. null when its
   * speakers do both (English: the US writes month first, the UK and most others day first).
   */
  dateOrder: 'dmy' | 'mdy' | 'ymd' | null;
  /** Code pages that hold the language's letters, most used first. */
  codePages: readonly CodePage[];
  /** Its letters beyond ASCII, lower case (upper case is derived). */
  letters: string;
}

export const LANGUAGES: Readonly<Record<Lang, LanguageFacts>> = {
  en: { dateOrder: null, codePages: ['windows-1252', 'iso-8859-15'], letters: '' },
  // The other languages are filled in with the vocabulary tables.
} as unknown as Readonly<Record<Lang, LanguageFacts>>;
