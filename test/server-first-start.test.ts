// First start and the server commands (SPEC §3.11 "First start", issue 13), each in a child
// process as a user runs them: the bootstrap key exists only once the port is bound (a start on a
// busy port leaves no key nobody saw), a start on a database with users prints the command that
// makes a key, and `sluice user create|key create|key revoke` take --help, name the database they
// used and create nothing (not even the file) when their arguments are wrong.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { childEnv, runServerToExit, spawnServer, until } from './publish-helpers.ts';

const BIN = fileURLToPath(new URL('../bin/sluice.mjs', import.meta.url));
const dirs: string[] = [];
after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
function freshDb(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-first-'));
  dirs.push(dir);
  return join(dir, 'db', 'sluice.db');
}

function count(dbPath: string, table: string): number {
  const db = new Database(dbPath, { readonly: true });
  try {
    return db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
  } finally {
    db.close();
  }
}

function sluice(args: string[], dbPath: string) {
  return spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 60_000, env: childEnv({ DATABASE_PATH: dbPath }) });
}

describe('first start', () => {
  test('a start on a busy port fails with a message and leaves no user and no key', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    const dbPath = freshDb();
    try {
      const r = runServerToExit({ PORT: String(port), DATABASE_PATH: dbPath });
      assert.equal(r.status, 2, r.stderr);
      assert.match(r.stderr, /cannot start: .*EADDRINUSE/);
      assert.doesNotMatch(r.stdout, /[0-9a-f]{64}/, 'no key printed');
      assert.equal(count(dbPath, 'users'), 0);
      assert.equal(count(dbPath, 'api_keys'), 0);
    } finally {
      blocker.close();
    }
  });

  test('the first start prints a working key; the next start prints the command that makes one', async () => {
    const dbPath = freshDb();
    const first = await spawnServer({ PORT: '0', DATABASE_PATH: dbPath });
    try {
      const key = await until('the bootstrap key', () => /^ {2}([0-9a-f]{64})$/m.exec(first.stdout())?.[1]);
      const r = await fetch(`${first.url}/api/v1/categories`, { headers: { 'X-Api-Key': key } });
      assert.equal(r.status, 200);
    } finally {
      first.child.kill('SIGTERM');
      await first.exited;
    }
    const second = await spawnServer({ PORT: '0', DATABASE_PATH: dbPath });
    try {
      const hint = await until('the key hint', () => /This database has users[^]*?\n\n {2}(.+)\n/.exec(second.stdout())?.[1]);
      assert.doesNotMatch(second.stdout(), /[0-9a-f]{64}/);
      assert.match(hint, /sluice key create --email owner@localhost --scope read_write$/);
      assert.ok(hint.includes(`DATABASE_PATH=${dbPath}`), hint);
      // The printed command works as printed.
      const made = sluice(['key', 'create', '--email', 'owner@localhost', '--scope', 'read_write', '--json'], dbPath);
      assert.equal(made.status, 0, made.stderr);
      const { api_key: key, database } = JSON.parse(made.stdout) as { api_key: string; database: string };
      assert.equal(database, dbPath);
      assert.equal((await fetch(`${second.url}/api/v1/categories`, { headers: { 'X-Api-Key': key } })).status, 200);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  });
});

describe('sluice user|key commands', () => {
  const helps: [string[], RegExp][] = [
    [['user', 'create', '--help'], /sluice user create --email E/],
    [['key', 'create', '--help'], /sluice key create --email E --scope/],
    [['key', 'revoke', '--help'], /sluice key revoke KEY/],
    [['--help'], /commands:[^]*check[^]*user create[^]*key create[^]*key revoke/],
  ];
  for (const [args, usage] of helps) {
    test(`sluice ${args.join(' ')} prints its usage, exit 0, no database`, () => {
      const dbPath = freshDb();
      const r = sluice(args, dbPath);
      assert.equal(r.status, 0, r.stderr);
      assert.match(r.stdout, usage);
      assert.match(r.stdout, /DATABASE_PATH/);
      assert.equal(existsSync(dbPath), false);
    });
  }

  const wrong: [string, string[], RegExp][] = [
    ['no email', ['user', 'create'], /--email is required/],
    ['a bad scope', ['user', 'create', '--email', 'a@example.com', '--scope', 'admin'], /--scope must be read or read_write/],
    ['an unknown option', ['user', 'create', '--email', 'a@example.com', '--emial', 'x'], /unknown option --emial; did you mean --email\?/],
    ['a stray argument', ['user', 'create', '--email', 'a@example.com', 'extra'], /unexpected argument "extra"/],
    ['key create without a scope', ['key', 'create', '--email', 'a@example.com'], /--scope is required/],
    ['key create on no database', ['key', 'create', '--email', 'a@example.com', '--scope', 'read'], /no database at /],
    ['key revoke without a key', ['key', 'revoke'], /--key \(the key to revoke\) is required/],
    ['key revoke on no database', ['key', 'revoke', 'a'.repeat(64)], /no database at /],
    ['an unknown action', ['key', 'rotate'], /unknown command: sluice key rotate/],
    ['sluice worker on a SQLite file (its server publishes)', ['worker'], /set DATABASE_URL to a PostgreSQL database/],
  ];
  for (const [what, args, message] of wrong) {
    test(`${what}: exit 2 with the reason, no database file created`, () => {
      const dbPath = freshDb();
      const r = sluice(args, dbPath);
      assert.equal(r.status, 2, r.stdout);
      assert.match(r.stderr, message);
      assert.equal(existsSync(dbPath), false);
    });
  }

  test('user create names the database; a refused second create adds nothing', () => {
    const dbPath = freshDb();
    const made = sluice(['user', 'create', '--email', 'ana@example.com', '--scope', 'read'], dbPath);
    assert.equal(made.status, 0, made.stderr);
    assert.match(made.stdout, /created ana@example.com .* with a read key, shown once:\n {2}[0-9a-f]{64}\n\(database .*sluice\.db\)\n$/);
    const again = sluice(['user', 'create', '--email', 'ANA@example.com'], dbPath);
    assert.equal(again.status, 2);
    assert.match(again.stderr, /a user with the email ANA@example.com exists \(database .*sluice\.db\)/);
    const orphan = sluice(['user', 'create', '--email', 'bo@example.com', '--family-of', 'nobody@example.com'], dbPath);
    assert.equal(orphan.status, 2);
    assert.match(orphan.stderr, /no user has the email nobody@example.com/);
    assert.equal(count(dbPath, 'users'), 1);
    assert.equal(count(dbPath, 'families'), 1);
    assert.equal(count(dbPath, 'api_keys'), 1);
  });
});
