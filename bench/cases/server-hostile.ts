// server-hostile-upload: pathological ~4 MiB CSV bodies POSTed to the real server (in its own
// process, bench/server-host.ts, MAX_CSV_BYTES 20,000,000 so that none is refused for its size)
// while GET /api/v1/categories is sent one request after another (SPEC: "no request holds the event
// loop long enough to delay others noticeably"). Reads no file: the bodies are made in memory.
//
// Untimed first: one POST of a small valid CSV (1,000 rows made in memory), so that the first
// hostile body does not pay for the server's cold start (its JIT, the import path's first run).
// Then for each body, in turn on the same server: 20 untimed warm-up GETs, then the POST (multipart,
// `type=TransactionImport` before the `file` part, no other option) and, from the moment it is
// sent until its answer has been read whole, GETs one after another (each waits for the previous
// answer, body read whole), every latency recorded, a GET not answered 200 (or not answered at
// all) counted as failed. Any 201 or 422 is an acceptable answer to the POST: the body is hostile,
// not a statement; a 5xx or a connection error is a failure (run.ts checks).
//
// elapsed_ms is the POSTs' times added up; records is the number of bodies.
//
//   node --import tsx bench/cases/server-hostile.ts

import { caseArgs, emit, type HostileBody } from '../case-io.ts';
import { percentile, startServer } from '../server-client.ts';

const MIB = 1024 * 1024;
const SIZE = 4 * MIB;
const WARMUP = 20;
/** Longer than any POST should take; a POST that never answers is a failure, not a hang. */
const TIMEOUT_MS = 5 * 60_000;

/** `unit` repeated as many whole times as fit in `size` bytes (after `head`). */
const repeat = (unit: string, size = SIZE, head = '') => head + unit.repeat(Math.floor((size - head.length) / unit.length));

/** The bodies, in the order they are sent. */
const BODIES: { name: string; what: string; text: () => string }[] = [
  { name: 'quotes', what: '`a"` repeated', text: () => repeat('a"') },
  { name: 'blank-lines', what: '`\\r` repeated', text: () => repeat('\r') },
  { name: 'quote-newline', what: '`"\\n` repeated', text: () => repeat('"\n') },
  { name: 'one-long-line', what: '`01/02/2024,` repeated (one line of ~380,000 fields)', text: () => repeat('01/02/2024,') },
  { name: 'doubled-quotes', what: '`"` then `""` repeated', text: () => repeat('""', SIZE, '"') },
];

interface Answer { error?: string }

/** The untimed warm-up upload: a plain bank CSV, 1,000 rows. */
const warmupCsv = () => 'Date,Amount,Name\n' + Array.from({ length: 1000 }, (_, i) =>
  `2024-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')},-${1 + (i % 97)}.${String(i % 100).padStart(2, '0')},Coffee shop ${i % 13}\n`).join('');

const { file } = caseArgs(process.argv.slice(2), false);
const server = await startServer({ MAX_CSV_BYTES: '20000000' });
const timeout = setTimeout(() => {
  process.stderr.write(`a hostile upload did not answer within ${TIMEOUT_MS / 1000} s\n`);
  process.exit(1);
}, TIMEOUT_MS * BODIES.length);
try {
  const categories = server.url + '/api/v1/categories';
  /** One GET, body read whole: its latency and whether it was answered 200. */
  const get = async (): Promise<{ ms: number; ok: boolean }> => {
    const t = performance.now();
    try {
      const r = await fetch(categories, { headers: server.headers });
      await r.arrayBuffer();
      return { ms: performance.now() - t, ok: r.status === 200 };
    } catch {
      return { ms: performance.now() - t, ok: false };
    }
  };
  {
    const form = new FormData();
    form.set('type', 'TransactionImport');
    form.set('file', new Blob([warmupCsv()], { type: 'text/csv' }), 'warmup.csv');
    const res = await fetch(server.url + '/api/v1/imports', { method: 'POST', body: form, headers: server.headers });
    const text = await res.text();
    if (res.status !== 201) process.stderr.write(`server-hostile-upload: the warm-up upload answered ${res.status}: ${text.slice(0, 200)}\n`);
  }
  const before = await server.rss();
  const bodies: HostileBody[] = [];
  let elapsed = 0;
  for (const b of BODIES) {
    const bytes = new TextEncoder().encode(b.text());
    for (let i = 0; i < WARMUP; i++) await get();
    const form = new FormData();
    form.set('type', 'TransactionImport');
    form.set('file', new Blob([bytes], { type: 'text/csv' }), `${b.name}.csv`);
    let done = false;
    const t0 = performance.now();
    const post = (async () => {
      try {
        const res = await fetch(server.url + '/api/v1/imports', { method: 'POST', body: form, headers: server.headers });
        const text = await res.text();
        let error: string | null = null;
        try {
          error = (JSON.parse(text) as Answer).error ?? null;
        } catch {
          error = res.status === 201 ? null : `(not JSON: ${text.slice(0, 80)})`;
        }
        return { status: res.status, error, ms: performance.now() - t0 };
      } catch (e) {
        return { status: 0, error: `connection: ${(e as Error).message}`, ms: performance.now() - t0 };
      } finally {
        done = true;
      }
    })();
    const latencies: number[] = [];
    let failed = 0;
    do {
      const g = await get();
      latencies.push(g.ms);
      if (!g.ok) failed++;
    } while (!done);
    const answer = await post;
    elapsed += answer.ms;
    latencies.sort((x, y) => x - y);
    bodies.push({
      name: b.name, bytes: bytes.length, status: answer.status, error: answer.error, post_ms: answer.ms,
      requests: latencies.length, failed,
      p50_ms: percentile(latencies, 50), p99_ms: percentile(latencies, 99), max_ms: latencies[latencies.length - 1]!,
    });
    process.stderr.write(`server-hostile-upload: ${b.name} ${answer.status} ${answer.error ?? ''} in ${answer.ms.toFixed(0)} ms, ` +
      `${latencies.length} GETs, p99 ${percentile(latencies, 99).toFixed(1)} ms\n`);
  }
  const after = await server.rss();
  emit({
    case: 'server-hostile-upload', file, elapsed_ms: elapsed, bytes: null,
    records: bodies.length, header_included: false, invalid_rows: null,
    server: { rss_before_mb: before.rss_mb, max_rss_before_mb: before.max_rss_mb, max_rss_mb: after.max_rss_mb, hostile: bodies },
  });
} finally {
  clearTimeout(timeout);
  await server.close();
}
