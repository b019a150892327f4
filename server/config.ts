// Server settings from the environment (SPEC §3.1), read and checked once at start into a frozen
// object. A malformed value stops the start with a message naming the variable.

export interface Config {
  readonly host: string;
  readonly port: number;
  readonly databasePath: string;
  /** PostgreSQL (SPEC §3.13): when set, the store is there and databasePath is not used. */
  readonly databaseUrl: string | null;
  /** Whether `npm start` runs the publish worker beside the HTTP server (PUBLISH_WORKER=false: HTTP only, `sluice worker` publishes). */
  readonly publishWorker: boolean;
  readonly maxCsvBytes: number;
  readonly maxNdjsonBytes: number;
  readonly maxPdfBytes: number;
  readonly maxImportRows: number;
  /** What one family's stored imports (content and rows together) may take. */
  readonly maxFamilyStorageBytes: number;
  readonly rateLimitPerHour: number;
  readonly aiAvailable: boolean;
  readonly defaultCurrency: string;
  readonly maxJsonBodyBytes: number;
  readonly bootstrapApiKey: string | null;
  /** Origins a browser may call the API from (CORS), `*` for any; empty: CORS off. */
  readonly corsOrigins: readonly string[];
}

const MiB = 1024 * 1024;

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const v = env[name];
  if (v === undefined || v.trim() === '') return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be a whole number ≥ ${min} (got ${JSON.stringify(v)})`);
  return n;
}

function bool(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const v = env[name]?.trim().toLowerCase();
  if (v === undefined || v === '') return fallback;
  if (['true', '1', 'yes'].includes(v)) return true;
  if (['false', '0', 'no'].includes(v)) return false;
  throw new Error(`${name} must be true or false (got ${JSON.stringify(env[name])})`);
}

/** CORS_ORIGINS: comma-separated origins (`https://app.example.com`, `http://localhost:5173`) or `*`. */
function origins(text: string | undefined): string[] {
  const list = (text ?? '').split(',').map((o) => o.trim()).filter((o) => o !== '');
  for (const o of list) {
    if (o === '*') continue;
    let origin: string | null = null;
    try {
      origin = new URL(o).origin;
    } catch {
      origin = null;
    }
    if (origin !== o.replace(/\/$/, '')) throw new Error(`CORS_ORIGINS: ${JSON.stringify(o)} is not an origin such as https://app.example.com (scheme, host and port only), nor *`);
  }
  return list.map((o) => o.replace(/\/$/, ''));
}

/** Where the store is: the PostgreSQL URL when there is one, else the SQLite file. */
export function storeLocation(config: Pick<Config, 'databasePath' | 'databaseUrl'>): string {
  return config.databaseUrl ?? config.databasePath;
}

/** A database URL as it may be printed: without its password. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'URL';
  }
}

/** Whether a store location is a PostgreSQL URL rather than a SQLite file's path. */
export function isPgUrl(location: string): boolean {
  return /^postgres(ql)?:\/\/./i.test(location);
}

/** DATABASE_URL: a postgres:// or postgresql:// URL. */
function databaseUrl(text: string | undefined): string | null {
  const v = text?.trim();
  if (!v) return null;
  if (!isPgUrl(v)) throw new Error('DATABASE_URL must be a postgres:// (or postgresql://) URL');
  return v;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const key = env['SLUICE_BOOTSTRAP_API_KEY']?.trim() || null;
  if (key !== null && !/^[0-9a-f]{64}$/.test(key)) {
    throw new Error('SLUICE_BOOTSTRAP_API_KEY must be 64 lowercase hexadecimal characters');
  }
  const currency = (env['DEFAULT_CURRENCY']?.trim() || 'USD').toUpperCase();
  if (!Intl.supportedValuesOf('currency').includes(currency)) throw new Error(`DEFAULT_CURRENCY ${JSON.stringify(currency)} is not an ISO 4217 code`);
  return Object.freeze({
    host: env['HOST']?.trim() || '127.0.0.1',
    port: int(env, 'PORT', 3000),
    databasePath: env['DATABASE_PATH']?.trim() || './data/sluice.db',
    databaseUrl: databaseUrl(env['DATABASE_URL']),
    publishWorker: bool(env, 'PUBLISH_WORKER', true),
    maxCsvBytes: int(env, 'MAX_CSV_BYTES', 10 * MiB, 1),
    maxNdjsonBytes: int(env, 'MAX_NDJSON_BYTES', 100 * MiB, 1),
    maxPdfBytes: int(env, 'MAX_PDF_BYTES', 25 * MiB, 1),
    maxImportRows: int(env, 'MAX_IMPORT_ROWS', 1_000_000, 1),
    maxFamilyStorageBytes: int(env, 'MAX_FAMILY_STORAGE_BYTES', 1024 * MiB, 1),
    rateLimitPerHour: int(env, 'RATE_LIMIT_PER_HOUR', 1000),
    aiAvailable: bool(env, 'AI_AVAILABLE', true),
    defaultCurrency: currency,
    maxJsonBodyBytes: int(env, 'MAX_JSON_BODY_BYTES', 21 * MiB, 1),
    bootstrapApiKey: key,
    corsOrigins: Object.freeze(origins(env['CORS_ORIGINS'])),
  });
}
