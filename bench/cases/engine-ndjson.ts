// The engine's NativeImport (NDJSON) pipeline through the public API, as the server runs it on an
// upload: `readNative({ path }, {})`, every batch consumed and dropped, then `reader.result()`:
// decoding, line splitting, JSON.parse, record shapes, the per-type counts and the whole
// preflight (required fields, decimals, dates, ids, duplicate names and valuations, split sums,
// references resolved at the end). The counts and the verdict are reported for the orchestrator
// to check; the preflight's problems are listed (the first 5) so a failure can be read.
//
//   node --import tsx bench/cases/engine-ndjson.ts <file.ndjson>

import { readNative } from 'sluice';
import { caseArgs, emit } from '../case-io.ts';

const { file } = caseArgs();
const t0 = performance.now();
const reader = readNative({ path: file }, {});
let records = 0;
for await (const batch of reader.batches()) records += batch.length;
const result = await reader.result();
const elapsed = performance.now() - t0;
const { preflight } = result;
emit({
  case: 'engine-ndjson', file, elapsed_ms: elapsed, bytes: null,
  records, header_included: false, invalid_rows: result.invalid_rows_count,
  rows_count: result.rows_count, lines_count: result.lines_count, expected_record_counts: result.expected_record_counts,
  preflight: {
    valid: preflight.valid,
    error_counts: preflight.error_counts as Record<string, number>,
    warning_counts: preflight.warning_counts as Record<string, number>,
    errors: preflight.errors.slice(0, 5),
    warnings: preflight.warnings.slice(0, 5),
  },
});
