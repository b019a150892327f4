// `npm run bench` (SPEC §5): runs each case in its own process, interleaved over N rounds, checks
// every case's counts against what the generator wrote before it reports a speed, and prints
// medians per group of cases:
//
//   csv     the newline floor, csv-parse, uDSV, Papa Parse, the engine's CSV pipeline (1M rows)
//   ndjson  the newline floor, line split + JSON.parse, stream-json, the engine's NDJSON pipeline
//           (1M-line export), and the corrupted-line check (one round)
//   statements  a ~100 MB camt.053 against saxes alone, a ~50 MB OFX against a plain tag scan, and a
//           200,000-row XLSX against the same data as CSV (SPEC §2.15)
//   server  a ~10 MB CSV POST to its 201 (and what its import stores), publishing 100,000 rows
//           while GET /categories runs, five pathological 4 MiB CSV bodies POSTed while
//           GET /categories runs, and GET /transactions over 1,000,000 seeded transactions (one round)
//
// A count mismatch marks the case FAILED and the exit status 1.
//
//   npm run bench [-- --rounds 5] [--json] [--only engine,udsv | --only ndjson,server] [--rows N] [--lines N] [--big]
//   npm run bench -- --file statement.csv --date-format %d/%m/%Y --col-sep ';'
//   npm run bench -- --file export.ndjson
//
// Cases live in bench/cases/, one file each, registered in CASES below with the input they read
// ('none' for a case that makes its own data: it is given '' as its file).

import { spawn } from 'node:child_process';
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BenchUsageError, parseBenchArgs, USAGE, type BenchArgs } from './args.ts';
import type { CaseReport } from './case-io.ts';
import { generateCsv, type CsvMeta } from './generate.ts';
import { corruptNdjson, generateNdjson, type CorruptMeta, type NdjsonMeta } from './generate-ndjson.ts';
import { camtFile, ofxFile, xlsxFiles, type StatementMeta } from './generate-statements.ts';
import { pgHarness } from '../test/pg-helpers.ts';
import {
  GROUPS, printJson, printTable, summarize, type CaseRun, type Group, type InputSetup, type Role, type RunSetup,
} from './report.ts';

const BENCH = dirname(fileURLToPath(import.meta.url));
const ROOT = dirname(BENCH);
const DEFAULT_ROWS = 1_000_000;
const DEFAULT_LINES = 1_000_000;
/** ~1.0 GB at the generator's ~61.8 bytes a row. */
const BIG_ROWS = 16_200_000;
/** ~9.9 MB at ~61.8 bytes a row: a "10 MB" upload that stays under the server's MAX_CSV_BYTES. */
const POST_ROWS = 160_000;
const PUBLISH_ROWS = 100_000;
/** What server-transactions-1m seeds into the family it queries (bench/cases/server-transactions.ts). */
const TRANSACTIONS_SEEDED = 1_000_000;
/** The server's default MAX_CSV_BYTES (SPEC §3.1), which the 10 MB upload must stay under. */
const MAX_CSV_BYTES = 10 * 1024 * 1024;
/** The pathological bodies server-hostile-upload sends (bench/cases/server-hostile.ts). */
const HOSTILE_BODIES = 5;

type Mode = RunSetup['mode'];
/** The files cases read: generated (checked against their sidecars) or the user's; 'none': no file. */
type InputName = 'csv' | 'ndjson' | 'ndjson-corrupt' | 'server-post-csv' | 'server-publish-csv' | 'camt' | 'ofx' | 'xlsx' | 'xlsx-csv' | 'none';

interface CaseDef {
  name: string;
  script: string;
  group: Group;
  input: InputName;
  role: Role;
  what: string;
  modes: readonly Mode[];
  /** Run in the first round only (a correctness check, not a speed to take a median of). */
  once?: boolean;
  /** Engine options the case always runs with (the statement formats' type), under the user's. */
  options?: Record<string, string | number>;
  /**
   * The engine from its TypeScript sources through tsx (the project's tsconfig maps `sluice` to
   * them), instead of its compiled package (engine/dist, which every other case loads: what a
   * project that installs the engine runs).
   */
  source?: boolean;
  /** Runs against a fresh PostgreSQL database (DATABASE_URL) of the bench's throwaway cluster (.ci/postgres.sh). */
  pg?: boolean;
}

/**
 * Everything the engine would otherwise infer about the generated CSV (bench/generate.ts), given:
 * type, encoding, separator, header line, date and number formats, the sign convention and every
 * column. The engine-given case reads the file so, and the engine case with none of it; the two
 * in one round give what inference costs (the header search, the sample's decisions, file-type
 * detection). The row rules every file gets (balance lines among them) run in both.
 */
const GENERATED_LAYOUT = {
  type: 'TransactionImport', encoding: 'utf-8', col_sep: ',', rows_to_skip: 0, date_format: '%Y-%m-%d', number_format: '1,234.56',
  signage_convention: 'inflows_positive', date_col_label: 'Date', amount_col_label: 'Amount', name_col_label: 'Description',
  category_col_label: 'Category', tags_col_label: 'Tags', notes_col_label: 'Notes',
};

const CASES: readonly CaseDef[] = [
  { name: 'newline-floor', script: 'cases/newline-floor.ts', group: 'csv', input: 'csv', role: 'floor', what: 'count \\n bytes in 64 KiB chunks (the I/O floor)', modes: ['generated', 'big', 'file'] },
  { name: 'csv-parse', script: 'cases/csv-parse.ts', group: 'csv', input: 'csv', role: 'parser', what: 'csv-parse stream API, raw arrays, utf-8', modes: ['generated'] },
  { name: 'udsv', script: 'cases/udsv.ts', group: 'csv', input: 'csv', role: 'tokenizer', what: 'uDSV incremental stringArrs, tokenize only', modes: ['generated', 'file'] },
  { name: 'papaparse', script: 'cases/papaparse.ts', group: 'csv', input: 'csv', role: 'tokenizer', what: 'Papa Parse stream input, chunk callback, no header/typing', modes: ['generated', 'file'] },
  { name: 'engine', script: 'cases/engine.ts', group: 'csv', input: 'csv', role: 'engine', what: 'readImport TransactionImport, full pipeline', modes: ['generated', 'big', 'file'] },
  { name: 'engine-given', script: 'cases/engine.ts', group: 'csv', input: 'csv', role: 'check', what: 'the same with the generated file\'s layout given (no inference: SPEC §2.14 "Cost")', modes: ['generated'], options: GENERATED_LAYOUT },
  { name: 'engine-tsx', script: 'cases/engine.ts', group: 'csv', input: 'csv', role: 'check', what: 'the same, the engine run from its sources through tsx', modes: ['generated'], source: true },
  { name: 'cli-startup', script: 'cases/cli-startup.ts', group: 'csv', input: 'none', role: 'check', what: '`sluice check` on a two-line file against `node -e 0`, 15 runs each in turn', modes: ['generated'] },

  { name: 'ndjson-floor', script: 'cases/newline-floor.ts', group: 'ndjson', input: 'ndjson', role: 'floor', what: 'count \\n bytes of the NDJSON file (the I/O floor)', modes: ['generated', 'file'] },
  { name: 'ndjson-split-parse', script: 'cases/ndjson-split-parse.ts', group: 'ndjson', input: 'ndjson', role: 'tokenizer', what: 'split at \\n bytes, decode each line, JSON.parse', modes: ['generated', 'file'] },
  { name: 'stream-json', script: 'cases/stream-json.ts', group: 'ndjson', input: 'ndjson', role: 'parser', what: 'stream-json JSON Lines parser (asStream), values counted', modes: ['generated', 'file'] },
  { name: 'engine-ndjson', script: 'cases/engine-ndjson.ts', group: 'ndjson', input: 'ndjson', role: 'engine', what: 'readNative: counts + full preflight', modes: ['generated', 'file'] },
  { name: 'ndjson-corrupt', script: 'cases/engine-ndjson.ts', group: 'ndjson', input: 'ndjson-corrupt', role: 'check', what: 'readNative on a copy with one line cut in half', modes: ['generated'], once: true },

  { name: 'camt-saxes', script: 'cases/camt-raw.ts', group: 'statements', input: 'camt', role: 'tokenizer', what: 'saxes alone: decode, parse, count Ntry tags', modes: ['generated'] },
  { name: 'camt-engine', script: 'cases/engine.ts', group: 'statements', input: 'camt', role: 'engine', what: 'readImport CamtImport: rows, balance check', modes: ['generated'], options: { type: 'CamtImport' } },
  { name: 'ofx-scan', script: 'cases/ofx-raw.ts', group: 'statements', input: 'ofx', role: 'tokenizer', what: 'latin1 decode + indexOf tag scan, count STMTTRN', modes: ['generated'] },
  { name: 'ofx-engine', script: 'cases/engine.ts', group: 'statements', input: 'ofx', role: 'engine', what: 'readImport OfxImport: rows', modes: ['generated'], options: { type: 'OfxImport' } },
  { name: 'xlsx-csv-engine', script: 'cases/engine.ts', group: 'statements', input: 'xlsx-csv', role: 'parser', what: 'readImport TransactionImport on the workbook\'s data as CSV', modes: ['generated'] },
  { name: 'xlsx-engine', script: 'cases/engine.ts', group: 'statements', input: 'xlsx', role: 'engine', what: 'readImport TransactionImport on the XLSX workbook', modes: ['generated'], options: { type: 'TransactionImport' } },

  { name: 'server-post-10mb', script: 'cases/server-post.ts', group: 'server', input: 'server-post-csv', role: 'server', what: 'multipart POST /api/v1/imports of a ~10 MB CSV, to the 201', modes: ['generated'] },
  { name: 'server-publish-100k', script: 'cases/server-publish.ts', group: 'server', input: 'server-publish-csv', role: 'server', what: 'POST with publish "true", 100,000 rows written, GET /categories meanwhile', modes: ['generated'] },
  { name: 'server-publish-100k-pg', script: 'cases/server-publish.ts', group: 'server', input: 'server-publish-csv', role: 'server', what: 'the same on PostgreSQL (DATABASE_URL), the worker thread in the server', modes: ['generated'], pg: true },
  { name: 'server-publish-4x2-pg', script: 'cases/server-publish-parallel.ts', group: 'server', input: 'server-publish-csv', role: 'server', what: 'the same rows as 4 imports published at once by 2 sluice worker processes, PostgreSQL', modes: ['generated'], pg: true },
  { name: 'server-hostile-upload', script: 'cases/server-hostile.ts', group: 'server', input: 'none', role: 'server', what: '5 pathological 4 MiB CSV bodies POSTed, GET /categories meanwhile', modes: ['generated'] },
  { name: 'server-transactions-1m', script: 'cases/server-transactions.ts', group: 'server', input: 'none', role: 'server', what: 'GET /api/v1/transactions, 5 queries × 300, over 1,000,000 seeded transactions', modes: ['generated'], once: true },
];

type Expected =
  | { kind: 'csv'; meta: CsvMeta }
  | { kind: 'ndjson'; meta: NdjsonMeta }
  | { kind: 'ndjson-corrupt'; meta: CorruptMeta }
  | { kind: 'statement'; meta: StatementMeta }
  | { kind: 'none' };

interface Input {
  name: InputName;
  file: string;
  bytes: number;
  expected: Expected;
  describe: string;
  detail?: string;
}

const int = (n: number) => n.toLocaleString('en-US');
const rel = (f: string) => (relative(ROOT, f).startsWith('..') ? f : relative(ROOT, f));
const sameCounts = (a: Record<string, number> | undefined, b: Record<string, number>) =>
  a !== undefined && Object.keys(a).length === Object.keys(b).length && Object.entries(b).every(([k, n]) => a[k] === n);
const showCounts = (c: Record<string, number> | undefined) => (c === undefined ? '(none)' : Object.entries(c).map(([k, n]) => `${k} ${n}`).join(', '));

/** Count problems of one report against the CSV generator's sidecar; empty when it counted right. */
function checkCsv(r: CaseReport, meta: CsvMeta): string[] {
  const problems: string[] = [];
  // The generator writes one header line and then meta.rows data lines.
  const want = meta.rows + (r.header_included ? 1 : 0);
  const label = r.header_included ? 'records (header included)' : 'rows (header excluded)';
  if (r.records !== want) problems.push(`saw ${r.records} ${label}; the generator wrote ${want}`);
  if (r.rows_count !== undefined && r.rows_count !== meta.rows) problems.push(`rows_count ${r.rows_count}; the generator wrote ${meta.rows} rows`);
  if (r.header_line !== undefined && r.header_line !== 1) problems.push(`header_line ${r.header_line}; the header is line 1`);
  if (r.invalid_rows !== null && r.invalid_rows !== meta.invalid_rows) problems.push(`invalid_rows_count ${r.invalid_rows}; the generator wrote ${meta.invalid_rows} invalid rows`);
  return problems;
}

/** The NDJSON export: every line is a record, of the types and counts the sidecar lists, and the preflight passes. */
function checkNdjson(r: CaseReport, meta: NdjsonMeta): string[] {
  const problems: string[] = [];
  if (r.records !== meta.lines) problems.push(`saw ${r.records} lines/records; the generator wrote ${meta.lines} lines`);
  if (r.invalid_rows !== null && r.invalid_rows !== 0) problems.push(`${r.invalid_rows} lines invalid; the generator wrote none`);
  if (r.lines_count !== undefined && r.lines_count !== meta.lines) problems.push(`lines_count ${r.lines_count}; the generator wrote ${meta.lines}`);
  if (r.rows_count !== undefined && r.rows_count !== meta.lines) problems.push(`rows_count ${r.rows_count}; the generator wrote ${meta.lines} records`);
  if (r.preflight !== undefined) {
    if (!sameCounts(r.expected_record_counts, meta.counts)) {
      problems.push(`expected_record_counts {${showCounts(r.expected_record_counts)}}; the generator wrote {${showCounts(meta.counts)}}`);
    }
    const p = r.preflight;
    if (!p.valid || Object.keys(p.error_counts).length > 0) {
      problems.push(`preflight failed on a file written to pass it: ${showCounts(p.error_counts)}; first: ${JSON.stringify(p.errors[0] ?? null)}`);
    }
    if (Object.keys(p.warning_counts).length > 0) problems.push(`preflight warnings on a file written without any: ${showCounts(p.warning_counts)}`);
  }
  return problems;
}

/** The corrupted copy: the cut line reported as invalid_json by number, nothing else wrong, one transaction fewer. */
function checkCorrupt(r: CaseReport, cm: CorruptMeta): string[] {
  const problems: string[] = [];
  if (r.preflight === undefined) return ['the case reported no preflight'];
  const p = r.preflight;
  // Every non-blank line gets a result, the broken one too (as a line that is not a record).
  if (r.records !== cm.lines) problems.push(`saw ${r.records} lines; the file has ${cm.lines}`);
  if (p.valid) problems.push(`preflight passed a file with line ${cm.line} cut in half`);
  if (!sameCounts(p.error_counts, { invalid_json: 1 })) problems.push(`preflight errors {${showCounts(p.error_counts)}}; want exactly one invalid_json`);
  const first = p.errors[0];
  if (first === undefined || first.code !== 'invalid_json' || first.line !== cm.line) {
    problems.push(`first error ${JSON.stringify(first ?? null)}; want invalid_json on line ${cm.line}`);
  }
  if (!sameCounts(r.expected_record_counts, cm.counts)) {
    problems.push(`expected_record_counts {${showCounts(r.expected_record_counts)}}; want {${showCounts(cm.counts)}} (one transaction fewer)`);
  }
  return problems;
}

/** A statement-format file (or the XLSX's CSV twin): every row the generator wrote, none invalid. */
function checkStatement(r: CaseReport, meta: StatementMeta): string[] {
  const problems: string[] = [];
  const want = meta.rows + (r.header_included ? 1 : 0);
  if (r.records !== want) problems.push(`saw ${r.records} ${r.header_included ? 'records (header included)' : 'rows'}; the generator wrote ${want}`);
  if (r.rows_count !== undefined && r.rows_count !== meta.rows) problems.push(`rows_count ${r.rows_count}; the generator wrote ${meta.rows} rows`);
  if (r.invalid_rows !== null && r.invalid_rows !== 0) problems.push(`${r.invalid_rows} rows invalid; the generator wrote none`);
  return problems;
}

/** The 10 MB POST: a 201 whose stats are what the generator wrote, and its whole file stored as content. */
function checkPost(r: CaseReport, meta: CsvMeta): string[] {
  const v = r.server;
  if (v === undefined) return ['the case reported no server figures'];
  if (v.status !== 201) return [`POST answered ${v.status} ${v.error ?? ''}; want 201`];
  const problems: string[] = [];
  if (v.stats?.rows_count !== meta.rows) problems.push(`201 stats.rows_count ${v.stats?.rows_count}; the generator wrote ${meta.rows} rows`);
  if (v.stats?.invalid_rows_count !== meta.invalid_rows) problems.push(`201 stats.invalid_rows_count ${v.stats?.invalid_rows_count}; the generator wrote ${meta.invalid_rows}`);
  if (v.stored === undefined) problems.push('no stored bytes reported for the import');
  else {
    if (v.stored.content_bytes !== meta.bytes) problems.push(`the import stores ${v.stored.content_bytes} bytes of content; the file holds ${meta.bytes}`);
    if (v.stored.rows_bytes === 0) problems.push('the import stores no row chunks');
  }
  return problems;
}

/**
 * The hostile uploads: every body sent, each POST answered by the server without a 5xx (a 201 or
 * a 422: anything else was refused before its content was read, and tests nothing), and at least
 * one GET measured during each, all answered 200.
 */
function checkHostile(r: CaseReport): string[] {
  const v = r.server?.hostile;
  if (v === undefined) return ['the case reported no hostile-upload figures'];
  const problems: string[] = [];
  if (v.length !== HOSTILE_BODIES) problems.push(`${v.length} bodies sent; want ${HOSTILE_BODIES}`);
  for (const b of v) {
    if (b.status === 0) problems.push(`${b.name}: the POST got no answer (${b.error})`);
    else if (b.status >= 500) problems.push(`${b.name}: the POST answered ${b.status} ${b.error ?? ''}`);
    else if (b.status !== 201 && b.status !== 422) problems.push(`${b.name}: the POST answered ${b.status} ${b.error ?? ''}; want 201 or 422 (refused before its content was read, it tests nothing)`);
    if (b.requests === 0) problems.push(`${b.name}: no GET /api/v1/categories was measured during the POST`);
    else if (b.failed > 0) problems.push(`${b.name}: ${b.failed} of ${b.requests} GET /api/v1/categories did not answer 200`);
  }
  return problems;
}

/** The publish: 201, every row written once for this import, the import complete, and no failed GET. */
function checkPublish(r: CaseReport, meta: CsvMeta): string[] {
  const v = r.server;
  if (v === undefined) return ['the case reported no server figures'];
  if (v.status !== 201) return [`POST with publish answered ${v.status} ${v.error ?? ''}; want 201`];
  const problems: string[] = [];
  if (v.stats?.rows_count !== meta.rows || v.stats?.invalid_rows_count !== 0) {
    problems.push(`201 stats ${JSON.stringify(v.stats)}; the generator wrote ${meta.rows} rows, none invalid`);
  }
  if (v.import_status !== 'complete') problems.push(`import ended ${v.import_status}; want complete`);
  if (v.transactions_in_db !== meta.rows) problems.push(`${v.transactions_in_db} transactions rows carry the import's id; want ${meta.rows}`);
  if (v.summary_created !== meta.rows) problems.push(`summary.transactions.created ${v.summary_created}; want ${meta.rows}`);
  if (v.categories === undefined || v.categories.requests === 0) problems.push('no GET /api/v1/categories was measured during the publish');
  else if (v.categories.failed > 0) problems.push(`${v.categories.failed} of ${v.categories.requests} GET /api/v1/categories did not answer 200`);
  return problems;
}

/** Four imports by two workers: every import complete with its rows, each once, all the file's rows. */
function checkParallel(r: CaseReport, meta: CsvMeta): string[] {
  const v = r.server?.parallel;
  if (v === undefined) return ['the case reported no parallel figures'];
  const problems: string[] = [];
  for (const [i, x] of v.imports.entries()) {
    if (x.status !== 'complete') problems.push(`import ${i} ended ${x.status}; want complete`);
    if (x.transactions !== x.rows || x.distinct !== x.rows) problems.push(`import ${i}: ${x.transactions} rows stored, ${x.distinct} distinct; want ${x.rows}`);
  }
  const total = v.imports.reduce((n, x) => n + x.rows, 0);
  if (total !== meta.rows) problems.push(`the imports hold ${total} rows; the generator wrote ${meta.rows}`);
  return problems;
}

/**
 * GET /api/v1/transactions: every query's total_count the seeder's, every page of the size and
 * order expected, every row matching its filter and of the family, every request answered.
 */
function checkTransactions(r: CaseReport): string[] {
  const v = r.server?.transactions;
  if (v === undefined) return ['the case reported no transactions figures'];
  const problems: string[] = [];
  if (v.seeded !== TRANSACTIONS_SEEDED) problems.push(`${v.seeded} transactions seeded; want ${TRANSACTIONS_SEEDED}`);
  if (v.queries.length === 0) problems.push('no query was measured');
  for (const q of v.queries) {
    const all = q.requests + v.warmup;
    if (q.requests === 0) problems.push(`${q.name}: no timed request`);
    if (q.failed > 0) problems.push(`${q.name}: ${q.failed} of ${all} requests not answered 200 with a page`);
    if (q.total_count !== q.expected) problems.push(`${q.name}: total_count ${q.total_count}; the seeder wrote ${q.expected} matching transactions`);
    if (q.wrong_total > 0) problems.push(`${q.name}: ${q.wrong_total} of ${all} answers with a total_count other than ${q.expected}`);
    if (q.wrong_rows > 0) problems.push(`${q.name}: ${q.wrong_rows} of ${all} pages not holding ${q.expected_page_rows} transactions (first: ${q.page_rows})`);
    if (q.unmatched > 0) problems.push(`${q.name}: ${q.unmatched} transactions returned that do not match the filter`);
    if (q.misordered > 0) problems.push(`${q.name}: ${q.misordered} neighbouring transactions not ordered by date, then id, descending`);
    if (q.foreign > 0) problems.push(`${q.name}: ${q.foreign} transactions returned on an account outside the family`);
    // A filter that matches nothing checks nothing, except for the query meant to match nothing.
    if (q.name !== 'import' && q.expected === 0) problems.push(`${q.name}: the seeder wrote no matching transaction; the query checks nothing`);
    if (q.name === 'import' && q.expected !== 0) problems.push(`import: the seeder counted ${q.expected} transactions for an import that does not exist`);
  }
  return problems;
}

function check(c: CaseDef, r: CaseReport, input: Input): string[] {
  const problems: string[] = [];
  if (input.name !== 'none' && r.bytes !== null && r.bytes !== input.bytes) problems.push(`read ${r.bytes} bytes of ${input.bytes}`);
  if (c.name === 'server-transactions-1m') return [...problems, ...checkTransactions(r)];
  if (c.name === 'server-hostile-upload') return [...problems, ...checkHostile(r)];
  if (c.name === 'cli-startup') return r.rows_count === 1 && r.invalid_rows === 0 ? problems : [...problems, `sluice check read ${r.rows_count} rows (${r.invalid_rows} invalid) of the file's 1 valid row`];
  const e = input.expected;
  if (e.kind === 'csv') {
    if (c.name === 'server-post-10mb') problems.push(...checkPost(r, e.meta));
    else if (c.name === 'server-publish-100k' || c.name === 'server-publish-100k-pg') problems.push(...checkPublish(r, e.meta));
    else if (c.name === 'server-publish-4x2-pg') problems.push(...checkParallel(r, e.meta));
    else problems.push(...checkCsv(r, e.meta));
  } else if (e.kind === 'ndjson') problems.push(...checkNdjson(r, e.meta));
  else if (e.kind === 'ndjson-corrupt') problems.push(...checkCorrupt(r, e.meta));
  else if (e.kind === 'statement') problems.push(...checkStatement(r, e.meta));
  return problems;
}

/** A fresh database of the bench's PostgreSQL cluster (started on first use, stopped at exit: test/pg-helpers.ts). */
async function pgDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const found = await pgHarness();
  if (typeof found === 'string') throw new Error(`the -pg cases need PostgreSQL: ${found}`);
  return found.database();
}

async function runCase(c: CaseDef, file: string, options: Record<string, string | number>): Promise<{ report: CaseReport | null; problems: string[] }> {
  const db = c.pg ? await pgDatabase() : undefined;
  try {
    return await runCaseOn(c, file, options, db?.url);
  } finally {
    await db?.drop();
  }
}

function runCaseOn(c: CaseDef, file: string, options: Record<string, string | number>, database: string | undefined): Promise<{ report: CaseReport | null; problems: string[] }> {
  const argv = ['--import', 'tsx', join(BENCH, c.script), file, '--json-options', JSON.stringify(options)];
  return new Promise((resolve) => {
    // Without the project's path mapping, `sluice` resolves to the compiled package.
    const env: NodeJS.ProcessEnv = c.source ? { ...process.env } : { ...process.env, TSX_TSCONFIG_PATH: join(ROOT, 'tsconfig.build.json') };
    if (database !== undefined) env['DATABASE_URL'] = database;
    const child = spawn(process.execPath, argv, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (s: string) => (stdout += s));
    child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
    child.on('error', (e) => resolve({ report: null, problems: [`could not start: ${e.message}`] }));
    child.on('close', (code, signal) => {
      const last = stdout.trim().split('\n').pop() ?? '';
      if (code !== 0 || last === '') {
        const why = stderr.trim().split('\n').pop() || '(no output)';
        resolve({ report: null, problems: [`exited with ${signal ?? code}: ${why}`] });
        return;
      }
      try {
        resolve({ report: JSON.parse(last) as CaseReport, problems: [] });
      } catch {
        resolve({ report: null, problems: [`printed no JSON report: ${last.slice(0, 200)}`] });
      }
    });
  });
}

/** Reads a file once, untimed, so every case (the first of round 1 too) starts from a warm page cache. */
async function warm(file: string): Promise<void> {
  for await (const _ of createReadStream(file, { highWaterMark: 1 << 20 }));
}

function versions(): Record<string, string> {
  const v = (name: string) => (JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
  return {
    'csv-parse': v('csv-parse'), udsv: v('udsv'), papaparse: v('papaparse'), 'stream-json': v('stream-json'),
    'better-sqlite3': v('better-sqlite3'), tsx: v('tsx'),
  };
}

/** Splits a comma-separated list into lines of at most `width` characters. */
function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const part of text.split(', ')) {
    const next = line === '' ? part : `${line}, ${part}`;
    if (next.length > width && line !== '') {
      out.push(line + ',');
      line = part;
    } else line = next;
  }
  if (line !== '') out.push(line);
  return out;
}

const isNdjsonFile = (f: string) => /\.(ndjson|jsonl)$/i.test(f);

function selectCases(mode: Mode, only: string[] | null, file: string | null): CaseDef[] {
  let inMode = CASES.filter((c) => c.modes.includes(mode));
  if (file !== null) inMode = inMode.filter((c) => (isNdjsonFile(file) ? c.group === 'ndjson' : c.group === 'csv'));
  if (only === null) return inMode;
  const unknown = only.filter((n) => !inMode.some((c) => c.name === n || c.group === n));
  if (unknown.length > 0) {
    const groups = GROUPS.filter((g) => inMode.some((c) => c.group === g));
    throw new BenchUsageError(`--only: ${unknown.join(', ')} not among this mode's cases (${inMode.map((c) => c.name).join(', ')}) or groups (${groups.join(', ')})`);
  }
  return inMode.filter((c) => only.includes(c.name) || only.includes(c.group));
}

async function prepareInputs(args: BenchArgs, cases: readonly CaseDef[]): Promise<Map<InputName, Input>> {
  const needed = new Set(cases.map((c) => c.input));
  const inputs = new Map<InputName, Input>();
  const say = (m: string) => process.stderr.write(`bench: ${m}\n`);
  const stat = (file: string) => statSync(file).size;
  const csvInput = (name: InputName, meta: CsvMeta): Input => ({
    name, file: meta.file, bytes: meta.bytes, expected: { kind: 'csv', meta },
    describe: `generated (seed ${meta.seed}): ${int(meta.rows)} rows + header, ${meta.invalid_rows === 0 ? 'none' : int(meta.invalid_rows)} invalid`,
  });
  if (args.file !== null) {
    const name: InputName = isNdjsonFile(args.file) ? 'ndjson' : 'csv';
    inputs.set(name, { name, file: args.file, bytes: stat(args.file), expected: { kind: 'none' }, describe: 'your file' });
    return inputs;
  }
  if (needed.has('csv')) {
    const rows = args.rows ?? (args.big ? BIG_ROWS : DEFAULT_ROWS);
    say(`generated CSV of ${int(rows)} rows (cached under bench/.cache/; written on first use)…`);
    inputs.set('csv', csvInput('csv', await generateCsv(rows)));
  }
  if (needed.has('ndjson') || needed.has('ndjson-corrupt')) {
    const lines = args.lines ?? DEFAULT_LINES;
    say(`generated NDJSON export of ${int(lines)} lines (cached; written on first use, ~15 s for 1M lines)…`);
    const meta = await generateNdjson(lines);
    const types = Object.values(meta.counts).filter((n) => n > 0).length;
    inputs.set('ndjson', {
      name: 'ndjson', file: meta.file, bytes: meta.bytes, expected: { kind: 'ndjson', meta },
      describe: `generated (seed ${meta.seed}): ${int(meta.lines)} lines, one record each, of ${types} record types`,
      detail: wrap(Object.entries(meta.counts).map(([k, n]) => `${int(n)} ${k}`).join(', '), 100).join('\n         '),
    });
    if (needed.has('ndjson-corrupt')) {
      say('its copy with one line cut in half (cached)…');
      const cm = await corruptNdjson(meta);
      inputs.set('ndjson-corrupt', { name: 'ndjson-corrupt', file: cm.file, bytes: cm.bytes, expected: { kind: 'ndjson-corrupt', meta: cm }, describe: cm.what });
    }
  }
  if (needed.has('server-post-csv')) {
    say(`generated CSV of ${int(POST_ROWS)} rows for the upload (cached)…`);
    const meta = await generateCsv(POST_ROWS);
    if (meta.bytes > MAX_CSV_BYTES) throw new Error(`the upload CSV holds ${meta.bytes} bytes, over the server's MAX_CSV_BYTES (${MAX_CSV_BYTES})`);
    inputs.set('server-post-csv', csvInput('server-post-csv', meta));
  }
  if (needed.has('server-publish-csv')) {
    say(`generated CSV of ${int(PUBLISH_ROWS)} clean rows for the publish (cached)…`);
    inputs.set('server-publish-csv', csvInput('server-publish-csv', await generateCsv(PUBLISH_ROWS, undefined, { clean: true })));
  }
  const statementInput = (name: InputName, meta: StatementMeta, describe: string): Input =>
    ({ name, file: meta.file, bytes: meta.bytes, expected: { kind: 'statement', meta }, describe });
  if (needed.has('camt')) {
    say('generated camt.053 of ~100 MB (cached)…');
    const meta = await camtFile();
    inputs.set('camt', statementInput('camt', meta, `generated camt.053.001.02: one statement of ${int(meta.rows)} booked entries, balances that add up`));
  }
  if (needed.has('ofx')) {
    say('generated OFX 1.02 statement of ~50 MB (cached)…');
    const meta = await ofxFile();
    inputs.set('ofx', statementInput('ofx', meta, `generated OFX 1.02 SGML bank statement: ${int(meta.rows)} transactions`));
  }
  if (needed.has('xlsx') || needed.has('xlsx-csv')) {
    say('generated XLSX workbook and its CSV twin (cached)…');
    const { xlsx, csv } = await xlsxFiles();
    inputs.set('xlsx', statementInput('xlsx', xlsx, `generated XLSX workbook: one sheet, ${int(xlsx.rows)} rows + header (date cells, 2-decimal amounts, shared strings)`));
    inputs.set('xlsx-csv', statementInput('xlsx-csv', csv, `the same ${int(csv.rows)} rows as CSV`));
  }
  // A case that reads no file (it makes its own data) is given '' and has no bytes to check.
  if (needed.has('none')) inputs.set('none', { name: 'none', file: '', bytes: 0, expected: { kind: 'none' }, describe: 'no file' });
  for (const i of inputs.values()) {
    if (i.name === 'none') continue;
    const size = stat(i.file);
    if (i.expected.kind !== 'none' && size !== i.bytes) throw new Error(`${i.file} holds ${size} bytes; its sidecar says ${i.bytes}`);
  }
  return inputs;
}

async function main(args: BenchArgs): Promise<number> {
  const mode: Mode = args.file !== null ? 'file' : args.big ? 'big' : 'generated';
  if (args.file !== null) {
    try {
      if (!statSync(args.file).isFile()) throw new BenchUsageError(`--file ${args.file} is not a file`);
    } catch (e) {
      if (e instanceof BenchUsageError) throw e;
      throw new BenchUsageError(`--file ${args.file}: ${(e as Error).message}`);
    }
    if (isNdjsonFile(args.file) && Object.keys(args.engineOptions).length > 0) {
      throw new BenchUsageError('engine options apply to a CSV --file; the NDJSON cases read the file as it is');
    }
  }
  const cases = selectCases(mode, args.only, args.file);
  const inputs = await prepareInputs(args, cases);
  for (const i of inputs.values()) if (i.name !== 'none') await warm(i.file);

  const runs: CaseRun[] = [];
  for (let round = 1; round <= args.rounds; round++) {
    const times: string[] = [];
    for (const c of cases) {
      if (c.once && round > 1) continue;
      const input = inputs.get(c.input)!;
      const { report, problems } = await runCase(c, input.file, { ...(c.group === 'csv' ? args.engineOptions : {}), ...c.options });
      if (report !== null) problems.push(...check(c, report, input));
      runs.push({ round, name: c.name, role: c.role, report, problems });
      times.push(`${c.name} ${report === null ? 'did not finish' : (report.elapsed_ms / 1000).toFixed(2) + ' s' + (problems.length ? ' (count mismatch)' : '')}`);
    }
    if (times.length > 0) process.stderr.write(`bench: round ${round}/${args.rounds}: ${times.join(', ')}\n`);
  }

  const inputSetups: InputSetup[] = [...inputs.values()].filter((i) => i.name !== 'none').map((i) => {
    const e = i.expected;
    return {
      name: i.name, file: rel(i.file), bytes: i.bytes, describe: i.describe, ...(i.detail ? { detail: i.detail } : {}),
      expected: e.kind === 'none' ? null : { ...e.meta, file: rel(e.meta.file), ...('source' in e.meta ? { source: rel(e.meta.source) } : {}) },
      sidecar: e.kind === 'none' ? null : rel(e.meta.file + '.json'),
    };
  });
  const summary = summarize({
    mode, rounds: args.rounds, inputs: inputSetups,
    cases: cases.map(({ name, group, role, what, input }) => ({ name, group, role, what, input })), versions: versions(),
  }, runs);
  if (args.json) printJson(summary);
  else printTable(summary);
  return summary.ok ? 0 : 1;
}

try {
  const args = parseBenchArgs(process.argv.slice(2));
  if (args.help) {
    process.stdout.write(USAGE + '\n');
  } else {
    process.exitCode = await main(args);
  }
} catch (e) {
  if (!(e instanceof BenchUsageError)) throw e;
  process.stderr.write(`bench: ${e.message}\n\n${USAGE}\n`);
  process.exitCode = 2;
}
