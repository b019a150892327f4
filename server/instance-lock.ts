// One server per SQLite file (SPEC §3.12, issue 14). A second `npm start` on the same
// DATABASE_PATH refuses to start before it touches anything: it would otherwise recover the first
// server's running jobs and remove its uploads in progress.
//
// The lock is a local socket named after the database's real path, held by the server for as long
// as it runs: on Linux an abstract socket (no file; the kernel frees it the moment the process
// dies, SIGKILL included), elsewhere a socket file in the temporary folder (a stale file left by a
// crash answers no connection and is replaced). A process that finds the name taken connects and
// reads the holder's pid, so the refusal names it. Why not cooperate instead: SQLite has one writer
// at a time, so a second server adds no publishing capacity, and sharing jobs safely needs leases
// renewed from outside the writer's long transaction; several processes are PostgreSQL's job
// (SPEC §3.13). The `sluice user|key` commands take no lock: they only add rows.

import { createHash } from 'node:crypto';
import { realpathSync, rmSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';

export class DatabaseInUseError extends Error {
  override name = 'DatabaseInUseError';
}

export interface InstanceLock {
  release(): Promise<void>;
}

/** The socket name for a database path: the same for every spelling of the same file. */
function socketName(databasePath: string): string {
  const abs = resolve(databasePath);
  // The file may not exist yet; its folder's real path (symlinks resolved) names it well enough.
  let real: string;
  try {
    real = realpathSync(abs);
  } catch {
    try {
      real = join(realpathSync(dirname(abs)), basename(abs));
    } catch {
      real = abs;
    }
  }
  const hash = createHash('sha256').update(real).digest('hex').slice(0, 32);
  return process.platform === 'linux' ? `\0sluice-${hash}` : join(tmpdir(), `sluice-${hash}.sock`);
}

/** The pid the holder answers with, or null when nothing answers (a stale socket file). */
function holderPid(name: string): Promise<number | null> {
  return new Promise((done) => {
    const socket = connect(name);
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => { text += d; });
    socket.on('end', () => done(Number.parseInt(text, 10) || 0));
    socket.on('error', () => done(null));
    socket.setTimeout(2000, () => { socket.destroy(); done(0); });
  });
}

function listen(server: Server, name: string): Promise<void> {
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(name, () => {
      server.off('error', fail);
      ok();
    });
  });
}

/**
 * Takes the database's lock, or throws DatabaseInUseError naming the process that holds it.
 * `:memory:` databases are private to their process and need none.
 */
export async function lockDatabase(databasePath: string): Promise<InstanceLock> {
  if (databasePath === ':memory:') return { release: async () => {} };
  const name = socketName(databasePath);
  const server = createServer((socket) => socket.end(String(process.pid)));
  server.unref(); // the lock never keeps the process alive by itself
  for (let attempt = 0; ; attempt++) {
    try {
      await listen(server, name);
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt > 0) throw e;
      const pid = await holderPid(name);
      if (pid !== null) {
        throw new DatabaseInUseError(
          `another sluice server${pid ? ` (pid ${pid})` : ''} is using the database ${resolve(databasePath)}; ` +
          'stop it first, or give this one its own DATABASE_PATH (one server per SQLite file; several processes need PostgreSQL)',
        );
      }
      rmSync(name, { force: true }); // a socket file its crashed owner left behind
    }
  }
  return {
    release: () => new Promise<void>((done) => server.close(() => done())),
  };
}
