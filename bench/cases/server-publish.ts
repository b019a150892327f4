// server-publish-100k: a CSV of clean rows POSTed with an account_id and publish "true", then the
// publish timed from the 201 to the moment the worker thread reports the job finished
// (running.worker.onFinished in the server process, relayed with its timestamp; both sides use
// performance.timeOrigin + now(), the same clock). The server runs in its own process
// (bench/server-host.ts) on a fresh SQLite file; the account for account_id is created through the
// API first (POST /api/v1/accounts).
//
// While the publish runs, GET /api/v1/categories is sent one request after another (each waits for
// the previous answer, body read whole) and every latency recorded: the HTTP side must stay
// responsive while the worker writes. Afterwards GET /api/v1/imports/:id gives the final status
// and summary, and the server counts the transactions rows carrying the import's id.
//
//   node --import tsx bench/cases/server-publish.ts <clean.csv>

import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { caseArgs, emit } from '../case-io.ts';
import { percentile, startServer } from '../server-client.ts';

interface Detail {
  data?: {
    id: string; status: string;
    stats: { rows_count: number; valid_rows_count: number; invalid_rows_count: number };
    summary?: Record<string, { created: number; updated: number; skipped: number }>;
  };
  error?: string;
}

/** Longer than any publish should take; a job that never reports is a failure, not a hang. */
const TIMEOUT_MS = 10 * 60_000;

const { file } = caseArgs();
const server = await startServer();
try {
  const accountId = await server.createAccount();
  const bytes = readFileSync(file);
  const form = new FormData();
  form.set('date_format', '%Y-%m-%d');
  form.set('account_id', accountId);
  form.set('publish', 'true');
  form.set('file', new Blob([bytes], { type: 'text/csv' }), basename(file));
  const before = await server.rss();
  const t0 = performance.now();
  const res = await fetch(server.url + '/api/v1/imports', { method: 'POST', body: form, headers: server.headers });
  const body = (await res.json()) as Detail;
  const t201 = performance.now();
  const postMs = t201 - t0;
  const stats = body.data?.stats ?? null;
  const figures = {
    status: res.status, stats, error: body.error ?? null, post_ms: postMs,
    rss_before_mb: before.rss_mb, max_rss_before_mb: before.max_rss_mb, max_rss_mb: 0,
  };
  if (res.status !== 201 || body.data === undefined) {
    figures.max_rss_mb = (await server.rss()).max_rss_mb;
    emit({ case: 'server-publish-100k', file, elapsed_ms: postMs, bytes: bytes.length, records: 0, header_included: false, invalid_rows: null, server: figures });
  } else {
    const importId = body.data.id;
    let done = false;
    const finished = server.finished(importId).then((at) => {
      done = true;
      return at;
    });
    const timeout = setTimeout(() => {
      process.stderr.write(`the publish of ${importId} did not finish within ${TIMEOUT_MS / 1000} s\n`);
      process.exit(1);
    }, TIMEOUT_MS);
    const latencies: number[] = [];
    let failed = 0;
    do {
      const t = performance.now();
      const r = await fetch(server.url + '/api/v1/categories', { headers: server.headers });
      await r.arrayBuffer();
      latencies.push(performance.now() - t);
      if (r.status !== 200) failed++;
    } while (!done);
    const finishedAt = await finished;
    clearTimeout(timeout);
    const publishMs = finishedAt - (performance.timeOrigin + t201);
    const after = await server.rss();
    const final = (await (await fetch(`${server.url}/api/v1/imports/${importId}`, { headers: server.headers })).json()) as Detail;
    const written = await server.transactionsOf(importId);
    latencies.sort((a, b) => a - b);
    emit({
      case: 'server-publish-100k', file, elapsed_ms: publishMs, bytes: bytes.length,
      records: written, header_included: false, invalid_rows: stats?.invalid_rows_count ?? null,
      server: {
        ...figures, max_rss_mb: after.max_rss_mb, publish_ms: publishMs, import_status: final.data?.status ?? `(${final.error})`,
        summary_created: final.data?.summary?.['transactions']?.created ?? null, transactions_in_db: written,
        categories: {
          requests: latencies.length, failed,
          p50_ms: percentile(latencies, 50), p99_ms: percentile(latencies, 99), max_ms: latencies[latencies.length - 1]!,
        },
      },
    });
  }
} finally {
  await server.close();
}
