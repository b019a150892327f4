// The engine's option types as a consumer sees them (issue 15): enumerated options are literal
// unions, so a wrong value is a type error, not a run-time surprise. Checked by `tsc --noEmit`
// (each @ts-expect-error fails the type check if the line it guards becomes valid); the run-time
// test below checks that the same values are refused when they come unchecked.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  normalizeOptions, OptionsError, readImport,
  type ColSep, type ImportOptions, type ImportType, type NumberFormat, type SignageConvention, type UncheckedImportOptions,
} from '../engine/node.ts';

const typed: ImportOptions = {
  type: 'TransactionImport', number_format: '1.234,56', signage_convention: 'inflows_negative', col_sep: ';', amount_type_strategy: 'signed_amount',
};
// @ts-expect-error a number format that does not exist
const badFormat: ImportOptions = { number_format: 'nope' };
// @ts-expect-error an import type that does not exist
const badType: ImportOptions = { type: 'CsvImport' };
// @ts-expect-error a separator the engine does not read
const badSep: ImportOptions = { col_sep: ':' };
// @ts-expect-error a signage convention that does not exist
const badSign: ImportOptions = { signage_convention: 'positive' };
const literals: [ImportType, NumberFormat, SignageConvention, ColSep] = ['QifImport', '1 234,56', 'inflows_positive', '\t'];

test('unchecked values are refused at run time, naming the option', () => {
  for (const [name, options] of [['number_format', badFormat], ['type', badType], ['col_sep', badSep], ['signage_convention', badSign]] as const) {
    const unchecked: UncheckedImportOptions = options;
    assert.throws(() => normalizeOptions(unchecked), (e: unknown) => e instanceof OptionsError && JSON.stringify(e).includes(name), name);
  }
  assert.doesNotThrow(() => normalizeOptions(typed));
  assert.equal(literals.length, 4);
  assert.equal(typeof readImport, 'function');
});
