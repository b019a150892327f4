// Slovak: Slovenská sporiteľňa (George), VÚB, Tatra banka, ČSOB SK, Prima banka, 365.bank, UniCredit SK,
// Fio SK, mBank SK, card issuers, and Revolut's Slovak export.
//
// Left out on purpose: Tatra banka's bare `Typ` (its `Kredit`/`Debet` column: generic, found by content
// through the marker family below), `Pôvodná suma` / `Pôvodná mena` (original currency), `Poplatok`
// (fees), `Kurz`, and every account number, symbol and id (`Číslo účtu`, `Predčíslie`, `Kód banky`, `IBAN`,
// `Protiúčet`, `Variabilný symbol`, `VS`/`KS`/`ŠS`, `ID pohybu`).

import type { LanguageVocabulary } from '../languages.ts';

export const sk: LanguageVocabulary = {
  lang: 'sk',
  name: 'Slovak',
  dateOrder: 'dmy',
  decimalMark: ',',
  codePages: ['windows-1250', 'iso-8859-2'],
  letters: 'áäčďéíĺľňóôŕšťúýž',
  headers: {
    date: [
      'Dátum', 'Dátum zaúčtovania', 'Dátum účtovania', 'Dátum spracovania', 'Dátum zúčtovania', 'Dátum transakcie',
      'Dátum uskutočnenia transakcie', 'Dátum zaúčtovania transakcie', 'Dátum realizácie', 'Dátum vykonania',
      'Dátum pohybu', 'Dátum platby', 'Dátum a čas', 'Dátum začatia', 'Dátum dokončenia',
    ],
    value_date: ['Valuta', 'Dátum valuty', 'Dátum splatnosti'],
    amount: ['Suma', 'Čiastka', 'Suma transakcie', 'Zaúčtovaná suma', 'Suma v mene účtu', 'Suma platby', 'Objem'],
    inflow: ['Príjem', 'Príjmy', 'Pripísané', 'V prospech účtu'],
    outflow: ['Výdaj', 'Výdavky', 'Odpísané', 'Na ťarchu účtu'],
    payee: [
      'Názov protiúčtu', 'Názov protistrany', 'Meno protistrany', 'Platiteľ/Príjemca', 'Príjemca', 'Obchodník',
      'Názov obchodníka', 'Obchodné miesto',
    ],
    description: [
      'Popis', 'Popis transakcie', 'Popis platby', 'Typ transakcie', 'Typ pohybu', 'Typ platby', 'Druh transakcie',
      'Detaily transakcie',
    ],
    notes: [
      'Správa pre príjemcu', 'Správa pre prijímateľa', 'Informácia pre príjemcu', 'Referencia platiteľa', 'Správa',
      'Poznámka', 'Vlastná poznámka', 'Komentár', 'Účel platby',
    ],
    currency: ['Mena', 'Mena účtu', 'Kód meny'],
    balance: [
      'Zostatok', 'Zostatok po transakcii', 'Účtovný zostatok po transakcii', 'Účtovný zostatok', 'Disponibilný zostatok',
      'Zostatok na účte', 'Stav účtu',
    ],
    category: ['Kategória', 'Kategória transakcie', 'Kategória platby'],
    account: ['Názov účtu'],
    direction: ['Smer platby', 'Smer', 'Kredit/Debet', 'Debet/Kredit', 'Príjem/Výdaj'],
  },
  months: [
    ['január', 'januára', 'jan'],
    ['február', 'februára', 'feb'],
    ['marec', 'marca', 'mar'],
    ['apríl', 'apríla', 'apr'],
    ['máj', 'mája'],
    ['jún', 'júna'],
    ['júl', 'júla'],
    ['august', 'augusta', 'aug'],
    ['september', 'septembra', 'sep', 'sept'],
    ['október', 'októbra', 'okt'],
    ['november', 'novembra', 'nov'],
    ['december', 'decembra', 'dec'],
  ],
  balanceLines: [
    'Počiatočný zostatok', 'Konečný zostatok', 'Začiatočný zostatok', 'Počiatočný stav', 'Konečný stav', 'Zostatok',
    'Predchádzajúci zostatok', 'Nový zostatok', 'Prevod zostatku', 'Disponibilný zostatok', 'Účtovný zostatok',
    'Stav účtu', 'Spolu', 'Celkom', 'Súčet', 'Úhrn', 'Obrat', 'Obraty', 'Obraty spolu', 'Kreditný obrat', 'Debetný obrat',
    'Kreditné obraty', 'Debetné obraty', 'Príjmy spolu', 'Výdavky spolu',
  ],
  balanceConnectors: ['ku dňu', 'k', 'ku', 'dňa', 'za', 'od', 'do', 'per'],
  directions: [
    { inflow: ['Kredit'], outflow: ['Debet'] },
    { inflow: ['Prichádzajúca', 'Príjem'], outflow: ['Odchádzajúca', 'Výdaj'] },
  ],
};
