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
  /** NDJSON engine: physical lines, the per-type counts and the preflight verdict (problems: the first 5 of each). */
  lines_count?: number;
  expected_record_counts?: Record<string, number>;
  preflight?: {
    valid: boolean;
    error_counts: Record<string, number>;
    warning_counts: Record<string, number>;
    errors: { code: string; line: number | null; message: string }[];
    warnings: { code: string; line: number | null; message: string }[];
  };
  /** cli-startup: medians of `node -e 0` and of `sluice check` on a two-line file, run in turn. */
  startup?: { runs: number; node_ms: number; sluice_ms: number; ratio: number };
  /** Server cases: what the server answered and measured (see bench/cases/server-*.ts). */
  server?: ServerFigures;
  /** Peak resident set size of the case's process: resourceUsage().maxRSS (KiB) in MB (10^6 bytes). */
  max_rss_mb: number;
}

export interface ServerFigures {
  /** POST cases: the POST's HTTP status and the ImportDetail stats of its answer. */
  status?: number;
  stats?: { rows_count: number; valid_rows_count: number; invalid_rows_count: number } | null;
  /** POST cases: an error body's code, when the POST was refused. */
  error?: string | null;
  /** POST cases: time from the request's start to the 201's body, in the client. */
  post_ms?: number;
  /**
   * The server process before what is measured (current RSS, and its peak so far) and its peak at
   * the end: before the POST, or (transactions case) after the seeding, before the first GET.
   */
  rss_before_mb: number;
  max_rss_before_mb: number;
  max_rss_mb: number;
  /** server-publish-4x2-pg: each import's rows, final status, rows stored and distinct identities, and which worker ran it. */
  parallel?: {
    imports: { rows: number; status: string; transactions: number; distinct: number; pid: string | undefined; attempts: number | undefined }[];
    workers: number;
    processes_used: number;
    rows_per_s: number;
  };
  /** Publish case: from the 201 to the worker's "finished", the import's final status, what it wrote. */
  publish_ms?: number;
  import_status?: string;
  summary_created?: number | null;
  transactions_in_db?: number;
  /** Publish case: GET /api/v1/categories issued one after another while the publish ran. */
  categories?: { requests: number; failed: number; p50_ms: number; p99_ms: number; max_ms: number };
  /** Transactions case: GET /api/v1/transactions over the seeded family (bench/cases/server-transactions.ts). */
  transactions?: TransactionsFigures;
  /**
   * server-post-10mb: what the 201's import keeps in the database (server-host's `storage` op):
   * its content's bytes and its row chunks' bytes (UTF-8 of their JSON).
   */
  stored?: { content_bytes: number; rows_bytes: number };
  /** server-hostile-upload: one entry per pathological body (bench/cases/server-hostile.ts). */
  hostile?: HostileBody[];
}

/** One pathological CSV body POSTed while GET /api/v1/categories runs one request after another. */
export interface HostileBody {
  name: string;
  /** Bytes of the body's file part. */
  bytes: number;
  /** The POST's HTTP status (0: no answer, the connection failed) and its error code, when refused. */
  status: number;
  error: string | null;
  /** From the POST's start to its answer read whole. */
  post_ms: number;
  /** GETs sent while the POST was in flight, and those not answered 200 (a connection error counts). */
  requests: number;
  failed: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
}

export interface TransactionsFigures {
  /** Transactions seeded into the queried family, and into the other family. */
  seeded: number;
  other_family_seeded: number;
  /** Seeding time in the server process (untimed in elapsed_ms). */
  seed_ms: number;
  /** Untimed requests before each query's timed ones. */
  warmup: number;
  queries: TransactionsQuery[];
}

/**
 * One query's figures. The answers of the warm-up requests are checked too: `failed` and the
 * wrong_* / unmatched / misordered / foreign counts cover every request made for the query.
 */
export interface TransactionsQuery {
  name: string;
  /** The path and query string requested. */
  path: string;
  /** pagination.total_count of the first timed answer (null when none was read), and the seeder's count. */
  total_count: number | null;
  expected: number;
  /** Transactions on the page of the first timed answer, and min(per_page, what is left at that page). */
  page_rows: number | null;
  expected_page_rows: number;
  /** Timed requests, and requests not answered 200 with a transactions page. */
  requests: number;
  failed: number;
  /** Answers whose total_count, or whose page size, was not the expected one. */
  wrong_total: number;
  wrong_rows: number;
  /** Transactions not matching the query's filter; pairs not ordered by date, then id, descending; transactions of an account outside the family. */
  unmatched: number;
  misordered: number;
  foreign: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
  /** The timed requests added up. */
  sum_ms: number;
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

/**
 * `needsFile` false: a case that reads no file (it makes its own data) may be given none; its
 * `file` is then '' (bench/run.ts passes '' for the input 'none').
 */
export function caseArgs(argv: readonly string[] = process.argv.slice(2), needsFile = true): CaseArgs {
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
  if (file === null && needsFile) usage('missing <file>');
  return { file: file ?? '', options };
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
