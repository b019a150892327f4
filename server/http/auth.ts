// API keys and the rate limit (SPEC §3.2). One 401 body for a missing, unknown or revoked key (no
// hint which); `read` keys may only GET; everything is scoped to the key owner's family (handlers
// read req.auth). The rate limit counts requests per key per clock hour: in memory on SQLite (one
// server; a restart starts a new count, documented in README), in the database on PostgreSQL
// (several servers share one count: Store.countRequest), and every authenticated response carries
// the X-RateLimit headers.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { KeyOwner, Scope, Store } from '../store/store.ts';
import { ApiError } from './errors.ts';

export interface AuthedRequest extends IncomingMessage {
  auth?: KeyOwner;
}

const HOUR = 3600;

/** Counts one request of a key in a clock hour (hours since the epoch); the count so far, this one included. */
export type RequestCounter = (keyId: string, hour: number) => Promise<number>;

/** Counts in this process's memory (one server on a SQLite file), forgetting past hours. */
export function memoryCounter(): RequestCounter {
  let current = -1;
  let counts = new Map<string, number>();
  return async (keyId, hour) => {
    if (hour !== current) {
      current = hour;
      counts = new Map();
    }
    const n = (counts.get(keyId) ?? 0) + 1;
    counts.set(keyId, n);
    return n;
  };
}

export class RateLimiter {
  private readonly limit: number;
  private readonly counter: RequestCounter;

  /** `counter`: the store's when it has one (several processes share the count), else memory. */
  constructor(limitPerHour: number, counter: RequestCounter = memoryCounter()) {
    this.limit = limitPerHour;
    this.counter = counter;
  }

  /** Counts one request (not when the limit is off); returns the headers to send and whether it is over the limit. */
  async hit(keyId: string, nowMs = Date.now()): Promise<{ headers: Record<string, string>; over: boolean; current: number; resetIn: number }> {
    const sec = Math.floor(nowMs / 1000);
    const hour = Math.floor(sec / HOUR);
    const reset = (hour + 1) * HOUR;
    const resetIn = reset - sec;
    if (this.limit === 0) return { headers: {}, over: false, current: 0, resetIn };
    const current = await this.counter(keyId, hour);
    return {
      headers: {
        'X-RateLimit-Limit': String(this.limit),
        'X-RateLimit-Remaining': String(Math.max(0, this.limit - current)),
        'X-RateLimit-Reset': String(reset),
      },
      over: current > this.limit,
      current,
      resetIn,
    };
  }

  get perHour(): number {
    return this.limit;
  }
}

const UNAUTHORIZED = () => new ApiError(401, 'unauthorized', 'A valid API key is required in the X-Api-Key header');

/** Authenticates the request, applies the rate limit and the scope; sets req.auth. */
export async function authenticate(store: Store, limiter: RateLimiter, req: AuthedRequest, res: ServerResponse, scope: Scope): Promise<KeyOwner> {
  const header = req.headers['x-api-key'];
  const key = Array.isArray(header) ? header[0] : header;
  const owner = key ? await store.users.keyOwner(key.trim()) : undefined;
  if (!owner) throw UNAUTHORIZED();
  const rate = await limiter.hit(owner.key_id);
  for (const [k, v] of Object.entries(rate.headers)) res.setHeader(k, v);
  if (rate.over) {
    throw new ApiError(429, 'rate_limit_exceeded', `Rate limit of ${limiter.perHour} requests per hour exceeded`, {
      details: { limit: limiter.perHour, current: rate.current, reset_in_seconds: rate.resetIn },
    }, { 'Retry-After': String(rate.resetIn) });
  }
  if (scope === 'read_write' && owner.scope !== 'read_write') {
    throw new ApiError(403, 'insufficient_scope', "This action requires the 'write' scope");
  }
  req.auth = owner;
  return owner;
}
