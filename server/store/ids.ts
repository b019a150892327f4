// Ids, timestamps, name keys and API key hashes. Primary keys are UUIDv7 (RFC 9562):
// time-ordered, so SQLite appends to the end of its indexes instead of scattering inserts (random
// v4 keys measured about 3× slower).

import { createHash, randomFillSync } from 'node:crypto';

let lastMs = 0;
let seq = 0;
// Random bytes drawn 4 KiB at a time: one call into the CSPRNG per 512 ids instead of one per id
// (a publish of 100,000 rows spent a quarter of its time there).
const POOL = Buffer.alloc(4096);
let poolAt = POOL.length;
// The id is written as hex straight into one reused buffer and read out as one string: no Buffer
// and no slices per id (a third of the time of toString('hex') and five slices).
const OUT = Buffer.from('00000000-0000-0000-0000-000000000000', 'latin1');
const HEX = Buffer.from('0123456789abcdef', 'latin1');
/** Where byte k of the 16 goes in the text (the dashes between). */
const AT = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34];

function put(k: number, byte: number): void {
  const at = AT[k]!;
  OUT[at] = HEX[byte >>> 4]!;
  OUT[at + 1] = HEX[byte & 15]!;
}

/**
 * A UUIDv7: 48 bits of Unix milliseconds, the version, 12 bits of a counter within the same
 * millisecond (so ids made in one millisecond still sort in the order made), the variant, and 62
 * random bits.
 */
export function uuidv7(): string {
  let ms = Date.now();
  if (ms <= lastMs) {
    // Same millisecond (or a clock step back): keep order with a counter in the random bits; past
    // its 4,096 values, on to the next millisecond (RFC 9562 §6.2: the clock runs ahead a little).
    ms = lastMs;
    if (++seq > 0xfff) {
      ms = ++lastMs;
      seq = 0;
    }
  } else {
    lastMs = ms;
    seq = 0;
  }
  if (poolAt + 8 > POOL.length) {
    randomFillSync(POOL);
    poolAt = 0;
  }
  const r = poolAt;
  poolAt += 8;
  put(0, (ms / 2 ** 40) & 0xff);
  put(1, (ms / 2 ** 32) & 0xff);
  put(2, (ms >>> 24) & 0xff);
  put(3, (ms >>> 16) & 0xff);
  put(4, (ms >>> 8) & 0xff);
  put(5, ms & 0xff);
  put(6, 0x70 | ((seq >>> 8) & 0x0f));
  put(7, seq & 0xff);
  put(8, 0x80 | (POOL[r]! & 0x3f));
  for (let k = 1; k < 8; k++) put(8 + k, POOL[r + k]!);
  return OUT.toString('latin1', 0, 36);
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export function isUuid(s: unknown): s is string {
  return typeof s === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);
}

/** ISO-8601 UTC with milliseconds and Z. */
export const now = (): string => new Date().toISOString();

/** The key used for names unique within a family: trimmed, lower-cased (full Unicode). */
export const nameKey = (name: string): string => name.trim().toLowerCase();

/** What is stored of an API key: its SHA-256 (the key itself is shown once, never stored). */
export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}
