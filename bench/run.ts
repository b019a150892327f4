// `npm run bench` (SPEC §5): runs each case in its own process, interleaved over N rounds, checks
// every case's counts against what the generator wrote before it reports a speed, and prints
// medians (MB/s, rows/s, peak RSS, ratio to the newline floor, the engine's ratio to the fastest
// tokenize-only parser). A count mismatch marks the case FAILED and the exit status 1.
//
//   npm run bench [-- --rounds 5] [--json] [--only engine,udsv] [--rows N] [--big]
//   npm run bench -- --file statement.csv --date-format %d/%m/%Y --col-sep ';'
//
// Cases live in bench/cases/, one file each, registered in CASES below (NDJSON and server cases
// join the registry with their own `input`).

import { spawn } from 'node:child_process';
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BenchUsageError, parseBenchArgs, USAGE, type BenchArgs } from './args.ts';
import type { CaseReport } from './case-io.ts';
import { generateCsv, type CsvMeta } from './generate.ts';
import { printJson, printTable, summarize, type CaseRun, type Role, type RunSetup } from './report.ts';

const BENCH = dirname(fileURLToPath(import.meta.url));
const ROOT = dirname(BENCH);
const DEFAULT_ROWS = 1_000_000;
/** ~1.0 GB at the generator's ~61.8 bytes a row. */
const BIG_ROWS = 16_200_000;

type Mode = RunSetup['mode'];

interface CaseDef {
  name: string;
  script: string;
  /**
   * The generated input the case reads. Only 'csv' exists so far; the NDJSON cases bring their
   * generator, their own floor (line split over the NDJSON file) and a check against its sidecar.
   */
  input: 'csv';
  role: Role;
  what: string;
  modes: readonly Mode[];
}

const CASES: readonly CaseDef[] = [
  { name: 'newline-floor', script: 'cases/newline-floor.ts', input: 'csv', role: 'floor', what: 'count \\n bytes in 64 KiB chunks (the I/O floor)', modes: ['generated', 'big', 'file'] },
  { name: 'csv-parse', script: 'cases/csv-parse.ts', input: 'csv', role: 'parser', what: 'csv-parse stream API, raw arrays, utf-8', modes: ['generated'] },
  { name: 'udsv', script: 'cases/udsv.ts', input: 'csv', role: 'tokenizer', what: 'uDSV incremental stringArrs, tokenize only', modes: ['generated', 'file'] },
  { name: 'papaparse', script: 'cases/papaparse.ts', input: 'csv', role: 'tokenizer', what: 'Papa Parse stream input, chunk callback, no header/typing', modes: ['generated', 'file'] },
  { name: 'engine', script: 'cases/engine.ts', input: 'csv', role: 'engine', what: 'readImport TransactionImport, full pipeline', modes: ['generated', 'big', 'file'] },
];

/** Count problems of one report against the generator's sidecar; empty when it counted right. */
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

function runCase(c: CaseDef, file: string, options: Record<string, string>): Promise<{ report: CaseReport | null; problems: string[] }> {
  const argv = ['--import', 'tsx', join(BENCH, c.script), file, '--json-options', JSON.stringify(options)];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, argv, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
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

/** Reads the file once, untimed, so every case (the first of round 1 too) starts from a warm page cache. */
async function warm(file: string): Promise<void> {
  for await (const _ of createReadStream(file, { highWaterMark: 1 << 20 }));
}

function versions(): Record<string, string> {
  const v = (name: string) => (JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
  return { 'csv-parse': v('csv-parse'), udsv: v('udsv'), papaparse: v('papaparse'), tsx: v('tsx') };
}

function selectCases(mode: Mode, only: string[] | null): CaseDef[] {
  const inMode = CASES.filter((c) => c.modes.includes(mode));
  if (only === null) return inMode;
  const unknown = only.filter((n) => !inMode.some((c) => c.name === n));
  if (unknown.length > 0) {
    throw new BenchUsageError(`--only: ${unknown.join(', ')} not among this mode's cases (${inMode.map((c) => c.name).join(', ')})`);
  }
  return inMode.filter((c) => only.includes(c.name));
}

async function main(args: BenchArgs): Promise<number> {
  const mode: Mode = args.file !== null ? 'file' : args.big ? 'big' : 'generated';
  const cases = selectCases(mode, args.only);
  let file: string;
  let meta: CsvMeta | null = null;
  if (args.file !== null) {
    file = args.file;
    try {
      if (!statSync(file).isFile()) throw new BenchUsageError(`--file ${file} is not a file`);
    } catch (e) {
      if (e instanceof BenchUsageError) throw e;
      throw new BenchUsageError(`--file ${file}: ${(e as Error).message}`);
    }
  } else {
    const rows = args.rows ?? (args.big ? BIG_ROWS : DEFAULT_ROWS);
    process.stderr.write(`bench: generated CSV of ${rows.toLocaleString('en-US')} rows (cached under bench/.cache/; written on first use)…\n`);
    meta = await generateCsv(rows);
    file = meta.file;
  }
  const bytes = statSync(file).size;
  if (meta !== null && meta.bytes !== bytes) throw new Error(`${file} holds ${bytes} bytes; its sidecar says ${meta.bytes}`);
  await warm(file);

  const runs: CaseRun[] = [];
  for (let round = 1; round <= args.rounds; round++) {
    const times: string[] = [];
    for (const c of cases) {
      const { report, problems } = await runCase(c, file, args.engineOptions);
      if (report !== null) {
        if (report.bytes !== null && report.bytes !== bytes) problems.push(`read ${report.bytes} bytes of ${bytes}`);
        if (meta !== null) problems.push(...checkCsv(report, meta));
      }
      runs.push({ round, name: c.name, role: c.role, report, problems });
      times.push(`${c.name} ${report === null ? 'did not finish' : (report.elapsed_ms / 1000).toFixed(2) + ' s' + (problems.length ? ' (count mismatch)' : '')}`);
    }
    process.stderr.write(`bench: round ${round}/${args.rounds}: ${times.join(', ')}\n`);
  }

  const summary = summarize({
    mode, file: relative(ROOT, file).startsWith('..') ? file : relative(ROOT, file), bytes,
    expected: meta === null ? null : { rows: meta.rows, invalid_rows: meta.invalid_rows, seed: meta.seed, sidecar: relative(ROOT, meta.file + '.json') },
    rounds: args.rounds, cases: cases.map(({ name, role, what }) => ({ name, role, what })), versions: versions(),
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
