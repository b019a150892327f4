// Lithuanian: the exports of Swedbank LT (Data;Gavėjas;Paaiškinimai;Suma;Valiuta;D/K;…), SEB LT
// (DOK NR.;DATA;VALIUTA;SUMA;MOKĖTOJO ARBA GAVĖJO PAVADINIMAS;…;MOKĖJIMO PASKIRTIS;…;
// DEBETAS/KREDITAS;SUMA SĄSKAITOS VALIUTA;…), Luminor LT, Šiaulių bankas, Citadele LT, Paysera
// (Data ir laikas;Gavėjas / Mokėtojas;Suma ir valiuta;Paskirtis;Kreditas / Debetas), card issuers
// and budgeting apps localised to Lithuanian.
//
// Left out on purpose: `Sąskaita`, `Sąskaitos Nr.`, `EVP / IBAN`, `Gavėjo/mokėtojo sąskaita`
// (account numbers), `DOK NR.`, `Įrašo Nr.`, `TRANSAKCIJOS KODAS`, `Įmokos kodas`, `NUORODA`
// (identifiers and references), `KREDITO ĮSTAIGOS SWIFT KODAS`, `MOKĖTOJO ARBA GAVĖJO
// IDENTIFIKACINIS KODAS`, `Įrašo tipas` (row type codes), `Dokumento data` (the date of the payment
// order, next to SEB's booking `DATA`), `Komisinis mokestis` (the fee).

import type { LanguageVocabulary } from '../languages.ts';

export const lt: LanguageVocabulary = {
  lang: 'lt',
  name: 'Lithuanian',
  dateOrder: 'ymd',
  decimalMark: ',',
  codePages: ['windows-1257'],
  letters: 'ąčęėįšųūž',
  headers: {
    date: [
      'Data', 'Data ir laikas', 'Operacijos data', 'Transakcijos data', 'Įrašo data', 'Knygavimo data', 'Registravimo data',
      'Užregistravimo data', 'Mokėjimo data', 'Pirkimo data',
    ],
    value_date: ['Valiutavimo data', 'Vertės data'],
    amount: [
      'Suma', 'Suma sąskaitos valiuta', 'Suma ir valiuta', 'Operacijos suma', 'Transakcijos suma', 'Mokėjimo suma',
      'Įrašo suma',
    ],
    inflow: ['Kreditas', 'Įplaukos', 'Pajamos', 'Įskaityta', 'Gauta'],
    outflow: ['Debetas', 'Išlaidos', 'Nurašyta', 'Sumokėta', 'Išmokėta'],
    payee: [
      'Gavėjas/Mokėtojas', 'Mokėtojas/Gavėjas', 'Mokėtojo arba gavėjo pavadinimas', 'Gavėjo arba mokėtojo pavadinimas',
      'Mokėtojo/gavėjo pavadinimas', 'Gavėjo/mokėtojo pavadinimas', 'Gavėjas', 'Gavėjo pavadinimas', 'Gavėjo vardas',
      'Mokėtojas', 'Mokėtojo pavadinimas', 'Kontrahentas', 'Kontrahento pavadinimas', 'Partneris', 'Prekybininkas',
    ],
    description: [
      'Paaiškinimai', 'Paaiškinimas', 'Aprašymas', 'Operacijos aprašymas', 'Transakcijos aprašymas', 'Detalės',
      'Operacijos detalės', 'Operacija',
    ],
    notes: [
      'Mokėjimo paskirtis', 'Paskirtis', 'Operacijos paskirtis', 'Pastabos', 'Pastaba', 'Komentaras', 'Komentarai',
      'Papildoma informacija', 'Informacija gavėjui',
    ],
    currency: ['Valiuta', 'Valiutos kodas', 'Sąskaitos valiuta', 'Operacijos valiuta'],
    balance: ['Likutis', 'Sąskaitos likutis', 'Likutis po operacijos', 'Turimas likutis', 'Galutinis likutis', 'Balansas'],
    category: ['Kategorija', 'Išlaidų kategorija', 'Operacijos kategorija'],
    account: ['Sąskaitos pavadinimas'],
    direction: ['Debetas/Kreditas', 'Kreditas/Debetas', 'D/K'],
  },
  months: [
    ['sausis', 'sausio', 'saus'],
    ['vasaris', 'vasario', 'vas'],
    ['kovas', 'kovo', 'kov'],
    ['balandis', 'balandžio', 'bal'],
    ['gegužė', 'gegužės', 'geg'],
    ['birželis', 'birželio', 'birž'],
    ['liepa', 'liepos', 'liep'],
    ['rugpjūtis', 'rugpjūčio', 'rugp'],
    ['rugsėjis', 'rugsėjo', 'rugs'],
    ['spalis', 'spalio', 'spal'],
    ['lapkritis', 'lapkričio', 'lapkr'],
    ['gruodis', 'gruodžio', 'gruod'],
  ],
  balanceLines: [
    'Likutis', 'Pradinis likutis', 'Galutinis likutis', 'Likutis pradžiai', 'Likutis pabaigai', 'Likutis laikotarpio pradžioje',
    'Likutis laikotarpio pabaigoje', 'Ankstesnis likutis', 'Naujas likutis', 'Apyvarta', 'Apyvartos', 'Debeto apyvarta',
    'Kredito apyvarta', 'Iš viso', 'Viso', 'Suma iš viso', 'Iš viso apyvarta', 'Tarpinė suma',
  ],
  balanceConnectors: ['nuo', 'iki', 'dienai', 'datai', 'laikotarpiui'],
  directions: [{ inflow: ['Kreditas', 'K'], outflow: ['Debetas', 'D'] }],
};
