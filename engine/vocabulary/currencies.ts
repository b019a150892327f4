// Currency signs written beside amounts (`€12.00`, `-30,00 PLN`, `12 zł`), mapped to their ISO 4217
// code; null where a sign names several currencies (`kr`, `¥`, `$`: the caller decides `$` from the
// file's or account's currency). Data only; ISO codes themselves (`EUR 5.00`) need no entry.

export const CURRENCY_SIGNS: Readonly<Record<string, string | null>> = {
  '€': 'EUR', '£': 'GBP', '$': null, 'US$': 'USD', 'zł': 'PLN', 'Kč': 'CZK', 'Ft': 'HUF', 'kr': null, 'kr.': null, '¥': null,
};
