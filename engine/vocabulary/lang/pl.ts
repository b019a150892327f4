// Polish: PKO BP, Pekao, mBank, ING Bank Śląski, Santander, Millennium, Alior, BNP Paribas, Credit Agricole,
// Citi Handlowy, VeloBank, Nest Bank, Inteligo, card issuers, and Revolut's Polish export.
//
// Left out on purpose: `Kwota operacji` (Alior prints it in the operation's own currency beside
// `Kwota w walucie rachunku`), `Waluta operacji` (its currency), `Kwota płatności w walucie` and
// `Oryginalna kwota operacji` (foreign amounts), `Kwota blokady` (holds), and every account number,
// reference number and transaction id (`Nr rachunku`, `Numer konta`, `Nr transakcji`, `Numer referencyjny`).

import type { LanguageVocabulary } from '../languages.ts';

export const pl: LanguageVocabulary = {
  lang: 'pl',
  name: 'Polish',
  dateOrder: 'dmy',
  decimalMark: ',',
  codePages: ['windows-1250', 'iso-8859-2'],
  letters: 'ąćęłńóśźż',
  headers: {
    date: [
      'Data', 'Data operacji', 'Data transakcji', 'Data księgowania', 'Data zaksięgowania', 'Data realizacji',
      'Data wykonania', 'Data zlecenia', 'Data obciążenia', 'Data i czas operacji', 'Data i godzina', 'Data rozpoczęcia',
      'Data zrealizowania',
    ],
    value_date: ['Data waluty', 'Data wartości', 'Data rozliczenia'],
    amount: [
      'Kwota', 'Kwota transakcji', 'Kwota transakcji (waluta rachunku)', 'Kwota w walucie rachunku', 'Kwota zaksięgowana',
      'Kwota księgowania', 'Kwota rozliczenia', 'Kwota rozliczona', 'Kwota w PLN',
    ],
    inflow: ['Uznania', 'Uznanie', 'Kwota uznania', 'Wpływy', 'Wpływ', 'Wpłaty', 'Przychody', 'Przychód'],
    outflow: ['Obciążenia', 'Obciążenie', 'Kwota obciążenia', 'Wydatki', 'Wydatek', 'Wypłaty', 'Rozchody', 'Rozchód'],
    payee: [
      'Nadawca/Odbiorca', 'Odbiorca/Nadawca', 'Odbiorca/Zleceniodawca', 'Zleceniodawca/Odbiorca', 'Dane kontrahenta',
      'Kontrahent', 'Nazwa kontrahenta', 'Odbiorca', 'Nazwa odbiorcy', 'Nadawca', 'Nazwa nadawcy', 'Beneficjent',
      'Nazwa beneficjenta', 'Sprzedawca', 'Nazwa sprzedawcy', 'Akceptant', 'Nazwa akceptanta',
    ],
    description: [
      'Opis', 'Opis operacji', 'Opis transakcji', 'Szczegóły', 'Szczegóły transakcji', 'Szczegóły operacji',
      'Typ transakcji', 'Typ operacji', 'Rodzaj transakcji', 'Rodzaj operacji',
    ],
    notes: [
      'Tytuł', 'Tytułem', 'Tytuł operacji', 'Tytuł przelewu', 'Tytuł transakcji', 'Uwagi', 'Notatka', 'Notatki', 'Komentarz',
      'Informacje dodatkowe', 'Dodatkowe informacje', 'Opis dodatkowy', 'Wiadomość',
    ],
    currency: ['Waluta', 'Waluta rachunku', 'Waluta transakcji', 'Kod waluty'],
    balance: [
      'Saldo', 'Saldo po operacji', 'Saldo po transakcji', 'Saldo po zaksięgowaniu', 'Saldo księgowe', 'Saldo dostępne',
      'Dostępne środki', 'Stan konta', 'Stan rachunku',
    ],
    category: ['Kategoria', 'Kategoria transakcji', 'Kategoria operacji'],
    account: ['Rachunek', 'Konto', 'Nazwa rachunku', 'Nazwa konta'],
    direction: ['Wn/Ma', 'Winien/Ma', 'Obciążenie/Uznanie', 'Uznanie/Obciążenie'],
  },
  months: [
    ['styczeń', 'stycznia', 'sty'],
    ['luty', 'lutego', 'lut'],
    ['marzec', 'marca', 'mar'],
    ['kwiecień', 'kwietnia', 'kwi'],
    ['maj', 'maja'],
    ['czerwiec', 'czerwca', 'cze'],
    ['lipiec', 'lipca', 'lip'],
    ['sierpień', 'sierpnia', 'sie'],
    ['wrzesień', 'września', 'wrz'],
    ['październik', 'października', 'paź'],
    ['listopad', 'listopada', 'lis'],
    ['grudzień', 'grudnia', 'gru'],
  ],
  balanceLines: [
    'Saldo', 'Saldo początkowe', 'Saldo końcowe', 'Saldo otwarcia', 'Saldo zamknięcia', 'Saldo poprzednie',
    'Saldo z poprzedniego wyciągu', 'Saldo bieżące', 'Saldo księgowe', 'Saldo dostępne', 'Saldo na początek okresu',
    'Saldo na koniec okresu', 'Saldo do przeniesienia', 'Z przeniesienia', 'Przeniesienie', 'Stan konta', 'Stan rachunku',
    'Suma', 'Razem', 'Ogółem', 'Suma obciążeń', 'Suma uznań', 'Suma operacji', 'Suma wpływów', 'Suma wydatków',
    'Obroty', 'Obroty razem', 'Obroty Wn', 'Obroty Ma',
  ],
  balanceConnectors: ['na dzień', 'z dnia', 'na', 'dnia', 'z', 'za', 'od', 'do', 'per'],
  directions: [
    { inflow: ['Uznanie', 'Uznania'], outflow: ['Obciążenie', 'Obciążenia'] },
    { inflow: ['Ma'], outflow: ['Wn'] },
  ],
};
