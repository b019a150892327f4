// Estonian: the exports of Swedbank EE (Kliendi konto;Reatüüp;Kuupäev;Saaja/Maksja;Selgitus;Summa;
// Valuuta;Deebet/Kreedit;…), the Estonian Banking Association CSV that SEB, LHV, Luminor (ex Nordea
// and DNB) and Coop Pank share (Kuupäev;Saaja/maksja nimi;Deebet/Kreedit (D/C);Summa;Selgitus;
// Valuuta;…), Nordea EE's older export (Kande kuupäev, Väärtuspäev), card issuers and budgeting
// apps localised to Estonian.
//
// Left out on purpose: `Kliendi konto` and `Saaja/maksja konto` (account numbers), `Reatüüp` and
// `Tehingu tüüp` (row and transaction type codes), `Arhiveerimistunnus`, `Viitenumber`,
// `Dokumendi number`, `Kande viide` (identifiers), `Teenustasu` (the fee), `Isikukood või
// registrikood`, `Saaja panga kood`.

import type { LanguageVocabulary } from '../languages.ts';

export const et: LanguageVocabulary = {
  lang: 'et',
  name: 'Estonian',
  dateOrder: 'dmy',
  decimalMark: ',',
  codePages: ['windows-1257', 'windows-1252', 'iso-8859-15'],
  letters: 'äõöüšž',
  headers: {
    date: [
      'Kuupäev', 'Kande kuupäev', 'Tehingu kuupäev', 'Tehingu aeg', 'Kirjendamise kuupäev', 'Kirjenduse kuupäev',
      'Broneerimise kuupäev', 'Makse kuupäev', 'Maksekuupäev', 'Ostu kuupäev',
    ],
    value_date: ['Väärtuspäev', 'Väärtuse kuupäev', 'Valuutapäev', 'Arvelduspäev'],
    amount: ['Summa', 'Tehingu summa', 'Kande summa', 'Makse summa', 'Summa konto valuutas'],
    inflow: ['Kreedit', 'Laekumised', 'Laekumine', 'Laekunud', 'Sissetulek', 'Sissetulekud', 'Sissemaksed', 'Tulu', 'Tulud'],
    outflow: ['Deebet', 'Väljaminekud', 'Väljaminek', 'Väljamaksed', 'Kulu', 'Kulud', 'Makstud'],
    payee: [
      'Saaja/Maksja', 'Saaja/maksja nimi', 'Maksja/Saaja', 'Maksja/saaja nimi', 'Saaja', 'Saaja nimi', 'Maksja nimi',
      'Makse saaja', 'Tehingu osapool', 'Osapool', 'Vastaspool', 'Kaupmees', 'Kaupmehe nimi',
    ],
    description: [
      'Selgitus', 'Kirjeldus', 'Tehingu kirjeldus', 'Tehingu selgitus', 'Kande selgitus', 'Kande kirjeldus', 'Tehing',
      'Üksikasjad', 'Tehingu üksikasjad', 'Tehingu detailid',
    ],
    notes: [
      'Makse selgitus', 'Makse eesmärk', 'Märkus', 'Märkused', 'Kommentaar', 'Kommentaarid', 'Lisainfo', 'Lisainformatsioon',
      'Lisateave',
    ],
    currency: ['Valuuta', 'Valuutakood', 'Tehingu valuuta', 'Konto valuuta'],
    balance: ['Saldo', 'Jääk', 'Konto jääk', 'Kontojääk', 'Saldo pärast tehingut', 'Jääk pärast tehingut', 'Kasutatav jääk'],
    category: ['Kategooria', 'Kulukategooria', 'Tehingu kategooria', 'Kategooria nimi'],
    account: ['Konto nimi', 'Kontonimi'],
    direction: ['Deebet/Kreedit', 'Deebet/Kreedit (D/C)', 'Deebet/Kreedit (D/K)', 'Kreedit/Deebet', 'D/K'],
  },
  months: [
    ['jaanuar', 'jaan'],
    ['veebruar', 'veebr'],
    ['märts'],
    ['aprill', 'apr'],
    ['mai'],
    ['juuni'],
    ['juuli'],
    ['august', 'aug'],
    ['september', 'sept'],
    ['oktoober', 'okt'],
    ['november', 'nov'],
    ['detsember', 'dets'],
  ],
  balanceLines: [
    'Algsaldo', 'Lõppsaldo', 'Saldo', 'Algjääk', 'Lõppjääk', 'Jääk', 'Käive', 'Käibed', 'Käive kokku', 'Käibed kokku',
    'Deebetkäive', 'Kreeditkäive', 'Kokku', 'Kõik kokku', 'Vahesumma', 'Eelmine saldo', 'Uus saldo', 'Perioodi algsaldo',
    'Perioodi lõppsaldo', 'Saldo perioodi alguses', 'Saldo perioodi lõpus',
  ],
  balanceConnectors: ['seisuga', 'alates', 'kuni', 'perioodil', 'kuupäeval'],
  directions: [{ inflow: ['Kreedit', 'K'], outflow: ['Deebet', 'D'] }],
};
