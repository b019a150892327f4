// The engine's full pipeline through the public API: for a CSV (TransactionImport, no options)
// decode, sniff, tokenize, map columns, parse dates and amounts, count issues; the statement cases
// run it with their type (CamtImport, OfxImport, or a table type on an XLSX workbook). Rows are consumed a batch at a time and dropped;
// the whole-file result gives rows_count and invalid_rows_count.
//
// No options but a fixed `today` (so a run does not depend on the day it is made): the type, the
// columns, the date and number formats are inferred from the file, as for a user who drops their
// export with nothing else (SPEC §2.14); options given on the command line are passed on.
//
//   node --import tsx bench/cases/engine.ts <file> [--json-options '{"date_format":"%d/%m/%Y"}']

import { readImport, type ImportOptions } from 'sluice';
import { caseArgs, emit } from '../case-io.ts';

/** After every date the generator writes (2015–2023). */
const BENCH_TODAY = '2024-11-22';

const { file, options: given } = caseArgs();
const options: ImportOptions = { today: BENCH_TODAY, ...(given as ImportOptions) };
const t0 = performance.now();
const reader = readImport({ path: file }, options);
let rows = 0;
for await (const batch of reader.batches()) rows += batch.length;
const result = await reader.result();
emit({
  case: 'engine', file, elapsed_ms: performance.now() - t0, bytes: null,
  records: rows, header_included: false, invalid_rows: result.invalid_rows_count,
  rows_count: result.rows_count, header_line: result.header_line, options: { ...options },
});
