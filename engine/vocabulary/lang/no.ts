// Norwegian (Bokmål): banks of Norway (DNB, Nordea, Danske Bank, SpareBank 1, Sbanken, Bulder,
// Handelsbanken) and the broker Nordnet.
//
// Left out on purpose: `Avsender` and `Mottaker` (Nordea fills them with account numbers; the name
// is `Navn`), `Motkonto`, `Arkivreferanse`, `KID`, `Til konto` and `Fra konto` (SpareBank 1 and
// Bulder: the other account), `Type`, `Underkategori`.

import type { LanguageVocabulary } from '../languages.ts';

export const no: LanguageVocabulary = {
  lang: 'no',
  name: 'Norwegian',
  dateOrder: 'dmy',
  decimalMark: ',',
  codePages: ['windows-1252', 'iso-8859-15'],
  letters: 'æøå',
  headers: {
    date: [
      'Dato', 'Bokføringsdato', 'Bokført', 'Bokføringsdag', 'Transaksjonsdato', 'Kjøpsdato', 'Handelsdag', 'Handelsdato',
    ],
    value_date: ['Rentedato', 'Rentedag', 'Valutadato', 'Oppgjørsdag', 'Oppgjørsdato'],
    amount: ['Beløp', 'Transaksjonsbeløp', 'Bokført beløp'],
    inflow: ['Inn', 'Inn på konto', 'Innskudd', 'Innbetaling', 'Innbetalinger', 'Inntekt', 'Inntekter', 'Kredit'],
    outflow: ['Ut', 'Ut fra konto', 'Uttak', 'Utbetaling', 'Utbetalinger', 'Utgift', 'Utgifter', 'Debet'],
    payee: ['Navn', 'Mottakernavn', 'Betalingsmottaker', 'Motpart'],
    description: ['Tekst', 'Forklaring', 'Beskrivelse', 'Tittel', 'Transaksjonstekst'],
    notes: ['Melding', 'Melding til mottaker', 'Kommentar', 'Notat', 'Merknad'],
    // `Valuta` is the currency here (Nordea, Nordnet), the value date in German.
    currency: ['Valuta', 'Valutakode'],
    balance: ['Saldo', 'Bokført saldo', 'Disponibel saldo', 'Disponibelt beløp'],
    category: ['Kategori', 'Hovedkategori'],
    account: ['Kontonavn'],
    direction: ['Debet/Kredit', 'Kredit/Debet'],
  },
  months: [
    ['januar', 'jan'], ['februar', 'feb'], ['mars', 'mar'], ['april', 'apr'], ['mai'], ['juni', 'jun'], ['juli', 'jul'],
    ['august', 'aug'], ['september', 'sep', 'sept'], ['oktober', 'okt'], ['november', 'nov'], ['desember', 'des'],
  ],
  balanceLines: [
    'Saldo', 'Inngående saldo', 'Utgående saldo', 'Startsaldo', 'Sluttsaldo', 'Overført saldo', 'Saldo overført',
    'Ny saldo', 'Forrige saldo', 'Tidligere saldo', 'Bokført saldo', 'Disponibel saldo', 'Sum', 'Sum inn', 'Sum ut',
    'Totalt', 'Total', 'Til sammen',
  ],
  balanceConnectors: ['pr', 'per', 'den', 'fra', 'til'],
  directions: [{ inflow: ['Kredit'], outflow: ['Debet'] }],
};
