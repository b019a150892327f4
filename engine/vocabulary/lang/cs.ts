// Czech: Česká spořitelna (George), ČSOB, Komerční banka, Raiffeisenbank, Moneta, Fio banka, Air Bank,
// mBank CZ, UniCredit CZ, Equa/Creditas, Partners, card issuers, and Revolut's Czech export.
//
// Left out on purpose: `Původní částka` / `Původní částka úhrady` / `Původní měna` (original currency),
// `Poplatek` (fees), `Směnný kurz` (rate), `Protistrana` and `Protiúčet` (KB and Fio put the counterparty's
// account number there), and every account number, bank code, symbol and id (`Číslo účtu`, `Kód banky`,
// `VS`/`KS`/`SS`, `ID pohybu`, `Identifikace transakce`, `Referenční číslo`). KB's first column
// `Datum splatnosti` is its booking date, but Air Bank uses it for a payment's due date, so it is a
// value date here (taken when a file has no other date).

import type { LanguageVocabulary } from '../languages.ts';

export const cs: LanguageVocabulary = {
  lang: 'cs',
  name: 'Czech',
  dateOrder: 'dmy',
  decimalMark: ',',
  codePages: ['windows-1250', 'iso-8859-2'],
  letters: 'áčďéěíňóřšťúůýž',
  headers: {
    date: [
      'Datum', 'Datum zaúčtování', 'Datum provedení', 'Datum transakce', 'Datum pohybu', 'Datum operace', 'Datum platby',
      'Datum uskutečnění transakce', 'Datum zaúčtování transakce', 'Datum a čas', 'Datum zahájení', 'Datum dokončení',
    ],
    value_date: ['Valuta', 'Datum valuty', 'Datum splatnosti'],
    amount: [
      'Částka', 'Objem', 'Zaúčtovaná částka', 'Částka v měně účtu', 'Částka transakce', 'Částka v Kč', 'Částka platby',
    ],
    inflow: ['Příjem', 'Příjmy', 'Připsáno', 'Kredit', 'Ve prospěch'],
    outflow: ['Výdaj', 'Výdej', 'Výdaje', 'Odepsáno', 'Debet', 'Na vrub'],
    payee: [
      'Název protiúčtu', 'Název protistrany', 'Jméno protistrany', 'Název účtu protistrany', 'Plátce/Příjemce',
      'Příjemce', 'Obchodník', 'Název obchodníka', 'Obchodní místo',
    ],
    description: [
      'Popis', 'Popis transakce', 'Popis platby', 'Typ transakce', 'Typ pohybu', 'Typ úhrady', 'Typ operace',
      'Druh transakce', 'Označení operace', 'Systémový popis', 'Detaily transakce',
    ],
    notes: [
      'Zpráva', 'Zpráva pro příjemce', 'Zpráva pro plátce', 'Poznámka', 'Vlastní poznámka', 'Poznámka pro mne',
      'Poznámka k úhradě', 'Komentář', 'Popis příkazce', 'Popis pro příjemce', 'Účel platby', 'Účel úhrady',
      'Uživatelská identifikace', 'Informace pro příjemce',
    ],
    currency: ['Měna', 'Měna účtu', 'Kód měny'],
    balance: [
      'Zůstatek', 'Zůstatek po transakci', 'Účetní zůstatek po transakci', 'Účetní zůstatek', 'Disponibilní zůstatek',
      'Zůstatek na účtu', 'Stav účtu',
    ],
    category: ['Kategorie', 'Kategorie transakce', 'Kategorie plateb', 'Kategorie platby', 'Kategorie pohybu'],
    account: ['Název účtu'],
    direction: ['Směr úhrady', 'Směr platby', 'Směr', 'Příjem/Výdaj', 'Kredit/Debet', 'Debet/Kredit'],
  },
  months: [
    ['leden', 'ledna', 'led'],
    ['únor', 'února', 'úno'],
    ['březen', 'března', 'bře'],
    ['duben', 'dubna', 'dub'],
    ['květen', 'května', 'kvě'],
    ['červen', 'června', 'čvn', 'čer'],
    ['červenec', 'července', 'čvc', 'čec'],
    ['srpen', 'srpna', 'srp'],
    ['září', 'zář'],
    ['říjen', 'října', 'říj'],
    ['listopad', 'listopadu', 'lis'],
    ['prosinec', 'prosince', 'pro'],
  ],
  balanceLines: [
    'Počáteční zůstatek', 'Konečný zůstatek', 'Počáteční stav', 'Konečný stav', 'Koncový stav', 'Počáteční stav účtu',
    'Konečný stav účtu', 'Zůstatek', 'Předchozí zůstatek', 'Nový zůstatek', 'Převod zůstatku', 'Disponibilní zůstatek',
    'Účetní zůstatek', 'Stav účtu', 'Celkem', 'Součet', 'Úhrn', 'Obrat', 'Obraty', 'Celkový obrat', 'Obraty celkem',
    'Příjmy celkem', 'Výdaje celkem', 'Celkové příjmy', 'Celkové výdaje', 'Suma příjmů', 'Suma výdajů',
  ],
  balanceConnectors: ['ke dni', 'k', 'ke', 'dne', 'za', 'od', 'do', 'per'],
  directions: [
    { inflow: ['Příchozí', 'Příjem'], outflow: ['Odchozí', 'Výdaj', 'Výdej'] },
    { inflow: ['Kredit'], outflow: ['Debet'] },
  ],
};
