// `sluice check <file|-> [options]` (SPEC §4): runs the engine over a file without a server.
// Options are the API field names in kebab-case plus --encoding and --today. Output: a human
// summary (what was understood, then what was found; progress bar on stderr when it is a
// terminal), --json for the whole-file result as one object, --rows for every row as a JSON line
// (with --json as well, the result follows the rows). Without --type the type is detected from the
// file's first bytes. Exit 0 when every row is valid, 1 when some are not, 2 when the file cannot
// be read as a table or the options are wrong.

import { createReadStream, statSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { optionsFor, detectFileType, DETECT_BYTES, type FileTypeGuess, SluiceError, IMPORT_TYPE_ENTRIES, normalizeOptions, OPTION_NAMES, type NormalizedOptions, type UncheckedImportOptions, PipelineReader, inferred, type FileResult } from 'sluice';
import { parseArgs, type ParsedArgs } from './args.ts';
import { checkJob, cliSpelling, type CheckJob } from './jobs.ts';

/** The engine's options in CLI spelling (`date_col_label` → `--date-col-label`). */
const VALUE_OPTIONS = OPTION_NAMES.map((o) => o.replace(/_/g, '-'));
const FLAGS = ['json', 'rows', 'help'] as const;

const TYPES = Object.values(IMPORT_TYPE_ENTRIES).map((e) => `                              ${e.type.padEnd(18)} ${e.summary}`).join('\n');

export const CHECK_USAGE = `usage: sluice check <file|-> [options]

  --type T                    the import type; detected from the file when absent:
${TYPES}
  --date-col-label H …        column labels (also amount, name, category, tags, notes, account, qty,
                              ticker, price, entity-type, currency, exchange-operating-mic, inflow, outflow);
                              a label may be a position: '#3' (found from headers and cells when absent)
  --date-format F             e.g. %d/%m/%Y (inferred when absent)
  --number-format F           1,234.56 | 1.234,56 | 1 234,56 | 1,234 (inferred when absent)
  --signage-convention S      inflows_positive | inflows_negative
  --col-sep C                 , ; tab |   (sniffed when absent)
  --amount-type-strategy S    signed_amount | custom_column (with --amount-type-inflow-value V)
  --rows-to-skip N            physical lines before the header (the header is searched for when absent)
  --column-names a,b,c        names for a file without a header row
  --encoding E                utf-8, utf-16le, windows-1250, windows-1251, windows-1252, … (detected when absent)
  --sheet S                   an XLSX workbook's sheet: its name or 1-based number (the first when absent)
  --today YYYY-MM-DD          the day the date range check ends at (plus one day)
  --json                      print the whole-file result as JSON
  --rows                      print every row as a JSON line

exit status: 0 every row valid, 1 some rows invalid, 2 the file or the options cannot be used`;

export interface CliIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  stdin: Readable;
}

function toOptions(args: ParsedArgs): UncheckedImportOptions {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(args.values)) out[k.replace(/-/g, '_')] = v;
  return out;
}

function errorOut(io: CliIo, json: boolean, e: SluiceError): number {
  if (json) {
    io.stdout.write(JSON.stringify({ error: e.toJSON() }) + '\n');
  } else {
    const where = e.line !== null ? ` (line ${e.line})` : '';
    io.stderr.write(`error ${e.code}${where}: ${cliSpelling(e.message)}\n`);
  }
  return 2;
}

/**
 * The first bytes of a stream (up to DETECT_BYTES, or all of it), and the whole stream again: what
 * was read is handed on first.
 */
async function peek(input: AsyncIterable<Uint8Array>): Promise<{ head: Uint8Array; ended: boolean; stream: AsyncIterable<Uint8Array> }> {
  const it = input[Symbol.asyncIterator]();
  const held: Uint8Array[] = [];
  let bytes = 0;
  let ended = false;
  while (bytes < DETECT_BYTES) {
    const next = await it.next();
    if (next.done) { ended = true; break; }
    held.push(next.value);
    bytes += next.value.length;
  }
  const head = new Uint8Array(bytes);
  let at = 0;
  for (const b of held) { head.set(b, at); at += b.length; }
  async function* stream(): AsyncGenerator<Uint8Array> {
    yield* held;
    if (ended) return;
    for (let next = await it.next(); !next.done; next = await it.next()) yield next.value;
  }
  return { head: head.subarray(0, DETECT_BYTES), ended, stream: stream() };
}

class Progress {
  private last = 0;
  private bytes = 0;
  constructor(private readonly io: CliIo, private readonly total: number | null) {}
  add(n: number): void {
    this.bytes += n;
    const now = Date.now();
    if (now - this.last < 100) return;
    this.last = now;
    const width = Math.max(10, Math.min(40, (this.io.stderr.columns ?? 80) - 40));
    const mb = (this.bytes / 1048576).toFixed(1);
    if (this.total) {
      const f = Math.min(1, this.bytes / this.total);
      const bar = '█'.repeat(Math.round(f * width)).padEnd(width, '░');
      this.io.stderr.write(`\r${bar} ${(f * 100).toFixed(0).padStart(3)}% ${mb} MB`);
    } else {
      this.io.stderr.write(`\r${mb} MB read`);
    }
  }
  done(): void {
    if (this.last > 0) this.io.stderr.write('\r\x1b[K');
  }
}

export async function runCheck(argv: string[], io: CliIo): Promise<number> {
  let args: ParsedArgs;
  const wantsJson = argv.includes('--json');
  try {
    args = parseArgs(argv, VALUE_OPTIONS, FLAGS);
  } catch (e) {
    if (e instanceof SluiceError) return errorOut(io, wantsJson, e);
    throw e;
  }
  if (args.flags.has('help')) {
    io.stdout.write(CHECK_USAGE + '\n');
    return 0;
  }
  const json = args.flags.has('json');
  const rows = args.flags.has('rows');
  if (args.positionals.length !== 1) {
    return errorOut(io, json, new SluiceError('OPT_INVALID_VALUE', 'give exactly one file to check (or - for standard input)\n' + CHECK_USAGE));
  }
  const file = args.positionals[0]!;

  let opts: NormalizedOptions;
  try {
    opts = normalizeOptions(toOptions(args));
  } catch (e) {
    if (e instanceof SluiceError) return errorOut(io, json, e);
    throw e;
  }

  let input: Readable;
  let total: number | null = null;
  if (file === '-') {
    input = io.stdin;
  } else {
    try {
      total = statSync(file).size;
    } catch (e) {
      return errorOut(io, json, new SluiceError('OPT_FILE_UNREADABLE', `cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`));
    }
    input = createReadStream(file);
  }

  // Without --type, the file's first bytes say what it is.
  let source: AsyncIterable<Uint8Array> = input;
  let guess: FileTypeGuess | null = null;
  if (!opts.type_given) {
    try {
      const peeked = await peek(input);
      source = peeked.stream;
      guess = detectFileType(peeked.head, peeked.ended);
      opts = optionsFor(opts, guess, true);
    } catch (e) {
      if (e instanceof SluiceError) return errorOut(io, json, e);
      throw e;
    }
  }
  const job: CheckJob<unknown, unknown> = checkJob(opts);

  const progress = io.stderr.isTTY && !rows ? new Progress(io, total) : null;
  const counted = progress
    ? counting(source, (n) => progress.add(n))
    : source;

  const reader = new PipelineReader(counted, job.pipeline);
  let result: unknown;
  try {
    if (rows) {
      for await (const batch of reader.batches()) {
        let text = '';
        for (const r of batch) text += JSON.stringify(job.row(r)) + '\n';
        if (!io.stdout.write(text)) await new Promise((res) => io.stdout.once('drain', res));
      }
    }
    result = await reader.result();
  } catch (e) {
    progress?.done();
    if (e instanceof SluiceError) return errorOut(io, json, e);
    throw e;
  }
  progress?.done();
  if (guess !== null && typeof result === 'object' && result !== null && 'inferred' in result) {
    (result as FileResult).inferred.type = inferred((result as FileResult).type, guess.evidence);
  }
  if (json) io.stdout.write(JSON.stringify(job.json(result)) + '\n');
  else if (!rows) io.stdout.write(job.human(result));
  return job.exit(result);
}

async function* counting(source: AsyncIterable<Uint8Array>, add: (n: number) => void): AsyncGenerator<Uint8Array> {
  for await (const chunk of source) {
    add(chunk.length);
    yield chunk;
  }
}
