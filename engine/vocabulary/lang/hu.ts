// Hungarian: OTP Bank, K&H, Erste, CIB, Raiffeisen, MBH (MKB, Budapest Bank, Takarék), UniCredit, Gránit,
// card issuers, and Revolut's and Wise's Hungarian exports.
//
// Left out on purpose: the bare `Típus` (too generic), `Eredeti összeg` / `Tranzakció összege eredeti
// devizában` (original currency), `Díj` and `Jutalék` (fees), `Árfolyam` (rate), and every account number
// and id (`Számlaszám`, `Partner számlaszáma`, `Ellenoldali számlaszám`, `Tranzakció azonosító`,
// `Banki tranzakció azonosító`, `Kivonat sorszáma`).

import type { LanguageVocabulary } from '../languages.ts';

export const hu: LanguageVocabulary = {
  lang: 'hu',
  name: 'Hungarian',
  dateOrder: 'ymd',
  decimalMark: ',',
  codePages: ['windows-1250', 'iso-8859-2'],
  letters: 'áéíóöőúüű',
  headers: {
    date: [
      'Dátum', 'Könyvelés dátuma', 'Könyvelési dátum', 'Könyvelés napja', 'Tranzakció dátuma', 'Tranzakció időpontja',
      'Teljesítés dátuma', 'Terhelés dátuma',
    ],
    value_date: ['Értéknap', 'Értéknapja', 'Esedékesség'],
    amount: ['Összeg', 'Tranzakció összege', 'Könyvelt összeg'],
    inflow: ['Jóváírás', 'Jóváírások', 'Jóváírt összeg', 'Bejövő', 'Bevétel'],
    outflow: ['Terhelés', 'Terhelések', 'Terhelt összeg', 'Kimenő', 'Kiadás'],
    payee: [
      'Partner', 'Partner neve', 'Partner név', 'Partner elnevezése', 'Partner számlatulajdonos', 'Ellenoldali név',
      'Ellenoldali számlatulajdonos', 'Kedvezményezett', 'Kedvezményezett neve', 'Megbízó/Kedvezményezett',
      'Kereskedő', 'Elfogadó',
    ],
    description: [
      'Megnevezés', 'Leírás', 'Tranzakció típusa', 'Tranzakció megnevezése', 'Tranzakció leírása', 'Forgalom típusa',
    ],
    notes: ['Közlemény', 'Közlemények', 'Megjegyzés'],
    currency: ['Pénznem', 'Devizanem', 'Deviza', 'Összeg devizaneme', 'Számla devizaneme', 'Számla pénzneme'],
    balance: [
      'Egyenleg', 'Könyvelt egyenleg', 'Számlaegyenleg', 'Egyenleg a tranzakció után', 'Elérhető egyenleg',
      'Rendelkezésre álló egyenleg', 'Felhasználható egyenleg',
    ],
    category: ['Kategória', 'Költési kategória', 'Tranzakció kategória'],
    account: ['Számla neve', 'Számla név', 'Számlanév', 'Számla megnevezése', 'Könyvelési számla elnevezése'],
    direction: [
      'Be/Ki', 'Bejövő/Kimenő', 'Terhelés vagy jóváírás', 'Terhelés vagy jóváírás (T/J)', 'T/J', 'Terhelés/Jóváírás',
      'Jóváírás/Terhelés', 'Irány',
    ],
  },
  months: [
    ['január', 'jan'],
    ['február', 'febr', 'feb'],
    ['március', 'márc'],
    ['április', 'ápr'],
    ['május', 'máj'],
    ['június', 'jún'],
    ['július', 'júl'],
    ['augusztus', 'aug'],
    ['szeptember', 'szept', 'szep'],
    ['október', 'okt'],
    ['november', 'nov'],
    ['december', 'dec'],
  ],
  balanceLines: [
    'Nyitó egyenleg', 'Záró egyenleg', 'Nyitóegyenleg', 'Záróegyenleg', 'Kezdő egyenleg', 'Induló egyenleg',
    'Előző egyenleg', 'Új egyenleg', 'Egyenleg', 'Könyvelt egyenleg', 'Elérhető egyenleg', 'Felhasználható egyenleg',
    'Áthozat', 'Áthozott egyenleg', 'Egyenleg áthozat', 'Átvitel', 'Összesen', 'Mindösszesen', 'Összes terhelés',
    'Összes jóváírás', 'Terhelések összesen', 'Jóváírások összesen', 'Forgalom összesen', 'Összes forgalom',
  ],
  balanceConnectors: ['per', 'napján', 'napon', 'ig', 'tól', 'től'],
  directions: [
    { inflow: ['J', 'Jóváírás'], outflow: ['T', 'Terhelés'] },
    { inflow: ['Be', 'Bejövő'], outflow: ['Ki', 'Kimenő'] },
  ],
};
