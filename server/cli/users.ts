// `sluice user create` and `sluice key create|revoke` (SPEC §3.1): accounts and keys on the
// database at DATABASE_PATH, without a running server. A new key is printed once; --json prints
// {"user_id","family_id","api_key"}.

import { parseArgs } from '../../engine/cli/args.ts';
import { SluiceError } from '../../engine/index.ts';
import { loadConfig } from '../config.ts';
import { openDb } from '../store/db.ts';
import { createFamily, createKey, createUser, findUserByEmail, revokeKey, type Scope } from '../store/users.ts';

export const USERS_USAGE = `usage:
  sluice user create --email E [--first-name F] [--last-name L] [--scope read|read_write] [--family-of EMAIL]
                     [--no-default-categories] [--json]
      (--no-default-categories: an empty family, for restoring a full NDJSON export into it)
  sluice key create --email E --scope read|read_write [--json]
  sluice key revoke KEY
(the database is DATABASE_PATH, default ./data/sluice.db)`;

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

export function runUsers(command: 'user' | 'key', argv: string[], io: Io): number {
  const [action, ...rest] = argv;
  try {
    const args = parseArgs(rest, ['email', 'first-name', 'last-name', 'scope', 'family-of'], ['json', 'no-default-categories']);
    const json = args.flags.has('json');
    const db = openDb(loadConfig().databasePath);
    try {
      if (command === 'user' && action === 'create') {
        const email = need(args.values['email'], 'email');
        if (findUserByEmail(db, email)) throw new SluiceError('OPT_INVALID_VALUE', `a user with the email ${email} exists`);
        const scope = scopeOf(args.values['scope']);
        const out = db.transaction(() => {
          let familyId: string;
          const of = args.values['family-of'];
          if (of !== undefined) {
            const other = findUserByEmail(db, of);
            if (!other) throw new SluiceError('OPT_INVALID_VALUE', `no user has the email ${of}`);
            familyId = other.family_id;
          } else {
            familyId = createFamily(db, `${email}'s family`, loadConfig().defaultCurrency, !args.flags.has('no-default-categories'));
          }
          const user = createUser(db, { familyId, email, firstName: args.values['first-name'] ?? null, lastName: args.values['last-name'] ?? null });
          return { user_id: user.id, family_id: familyId, api_key: createKey(db, user.id, scope) };
        })();
        io.stdout.write(json ? JSON.stringify(out) + '\n' : `created ${email} (family ${out.family_id}) with a ${scope} key, shown once:\n  ${out.api_key}\n`);
        return 0;
      }
      if (command === 'key' && action === 'create') {
        const email = need(args.values['email'], 'email');
        const user = findUserByEmail(db, email);
        if (!user) throw new SluiceError('OPT_INVALID_VALUE', `no user has the email ${email}`);
        const scope = scopeOf(need(args.values['scope'], 'scope'));
        const key = createKey(db, user.id, scope);
        io.stdout.write(json ? JSON.stringify({ user_id: user.id, family_id: user.family_id, api_key: key }) + '\n' : `${scope} key for ${email}, shown once:\n  ${key}\n`);
        return 0;
      }
      if (command === 'key' && action === 'revoke') {
        const key = need(args.positionals[0], 'key (the key to revoke)');
        if (!revokeKey(db, key)) throw new SluiceError('OPT_INVALID_VALUE', 'no live key has that value');
        io.stdout.write(json ? JSON.stringify({ revoked: true }) + '\n' : 'revoked\n');
        return 0;
      }
      throw new SluiceError('OPT_INVALID_VALUE', `unknown command: ${command} ${action ?? ''}\n${USERS_USAGE}`);
    } finally {
      db.close();
    }
  } catch (e) {
    if (!(e instanceof SluiceError)) throw e;
    io.stderr.write(`error ${e.code}: ${e.message}\n`);
    return 2;
  }
}
