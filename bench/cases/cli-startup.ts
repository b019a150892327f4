// Start-up of the `sluice` command (SPEC §7: `sluice check` on a two-line file finishes within
// twice the time of `node -e 0`). Runs `node -e 0` and `node bin/sluice.mjs check <file>` in
// turn, RUNS times each, each to its exit, and reports both medians. The check's output is checked
// too: it must read the file's one row, valid, so a fast failure is not a result.
//
//   node --import tsx bench/cases/cli-startup.ts

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { emit } from '../case-io.ts';

const RUNS = 15;
const BIN = fileURLToPath(new URL('../../bin/sluice.mjs', import.meta.url));

const dir = mkdtempSync(join(tmpdir(), 'sluice-cli-'));
const file = join(dir, 'two-lines.csv');
writeFileSync(file, 'Date,Amount,Name\n2024-01-02,-12.50,Coffee\n');

function timed(args: string[]): { ms: number; stdout: string; status: number | null } {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, args, { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
  return { ms: performance.now() - t0, stdout: r.stdout, status: r.status };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 === 1 ? s[(s.length - 1) >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

const node: number[] = [], sluice: number[] = [];
let rows = -1, valid = -1;
try {
  for (let i = 0; i < RUNS; i++) {
    node.push(timed(['-e', '0']).ms);
    const r = timed([BIN, 'check', '--json', file]);
    if (r.status !== 0) throw new Error(`sluice check exited with ${r.status}: ${r.stdout.slice(0, 200)}`);
    const result = JSON.parse(r.stdout) as { rows_count: number; valid_rows_count: number };
    rows = result.rows_count;
    valid = result.valid_rows_count;
    sluice.push(r.ms);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const nodeMs = median(node), sluiceMs = median(sluice);
emit({
  case: 'cli-startup', file, elapsed_ms: sluiceMs, bytes: null, records: rows, header_included: false, invalid_rows: rows - valid,
  rows_count: rows, startup: { runs: RUNS, node_ms: nodeMs, sluice_ms: sluiceMs, ratio: sluiceMs / nodeMs },
});
