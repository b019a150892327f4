// The engine's XLSX reader through the public API, as a user's workbook is read: `readImport({ path },
// { type: 'TransactionImport' })`: unzipping, the workbook's parts, the sheet's XML, cells to text,
// then the whole table pipeline (header, columns, inferred date and number formats, every row
// checked). Rows are consumed a batch at a time and dropped; the whole-file result gives the counts
// the orchestrator checks against the generator's (bench/generate-xlsx.ts). Its CSV twin, read by
// bench/cases/engine.ts, is the yardstick.
//
//   node --import tsx bench/cases/xlsx-engine.ts <file.xlsx> [--json-options '{...}']

import { readImport, type ImportOptions } from 'sluice';
import { caseArgs, emit } from '../case-io.ts';

/** After every date the generator writes (2015–2023). */
const BENCH_TODAY = '2024-11-22';

const { file, options: given } = caseArgs();
const options: ImportOptions = { type: 'TransactionImport', today: BENCH_TODAY, ...(given as ImportOptions) };
const t0 = performance.now();
const reader = readImport({ path: file }, options);
let rows = 0;
for await (const batch of reader.batches()) rows += batch.length;
const result = await reader.result();
emit({
  case: 'xlsx-engine', file, elapsed_ms: performance.now() - t0, bytes: null,
  records: rows, header_included: false, invalid_rows: result.invalid_rows_count,
  rows_count: result.rows_count, header_line: result.header_line, options: { ...options },
});
