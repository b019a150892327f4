// The engine's OfxImport pipeline through the public API, as the server runs it on an upload:
// `readImport({ path }, { type: 'OfxImport' })`, every batch consumed and dropped, then
// `reader.result()`: the header and its encoding, decoding, the SGML/XML tokenizer, every
// STMTTRN's date, amount and fields, the statement tallies. The rows and invalid rows are reported
// for the orchestrator to check against the generator (bench/generate-ofx.ts: every record valid).
//
// A fixed `today` (after every date the generator writes) so a run does not depend on the day it
// is made; options given on the command line are passed on.
//
//   node --import tsx bench/cases/ofx-engine.ts <file.ofx> [--json-options '{"encoding":"utf-8"}']

import { readImport, type ImportOptions } from 'sluice';
import { caseArgs, emit } from '../case-io.ts';

const BENCH_TODAY = '2024-11-22';

const { file, options: given } = caseArgs();
const options: ImportOptions = { type: 'OfxImport', today: BENCH_TODAY, ...(given as ImportOptions) };
const t0 = performance.now();
const reader = readImport({ path: file }, options);
let rows = 0;
for await (const batch of reader.batches()) rows += batch.length;
const result = await reader.result();
emit({
  case: 'ofx-engine', file, elapsed_ms: performance.now() - t0, bytes: null,
  records: rows, header_included: false, invalid_rows: result.invalid_rows_count,
  rows_count: result.rows_count, header_line: null, options: { ...options },
});
