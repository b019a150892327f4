// Turns the rounds of a bench run into medians and prints them: a table for people (machine first,
// as uDSV's bench does) or one JSON object. No measuring here, no checking: a case arrives with its
// per-round reports and the count problems run.ts found, and a case with any problem is FAILED,
// shown with its numbers and no speed.
//
//   const summary = summarize(setup, runs);  printTable(summary) or printJson(summary)

import { cpus, release, totalmem } from 'node:os';
import type { CaseReport } from './case-io.ts';

export type Role = 'floor' | 'parser' | 'tokenizer' | 'engine';

/** One case in one round: its report (null when the process failed) and any problems found. */
export interface CaseRun {
  round: number;
  name: string;
  role: Role;
  report: CaseReport | null;
  problems: string[];
}

export interface RunSetup {
  mode: 'generated' | 'big' | 'file';
  file: string;
  bytes: number;
  /** What the generator wrote (null for a user's file: nothing to check against). */
  expected: { rows: number; invalid_rows: number; seed: number; sidecar: string } | null;
  rounds: number;
  cases: { name: string; role: Role; what: string }[];
  versions: Record<string, string>;
}

export interface CaseSummary {
  name: string;
  role: Role;
  what: string;
  status: 'ok' | 'FAILED';
  problems: string[];
  median_ms: number | null;
  mb_per_s: number | null;
  rows_per_s: number | null;
  /** Max over rounds. */
  peak_rss_mb: number | null;
  /** Median over rounds of (floor time / case time) in the same round. */
  ratio_to_floor: number | null;
  records: number | null;
  header_included: boolean | null;
  invalid_rows: number | null;
  rounds: (CaseReport | null)[];
}

export interface Summary {
  machine: { cpu: string; cores: number; memory_gb: number; node: string; platform: string };
  versions: Record<string, string>;
  mode: RunSetup['mode'];
  input: { file: string; bytes: number; counts_checked: boolean } & Partial<NonNullable<RunSetup['expected']>>;
  rounds: number;
  mb: string;
  cases: CaseSummary[];
  /** The options the engine case ran with (its defaults merged with the user's). */
  engine_options: Record<string, unknown> | null;
  engine_vs_fastest_tokenizer: { median: number | null; per_round: { round: number; fastest: string; ratio: number }[] };
  targets: { engine_vs_fastest_tokenizer: Target; engine_peak_rss_mb: Target };
  ok: boolean;
}

interface Target { want: string; value: number | null; met: boolean | null }

const MB = 1e6;

export function median(xs: readonly number[]): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export function machine(): Summary['machine'] {
  const cs = cpus();
  return {
    cpu: cs[0]?.model.trim() ?? 'unknown', cores: cs.length, memory_gb: totalmem() / 1e9,
    node: process.version, platform: `${process.platform} ${process.arch} (${release()})`,
  };
}

export function summarize(setup: RunSetup, runs: readonly CaseRun[]): Summary {
  const ms = (name: string, round: number): number | null => {
    const r = runs.find((x) => x.name === name && x.round === round);
    return r && r.report && r.problems.length === 0 ? r.report.elapsed_ms : null;
  };
  const floor = setup.cases.find((c) => c.role === 'floor');
  const rounds = Array.from({ length: setup.rounds }, (_, i) => i + 1);
  const cases = setup.cases.map((c): CaseSummary => {
    const mine = runs.filter((r) => r.name === c.name);
    const problems = [...new Set(mine.flatMap((r) => r.problems.map((p) => (setup.rounds > 1 ? `round ${r.round}: ${p}` : p))))];
    const reports = mine.map((r) => r.report);
    const last = reports.findLast((r) => r !== null) ?? null;
    const ok = problems.length === 0 && reports.every((r) => r !== null);
    const med = ok ? median(reports.map((r) => r!.elapsed_ms)) : null;
    const ratios = floor && ok
      ? rounds.flatMap((n) => { const f = ms(floor.name, n), m = ms(c.name, n); return f !== null && m !== null ? [f / m] : []; })
      : [];
    return {
      name: c.name, role: c.role, what: c.what, status: ok ? 'ok' : 'FAILED', problems,
      median_ms: med,
      mb_per_s: med === null ? null : setup.bytes / MB / (med / 1000),
      rows_per_s: med === null || last === null ? null : last.records / (med / 1000),
      peak_rss_mb: reports.some((r) => r !== null) ? Math.max(...reports.flatMap((r) => (r ? [r.max_rss_mb] : []))) : null,
      ratio_to_floor: median(ratios),
      records: last?.records ?? null, header_included: last?.header_included ?? null, invalid_rows: last?.invalid_rows ?? null,
      rounds: reports,
    };
  });
  // The engine against the fastest tokenize-only parser of the same round.
  const tokenizers = setup.cases.filter((c) => c.role === 'tokenizer').map((c) => c.name);
  const engine = setup.cases.find((c) => c.role === 'engine');
  const perRound = engine === undefined ? [] : rounds.flatMap((n) => {
    const e = ms(engine.name, n);
    const timed = tokenizers.flatMap((t) => { const m = ms(t, n); return m === null ? [] : [{ t, m }]; });
    if (e === null || timed.length === 0) return [];
    const best = timed.reduce((a, b) => (b.m < a.m ? b : a));
    return [{ round: n, fastest: best.t, ratio: best.m / e }];
  });
  const vsTok = median(perRound.map((r) => r.ratio));
  const engineCase = cases.find((c) => c.role === 'engine' && c.status === 'ok');
  const engineRss = engineCase?.peak_rss_mb ?? null;
  return {
    machine: machine(), versions: setup.versions, mode: setup.mode,
    input: { file: setup.file, bytes: setup.bytes, counts_checked: setup.expected !== null, ...(setup.expected ?? {}) },
    rounds: setup.rounds, mb: '1 MB = 10^6 bytes (throughput and RSS alike)', cases,
    engine_options: cases.find((c) => c.role === 'engine')?.rounds.findLast((r) => r !== null)?.options ?? null,
    engine_vs_fastest_tokenizer: { median: vsTok, per_round: perRound },
    targets: {
      engine_vs_fastest_tokenizer: { want: '>= 0.5', value: vsTok, met: vsTok === null ? null : vsTok >= 0.5 },
      engine_peak_rss_mb: { want: '< 150', value: engineRss, met: engineRss === null ? null : engineRss < 150 },
    },
    ok: cases.every((c) => c.status === 'ok'),
  };
}

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const fixed = (n: number | null, d: number) => (n === null ? '–' : n.toFixed(d));
const pad = (s: string, w: number, left = false) => (left ? s.padEnd(w) : s.padStart(w));

function countsText(c: CaseSummary): string {
  if (c.records === null) return '';
  if (c.role === 'engine') return `${int(c.records)} rows + header, ${int(c.invalid_rows ?? 0)} invalid`;
  const unit = c.role === 'floor' ? 'lines' : 'records';
  return `${int(c.records)} ${unit}${c.header_included ? ' (header included)' : ''}`;
}

export function printTable(s: Summary, out: NodeJS.WritableStream = process.stdout): void {
  const w = (line = '') => out.write(line + '\n');
  const m = s.machine;
  w(`machine  ${m.cpu}, ${m.cores} cores, ${(m.memory_gb).toFixed(1)} GB RAM, Node ${m.node}, ${m.platform}`);
  w(`parsers  ${Object.entries(s.versions).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  const i = s.input;
  const what = i.counts_checked ? `generated (seed ${i.seed}): ${int(i.rows!)} rows + header, ${int(i.invalid_rows!)} invalid` : 'your file';
  w(`file     ${i.file}`);
  w(`         ${(i.bytes / MB).toFixed(1)} MB, ${what}`);
  w(i.counts_checked
    ? `counts   checked against ${i.sidecar} before any speed is shown`
    : 'counts   NOT checked: a user file has no generator sidecar (each case shows what it counted)');
  if (s.engine_options !== null) w(`engine   options ${JSON.stringify(s.engine_options)}`);
  w(`rounds   ${s.rounds}, cases interleaved, one process per case; medians; peak RSS = max over rounds; ${s.mb}`);
  w();
  const head = ['case', 'median ms', 'MB/s', 'rows/s', '× floor', 'peak RSS MB', 'counted'];
  const rows = s.cases.map((c) => c.status === 'ok'
    ? [c.name, fixed(c.median_ms, 0), fixed(c.mb_per_s, 1), int(c.rows_per_s ?? 0), c.ratio_to_floor === null ? '–' : fixed(c.ratio_to_floor, 3) + '×',
        fixed(c.peak_rss_mb, 1), countsText(c)]
    : [c.name, 'FAILED', '', '', '', fixed(c.peak_rss_mb, 1), countsText(c)]);
  const widths = head.map((h, k) => Math.max(h.length, ...rows.map((r) => r[k]!.length)));
  const line = (r: string[]) => r.map((x, k) => pad(x, widths[k]!, k === 0 || k === r.length - 1)).join('  ').trimEnd();
  w(line(head));
  for (const r of rows) w(line(r));
  for (const c of s.cases) if (c.status === 'FAILED') for (const p of c.problems.length ? c.problems : ['no report']) w(`  FAILED ${c.name}: ${p}`);
  w();
  const v = s.engine_vs_fastest_tokenizer;
  if (v.median !== null) {
    const wins = [...new Set(v.per_round.map((r) => r.fastest))].map((t) => `${t} in ${v.per_round.filter((r) => r.fastest === t).length}/${v.per_round.length}`);
    const met = s.targets.engine_vs_fastest_tokenizer.met ? 'met' : 'NOT met';
    w(`engine ÷ fastest tokenize-only parser (${wins.join(', ')} rounds): ${v.median.toFixed(2)}× (target ≥ 0.5×: ${met})`);
  }
  const rss = s.targets.engine_peak_rss_mb;
  if (rss.value !== null) w(`engine peak RSS: ${rss.value.toFixed(1)} MB (target < 150 MB: ${rss.met ? 'met' : 'NOT met'})`);
  if (!s.ok) w('\nFAILED: a case did not finish or counted something other than what the file holds; no speed of it is a result.');
}

export function printJson(s: Summary, out: NodeJS.WritableStream = process.stdout): void {
  out.write(JSON.stringify(s, null, 2) + '\n');
}
