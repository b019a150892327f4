// Checks a response body against server/openapi.json, the API's source of truth (SPEC §3.1).
// `validateResponse(method, path, status, body)` finds the operation whose path template matches
// the concrete request path (query string allowed), picks the response for the status (exact code,
// then `2XX`-style range, then `default`), follows `$ref`s into components and validates the body
// with Ajv: OpenAPI's `nullable` honoured, formats uuid and date-time checked, strict mode on so a
// typo in the document fails loudly instead of validating nothing.
// Given the response's headers too, it checks that every header the response marks `required` is
// present and that each documented header present matches its schema (integers as digits). It does
// not check request bodies or security; an unknown path or method is an error, except a 405 for a
// known path, which is checked against components.responses.MethodNotAllowed.
// `openapiDocument()` reads the document once and returns it deeply frozen.

import { readFileSync } from 'node:fs';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import ajvFormats from 'ajv-formats';

export type ValidationResult = { ok: true } | { ok: false; errors: string[] };

/** The parts of an OpenAPI 3.0 document this module reads; everything else passes through. */
export interface OpenApiDocument {
  readonly openapi: string;
  readonly paths: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly components?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly [key: string]: unknown;
}

const DOCUMENT_URL = new URL('../openapi.json', import.meta.url);
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
/** Schema keywords of OpenAPI 3.0 that JSON Schema draft-07 does not know (annotations only). */
const OPENAPI_KEYWORDS = ['example', 'externalDocs', 'xml', 'discriminator'];
/** Where component schemas live inside Ajv; `#/components/schemas/X` is rewritten to this. */
const COMPONENTS_ID = 'sluice-openapi-components';
const SCHEMA_REF = '#/components/schemas/';

let cachedDocument: OpenApiDocument | undefined;
let ajv: Ajv | undefined;
const validators = new Map<string, ValidateFunction>();

export function openapiDocument(): OpenApiDocument {
  if (!cachedDocument) {
    const doc: unknown = JSON.parse(readFileSync(DOCUMENT_URL, 'utf8'));
    if (!isObject(doc) || typeof doc.openapi !== 'string' || !isObject(doc.paths)) {
      throw new Error(`${DOCUMENT_URL.pathname} is not an OpenAPI document (no openapi or paths)`);
    }
    cachedDocument = deepFreeze(doc) as unknown as OpenApiDocument;
  }
  return cachedDocument;
}

/** What validateResponse reads of the response's headers (a fetch `Headers` fits). */
export interface HeaderSource {
  get(name: string): string | null;
}

export function validateResponse(method: string, path: string, status: number, body: unknown, headers?: HeaderSource): ValidationResult {
  const doc = openapiDocument();
  const m = method.toLowerCase();
  const template = matchPath(doc, path);
  if (template === undefined) return fail(`no path of the document matches ${path}`);
  const pathItem = doc.paths[template]!;
  const operation = pathItem[m];

  let responsePointer: string;
  if (isObject(operation)) {
    const responses = operation.responses;
    if (!isObject(responses)) return fail(`${m.toUpperCase()} ${template} has no responses`);
    const key = [String(status), `${String(status)[0]}XX`, 'default'].find((k) => k in responses);
    if (key === undefined) return fail(`${m.toUpperCase()} ${template} documents no response ${status}`);
    responsePointer = `#/paths/${escapePointer(template)}/${m}/responses/${key}`;
  } else if (status === 405 && METHODS.includes(m as (typeof METHODS)[number])) {
    responsePointer = '#/components/responses/MethodNotAllowed';
  } else {
    return fail(`${template} has no ${m.toUpperCase()} operation`);
  }

  let response: unknown;
  try {
    ({ value: response, pointer: responsePointer } = followRefs(doc, responsePointer));
  } catch (e) {
    return fail((e as Error).message);
  }
  if (!isObject(response)) return fail(`${responsePointer} is not a response object`);

  const headerErrors = headers ? checkHeaders(doc, response, responsePointer, headers) : [];
  const bodyResult = checkBody(doc, response, responsePointer, body);
  const errors = [...headerErrors, ...(bodyResult.ok ? [] : bodyResult.errors)];
  return errors.length === 0 ? { ok: true } : { ok: false, errors };
}

function checkHeaders(doc: OpenApiDocument, response: Record<string, unknown>, pointer: string, headers: HeaderSource): string[] {
  const documented = response.headers;
  if (!isObject(documented)) return [];
  const errors: string[] = [];
  for (const name of Object.keys(documented)) {
    let header: unknown;
    try {
      ({ value: header } = followRefs(doc, `${pointer}/headers/${escapePointer(name)}`));
    } catch (e) {
      errors.push((e as Error).message);
      continue;
    }
    if (!isObject(header)) {
      errors.push(`${pointer}/headers/${name} is not a header object`);
      continue;
    }
    const value = headers.get(name);
    if (value === null) {
      if (header.required === true) errors.push(`header ${name} is required and missing`);
      continue;
    }
    const schema = isObject(header.schema) ? header.schema : {};
    const typed = schema.type === 'integer' || schema.type === 'number' ? (/^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value) : value;
    const validate = validatorFor(doc, `${pointer}/headers/${name}/schema`, schema);
    if (!validate(typed)) errors.push(`header ${name}: ${JSON.stringify(value)} ${(validate.errors ?? []).map((e) => e.message).join(', ')}`);
  }
  return errors;
}

function checkBody(doc: OpenApiDocument, response: Record<string, unknown>, responsePointer: string, body: unknown): ValidationResult {
  const content = response.content;
  if (!isObject(content)) {
    return body === undefined || body === null || body === ''
      ? { ok: true }
      : fail(`${responsePointer} documents no body, got one`);
  }
  const media = content['application/json'];
  if (!isObject(media) || media.schema === undefined) return fail(`${responsePointer} has no application/json schema`);

  let validate: ValidateFunction;
  try {
    validate = validatorFor(doc, `${responsePointer}/content/application~1json/schema`, media.schema);
  } catch (e) {
    return fail(`schema at ${responsePointer} does not compile: ${(e as Error).message}`);
  }
  if (validate(body)) return { ok: true };
  return { ok: false, errors: (validate.errors ?? []).map(describeError) };
}

/** The path template matching a concrete path; literal segments beat `{param}` ones, leftmost first. */
function matchPath(doc: OpenApiDocument, path: string): string | undefined {
  const segments = path.replace(/[?#].*$/s, '').split('/');
  let best: { template: string; rank: string } | undefined;
  for (const template of Object.keys(doc.paths)) {
    const parts = template.split('/');
    if (parts.length !== segments.length) continue;
    let rank = '';
    let matches = true;
    for (let i = 0; i < parts.length && matches; i++) {
      const part = parts[i]!;
      const segment = segments[i]!;
      if (/^\{[^}]+\}$/.test(part)) {
        matches = segment !== '';
        rank += '0';
      } else {
        matches = part === segment;
        rank += '1';
      }
    }
    if (matches && (!best || rank > best.rank)) best = { template, rank };
  }
  return best?.template;
}

/** Resolves a local JSON pointer and then every `$ref` it lands on (responses may chain). */
function followRefs(doc: OpenApiDocument, pointer: string): { value: unknown; pointer: string } {
  const seen = new Set<string>();
  let value = resolvePointer(doc, pointer);
  while (isObject(value) && typeof value.$ref === 'string') {
    if (seen.has(value.$ref)) throw new Error(`$ref cycle at ${value.$ref}`);
    seen.add(value.$ref);
    pointer = value.$ref;
    value = resolvePointer(doc, pointer);
  }
  return { value, pointer };
}

function resolvePointer(doc: OpenApiDocument, ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`only local $refs are supported, got ${ref}`);
  let node: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObject(node) || !(key in node)) throw new Error(`$ref ${ref} does not resolve`);
    node = node[key];
  }
  return node;
}

function validatorFor(doc: OpenApiDocument, key: string, schema: unknown): ValidateFunction {
  let validate = validators.get(key);
  if (!validate) {
    validate = instance(doc).compile(toAjvSchema(schema) as object);
    validators.set(key, validate);
  }
  return validate;
}

function instance(doc: OpenApiDocument): Ajv {
  if (!ajv) {
    const a = new Ajv({ allErrors: true, strict: true, strictTypes: false });
    ajvFormats.default(a, ['uuid', 'date-time', 'date', 'email', 'uri']);
    a.addFormat('binary', true);
    a.addFormat('byte', true);
    a.addVocabulary(OPENAPI_KEYWORDS);
    a.addSchema({ $id: COMPONENTS_ID, $defs: toAjvSchema(doc.components?.schemas ?? {}) });
    ajv = a;
  }
  return ajv;
}

/**
 * A copy of an OpenAPI schema that Ajv can compile: component refs point into COMPONENTS_ID and
 * `x-` extensions are dropped. Any other `$ref` inside a schema is a document error.
 */
function toAjvSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toAjvSchema);
  if (!isObject(node)) return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    if (k.startsWith('x-')) continue;
    if (k === '$ref' && typeof v === 'string') {
      if (!v.startsWith(SCHEMA_REF)) throw new Error(`schema $ref ${v} is not under ${SCHEMA_REF}`);
      out.$ref = `${COMPONENTS_ID}#/$defs/${v.slice(SCHEMA_REF.length)}`;
    } else {
      out[k] = toAjvSchema(v);
    }
  }
  return out;
}

function describeError(e: ErrorObject): string {
  const at = `body${e.instancePath}`;
  const p = e.params as Record<string, unknown>;
  if (e.keyword === 'additionalProperties') return `${at} has unknown property ${String(p.additionalProperty)}`;
  if (e.keyword === 'enum') return `${at} ${e.message} (${(p.allowedValues as unknown[]).join(', ')})`;
  return `${at} ${e.message}`;
}

function escapePointer(s: string): string {
  return s.replace(/~/g, '~0').replace(/\//g, '~1');
}

function fail(message: string): ValidationResult {
  return { ok: false, errors: [message] };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function deepFreeze<T>(v: T): T {
  if (typeof v === 'object' && v !== null) {
    for (const child of Object.values(v)) deepFreeze(child);
    Object.freeze(v);
  }
  return v;
}
