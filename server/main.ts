// `npm start`: the HTTP server on its store (SPEC §3.1: SQLite at DATABASE_PATH; §3.13: PostgreSQL
// at DATABASE_URL). Reads the settings, opens and migrates the database, removes uploads a crash
// interrupted, starts the publish worker (unless PUBLISH_WORKER=false: then `sluice worker`
// processes publish), binds the port and only then, on an empty database, creates the first
// family, user and key (printed once; on a database with users it prints the command that makes a
// key instead). SIGTERM and SIGINT stop accepting, let in-flight requests finish, stop the worker
// and close the database. On SQLite one server owns the file (instance-lock.ts); on PostgreSQL any
// number of servers and workers share the database.

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { createApp } from './app.ts';
import { isPgUrl, loadConfig, redactUrl, storeLocation, type Config } from './config.ts';
import { lockDatabase } from './instance-lock.ts';
import { createPublisher } from './jobs/publisher.ts';
import { noWorker, startWorker, type WorkerHandle } from './jobs/runner.ts';
import { openStore } from './store/open.ts';
import type { Store } from './store/store.ts';

export interface Running {
  url: string;
  port: number;
  store: Store;
  worker: WorkerHandle;
  close(): Promise<void>;
}

/** Creates the first family, user and read_write key on an empty database (in one transaction); returns the key. */
export async function bootstrap(store: Store, config: Config): Promise<string | null> {
  if (await store.users.count() > 0) return null;
  const { key } = await store.users.create({
    email: 'owner@localhost', firstName: 'Owner', lastName: null, scope: 'read_write',
    family: { name: 'My family', currency: config.defaultCurrency, defaultCategories: true },
    ...(config.bootstrapApiKey ? { key: config.bootstrapApiKey } : {}),
  });
  return key;
}

export async function start(config: Config, log: (m: string) => void = (m) => process.stderr.write(m + '\n')): Promise<Running & { bootstrapKey: string | null }> {
  const location = storeLocation(config);
  // Before anything is opened: a second server on this file stops here (instance-lock.ts). A
  // PostgreSQL database is shared by design.
  const lock = isPgUrl(location) ? { release: async () => {} } : await lockDatabase(location);
  let store: Store;
  try {
    store = await openStore(location);
  } catch (e) {
    await lock.release();
    throw e;
  }
  // On PostgreSQL both spare what another live process is doing: uploads written to lately, jobs
  // whose rows a live transaction holds (store/pg/).
  const dropped = await store.imports.discardAllStaged();
  if (dropped > 0) log(`removed ${dropped} unfinished upload(s) left by an earlier stop`);
  const recovered = await store.jobs.requeueAbandoned();
  if (recovered.requeued + recovered.abandoned > 0) {
    log(`recovered ${recovered.requeued} interrupted job(s) for another run; gave up ${recovered.abandoned}`);
  }
  const worker = config.publishWorker ? startWorker(location, log) : noWorker();
  const publisher = createPublisher(store, () => worker.poke());
  const app = createApp({ store, config, publisher, log });
  const server = createServer((req, res) => void app.handler(req as never, res, undefined as never));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  }).catch(async (e: unknown) => {
    await worker.stop();
    await store.close();
    await lock.release();
    throw e;
  });
  // The first key only now that the port is ours: a start that fails leaves no key nobody saw.
  const bootstrapKey = await bootstrap(store, config);
  const port = (server.address() as AddressInfo).port;
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  let closing: Promise<void> | null = null;
  return {
    url, port, store, worker, bootstrapKey,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => {
          void worker.stop().then(async () => {
            await store.close();
            await lock.release();
            resolve();
          });
        });
        server.closeIdleConnections();
      });
      return closing;
    },
  };
}

/** A value pasted into a POSIX shell as one word. */
function shellQuote(v: string): string {
  return /^[\w@%+=:,./-]+$/.test(v) ? v : `'${v.replace(/'/g, `'\\''`)}'`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let config: Config;
  try {
    config = loadConfig();
  } catch (e) {
    process.stderr.write(`sluice: ${(e as Error).message}\n`);
    process.exit(2);
  }
  let running: Awaited<ReturnType<typeof start>>;
  try {
    running = await start(config);
  } catch (e) {
    process.stderr.write(`sluice: cannot start: ${(e as Error).message}\n`);
    process.exit(2);
  }
  // The signal handlers go in before the "listening" line: whoever waits for that line may stop the
  // server the moment it reads it, and a signal that came before them would kill the process
  // without closing the database (seen in tests: SIGTERM right after the line, exit by signal).
  const stop = (signal: string) => {
    process.stdout.write(`sluice: ${signal}, finishing in-flight requests\n`);
    void running.close().then(() => process.exit(0));
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  const where = config.databaseUrl ? `PostgreSQL ${redactUrl(config.databaseUrl)}` : `database ${config.databasePath}`;
  process.stdout.write(`sluice listening on ${running.url} (${where}${config.publishWorker ? '' : '; publish worker off'})\n`);
  if (running.bootstrapKey) {
    process.stdout.write(
      `\nFirst start: created a family, the user owner@localhost and a read_write API key.\n` +
      `The key is shown this once (only its SHA-256 is stored):\n\n  ${running.bootstrapKey}\n\n` +
      `Try it:\n\n  curl -H "X-Api-Key: ${running.bootstrapKey}" ${running.url}/api/v1/categories\n\n`,
    );
  } else {
    const owner = (await running.store.users.firstEmail()) ?? 'owner@localhost';
    process.stdout.write(
      `This database has users; no key is shown. To make one:\n\n` +
      `  ${config.databaseUrl ? 'DATABASE_URL=…' : `DATABASE_PATH=${shellQuote(resolve(config.databasePath))}`} npx sluice key create --email ${shellQuote(owner)} --scope read_write\n\n`,
    );
  }
}
