// Turns the rounds of a bench run into medians and prints them: a table per group of cases (CSV,
// NDJSON, server) for people, machine first as uDSV's bench does, or one JSON object. No measuring
// here, no checking: a case arrives with its per-round reports and the count problems run.ts found,
// and a case with any problem is FAILED, shown with its numbers and no speed.
//
//   const summary = summarize(setup, runs);  printTable(summary) or printJson(summary)

import { cpus, release, totalmem } from 'node:os';
import type { CaseReport, HostileBody, ServerFigures, TransactionsQuery } from './case-io.ts';

export type Group = 'csv' | 'ndjson' | 'statements' | 'server';
export const GROUPS: readonly Group[] = ['csv', 'ndjson', 'statements', 'server'];
/**
 * floor: the I/O floor of its group's file; tokenizer: what the group's engine is held against
 * (CSV: the faster of the tokenize-only parsers; NDJSON: line split + JSON.parse); parser: another
 * library, shown for comparison; engine: the engine's pipeline; check: a correctness check (run
 * once, not compared); server: a request to the real server.
 */
export type Role = 'floor' | 'parser' | 'tokenizer' | 'engine' | 'check' | 'server';

/** One case in one round: its report (null when the process failed) and any problems found. */
export interface CaseRun {
  round: number;
  name: string;
  role: Role;
  report: CaseReport | null;
  problems: string[];
}

/** A file the cases read, and what its generator wrote. */
export interface InputSetup {
  name: string;
  file: string;
  bytes: number;
  /** The sidecar's figures (null for a user's file: nothing to check against). */
  expected: Record<string, unknown> | null;
  sidecar: string | null;
  /** One line saying what the file holds, and optionally a second with its composition. */
  describe: string;
  detail?: string;
}

export interface RunSetup {
  mode: 'generated' | 'big' | 'file';
  rounds: number;
  inputs: InputSetup[];
  cases: { name: string; group: Group; role: Role; what: string; input: string }[];
  versions: Record<string, string>;
}

export interface ServerSummary {
  /** Medians over rounds; peak RSS is the max over rounds. */
  post_ms: number | null;
  publish_ms: number | null;
  rss_before_mb: number | null;
  max_rss_mb: number | null;
  categories: { requests: number; failed: number; p50_ms: number; p99_ms: number; p99_ms_max: number; max_ms: number } | null;
  /**
   * The transactions case: GET /api/v1/transactions over the seeded family, per query (medians of
   * p50 and p99 over rounds, max of max, failures added up; the case runs one round).
   */
  transactions: { seeded: number; other_family_seeded: number; seed_ms: number; warmup: number; queries: TransactionsQuery[] } | null;
  /**
   * server-post-10mb: what its import stores (the last round's bytes; they do not vary) and the
   * rows' bytes per content byte (median over rounds).
   */
  stored: { content_bytes: number; rows_bytes: number; rows_per_content_byte: number } | null;
  /**
   * server-hostile-upload, per body: medians over rounds of the POST's time, the GET count, p50 and
   * p99; the worst round's p99; max of max; failures added up; every distinct answer seen.
   */
  hostile: HostileSummary[] | null;
  /** server-publish-4x2-pg: the last round's figures (the counts are checked every round). */
  parallel: NonNullable<ServerFigures['parallel']> | null;
}

export interface HostileSummary extends Omit<HostileBody, 'status' | 'error'> {
  /** The answers over rounds, distinct, e.g. ["422 invalid_csv"]. */
  answers: string[];
  p99_ms_max: number;
}

export interface CaseSummary {
  name: string;
  group: Group;
  role: Role;
  what: string;
  input: string;
  status: 'ok' | 'FAILED';
  problems: string[];
  median_ms: number | null;
  mb_per_s: number | null;
  /** Records (CSV rows, NDJSON lines, transactions written) per second at the median time. */
  rows_per_s: number | null;
  /** Max over rounds: the case's own process, or for a server case the server's process. */
  peak_rss_mb: number | null;
  /** Median over rounds of (floor time / case time) in the same round, on the same file. */
  ratio_to_floor: number | null;
  records: number | null;
  header_included: boolean | null;
  invalid_rows: number | null;
  server: ServerSummary | null;
  rounds: (CaseReport | null)[];
}

export interface Comparison {
  engine: string;
  against: string[];
  median: number | null;
  per_round: { round: number; fastest: string; ratio: number }[];
}

export interface Target {
  want: string;
  value: number | boolean | null;
  met: boolean | null;
}

export interface Summary {
  machine: { cpu: string; cores: number; memory_gb: number; node: string; platform: string };
  versions: Record<string, string>;
  mode: RunSetup['mode'];
  rounds: number;
  mb: string;
  inputs: Record<string, InputSetup & { counts_checked: boolean }>;
  cases: CaseSummary[];
  /** The options the CSV engine case ran with (its defaults merged with the user's). */
  engine_options: Record<string, unknown> | null;
  /** Each group's engine against its reference, round by round (CSV: fastest tokenizer; NDJSON: split + parse). */
  comparisons: Partial<Record<Group, Comparison>>;
  /** The CSV comparison under its earlier name. */
  engine_vs_fastest_tokenizer: { median: number | null; per_round: Comparison['per_round'] };
  targets: Record<string, Target>;
  ok: boolean;
}

const MB = 1e6;
/** What server-hostile-upload sends (bench/cases/server-hostile.ts), for the server header. */
const HOSTILE_BODIES_TEXT = '5 pathological CSV bodies of ~4 MiB made in memory (quotes, blank-lines, quote-newline, one-long-line, ' +
  'doubled-quotes), one after another, on one server with MAX_CSV_BYTES 20,000,000';

export function median(xs: readonly number[]): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

const maxOf = (xs: readonly number[]): number | null => (xs.length === 0 ? null : Math.max(...xs));

export function machine(): Summary['machine'] {
  const cs = cpus();
  return {
    cpu: cs[0]?.model.trim() ?? 'unknown', cores: cs.length, memory_gb: totalmem() / 1e9,
    node: process.version, platform: `${process.platform} ${process.arch} (${release()})`,
  };
}

function serverSummary(reports: readonly CaseReport[]): ServerSummary | null {
  const s = reports.flatMap((r) => (r.server ? [r.server] : []));
  if (s.length === 0) return null;
  const cats = s.flatMap((x) => (x.categories ? [x.categories] : []));
  const tx = s.flatMap((x) => (x.transactions ? [x.transactions] : []));
  const stored = s.flatMap((x) => (x.stored ? [x.stored] : []));
  const hostile = s.flatMap((x) => (x.hostile ? [x.hostile] : []));
  const num = (xs: (number | undefined)[]) => xs.filter((x): x is number => x !== undefined);
  const sumOf = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
  return {
    post_ms: median(num(s.map((x) => x.post_ms))),
    publish_ms: median(num(s.map((x) => x.publish_ms))),
    rss_before_mb: median(s.map((x) => x.rss_before_mb)),
    max_rss_mb: maxOf(s.map((x) => x.max_rss_mb)),
    categories: cats.length === 0 ? null : {
      requests: median(cats.map((c) => c.requests))!,
      failed: cats.reduce((a, c) => a + c.failed, 0),
      p50_ms: median(cats.map((c) => c.p50_ms))!,
      p99_ms: median(cats.map((c) => c.p99_ms))!,
      p99_ms_max: maxOf(cats.map((c) => c.p99_ms))!,
      max_ms: maxOf(cats.map((c) => c.max_ms))!,
    },
    transactions: tx.length === 0 ? null : {
      seeded: tx.at(-1)!.seeded, other_family_seeded: tx.at(-1)!.other_family_seeded, seed_ms: median(tx.map((t) => t.seed_ms))!,
      warmup: tx.at(-1)!.warmup,
      queries: tx.at(-1)!.queries.map((last) => {
        const qs = tx.flatMap((t) => t.queries.filter((q) => q.name === last.name));
        return {
          ...last,
          failed: sumOf(qs.map((q) => q.failed)), wrong_total: sumOf(qs.map((q) => q.wrong_total)), wrong_rows: sumOf(qs.map((q) => q.wrong_rows)),
          unmatched: sumOf(qs.map((q) => q.unmatched)), misordered: sumOf(qs.map((q) => q.misordered)), foreign: sumOf(qs.map((q) => q.foreign)),
          p50_ms: median(qs.map((q) => q.p50_ms))!, p99_ms: median(qs.map((q) => q.p99_ms))!, max_ms: maxOf(qs.map((q) => q.max_ms))!,
          sum_ms: median(qs.map((q) => q.sum_ms))!,
        };
      }),
    },
    stored: stored.length === 0 ? null : {
      content_bytes: stored.at(-1)!.content_bytes, rows_bytes: stored.at(-1)!.rows_bytes,
      rows_per_content_byte: median(stored.map((x) => x.rows_bytes / x.content_bytes))!,
    },
    parallel: s.flatMap((x) => (x.parallel ? [x.parallel] : [])).at(-1) ?? null,
    hostile: hostile.length === 0 ? null : hostile.at(-1)!.map((last) => {
      const bs = hostile.flatMap((h) => h.filter((b) => b.name === last.name));
      return {
        name: last.name, bytes: last.bytes,
        answers: [...new Set(bs.map((b) => `${b.status === 0 ? 'no answer' : b.status}${b.error ? ' ' + b.error : ''}`))],
        post_ms: median(bs.map((b) => b.post_ms))!, requests: median(bs.map((b) => b.requests))!, failed: sumOf(bs.map((b) => b.failed)),
        p50_ms: median(bs.map((b) => b.p50_ms))!, p99_ms: median(bs.map((b) => b.p99_ms))!, p99_ms_max: maxOf(bs.map((b) => b.p99_ms))!,
        max_ms: maxOf(bs.map((b) => b.max_ms))!,
      };
    }),
  };
}

export function summarize(setup: RunSetup, runs: readonly CaseRun[]): Summary {
  const ms = (name: string, round: number): number | null => {
    const r = runs.find((x) => x.name === name && x.round === round);
    return r && r.report && r.problems.length === 0 ? r.report.elapsed_ms : null;
  };
  const rounds = Array.from({ length: setup.rounds }, (_, i) => i + 1);
  const inputs = new Map(setup.inputs.map((i) => [i.name, i]));
  const cases = setup.cases.map((c): CaseSummary => {
    const mine = runs.filter((r) => r.name === c.name);
    const problems = [...new Set(mine.flatMap((r) => r.problems.map((p) => (setup.rounds > 1 ? `round ${r.round}: ${p}` : p))))];
    const reports = mine.map((r) => r.report);
    const got = reports.filter((r): r is CaseReport => r !== null);
    const last = got.at(-1) ?? null;
    const ok = mine.length > 0 && problems.length === 0 && got.length === reports.length;
    const med = ok ? median(got.map((r) => r.elapsed_ms)) : null;
    const floor = setup.cases.find((f) => f.group === c.group && f.role === 'floor' && f.input === c.input);
    const compared = floor !== undefined && ok && c.role !== 'check' && c.role !== 'server';
    const ratios = compared
      ? rounds.flatMap((n) => { const f = ms(floor.name, n), m = ms(c.name, n); return f !== null && m !== null ? [f / m] : []; })
      : [];
    const input = inputs.get(c.input);
    const server = c.role === 'server' ? serverSummary(got) : null;
    const rss = c.role === 'server' ? server?.max_rss_mb ?? null : maxOf(got.map((r) => r.max_rss_mb));
    return {
      name: c.name, group: c.group, role: c.role, what: c.what, input: c.input, status: ok ? 'ok' : 'FAILED', problems,
      median_ms: med,
      // The publish's time is not spent on the file's bytes: no MB/s for it; none either for a case
      // that reads no file, nor rows/s for the transactions case (its time is requests', not rows').
      mb_per_s: med === null || input === undefined || server?.publish_ms != null ? null : input.bytes / MB / (med / 1000),
      rows_per_s: med === null || last === null || server?.transactions != null || server?.hostile != null ? null : last.records / (med / 1000),
      peak_rss_mb: rss,
      ratio_to_floor: median(ratios),
      records: last?.records ?? null, header_included: last?.header_included ?? null, invalid_rows: last?.invalid_rows ?? null,
      server,
      rounds: reports,
    };
  });

  // Each group's engine against the fastest of its group's tokenizers, round by round.
  const comparisons: Partial<Record<Group, Comparison>> = {};
  for (const g of ['csv', 'ndjson'] as const) {
    const engine = setup.cases.find((c) => c.group === g && c.role === 'engine');
    const against = setup.cases.filter((c) => c.group === g && c.role === 'tokenizer').map((c) => c.name);
    if (engine === undefined || against.length === 0) continue;
    const perRound = rounds.flatMap((n) => {
      const e = ms(engine.name, n);
      const timed = against.flatMap((t) => { const m = ms(t, n); return m === null ? [] : [{ t, m }]; });
      if (e === null || timed.length === 0) return [];
      const best = timed.reduce((a, b) => (b.m < a.m ? b : a));
      return [{ round: n, fastest: best.t, ratio: best.m / e }];
    });
    comparisons[g] = { engine: engine.name, against, median: median(perRound.map((r) => r.ratio)), per_round: perRound };
  }

  const byName = (n: string) => cases.find((c) => c.name === n && c.status === 'ok');
  const below = (want: number, value: number | null | undefined): Target => ({ want: `< ${want}`, value: value ?? null, met: value == null ? null : value < want });
  const atMost = (want: number, value: number | null | undefined): Target => ({ want: `<= ${want}`, value: value ?? null, met: value == null ? null : value <= want });
  const atLeast = (want: number, value: number | null | undefined): Target => ({ want: `>= ${want}`, value: value ?? null, met: value == null ? null : value >= want });
  const csvEngine = cases.find((c) => c.group === 'csv' && c.role === 'engine' && c.status === 'ok');
  const corrupt = cases.find((c) => c.name === 'ndjson-corrupt');
  const post = byName('server-post-10mb')?.server;
  const publish = byName('server-publish-100k')?.server;
  const hostile = byName('server-hostile-upload')?.server?.hostile;
  const accountMonth = byName('server-transactions-1m')?.server?.transactions?.queries.find((q) => q.name === 'account-month');
  const startups = (byName('cli-startup')?.rounds ?? []).flatMap((r) => (r?.startup ? [r.startup] : []));
  // The compiled engine against the same pipeline from its sources, round by round (1 = as fast).
  const tsxRatios = rounds.flatMap((n) => { const a = ms('engine', n), b = ms('engine-tsx', n); return a !== null && b !== null ? [b / a] : []; });
  // A statement engine against its raw parser (or the XLSX against its CSV twin), round by round: raw time ÷ engine time.
  const pair = (raw: string, engine: string) => median(rounds.flatMap((n) => { const a = ms(raw, n), b = ms(engine, n); return a !== null && b !== null ? [a / b] : []; }));
  const inference = pair('engine-given', 'engine');
  const targets: Record<string, Target> = {
    engine_vs_fastest_tokenizer: atLeast(0.5, comparisons.csv?.median),
    camt_engine_vs_saxes: atLeast(0.5, pair('camt-saxes', 'camt-engine')),
    camt_engine_peak_rss_mb: below(200, byName('camt-engine')?.peak_rss_mb),
    ofx_engine_vs_scan: atLeast(0.5, pair('ofx-scan', 'ofx-engine')),
    ofx_engine_peak_rss_mb: below(200, byName('ofx-engine')?.peak_rss_mb),
    xlsx_engine_vs_csv: { want: 'reported', value: pair('xlsx-csv-engine', 'xlsx-engine'), met: null },
    xlsx_engine_peak_rss_mb: below(200, byName('xlsx-engine')?.peak_rss_mb),
    cli_check_vs_node_startup: atMost(2, median(startups.map((x) => x.ratio))),
    engine_compiled_vs_tsx: atLeast(0.95, median(tsxRatios)),
    // SPEC §2.14 "Cost": the CSV bench loses no more than 5% to inference (the layout given ÷ none given, same round).
    engine_inference_cost: atLeast(0.95, inference),
    engine_peak_rss_mb: below(150, csvEngine?.peak_rss_mb),
    engine_ndjson_vs_split_parse: atLeast(0.7, comparisons.ndjson?.median),
    engine_ndjson_peak_rss_mb: below(200, byName('engine-ndjson')?.peak_rss_mb),
    ndjson_corrupt_line_reported: {
      want: 'invalid_json on exactly the cut line, one transaction fewer, preflight fails',
      value: corrupt === undefined ? null : corrupt.status === 'ok', met: corrupt === undefined ? null : corrupt.status === 'ok',
    },
    server_post_10mb_ms: below(1500, post?.post_ms),
    server_post_10mb_peak_rss_mb: below(250, post?.max_rss_mb),
    server_publish_100k_ms: below(2000, publish?.publish_ms),
    server_publish_100k_pg_ms: below(3000, byName('server-publish-100k-pg')?.server?.publish_ms),
    categories_p99_ms_during_publish: below(100, publish?.categories?.p99_ms),
    stored_rows_per_content_byte: atMost(2, post?.stored?.rows_per_content_byte),
    // The worst body's p99 (each body's the median over rounds).
    categories_p99_ms_during_hostile_upload: below(100, hostile && hostile.length > 0 ? Math.max(...hostile.map((b) => b.p99_ms)) : null),
    transactions_page_p99_ms: below(20, accountMonth?.p99_ms),
  };

  return {
    machine: machine(), versions: setup.versions, mode: setup.mode, rounds: setup.rounds, mb: '1 MB = 10^6 bytes (throughput and RSS alike)',
    inputs: Object.fromEntries(setup.inputs.map((i) => [i.name, { ...i, counts_checked: i.expected !== null }])),
    cases,
    engine_options: cases.find((c) => c.group === 'csv' && c.role === 'engine')?.rounds.findLast((r) => r !== null)?.options ?? null,
    comparisons,
    engine_vs_fastest_tokenizer: { median: comparisons.csv?.median ?? null, per_round: comparisons.csv?.per_round ?? [] },
    targets,
    ok: cases.every((c) => c.status === 'ok'),
  };
}

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const fixed = (n: number | null, d: number) => (n === null ? '–' : n.toFixed(d));
const pad = (s: string, w: number, left = false) => (left ? s.padEnd(w) : s.padStart(w));

function countsText(c: CaseSummary): string {
  const last = c.rounds.findLast((r) => r !== null) ?? null;
  if (c.records === null || last === null) return '';
  if (c.group === 'csv') {
    if (c.role === 'engine' || c.name === 'engine-given') return `${int(c.records)} rows + header, ${int(c.invalid_rows ?? 0)} invalid`;
    const unit = c.role === 'floor' ? 'lines' : 'records';
    return `${int(c.records)} ${unit}${c.header_included ? ' (header included)' : ''}`;
  }
  if (c.group === 'ndjson') {
    const p = last.preflight;
    if (p === undefined) return `${int(c.records)} ${c.role === 'floor' ? 'lines' : 'records'}`;
    const types = Object.values(last.expected_record_counts ?? {}).filter((n) => n > 0).length;
    if (p.valid) return `${int(c.records)} records of ${types} types, preflight valid`;
    const first = p.errors[0];
    const codes = Object.entries(p.error_counts).map(([k, n]) => `${n} ${k}`).join(', ');
    return `${int(c.records)} lines; preflight failed: ${codes}${first ? ` (first: ${first.code} on line ${first.line === null ? '–' : int(first.line)})` : ''}`;
  }
  const v = last.server;
  if (v === undefined) return '';
  if (v.hostile !== undefined) {
    const h = c.server?.hostile ?? [];
    const answers = [...new Set(h.flatMap((b) => b.answers))];
    return `${h.length} bodies of ~4 MiB, answered ${answers.join(', ')}; ${int(h.reduce((a, b) => a + b.requests, 0))} GETs meanwhile, ` +
      `${h.reduce((a, b) => a + b.failed, 0)} failed; server RSS before ${fixed(c.server?.rss_before_mb ?? null, 1)} MB`;
  }
  if (v.parallel !== undefined) {
    const p = v.parallel;
    const ok = p.imports.filter((x) => x.status === 'complete' && x.transactions === x.rows && x.distinct === x.rows).length;
    return `${p.imports.length} imports, ${ok} complete with their rows once; ${int(c.records)} transactions; ${p.processes_used} of ${p.workers} workers took part`;
  }
  if (v.transactions !== undefined) {
    const x = c.server?.transactions ?? v.transactions;
    const failed = x.queries.reduce((a, q) => a + q.failed, 0);
    return `${int(x.seeded)} transactions seeded (+${int(x.other_family_seeded)} in another family), ` +
      `${x.queries.length} queries × ${int(x.queries[0]?.requests ?? 0)} GETs, ${failed} failed; server RSS before ${fixed(c.server?.rss_before_mb ?? null, 1)} MB`;
  }
  if (v.status !== 201) return `HTTP ${v.status} ${v.error ?? ''}`;
  if (c.name === 'server-publish-100k' || c.name === 'server-publish-100k-pg') {
    return `${int(v.transactions_in_db ?? 0)} transactions written, import ${v.import_status}; POST to 201 ${fixed(c.server?.post_ms ?? null, 0)} ms`;
  }
  return `201: ${int(v.stats?.rows_count ?? 0)} rows, ${int(v.stats?.invalid_rows_count ?? 0)} invalid; server RSS before ${fixed(c.server?.rss_before_mb ?? null, 1)} MB`;
}

function table(w: (l?: string) => void, head: string[], rows: string[][]): void {
  const widths = head.map((h, k) => Math.max(h.length, ...rows.map((r) => r[k]!.length)));
  const line = (r: string[]) => r.map((x, k) => pad(x, widths[k]!, k === 0 || k === r.length - 1)).join('  ').trimEnd();
  w(line(head));
  for (const r of rows) w(line(r));
}

function targetLine(t: Target, label: string, unit: string, digits: number, cmp: string): string {
  if (t.value === null || typeof t.value === 'boolean') return '';
  const want = Number(t.want.replace(/^[<>=\s]+/, ''));
  // cmp: '<' or '≤' for a limit, '≥' for a floor.
  const limit = cmp === '<' || cmp === '≤';
  let by = '';
  if (t.met === false) by = limit ? `, ${(t.value / want).toFixed(2)}× the limit` : `, ${(t.value / want * 100).toFixed(0)}% of the target`;
  return `${label}: ${t.value.toFixed(digits)}${unit} (target ${limit ? cmp : '≥'} ${want}${unit}: ${t.met ? 'met' : 'NOT met' + by})`;
}

export function printTable(s: Summary, out: NodeJS.WritableStream = process.stdout): void {
  const w = (line = '') => out.write(line + '\n');
  const m = s.machine;
  w(`machine  ${m.cpu}, ${m.cores} cores, ${(m.memory_gb).toFixed(1)} GB RAM, Node ${m.node}, ${m.platform}`);
  w(`versions ${Object.entries(s.versions).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  w(`rounds   ${s.rounds}, cases interleaved, one process per case; medians; peak RSS = max over rounds; ${s.mb}`);
  const inputLines = (name: string) => {
    const i = s.inputs[name];
    if (!i) return;
    w(`file     ${i.file}`);
    w(`         ${(i.bytes / MB).toFixed(1)} MB, ${i.describe}`);
    if (i.detail) w(`         ${i.detail}`);
    w(i.counts_checked
      ? `counts   checked against ${i.sidecar} before any speed is shown`
      : 'counts   NOT checked: a user file has no generator sidecar (each case shows what it counted)');
  };
  const failures = (cs: CaseSummary[]) => {
    for (const c of cs) if (c.status === 'FAILED') for (const p of c.problems.length ? c.problems : ['no report']) w(`  FAILED ${c.name}: ${p}`);
  };
  const t = s.targets;
  const lines = (...ls: string[]) => { for (const l of ls) if (l !== '') w(l); };

  const csv = s.cases.filter((c) => c.group === 'csv');
  if (csv.length > 0) {
    w();
    w('== CSV ==');
    inputLines('csv');
    if (s.engine_options !== null) w(`engine   options ${JSON.stringify(s.engine_options)}`);
    w();
    table(w, ['case', 'median ms', 'MB/s', 'rows/s', '× floor', 'peak RSS MB', 'counted'], csv.map((c) => c.status === 'ok'
      ? [c.name, fixed(c.median_ms, 0), fixed(c.mb_per_s, 1), int(c.rows_per_s ?? 0), c.ratio_to_floor === null ? '–' : fixed(c.ratio_to_floor, 3) + '×',
          fixed(c.peak_rss_mb, 1), countsText(c)]
      : [c.name, 'FAILED', '', '', '', fixed(c.peak_rss_mb, 1), countsText(c)]));
    failures(csv);
    w();
    const v = s.comparisons.csv;
    if (v && v.median !== null) {
      const wins = [...new Set(v.per_round.map((r) => r.fastest))].map((n) => `${n} in ${v.per_round.filter((r) => r.fastest === n).length}/${v.per_round.length}`);
      w(targetLine(t['engine_vs_fastest_tokenizer']!, `engine ÷ fastest tokenize-only parser (${wins.join(', ')} rounds)`, '×', 2, '≥'));
    }
    lines(targetLine(t['engine_peak_rss_mb']!, 'engine peak RSS', ' MB', 1, '<'));
    if (t['engine_inference_cost']!.value !== null) {
      w(targetLine(t['engine_inference_cost']!, 'engine with no options (inference) speed ÷ the same with the layout given (engine-given, same round)', '×', 3, '≥'));
    }
    if (t['engine_compiled_vs_tsx']!.value !== null) {
      w(targetLine(t['engine_compiled_vs_tsx']!, 'engine compiled (engine/dist) speed ÷ the same from its sources through tsx', '×', 2, '≥'));
    }
    const st = s.cases.find((c) => c.name === 'cli-startup' && c.status === 'ok')?.rounds.flatMap((r) => (r?.startup ? [r.startup] : [])) ?? [];
    if (st.length > 0) {
      w(targetLine(t['cli_check_vs_node_startup']!, '`sluice check` on a two-line file ÷ `node -e 0`', '×', 2, '≤'));
      w(`  (medians of ${st[0]!.runs} runs each in turn, per round: sluice ${st.map((x) => x.sluice_ms.toFixed(0)).join(', ')} ms; node -e 0 ${st.map((x) => x.node_ms.toFixed(0)).join(', ')} ms)`);
    }
  }

  const nd = s.cases.filter((c) => c.group === 'ndjson');
  if (nd.length > 0) {
    w();
    w('== NDJSON ==');
    inputLines('ndjson');
    const cut = s.inputs['ndjson-corrupt'];
    if (cut) w(`corrupt  ${cut.file}: ${cut.describe}`);
    w();
    const split = s.comparisons.ndjson;
    table(w, ['case', 'median ms', 'MB/s', 'lines/s', '× floor', 'peak RSS MB', 'counted'], nd.map((c) => c.status === 'ok'
      ? [c.name + (c.role === 'check' ? ' (1 round)' : ''), fixed(c.median_ms, 0), fixed(c.mb_per_s, 1), int(c.rows_per_s ?? 0),
          c.ratio_to_floor === null ? '–' : fixed(c.ratio_to_floor, 3) + '×', fixed(c.peak_rss_mb, 1), countsText(c)]
      : [c.name, 'FAILED', '', '', '', fixed(c.peak_rss_mb, 1), countsText(c)]));
    failures(nd);
    w();
    if (split && split.median !== null) {
      w(targetLine(t['engine_ndjson_vs_split_parse']!, `engine-ndjson ÷ line split + JSON.parse (same round, ${split.per_round.length} rounds)`, '×', 2, '≥'));
    }
    lines(targetLine(t['engine_ndjson_peak_rss_mb']!, 'engine-ndjson peak RSS', ' MB', 1, '<'));
    const cc = t['ndjson_corrupt_line_reported']!;
    if (cc.value !== null) {
      w(`corrupted line: ${cc.met ? `reported as invalid_json on exactly line ${int(Number(cut?.expected?.['line'] ?? 0))}, one transaction fewer counted, preflight failed (check: met)` : 'NOT reported as it should be (check: NOT met; see FAILED above)'}`);
    }
  }

  const st = s.cases.filter((c) => c.group === 'statements');
  if (st.length > 0) {
    w();
    w('== statements ==');
    for (const name of ['camt', 'ofx', 'xlsx', 'xlsx-csv']) {
      const i = s.inputs[name];
      if (i) w(`${name.padEnd(8)} ${i.file}, ${(i.bytes / MB).toFixed(1)} MB, ${i.describe}`);
    }
    w('counts   checked against each file\'s sidecar before any speed is shown');
    w();
    table(w, ['case', 'median ms', 'MB/s', 'rows/s', 'peak RSS MB', 'counted'], st.map((c) => c.status === 'ok'
      ? [c.name, fixed(c.median_ms, 0), fixed(c.mb_per_s, 1), int(c.rows_per_s ?? 0), fixed(c.peak_rss_mb, 1), `${int(c.records ?? 0)} ${c.role === 'tokenizer' ? 'records' : 'rows'}`]
      : [c.name, 'FAILED', '', '', fixed(c.peak_rss_mb, 1), '']));
    failures(st);
    w();
    lines(
      targetLine(t['camt_engine_vs_saxes']!, 'camt-engine speed ÷ saxes alone (same round)', '×', 2, '≥'),
      targetLine(t['camt_engine_peak_rss_mb']!, 'camt-engine peak RSS', ' MB', 1, '<'),
      targetLine(t['ofx_engine_vs_scan']!, 'ofx-engine speed ÷ the plain tag scan (same round)', '×', 2, '≥'),
      targetLine(t['ofx_engine_peak_rss_mb']!, 'ofx-engine peak RSS', ' MB', 1, '<'),
      targetLine(t['xlsx_engine_peak_rss_mb']!, 'xlsx-engine peak RSS', ' MB', 1, '<'),
    );
    const x = t['xlsx_engine_vs_csv']!;
    if (typeof x.value === 'number') w(`xlsx-engine speed ÷ the same rows as CSV (same round): ${x.value.toFixed(2)}× (reported; no target)`);
  }

  const sv = s.cases.filter((c) => c.group === 'server');
  if (sv.length > 0) {
    w();
    w('== server ==');
    w('server   the real server (start() from server/main.ts) in its own process per case, fresh SQLite file in a temp folder,');
    w('         rate limit off; the client (fetch + FormData) in the case process');
    for (const c of sv) {
      const i = s.inputs[c.input];
      if (i) w(`${c.name}: ${i.file}, ${(i.bytes / MB).toFixed(1)} MB, ${i.describe}`);
      else if (c.name === 'server-hostile-upload') w(`${c.name}: no file; ${HOSTILE_BODIES_TEXT}`);
      else if (c.input === 'none') w(`${c.name}: no file; the data seeded with SQL into the server's database (bench/seed-transactions.ts)`);
    }
    w();
    table(w, ['case', 'median ms', 'MB/s', 'rows/s', 'server peak RSS MB', 'counted'], sv.map((c) => c.status === 'ok'
      ? [c.name + (c.server?.transactions ? ' (1 round)' : ''), fixed(c.median_ms, 0), fixed(c.mb_per_s, 1), c.rows_per_s === null ? '–' : int(c.rows_per_s),
          fixed(c.peak_rss_mb, 1), countsText(c)]
      : [c.name, 'FAILED', '', '', fixed(c.peak_rss_mb, 1), countsText(c)]));
    w('(median ms: server-post-10mb = request start to the 201; server-publish-100k = the 201 to the worker finishing;');
    w(' server-hostile-upload = its 5 POSTs added up; server-transactions-1m = its timed GETs added up)');
    failures(sv);
    w();
    const stored = s.cases.find((c) => c.name === 'server-post-10mb' && c.status === 'ok')?.server?.stored;
    const postLines = [
      targetLine(t['server_post_10mb_ms']!, 'server-post-10mb, time to 201', ' ms', 0, '<'),
      targetLine(t['server_post_10mb_peak_rss_mb']!, 'server-post-10mb, server peak RSS', ' MB', 1, '<'),
      targetLine(t['stored_rows_per_content_byte']!, 'server-post-10mb, stored rows per content byte', '', 2, '≤'),
      stored ? `  (the import stores ${int(stored.content_bytes)} bytes of content and ${int(stored.rows_bytes)} bytes of row chunks)` : '',
      targetLine(t['server_publish_100k_ms']!, 'server-publish-100k, publish time', ' ms', 0, '<'),
      targetLine(t['server_publish_100k_pg_ms']!, 'server-publish-100k-pg, publish time on PostgreSQL', ' ms', 0, '<'),
    ];
    const parallel = s.cases.find((c) => c.name === 'server-publish-4x2-pg' && c.status === 'ok');
    if (parallel?.server?.parallel) {
      const p = parallel.server.parallel;
      postLines.push(`server-publish-4x2-pg: ${int(p.imports.reduce((n: number, x) => n + x.transactions, 0))} rows in 4 imports by ${p.workers} sluice workers ` +
        `(${p.processes_used} took part) in ${fixed(parallel.median_ms, 0)} ms (median): ${int(p.rows_per_s)} rows/s; every import complete, each row once`);
    }
    lines(...postLines);
    const cat = s.cases.find((c) => c.name === 'server-publish-100k' && c.status === 'ok')?.server?.categories;
    if (cat) {
      w(targetLine(t['categories_p99_ms_during_publish']!, 'GET /api/v1/categories during the publish, p99', ' ms', 1, '<'));
      w(`  (${int(cat.requests)} requests a round, one after another, ${cat.failed} failed; p50 ${cat.p50_ms.toFixed(1)} ms, ` +
        `p99 ${cat.p99_ms.toFixed(1)} ms (worst round ${cat.p99_ms_max.toFixed(1)} ms), max ${cat.max_ms.toFixed(1)} ms)`);
    }
    const hostile = s.cases.find((c) => c.name === 'server-hostile-upload' && c.status === 'ok')?.server?.hostile;
    if (hostile && hostile.length > 0) {
      w(targetLine(t['categories_p99_ms_during_hostile_upload']!, 'GET /api/v1/categories during a hostile 4 MiB upload, p99', ' ms', 1, '<'));
      const worst = hostile.reduce((a, b) => (b.p99_ms > a.p99_ms ? b : a));
      table(w, ['  body', 'bytes', 'POST ms', 'GETs', 'failed', 'p50 ms', 'p99 ms', 'worst round p99', 'max ms', 'answer'], hostile.map((b) => [
        `  ${b.name}`, int(b.bytes), fixed(b.post_ms, 0), int(b.requests), String(b.failed), fixed(b.p50_ms, 1), fixed(b.p99_ms, 1),
        fixed(b.p99_ms_max, 1), fixed(b.max_ms, 1), b.answers.join(', ') + (b === worst ? '  (worst)' : ''),
      ]));
      w(`  (per body, medians over ${s.rounds} round${s.rounds === 1 ? '' : 's'} of the POST's time, the GETs sent while it was in flight, one after another, and their p50 and p99)`);
    }
    const tx = s.cases.find((c) => c.name === 'server-transactions-1m' && c.status === 'ok')?.server?.transactions;
    if (tx) {
      if (cat || hostile || postLines.some((l) => l !== '')) w();
      w(`GET /api/v1/transactions over ${int(tx.seeded)} transactions (+${int(tx.other_family_seeded)} in another family; seeded in ` +
        `${(tx.seed_ms / 1000).toFixed(1)} s, untimed), per query ${tx.warmup} warm-up then ${int(tx.queries[0]?.requests ?? 0)} timed requests one after another:`);
      table(w, ['  query', 'p50 ms', 'p99 ms', 'max ms', 'total ms', 'total_count', 'expected', 'failed', 'path'], tx.queries.map((q) => [
        `  ${q.name}`, q.p50_ms.toFixed(1), q.p99_ms.toFixed(1), q.max_ms.toFixed(1), int(q.sum_ms),
        q.total_count === null ? '–' : int(q.total_count), int(q.expected), String(q.failed),
        q.path.replace('/api/v1/transactions', '').replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<id>'),
      ]));
      lines(targetLine(t['transactions_page_p99_ms']!, `GET /api/v1/transactions (account + month) over ${int(tx.seeded)}, p99`, ' ms', 1, '<'));
    }
  }
  if (!s.ok) w('\nFAILED: a case did not finish or counted something other than what its input holds; no speed of it is a result.');
}

export function printJson(s: Summary, out: NodeJS.WritableStream = process.stdout): void {
  out.write(JSON.stringify(s, null, 2) + '\n');
}
