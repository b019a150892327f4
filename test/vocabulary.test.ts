// The vocabulary as a whole (SPEC §2.14): every language the SPEC names has a table of the same
// shape, and the tables put together stay unambiguous where the engine needs them to be. The
// per-language cases (real headers, months, balance labels, markers) are in vocabulary-*.test.ts.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fold } from '../engine/vocabulary/fold.ts';
import { CODE_PAGES, HEADER_ROLES, LANGS } from '../engine/vocabulary/languages.ts';
import { HEADER_PHRASES, MARKER_FAMILIES, VOCABULARY } from '../engine/vocabulary/tables.ts';

describe('every language of SPEC §2.14 has a whole table', () => {
  for (const lang of LANGS) {
    test(lang, () => {
      const v = VOCABULARY[lang];
      assert.equal(v.lang, lang);
      for (const role of HEADER_ROLES) assert.ok((v.headers[role] ?? []).length > 0, `${lang}: no header for ${role}`);
      assert.equal(v.months.length, 12, `${lang}: twelve months`);
      for (const forms of v.months) {
        assert.ok(forms.length > 0, `${lang}: every month has a form`);
        for (const f of forms) assert.ok(fold(f).length >= 3, `${lang}: ${f} has three letters or more`);
      }
      assert.ok(v.balanceLines.length > 0, `${lang}: balance labels`);
      assert.ok(v.codePages.length > 0 && v.codePages.every((p) => (CODE_PAGES as readonly string[]).includes(p)), `${lang}: code pages`);
      assert.equal(v.letters, v.letters.toLowerCase(), `${lang}: letters in lower case`);
      assert.ok(!/[a-z]/.test(v.letters), `${lang}: letters beyond ASCII only`);
    });
  }
});

test('a month form means one month in every language', () => {
  const seen = new Map<string, number>();
  for (const lang of LANGS) {
    VOCABULARY[lang].months.forEach((forms, i) => {
      for (const f of forms) {
        const k = fold(f);
        assert.ok(!seen.has(k) || seen.get(k) === i + 1, `${lang}: ${f} is month ${i + 1} here and ${seen.get(k)} elsewhere`);
        seen.set(k, i + 1);
      }
    });
  }
});

test('header phrases with two meanings are only those the cells can tell apart', () => {
  // `Valuta`: a value date (de, nl, cs, sk) or a currency (it, sv, da, no, lv); `Valor`: an amount
  // (es, pt) or a value date (da, tr). Dates, codes and amounts are told apart by their cells.
  const twoRoles = [...HEADER_PHRASES].filter(([, e]) => e.length > 1).map(([k]) => k).sort();
  assert.deepEqual(twoRoles, ['valor', 'valuta']);
});

test('no direction marker means money in in one convention and money out in another of the same language', () => {
  for (const lang of LANGS) {
    const inflow = new Set(MARKER_FAMILIES.filter((f) => f.lang === lang).flatMap((f) => f.inflow));
    for (const f of MARKER_FAMILIES.filter((x) => x.lang === lang)) {
      for (const m of f.outflow) assert.ok(!inflow.has(m), `${lang}: ${m} is both`);
    }
  }
});
