// Dispatches `sluice <command>`: `check` runs the engine on a file (cli/check.ts); `user` and
// `key` manage API access on the server's database (server/cli/users.ts), loaded only for them so
// that `sluice check` starts without the server's modules (SQLite's native binding among them).
import { CHECK_USAGE, runCheck } from './check.ts';

const USAGE = `usage: sluice <command> [options]

commands:
  check <file|->    read a file with the engine and report what it holds (sluice check --help)
  user create       create a user (and a family) with an API key (sluice user create --help)
  key create        create another API key for a user (sluice key create --help)
  key revoke        revoke an API key (sluice key revoke --help)
  worker            run only the publish worker, on the PostgreSQL database at DATABASE_URL

The server itself starts with \`npm start\` (settings in the environment: PORT, DATABASE_PATH, …).
`;

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const io = { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin };
  switch (command) {
    case 'check':
      return runCheck(rest, io);
    case 'user':
    case 'key': {
      const { runUsers } = await import('../server/cli/users.ts');
      return runUsers(command, rest, io);
    }
    case 'worker':
      return runWorkerCommand();
    case undefined:
    case 'help':
    case '-h':
    case '--help': {
      const { USERS_USAGE } = await import('../server/cli/users.ts');
      (command === undefined ? process.stderr : process.stdout).write(USAGE + '\n' + CHECK_USAGE + '\n\n' + USERS_USAGE + '\n');
      return command === undefined ? 2 : 0;
    }
    default:
      process.stderr.write(`unknown command ${JSON.stringify(command)}\n${USAGE}`);
      return 2;
  }
}

/**
 * `sluice worker`: server/worker-main.ts, found from this module's place (cli/ when run through
 * tsx, dist/cli/ when compiled) and loaded through tsx, as `npm start` loads the server: the server
 * is TypeScript run without a build step.
 */
async function runWorkerCommand(): Promise<number> {
  const { existsSync } = await import('node:fs');
  let dir = new URL('..', import.meta.url);
  while (!existsSync(new URL('server/worker-main.ts', dir)) && dir.pathname !== '/') dir = new URL('..', dir);
  const entry = new URL('server/worker-main.ts', dir);
  if (!existsSync(entry)) {
    process.stderr.write('sluice worker: the server is not in this installation (server/worker-main.ts)\n');
    return 2;
  }
  const { register } = await import('tsx/esm/api');
  register();
  const { runWorker } = await import(entry.href) as { runWorker(): Promise<number> };
  return runWorker();
}
