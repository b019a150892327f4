// server-post-10mb: one CSV upload to the real server, timed to its 201. The server runs in a
// process of its own (bench/server-host.ts: start() from server/main.ts on a fresh SQLite file),
// so its peak RSS is the server's alone. The file is read into memory before the clock starts and
// sent as a multipart `file` part with fetch + FormData (with `date_format`, the generator's). The
// clock runs from the request's start to the 201's body, read whole: upload, streaming parse,
// rows and mappings stored, answer. The server's RSS is taken before the POST and its peak
// (resourceUsage().maxRSS) after it; the process is fresh, so that peak is the POST's unless start
// itself peaked higher (then rss_before/max_rss_before show it). After a 201, the server-host's
// `storage` op reads what the import keeps (SPEC: stored rows take at most twice the bytes of their
// content): the bytes of its import_contents and of its import_row_chunks' JSON.
//
//   node --import tsx bench/cases/server-post.ts <file.csv>

import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { caseArgs, emit } from '../case-io.ts';
import { startServer } from '../server-client.ts';

interface Detail { data?: { id: string; stats: { rows_count: number; valid_rows_count: number; invalid_rows_count: number } }; error?: string; message?: string }

const { file } = caseArgs();
const server = await startServer();
try {
  const bytes = readFileSync(file);
  const form = new FormData();
  form.set('date_format', '%Y-%m-%d');
  form.set('file', new Blob([bytes], { type: 'text/csv' }), basename(file));
  const before = await server.rss();
  const t0 = performance.now();
  const res = await fetch(server.url + '/api/v1/imports', { method: 'POST', body: form, headers: server.headers });
  const body = (await res.json()) as Detail;
  const postMs = performance.now() - t0;
  const after = await server.rss();
  const stats = body.data?.stats ?? null;
  const stored = res.status === 201 && body.data !== undefined ? await server.storage(body.data.id) : undefined;
  emit({
    case: 'server-post-10mb', file, elapsed_ms: postMs, bytes: bytes.length,
    records: stats?.rows_count ?? 0, header_included: false, invalid_rows: stats?.invalid_rows_count ?? null,
    server: {
      status: res.status, stats, error: body.error ?? null, post_ms: postMs,
      rss_before_mb: before.rss_mb, max_rss_before_mb: before.max_rss_mb, max_rss_mb: after.max_rss_mb,
      ...(stored ? { stored } : {}),
    },
  });
} finally {
  await server.close();
}
