// Danish: banks of Denmark (Danske Bank, Nordea, Jyske Bank, Sydbank, Spar Nord, Arbejdernes
// Landsbank, Lunar) and the broker Nordnet.
//
// Left out on purpose: `Afsender` and `Modtager` (Nordea fills them with account numbers; the name is
// `Navn`), `Status` and `Afstemt` (Danske Bank), `Underkategori` (a second category column).

import type { LanguageVocabulary } from '../languages.ts';

export const da: LanguageVocabulary = {
  lang: 'da',
  name: 'Danish',
  dateOrder: 'dmy',
  decimalMark: ',',
  codePages: ['windows-1252', 'iso-8859-15'],
  letters: 'æøå',
  headers: {
    date: [
      'Dato', 'Bogføringsdato', 'Bogført', 'Bogføringsdag', 'Posteringsdato', 'Transaktionsdato', 'Købsdato', 'Handelsdag',
      'Handelsdato',
    ],
    value_date: ['Rentedato', 'Rentedag', 'Valør', 'Valørdato', 'Valørdag'],
    amount: ['Beløb', 'Transaktionsbeløb', 'Posteringsbeløb', 'Bogført beløb'],
    inflow: ['Indsat', 'Indbetaling', 'Indbetalinger', 'Indtægt', 'Indtægter', 'Kredit'],
    outflow: ['Hævet', 'Hævning', 'Hævninger', 'Udbetaling', 'Udbetalinger', 'Udgift', 'Udgifter', 'Debet'],
    payee: ['Navn', 'Modtagernavn', 'Betalingsmodtager', 'Modpart'],
    description: ['Tekst', 'Beskrivelse', 'Posteringstekst', 'Transaktionstekst'],
    notes: ['Besked', 'Meddelelse', 'Note', 'Notat', 'Kommentar', 'Bemærkning', 'Bemærkninger', 'Tekst til modtager'],
    // `Valuta` is the currency here (Nordea, Nordnet), the value date in German.
    currency: ['Valuta', 'Valutakode'],
    balance: ['Saldo', 'Bogført saldo', 'Disponibel saldo', 'Disponibelt beløb', 'Rådighedsbeløb'],
    category: ['Kategori', 'Hovedkategori'],
    account: ['Kontonavn'],
    direction: ['Debet/Kredit', 'Kredit/Debet'],
  },
  months: [
    ['januar', 'jan'], ['februar', 'feb'], ['marts', 'mar'], ['april', 'apr'], ['maj'], ['juni', 'jun'], ['juli', 'jul'],
    ['august', 'aug'], ['september', 'sep', 'sept'], ['oktober', 'okt'], ['november', 'nov'], ['december', 'dec'],
  ],
  // Not `Primo` or `Ultimo` alone (both are also shop and restaurant names).
  balanceLines: [
    'Saldo', 'Primosaldo', 'Ultimosaldo', 'Saldo primo', 'Saldo ultimo', 'Startsaldo', 'Slutsaldo', 'Indgående saldo',
    'Udgående saldo', 'Overført saldo', 'Saldo overført', 'Ny saldo', 'Tidligere saldo', 'Forrige saldo',
    'Bogført saldo', 'Disponibel saldo', 'I alt', 'Total', 'Sum', 'Subtotal', 'Saldo i alt',
  ],
  balanceConnectors: ['pr', 'per', 'den', 'fra', 'til'],
  directions: [{ inflow: ['Kredit'], outflow: ['Debet'] }],
};
