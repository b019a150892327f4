// Dispatches `sluice <command>`: `check` runs the engine on a file (engine/cli/check.ts).
import { CHECK_USAGE, runCheck } from '../engine/cli/check.ts';

const USAGE = `usage: sluice <command> [options]

commands:
  check <file|->    read a file with the engine and report what it holds (sluice check --help)
`;

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const io = { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin };
  switch (command) {
    case 'check':
      return runCheck(rest, io);
    case undefined:
    case 'help':
    case '--help':
      process.stdout.write(USAGE + '\n' + CHECK_USAGE + '\n');
      return command === undefined ? 2 : 0;
    default:
      process.stderr.write(`unknown command ${JSON.stringify(command)}\n${USAGE}`);
      return 2;
  }
}
