// The languages the vocabulary covers (SPEC §2.14) and the shape of one language's table: header
// words per role, month names, balance-line labels, direction markers, and what the language tells
// about a file (the order its people write dates in, its decimal mark, the code pages its bank
// exports come in, its letters beyond ASCII). Data only: one file per language under lang/, put
// together in tables.ts; the matching is in match.ts.

export const LANGS = [
  'en', 'de', 'fr', 'es', 'it', 'nl', 'pt', 'pl', 'cs', 'sk', 'hu', 'sv', 'da', 'no', 'fi', 'lt', 'lv', 'et', 'ru', 'uk', 'tr',
] as const;
export type Lang = (typeof LANGS)[number];

/** Single-byte code pages the encoding guess chooses among (SPEC §2.14), in order of preference on a tie. */
export const CODE_PAGES = ['windows-1252', 'windows-1250', 'windows-1251', 'windows-1257', 'iso-8859-2', 'iso-8859-15', 'windows-1254'] as const;
export type CodePage = (typeof CODE_PAGES)[number];

/**
 * Roles a header can name, in the order the mapping prefers them for a field:
 *   date         booking, posting or transaction date (the date a row is booked on)
 *   value_date   value / settlement / interest date: the date only when the file has no `date` column
 *   amount       the signed (or magnitude) amount of the row in the account's currency
 *   inflow       a column holding only money in (credit, deposit, paid in)
 *   outflow      a column holding only money out (debit, withdrawal, paid out)
 *   payee        the counterparty's name (payee, recipient, beneficiary, merchant, partner) → name
 *   description  the bank's text for the row (description, details, posting text) → name when no payee
 *   notes        memo, purpose, remittance information, reference text
 *   currency     the ISO currency of the amount
 *   balance      the running balance after the row: never the amount
 *   category     a category
 *   account      the account's name (not its number or IBAN)
 *   direction    a column of markers saying which way the money went (D/C, S/H, Af/Bij, debit/credit)
 */
export const HEADER_ROLES = [
  'date', 'value_date', 'amount', 'inflow', 'outflow', 'payee', 'description', 'notes', 'currency', 'balance', 'category',
  'account', 'direction',
] as const;
export type HeaderRole = (typeof HEADER_ROLES)[number];

/** Values of a direction column: which mean money in, which money out. */
export interface MarkerFamily {
  readonly inflow: readonly string[];
  readonly outflow: readonly string[];
}

export interface LanguageVocabulary {
  readonly lang: Lang;
  /** The language's English name, for messages. */
  readonly name: string;
  /**
   * How the language's banks write numeric dates: day first, month first or year first; null when
   * its speakers do more than one (English: the US month first, the UK and most others day first).
   */
  readonly dateOrder: 'dmy' | 'mdy' | 'ymd' | null;
  /** The decimal mark its banks print; null when both are common. */
  readonly decimalMark: ',' | '.' | null;
  /** Single-byte code pages that hold the language's letters, most used by its banks first. */
  readonly codePages: readonly CodePage[];
  /** Its letters beyond ASCII, lower case (upper case is derived). */
  readonly letters: string;
  /**
   * Header phrases per role, spelt as banks print them; case, accents, camelCase joins and the
   * punctuation between words do not matter (fold.ts). A phrase belongs to one role only.
   */
  readonly headers: Readonly<Partial<Record<HeaderRole, readonly string[]>>>;
  /** Twelve lists, January to December, of the forms dates write: full names, inflected forms, abbreviations. */
  readonly months: readonly (readonly string[])[];
  /** Labels of rows that are not transactions: opening and closing balances, carried forward, totals, turnovers. */
  readonly balanceLines: readonly string[];
  /** Short words that may follow a balance label before a date or an amount (`Saldo vom 31.12.`, `Balance as of`). */
  readonly balanceConnectors: readonly string[];
  /** Marker conventions of direction columns, each a family whose values are all its own. */
  readonly directions: readonly MarkerFamily[];
}
