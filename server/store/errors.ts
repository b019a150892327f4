// Errors a store raises, whichever database is behind it: a full disk (SPEC §3.12: answered 507,
// nothing half-written) and a job whose claim no longer holds (nothing written).

/** The disk (or the database's size limit) is full: SQLite's SQLITE_FULL, PostgreSQL's disk_full (53100), or ENOSPC/EDQUOT from the file system. */
export function isDiskFull(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'SQLITE_FULL' || code === '53100' || code === 'ENOSPC' || code === 'EDQUOT';
}

/** The job is no longer this runner's (or its import moved on): nothing was written. */
export class JobLostError extends Error {
  override name = 'JobLostError';
}
