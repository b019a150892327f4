// A strict command-line parser for the sluice CLI: `--name value`, `--name=value`, boolean flags,
// positionals, `--` to end options. An unknown option is an OPT_UNKNOWN error that suggests the
// nearest known one, like better-sqlite3 naming a misspelt option.

import { SluiceError, nearest } from 'sluice';

export interface ParsedArgs {
  values: Record<string, string>;
  flags: Set<string>;
  positionals: string[];
}

export function parseArgs(argv: readonly string[], valueOptions: readonly string[], flags: readonly string[]): ParsedArgs {
  const out: ParsedArgs = { values: {}, flags: new Set(), positionals: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') {
      out.positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!a.startsWith('--') || a === '-') {
      out.positionals.push(a);
      continue;
    }
    const eq = a.indexOf('=');
    const name = eq < 0 ? a.slice(2) : a.slice(2, eq);
    if (flags.includes(name)) {
      out.flags.add(name);
      continue;
    }
    if (!valueOptions.includes(name)) {
      const guess = nearest(name, [...valueOptions, ...flags]);
      throw new SluiceError('OPT_UNKNOWN', `unknown option --${name}${guess !== null ? `; did you mean --${guess}?` : ''}`);
    }
    let value: string;
    if (eq >= 0) value = a.slice(eq + 1);
    else {
      if (i + 1 >= argv.length) throw new SluiceError('OPT_INVALID_VALUE', `--${name} needs a value`);
      value = argv[++i]!;
    }
    out.values[name] = value;
  }
  return out;
}
