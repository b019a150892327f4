// The server side of the server cases: the real server, started with `start(loadConfig(env))` from
// server/main.ts (what `npm start` runs, minus its console messages), in a process of its own so
// that its memory and its event loop are its own and the client's are not counted in them. The
// case forks it with an IPC channel (bench/server-client.ts) and asks it, by message, for what only
// the server side can see:
//
//   → {event: 'ready', url}                    once listening (PORT 0: a free port)
//   → {event: 'finished', import_id, at}       when the publish worker reports a job finished
//                                              (`at`: performance.timeOrigin + now(), epoch ms)
//   ← {id, op: 'rss'}      → {id, ok, value: {rss_mb, max_rss_mb}}   current and peak RSS so far
//   ← {id, op: 'count', import_id} → {id, ok, value: n}   transactions rows written by that import
//   ← {id, op: 'storage', import_id}
//                          → {id, ok, value: {content_bytes, rows_bytes}}  what the import keeps in
//                                                         the database: sum(length(bytes)) of its
//                                                         import_contents, sum(length(CAST(data AS
//                                                         BLOB))) of its import_row_chunks (UTF-8
//                                                         bytes of the rows' JSON); 0 when none
//   ← {id, op: 'seed', rows, other_rows, seed, filters}
//                          → {id, ok, value: SeedResult}  bench/seed-transactions.ts: 3 accounts and
//                                                         `rows` transactions in the key's family, a
//                                                         second family with 1 account and `other_rows`,
//                                                         written with SQL (synchronous: the server
//                                                         answers nothing meanwhile); the ids made
//                                                         and each filter's expected total_count
//   ← {id, op: 'family'}  → {id, ok, value: key}   a new family and user, its read_write API key
//   ← {id, op: 'close'}    → {id, ok}; then the process exits (running.close(): server, worker, db)
//
// Accounts to import into are created through the API (POST /api/v1/accounts, in server-client.ts).

import { loadConfig } from '../server/config.ts';
import { start } from '../server/main.ts';
import type { PgStore } from '../server/store/pg/store.ts';
import { sqliteDb } from '../server/store/sqlite/store.ts';
import { seedTransactions, type SeedRequest } from './seed-transactions.ts';

type Message =
  | { id: number; op: 'rss' | 'close' | 'family' }
  | { id: number; op: 'count' | 'storage'; import_id: string }
  | ({ id: number; op: 'seed' } & SeedRequest);

const send = (m: unknown) => new Promise<void>((resolve) => process.send!(m, () => resolve()));
const running = await start(loadConfig(process.env), (m) => process.stderr.write(`server: ${m}\n`));
running.worker.onFinished((importId) => void send({ event: 'finished', import_id: importId, at: performance.timeOrigin + performance.now() }));

let closing: Promise<void> | null = null;
const close = () => (closing ??= running.close());

let families = 0;

async function answer(m: Message): Promise<unknown> {
  // A family of its own with a read_write key (the parallel publish case: one family's jobs take turns).
  if (m.op === 'family') {
    const n = ++families;
    return (await running.store.users.create({
      email: `bench-${n}@example.com`, firstName: null, lastName: null, scope: 'read_write',
      family: { name: `Bench family ${n}`, currency: 'USD', defaultCategories: true },
    })).key;
  }
  // On PostgreSQL (DATABASE_URL: the -pg cases) only the row count is asked.
  if ('listen' in running.store && m.op === 'count') {
    return (running.store as PgStore).db.value<number>('SELECT count(*) FROM transactions WHERE import_id = $1', [m.import_id]);
  }
  const db = sqliteDb(running.store);
  switch (m.op) {
    case 'rss':
      return { rss_mb: process.memoryUsage().rss / 1e6, max_rss_mb: (process.resourceUsage().maxRSS * 1024) / 1e6 };
    case 'seed':
      return seedTransactions(db, { rows: m.rows, other_rows: m.other_rows, seed: m.seed, filters: m.filters });
    case 'count':
      return db.prepare('SELECT count(*) FROM transactions WHERE import_id = ?').pluck().get(m.import_id) as number;
    case 'storage':
      return {
        content_bytes: (db.prepare('SELECT sum(length(bytes)) FROM import_contents WHERE import_id = ?').pluck().get(m.import_id) as number | null) ?? 0,
        rows_bytes: (db.prepare('SELECT sum(length(CAST(data AS BLOB))) FROM import_row_chunks WHERE import_id = ?').pluck().get(m.import_id) as number | null) ?? 0,
      };
    case 'close':
      return null;
  }
}

process.on('message', (m: Message) => {
  void (async () => {
    try {
      if (m.op === 'close') await close();
      await send({ id: m.id, ok: true, value: await answer(m) });
      if (m.op === 'close') process.disconnect();
    } catch (e) {
      await send({ id: m.id, ok: false, error: (e as Error).message });
    }
  })();
});
// The case went away without closing: stop cleanly anyway.
process.on('disconnect', () => void close().then(() => process.exit(0)));
await send({ event: 'ready', url: running.url });
