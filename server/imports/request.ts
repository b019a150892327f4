// The fields of POST /api/v1/imports (SPEC §3.4 steps 1–2) turned into a checked request: the
// import type, the engine options (validated by the engine's own normalizeOptions, so the server
// never re-implements a rule), the target account and the publish flag. Every problem is
// collected and returned together for one 422 validation_failed.

import {
  CALLER_OPTIONS, IMPORT_TYPES, nearest, normalizeOptions, OPTION_NAMES, OptionsError, type ImportOptions, type ImportType,
  type NormalizedOptions, type OptionName,
} from 'sluice';
import { isUuid } from '../store/ids.ts';

/** Request fields that are engine options: the engine's list, less the type (its own field) and what the server decides. */
export const OPTION_FIELDS = OPTION_NAMES.filter(
  (o): o is Exclude<OptionName, 'type' | (typeof CALLER_OPTIONS)[number]> => o !== 'type' && !(CALLER_OPTIONS as readonly string[]).includes(o),
);

/** The fields ImportConfiguration reports: the seed's ten (seed §2.3), and col_sep and encoding (SPEC §3.11). */
export const CONFIGURATION_FIELDS = [
  'date_col_label', 'amount_col_label', 'name_col_label', 'category_col_label', 'tags_col_label', 'notes_col_label',
  'account_col_label', 'date_format', 'number_format', 'signage_convention', 'col_sep', 'encoding',
] as const;

export interface ImportRequest {
  type: ImportType;
  /** Engine options as sent (strings), without server-decided ones (today, currency): what is stored and shown. */
  options: ImportOptions;
  /**
   * The same options as the engine's normalizeOptions() checked them, with the type and today's
   * date: normalized once, here, and handed to the engine as they are (ingest.ts adds the
   * account's currency).
   */
  normalized: NormalizedOptions;
  configuration: Record<(typeof CONFIGURATION_FIELDS)[number], string | null>;
  accountId: string | null;
  publish: boolean;
}

export type Fields = Record<string, unknown>;

function asText(fields: Fields, name: string, errors: string[]): string | null {
  const v = fields[name];
  if (v === undefined || v === null) return null;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  errors.push(`${name} must be a string`);
  return null;
}

/** Every field POST /api/v1/imports takes, besides the file part of a form. */
const REQUEST_FIELDS = new Set<string>([...OPTION_FIELDS, 'type', 'account_id', 'publish', 'raw_file_content']);

/** The checks on a request that need the store (is account_id an account of this family?). */
export type AccountCheck = (id: string) => Promise<string[]>;

/**
 * Checks the fields; returns the request or every problem found. `accountErrors` adds the checks
 * that need the store to the same list.
 */
export async function parseImportRequest(fields: Fields, accountErrors: AccountCheck = async () => []): Promise<ImportRequest | { errors: string[] }> {
  const errors: string[] = [];
  for (const name of Object.keys(fields)) {
    if (REQUEST_FIELDS.has(name)) continue;
    if (name === 'file') {
      errors.push(`file was sent as a text field (${JSON.stringify(String(fields[name]).slice(0, 60))}), not as a file: send the file itself (curl -F file=@statement.csv)`);
    } else {
      const near = nearest(name, REQUEST_FIELDS);
      errors.push(`${name} is not a field of an import${near ? `; did you mean ${near}?` : ''}`);
    }
  }
  const typeText = asText(fields, 'type', errors);
  let type: ImportType = 'TransactionImport';
  if (typeText !== null && typeText.trim() !== '') {
    if ((IMPORT_TYPES as readonly string[]).includes(typeText.trim())) type = typeText.trim() as ImportType;
    else errors.push(`type must be one of ${IMPORT_TYPES.join(', ')} (got ${JSON.stringify(typeText)})`);
  }

  const options: Record<string, string> = {};
  for (const f of OPTION_FIELDS) {
    const v = asText(fields, f, errors);
    if (v !== null && (f === 'col_sep' ? v !== '' : v.trim() !== '')) options[f] = v;
  }
  let normalized: NormalizedOptions | null = null;
  try {
    normalized = normalizeOptions({ ...options, type, today: new Date() });
  } catch (e) {
    if (!(e instanceof OptionsError)) throw e;
    for (const p of e.problems) if (p.option !== 'type') errors.push(p.message);
  }

  const accountText = asText(fields, 'account_id', errors);
  const accountId = accountText === null || accountText.trim() === '' ? null : accountText.trim().toLowerCase();
  if (accountId !== null && !isUuid(accountId)) errors.push(`account_id must be a UUID (got ${JSON.stringify(accountId)})`);
  else if (accountId !== null) errors.push(...await accountErrors(accountId.toLowerCase()));

  const publishRaw = fields['publish'];
  let publish = false;
  if (publishRaw === true || publishRaw === 'true') publish = true;
  else if (publishRaw !== undefined && publishRaw !== null && publishRaw !== false && publishRaw !== 'false' && publishRaw !== '') {
    errors.push(`publish must be "true" or "false" (got ${JSON.stringify(publishRaw)})`);
  }

  if (errors.length > 0 || normalized === null) return { errors };
  const configuration = Object.fromEntries(CONFIGURATION_FIELDS.map((f) => [f, options[f] ?? null])) as ImportRequest['configuration'];
  return { type, options, normalized, configuration, accountId, publish };
}
