// The child side of a bench case: reads `<file> [--json-options '{...}']` from argv and prints one
// JSON line (a CaseReport) on stdout, which bench/run.ts parses. A case only measures and counts;
// checking the counts against the generator's sidecar is the orchestrator's job.
//
//   const { file, options } = caseArgs();
//   const t0 = performance.now();            // before the file is opened
//   ...stream and count...
//   emit({ case: 'x', elapsed_ms: performance.now() - t0, records, header_included: true, ... });

export interface CaseReport {
  case: string;
  file: string;
  /** Wall time from just before the file is opened to the last record counted. */
  elapsed_ms: number;
  /** Bytes the case read from the file (fs.ReadStream#bytesRead), or null when it cannot see the stream. */
  bytes: number | null;
  /** Records (or lines) the case counted. */
  records: number;
  /** Whether `records` counts the header line as a record. */
  header_included: boolean;
  /** Invalid rows, where the case can know (the engine); null otherwise. */
  invalid_rows: number | null;
  /** The engine's whole-file result: rows_count and the 1-based header line (null when none). */
  rows_count?: number;
  header_line?: number | null;
  /** The options the case ran with, when it takes any. */
  options?: Record<string, unknown>;
  /** Peak resident set size of the case's process: resourceUsage().maxRSS (KiB) in MB (10^6 bytes). */
  max_rss_mb: number;
}

// A case that cannot finish (the engine refusing a user's file, say) exits 1 with one line the
// orchestrator can show: the error's code when it has one, and its message.
process.on('uncaughtException', (e: Error & { code?: unknown }) => {
  process.stderr.write(`${typeof e.code === 'string' ? e.code : e.name}: ${e.message}\n`);
  process.exit(1);
});

export interface CaseArgs {
  file: string;
  options: Record<string, unknown>;
}

export function caseArgs(argv: readonly string[] = process.argv.slice(2)): CaseArgs {
  let file: string | null = null;
  let options: Record<string, unknown> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--json-options') {
      const parsed: unknown = JSON.parse(argv[++i] ?? 'null');
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) usage('--json-options takes a JSON object');
      options = parsed as Record<string, unknown>;
    } else if (a.startsWith('--')) usage(`unknown option ${a}`);
    else if (file === null) file = a;
    else usage(`unexpected argument ${a}`);
  }
  if (file === null) usage('missing <file>');
  return { file, options };
}

function usage(problem: string): never {
  process.stderr.write(`${problem}\nusage: node --import tsx bench/cases/<case>.ts <file> [--json-options '{...}']\n`);
  process.exit(2);
}

/** The column separator to hand a tokenizer when the user named one (engine spelling: `tab` or `\t`). */
export function colSep(options: Record<string, unknown>): string | null {
  const v = options['col_sep'];
  if (typeof v !== 'string' || v === '') return null;
  return v === 'tab' || v === '\\t' ? '\t' : v;
}

export function emit(report: Omit<CaseReport, 'max_rss_mb'>): void {
  const max_rss_mb = (process.resourceUsage().maxRSS * 1024) / 1e6;
  process.stdout.write(JSON.stringify({ ...report, max_rss_mb }) + '\n');
}
