// The engine's CamtImport pipeline through the public API, as the server runs it on an upload:
// `readImport({ path }, { type: 'CamtImport' })`, every batch consumed and dropped, then the
// whole-file result: decoding, saxes, each entry built as a small tree and read into a row, the
// balance check. `records` counts the rows; the orchestrator checks them against the generator's
// entry count (one row per entry) and expects no invalid row.
//
//   node --import tsx bench/cases/camt-engine.ts <file.xml>

import { readImport, type ImportOptions } from 'sluice';
import { caseArgs, emit } from '../case-io.ts';

/** After every date the generator writes (2023). */
const BENCH_TODAY = '2024-11-22';

const { file, options: given } = caseArgs();
const options: ImportOptions = { today: BENCH_TODAY, ...(given as ImportOptions), type: 'CamtImport' };
const t0 = performance.now();
const reader = readImport({ path: file }, options);
let records = 0;
for await (const batch of reader.batches()) records += batch.length;
const result = await reader.result();
emit({
  case: 'camt-engine', file, elapsed_ms: performance.now() - t0, bytes: null,
  records, header_included: false, invalid_rows: result.invalid_rows_count,
  rows_count: result.rows_count, header_line: null, options: { ...options },
});
