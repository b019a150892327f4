// Latvian: the exports of Swedbank LV (Klienta konts;Ieraksta tips;Datums;Saņēmējs/Maksātājs;
// Informācija saņēmējam;Summa;Valūta;Debets/Kredīts;…), SEB LV, Citadele (Datums;Saņēmēja/Maksātāja
// nosaukums;Maksājuma detaļas;Summa;Valūta;Atlikums), Luminor LV, Rietumu, card issuers and
// budgeting apps localised to Latvian.
//
// Left out on purpose: `Klienta konts`, `Konta numurs`, `Partnera konts` (account numbers),
// `Ieraksta tips` and `Maksājuma veids` (row and payment type codes), `Arhīva kods`,
// `Refernces numurs` / `References numurs`, `Dokumenta numurs` (identifiers), `Komisija` (the fee).
// `Valūta` folds to `valuta`, which German gives the value date: it stays here as the currency and
// the mapping lets the cells decide.

import type { LanguageVocabulary } from '../languages.ts';

export const lv: LanguageVocabulary = {
  lang: 'lv',
  name: 'Latvian',
  dateOrder: 'dmy',
  decimalMark: ',',
  codePages: ['windows-1257'],
  letters: 'āčēģīķļņšūž',
  headers: {
    date: [
      'Datums', 'Darījuma datums', 'Grāmatošanas datums', 'Operācijas datums', 'Transakcijas datums', 'Ieraksta datums',
      'Maksājuma datums', 'Pirkuma datums', 'Datums un laiks',
    ],
    value_date: ['Valutēšanas datums', 'Valutācijas datums', 'Vērtības datums'],
    amount: ['Summa', 'Darījuma summa', 'Summa konta valūtā', 'Maksājuma summa', 'Operācijas summa', 'Transakcijas summa'],
    inflow: ['Kredīts', 'Ienākumi', 'Ieņēmumi', 'Iemaksas'],
    outflow: ['Debets', 'Izdevumi', 'Izmaksas'],
    payee: [
      'Saņēmējs/Maksātājs', 'Maksātājs/Saņēmējs', 'Saņēmēja/Maksātāja nosaukums', 'Maksātāja/Saņēmēja nosaukums',
      'Saņēmējs', 'Saņēmēja nosaukums', 'Saņēmēja vārds', 'Maksātājs', 'Maksātāja nosaukums', 'Partneris',
      'Partnera nosaukums', 'Darījuma partneris', 'Kontrahents', 'Kontrahenta nosaukums', 'Tirgotājs',
    ],
    description: ['Apraksts', 'Darījuma apraksts', 'Operācijas apraksts', 'Detaļas', 'Darījuma detaļas', 'Paskaidrojums', 'Darījums'],
    notes: [
      'Informācija saņēmējam', 'Maksājuma mērķis', 'Mērķis', 'Maksājuma detaļas', 'Maksājuma informācija', 'Piezīmes',
      'Piezīme', 'Komentārs', 'Komentāri', 'Papildinformācija', 'Papildu informācija',
    ],
    currency: ['Valūta', 'Valūtas kods', 'Darījuma valūta', 'Konta valūta'],
    balance: ['Atlikums', 'Konta atlikums', 'Atlikums pēc darījuma', 'Pieejamais atlikums'],
    category: ['Kategorija', 'Izdevumu kategorija', 'Darījuma kategorija'],
    account: ['Konta nosaukums'],
    direction: ['Debets/Kredīts', 'Kredīts/Debets', 'D/K'],
  },
  months: [
    ['janvāris', 'janvāra', 'janvārī', 'janv'],
    ['februāris', 'februāra', 'februārī', 'febr'],
    ['marts', 'marta', 'martā'],
    ['aprīlis', 'aprīļa', 'aprīlī', 'apr'],
    ['maijs', 'maija', 'maijā'],
    ['jūnijs', 'jūnija', 'jūnijā', 'jūn'],
    ['jūlijs', 'jūlija', 'jūlijā', 'jūl'],
    ['augusts', 'augusta', 'augustā', 'aug'],
    ['septembris', 'septembra', 'septembrī', 'sept'],
    ['oktobris', 'oktobra', 'oktobrī', 'okt'],
    ['novembris', 'novembra', 'novembrī', 'nov'],
    ['decembris', 'decembra', 'decembrī', 'dec'],
  ],
  balanceLines: [
    'Sākuma atlikums', 'Beigu atlikums', 'Atlikums', 'Sākotnējais atlikums', 'Iepriekšējais atlikums', 'Jaunais atlikums',
    'Atlikums perioda sākumā', 'Atlikums perioda beigās', 'Ienākošais atlikums', 'Izejošais atlikums', 'Apgrozījums',
    'Debeta apgrozījums', 'Kredīta apgrozījums', 'Kopā', 'Pavisam kopā', 'Kopsumma', 'Starpsumma',
  ],
  balanceConnectors: ['uz', 'no', 'līdz', 'par', 'datumā'],
  directions: [{ inflow: ['Kredīts', 'K'], outflow: ['Debets', 'D'] }],
};
