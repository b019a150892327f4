// `sluice user create` and `sluice key create|revoke` (SPEC §3.1, §3.11): accounts and keys on the
// database at DATABASE_PATH, without a running server. Each takes --help; the arguments are
// checked in full before the database is opened, so wrong arguments create nothing (not even the
// file); `key create|revoke` refuse a database that does not exist yet. Every answer names the
// database it used. A new key is printed once; --json prints {"user_id","family_id","api_key","database"}.

import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs, type ParsedArgs } from '../../cli/args.ts';
import { SluiceError } from 'sluice';
import { loadConfig, redactUrl, type Config } from '../config.ts';
import { openStore } from '../store/open.ts';
import type { Scope, Store } from '../store/store.ts';

const DATABASE_NOTE = '(the database is DATABASE_URL when set (PostgreSQL), else DATABASE_PATH, default ./data/sluice.db)';

interface Command {
  usage: string;
  values: readonly string[];
  flags: readonly string[];
  /** Checks the arguments and returns the work to do on the database; throws before it is opened. */
  prepare(args: ParsedArgs, config: Config): (store: Store) => Promise<{ human: string; json: Record<string, unknown> }>;
  /** Whether the command may create the database (only a user can be the first thing in it). */
  createsDatabase: boolean;
}

const COMMANDS: Record<string, Command> = {
  'user create': {
    usage: `sluice user create --email E [--first-name F] [--last-name L] [--scope read|read_write] [--family-of EMAIL]
                   [--no-default-categories] [--json]
    creates a user with an API key, in a new family (with the default categories unless
    --no-default-categories: an empty family, to restore a full NDJSON export into) or in the
    family of --family-of`,
    values: ['email', 'first-name', 'last-name', 'scope', 'family-of'],
    flags: ['json', 'no-default-categories'],
    createsDatabase: true,
    prepare(args, config) {
      const email = need(args.values['email'], 'email');
      const scope = scopeOf(args.values['scope']);
      const of = args.values['family-of'];
      if (of !== undefined && of.trim() === '') throw new SluiceError('OPT_INVALID_VALUE', '--family-of needs an email');
      noPositionals(args);
      return async (store) => {
        if (await store.users.findByEmail(email)) throw new SluiceError('OPT_INVALID_VALUE', `a user with the email ${email} exists`);
        let family: { id: string } | { name: string; currency: string; defaultCategories: boolean };
        if (of !== undefined) {
          const other = await store.users.findByEmail(of);
          if (!other) throw new SluiceError('OPT_INVALID_VALUE', `no user has the email ${of}`);
          family = { id: other.family_id };
        } else {
          family = { name: `${email}'s family`, currency: config.defaultCurrency, defaultCategories: !args.flags.has('no-default-categories') };
        }
        const made = await store.users.create({ email, firstName: args.values['first-name'] ?? null, lastName: args.values['last-name'] ?? null, scope, family });
        const out = { user_id: made.user.id, family_id: made.familyId, api_key: made.key };
        return { json: out, human: `created ${email} (family ${out.family_id}) with a ${scope} key, shown once:\n  ${out.api_key}` };
      };
    },
  },
  'key create': {
    usage: `sluice key create --email E --scope read|read_write [--json]
    creates another API key for an existing user`,
    values: ['email', 'scope'],
    flags: ['json'],
    createsDatabase: false,
    prepare(args) {
      const email = need(args.values['email'], 'email');
      const scope = scopeOf(need(args.values['scope'], 'scope'));
      noPositionals(args);
      return async (store) => {
        const user = await store.users.findByEmail(email);
        if (!user) throw new SluiceError('OPT_INVALID_VALUE', `no user has the email ${email}`);
        const key = await store.users.createKey(user.id, scope);
        return { json: { user_id: user.id, family_id: user.family_id, api_key: key }, human: `${scope} key for ${email}, shown once:\n  ${key}` };
      };
    },
  },
  'key revoke': {
    usage: `sluice key revoke KEY [--json]
    revokes a live API key (it answers 401 from then on)`,
    values: [],
    flags: ['json'],
    createsDatabase: false,
    prepare(args) {
      const key = need(args.positionals[0], 'key (the key to revoke)');
      if (args.positionals.length > 1) throw new SluiceError('OPT_INVALID_VALUE', 'one key at a time');
      return async (store) => {
        if (!await store.users.revokeKey(key)) throw new SluiceError('OPT_INVALID_VALUE', 'no live key has that value');
        return { json: { revoked: true }, human: 'revoked' };
      };
    },
  },
};

export const USERS_USAGE = `usage:\n${Object.values(COMMANDS).map((c) => '  ' + c.usage).join('\n')}\n${DATABASE_NOTE}`;

type Io = { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream };

function scopeOf(v: string | undefined): Scope {
  if (v === undefined || v === 'read_write') return 'read_write';
  if (v === 'read') return 'read';
  throw new SluiceError('OPT_INVALID_VALUE', `--scope must be read or read_write (got ${JSON.stringify(v)})`);
}

function need(v: string | undefined, name: string): string {
  if (v === undefined || v.trim() === '') throw new SluiceError('OPT_INVALID_VALUE', `--${name} is required`);
  return v.trim();
}

function noPositionals(args: ParsedArgs): void {
  if (args.positionals.length > 0) throw new SluiceError('OPT_INVALID_VALUE', `unexpected argument ${JSON.stringify(args.positionals[0])}`);
}

export async function runUsers(command: 'user' | 'key', argv: string[], io: Io): Promise<number> {
  const [action, ...rest] = argv;
  const name = `${command} ${action ?? ''}`.trim();
  const spec = COMMANDS[name];
  if (!spec) {
    const help = action === undefined || action === '--help' || action === 'help';
    (help ? io.stdout : io.stderr).write(`${help ? '' : `unknown command: sluice ${name}\n`}${USERS_USAGE}\n`);
    return help ? 0 : 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout.write(`usage:\n  ${spec.usage}\n${DATABASE_NOTE}\n`);
    return 0;
  }
  let path = '';
  try {
    const args = parseArgs(rest, spec.values, spec.flags);
    let config: Config;
    try {
      config = loadConfig();
    } catch (e) {
      throw new SluiceError('OPT_INVALID_VALUE', (e as Error).message);
    }
    const work = spec.prepare(args, config);
    path = config.databaseUrl ? redactUrl(config.databaseUrl) : resolve(config.databasePath);
    if (!config.databaseUrl && !spec.createsDatabase && !existsSync(path)) {
      throw new SluiceError('OPT_INVALID_VALUE', `no database at ${path} (set DATABASE_PATH, or start the server once to create it)`);
    }
    const store = await openStore(config.databaseUrl ?? path);
    try {
      const { human, json } = await work(store);
      io.stdout.write(args.flags.has('json') ? JSON.stringify({ ...json, database: path }) + '\n' : `${human}\n(database ${path})\n`);
      return 0;
    } finally {
      await store.close();
    }
  } catch (e) {
    if (!(e instanceof SluiceError)) throw e;
    io.stderr.write(`error ${e.code}: ${e.message}${path ? ` (database ${path})` : ''}\n`);
    return 2;
  }
}
