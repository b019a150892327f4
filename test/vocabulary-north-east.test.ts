// The Finnish, Estonian, Lithuanian, Latvian and Turkish vocabulary tables (engine/vocabulary/lang/
// fi.ts, et.ts, lt.ts, lv.ts, tr.ts): real bank headers as the banks print them find their role,
// identifiers and fees find none, month names and balance-line labels are known, and the tables
// keep to the shape languages.ts asks for.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { matchHeader } from '../engine/vocabulary/match.ts';
import { fold } from '../engine/vocabulary/fold.ts';
import { BALANCE_CONNECTORS, BALANCE_LABELS, MARKER_FAMILIES, MONTH_BY_NAME, VOCABULARY } from '../engine/vocabulary/tables.ts';
import { CODE_PAGES, HEADER_ROLES, type HeaderRole, type Lang } from '../engine/vocabulary/languages.ts';

const MINE = ['fi', 'et', 'lt', 'lv', 'tr'] as const satisfies readonly Lang[];

type Case = readonly [header: string, role: HeaderRole, lang: Lang];

const CASES: readonly Case[] = [
  // Finnish: Nordea (old and 2021+), OP, S-Pankki, Danske Bank, Aktia, Samlink banks, Holvi.
  ['Kirjauspäivä', 'date', 'fi'],
  ['KIRJAUSPAIVA', 'date', 'fi'],
  ['Pvm.', 'date', 'fi'],
  ['Päivämäärä', 'date', 'fi'],
  ['Tapahtumapäivä', 'date', 'fi'],
  ['Ostopäivä', 'date', 'fi'],
  ['Arvopäivä', 'value_date', 'fi'],
  ['Maksupäivä', 'value_date', 'fi'],
  ['Määrä', 'amount', 'fi'],
  ['Määrä  EUROA', 'amount', 'fi'],
  ['Määrä (EUR)', 'amount', 'fi'],
  ['Summa', 'amount', 'fi'],
  ['Rahamäärä', 'amount', 'fi'],
  ['Panot', 'inflow', 'fi'],
  ['Hyvitys', 'inflow', 'fi'],
  ['Tulot', 'inflow', 'fi'],
  ['Otot', 'outflow', 'fi'],
  ['Veloitus', 'outflow', 'fi'],
  ['Menot', 'outflow', 'fi'],
  ['Saaja/Maksaja', 'payee', 'fi'],
  ['SAAJA / MAKSAJA', 'payee', 'fi'],
  ['Saajan nimi', 'payee', 'fi'],
  ['Nimi', 'payee', 'fi'],
  ['Vastapuoli', 'payee', 'fi'],
  ['Selitys', 'description', 'fi'],
  ['Tapahtumalaji', 'description', 'fi'],
  ['Tapahtuma', 'description', 'fi'],
  ['Otsikko', 'description', 'fi'],
  ['Viesti', 'notes', 'fi'],
  ['Lisätiedot', 'notes', 'fi'],
  ['Muistiinpano', 'notes', 'fi'],
  ['Valuutta', 'currency', 'fi'],
  ['Valuuttakoodi', 'currency', 'fi'],
  ['Saldo', 'balance', 'fi'],
  ['Tilin saldo', 'balance', 'fi'],
  ['Saldo (EUR)', 'balance', 'fi'],
  ['Kategoria', 'category', 'fi'],
  ['Luokka', 'category', 'fi'],
  ['Alaluokka', 'category', 'fi'],
  ['Tilin nimi', 'account', 'fi'],
  ['Debet/Kredit', 'direction', 'fi'],
  ['Tapahtuman suunta', 'direction', 'fi'],

  // Estonian: Swedbank EE, SEB / LHV / Luminor / Coop (Pangaliit CSV), Nordea EE.
  ['Kuupäev', 'date', 'et'],
  ['KUUPAEV', 'date', 'et'],
  ['Kande kuupäev', 'date', 'et'],
  ['Tehingu kuupäev', 'date', 'et'],
  ['Väärtuspäev', 'value_date', 'et'],
  ['Summa', 'amount', 'et'],
  ['Summa (EUR)', 'amount', 'et'],
  ['Tehingu summa', 'amount', 'et'],
  ['Kreedit', 'inflow', 'et'],
  ['Laekumised', 'inflow', 'et'],
  ['Tulu', 'inflow', 'et'],
  ['Deebet', 'outflow', 'et'],
  ['Väljaminekud', 'outflow', 'et'],
  ['Kulu', 'outflow', 'et'],
  ['Saaja/Maksja', 'payee', 'et'],
  ['Saaja/maksja nimi', 'payee', 'et'],
  ['Maksja nimi', 'payee', 'et'],
  ['Selgitus', 'description', 'et'],
  ['Kirjeldus', 'description', 'et'],
  ['Tehingu kirjeldus', 'description', 'et'],
  ['Makse selgitus', 'notes', 'et'],
  ['Märkused', 'notes', 'et'],
  ['Kommentaar', 'notes', 'et'],
  ['Valuuta', 'currency', 'et'],
  ['Saldo', 'balance', 'et'],
  ['Jääk', 'balance', 'et'],
  ['Konto jääk', 'balance', 'et'],
  ['Kategooria', 'category', 'et'],
  ['Konto nimi', 'account', 'et'],
  ['Deebet/Kreedit', 'direction', 'et'],
  ['Deebet/Kreedit (D/C)', 'direction', 'et'],
  ['D/K', 'direction', 'et'],

  // Lithuanian: Swedbank LT, SEB LT, Luminor, Šiaulių bankas, Paysera.
  ['Data', 'date', 'lt'],
  ['DATA', 'date', 'lt'],
  ['Data ir laikas', 'date', 'lt'],
  ['Operacijos data', 'date', 'lt'],
  ['Valiutavimo data', 'value_date', 'lt'],
  ['Suma', 'amount', 'lt'],
  ['SUMA SĄSKAITOS VALIUTA', 'amount', 'lt'],
  ['Suma ir valiuta', 'amount', 'lt'],
  ['Suma (EUR)', 'amount', 'lt'],
  ['Kreditas', 'inflow', 'lt'],
  ['Įplaukos', 'inflow', 'lt'],
  ['Pajamos', 'inflow', 'lt'],
  ['Debetas', 'outflow', 'lt'],
  ['Išlaidos', 'outflow', 'lt'],
  ['Nurašyta', 'outflow', 'lt'],
  ['Gavėjas/Mokėtojas', 'payee', 'lt'],
  ['Gavėjas / Mokėtojas', 'payee', 'lt'],
  ['MOKĖTOJO ARBA GAVĖJO PAVADINIMAS', 'payee', 'lt'],
  ['Gavėjas', 'payee', 'lt'],
  ['Paaiškinimai', 'description', 'lt'],
  ['Aprašymas', 'description', 'lt'],
  ['Operacijos aprašymas', 'description', 'lt'],
  ['MOKĖJIMO PASKIRTIS', 'notes', 'lt'],
  ['Paskirtis', 'notes', 'lt'],
  ['Pastabos', 'notes', 'lt'],
  ['Valiuta', 'currency', 'lt'],
  ['VALIUTA', 'currency', 'lt'],
  ['Sąskaitos valiuta', 'currency', 'lt'],
  ['Likutis', 'balance', 'lt'],
  ['Sąskaitos likutis', 'balance', 'lt'],
  ['Kategorija', 'category', 'lt'],
  ['Sąskaitos pavadinimas', 'account', 'lt'],
  ['DEBETAS/KREDITAS', 'direction', 'lt'],
  ['Kreditas / Debetas', 'direction', 'lt'],
  ['D/K', 'direction', 'lt'],

  // Latvian: Swedbank LV, SEB LV, Citadele, Luminor LV.
  ['Datums', 'date', 'lv'],
  ['DATUMS', 'date', 'lv'],
  ['Darījuma datums', 'date', 'lv'],
  ['Grāmatošanas datums', 'date', 'lv'],
  ['Valutēšanas datums', 'value_date', 'lv'],
  ['Summa', 'amount', 'lv'],
  ['Summa EUR', 'amount', 'lv'],
  ['Darījuma summa', 'amount', 'lv'],
  ['Kredīts', 'inflow', 'lv'],
  ['Ienākumi', 'inflow', 'lv'],
  ['Debets', 'outflow', 'lv'],
  ['Izdevumi', 'outflow', 'lv'],
  ['Saņēmējs/Maksātājs', 'payee', 'lv'],
  ['SANEMEJS/MAKSATAJS', 'payee', 'lv'],
  ['Saņēmēja/Maksātāja nosaukums', 'payee', 'lv'],
  ['Partneris', 'payee', 'lv'],
  ['Apraksts', 'description', 'lv'],
  ['Darījuma apraksts', 'description', 'lv'],
  ['Informācija saņēmējam', 'notes', 'lv'],
  ['Maksājuma mērķis', 'notes', 'lv'],
  ['Maksājuma detaļas', 'notes', 'lv'],
  ['Valūtas kods', 'currency', 'lv'],
  ['Atlikums', 'balance', 'lv'],
  ['Konta atlikums', 'balance', 'lv'],
  ['Kategorija', 'category', 'lv'],
  ['Konta nosaukums', 'account', 'lv'],
  ['Debets/Kredīts', 'direction', 'lv'],
  ['DEBETS / KREDĪTS', 'direction', 'lv'],

  // Turkish: Ziraat, İş Bankası, Garanti BBVA, Akbank, Yapı Kredi, Halkbank, QNB, Enpara.
  ['Tarih', 'date', 'tr'],
  ['TARİH', 'date', 'tr'],
  ['İşlem Tarihi', 'date', 'tr'],
  ['ISLEM TARIHI', 'date', 'tr'],
  ['Tarih/Saat', 'date', 'tr'],
  ['Valör Tarihi', 'value_date', 'tr'],
  ['Tutar', 'amount', 'tr'],
  ['Tutar (TL)', 'amount', 'tr'],
  ['Tutar (TRY)', 'amount', 'tr'],
  ['İşlem Tutarı', 'amount', 'tr'],
  ['İŞLEM TUTARI', 'amount', 'tr'],
  ['Alacak', 'inflow', 'tr'],
  ['Alacak Tutarı', 'inflow', 'tr'],
  ['Giriş', 'inflow', 'tr'],
  ['Borç', 'outflow', 'tr'],
  ['BORÇ', 'outflow', 'tr'],
  ['Borç Tutarı (TL)', 'outflow', 'tr'],
  ['Çıkış', 'outflow', 'tr'],
  ['Alıcı', 'payee', 'tr'],
  ['Alıcı Adı', 'payee', 'tr'],
  ['Gönderen', 'payee', 'tr'],
  ['Üye İşyeri', 'payee', 'tr'],
  ['Açıklama', 'description', 'tr'],
  ['AÇIKLAMA', 'description', 'tr'],
  ['İşlem Açıklaması', 'description', 'tr'],
  ['İşlem', 'description', 'tr'],
  ['Dönem İçi İşlemler', 'description', 'tr'],
  ['Notlar', 'notes', 'tr'],
  ['Ek Açıklama', 'notes', 'tr'],
  ['Döviz Cinsi', 'currency', 'tr'],
  ['Para Birimi', 'currency', 'tr'],
  ['Bakiye', 'balance', 'tr'],
  ['Bakiye (TL)', 'balance', 'tr'],
  ['Güncel Bakiye', 'balance', 'tr'],
  ['Kategori', 'category', 'tr'],
  ['Etiket', 'category', 'tr'],
  ['Hesap Adı', 'account', 'tr'],
  ['Borç/Alacak', 'direction', 'tr'],
  ['B/A', 'direction', 'tr'],
];

/** Headers whose folded form another language gives another role: the mapping tries each role. */
const SHARED: readonly Case[] = [
  ['Valūta', 'currency', 'lv'],
  ['VALŪTA', 'currency', 'lv'],
  ['Valör', 'value_date', 'tr'],
];

const NOT_HEADERS: readonly string[] = [
  // Finnish
  'Tilinumero', 'Saajan tilinumero', 'Saajan tilinumero ja pankin BIC', 'BIC', 'Viite', 'Viitenumero', 'Maksajan viite',
  'Arkistointitunnus', 'Kortinnumero', 'Kuitti', 'Laji', 'Maksaja', 'Maksunsaaja', 'Alkuperäinen määrä', 'Vaihtokurssi',
  'Palvelumaksu', 'Tila',
  // Estonian
  'Kliendi konto', 'Reatüüp', 'Saaja/maksja konto', 'Arhiveerimistunnus', 'Viitenumber', 'Dokumendi number', 'Tehingu tüüp',
  'Teenustasu', 'Isikukood või registrikood', 'Saaja panga kood', 'Kande viide', 'Algne summa',
  // Lithuanian
  'Sąskaitos Nr.', 'SĄSKAITA', 'DOK NR.', 'Įrašo Nr.', 'TRANSAKCIJOS KODAS', 'KREDITO ĮSTAIGOS SWIFT KODAS',
  'MOKĖTOJO ARBA GAVĖJO IDENTIFIKACINIS KODAS', 'Įmokos kodas', 'EVP / IBAN', 'Įrašo tipas', 'Komisinis mokestis',
  'Valiutos kursas',
  // Latvian
  'Klienta konts', 'Ieraksta tips', 'Arhīva kods', 'Refernces numurs', 'Dokumenta numurs', 'Maksājuma veids',
  'Partnera konts', 'Komisija', 'Valūtas kurss',
  // Turkish
  'Dekont No', 'Fiş No', 'Referans No', 'İşlem No', 'Kart No', 'Hesap No', 'IBAN', 'Komisyon', 'Masraf', 'BSMV',
  'Döviz Kuru', 'Bonus', 'Chip Para / Mil', 'Taksit', 'Kanal', 'Orijinal Tutar',
];

for (const [header, role, lang] of CASES) {
  test(`${lang}: ${JSON.stringify(header)} is ${role}`, () => {
    const m = matchHeader(header);
    assert.ok(m !== null, `${header} is not in the vocabulary`);
    assert.equal(m.role, role, `${header}: ${JSON.stringify(m.roles)}`);
    assert.ok(m.langs.includes(lang), `${header}: langs ${m.langs.join(',')}`);
  });
}

for (const [header, role, lang] of SHARED) {
  test(`${lang}: ${JSON.stringify(header)} may be ${role}`, () => {
    const m = matchHeader(header);
    assert.ok(m !== null, `${header} is not in the vocabulary`);
    assert.ok(m.roles.some((e) => e.role === role && e.langs.includes(lang)), `${header}: ${JSON.stringify(m.roles)}`);
  });
}

for (const header of NOT_HEADERS) {
  test(`${JSON.stringify(header)} names no role`, () => {
    assert.equal(matchHeader(header), null);
  });
}

test('decorations: a trailing currency code is dropped, a longer header is not matched', () => {
  assert.equal(matchHeader('Määrä (EUR)')?.decorated, true);
  assert.equal(matchHeader('Summa EUR')?.decorated, true);
  assert.equal(matchHeader('Tutar (TRY)')?.decorated, true);
  assert.equal(matchHeader('Kirjauspäivä')?.decorated, false);
  assert.equal(matchHeader('Alkuperäinen summa'), null);
  assert.equal(matchHeader('Saldo ennen'), null);
});

const MONTHS: readonly (readonly [form: string, month: number])[] = [
  // Finnish: nominative, the partitive of dates (`27. maaliskuuta 2018`), abbreviations.
  ['tammikuu', 1], ['tammikuuta', 1], ['Tammik', 1], ['helmikuuta', 2], ['helmi', 2], ['maaliskuuta', 3], ['maalisk', 3],
  ['huhtikuuta', 4], ['toukokuuta', 5], ['kesäkuuta', 6], ['KESÄKUU', 6], ['heinäkuuta', 7], ['heinä', 7], ['elokuuta', 8],
  ['elo', 8], ['syyskuuta', 9], ['lokakuuta', 10], ['loka', 10], ['marraskuuta', 11], ['joulukuuta', 12], ['jouluk', 12],
  // Estonian.
  ['jaanuar', 1], ['veebruar', 2], ['veebr', 2], ['märts', 3], ['aprill', 4], ['mai', 5], ['juuni', 6], ['juuli', 7],
  ['august', 8], ['september', 9], ['oktoober', 10], ['november', 11], ['detsember', 12], ['dets', 12],
  // Lithuanian: nominative, the genitive of dates (`2018 m. kovo 27 d.`), abbreviations.
  ['sausis', 1], ['sausio', 1], ['vasario', 2], ['kovo', 3], ['kovas', 3], ['balandžio', 4], ['gegužės', 5], ['geg', 5],
  ['birželio', 6], ['liepos', 7], ['rugpjūčio', 8], ['rugp', 8], ['rugsėjo', 9], ['rugs', 9], ['spalio', 10],
  ['lapkričio', 11], ['lapkr', 11], ['gruodžio', 12], ['GRUODŽIO', 12],
  // Latvian: nominative, genitive and locative (`2018. gada 27. martā`), abbreviations.
  ['janvāris', 1], ['janvārī', 1], ['februāra', 2], ['marts', 3], ['martā', 3], ['aprīlī', 4], ['maijs', 5], ['maijā', 5],
  ['jūnijs', 6], ['jūlijā', 7], ['augustā', 8], ['septembrī', 9], ['oktobris', 10], ['novembra', 11], ['decembrī', 12],
  // Turkish.
  ['Ocak', 1], ['Şubat', 2], ['ŞUBAT', 2], ['Mart', 3], ['Nisan', 4], ['Mayıs', 5], ['MAYIS', 5], ['Haziran', 6],
  ['Temmuz', 7], ['Ağustos', 8], ['Eylül', 9], ['Ekim', 10], ['Kasım', 11], ['KASIM', 11], ['Aralık', 12], ['Ara', 12],
  ['Eyl', 9], ['Ağu', 8],
];

for (const [form, month] of MONTHS) {
  test(`month ${JSON.stringify(form)} is ${month}`, () => {
    assert.equal(MONTH_BY_NAME.get(fold(form)), month);
  });
}

const LABELS: readonly string[] = [
  // Finnish
  'Alkusaldo', 'Loppusaldo', 'ALKUSALDO', 'Yhteensä', 'Panot yhteensä', 'Otot yhteensä', 'Uusi saldo', 'Edellinen saldo',
  // Estonian (Swedbank's row types 10, 82, 86)
  'Algsaldo', 'Käive', 'Lõppsaldo', 'LÕPPSALDO', 'Kokku', 'Algjääk', 'Lõppjääk',
  // Lithuanian
  'Likutis pradžiai', 'Apyvarta', 'Likutis pabaigai', 'Pradinis likutis', 'Galutinis likutis', 'Iš viso',
  // Latvian
  'Sākuma atlikums', 'Apgrozījums', 'Beigu atlikums', 'SĀKUMA ATLIKUMS', 'Kopā',
  // Turkish
  'Devreden Bakiye', 'Devir Bakiyesi', 'DEVİR', 'Önceki Bakiye', 'Açılış Bakiyesi', 'Kapanış Bakiyesi', 'Toplam',
  'Genel Toplam',
];

for (const label of LABELS) {
  test(`balance label ${JSON.stringify(label)}`, () => {
    assert.ok(BALANCE_LABELS.has(fold(label)));
  });
}

test('balance connectors', () => {
  for (const w of ['seisuga', 'iki', 'uz', 'itibariyla', 'per']) assert.ok(BALANCE_CONNECTORS.has(w), w);
});

test('direction marker families', () => {
  const has = (lang: Lang, inflow: string, outflow: string) =>
    MARKER_FAMILIES.some((f) => f.lang === lang && f.inflow.includes(fold(inflow)) && f.outflow.includes(fold(outflow)));
  assert.ok(has('et', 'K', 'D'));
  assert.ok(has('et', 'Kreedit', 'Deebet'));
  assert.ok(has('lv', 'K', 'D'));
  assert.ok(has('lv', 'Kredīts', 'Debets'));
  assert.ok(has('lt', 'K', 'D'));
  assert.ok(has('lt', 'Kreditas', 'Debetas'));
  assert.ok(has('tr', 'A', 'B'));
  assert.ok(has('tr', 'Alacak', 'Borç'));
  assert.ok(has('fi', 'Hyvitys', 'Veloitus'));
});

for (const lang of MINE) {
  const v = VOCABULARY[lang];

  test(`${lang}: the table keeps the shape of languages.ts`, () => {
    assert.equal(v.lang, lang);
    assert.ok(v.name.length > 2 && v.name !== lang);
    assert.ok(v.codePages.length > 0);
    for (const cp of v.codePages) assert.ok((CODE_PAGES as readonly string[]).includes(cp), cp);
    assert.equal(v.letters, v.letters.toLowerCase());
    assert.ok(!/[a-z]/.test(v.letters));
    assert.equal(v.months.length, 12);
    for (const role of HEADER_ROLES) assert.ok((v.headers[role] ?? []).length > 0, `${lang} has no ${role} phrase`);
    assert.ok(v.balanceLines.length > 0 && v.balanceConnectors.length > 0 && v.directions.length > 0);
  });

  test(`${lang}: every phrase has one role and is not decoration alone`, () => {
    const seen = new Map<string, HeaderRole>();
    for (const role of HEADER_ROLES) {
      for (const p of v.headers[role] ?? []) {
        const key = fold(p);
        assert.ok(key !== '', p);
        const before = seen.get(key);
        assert.ok(before === undefined || before === role, `${lang}: ${p} is both ${before} and ${role}`);
        seen.set(key, role);
      }
    }
  });

  test(`${lang}: every month form has 3+ letters and means its own month`, () => {
    v.months.forEach((forms, i) => {
      assert.ok(forms.length > 0);
      for (const f of forms) {
        assert.ok(/^\p{L}{3,}$/u.test(f), f);
        assert.equal(MONTH_BY_NAME.get(fold(f)), i + 1, `${lang}: ${f} reads as month ${MONTH_BY_NAME.get(fold(f))}`);
      }
    });
  });

  test(`${lang}: every balance label is known and every direction family has both sides`, () => {
    for (const l of v.balanceLines) assert.ok(BALANCE_LABELS.has(fold(l)), l);
    for (const f of v.directions) assert.ok(f.inflow.length > 0 && f.outflow.length > 0);
  });
}
