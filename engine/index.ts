// sluice engine: streaming import of personal-finance files, pure of HTTP and SQL.
//
//   import { readImport } from 'sluice';
//   const reader = readImport({ path: 'statement.csv' }, { date_format: '%d/%m/%Y', number_format: '1.234,56' });
//   for await (const row of reader) if (!row.valid) console.log(row.line, row.issues);
//   const result = await reader.result();   // counts, issue counts, encoding, separator, ...
//
// Options are the API's field names (SPEC §3.4). Bad rows come back as rows with issues; a file that
// cannot be read as a table, or options that make no sense, throw SluiceError (OptionsError lists
// every option problem).

import { DetectingPipeline, typedPipeline, type RowPipeline } from './detect/pipeline.ts';
import { NdjsonPipeline, type NdjsonOptions, type NdjsonRecord, type NdjsonResult } from './ndjson/pipeline.ts';
import { normalizeOptions, type ImportOptions, type NormalizedOptions } from './options.ts';
import { PipelineReader } from './reader.ts';
import type { RowResult } from './result/row.ts';
import type { FileResult } from './result/stats.ts';
import type { Source } from './source.ts';

export type ImportReader = PipelineReader<RowResult, FileResult>;

/**
 * A push pipeline for the options' import type (bytes in, rows out), for callers that feed chunks
 * themselves: table types (CSV or XLSX), QIF, OFX, CAMT and MT940. Without a type, the type is
 * detected from the first bytes (QIF, OFX, CAMT, MT940, XLSX, the Mint/Actual/YNAB layouts, else
 * TransactionImport). NativeImport has its own (readNative, NdjsonPipeline).
 */
export function createPipeline(options: ImportOptions = {}): RowPipeline | DetectingPipeline {
  return pipelineFor(normalizeOptions(options));
}

/** The same for options normalizeOptions() has checked already (a server that validated a request keeps them). */
export function pipelineFor(opts: NormalizedOptions): RowPipeline | DetectingPipeline {
  return opts.type_given ? typedPipeline(opts) : new DetectingPipeline(opts);
}

/** Reads a source as rows of the options' import type (detected when not given). */
export function readImport(source: Source, options: ImportOptions = {}): ImportReader {
  return new PipelineReader(source, createPipeline(options));
}

/**
 * Reads a NativeImport NDJSON export: a result per record, then counts and the preflight verdict
 * (`reader.result()`). `existing_names` are the family's Category/Tag/Merchant names.
 */
export function readNative(source: Source, options: NdjsonOptions = {}): NativeReader {
  return new PipelineReader(source, new NdjsonPipeline(options));
}

export type NativeReader = PipelineReader<NdjsonRecord, NdjsonResult>;

/** Reads a whole source and returns only the file result (rows are counted, not kept). */
export async function checkImport(source: Source, options: ImportOptions = {}): Promise<FileResult> {
  return readImport(source, options).result();
}

export { CODES, OptionsError, SluiceError, type Code, type Issue, type OptionProblem } from './errors.ts';
export {
  AMOUNT_TYPE_STRATEGIES, CALLER_OPTIONS, COL_SEPS, IMPORT_TYPES, LABEL_OPTIONS, nearest, normalizeOptions, OPTION_NAMES, SIGNAGE_CONVENTIONS, type OptionName,
  type AmountTypeStrategy, type ColSep, type Field, type ImportOptions, type ImportType, type NormalizedOptions, type SignageConvention,
  type UncheckedImportOptions,
} from './options.ts';
export { IMPORT_TYPE_ENTRIES, importType, type ImportTypeEntry } from './import-types.ts';
export { NUMBER_FORMATS, compileAmountParser, type NumberFormat } from './parse/amount.ts';
export { compileDateFormat } from './parse/date.ts';
export { add, negate, subtract, sum } from './parse/decimal.ts';
export { isCurrency } from './parse/currency.ts';
export { inferDateFormat, DATE_CANDIDATES } from './infer/date-format.ts';
export { inferNumberFormat } from './infer/number-format.ts';
export { ACCOUNTABLE_TYPES, accountableType } from './parse/account-type.ts';
export { detectFileType, detectText, otherFormatMessage, DETECT_BYTES, type FileFormat, type FileTypeGuess } from './detect/file-type.ts';
export { DetectingPipeline, optionsFor, TablePipeline, typedPipeline, type RowPipeline } from './detect/pipeline.ts';
export type { StatementInfo, StatementResult, StatedBalance } from './statement/statement.ts';
export type { XlsxResult } from './xlsx/pipeline.ts';
export type { FileResult, CategoryRef } from './result/stats.ts';
export { inferred, type InferredSettings, type Setting, type SettingHow } from './result/settings.ts';
export type { ColumnReport, ColumnHow } from './fields.ts';
export type { RowResult, RowFields } from './result/row.ts';
export type { Source } from './source.ts';
export { usePlatform, WEB_PLATFORM, type Platform, type ByteDecoder } from './platform.ts';
export { endInSlices, PipelineReader, type PushPipeline } from './reader.ts';
export { CsvPipeline } from './csv/pipeline.ts';
export { QifPipeline, type QifResult, type QifLists } from './qif/pipeline.ts';
export { NdjsonPipeline, type NdjsonOptions, type NdjsonRecord, type NdjsonResult } from './ndjson/pipeline.ts';
export { PREFLIGHT_CODES, type PreflightCode, type PreflightProblem, type PreflightResult, type ExistingNames } from './ndjson/preflight.ts';
export { RECORD_TYPES, COUNT_KEYS, ALL_COUNT_KEYS, type RecordType } from './ndjson/records.ts';
export { decimalFromJson, isoDay } from './ndjson/values.ts';
export { readback, failedReadback, notVerified, type Readback, type ReadbackStatus } from './verify/readback.ts';
