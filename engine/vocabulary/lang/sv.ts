// Swedish: banks of Sweden (Swedbank, SEB, Handelsbanken, Nordea, ICA Banken, Länsförsäkringar,
// Skandiabanken) and brokers (Avanza, Nordnet).
//
// Left out on purpose: `Avsändare` and `Mottagare` (Nordea fills them with account numbers; the
// name is `Namn`), `Referens` (Swedbank), `Verifikationsnummer`, `Radnummer`, `Clearingnummer`,
// `Kontonummer`, `Konto`, `OCR`.

import type { LanguageVocabulary } from '../languages.ts';

export const sv: LanguageVocabulary = {
  lang: 'sv',
  name: 'Swedish',
  // Swedish banks write ISO dates (2024-01-31).
  dateOrder: 'ymd',
  decimalMark: ',',
  codePages: ['windows-1252', 'iso-8859-15'],
  letters: 'åäö',
  headers: {
    date: [
      'Datum', 'Bokföringsdag', 'Bokföringsdatum', 'Bokförd', 'Transaktionsdag', 'Transaktionsdatum', 'Reskontradatum',
      'Affärsdag', 'Köpdatum',
    ],
    value_date: ['Valutadag', 'Valutadatum', 'Likviddag', 'Likviddatum'],
    amount: ['Belopp', 'Transaktionsbelopp', 'Bokfört belopp'],
    inflow: ['Insättning', 'Insättningar', 'Inbetalning', 'Inbetalningar', 'Inkomst', 'Inkomster', 'Kredit', 'Pengar in'],
    outflow: ['Uttag', 'Utbetalning', 'Utbetalningar', 'Utgift', 'Utgifter', 'Debet', 'Pengar ut'],
    payee: ['Namn', 'Mottagarnamn', 'Betalningsmottagare', 'Motpart', 'Handlare'],
    description: [
      'Text', 'Beskrivning', 'Rubrik', 'Transaktionstext', 'Text/mottagare', 'Värdepapper/beskrivning', 'Specifikation',
    ],
    notes: ['Meddelande', 'Anteckning', 'Anteckningar', 'Kommentar', 'Notering', 'Egen notering'],
    // `Valuta` is the currency here (Nordea, Swedbank, Avanza), the value date in German.
    currency: ['Valuta', 'Valutakod', 'Kontovaluta'],
    balance: ['Saldo', 'Bokfört saldo', 'Disponibelt belopp', 'Tillgängligt belopp', 'Behållning'],
    category: ['Kategori', 'Huvudkategori', 'Budgetgrupp'],
    account: ['Kontonamn'],
    direction: ['Debet/Kredit', 'Kredit/Debet'],
  },
  months: [
    ['januari', 'jan'], ['februari', 'feb'], ['mars', 'mar'], ['april', 'apr'], ['maj'], ['juni', 'jun'], ['juli', 'jul'],
    ['augusti', 'aug'], ['september', 'sep', 'sept'], ['oktober', 'okt'], ['november', 'nov'], ['december', 'dec'],
  ],
  balanceLines: [
    'Saldo', 'Ingående saldo', 'Utgående saldo', 'Ingående balans', 'Utgående balans', 'Nytt saldo', 'Föregående saldo',
    'Tidigare saldo', 'Bokfört saldo', 'Disponibelt saldo', 'Summa', 'Totalt', 'Totalsumma', 'Delsumma',
    'Summa insättningar', 'Summa uttag',
  ],
  balanceConnectors: ['per', 'den', 'från', 'till'],
  directions: [{ inflow: ['Kredit'], outflow: ['Debet'] }],
};
