// `npm start`: the HTTP server on its embedded SQLite (SPEC §3.1). Reads the settings, opens and
// migrates the database, removes uploads a crash interrupted, starts the publish worker, binds the
// port and only then, on an empty database, creates the first family, user and key (printed once;
// on a database with users it prints the command that makes a key instead). SIGTERM and
// SIGINT stop accepting, let in-flight requests finish, stop the worker and close the database.

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { createApp } from './app.ts';
import { loadConfig, type Config } from './config.ts';
import { lockDatabase } from './instance-lock.ts';
import { createPublisher } from './jobs/publisher.ts';
import { recoverJobs, startWorker, type WorkerHandle } from './jobs/runner.ts';
import { openDb, type Db } from './store/db.ts';
import { discardAllStaged } from './store/imports.ts';
import { createFamily, createKey, createUser, firstUserEmail, userCount } from './store/users.ts';

export interface Running {
  url: string;
  port: number;
  db: Db;
  worker: WorkerHandle;
  close(): Promise<void>;
}

/** Creates the first family, user and read_write key on an empty database; returns the key. */
export function bootstrap(db: Db, config: Config): string | null {
  if (userCount(db) > 0) return null;
  return db.transaction(() => {
    const familyId = createFamily(db, 'My family', config.defaultCurrency);
    const user = createUser(db, { familyId, email: 'owner@localhost', firstName: 'Owner', lastName: null });
    return createKey(db, user.id, 'read_write', config.bootstrapApiKey ?? undefined);
  })();
}

export async function start(config: Config, log: (m: string) => void = (m) => process.stderr.write(m + '\n')): Promise<Running & { bootstrapKey: string | null }> {
  // Before anything is opened: a second server on this file stops here (instance-lock.ts).
  const lock = await lockDatabase(config.databasePath);
  let db: Db;
  try {
    db = openDb(config.databasePath);
  } catch (e) {
    await lock.release();
    throw e;
  }
  const dropped = discardAllStaged(db);
  if (dropped > 0) log(`removed ${dropped} unfinished upload(s) left by an earlier stop`);
  const recovered = recoverJobs(db);
  if (recovered.requeued + recovered.abandoned > 0) {
    log(`recovered ${recovered.requeued} interrupted job(s) for another run; gave up ${recovered.abandoned}`);
  }
  const worker = startWorker(config.databasePath, log);
  const publisher = createPublisher(db, () => worker.poke());
  const app = createApp({ db, config, publisher, log });
  const server = createServer((req, res) => void app.handler(req as never, res, undefined as never));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  }).catch(async (e: unknown) => {
    await worker.stop();
    db.close();
    await lock.release();
    throw e;
  });
  // The first key only now that the port is ours: a start that fails leaves no key nobody saw.
  const bootstrapKey = bootstrap(db, config);
  const port = (server.address() as AddressInfo).port;
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  let closing: Promise<void> | null = null;
  return {
    url, port, db, worker, bootstrapKey,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => {
          void worker.stop().then(async () => {
            db.close();
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
  process.stdout.write(`sluice listening on ${running.url} (database ${config.databasePath})\n`);
  if (running.bootstrapKey) {
    process.stdout.write(
      `\nFirst start: created a family, the user owner@localhost and a read_write API key.\n` +
      `The key is shown this once (only its SHA-256 is stored):\n\n  ${running.bootstrapKey}\n\n` +
      `Try it:\n\n  curl -H "X-Api-Key: ${running.bootstrapKey}" ${running.url}/api/v1/categories\n\n`,
    );
  } else {
    const owner = firstUserEmail(running.db) ?? 'owner@localhost';
    process.stdout.write(
      `This database has users; no key is shown. To make one:\n\n` +
      `  DATABASE_PATH=${shellQuote(resolve(config.databasePath))} npx sluice key create --email ${shellQuote(owner)} --scope read_write\n\n`,
    );
  }
}
