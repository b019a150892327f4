// Row readers for the non-transaction CSV types (SPEC §2.7): TradeImport, AccountImport,
// CategoryImport, MerchantImport and RuleImport. Each checks its required fields and normalizes
// the rest; see transaction.ts for TransactionImport.

import { accountableType } from '../parse/account-type.ts';
import { multiply, negate } from '../parse/decimal.ts';
import { isWebsite, normalizeColor, parseBoolean } from '../parse/text.ts';
import { MAX_JSON_DEPTH, tooDeep } from '../parse/json-depth.ts';
import type { RowFields, RowIssues } from '../result/row.ts';
import { cellAt, columnsOf, orNull, readCurrency, readDate, readDecimal, requireText, type ReaderSetup, type RowReader } from './values.ts';

/** qty is signed (negative = sell); signed_amount = qty × price, negated under inflows_negative. */
export function tradeReader(setup: ReaderSetup): RowReader {
  const col = columnsOf(setup.map);
  return (cells, issues): RowFields => {
    const date = readDate(setup, issues, cellAt(cells, col.date), 'date', true);
    const ticker = requireText(issues, cellAt(cells, col.ticker), 'ticker');
    const qty = readDecimal(setup, issues, cellAt(cells, col.qty), 'qty', true);
    const price = readDecimal(setup, issues, cellAt(cells, col.price), 'price', true);
    const amount = qty !== null && price !== null ? multiply(qty, price) : null;
    const signed = amount === null ? null : setup.opts.signage_convention === 'inflows_positive' ? amount : negate(amount);
    const mic = cellAt(cells, col.exchange_operating_mic);
    return {
      date,
      ticker: ticker === null ? null : ticker.toUpperCase(),
      qty,
      price,
      amount,
      signed_amount: signed,
      currency: readCurrency(setup, issues, cellAt(cells, col.currency), null),
      exchange_operating_mic: mic === '' ? null : mic.toUpperCase(),
      name: orNull(cellAt(cells, col.name)),
      account: orNull(cellAt(cells, col.account)),
      notes: orNull(cellAt(cells, col.notes)),
    };
  };
}

/** The balance is the amount; entity_type keeps the type as written, accountable_type its class. */
export function accountReader(setup: ReaderSetup): RowReader {
  const col = columnsOf(setup.map);
  return (cells, issues): RowFields => {
    const name = requireText(issues, cellAt(cells, col.name), 'name');
    const amount = readDecimal(setup, issues, cellAt(cells, col.amount), 'amount', true);
    const entity = cellAt(cells, col.entity_type);
    const cls = entity === '' ? null : accountableType(entity);
    if (entity !== '' && cls === null) {
      issues.add('ROW_ACCOUNT_TYPE_UNMATCHED', 'entity_type', `account type ${JSON.stringify(entity)} matches none of the account classes`, entity);
    }
    const dateText = cellAt(cells, col.date);
    return {
      name,
      amount,
      currency: readCurrency(setup, issues, cellAt(cells, col.currency), null),
      entity_type: orNull(entity),
      accountable_type: cls,
      date: dateText === '' ? null : readDate(setup, issues, dateText, 'date', false),
      notes: orNull(cellAt(cells, col.notes)),
    };
  };
}

function readColor(issues: RowIssues, text: string): string | null {
  if (text === '') return null;
  const c = normalizeColor(text);
  if (c === null) issues.add('ROW_COLOR_INVALID', 'color', `color ${JSON.stringify(text)} is not a #RRGGBB colour`, text);
  return c;
}

export function categoryReader(setup: ReaderSetup): RowReader {
  const col = columnsOf(setup.map);
  return (cells, issues): RowFields => ({
    name: requireText(issues, cellAt(cells, col.name), 'name'),
    color: readColor(issues, cellAt(cells, col.color)),
    parent: orNull(cellAt(cells, col.parent_category)),
    icon: orNull(cellAt(cells, col.icon)),
  });
}

export function merchantReader(setup: ReaderSetup): RowReader {
  const col = columnsOf(setup.map);
  return (cells, issues): RowFields => {
    const website = cellAt(cells, col.website);
    if (website !== '' && !isWebsite(website)) {
      issues.add('ROW_URL_INVALID', 'website', `website ${JSON.stringify(website)} is not a web address`, website);
    }
    return {
      name: requireText(issues, cellAt(cells, col.name), 'name'),
      color: readColor(issues, cellAt(cells, col.color)),
      website: website === '' || !isWebsite(website) ? null : website,
    };
  };
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
const isObject = (v: Json): v is { [k: string]: Json } => typeof v === 'object' && v !== null && !Array.isArray(v);

function readJsonArray(issues: RowIssues, text: string, field: string): Json[] | null {
  if (requireText(issues, text, field) === null) return null;
  let v: Json;
  try {
    v = JSON.parse(text) as Json;
  } catch (e) {
    issues.add('ROW_JSON_INVALID', field, `${field} is not valid JSON: ${(e as Error).message}`, text);
    return null;
  }
  if (!Array.isArray(v)) {
    issues.add('ROW_JSON_INVALID', field, `${field} must be a JSON array`, text);
    return null;
  }
  if (tooDeep(v)) {
    issues.add('ROW_TOO_DEEP', field, `${field} nests arrays or objects deeper than ${MAX_JSON_DEPTH} levels`, text.length > 200 ? text.slice(0, 200) + '…' : text);
    return null;
  }
  return v;
}

function checkConditions(issues: RowIssues, list: Json[], raw: string, depth = 0): boolean {
  for (const c of list) {
    const sub = isObject(c) ? c['sub_conditions'] : undefined;
    if (!isObject(c) || typeof c['condition_type'] !== 'string' || c['condition_type'] === '') {
      issues.add('ROW_RULE_INVALID', 'conditions', 'each condition needs a condition_type', raw);
      return false;
    }
    if (Array.isArray(sub) && sub.length > 0) {
      if (depth > 0 || !checkConditions(issues, sub, raw, depth + 1)) {
        if (depth > 0) issues.add('ROW_RULE_INVALID', 'conditions', 'sub_conditions nest one level at most', raw);
        return false;
      }
    } else if (typeof c['operator'] !== 'string' || c['operator'] === '') {
      issues.add('ROW_RULE_INVALID', 'conditions', `condition ${c['condition_type']} needs an operator`, raw);
      return false;
    }
  }
  return true;
}

/** conditions and actions are JSON arrays; categories, merchants and tags are named by name. */
export function ruleReader(setup: ReaderSetup): RowReader {
  const col = columnsOf(setup.map);
  return (cells, issues): RowFields => {
    const resource = requireText(issues, cellAt(cells, col.resource_type), 'resource_type');
    if (resource !== null && resource.toLowerCase() !== 'transaction') {
      issues.add('ROW_VALUE_INVALID', 'resource_type', `resource_type must be "transaction" (got ${JSON.stringify(resource)})`, resource);
    }
    const activeText = cellAt(cells, col.active);
    const active = activeText === '' ? true : parseBoolean(activeText);
    if (active === null) issues.add('ROW_BOOLEAN_INVALID', 'active', `active ${JSON.stringify(activeText)} is not true or false`, activeText);
    const conditionsText = cellAt(cells, col.conditions);
    const conditions = readJsonArray(issues, conditionsText, 'conditions');
    if (conditions) checkConditions(issues, conditions, conditionsText);
    const actionsText = cellAt(cells, col.actions);
    const actions = readJsonArray(issues, actionsText, 'actions');
    if (actions) {
      if (actions.length === 0) issues.add('ROW_RULE_INVALID', 'actions', 'a rule needs at least one action', actionsText);
      else if (!actions.every((a) => isObject(a) && typeof a['action_type'] === 'string' && a['action_type'] !== '')) {
        issues.add('ROW_RULE_INVALID', 'actions', 'each action needs an action_type', actionsText);
      }
    }
    const dateText = cellAt(cells, col.effective_date);
    return {
      name: orNull(cellAt(cells, col.name)),
      resource_type: resource === null ? null : resource.toLowerCase(),
      active,
      effective_date: dateText === '' ? null : readDate(setup, issues, dateText, 'effective_date', false),
      conditions,
      actions,
    };
  };
}
