// How each setting a file was read with came to be (SPEC §2.14 "Report"): given by the caller,
// inferred from the file (with the evidence, and a close second when there was one), or the
// default. Shared by every format's result as `result.inferred`.

import type { NumberFormat } from '../parse/amount.ts';

export type SettingHow = 'given' | 'inferred' | 'default';

/** One setting the file was read with, and how it came to be. */
export interface Setting<T = string | number | null> {
  value: T;
  how: SettingHow;
  /** What decided it, in a few words (null when nothing needed saying). */
  evidence: string | null;
  /** A close second, when inference weighed one. */
  second: T | null;
}

export const given = <T>(value: T): Setting<T> => ({ value, how: 'given', evidence: null, second: null });
export const byDefault = <T>(value: T, evidence: string | null = null): Setting<T> => ({ value, how: 'default', evidence, second: null });
export const inferred = <T>(value: T, evidence: string | null, second: T | null = null): Setting<T> =>
  ({ value, how: 'inferred', evidence, second });

/** Every setting of a table or QIF file (`col_sep` and `header_line` are null for QIF). */
export interface InferredSettings {
  type: Setting<string>;
  encoding: Setting<string>;
  col_sep: Setting<string | null>;
  header_line: Setting<number | null>;
  date_format: Setting<string | null>;
  number_format: Setting<NumberFormat>;
  signage_convention: Setting<string>;
  /** How the ledger sign is made: signed amounts under the convention, inflow − outflow, or a direction column. */
  amount_sign: Setting<string>;
}
