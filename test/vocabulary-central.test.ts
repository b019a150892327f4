// The Central European vocabulary tables (Polish, Czech, Slovak, Hungarian): real bank export headers
// as the banks print them find their role, account numbers, fees and foreign amounts find none, month
// names in every written form give their month, and statement summary rows are known balance labels.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { fold } from '../engine/vocabulary/fold.ts';
import { HEADER_ROLES, type HeaderRole, type Lang } from '../engine/vocabulary/languages.ts';
import { matchHeader } from '../engine/vocabulary/match.ts';
import { BALANCE_CONNECTORS, BALANCE_LABELS, MARKER_FAMILIES, MONTH_BY_NAME, VOCABULARY } from '../engine/vocabulary/tables.ts';

const MINE = ['pl', 'cs', 'sk', 'hu'] as const;

/** Header as printed, its role, and a language that gives it that role. */
const CASES: readonly (readonly [string, HeaderRole, Lang])[] = [
  // Polish: mBank, PKO BP, Pekao, ING, Millennium, Alior, Revolut PL.
  ['#Data operacji', 'date', 'pl'],
  ['#Data księgowania', 'date', 'pl'],
  ['Data transakcji', 'date', 'pl'],
  ['DATA KSIEGOWANIA', 'date', 'pl'],
  ['Data rozpoczęcia', 'date', 'pl'],
  ['Data zrealizowania', 'date', 'pl'],
  ['Data waluty', 'value_date', 'pl'],
  ['Data rozliczenia', 'value_date', 'pl'],
  ['#Kwota', 'amount', 'pl'],
  ['Kwota (PLN)', 'amount', 'pl'],
  ['Kwota transakcji (waluta rachunku)', 'amount', 'pl'],
  ['Kwota w walucie rachunku', 'amount', 'pl'],
  ['Uznania', 'inflow', 'pl'],
  ['Wpływy', 'inflow', 'pl'],
  ['Obciążenia', 'outflow', 'pl'],
  ['Wydatki', 'outflow', 'pl'],
  ['#Nadawca/Odbiorca', 'payee', 'pl'],
  ['Odbiorca/Zleceniodawca', 'payee', 'pl'],
  ['Dane kontrahenta', 'payee', 'pl'],
  ['Nadawca / Odbiorca', 'payee', 'pl'],
  ['Nazwa odbiorcy', 'payee', 'pl'],
  ['#Opis operacji', 'description', 'pl'],
  ['Opis transakcji', 'description', 'pl'],
  ['Typ transakcji', 'description', 'pl'],
  ['Szczegóły transakcji', 'description', 'pl'],
  ['#Tytuł', 'notes', 'pl'],
  ['Tytułem', 'notes', 'pl'],
  ['Tytuł przelewu', 'notes', 'pl'],
  ['Waluta', 'currency', 'pl'],
  ['Waluta rachunku', 'currency', 'pl'],
  ['#Saldo po operacji', 'balance', 'pl'],
  ['Saldo po transakcji', 'balance', 'pl'],
  ['Saldo (PLN)', 'balance', 'pl'],
  ['#Kategoria', 'category', 'pl'],
  ['#Rachunek', 'account', 'pl'],
  ['Konto', 'account', 'pl'],
  ['Nazwa rachunku', 'account', 'pl'],
  ['Wn/Ma', 'direction', 'pl'],
  // Czech: Fio, Air Bank, Raiffeisenbank, ČSOB, KB, mBank CZ, George.
  ['Datum', 'date', 'cs'],
  ['Datum zaúčtování', 'date', 'cs'],
  ['DATUM ZAUCTOVANI', 'date', 'cs'],
  ['datum_zauctovani', 'date', 'cs'],
  ['Datum provedení', 'date', 'cs'],
  ['#Datum uskutečnění transakce', 'date', 'cs'],
  ['Datum splatnosti', 'value_date', 'cs'],
  ['Datum valuty', 'value_date', 'cs'],
  ['Objem', 'amount', 'cs'],
  ['Částka', 'amount', 'cs'],
  ['Částka (CZK)', 'amount', 'cs'],
  ['Zaúčtovaná částka', 'amount', 'cs'],
  ['Částka v měně účtu', 'amount', 'cs'],
  ['#Částka transakce', 'amount', 'cs'],
  ['Připsáno', 'inflow', 'cs'],
  ['Odepsáno', 'outflow', 'cs'],
  ['Název protiúčtu', 'payee', 'cs'],
  ['Název protistrany', 'payee', 'cs'],
  ['jméno protistrany', 'payee', 'cs'],
  ['#Plátce/Příjemce', 'payee', 'cs'],
  ['Název obchodníka', 'payee', 'cs'],
  ['Typ úhrady', 'description', 'cs'],
  ['Systémový popis', 'description', 'cs'],
  ['označení operace', 'description', 'cs'],
  ['Typ transakce', 'description', 'cs'],
  ['Zpráva pro příjemce', 'notes', 'cs'],
  ['Poznámka pro mne', 'notes', 'cs'],
  ['Popis příkazce', 'notes', 'cs'],
  ['Uživatelská identifikace', 'notes', 'cs'],
  ['Měna', 'currency', 'cs'],
  ['Měna účtu', 'currency', 'cs'],
  ['zůstatek', 'balance', 'cs'],
  ['#Účetní zůstatek po transakci', 'balance', 'cs'],
  ['Kategorie plateb', 'category', 'cs'],
  ['Kategorie transakce', 'category', 'cs'],
  ['Název účtu', 'account', 'cs'],
  ['Směr úhrady', 'direction', 'cs'],
  // Slovak: Tatra banka, SLSP, VÚB, ČSOB SK, mBank SK, Fio SK.
  ['Dátum spracovania', 'date', 'sk'],
  ['Dátum zúčtovania', 'date', 'sk'],
  ['Dátum zaúčtovania', 'date', 'sk'],
  ['#Dátum uskutočnenia transakcie', 'date', 'sk'],
  ['Dátum valuty', 'value_date', 'sk'],
  ['Suma', 'amount', 'sk'],
  ['Suma (EUR)', 'amount', 'sk'],
  ['#Suma transakcie', 'amount', 'sk'],
  ['Zaúčtovaná suma', 'amount', 'sk'],
  ['V prospech účtu', 'inflow', 'sk'],
  ['Na ťarchu účtu', 'outflow', 'sk'],
  ['Názov protiúčtu', 'payee', 'sk'],
  ['#Platiteľ/Príjemca', 'payee', 'sk'],
  ['Názov protistrany', 'payee', 'sk'],
  ['Popis', 'description', 'sk'],
  ['#Popis transakcie', 'description', 'sk'],
  ['Informácia pre príjemcu', 'notes', 'sk'],
  ['Referencia platiteľa', 'notes', 'sk'],
  ['#Správa pre príjemcu', 'notes', 'sk'],
  ['Mena', 'currency', 'sk'],
  ['Zostatok', 'balance', 'sk'],
  ['#Účtovný zostatok po transakcii', 'balance', 'sk'],
  ['Kategória', 'category', 'sk'],
  ['Názov účtu', 'account', 'sk'],
  ['Smer platby', 'direction', 'sk'],
  // Hungarian: OTP, K&H, Erste, Raiffeisen, UniCredit, MBH.
  ['Könyvelés dátuma', 'date', 'hu'],
  ['KÖNYVELÉS DÁTUMA', 'date', 'hu'],
  ['Tranzakció dátuma', 'date', 'hu'],
  ['Könyvelési dátum', 'date', 'hu'],
  ['Értéknap', 'value_date', 'hu'],
  ['Esedékesség', 'value_date', 'hu'],
  ['Összeg', 'amount', 'hu'],
  ['Összeg (HUF)', 'amount', 'hu'],
  ['Jóváírás', 'inflow', 'hu'],
  ['Terhelés', 'outflow', 'hu'],
  ['Partner neve', 'payee', 'hu'],
  ['Partner elnevezése', 'payee', 'hu'],
  ['Ellenoldali név', 'payee', 'hu'],
  ['Megbízó/Kedvezményezett', 'payee', 'hu'],
  ['Megnevezés', 'description', 'hu'],
  ['Tranzakció típusa', 'description', 'hu'],
  ['Forgalom típusa', 'description', 'hu'],
  ['Közlemény', 'notes', 'hu'],
  ['Közlemény/1', 'notes', 'hu'],
  ['Közlemény 2', 'notes', 'hu'],
  ['Pénznem', 'currency', 'hu'],
  ['Devizanem', 'currency', 'hu'],
  ['Összeg devizaneme', 'currency', 'hu'],
  ['Egyenleg', 'balance', 'hu'],
  ['Költési kategória', 'category', 'hu'],
  ['Számla neve', 'account', 'hu'],
  ['Könyvelési számla elnevezése', 'account', 'hu'],
  ['Terhelés vagy jóváírás (T/J)', 'direction', 'hu'],
  ['Bejövő/Kimenő', 'direction', 'hu'],
  ['Be/Ki', 'direction', 'hu'],
];

for (const [header, role, lang] of CASES) {
  test(`header ${JSON.stringify(header)} is ${role} (${lang})`, () => {
    const m = matchHeader(header);
    assert.equal(m?.role, role);
    assert.ok(m.langs.includes(lang), `${JSON.stringify(m.langs)} lacks ${lang}`);
  });
}

/** Columns the vocabulary must not take for any role: numbers, ids, fees, foreign amounts, rates. */
const NOT_MATCHED: readonly string[] = [
  // Polish
  '#Numer konta', 'Nr rachunku', 'Numer rachunku nadawcy', 'Numer rachunku odbiorcy', 'Rachunek źródłowy',
  'Rachunek docelowy', 'Nr transakcji', 'Numer referencyjny', 'Kwota płatności w walucie', 'Oryginalna kwota operacji',
  'Kwota blokady/zwolnienie blokady', 'Opłata', 'Prowizja', 'Kurs', 'Numer karty', 'Kwota operacji', 'Waluta operacji',
  // Czech
  'Číslo účtu', 'Číslo protiúčtu', 'Protiúčet', 'Protiúčet a kód banky', 'Kód banky', 'Číslo účtu protistrany',
  'Variabilní symbol', 'Konstantní symbol', 'VS', 'KS', 'SS', 'ID pohybu', 'ID pokynu', 'Identifikace transakce',
  'Původní částka', 'Původní částka úhrady', 'Původní měna úhrady', 'Poplatek', 'Poplatek v měně účtu', 'Směnný kurz',
  'Referenční číslo', 'Číslo karty',
  // Slovak
  'Predčíslie', '#Číslo účtu platiteľa/príjemcu', 'Variabilný symbol', 'Špecifický symbol', 'Konštantný symbol',
  'Pôvodná suma', 'Poplatok', 'Kurz',
  // Hungarian
  'Számlaszám', 'Partner számlaszáma', 'Ellenoldali számlaszám', 'Tranzakció azonosító', 'Banki tranzakció azonosító',
  'Kivonat sorszáma', 'Díj', 'Árfolyam', 'Eredeti összeg',
  // Longer headers holding a known word are not that word.
  'Kwota kredytu', 'Datum narození', 'Suma poplatkov', 'Összeg betűvel',
];

for (const header of NOT_MATCHED) {
  test(`header ${JSON.stringify(header)} has no role`, () => {
    assert.equal(matchHeader(header), null);
  });
}

test('Valuta is a value date in Czech and Slovak, whatever it is elsewhere', () => {
  const roles = matchHeader('Valuta')?.roles ?? [];
  const valueDate = roles.find((e) => e.role === 'value_date');
  assert.ok(valueDate?.langs.includes('cs') && valueDate.langs.includes('sk'), JSON.stringify(roles));
});

test('every phrase of the four tables has its own role among the roles it is matched with', () => {
  for (const lang of MINE) {
    for (const role of HEADER_ROLES) {
      for (const phrase of VOCABULARY[lang].headers[role] ?? []) {
        const roles = matchHeader(phrase)?.roles ?? [];
        assert.ok(roles.some((e) => e.role === role && e.langs.includes(lang)), `${lang} ${phrase} → ${JSON.stringify(roles)}`);
      }
    }
  }
});

test('a phrase belongs to one role only within each of the four tables', () => {
  for (const lang of MINE) {
    const seen = new Map<string, HeaderRole>();
    for (const role of HEADER_ROLES) {
      for (const phrase of VOCABULARY[lang].headers[role] ?? []) {
        const key = fold(phrase);
        assert.equal(seen.get(key) ?? role, role, `${lang}: ${phrase} is both ${seen.get(key)} and ${role}`);
        seen.set(key, role);
      }
    }
  }
});

/** Month forms as dates write them (any case, with or without accents) and the month they name. */
const MONTHS: readonly (readonly [string, number])[] = [
  // Polish: nominative, genitive (`27 marca 2018`), abbreviations.
  ['styczeń', 1], ['stycznia', 1], ['STYCZNIA', 1], ['sty', 1], ['lutego', 2], ['lut', 2], ['marca', 3], ['kwietnia', 4],
  ['kwi', 4], ['maja', 5], ['czerwca', 6], ['cze', 6], ['lipca', 7], ['lip', 7], ['sierpnia', 8], ['sie', 8],
  ['września', 9], ['wrzesnia', 9], ['wrz', 9], ['października', 10], ['pazdziernika', 10], ['paź', 10], ['listopada', 11],
  ['lis', 11], ['grudnia', 12], ['grudzień', 12], ['gru', 12],
  // Czech
  ['leden', 1], ['ledna', 1], ['února', 2], ['unora', 2], ['březen', 3], ['března', 3], ['dubna', 4], ['května', 5],
  ['června', 6], ['čvn', 6], ['července', 7], ['cervence', 7], ['čvc', 7], ['srpna', 8], ['září', 9], ['zari', 9],
  ['října', 10], ['Října', 10], ['rijna', 10], ['listopadu', 11], ['prosince', 12], ['prosinec', 12],
  // Slovak
  ['januára', 1], ['februára', 2], ['marec', 3], ['apríla', 4], ['mája', 5], ['júna', 6], ['júla', 7], ['augusta', 8],
  ['septembra', 9], ['októbra', 10], ['novembra', 11], ['decembra', 12], ['Decembra', 12],
  // Hungarian
  ['január', 1], ['febr', 2], ['március', 3], ['márc', 3], ['marc', 3], ['április', 4], ['ápr', 4], ['május', 5],
  ['június', 6], ['július', 7], ['augusztus', 8], ['szeptember', 9], ['szept', 9], ['október', 10], ['november', 11],
  ['december', 12],
];

for (const [form, month] of MONTHS) {
  test(`month ${JSON.stringify(form)} is ${month}`, () => {
    assert.equal(MONTH_BY_NAME.get(fold(form)), month);
  });
}

test('every month form of the four tables gives its own month and has 3+ letters', () => {
  for (const lang of MINE) {
    const months = VOCABULARY[lang].months;
    assert.equal(months.length, 12, lang);
    months.forEach((forms, i) => {
      assert.ok(forms.length > 0, `${lang} month ${i + 1} is empty`);
      for (const f of forms) {
        assert.ok(fold(f).length >= 3, `${lang} ${f} is shorter than 3 letters`);
        assert.equal(MONTH_BY_NAME.get(fold(f)), i + 1, `${lang} ${f}`);
      }
    });
  }
});

test('no month form of the four tables names another month in any language', () => {
  const monthsOf = new Map<string, Set<number>>();
  for (const v of Object.values(VOCABULARY)) {
    v.months.forEach((forms, i) => {
      for (const f of forms) {
        const key = fold(f);
        const set = monthsOf.get(key) ?? new Set<number>();
        set.add(i + 1);
        monthsOf.set(key, set);
      }
    });
  }
  for (const lang of MINE) {
    for (const forms of VOCABULARY[lang].months) {
      for (const f of forms) {
        const set = monthsOf.get(fold(f))!;
        assert.equal(set.size, 1, `${lang} ${f} names months ${[...set].join(', ')}`);
      }
    }
  }
});

/** Labels of summary rows as the banks print them. */
const BALANCE: readonly string[] = [
  // Polish (mBank `#Saldo końcowe`, statements)
  '#Saldo początkowe', '#Saldo końcowe', 'Saldo otwarcia', 'Saldo zamknięcia', 'SALDO POCZATKOWE', 'Saldo poprzednie',
  'Saldo do przeniesienia', 'Z przeniesienia', 'Suma obciążeń', 'Suma uznań', 'Razem', 'Obroty',
  // Czech (Fio, ČSOB, KB)
  'Počáteční zůstatek', 'Konečný zůstatek', 'Počáteční stav', 'Koncový stav', 'Suma příjmů', 'Suma výdajů',
  'Celkové příjmy', 'Celkové výdaje', 'Celkem', 'Obraty celkem',
  // Slovak
  'Počiatočný zostatok', 'Konečný zostatok', 'Predchádzajúci zostatok', 'Nový zostatok', 'Spolu', 'Kreditný obrat',
  'Debetný obrat',
  // Hungarian (Erste, OTP statements)
  'Nyitó egyenleg', 'Záró egyenleg', 'Nyitóegyenleg', 'Záróegyenleg', 'Előző egyenleg', 'Új egyenleg', 'Áthozat',
  'Összesen', 'Összes terhelés', 'Összes jóváírás', 'Felhasználható egyenleg',
];

for (const label of BALANCE) {
  test(`balance label ${JSON.stringify(label)}`, () => {
    assert.ok(BALANCE_LABELS.has(fold(label)));
  });
}

test('the connector words of Polish, Czech, Slovak and Hungarian balance rows', () => {
  for (const word of ['na', 'dzien', 'dnia', 'k', 'ke', 'dne', 'ku', 'dna', 'per', 'napjan']) {
    assert.ok(BALANCE_CONNECTORS.has(word), word);
  }
});

test('direction markers: Uznanie/Obciążenie, Wn/Ma, Příchozí/Odchozí, Kredit/Debet, J/T', () => {
  const has = (lang: Lang, inflow: string, outflow: string) =>
    MARKER_FAMILIES.some((f) => f.lang === lang && f.inflow.includes(fold(inflow)) && f.outflow.includes(fold(outflow)));
  assert.ok(has('pl', 'Uznanie', 'Obciążenie'));
  assert.ok(has('pl', 'Ma', 'Wn'));
  assert.ok(has('cs', 'Příchozí', 'Odchozí'));
  assert.ok(has('cs', 'Kredit', 'Debet'));
  assert.ok(has('sk', 'Kredit', 'Debet'));
  assert.ok(has('hu', 'J', 'T'));
  assert.ok(has('hu', 'Jóváírás', 'Terhelés'));
  assert.ok(has('hu', 'Bejövő', 'Kimenő'));
});

test('what the four languages tell about a file', () => {
  assert.deepEqual(
    MINE.map((l) => [VOCABULARY[l].name, VOCABULARY[l].dateOrder, VOCABULARY[l].decimalMark, VOCABULARY[l].codePages[0]]),
    [
      ['Polish', 'dmy', ',', 'windows-1250'],
      ['Czech', 'dmy', ',', 'windows-1250'],
      ['Slovak', 'dmy', ',', 'windows-1250'],
      ['Hungarian', 'ymd', ',', 'windows-1250'],
    ],
  );
  for (const lang of MINE) {
    const letters = VOCABULARY[lang].letters;
    assert.equal(letters, letters.toLowerCase(), lang);
    assert.ok(!/[a-z]/.test(letters), `${lang} letters hold plain ASCII`);
  }
  assert.ok(VOCABULARY.pl.letters.includes('ł') && VOCABULARY.cs.letters.includes('ř'));
  assert.ok(VOCABULARY.sk.letters.includes('ľ') && VOCABULARY.hu.letters.includes('ő'));
});
