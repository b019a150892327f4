// German: banks of Germany (Sparkasse CSV-CAMT and CSV-MT940, Deutsche Bank, Postbank, Commerzbank,
// comdirect, DKB giro and credit card, ING, Consorsbank, HypoVereinsbank, Volksbanken/Raiffeisenbanken
// old and Atruvia layouts, apoBank, N26, Barclaycard, Amex), of Austria (Erste/George, Raiffeisen,
// Bank Austria) and of German-speaking Switzerland (UBS, PostFinance, ZKB), and the German exports of
// PayPal and MoneyMoney.
//
// Left out on purpose: `Zahlungspflichtige*r` (DKB) and `Auftraggeber/Zahlungsempfänger` (old
// Volksbank layout), which hold the account holder's own name on most rows; `Umsatzart` and
// `Vorgang` (a booking type such as `Lastschrift`, which would be taken as the name where no payee
// column exists, e.g. Commerzbank); `Konto` (MoneyMoney's counterparty account number); every
// account number, IBAN, BIC, reference, fee and original-currency column.

import type { LanguageVocabulary } from '../languages.ts';

export const de: LanguageVocabulary = {
  lang: 'de',
  name: 'German',
  dateOrder: 'dmy',
  decimalMark: ',',
  codePages: ['windows-1252', 'iso-8859-15'],
  letters: 'äöüß',
  headers: {
    date: [
      'Buchungstag', 'Buchungsdatum', 'Buchung', 'Datum', 'Belegdatum', 'Umsatztag', 'Umsatzdatum', 'Transaktionsdatum',
      'Abschlussdatum', 'Kaufdatum', 'Ausführungsdatum', 'Zahlungsdatum',
    ],
    value_date: [
      'Wertstellung', 'Wertstellungsdatum', 'Wertstellungstag', 'Wertstellung (Valuta)', 'Valuta', 'Valutadatum',
      'Valutatag', 'Wert',
    ],
    // `Betrag in EUR`, `Umsatz in EUR`: the currency after `in` is dropped as decoration (match.ts).
    amount: [
      'Betrag', 'Umsatz', 'Betrag in', 'Umsatz in', 'Buchungsbetrag', 'Umsatzbetrag', 'Transaktionsbetrag',
      'Zahlungsbetrag', 'Gesamtbetrag', 'Betrag in Kontowährung', 'Netto',
    ],
    inflow: [
      'Haben', 'Habenbetrag', 'Betrag Haben', 'Gutschrift', 'Gutschriften', 'Gutschrift in', 'Eingang', 'Eingänge',
      'Zahlungseingang', 'Zahlungseingänge', 'Geldeingang', 'Einnahme', 'Einnahmen', 'Einzahlung', 'Einzahlungen',
    ],
    outflow: [
      'Soll', 'Sollbetrag', 'Betrag Soll', 'Belastung', 'Belastungen', 'Lastschrift', 'Lastschriften', 'Lastschrift in',
      'Ausgang', 'Ausgänge', 'Zahlungsausgang', 'Zahlungsausgänge', 'Geldausgang', 'Ausgabe', 'Ausgaben', 'Auszahlung',
      'Auszahlungen', 'Abbuchung', 'Abbuchungen',
    ],
    payee: [
      'Empfänger', 'Empfaenger', 'Auftraggeber', 'Auftraggeber/Empfänger', 'Auftraggeber/Empfaenger',
      'Auftraggeber / Begünstigter', 'Begünstigter / Auftraggeber', 'Begünstigter', 'Beguenstigter',
      'Begünstigter/Zahlungspflichtiger', 'Beguenstigter/Zahlungspflichtiger', 'Empfänger/Zahlungspflichtiger',
      'Zahlungsempfänger', 'Zahlungsempfänger*in', 'Sender / Empfänger', 'Name', 'Name Zahlungsbeteiligter',
      'Name des Zahlungsbeteiligten', 'Zahlungsbeteiligter', 'Partnername', 'Gegenpartei', 'Empfängername',
      'Name des Empfängers', 'Händler', 'Händlername',
    ],
    description: [
      'Buchungstext', 'Beschreibung', 'Beschreibung1', 'Buchungsdetails', 'Text', 'Avisierungstext',
      'Vorgang/Verwendungszweck', 'Erscheint auf Ihrer Abrechnung als', 'Transaktionsbeschreibung',
    ],
    notes: [
      'Verwendungszweck', 'Zahlungszweck', 'Zweck', 'Bemerkung', 'Bemerkungen', 'Notiz', 'Notizen', 'Kommentar',
      'Mitteilung', 'Hinweis', 'Betreff', 'Weitere Details', 'Beschreibung2', 'Beschreibung 2', 'Beschreibung3',
    ],
    currency: ['Währung', 'Waehrung', 'Whg', 'Whr', 'Währungscode', 'Kontowährung'],
    balance: [
      'Saldo', 'Kontostand', 'Saldo nach Buchung', 'Saldo in', 'Kontosaldo', 'Neuer Saldo', 'Neuer Kontostand',
      'Laufender Saldo', 'Tagessaldo', 'Guthaben', 'Verfügbarer Betrag', 'Verfügbarer Saldo',
    ],
    category: ['Kategorie', 'Kategorien', 'Hauptkategorie', 'Umsatzkategorie'],
    account: ['Kontoname', 'Kontobezeichnung', 'Bezeichnung Auftragskonto'],
    direction: ['Soll/Haben', 'Haben/Soll', 'S/H', 'Soll/Haben-Kennzeichen', 'Umsatztyp'],
  },
  months: [
    ['Januar', 'Jänner', 'Jan', 'Jän'], ['Februar', 'Feber', 'Feb', 'Febr'], ['März', 'Maerz', 'Mär', 'Mrz'],
    ['April', 'Apr'], ['Mai'], ['Juni', 'Jun'], ['Juli', 'Jul'], ['August', 'Aug'], ['September', 'Sep', 'Sept'],
    ['Oktober', 'Okt'], ['November', 'Nov'], ['Dezember', 'Dez'],
  ],
  // Not `Übertrag` or `Vortrag` alone (an `Übertrag` is also a transfer between one's own accounts),
  // nor `Abschluss`/`Rechnungsabschluss` (the Sparkasse posting of the quarter's fees and interest).
  balanceLines: [
    'Saldo', 'Anfangssaldo', 'Endsaldo', 'Schlusssaldo', 'Startsaldo', 'Eröffnungssaldo', 'Alter Saldo', 'Neuer Saldo',
    'Saldo alt', 'Saldo neu', 'Kontostand', 'Alter Kontostand', 'Neuer Kontostand', 'Aktueller Kontostand',
    'Kontostand alt', 'Kontostand neu', 'Tagessaldo', 'Saldovortrag', 'Saldoübertrag', 'Anfangsbestand', 'Endbestand',
    'Summe', 'Summen', 'Gesamtsumme', 'Zwischensumme', 'Gesamt', 'Total', 'Umsatzsumme', 'Summe Umsätze',
    'Umsätze gesamt', 'Summe Soll', 'Summe Haben', 'Summe Gutschriften', 'Summe Lastschriften', 'Summe Belastungen',
  ],
  balanceConnectors: ['vom', 'am', 'per', 'zum', 'zu', 'von', 'bis', 'für'],
  directions: [
    { inflow: ['Haben', 'H'], outflow: ['Soll', 'S'] },
    // DKB's `Umsatztyp` column.
    { inflow: ['Eingang'], outflow: ['Ausgang'] },
  ],
};
