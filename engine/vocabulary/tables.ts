// Every language's table (lang/*.ts) in one list, and the lookups built from them once: the header
// phrases per role, month names, balance-line labels and direction marker families. Data in, maps
// out; no matching rules here (match.ts, parse/date.ts and infer/ use these maps).

import { fold } from './fold.ts';
import { HEADER_ROLES, LANGS, type HeaderRole, type Lang, type LanguageVocabulary, type MarkerFamily } from './languages.ts';
import { cs } from './lang/cs.ts';
import { da } from './lang/da.ts';
import { de } from './lang/de.ts';
import { en } from './lang/en.ts';
import { es } from './lang/es.ts';
import { et } from './lang/et.ts';
import { fi } from './lang/fi.ts';
import { fr } from './lang/fr.ts';
import { hu } from './lang/hu.ts';
import { it } from './lang/it.ts';
import { lt } from './lang/lt.ts';
import { lv } from './lang/lv.ts';
import { nl } from './lang/nl.ts';
import { no } from './lang/no.ts';
import { pl } from './lang/pl.ts';
import { pt } from './lang/pt.ts';
import { ru } from './lang/ru.ts';
import { sk } from './lang/sk.ts';
import { sv } from './lang/sv.ts';
import { tr } from './lang/tr.ts';
import { uk } from './lang/uk.ts';

export const VOCABULARY: Readonly<Record<Lang, LanguageVocabulary>> = {
  en, de, fr, es, it, nl, pt, pl, cs, sk, hu, sv, da, no, fi, lt, lv, et, ru, uk, tr,
};

export interface PhraseEntry {
  readonly role: HeaderRole;
  /** The languages whose tables give the phrase this role (a phrase such as `Saldo` is shared). */
  readonly langs: readonly Lang[];
}

/**
 * Folded header phrase → the roles it has, in LANGS order of the first language giving each. A
 * phrase may mean different things in different languages (`Valuta`: the value date in German, the
 * currency in Czech and Italian); the mapping tries each and lets the cells decide.
 */
export const HEADER_PHRASES: ReadonlyMap<string, readonly PhraseEntry[]> = (() => {
  const map = new Map<string, { role: HeaderRole; langs: Lang[] }[]>();
  for (const lang of LANGS) {
    const headers = VOCABULARY[lang].headers;
    for (const role of HEADER_ROLES) {
      for (const p of headers[role] ?? []) {
        const key = fold(p);
        const entries = map.get(key) ?? [];
        if (entries.length === 0) map.set(key, entries);
        const known = entries.find((e) => e.role === role);
        if (known === undefined) entries.push({ role, langs: [lang] });
        else if (!known.langs.includes(lang)) known.langs.push(lang);
      }
    }
  }
  return map;
})();

/** Folded month form → month number (1–12). English first, then LANGS order, on a clash. */
export const MONTH_BY_NAME: ReadonlyMap<string, number> = (() => {
  const map = new Map<string, number>();
  for (const lang of LANGS) {
    VOCABULARY[lang].months.forEach((forms, i) => {
      for (const f of forms) {
        const key = fold(f);
        if (!map.has(key)) map.set(key, i + 1);
      }
    });
  }
  return map;
})();

/** Folded balance-line labels of every language, and the connector words that may follow them. */
export const BALANCE_LABELS: ReadonlySet<string> = new Set(LANGS.flatMap((l) => VOCABULARY[l].balanceLines.map(fold)));
export const BALANCE_CONNECTORS: ReadonlySet<string> = new Set(
  LANGS.flatMap((l) => VOCABULARY[l].balanceConnectors.flatMap((c) => fold(c).split(' '))),
);

/** Direction marker families of every language, folded, with the language each came from. */
export const MARKER_FAMILIES: readonly (MarkerFamily & { readonly lang: Lang | 'any' })[] = [
  ...LANGS.flatMap((lang) =>
    VOCABULARY[lang].directions.map((f) => ({ lang, inflow: f.inflow.map(fold), outflow: f.outflow.map(fold) })),
  ),
  // Signs are not words: fold() would drop them.
  { lang: 'any' as const, inflow: ['+'], outflow: ['-'] },
];
