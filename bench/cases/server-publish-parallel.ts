// server-publish-4x2-pg: four imports published at once by two workers on one PostgreSQL database
// (SPEC §3.13). The server runs HTTP only (PUBLISH_WORKER=false, bench/server-host.ts); two
// `sluice worker` processes (server/worker-main.ts) publish. The file's rows are split into four
// imports, each of a family of its own (one family's publishes take turns: store/pg/jobs.ts) and
// into an account of its own, stored first; then the four publishes are queued at once and timed until GET /imports/:id says every one is complete (polled every 20 ms). Counted
// afterwards straight from the database: each import's transactions rows, and how many distinct
// identities they hold (a row written twice would show as fewer distinct than rows).
//
//   DATABASE_URL=postgres://… node --import tsx bench/cases/server-publish-parallel.ts <clean.csv>

import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { caseArgs, emit } from '../case-io.ts';
import { startServer } from '../server-client.ts';

const IMPORTS = 4;
const WORKERS = 2;
const { file } = caseArgs();
const url = process.env['DATABASE_URL'];
if (!url) throw new Error('server-publish-4x2-pg needs DATABASE_URL');

function worker(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('../../server/worker-main.ts', import.meta.url))], {
    env: { ...process.env, DATABASE_URL: url }, stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      if (out.includes('sluice worker publishing')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`sluice worker exited (${code}) before it started`)));
  });
}

const server = await startServer({ PUBLISH_WORKER: 'false', DATABASE_URL: url });
const workers: ChildProcess[] = [];
const sql = new pg.Client({ connectionString: url });
try {
  for (let i = 0; i < WORKERS; i++) workers.push(await worker());
  await sql.connect();
  const [header, ...lines] = readFileSync(file, 'utf8').split('\n').filter((l) => l !== '');
  const per = Math.ceil(lines.length / IMPORTS);
  const ids: string[] = [];
  const keys: string[] = [];
  const rows: number[] = [];
  for (let i = 0; i < IMPORTS; i++) {
    const part = lines.slice(i * per, (i + 1) * per);
    const key = await server.newFamily();
    const form = new FormData();
    form.set('date_format', '%Y-%m-%d');
    form.set('account_id', await server.createAccount(`Parallel ${i}`, key));
    form.set('file', new Blob([[header, ...part].join('\n') + '\n'], { type: 'text/csv' }), `part-${i}.csv`);
    const res = await fetch(server.url + '/api/v1/imports', { method: 'POST', body: form, headers: { 'X-Api-Key': key } });
    const body = (await res.json()) as { data?: { id: string } };
    if (res.status !== 201 || !body.data) throw new Error(`POST /imports answered ${res.status}`);
    ids.push(body.data.id);
    keys.push(key);
    rows.push(part.length);
  }
  const before = await server.rss();
  const t0 = performance.now();
  await Promise.all(ids.map(async (id, i) => {
    const r = await fetch(`${server.url}/api/v1/imports/${id}/publish`, { method: 'POST', headers: { 'X-Api-Key': keys[i]! } });
    if (r.status !== 202) throw new Error(`POST /imports/${id}/publish answered ${r.status}`);
  }));
  const statuses = new Map<string, string>();
  const deadline = Date.now() + 10 * 60_000;
  while (statuses.size < ids.length && Date.now() < deadline) {
    for (const [i, id] of ids.entries()) {
      if (statuses.has(id)) continue;
      const d = (await (await fetch(`${server.url}/api/v1/imports/${id}`, { headers: { 'X-Api-Key': keys[i]! } })).json()) as { data: { status: string; status_detail: { terminal: boolean } } };
      if (d.data.status_detail.terminal) statuses.set(id, d.data.status);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const elapsed = performance.now() - t0;
  const imports = [];
  for (const [i, id] of ids.entries()) {
    const c = await sql.query('SELECT count(*)::int AS n, count(DISTINCT identity)::int AS d FROM transactions WHERE import_id = $1', [id]);
    const jobs = await sql.query("SELECT split_part(runner, ':', 1) AS pid, attempts FROM jobs WHERE import_id = $1 AND kind = 'publish'", [id]);
    imports.push({ rows: rows[i]!, status: statuses.get(id) ?? 'not terminal', transactions: c.rows[0].n, distinct: c.rows[0].d, pid: jobs.rows[0]?.pid, attempts: jobs.rows[0]?.attempts });
  }
  const total = imports.reduce((n, x) => n + x.transactions, 0);
  emit({
    case: 'server-publish-4x2-pg', file, elapsed_ms: elapsed, bytes: null, records: total, header_included: false, invalid_rows: null,
    server: { rss_before_mb: before.rss_mb, max_rss_before_mb: before.max_rss_mb, max_rss_mb: (await server.rss()).max_rss_mb, parallel: { imports, workers: WORKERS, processes_used: new Set(imports.map((x) => x.pid)).size, rows_per_s: total / (elapsed / 1000) } },
  });
} finally {
  for (const w of workers) w.kill('SIGTERM');
  await sql.end().catch(() => {});
  await server.close();
}
