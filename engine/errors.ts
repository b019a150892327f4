// The one catalogue of issue codes the engine reports, and the error type for problems that stop a
// whole file. Row problems are data (an Issue on a RowResult); a file that cannot be read as a table
// or options that make no sense throw a SluiceError carrying the code and, where it applies, the
// physical line. Callers branch on `code`, never on message wording.
//
// Severity: `error` makes a row invalid; `warning` is reported and counted but the row stays valid.
// Scope: `row` issues are attached to rows, `file` issues to the whole-file result, `fatal` ones
// are thrown as SluiceError.

export const CODES = {
  // Decoding (WHATWG Encoding Standard names are reported: utf-8, utf-16le, windows-1252, ...)
  DECODE_INVALID_BYTES: { severity: 'error', scope: 'row' },
  DECODE_ENCODING_GUESSED: { severity: 'warning', scope: 'file' },
  DECODE_BINARY: { severity: 'error', scope: 'fatal' },

  // Tokenizing (RFC 4180 and the edge rules of SPEC §2.13)
  CSV_EMPTY: { severity: 'error', scope: 'fatal' },
  CSV_UNTERMINATED_QUOTE: { severity: 'error', scope: 'fatal' },
  CSV_RECORD_TOO_LARGE: { severity: 'error', scope: 'fatal' },
  CSV_QUOTE_TRAILING_TEXT: { severity: 'warning', scope: 'row' },
  CSV_FIELD_COUNT: { severity: 'warning', scope: 'row' },
  /** The content is plainly another format (QIF, an NDJSON export, OFX, CAMT, MT940, XLSX, PDF) than the table type asked for. */
  CSV_OTHER_FORMAT: { severity: 'error', scope: 'fatal' },
  // SPEC §2.13 names this warning without a prefix; the name is kept as the contract spells it.
  NO_DATA_ROWS: { severity: 'warning', scope: 'file' },

  // NDJSON (NativeImport): the upload check; per-record problems are preflight codes (ndjson/preflight.ts)
  NDJSON_EMPTY: { severity: 'error', scope: 'fatal' },
  NDJSON_NOT_RECORDS: { severity: 'error', scope: 'fatal' },

  // QIF
  QIF_NOT_QIF: { severity: 'error', scope: 'fatal' },
  QIF_SECTION_UNKNOWN: { severity: 'warning', scope: 'file' },

  // Statement formats (SPEC §2.15): OFX/QFX, ISO 20022 CAMT, SWIFT MT940/MT942, XLSX workbooks
  /** The content is not a statement of the type asked for (no OFX root, no CAMT document, no MT940 tags). */
  STATEMENT_NOT_FORMAT: { severity: 'error', scope: 'fatal' },
  /** The file's structure breaks off or contradicts itself where no row can be recovered (malformed XML, a tag out of place). */
  STATEMENT_MALFORMED: { severity: 'error', scope: 'fatal' },
  /** Opening balance + entries ≠ closing balance for one statement. */
  STATEMENT_BALANCE_MISMATCH: { severity: 'warning', scope: 'file' },
  /** A pending (not booked) entry: reported, not read as a row. */
  STATEMENT_ENTRY_PENDING: { severity: 'warning', scope: 'file' },
  /** A batch entry whose transaction details do not add up to it: read as one row. */
  STATEMENT_BATCH_UNSPLIT: { severity: 'warning', scope: 'file' },
  /** A record or element the reader does not import (a statement kind, an investment record type), or a balance it cannot read. */
  STATEMENT_RECORD_SKIPPED: { severity: 'warning', scope: 'file' },
  /** A response in the file carries an error status (OFX STATUS SEVERITY ERROR): what it should hold may be missing. */
  STATEMENT_STATUS_ERROR: { severity: 'warning', scope: 'file' },
  /** The workbook's sheet was not found, or the ZIP is not a workbook sluice can read. */
  XLSX_SHEET_NOT_FOUND: { severity: 'error', scope: 'fatal' },
  XLSX_UNREADABLE: { severity: 'error', scope: 'fatal' },

  // Column mapping
  MAP_COLUMN_NOT_FOUND: { severity: 'error', scope: 'fatal' },
  MAP_REQUIRED_COLUMN_MISSING: { severity: 'error', scope: 'fatal' },
  MAP_DUPLICATE_HEADER: { severity: 'warning', scope: 'file' },

  // Values
  AMOUNT_MISSING: { severity: 'error', scope: 'row' },
  AMOUNT_INVALID: { severity: 'error', scope: 'row' },
  /** No sampled amount told the decimal mark and some value reads differently under the other (SPEC §2.14). */
  AMOUNT_FORMAT_AMBIGUOUS: { severity: 'warning', scope: 'file' },
  /** The currency written beside the amount differs from the row's currency column. */
  AMOUNT_CURRENCY_CONFLICT: { severity: 'error', scope: 'row' },
  DATE_MISSING: { severity: 'error', scope: 'row' },
  DATE_INVALID: { severity: 'error', scope: 'row' },
  DATE_IMPOSSIBLE: { severity: 'error', scope: 'row' },
  DATE_OUT_OF_RANGE: { severity: 'error', scope: 'row' },
  DATE_FORMAT_UNKNOWN: { severity: 'error', scope: 'row' },
  DATE_FORMAT_AMBIGUOUS: { severity: 'warning', scope: 'file' },

  // Row-level validation of the other fields
  ROW_FIELD_MISSING: { severity: 'error', scope: 'row' },
  ROW_CURRENCY_INVALID: { severity: 'error', scope: 'row' },
  ROW_COLOR_INVALID: { severity: 'error', scope: 'row' },
  ROW_URL_INVALID: { severity: 'error', scope: 'row' },
  ROW_ACCOUNT_TYPE_UNMATCHED: { severity: 'warning', scope: 'row' },
  ROW_JSON_INVALID: { severity: 'error', scope: 'row' },
  ROW_RULE_INVALID: { severity: 'error', scope: 'row' },
  /** JSON in a cell nests arrays or objects deeper than 64 levels (SPEC §3.12). */
  ROW_TOO_DEEP: { severity: 'error', scope: 'row' },
  ROW_BOOLEAN_INVALID: { severity: 'error', scope: 'row' },
  ROW_VALUE_INVALID: { severity: 'error', scope: 'row' },
  ROW_SPLIT_MISMATCH: { severity: 'error', scope: 'row' },
  /** An opening or closing balance, a total or a turnover line: visible, never published (SPEC §2.14). */
  ROW_BALANCE_LINE: { severity: 'error', scope: 'row' },

  // Options
  OPT_UNKNOWN: { severity: 'error', scope: 'fatal' },
  OPT_INVALID_VALUE: { severity: 'error', scope: 'fatal' },
  OPT_DATE_FORMAT_INVALID: { severity: 'error', scope: 'fatal' },
  OPT_INFLOW_VALUE_MISSING: { severity: 'error', scope: 'fatal' },
  OPT_ENCODING_UNSUPPORTED: { severity: 'error', scope: 'fatal' },
  OPT_TYPE_UNSUPPORTED: { severity: 'error', scope: 'fatal' },
  OPT_FILE_UNREADABLE: { severity: 'error', scope: 'fatal' },
} as const satisfies Record<string, { severity: 'error' | 'warning'; scope: 'row' | 'file' | 'fatal' }>;

export type Code = keyof typeof CODES;
export type Severity = 'error' | 'warning';

/** One problem found in the data: where (line, field), what (code) and the text that caused it. */
export interface Issue {
  line: number | null;
  field: string | null;
  code: Code;
  severity: Severity;
  message: string;
  raw: string | null;
}

export function issue(code: Code, line: number | null, field: string | null, message: string, raw: string | null = null): Issue {
  return { line, field, code, severity: CODES[code].severity, message, raw };
}

/** A problem that stops the whole file (or rejects the options). Location is data, not prose. */
export class SluiceError extends Error {
  readonly code: Code;
  readonly line: number | null;
  /** Further structured detail: every option problem, the headers that were found, ... */
  readonly details: Readonly<Record<string, unknown>> | null;

  constructor(code: Code, message: string, line: number | null = null, details: Record<string, unknown> | null = null) {
    super(message);
    this.name = 'SluiceError';
    this.code = code;
    this.line = line;
    this.details = details;
  }

  toJSON(): { code: Code; message: string; line: number | null; details?: Readonly<Record<string, unknown>> } {
    return this.details
      ? { code: this.code, message: this.message, line: this.line, details: this.details }
      : { code: this.code, message: this.message, line: this.line };
  }
}

/** A problem with one option; normalizeOptions collects all of them before it throws. */
export interface OptionProblem {
  option: string;
  code: Code;
  message: string;
}

export class OptionsError extends SluiceError {
  readonly problems: readonly OptionProblem[];

  constructor(problems: OptionProblem[]) {
    const first = problems[0]!;
    super(first.code, problems.map((p) => p.message).join('; '), null, { problems });
    this.name = 'OptionsError';
    this.problems = problems;
  }
}
