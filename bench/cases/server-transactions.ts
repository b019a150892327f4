// server-transactions-1m: GET /api/v1/transactions on a family holding 1,000,000 transactions, over
// real HTTP against the real server in its own process (bench/server-host.ts). Reads no file.
//
// Untimed first: the server-host's `seed` op (bench/seed-transactions.ts) writes 1,000,000
// transactions over 3 accounts (60/30/10 %) into the key's family and 100,000 into a second family,
// straight into the server's database, and returns the ids it made and each query's expected
// total_count, counted while it drew the rows. Then, query by query, 20 warm-up requests and 300
// timed ones, one after another (each waits for the previous answer, body read whole); a latency is
// from the request's start to the last byte of its body. Every answer (the warm-up ones too) is
// checked outside the timing: 200, pagination.total_count = the seeder's count, the page holds
// min(per_page, what is left at that page) transactions, each matching the query's filter, ordered
// by date then id descending, and none on an account outside the family (the other family's rows).
//
// elapsed_ms is the timed requests added up; records is the number of transactions seeded into the
// queried family.
//
//   node --import tsx bench/cases/server-transactions.ts

import { randomUUID } from 'node:crypto';
import { caseArgs, emit, type TransactionsQuery } from '../case-io.ts';
import { MERCHANTS, type SeedFilter } from '../seed-transactions.ts';
import { percentile, startServer } from '../server-client.ts';

const ROWS = 1_000_000;
const OTHER_ROWS = 100_000;
const SEED = 20241122;
const WARMUP = 20;
const TIMED = 300;
const PER_PAGE_DEFAULT = 25;
/** Part of one merchant's name, as a user would type it. */
const SEARCH = 'bottle';

interface Query {
  name: string;
  filter: SeedFilter;
  page?: number;
  per_page?: number;
}

const QUERIES: Query[] = [
  // The filtered page the target is about: the largest account, one month.
  { name: 'account-month', filter: { account: 0, start_date: '2020-03-01', end_date: '2020-03-31' } },
  { name: 'account', filter: { account: 2 }, page: 3 },
  { name: 'family', filter: {}, per_page: 25 },
  // No seeded row has an import: the answer is empty, and must come fast.
  { name: 'import', filter: { import_id: randomUUID() } },
  { name: 'search', filter: { search: SEARCH, start_date: '2024-12-01', end_date: '2024-12-31' } },
];

interface Page {
  transactions?: { id: string; date: string; name: string; notes: string | null; import_id: string | null; account: { id: string } }[];
  pagination?: { page: number; per_page: number; total_count: number; total_pages: number };
}

const { file } = caseArgs(process.argv.slice(2), false);
if (!MERCHANTS.some((m) => m.toLowerCase().includes(SEARCH))) throw new Error(`the search term ${SEARCH} is part of no merchant name`);
const server = await startServer();
try {
  const seed = await server.seed({ rows: ROWS, other_rows: OTHER_ROWS, seed: SEED, filters: Object.fromEntries(QUERIES.map((q) => [q.name, q.filter])) });
  const family = new Set(seed.account_ids);
  const before = await server.rss();
  const queries: TransactionsQuery[] = [];
  let elapsed = 0;
  for (const q of QUERIES) {
    const f = q.filter;
    const params = new URLSearchParams();
    if (f.account !== undefined) params.set('account_id', seed.account_ids[f.account]!);
    if (f.import_id !== undefined) params.set('import_id', f.import_id);
    if (f.start_date !== undefined) params.set('start_date', f.start_date);
    if (f.end_date !== undefined) params.set('end_date', f.end_date);
    if (f.search !== undefined) params.set('search', f.search);
    if (q.page !== undefined) params.set('page', String(q.page));
    if (q.per_page !== undefined) params.set('per_page', String(q.per_page));
    const path = `/api/v1/transactions?${params}`;
    const expected = seed.expected[q.name]!;
    const page = q.page ?? 1;
    const perPage = q.per_page ?? PER_PAGE_DEFAULT;
    const expectedRows = Math.max(0, Math.min(perPage, expected - (page - 1) * perPage));
    const term = f.search?.toLowerCase();
    const matches = (t: NonNullable<Page['transactions']>[number]) =>
      (f.account === undefined || t.account.id === seed.account_ids[f.account]) &&
      (f.import_id === undefined || t.import_id === f.import_id) &&
      (f.start_date === undefined || t.date >= f.start_date) &&
      (f.end_date === undefined || t.date <= f.end_date) &&
      (term === undefined || t.name.toLowerCase().includes(term) || (t.notes ?? '').toLowerCase().includes(term));

    const figures: TransactionsQuery = {
      name: q.name, path, total_count: null, expected, page_rows: null, expected_page_rows: expectedRows,
      requests: 0, failed: 0, wrong_total: 0, wrong_rows: 0, unmatched: 0, misordered: 0, foreign: 0,
      p50_ms: NaN, p99_ms: NaN, max_ms: NaN, sum_ms: 0,
    };
    const latencies: number[] = [];
    for (let i = 0; i < WARMUP + TIMED; i++) {
      const t0 = performance.now();
      const res = await fetch(server.url + path, { headers: server.headers });
      const text = await res.text();
      const ms = performance.now() - t0;
      const timed = i >= WARMUP;
      if (timed) latencies.push(ms);
      // Checked after the clock stopped.
      let body: Page | null = null;
      try {
        body = res.status === 200 ? (JSON.parse(text) as Page) : null;
      } catch {
        body = null;
      }
      const list = body?.transactions;
      const total = body?.pagination?.total_count;
      if (!Array.isArray(list) || typeof total !== 'number') {
        figures.failed++;
        continue;
      }
      if (timed && figures.total_count === null) {
        figures.total_count = total;
        figures.page_rows = list.length;
      }
      if (total !== expected) figures.wrong_total++;
      if (list.length !== expectedRows) figures.wrong_rows++;
      for (let k = 0; k < list.length; k++) {
        const t = list[k]!;
        if (!family.has(t.account.id)) figures.foreign++;
        if (!matches(t)) figures.unmatched++;
        const prev = list[k - 1];
        if (prev !== undefined && !(prev.date > t.date || (prev.date === t.date && prev.id > t.id))) figures.misordered++;
      }
    }
    latencies.sort((a, b) => a - b);
    figures.requests = latencies.length;
    figures.p50_ms = percentile(latencies, 50);
    figures.p99_ms = percentile(latencies, 99);
    figures.max_ms = latencies[latencies.length - 1]!;
    figures.sum_ms = latencies.reduce((a, b) => a + b, 0);
    elapsed += figures.sum_ms;
    queries.push(figures);
  }
  const after = await server.rss();
  emit({
    case: 'server-transactions-1m', file, elapsed_ms: elapsed, bytes: null,
    records: seed.seeded, header_included: false, invalid_rows: null,
    server: {
      rss_before_mb: before.rss_mb, max_rss_before_mb: before.max_rss_mb, max_rss_mb: after.max_rss_mb,
      transactions: { seeded: seed.seeded, other_family_seeded: seed.other_seeded, seed_ms: seed.seed_ms, warmup: WARMUP, queries },
    },
  });
} finally {
  await server.close();
}
