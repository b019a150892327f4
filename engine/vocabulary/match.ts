// Looking a header up in the vocabulary (SPEC §2.14): the header is folded (fold.ts) and compared
// whole with the phrases of the language tables; failing that, without its decorations: a trailing
// currency code or number (`Amount EUR`, `Betrag (EUR)`, `Deposits (SGD)`, `Description 1`), the
// signs and symbols fold() drops anyway (`Withdrawal (-)`, `Amount ($)`, `#Kwota`). Words are never
// looked for inside a longer header: `Original amount` is not `amount`, `Kontonummer` not `Konto`.
//
//   matchHeader('Betrag (EUR)')  → { role: 'amount', langs: ['de'], roles: [...], decorated: true }
//   matchHeader('Kontostand')    → { role: 'balance', langs: ['de'], roles: [...], decorated: false }

import { isCurrency } from '../parse/currency.ts';
import { fold } from './fold.ts';
import type { HeaderRole, Lang } from './languages.ts';
import { HEADER_PHRASES, type PhraseEntry } from './tables.ts';

export interface HeaderMatch {
  /** The role of the first language (in LANGS order) that has the phrase. */
  role: HeaderRole;
  /** The languages whose tables give the phrase that role. */
  langs: readonly Lang[];
  /** Every role the phrase has in some language, the first one first. */
  roles: readonly PhraseEntry[];
  /** True when a decoration had to be dropped to find it. */
  decorated: boolean;
}

/** The header without a trailing currency code or number, or null when it has neither. */
function undecorated(folded: string): string | null {
  const words = folded.split(' ');
  let end = words.length;
  while (end > 1) {
    const w = words[end - 1]!;
    if ((w.length === 3 && isCurrency(w)) || /^\d+$/.test(w)) end--;
    else break;
  }
  return end === words.length ? null : words.slice(0, end).join(' ');
}

/** Longer than this, a header is no phrase of the vocabulary, decorated or not: not folded at all. */
const LONGEST_HEADER = 2 * Math.max(...[...HEADER_PHRASES.keys()].map((k) => k.length)) + 20;

export function matchHeader(header: string): HeaderMatch | null {
  if (header.length > LONGEST_HEADER) return null;
  const folded = fold(header);
  if (folded === '') return null;
  const exact = HEADER_PHRASES.get(folded);
  if (exact !== undefined) return { role: exact[0]!.role, langs: exact[0]!.langs, roles: exact, decorated: false };
  const bare = undecorated(folded);
  const hit = bare === null ? undefined : HEADER_PHRASES.get(bare);
  return hit === undefined ? null : { role: hit[0]!.role, langs: hit[0]!.langs, roles: hit, decorated: true };
}

/** Every role a header may have (none when the vocabulary does not know it). */
export function matchHeaderRoles(header: string): readonly PhraseEntry[] {
  return matchHeader(header)?.roles ?? [];
}
