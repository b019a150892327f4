// The German, Dutch, Swedish, Danish and Norwegian vocabulary tables (engine/vocabulary/lang/de.ts,
// nl.ts, sv.ts, da.ts, no.ts): real column titles of those countries' bank exports, written as the
// banks print them, find their role; account numbers, references, fees and foreign amounts find none;
// month names and balance-line labels are known.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fold } from '../engine/vocabulary/fold.ts';
import { HEADER_ROLES, type HeaderRole, type Lang } from '../engine/vocabulary/languages.ts';
import { matchHeader } from '../engine/vocabulary/match.ts';
import { BALANCE_CONNECTORS, BALANCE_LABELS, MARKER_FAMILIES, MONTH_BY_NAME, VOCABULARY } from '../engine/vocabulary/tables.ts';

const MINE = ['de', 'nl', 'sv', 'da', 'no'] as const;

const CASES: readonly (readonly [string, HeaderRole, Lang])[] = [
  // German: Sparkasse, Deutsche Bank, Postbank, Commerzbank, comdirect, DKB, ING, Consorsbank, HVB,
  // Volksbank, N26, Barclaycard, UBS, PostFinance, ZKB, Erste/George, PayPal.
  ['Buchungstag', 'date', 'de'],
  ['Buchungsdatum', 'date', 'de'],
  ['BUCHUNGSDATUM', 'date', 'de'],
  ['Buchung', 'date', 'de'],
  ['Belegdatum', 'date', 'de'],
  ['Umsatztag', 'date', 'de'],
  ['Transaktionsdatum', 'date', 'de'],
  ['Datum', 'date', 'de'],
  ['Wertstellung', 'value_date', 'de'],
  ['Wertstellung (Valuta)', 'value_date', 'de'],
  ['Valutadatum', 'value_date', 'de'],
  ['Wertstellungsdatum', 'value_date', 'de'],
  ['Wert', 'value_date', 'de'],
  ['Betrag', 'amount', 'de'],
  ['Betrag (EUR)', 'amount', 'de'],
  ['Betrag (€)', 'amount', 'de'],
  ['Umsatz in EUR', 'amount', 'de'],
  ['Betrag in EUR', 'amount', 'de'],
  ['Umsatz', 'amount', 'de'],
  ['Haben', 'inflow', 'de'],
  ['Gutschrift in CHF', 'inflow', 'de'],
  ['Gutschrift CHF', 'inflow', 'de'],
  ['Einnahmen', 'inflow', 'de'],
  ['Soll', 'outflow', 'de'],
  ['Lastschrift in CHF', 'outflow', 'de'],
  ['Belastung', 'outflow', 'de'],
  ['Belastung CHF', 'outflow', 'de'],
  ['Ausgaben', 'outflow', 'de'],
  ['Beguenstigter/Zahlungspflichtiger', 'payee', 'de'],
  ['Begünstigter / Auftraggeber', 'payee', 'de'],
  ['Auftraggeber / Begünstigter', 'payee', 'de'],
  ['Auftraggeber/Empfänger', 'payee', 'de'],
  ['Zahlungsempfänger*in', 'payee', 'de'],
  ['Name Zahlungsbeteiligter', 'payee', 'de'],
  ['Empfaenger 1', 'payee', 'de'],
  ['Sender / Empfänger', 'payee', 'de'],
  ['Empfänger/Zahlungspflichtiger', 'payee', 'de'],
  ['Partnername', 'payee', 'de'],
  ['Buchungstext', 'description', 'de'],
  ['Beschreibung', 'description', 'de'],
  ['Beschreibung1', 'description', 'de'],
  ['Avisierungstext', 'description', 'de'],
  ['Buchungsdetails', 'description', 'de'],
  ['Verwendungszweck', 'notes', 'de'],
  ['VERWENDUNGSZWECK', 'notes', 'de'],
  ['Zahlungszweck', 'notes', 'de'],
  ['Bemerkung', 'notes', 'de'],
  ['Notiz', 'notes', 'de'],
  ['Beschreibung2', 'notes', 'de'],
  ['Währung', 'currency', 'de'],
  ['Waehrung', 'currency', 'de'],
  ['Whg', 'currency', 'de'],
  ['Saldo', 'balance', 'de'],
  ['Saldo (€)', 'balance', 'de'],
  ['Kontostand', 'balance', 'de'],
  ['Saldo nach Buchung', 'balance', 'de'],
  ['Saldo in CHF', 'balance', 'de'],
  ['Saldo CHF', 'balance', 'de'],
  ['Kategorie', 'category', 'de'],
  ['Bezeichnung Auftragskonto', 'account', 'de'],
  ['Kontoname', 'account', 'de'],
  ['Soll/Haben', 'direction', 'de'],
  ['S/H', 'direction', 'de'],
  ['Umsatztyp', 'direction', 'de'],

  // Dutch: ING, Rabobank, ABN AMRO, SNS/ASN, Knab, bunq; KBC, Belfius, Argenta, BNP Paribas Fortis, ING België.
  ['Datum', 'date', 'nl'],
  ['Boekingsdatum', 'date', 'nl'],
  ['Transactiedatum', 'date', 'nl'],
  ['Boekdatum', 'date', 'nl'],
  ['Verrichtingsdatum', 'date', 'nl'],
  ['Journaaldatum', 'date', 'nl'],
  ['Rentedatum', 'value_date', 'nl'],
  ['Valutadatum', 'value_date', 'nl'],
  ['Bedrag (EUR)', 'amount', 'nl'],
  ['Bedrag', 'amount', 'nl'],
  ['Transactiebedrag', 'amount', 'nl'],
  ['credit', 'inflow', 'nl'],
  ['Bijschrijvingen', 'inflow', 'nl'],
  ['debet', 'outflow', 'nl'],
  ['Afschrijvingen', 'outflow', 'nl'],
  ['Naam / Omschrijving', 'payee', 'nl'],
  ['Naam tegenpartij', 'payee', 'nl'],
  ['naam tegenpartij bevat', 'payee', 'nl'],
  ['Naam van de tegenpartij', 'payee', 'nl'],
  ['Tegenrekeninghouder', 'payee', 'nl'],
  ['Omschrijving', 'description', 'nl'],
  ['Omschrijving-1', 'description', 'nl'],
  ['Mutatiesoort', 'description', 'nl'],
  ['Type verrichting', 'description', 'nl'],
  ['Mededelingen', 'notes', 'nl'],
  ['Omschrijving-2', 'notes', 'nl'],
  ['Vrije mededeling', 'notes', 'nl'],
  ['Bericht', 'notes', 'nl'],
  ['Munt', 'currency', 'nl'],
  ['Muntsoort', 'currency', 'nl'],
  ['Valutasoort mutatie', 'currency', 'nl'],
  ['Munteenheid', 'currency', 'nl'],
  ['Devies', 'currency', 'nl'],
  ['Saldo na mutatie', 'balance', 'nl'],
  ['Saldo na trn', 'balance', 'nl'],
  ['Saldo voor mutatie', 'balance', 'nl'],
  ['Beginsaldo', 'balance', 'nl'],
  ['Categorie', 'category', 'nl'],
  ['Naam van de rekening', 'account', 'nl'],
  ['Rubrieknaam', 'account', 'nl'],
  ['Af Bij', 'direction', 'nl'],
  ['Af/Bij', 'direction', 'nl'],
  ['CreditDebet', 'direction', 'nl'],

  // Swedish: Swedbank, SEB, Handelsbanken, Nordea, ICA Banken, Avanza, Nordnet.
  ['Bokföringsdag', 'date', 'sv'],
  ['BOKFÖRINGSDAG', 'date', 'sv'],
  ['Bokföringsdatum', 'date', 'sv'],
  ['Transaktionsdag', 'date', 'sv'],
  ['Reskontradatum', 'date', 'sv'],
  ['Datum', 'date', 'sv'],
  ['Valutadag', 'value_date', 'sv'],
  ['Likviddag', 'value_date', 'sv'],
  ['Belopp', 'amount', 'sv'],
  ['Belopp SEK', 'amount', 'sv'],
  ['Bokfört belopp', 'amount', 'sv'],
  ['Insättning', 'inflow', 'sv'],
  ['Inbetalningar', 'inflow', 'sv'],
  ['Uttag', 'outflow', 'sv'],
  ['Utbetalningar', 'outflow', 'sv'],
  ['Namn', 'payee', 'sv'],
  ['Betalningsmottagare', 'payee', 'sv'],
  ['Text', 'description', 'sv'],
  ['Beskrivning', 'description', 'sv'],
  ['Rubrik', 'description', 'sv'],
  ['Text/mottagare', 'description', 'sv'],
  ['Transaktionstext', 'description', 'sv'],
  ['Meddelande', 'notes', 'sv'],
  ['Anteckning', 'notes', 'sv'],
  ['Valutakod', 'currency', 'sv'],
  ['Saldo', 'balance', 'sv'],
  ['Bokfört saldo', 'balance', 'sv'],
  ['Disponibelt belopp', 'balance', 'sv'],
  ['Kategori', 'category', 'sv'],
  ['Budgetgrupp', 'category', 'sv'],
  ['Kontonamn', 'account', 'sv'],
  ['Debet/Kredit', 'direction', 'sv'],

  // Danish: Danske Bank, Nordea, Jyske Bank, Nordnet.
  ['Dato', 'date', 'da'],
  ['Bogføringsdato', 'date', 'da'],
  ['Bogført', 'date', 'da'],
  ['Posteringsdato', 'date', 'da'],
  ['Rentedato', 'value_date', 'da'],
  ['Valørdato', 'value_date', 'da'],
  ['Beløb', 'amount', 'da'],
  ['Beløb DKK', 'amount', 'da'],
  ['Transaktionsbeløb', 'amount', 'da'],
  ['Indsat', 'inflow', 'da'],
  ['Indbetalinger', 'inflow', 'da'],
  ['Hævet', 'outflow', 'da'],
  ['Udbetalinger', 'outflow', 'da'],
  ['Navn', 'payee', 'da'],
  ['Modtagernavn', 'payee', 'da'],
  ['Tekst', 'description', 'da'],
  ['Beskrivelse', 'description', 'da'],
  ['Posteringstekst', 'description', 'da'],
  ['Besked', 'notes', 'da'],
  ['Meddelelse', 'notes', 'da'],
  ['Tekst til modtager', 'notes', 'da'],
  ['Valutakode', 'currency', 'da'],
  ['Saldo', 'balance', 'da'],
  ['Disponibel saldo', 'balance', 'da'],
  ['Rådighedsbeløb', 'balance', 'da'],
  ['Kategori', 'category', 'da'],
  ['Hovedkategori', 'category', 'da'],
  ['Kontonavn', 'account', 'da'],
  ['Debet/Kredit', 'direction', 'da'],

  // Norwegian: DNB, Nordea, Danske Bank, SpareBank 1, Sbanken, Bulder.
  ['Dato', 'date', 'no'],
  ['Bokføringsdato', 'date', 'no'],
  ['BOKFØRINGSDATO', 'date', 'no'],
  ['Transaksjonsdato', 'date', 'no'],
  ['Rentedato', 'value_date', 'no'],
  ['RENTEDATO', 'value_date', 'no'],
  ['Oppgjørsdag', 'value_date', 'no'],
  ['Beløp', 'amount', 'no'],
  ['Beløp (NOK)', 'amount', 'no'],
  ['Inn på konto', 'inflow', 'no'],
  ['INN PÅ KONTO', 'inflow', 'no'],
  ['Innskudd', 'inflow', 'no'],
  ['Inn', 'inflow', 'no'],
  ['Ut fra konto', 'outflow', 'no'],
  ['Uttak', 'outflow', 'no'],
  ['Ut', 'outflow', 'no'],
  ['Navn', 'payee', 'no'],
  ['Mottakernavn', 'payee', 'no'],
  ['Tekst', 'description', 'no'],
  ['TEKST', 'description', 'no'],
  ['Forklaring', 'description', 'no'],
  ['Tittel', 'description', 'no'],
  ['Beskrivelse', 'description', 'no'],
  ['Melding', 'notes', 'no'],
  ['Merknad', 'notes', 'no'],
  ['Valutakode', 'currency', 'no'],
  ['Saldo', 'balance', 'no'],
  ['Disponibelt beløp', 'balance', 'no'],
  ['Kategori', 'category', 'no'],
  ['Hovedkategori', 'category', 'no'],
  ['Kontonavn', 'account', 'no'],
  ['Debet/Kredit', 'direction', 'no'],
];

for (const [header, role, lang] of CASES) {
  test(`${lang}: ${JSON.stringify(header)} is ${role}`, () => {
    const m = matchHeader(header);
    assert.ok(m, `${header} matches nothing`);
    assert.equal(m.role, role);
    assert.ok(m.langs.includes(lang), `${header}: langs ${m.langs.join(',')} lack ${lang}`);
  });
}

// Phrases that mean different things in different languages: the mapping tries every role and lets
// the cells decide, so each language's meaning must be among the roles.
const SHARED: readonly (readonly [string, HeaderRole, Lang])[] = [
  ['Valuta', 'value_date', 'de'], // Consorsbank, PostFinance, HypoVereinsbank
  ['Valuta', 'value_date', 'nl'], // KBC, Argenta
  ['Valuta', 'currency', 'sv'], // Nordea, Swedbank
  ['Valuta', 'currency', 'da'], // Nordea, Nordnet
  ['Valuta', 'currency', 'no'], // Nordea
  ['Valør', 'value_date', 'da'], // folds to `valor`, an amount in Spanish and Portuguese
];

for (const [header, role, lang] of SHARED) {
  test(`${lang}: ${JSON.stringify(header)} may be ${role}`, () => {
    const m = matchHeader(header);
    assert.ok(m, `${header} matches nothing`);
    assert.ok(m.roles.some((e) => e.role === role && e.langs.includes(lang)), `${header}: ${JSON.stringify(m.roles)}`);
  });
}

test('de: `Valuta` is first of all the value date', () => {
  assert.equal(matchHeader('Valuta')?.role, 'value_date');
});

// Account numbers, IBANs, BICs, bank codes, references, ids, fees, exchange rates, foreign amounts, and
// the columns left out on purpose (the account holder's own name, a booking type).
const NOT_MATCHED: readonly string[] = [
  'Kontonummer', 'IBAN', 'BIC', 'BLZ', 'Kontonummer/IBAN', 'IBAN / Kontonummer', 'BIC (SWIFT-Code)', 'Auftragskonto',
  'IBAN Auftragskonto', 'Gläubiger-ID', 'Glaeubiger ID', 'Mandatsreferenz', 'Kundenreferenz', 'Kundenreferenz (End-to-End)',
  'Sammlerreferenz', 'Lastschrift Ursprungsbetrag', 'Auslagenersatz Ruecklastschrift', 'Ursprünglicher Betrag',
  'Betrag (Fremdwährung)', 'Fremdwährung', 'Wechselkurs', 'Fremde Gebühren', 'Gebühr', 'Transaktions-Nr.',
  'Anzahl der Aufträge', 'Zahlungspflichtige*r', 'Auftraggeber/Zahlungsempfänger', 'Umsatzart', 'Vorgang',
  'Rekening', 'Tegenrekening', 'Tegenrekening IBAN/BBAN', 'IBAN/BBAN', 'Volgnr', 'Betalingskenmerk',
  'Transactiereferentie', 'Machtigingskenmerk', 'Incassant ID', 'Oorspr bedrag', 'Oorspr munt', 'Koers',
  'Gestructureerde mededeling', 'Rekeninguittrekselnummer', 'Tegenpartij',
  'Clearingnummer', 'Radnummer', 'Verifikationsnummer', 'Avsändare', 'Mottagare', 'Referens',
  'Afsender', 'Modtager', 'Afstemt',
  'Arkivreferanse', 'Motkonto', 'KID', 'Avsender', 'Mottaker', 'Til kontonummer',
];

for (const header of NOT_MATCHED) {
  test(`${JSON.stringify(header)} matches no role`, () => {
    assert.equal(matchHeader(header), null, JSON.stringify(matchHeader(header)));
  });
}

const MONTHS: readonly (readonly [string, number])[] = [
  ['Januar', 1], ['Jänner', 1], ['Jän', 1], ['Feber', 2], ['Februar', 2], ['März', 3], ['MÄRZ', 3], ['Maerz', 3], ['Mär', 3],
  ['Mrz', 3], ['Mai', 5], ['Okt', 10], ['Okt.', 10], ['Dez', 12], ['Dezember', 12],
  ['januari', 1], ['maart', 3], ['mrt', 3], ['mei', 5], ['augustus', 8], ['okt', 10],
  ['mars', 3], ['maj', 5], ['augusti', 8], ['Sept.', 9],
  ['marts', 3], ['juni', 6], ['juli', 7],
  ['desember', 12], ['des', 12],
];

for (const [form, month] of MONTHS) {
  test(`month ${JSON.stringify(form)} is ${month}`, () => {
    assert.equal(MONTH_BY_NAME.get(fold(form)), month);
  });
}

test('every month form of the tables is 3+ letters and names its own month', () => {
  for (const lang of MINE) {
    const months = VOCABULARY[lang].months;
    assert.equal(months.length, 12, lang);
    months.forEach((forms, i) => {
      assert.ok(forms.length > 0, `${lang} month ${i + 1}`);
      for (const f of forms) {
        assert.ok(fold(f).length >= 3, `${lang} ${f}`);
        assert.equal(MONTH_BY_NAME.get(fold(f)), i + 1, `${lang} ${f}`);
      }
    });
  }
});

const LABELS: readonly string[] = [
  'Anfangssaldo', 'Endsaldo', 'Alter Kontostand', 'Neuer Kontostand', 'Kontostand', 'Saldo', 'Summe', 'Umsatzsumme',
  'Saldovortrag', 'Summe Soll',
  'Beginsaldo', 'Eindsaldo', 'Oud saldo', 'Nieuw saldo', 'Vorig saldo', 'Totaal',
  'Ingående saldo', 'Utgående saldo', 'Summa',
  'Primosaldo', 'Ultimosaldo', 'I alt', 'Overført saldo',
  'Inngående saldo', 'Sluttsaldo', 'Sum',
];

for (const label of LABELS) {
  test(`balance line ${JSON.stringify(label)}`, () => {
    assert.ok(BALANCE_LABELS.has(fold(label)));
  });
}

// Words that are also real postings or names: not balance labels on their own.
for (const word of ['Übertrag', 'Abschluss', 'Rechnungsabschluss', 'Transport', 'Primo', 'Ultimo']) {
  test(`${JSON.stringify(word)} is not a balance label`, () => {
    assert.ok(!BALANCE_LABELS.has(fold(word)));
  });
}

test('balance connectors', () => {
  for (const c of ['vom', 'am', 'zum', 'per', 'op', 'den', 'pr', 'til']) assert.ok(BALANCE_CONNECTORS.has(c), c);
});

test('direction markers: S/H, Af/Bij, Eingang/Ausgang, Credit/Debet', () => {
  const family = (lang: Lang, inflow: string, outflow: string) =>
    MARKER_FAMILIES.some((f) => f.lang === lang && f.inflow.includes(fold(inflow)) && f.outflow.includes(fold(outflow)));
  assert.ok(family('de', 'H', 'S'));
  assert.ok(family('de', 'Haben', 'Soll'));
  assert.ok(family('de', 'Eingang', 'Ausgang'));
  assert.ok(family('nl', 'Bij', 'Af'));
  assert.ok(family('nl', 'C', 'D'));
  assert.ok(family('nl', 'Credit', 'Debet'));
  assert.ok(family('da', 'Kredit', 'Debet'));
});

test('no marker means money in in one of these tables and money out in another', () => {
  const inflow = new Set<string>(), outflow = new Set<string>();
  for (const f of MARKER_FAMILIES) {
    if (!(MINE as readonly string[]).includes(f.lang)) continue;
    for (const v of f.inflow) inflow.add(v);
    for (const v of f.outflow) outflow.add(v);
  }
  for (const v of inflow) assert.ok(!outflow.has(v), v);
});

test('each table: every role has phrases, and a phrase has one role', () => {
  for (const lang of MINE) {
    const v = VOCABULARY[lang];
    assert.equal(v.lang, lang);
    const seen = new Map<string, HeaderRole>();
    for (const role of HEADER_ROLES) {
      const phrases = v.headers[role] ?? [];
      assert.ok(phrases.length > 0, `${lang} has no ${role}`);
      for (const p of phrases) {
        const key = fold(p);
        assert.ok(!seen.has(key) || seen.get(key) === role, `${lang}: ${p} is both ${seen.get(key)} and ${role}`);
        assert.ok(!seen.has(key), `${lang}: ${p} twice`);
        seen.set(key, role);
        // Listed as the bank prints it: found without dropping a decoration.
        assert.equal(matchHeader(p)?.decorated, false, `${lang}: ${p}`);
      }
    }
  }
});
