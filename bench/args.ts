// Command-line arguments of `npm run bench`: the bench's own options, and in --file mode any other
// `--kebab-case value` as an engine option (`--date-format %d/%m/%Y` → date_format), validated by
// the engine's own normalizeOptions so a misspelling is named before anything runs.
//
//   const args = parseBenchArgs(process.argv.slice(2));   // throws BenchUsageError

import { isAbsolute, resolve } from 'node:path';
import { normalizeOptions, OptionsError } from 'sluice';

export interface BenchArgs {
  rounds: number;
  json: boolean;
  /** A user's file (absolute path), or null to use generated data. */
  file: string | null;
  /** Case names to run, or null for every case of the mode. */
  only: string[] | null;
  /** Rows in the generated CSV, or null for the mode's default. */
  rows: number | null;
  /** Lines in the generated NDJSON export, or null for the default (1,000,000). */
  lines: number | null;
  big: boolean;
  help: boolean;
  /** Engine options in the API's snake_case spelling (--file mode only). */
  engineOptions: Record<string, string>;
}

export class BenchUsageError extends Error {
  override name = 'BenchUsageError';
}

export const USAGE = `usage: npm run bench -- [options]

  --rounds N          rounds of interleaved cases; medians are reported (default 3)
  --json              print one JSON object instead of the table
  --only a,b          run only these cases or groups (names as in the tables; groups: csv, ndjson,
                      statements, server)
  --rows N            rows in the generated CSV (default 1,000,000)
  --lines N           lines in the generated NDJSON export (default 1,000,000; at least 10,000)
  --big               a ~1 GB generated CSV (16,200,000 rows); only the newline floor and the engine
  --file PATH         measure your own file: a CSV gets the floor, the tokenize-only parsers and the
                      engine; a .ndjson/.jsonl file the NDJSON cases. Counts are not checked (there
                      is no generator sidecar)
  --date-format F …   with a CSV --file: any engine option in kebab-case (--col-sep ';',
                      --number-format 1.234,56, --encoding windows-1252, --today 2024-01-31, …)`;

const FLAGS = new Set(['json', 'big', 'help']);
const VALUES = new Set(['rounds', 'file', 'only', 'rows', 'lines']);

function positiveInt(name: string, v: string): number {
  const n = Number(v.replace(/_/g, ''));
  if (!Number.isInteger(n) || n < 1) throw new BenchUsageError(`--${name} takes a whole number ≥ 1 (got ${JSON.stringify(v)})`);
  return n;
}

export function parseBenchArgs(argv: readonly string[], cwd = process.env['INIT_CWD'] ?? process.cwd()): BenchArgs {
  const out: BenchArgs = { rounds: 3, json: false, file: null, only: null, rows: null, lines: null, big: false, help: false, engineOptions: {} };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('--') || a === '--') throw new BenchUsageError(`unexpected argument ${JSON.stringify(a)}`);
    const eq = a.indexOf('=');
    const name = eq < 0 ? a.slice(2) : a.slice(2, eq);
    if (FLAGS.has(name)) {
      if (eq >= 0) throw new BenchUsageError(`--${name} takes no value`);
      if (name === 'json') out.json = true;
      else if (name === 'big') out.big = true;
      else out.help = true;
      continue;
    }
    let value: string;
    if (eq >= 0) value = a.slice(eq + 1);
    else if (i + 1 < argv.length) value = argv[++i]!;
    else throw new BenchUsageError(`--${name} needs a value`);
    if (!VALUES.has(name)) out.engineOptions[name.replace(/-/g, '_')] = value;
    else if (name === 'rounds') out.rounds = positiveInt(name, value);
    else if (name === 'rows') out.rows = positiveInt(name, value);
    else if (name === 'lines') {
      out.lines = positiveInt(name, value);
      if (out.lines < 10_000) throw new BenchUsageError(`--lines takes at least 10,000 (got ${out.lines})`);
    }
    else if (name === 'file') out.file = isAbsolute(value) ? value : resolve(cwd, value);
    else out.only = value.split(',').map((s) => s.trim()).filter((s) => s !== '');
  }
  if (out.file !== null && (out.big || out.rows !== null || out.lines !== null)) {
    throw new BenchUsageError('--file measures your file; --big, --rows and --lines choose a generated one');
  }
  if (out.big && out.lines !== null) throw new BenchUsageError('--big measures the CSV cases only; --lines sizes the NDJSON export');
  const names = Object.keys(out.engineOptions);
  if (names.length > 0) {
    if (out.file === null) {
      throw new BenchUsageError(
        `engine options (${names.map((n) => '--' + n.replace(/_/g, '-')).join(', ')}) apply to --file runs; ` +
          'generated data is read with the bench defaults its counts are checked under',
      );
    }
    try {
      normalizeOptions(out.engineOptions);
    } catch (e) {
      if (!(e instanceof OptionsError)) throw e;
      // The engine names options in snake_case; the bench takes them in kebab-case (only an unknown
      // option's message quotes option names; other messages quote values, left as they are).
      const kebab = (s: string) => s.replace(/"([a-z_]+)"/g, (_, n: string) => `--${n.replace(/_/g, '-')}`);
      throw new BenchUsageError(
        e.problems.map((p) => `--${p.option.replace(/_/g, '-')}: ${p.code === 'OPT_UNKNOWN' ? kebab(p.message) : p.message}`).join('\n'),
      );
    }
  }
  return out;
}
