// `sluice user create`, `sluice key create` and `sluice key revoke` on PostgreSQL (SPEC §3.13:
// every `sluice` server command reads DATABASE_URL): the compiled command run as a user would,
// against the database a server is running on; the key it prints works on that server at once,
// and a revoked key is refused. The database is named with its password hidden. Skipped where
// there is no PostgreSQL (never under CI: test/pg-helpers.ts).

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { loadConfig } from '../server/config.ts';
import { start } from '../server/main.ts';
import { pgHarness, type PgHarness } from './pg-helpers.ts';
import { childEnv, ROOT } from './publish-helpers.ts';
import { api } from './server-helpers.ts';

const found = await pgHarness();

function sluice(args: string[], url: string) {
  return spawnSync(process.execPath, ['bin/sluice.mjs', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000, env: childEnv({ DATABASE_URL: url }) });
}

test('sluice user create / key create / key revoke on the DATABASE_URL a server runs on', { skip: typeof found === 'string' && found }, async () => {
  const database = await (found as PgHarness).database();
  const running = await start(loadConfig({ PORT: '0', HOST: '127.0.0.1', RATE_LIMIT_PER_HOUR: '0', DATABASE_URL: database.url, PUBLISH_WORKER: 'false' }), () => {});
  try {
    const made = sluice(['user', 'create', '--email', 'ana@example.com', '--scope', 'read_write'], database.url);
    assert.equal(made.status, 0, made.stderr);
    const password = new URL(database.url).password;
    assert.ok(!made.stdout.includes(password), 'the password is not printed');
    assert.match(made.stdout, new RegExp(`\\(database postgres://sluice:\\*\\*\\*@.*/${database.name}\\)\\n$`));
    const key = /^ {2}([0-9a-f]{64})$/m.exec(made.stdout)![1]!;
    const created = await api(running.url, key, 'POST', '/api/v1/accounts', { json: { name: 'Main', account_type: 'depository' } });
    assert.equal(created.status, 201, JSON.stringify(created.body));

    const again = sluice(['user', 'create', '--email', 'ANA@example.com'], database.url);
    assert.equal(again.status, 2);
    assert.match(again.stderr, /a user with the email ANA@example.com exists/);

    const read = sluice(['key', 'create', '--email', 'ana@example.com', '--scope', 'read'], database.url);
    assert.equal(read.status, 0, read.stderr);
    const readKey = /^ {2}([0-9a-f]{64})$/m.exec(read.stdout)![1]!;
    assert.equal((await api(running.url, readKey, 'GET', '/api/v1/accounts')).body.accounts.length, 1);
    assert.equal((await api(running.url, readKey, 'POST', '/api/v1/accounts', { json: { name: 'Other', account_type: 'depository' } })).status, 403);

    const revoked = sluice(['key', 'revoke', key], database.url);
    assert.equal(revoked.status, 0, revoked.stderr);
    assert.equal((await api(running.url, key, 'GET', '/api/v1/accounts')).status, 401);
    assert.equal((await api(running.url, readKey, 'GET', '/api/v1/accounts')).status, 200, 'the other key still works');
  } finally {
    await running.close();
    await database.drop();
  }
});
