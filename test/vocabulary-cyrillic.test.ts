// The Russian and Ukrainian vocabulary tables (engine/vocabulary/lang/ru.ts, uk.ts): headers as the
// banks print them find their role, headers that name no role of ours (numbers, ids, foreign
// amounts, fees) find none, month names in dates read as their month, balance and total rows are
// recognised, and direction columns' markers belong to a family.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fold } from '../engine/vocabulary/fold.ts';
import { CODE_PAGES, HEADER_ROLES, type HeaderRole, type Lang } from '../engine/vocabulary/languages.ts';
import { ru } from '../engine/vocabulary/lang/ru.ts';
import { uk } from '../engine/vocabulary/lang/uk.ts';
import { matchHeader } from '../engine/vocabulary/match.ts';
import { BALANCE_CONNECTORS, BALANCE_LABELS, MARKER_FAMILIES, MONTH_BY_NAME } from '../engine/vocabulary/tables.ts';

const CASES: readonly (readonly [header: string, role: HeaderRole, lang: Lang])[] = [
  // Russian: T-Bank (Tinkoff) CSV
  ['Дата операции', 'date', 'ru'],
  ['Дата платежа', 'value_date', 'ru'],
  ['Сумма платежа', 'amount', 'ru'],
  ['Валюта платежа', 'currency', 'ru'],
  ['Категория', 'category', 'ru'],
  ['Описание', 'description', 'ru'],
  // Sberbank e-mailed CSV and statements
  ['Дата совершения операции', 'date', 'ru'],
  ['Дата обработки операции', 'value_date', 'ru'],
  ['Сумма в валюте счета', 'amount', 'ru'],
  ['СУММА В ВАЛЮТЕ СЧЁТА', 'amount', 'ru'],
  ['ДАТА ОПЕРАЦИИ (МСК)', 'date', 'ru'],
  ['Остаток средств', 'balance', 'ru'],
  // Alfa-Bank CSV
  ['Описание операции', 'description', 'ru'],
  ['Приход', 'inflow', 'ru'],
  ['Расход', 'outflow', 'ru'],
  ['Дата проводки', 'date', 'ru'],
  // VTB
  ['Дата обработки', 'value_date', 'ru'],
  ['Сумма пересчитанная в валюту счета', 'amount', 'ru'],
  ['Валюта счета', 'currency', 'ru'],
  ['Основание', 'description', 'ru'],
  // Raiffeisen, Pochta Bank, MTS Bank
  ['Дата транзакции', 'date', 'ru'],
  ['Контрагент', 'payee', 'ru'],
  ['Баланс', 'balance', 'ru'],
  ['Наименование торговой точки', 'payee', 'ru'],
  ['Дата и время', 'date', 'ru'],
  // Business statements (SberBusiness, 1C client-bank, Tochka)
  ['Дебет', 'outflow', 'ru'],
  ['Кредит', 'inflow', 'ru'],
  ['Сумма по дебету', 'outflow', 'ru'],
  ['Сумма по кредиту', 'inflow', 'ru'],
  ['Назначение платежа', 'notes', 'ru'],
  ['НазначениеПлатежа', 'notes', 'ru'],
  ['Наименование контрагента', 'payee', 'ru'],
  ['Получатель', 'payee', 'ru'],
  ['Дата валютирования', 'value_date', 'ru'],
  ['Сальдо', 'balance', 'ru'],
  ['Дебет/Кредит', 'direction', 'ru'],
  ['Д/К', 'direction', 'ru'],
  // Kazakhstan (Halyk, Kaspi, Alatau City, Eurasian, BCC)
  ['Дата проведения операции', 'date', 'ru'],
  ['Приход в валюте счета', 'inflow', 'ru'],
  ['Расход в валюте счета', 'outflow', 'ru'],
  ['Дата и время операции', 'date', 'ru'],
  ['Контрагент (имя)', 'payee', 'ru'],
  ['Детали платежа', 'notes', 'ru'],
  ['Корреспондент', 'payee', 'ru'],
  ['Дата отражения по счету', 'value_date', 'ru'],
  ['Наименование Бенефициара/Отправителя', 'payee', 'ru'],
  ['Күні / Дата', 'date', 'ru'],
  ['Дебет / Дебет', 'outflow', 'ru'],
  // Belarus (Priorbank)
  ['Обороты по счету', 'amount', 'ru'],
  ['Дата операции по счету', 'value_date', 'ru'],
  ['Категория операции', 'category', 'ru'],
  // monobank and Privat24 in Russian
  ['Детали операции', 'description', 'ru'],
  ['Сумма в валюте карты (UAH)', 'amount', 'ru'],
  ['Остаток после операции', 'balance', 'ru'],
  ['Валюта карты', 'currency', 'ru'],
  ['Остаток на конец периода', 'balance', 'ru'],
  // Budgeting apps (ZenMoney, CoinKeeper, Money Manager)
  ['Комментарий', 'notes', 'ru'],
  ['Примечание', 'notes', 'ru'],
  ['Доход', 'inflow', 'ru'],
  ['Доход/Расход', 'direction', 'ru'],
  ['Счета', 'account', 'ru'],
  ['Название счёта', 'account', 'ru'],
  // Decorations: a currency code or number after the phrase
  ['Сумма (RUB)', 'amount', 'ru'],
  ['Сумма, руб.', 'amount', 'ru'],
  ['Приход (BYN)', 'inflow', 'ru'],
  ['Расход KZT', 'outflow', 'ru'],
  ['Остаток, RUB', 'balance', 'ru'],
  ['Валюта', 'currency', 'ru'],
  ['Дата', 'date', 'ru'],

  // Ukrainian: monobank (Latin "i" in the first header, as monobank prints it)
  ['Дата i час операції', 'date', 'uk'],
  ['Дата і час операції', 'date', 'uk'],
  ['Деталі операції', 'description', 'uk'],
  ['Сума в валюті картки (UAH)', 'amount', 'uk'],
  ['Сума в валюті картки (USD)', 'amount', 'uk'],
  ['Залишок після операції', 'balance', 'uk'],
  ['Валюта', 'currency', 'uk'],
  // PrivatBank (Privat24)
  ['Дата', 'date', 'uk'],
  ['Категорія', 'category', 'uk'],
  ['Опис операції', 'description', 'uk'],
  ['Сума в валюті картки', 'amount', 'uk'],
  ['Валюта картки', 'currency', 'uk'],
  ['Залишок на кінець періоду', 'balance', 'uk'],
  ['Сума в валюті рахунку', 'amount', 'uk'],
  ['Валюта рахунку', 'currency', 'uk'],
  // Privat24 for business, Sense Bank, A-Bank, PUMB, Oschadbank (iFOBS)
  ['Дата проведення', 'date', 'uk'],
  ['Дата валютування', 'value_date', 'uk'],
  ['Найменування контрагента', 'payee', 'uk'],
  ['Найменування отримувача', 'payee', 'uk'],
  ['Кореспондент', 'payee', 'uk'],
  ['Призначення платежу', 'notes', 'uk'],
  ['Сума', 'amount', 'uk'],
  ['Сума, грн', 'amount', 'uk'],
  ['Контрагент', 'payee', 'uk'],
  ['Дата операції', 'date', 'uk'],
  ['Тип операції', 'direction', 'uk'],
  ['Залишок після операції в валюті рахунку', 'balance', 'uk'],
  ['Дебет', 'outflow', 'uk'],
  ['Кредит', 'inflow', 'uk'],
  ['Дебет (UAH)', 'outflow', 'uk'],
  ['Кредит (UAH)', 'inflow', 'uk'],
  // Bank PDF-to-table statements
  ['Дата обробки операції', 'value_date', 'uk'],
  ['Сума у валюті рахунку', 'amount', 'uk'],
  ['Вихідний залишок (у валюті рахунку)', 'balance', 'uk'],
  // Budgeting and other exports
  ['Надходження', 'inflow', 'uk'],
  ['Списання', 'outflow', 'uk'],
  ['Коментар', 'notes', 'uk'],
  ['Примітка', 'notes', 'uk'],
  ['Отримувач', 'payee', 'uk'],
  ['Назва рахунку', 'account', 'uk'],
  ['Сальдо', 'balance', 'uk'],
  ['ЗАЛИШОК', 'balance', 'uk'],
];

for (const [header, role, lang] of CASES) {
  test(`${lang}: "${header}" is ${role}`, () => {
    const m = matchHeader(header);
    assert.equal(m?.role, role, `role of "${header}"`);
    assert.ok(m!.langs.includes(lang), `langs of "${header}": ${m!.langs.join(',')}`);
  });
}

/** Headers that name no role: numbers, ids, codes, foreign amounts and currencies, fees, cashback. */
const NOT_MATCHED: readonly string[] = [
  // Russian
  'Номер карты', 'Номер счета', 'Номер счёта', 'Счет', 'Тип счёта', 'Номер карты/счета/договора', 'Референс проводки',
  'Код авторизации', 'Номер документа', 'БИК', 'ИНН контрагента', 'ИИН/БИН', 'КНП', 'Статус', 'Кэшбэк',
  'Бонусы (включая кэшбэк)', 'Комиссия', 'Сумма комиссии', 'Сумма операции', 'Валюта операции', 'Сумма в валюте операции',
  'Сумма в тенге', 'Курс', 'Операция', 'Город совершения операции', 'Страна совершения операции',
  // Ukrainian
  'Картка', 'Рахунок', 'IBAN', 'IBAN Контрагента', 'ЄДРПОУ/РНОКПП контрагента', 'МФО банку', '№ платежу',
  'Сума в валюті операції', 'Сума в валюті транзакції', 'Валюта транзакції', 'Валюта залишку', 'Сума комісій (UAH)',
  'Сума кешбеку (UAH)', 'Операція', 'Номер документа', 'Код контрагента',
  // Words inside a longer header are not looked for
  'Дата рождения', 'Сумма кредита', 'Сума кредиту',
];

for (const header of NOT_MATCHED) {
  test(`"${header}" names no role`, () => {
    assert.equal(matchHeader(header), null);
  });
}

const MONTHS: readonly (readonly [form: string, month: number])[] = [
  // Russian: nominative, genitive (as in `12 января 2019`) and abbreviations
  ['Январь', 1], ['января', 1], ['янв', 1], ['Янв.', 1],
  ['Февраль', 2], ['февраля', 2], ['фев', 2], ['февр.', 2],
  ['Март', 3], ['марта', 3], ['мар', 3],
  ['Апрель', 4], ['апреля', 4], ['апр', 4],
  ['Май', 5], ['мая', 5], ['МАЯ', 5],
  ['Июнь', 6], ['июня', 6], ['июн', 6],
  ['Июль', 7], ['июля', 7], ['июл', 7],
  ['Август', 8], ['августа', 8], ['авг', 8],
  ['Сентябрь', 9], ['сентября', 9], ['сен', 9], ['сент.', 9],
  ['Октябрь', 10], ['октября', 10], ['окт', 10],
  ['Ноябрь', 11], ['ноября', 11], ['ноя', 11], ['нояб.', 11],
  ['Декабрь', 12], ['декабря', 12], ['дек', 12],
  // Ukrainian
  ['Січень', 1], ['січня', 1], ['січ', 1],
  ['Лютий', 2], ['лютого', 2], ['лют', 2],
  ['Березень', 3], ['березня', 3], ['бер', 3],
  ['Квітень', 4], ['квітня', 4], ['квіт.', 4],
  ['Травень', 5], ['травня', 5], ['трав', 5],
  ['Червень', 6], ['червня', 6], ['черв', 6],
  ['Липень', 7], ['липня', 7], ['лип', 7],
  ['Серпень', 8], ['серпня', 8], ['серп', 8],
  ['Вересень', 9], ['вересня', 9], ['вер', 9],
  ['Жовтень', 10], ['жовтня', 10], ['жовт', 10],
  ['Листопад', 11], ['листопада', 11], ['лист', 11],
  ['Грудень', 12], ['грудня', 12], ['груд', 12],
];

for (const [form, month] of MONTHS) {
  test(`month "${form}" is ${month}`, () => {
    assert.equal(MONTH_BY_NAME.get(fold(form)), month);
  });
}

const BALANCE: readonly string[] = [
  'Входящий остаток', 'ИСХОДЯЩИЙ ОСТАТОК', 'Остаток на начало периода', 'Остаток на конец периода', 'Входящее сальдо',
  'Сальдо на конец периода', 'Баланс на конец периода', 'Итого', 'Всего', 'Обороты за период', 'Итого по дебету',
  'Остаток', 'Сальдо',
  'Вхідний залишок', 'Вихідний залишок', 'Залишок на початок періоду', 'Вихідне сальдо', 'Разом', 'Усього', 'Підсумок',
  'Обороти за дебетом', 'Залишок',
];

for (const label of BALANCE) {
  test(`"${label}" is a balance label`, () => {
    assert.ok(BALANCE_LABELS.has(fold(label)));
  });
}

for (const notLabel of ['Пятёрочка', 'Перевод', 'Зарплата', 'Сільпо', 'Поповнення']) {
  test(`"${notLabel}" is not a balance label`, () => {
    assert.ok(!BALANCE_LABELS.has(fold(notLabel)));
  });
}

test('balance connectors: `Остаток на 01.01.2024`, `Залишок станом на 01.01.2024`, `Обороты за период с … по …`', () => {
  for (const w of ['на', 'по', 'состоянию', 'с', 'за', 'станом', 'з', 'від', 'до']) assert.ok(BALANCE_CONNECTORS.has(w), w);
});

const DIRECTIONS: readonly (readonly [lang: Lang, inflow: string, outflow: string])[] = [
  ['ru', 'Кредит', 'Дебет'], ['ru', 'К', 'Д'], ['ru', 'Кт', 'Дт'], ['ru', 'Приход', 'Расход'], ['ru', 'Поступление', 'Списание'],
  ['ru', 'Доход', 'Расход'],
  ['uk', 'Кредит', 'Дебет'], ['uk', 'Надходження', 'Списання'], ['uk', 'Вхідна', 'Вихідна'], ['uk', 'Дохід', 'Витрата'],
];

for (const [lang, inflow, outflow] of DIRECTIONS) {
  test(`${lang} direction markers ${inflow} / ${outflow}`, () => {
    const family = MARKER_FAMILIES.find(
      (f) => f.lang === lang && f.inflow.includes(fold(inflow)) && f.outflow.includes(fold(outflow)),
    );
    assert.ok(family);
  });
}

for (const v of [ru, uk]) {
  test(`${v.lang}: table shape`, () => {
    assert.equal(v.months.length, 12);
    for (const forms of v.months) for (const f of forms) assert.ok(fold(f).length >= 3, f);
    for (const cp of v.codePages) assert.ok((CODE_PAGES as readonly string[]).includes(cp), cp);
    assert.equal(v.letters, v.letters.toLowerCase());
    assert.equal(new Set(v.letters).size, v.letters.length);
    for (const f of v.directions) assert.ok(f.inflow.length > 0 && f.outflow.length > 0);
  });
}

test('ru, uk: a phrase has one role, and no Russian or Ukrainian phrase has another role in the other table', () => {
  const roleOf = new Map<string, string>();
  for (const v of [ru, uk]) {
    for (const role of HEADER_ROLES) {
      for (const p of v.headers[role] ?? []) {
        const key = fold(p);
        const known = roleOf.get(key);
        assert.ok(known === undefined || known === role, `"${p}" (${v.lang}) is ${role} and ${known}`);
        roleOf.set(key, role);
      }
    }
  }
});

test('ru, uk: a month form names one month in both tables', () => {
  const monthOf = new Map<string, number>();
  for (const v of [ru, uk]) {
    v.months.forEach((forms, i) => {
      for (const f of forms) {
        const known = monthOf.get(fold(f));
        assert.ok(known === undefined || known === i + 1, `"${f}" is month ${i + 1} and ${known}`);
        monthOf.set(fold(f), i + 1);
      }
    });
  }
});
