// Verification readback (SPEC §2.11): a pure function from what the file held (expected record
// counts) and the family's stored counts just before and just after the import's data was
// written, to a verdict. No storage here; the server takes the counts and stores the result.

export type ReadbackStatus = 'not_verified' | 'matched' | 'mismatch' | 'failed' | 'reverted';

export type Counts = Readonly<Record<string, number>>;

export interface Readback {
  status: ReadbackStatus;
  checked_at: string | null;
  expected_record_counts: Record<string, number>;
  before_counts: Record<string, number>;
  after_counts: Record<string, number>;
  actual_delta_counts: Record<string, number>;
  checked_counts: Record<string, number>;
  mismatches: Record<string, { expected: number; actual: number }>;
  error?: string | null;
}

const keysOf = (...maps: Counts[]) => [...new Set(maps.flatMap((m) => Object.keys(m)))].sort();

/**
 * actual_delta_counts[k] = after[k] − before[k]; with `owned` (the records carrying the import's
 * id), a key whose owned count differs from its delta is compared by what the import owns;
 * checked_counts holds the expected count of every
 * key in either map (0 when absent); mismatches lists each key whose delta differs from what was
 * expected; matched when there is none.
 */
export function readback(expected: Counts, before: Counts, after: Counts, checkedAt: Date = new Date(), owned: Counts | null = null): Readback {
  const delta: Record<string, number> = {};
  for (const k of keysOf(before, after)) delta[k] = (after[k] ?? 0) - (before[k] ?? 0);
  const checked: Record<string, number> = {};
  const mismatches: Record<string, { expected: number; actual: number }> = {};
  for (const k of keysOf(expected, delta, owned ?? {})) {
    const want = expected[k] ?? 0;
    // `owned`: the records that carry this import's id after the write. A delta can match while
    // the import's records are there twice (a second write of the same file adds the same delta):
    // then what the import owns is the count compared.
    const got = owned !== null && (owned[k] ?? 0) !== (delta[k] ?? 0) ? owned[k] ?? 0 : delta[k] ?? 0;
    checked[k] = want;
    if (want !== got) mismatches[k] = { expected: want, actual: got };
  }
  return {
    status: Object.keys(mismatches).length === 0 ? 'matched' : 'mismatch',
    checked_at: checkedAt.toISOString(),
    expected_record_counts: { ...expected },
    before_counts: { ...before },
    after_counts: { ...after },
    actual_delta_counts: delta,
    checked_counts: checked,
    mismatches,
  };
}

/** The readback of a write that raised: nothing is compared, the error is kept. */
export function failedReadback(expected: Counts, before: Counts, error: string, checkedAt: Date = new Date()): Readback {
  return {
    status: 'failed',
    checked_at: checkedAt.toISOString(),
    expected_record_counts: { ...expected },
    before_counts: { ...before },
    after_counts: {},
    actual_delta_counts: {},
    checked_counts: { ...expected },
    mismatches: {},
    error,
  };
}

/** Before the first publish. */
export function notVerified(expected: Counts): Readback {
  return {
    status: 'not_verified', checked_at: null, expected_record_counts: { ...expected }, before_counts: {}, after_counts: {},
    actual_delta_counts: {}, checked_counts: {}, mismatches: {},
  };
}
