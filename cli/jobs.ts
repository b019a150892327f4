// What `sluice check` does per kind of file: which pipeline reads it, what --rows prints for a
// row, what --json prints for the result, the human summary, and the exit status (0 clean, 1
// invalid rows or preflight errors). File-level errors (exit 2) are thrown by the pipelines.

import {
  type ColumnReport, typedPipeline, NdjsonPipeline, type NdjsonRecord, type NdjsonResult, LABEL_OPTIONS, type NormalizedOptions, type PushPipeline,
  type RowResult, type Setting, type FileResult, type StatementInfo, type XlsxResult,
} from 'sluice';

export interface CheckJob<R, F> {
  pipeline: PushPipeline<R, F>;
  row(r: R): unknown;
  json(f: F): unknown;
  human(f: F): string;
  exit(f: F): 0 | 1;
}

/** Option names in a message, in CLI spelling: `date_col_label` → `--date-col-label`. */
const OPTION_NAMES = [...LABEL_OPTIONS, 'date_format', 'number_format', 'signage_convention', 'col_sep', 'amount_type_strategy',
  'amount_type_inflow_value', 'rows_to_skip', 'column_names', 'encoding', 'sheet'];
const OPTION_RE = new RegExp(`\\b(${OPTION_NAMES.join('|')})\\b`, 'g');
export const cliSpelling = (message: string): string => message.replace(OPTION_RE, (o) => `--${o.replace(/_/g, '-')}`);

const SEP_NAMES: Record<string, string> = { '\t': 'tab', ',': '","', ';': '";"', '|': '"|"' };

/** `inferred: windows-1250 (its words read as Czech …; close second windows-1252)` */
function setting(name: string, s: Setting<string | number | null>, show: (v: string | number | null) => string = (v) => String(v ?? 'none')): string {
  const parts = [s.evidence, s.second !== null && s.second !== undefined ? `close second ${show(s.second)}` : null].filter(Boolean);
  return `  ${name.padEnd(15)} ${show(s.value)} (${s.how}${parts.length > 0 ? `: ${parts.join('; ')}` : ''})`;
}

function column(field: string, c: ColumnReport): string {
  const second = c.second ? `; close second ${JSON.stringify(c.second.header)} (#${c.second.position})` : '';
  return `    ${field.padEnd(10)} ← ${JSON.stringify(c.header)} (#${c.position}, ${c.how}${second})`;
}

/** One statement of an OFX, CAMT or MT940 file: its account, rows and balance check. */
function statementLine(s: StatementInfo): string {
  const balances = s.opening !== null || s.closing !== null ? `, ${s.opening?.amount ?? '?'} → ${s.closing?.amount ?? '?'}` : '';
  const check = s.balanced === null ? 'not checked' : s.balanced ? 'balanced' : 'DOES NOT ADD UP';
  const pending = s.pending > 0 ? `, ${s.pending} pending skipped` : '';
  return `    line ${s.line}: ${s.account ?? 'no account'}${s.account_type ? ` (${s.account_type})` : ''} ${s.currency ?? ''}, ${s.rows} rows${balances}${pending}: ${check}`;
}

/** The human summary (SPEC §4): what was understood first, then what was found. */
export function csvSummary(r: FileResult | (FileResult & { statements?: StatementInfo[]; sheet?: XlsxResult['sheet'] })): string {
  const i = r.inferred;
  const lines = ['Read as:'];
  lines.push(setting('type', i.type));
  if ('sheet' in r && r.sheet) lines.push(`  ${'sheet'.padEnd(15)} ${JSON.stringify(r.sheet.name)} (#${r.sheet.number}, ${r.sheet.how})`);
  lines.push(setting('encoding', i.encoding));
  if (r.col_sep !== null) {
    lines.push(setting('separator', i.col_sep, (v) => (v === null ? 'none' : SEP_NAMES[String(v)] ?? JSON.stringify(v))));
    lines.push(setting('header line', i.header_line, (v) => (v === null ? 'none (no header row)' : `line ${v}`)));
  }
  lines.push(setting('date format', i.date_format));
  lines.push(setting('number format', i.number_format));
  lines.push(setting('sign', i.amount_sign));
  const columns = Object.entries(r.columns).filter((e): e is [string, ColumnReport] => e[1] !== undefined);
  if (columns.length > 0) {
    lines.push('  columns:');
    for (const [field, c] of columns) lines.push(column(field, c));
  }
  lines.push(`Found: ${r.rows_count} rows, ${r.valid_rows_count} valid, ${r.invalid_rows_count} invalid`);
  if ('statements' in r && r.statements) {
    lines.push(`  statements: ${r.statements.length}`);
    for (const s of r.statements) lines.push(statementLine(s));
  }
  const counts = Object.entries(r.issue_counts);
  if (counts.length > 0) {
    lines.push('  issues: ' + counts.map(([c, n]) => `${c} ×${n}`).join(', '));
    for (const x of r.issues.slice(0, 20)) lines.push(`    line ${x.line ?? '-'} ${x.field ?? ''} ${x.code}: ${cliSpelling(x.message)}`);
    if (r.issues.length > 20 || r.issues_truncated) lines.push('    … (--json lists more)');
  }
  return lines.join('\n') + '\n';
}

function csvJob(opts: NormalizedOptions): CheckJob<RowResult, FileResult> {
  return {
    pipeline: typedPipeline(opts),
    row: (r) => ({ line: r.line, valid: r.valid, issues: r.issues, fields: r.fields }),
    json: (f) => f,
    human: csvSummary,
    // Invalid rows, or an error only the whole file shows (an unfinished split), make exit 1.
    exit: (f) => (f.invalid_rows_count > 0 || f.issues.some((x) => x.severity === 'error') ? 1 : 0),
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
