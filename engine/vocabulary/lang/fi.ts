// Finnish: the exports of Nordea (the old tab/semicolon format and the 2021+ netbank CSV), OP
// (Osuuspankki), Danske Bank FI, S-Pankki, Aktia, the Samlink banks (Säästöpankki, POP Pankki,
// Oma Säästöpankki, Handelsbanken FI), Ålandsbanken, Holvi and the Finnish card issuers, and
// budgeting apps localised to Finnish.
//
// Left out on purpose: `Maksaja` and `Maksunsaaja` (the 2021+ Nordea CSV puts account numbers
// there), `Laji` (OP's numeric transaction code), `Viite`, `Viitenumero`, `Maksajan viite` and
// `Arkistointitunnus` (reference and archive numbers), `Tili` (usually the account number).

import type { LanguageVocabulary } from '../languages.ts';

export const fi: LanguageVocabulary = {
  lang: 'fi',
  name: 'Finnish',
  dateOrder: 'dmy',
  decimalMark: ',',
  codePages: ['windows-1252', 'iso-8859-15'],
  letters: 'åäöšž',
  headers: {
    date: [
      'Kirjauspäivä', 'Kirjauspvm', 'Kirjauspäivämäärä', 'Päivämäärä', 'Pvm', 'Päiväys', 'Tapahtumapäivä', 'Tapahtumapvm',
      'Tapahtumapäivämäärä', 'Tapahtuman päivämäärä', 'Ostopäivä', 'Ostopvm',
    ],
    value_date: ['Arvopäivä', 'Arvopvm', 'Maksupäivä', 'Maksupvm', 'Korkopäivä'],
    amount: [
      'Määrä', 'Määrä EUROA', 'Määrä euroina', 'Summa', 'Summa euroina', 'Rahamäärä', 'Euromäärä', 'Tapahtuman määrä',
      'Tapahtuman summa',
    ],
    inflow: ['Pano', 'Panot', 'Hyvitys', 'Hyvitykset', 'Kredit', 'Tulot', 'Talletus', 'Talletukset'],
    outflow: ['Otto', 'Otot', 'Veloitus', 'Veloitukset', 'Debet', 'Menot', 'Nosto', 'Nostot'],
    payee: [
      'Saaja/Maksaja', 'Maksaja/Saaja', 'Saajan nimi', 'Maksajan nimi', 'Saajan/maksajan nimi', 'Saaja', 'Vastaanottaja',
      'Vastapuoli', 'Vastapuolen nimi', 'Nimi', 'Kauppias', 'Kauppiaan nimi',
    ],
    description: [
      'Selitys', 'Selite', 'Tapahtuma', 'Tapahtumalaji', 'Tapahtumatyyppi', 'Tapahtuman tyyppi', 'Kuvaus', 'Tapahtuman kuvaus',
      'Otsikko', 'Tapahtuman tiedot', 'Tapahtuman selite',
    ],
    notes: [
      'Viesti', 'Viestit', 'Maksun viesti', 'Lisätiedot', 'Lisätieto', 'Muistiinpano', 'Muistiinpanot', 'Huomautus',
      'Huomautukset', 'Kommentti', 'Kommentit', 'Maksun tarkoitus',
    ],
    currency: ['Valuutta', 'Valuuttakoodi', 'Valuuttalaji', 'Rahayksikkö', 'Tapahtuman valuutta'],
    balance: ['Saldo', 'Tilin saldo', 'Saldo tapahtuman jälkeen', 'Tilin saldo tapahtuman jälkeen', 'Käytettävissä oleva saldo'],
    category: ['Kategoria', 'Luokka', 'Alaluokka', 'Pääluokka', 'Menoluokka', 'Kululuokka'],
    account: ['Tilin nimi', 'Tilinimi'],
    direction: ['Debet/Kredit', 'Kredit/Debet', 'Veloitus/Hyvitys', 'Hyvitys/Veloitus', 'Tapahtuman suunta'],
  },
  months: [
    ['tammikuu', 'tammikuuta', 'tammik', 'tammi'],
    ['helmikuu', 'helmikuuta', 'helmik', 'helmi'],
    ['maaliskuu', 'maaliskuuta', 'maalisk', 'maalis'],
    ['huhtikuu', 'huhtikuuta', 'huhtik', 'huhti'],
    ['toukokuu', 'toukokuuta', 'toukok', 'touko'],
    ['kesäkuu', 'kesäkuuta', 'kesäk', 'kesä'],
    ['heinäkuu', 'heinäkuuta', 'heinäk', 'heinä'],
    ['elokuu', 'elokuuta', 'elok', 'elo'],
    ['syyskuu', 'syyskuuta', 'syysk', 'syys'],
    ['lokakuu', 'lokakuuta', 'lokak', 'loka'],
    ['marraskuu', 'marraskuuta', 'marrask', 'marras'],
    ['joulukuu', 'joulukuuta', 'jouluk', 'joulu'],
  ],
  balanceLines: [
    'Alkusaldo', 'Loppusaldo', 'Saldo', 'Tilin saldo', 'Avaava saldo', 'Päättävä saldo', 'Edellinen saldo', 'Uusi saldo',
    'Saldo alussa', 'Saldo lopussa', 'Yhteensä', 'Kaikki yhteensä', 'Välisumma', 'Panot yhteensä', 'Otot yhteensä',
    'Hyvitykset yhteensä', 'Veloitukset yhteensä', 'Tapahtumat yhteensä', 'Siirto edelliseltä sivulta',
    'Siirto seuraavalle sivulle',
  ],
  balanceConnectors: ['per', 'pvm', 'ajalta', 'ajalla'],
  directions: [{ inflow: ['Kredit', 'Hyvitys'], outflow: ['Debet', 'Veloitus'] }],
};
