// What `sluice check` does per kind of file: which pipeline reads it, what --rows prints for a
// row, what --json prints for the result, the human summary, and the exit status (0 clean, 1
// invalid rows or preflight errors). File-level errors (exit 2) are thrown by the pipelines.

import { CsvPipeline } from '../csv/pipeline.ts';
import { csvProfile } from '../csv/profiles.ts';
import type { FileResult } from '../csv/stats.ts';
import { NdjsonPipeline, type NdjsonRecord, type NdjsonResult } from '../ndjson/pipeline.ts';
import { QifPipeline } from '../qif/pipeline.ts';
import type { NormalizedOptions } from '../options.ts';
import type { PushPipeline } from '../reader.ts';
import type { RowResult } from '../rows/row.ts';

export interface CheckJob<R, F> {
  pipeline: PushPipeline<R, F>;
  row(r: R): unknown;
  json(f: F): unknown;
  human(f: F): string;
  exit(f: F): 0 | 1;
}

function csvSummary(r: FileResult): string {
  const sep = r.col_sep === '\t' ? 'tab' : r.col_sep;
  const lines = [
    `${r.type}: ${r.rows_count} rows, ${r.valid_rows_count} valid, ${r.invalid_rows_count} invalid`,
    `  encoding ${r.encoding}${r.encoding_detected ? ' (detected)' : ' (given)'}, separator ${JSON.stringify(sep)}, ` +
      `header ${r.header_line === null ? 'none (column_names)' : `on line ${r.header_line}`}`,
    `  date format ${r.date_format ?? 'none'}${r.date_format_inferred ? ' (inferred)' : ''}, number format ${r.number_format}`,
  ];
  const counts = Object.entries(r.issue_counts);
  if (counts.length > 0) {
    lines.push('  issues: ' + counts.map(([c, n]) => `${c} ×${n}`).join(', '));
    for (const i of r.issues.slice(0, 20)) lines.push(`    line ${i.line ?? '-'} ${i.field ?? ''} ${i.code}: ${i.message}`);
    if (r.issues.length > 20 || r.issues_truncated) lines.push('    … (--json lists more)');
  }
  return lines.join('\n') + '\n';
}

function csvJob(opts: NormalizedOptions): CheckJob<RowResult, FileResult> {
  return {
    pipeline: opts.type === 'QifImport' ? new QifPipeline(opts) : new CsvPipeline(opts, csvProfile(opts.type)),
    row: (r) => ({ line: r.line, valid: r.valid, issues: r.issues, fields: r.fields }),
    json: (f) => f,
    human: csvSummary,
    // Invalid rows, or an error only the whole file shows (an unfinished split), make exit 1.
    exit: (f) => (f.invalid_rows_count > 0 || f.issues.some((i) => i.severity === 'error') ? 1 : 0),
  };
}

function nativeJson(r: NdjsonResult) {
  const { preflight } = r;
  const issueCounts = { ...preflight.error_counts, ...preflight.warning_counts };
  return {
    type: r.type,
    encoding: r.encoding,
    col_sep: null,
    header_line: null,
    headers: [],
    date_format: null,
    lines_count: r.lines_count,
    rows_count: r.rows_count,
    valid_rows_count: r.valid_rows_count,
    invalid_rows_count: r.invalid_rows_count,
    issue_counts: issueCounts,
    issues: [...preflight.errors, ...preflight.warnings].map((p) => ({ line: p.line, field: null, code: p.code, message: p.message, raw: null })),
    expected_record_counts: r.expected_record_counts,
    unsupported_record_counts: r.unsupported_record_counts,
    preflight: { valid: preflight.valid, errors: preflight.errors, warnings: preflight.warnings, errors_truncated: preflight.errors_truncated },
  };
}

function nativeSummary(r: NdjsonResult): string {
  const counts = Object.entries(r.expected_record_counts).filter(([, n]) => n > 0).map(([k, n]) => `${k} ${n}`).join(', ');
  const lines = [
    `NativeImport: ${r.rows_count} records (${counts || 'none'}), preflight ${r.preflight.valid ? 'passed' : 'FAILED'}`,
  ];
  for (const [t, n] of Object.entries(r.unsupported_record_counts)) lines.push(`  unsupported type ${t}: ${n}`);
  for (const p of r.preflight.errors.slice(0, 20)) lines.push(`    line ${p.line ?? '-'} ${p.code}: ${p.message}`);
  for (const p of r.preflight.warnings.slice(0, 5)) lines.push(`    line ${p.line ?? '-'} ${p.code} (warning): ${p.message}`);
  if (r.preflight.errors.length > 20) lines.push('    … (--json lists more)');
  return lines.join('\n') + '\n';
}

function nativeJob(opts: NormalizedOptions): CheckJob<NdjsonRecord, NdjsonResult> {
  return {
    pipeline: new NdjsonPipeline({ encoding: opts.encoding, max_issues: Math.max(opts.max_issues, 1000) }),
    row: (r) => ({ line: r.line, type: r.type, valid: r.valid, issues: r.issues, fields: r.data }),
    json: nativeJson,
    human: nativeSummary,
    exit: (f) => (f.preflight.valid ? 0 : 1),
  };
}

export function checkJob(opts: NormalizedOptions): CheckJob<unknown, unknown> {
  const job = opts.type === 'NativeImport' ? nativeJob(opts) : csvJob(opts);
  return job as unknown as CheckJob<unknown, unknown>;
}
