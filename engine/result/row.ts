// A row of any format as the engine hands it out (SPEC §2.12): its physical line, whether it is
// valid, its issues and its normalized fields; and the collector a reader fills a row's issues
// into. Shared by the table, QIF and statement readers.

import { issue, type Code, type Issue, type Severity } from '../errors.ts';

export type FieldValue = string | string[] | number | boolean | null | readonly unknown[];
export type RowFields = Record<string, FieldValue>;

export interface RowResult {
  /** Physical line (1-based) where the record starts. */
  line: number;
  valid: boolean;
  issues: Issue[];
  fields: RowFields;
}

export const NO_ISSUES: Issue[] = Object.freeze([]) as unknown as Issue[];

/** Collects the issues of one row. */
export class RowIssues {
  list: Issue[] | null = null;
  errors = 0;
  line = 0;

  reset(line: number): void {
    this.list = null;
    this.errors = 0;
    this.line = line;
  }

  /** `severity` overrides the code's own where the SPEC makes one code an error in some cells only. */
  add(code: Code, field: string | null, message: string, raw: string | null = null, severity?: Severity): void {
    const i = issue(code, this.line, field, message, raw);
    if (severity !== undefined) i.severity = severity;
    if (i.severity === 'error') this.errors++;
    (this.list ??= []).push(i);
  }

  /** The row built from what was collected. */
  row(fields: RowFields): RowResult {
    return { line: this.line, valid: this.errors === 0, issues: this.list ?? NO_ISSUES, fields };
  }
}
