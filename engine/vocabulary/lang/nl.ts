// Dutch: banks of the Netherlands (ING, Rabobank, ABN AMRO, SNS/ASN/RegioBank, Triodos, Knab, bunq)
// and of Flanders (KBC, Belfius, Argenta, BNP Paribas Fortis, ING België).
//
// Left out on purpose: `Rekening`, `Tegenrekening`, `Tegenpartij` (BNP Paribas Fortis puts the
// counterparty's IBAN there), `Betalingskenmerk`, `Gestructureerde mededeling`, `Volgnr`, `Code`,
// `Oorspr bedrag`, `Oorspr munt`, `Koers`; `Naam uiteindelijke partij` (a second name beside
// `Naam tegenpartij`).

import type { LanguageVocabulary } from '../languages.ts';

export const nl: LanguageVocabulary = {
  lang: 'nl',
  name: 'Dutch',
  // ING, Rabobank and ABN AMRO write year first (20240131, 2024-01-31), which is never ambiguous;
  // the others, and everyone in Flanders, day first.
  dateOrder: 'dmy',
  decimalMark: ',',
  codePages: ['windows-1252', 'iso-8859-15'],
  letters: 'éëïöüèáóúàçêô',
  headers: {
    date: [
      'Datum', 'Boekingsdatum', 'Boekdatum', 'Boekingsdag', 'Transactiedatum', 'Datum transactie', 'Verrichtingsdatum',
      'Uitvoeringsdatum', 'Journaaldatum', 'Aankoopdatum',
    ],
    // `Valuta` is the value date in Flemish exports (KBC, Argenta); the currency is `Munt`.
    value_date: ['Rentedatum', 'Valutadatum', 'Valutadag', 'Valuta'],
    amount: ['Bedrag', 'Transactiebedrag', 'Mutatiebedrag'],
    inflow: [
      'Bij', 'Bijschrijving', 'Bijschrijvingen', 'Credit', 'Bedrag bij', 'Ontvangsten', 'Inkomsten', 'Storting',
      'Stortingen',
    ],
    outflow: [
      'Af', 'Afschrijving', 'Afschrijvingen', 'Debet', 'Bedrag af', 'Uitgaven', 'Opname', 'Opnames', 'Opnemingen',
    ],
    payee: [
      'Naam / Omschrijving', 'Naam tegenpartij', 'Naam tegenpartij bevat', 'Naam van de tegenpartij', 'Tegenpartij naam',
      'Tegenrekeninghouder', 'Naam', 'Begunstigde', 'Naam begunstigde', 'Ontvanger', 'Naam ontvanger',
    ],
    description: [
      'Omschrijving', 'Mutatiesoort', 'Beschrijving', 'Type verrichting', 'Soort transactie', 'Soort bij-/afschrijving',
      'Transactieomschrijving', 'Details',
    ],
    notes: [
      'Mededelingen', 'Mededeling', 'Vrije mededeling', 'Bericht', 'Omschrijving 2', 'Omschrijving 3',
      'Detail van de omzet', 'Notitie', 'Notities', 'Opmerking', 'Opmerkingen',
    ],
    currency: [
      'Munt', 'Muntsoort', 'Munteenheid', 'Valutacode', 'Valutasoort', 'Valutasoort rekening', 'Valutasoort mutatie',
      'Valuta rekening', 'Devies',
    ],
    balance: [
      'Saldo', 'Saldo na mutatie', 'Saldo na trn', 'Saldo na transactie', 'Saldo na boeking', 'Saldo voor mutatie',
      'Saldo voor trn', 'Beginsaldo', 'Eindsaldo', 'Nieuw saldo',
    ],
    category: ['Categorie', 'Hoofdcategorie'],
    account: ['Rekeningnaam', 'Naam rekening', 'Naam van de rekening', 'Rubrieknaam'],
    direction: ['Af Bij', 'Bij Af', 'Debet/Credit', 'Credit/Debet', 'D/C'],
  },
  months: [
    ['januari', 'jan'], ['februari', 'feb', 'febr'], ['maart', 'mrt'], ['april', 'apr'], ['mei'], ['juni', 'jun'],
    ['juli', 'jul'], ['augustus', 'aug'], ['september', 'sep', 'sept'], ['oktober', 'okt'], ['november', 'nov'],
    ['december', 'dec'],
  ],
  // Not `Transport` (the old word for carried forward, but also a category and a payee's trade).
  balanceLines: [
    'Saldo', 'Beginsaldo', 'Eindsaldo', 'Begin saldo', 'Eind saldo', 'Saldo begin', 'Saldo eind', 'Openingssaldo',
    'Startsaldo', 'Slotsaldo', 'Oud saldo', 'Nieuw saldo', 'Vorig saldo', 'Huidig saldo', 'Totaal', 'Totalen',
    'Subtotaal', 'Totaal af', 'Totaal bij', 'Totaal afschrijvingen', 'Totaal bijschrijvingen', 'Totaal debet',
    'Totaal credit',
  ],
  balanceConnectors: ['per', 'op', 'van', 'tot', 'tot en met'],
  directions: [
    // ING's `Af Bij` column.
    { inflow: ['Bij'], outflow: ['Af'] },
    // Triodos (`Credit`/`Debet`), Knab's `CreditDebet` and the old Rabobank layout (`C`/`D`).
    { inflow: ['Credit', 'C'], outflow: ['Debet', 'D'] },
  ],
};
