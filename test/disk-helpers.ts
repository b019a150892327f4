// A real full disk for the tests (server-disk-full.test.ts on SQLite, pg-disk-full.test.ts on
// PostgreSQL): a 16 MiB tmpfs mounted for the test, and a file of zeros written until it is full.

import { execFileSync } from 'node:child_process';
import { closeSync, openSync, writeSync } from 'node:fs';

/**
 * Mounts a 16 MiB tmpfs on `dir` (owned by `owner` when given: PostgreSQL's own user must own a
 * tablespace's folder); null when done, else why not (the test skips, saying so).
 */
export function mountTmpfs(dir: string, owner?: { uid: number; gid: number }): string | null {
  const options = owner ? `size=16m,uid=${owner.uid},gid=${owner.gid},mode=0700` : 'size=16m';
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir], { stdio: 'pipe' });
    return null;
  } catch (e) {
    return (e as { stderr?: Buffer }).stderr?.toString().trim() || (e as Error).message;
  }
}

/** Writes zeros into `file` until the file system says it is full; returns the bytes written. */
export function fillDisk(file: string): number {
  const fd = openSync(file, 'w');
  const block = Buffer.alloc(64 * 1024);
  let total = 0;
  try {
    for (;;) total += writeSync(fd, block);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOSPC') throw e;
  } finally {
    closeSync(fd);
  }
  return total;
}
