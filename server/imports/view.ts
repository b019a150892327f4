// The API's views of an import (seed §2.1–2.6, SPEC §3.5–3.6, §3.9): ImportDetail, the list item
// and a stored row. Status flags are derived here from the stored stats and blockers, in one place.

import type { ImportRow } from '../store/store.ts';
import type { Blocker } from './assess.ts';

export interface StatusDetail {
  uploaded: boolean;
  configured: boolean;
  terminal: boolean;
  cleaned: boolean;
  publishable: boolean;
  revertable: boolean;
}

export function blockersOfRow(row: ImportRow): Blocker[] {
  return row.blockers ? (JSON.parse(row.blockers) as Blocker[]) : [];
}

export function statusDetail(row: ImportRow): StatusDetail {
  const uploaded = row.uploaded === 1;
  const configured = uploaded && row.rows_count > 0 && row.type !== 'PdfImport';
  const cleaned = configured && row.invalid_rows_count === 0;
  const terminal = row.status === 'complete' || row.status === 'failed' || row.status === 'revert_failed';
  return {
    uploaded,
    configured,
    terminal,
    cleaned,
    publishable: (cleaned || row.type === 'NativeImport') && blockersOfRow(row).length === 0 && (row.status === 'pending' || row.status === 'failed'),
    revertable: row.status === 'complete' || row.status === 'revert_failed',
  };
}

export function importDetail(row: ImportRow) {
  const detail: Record<string, unknown> = {
    id: row.id,
    type: row.type,
    status: row.status,
    created_at: row.created_at,
    updated_at: row.updated_at,
    account_id: row.account_id,
    error: row.error,
    status_detail: statusDetail(row),
    configuration: JSON.parse(row.configuration),
    stats: {
      rows_count: row.rows_count,
      valid_rows_count: row.valid_rows_count,
      invalid_rows_count: row.invalid_rows_count,
      mappings_count: row.mappings_count,
      unassigned_mappings_count: row.unassigned_mappings_count,
    },
  };
  if (row.type === 'NativeImport' && row.verification) detail['verification'] = JSON.parse(row.verification);
  if (row.summary) detail['summary'] = JSON.parse(row.summary);
  const blockers = blockersOfRow(row);
  if (blockers.length > 0) detail['publish_blockers'] = blockers;
  return detail;
}

export function importListItem(row: ImportRow) {
  const d = statusDetail(row);
  const item: Record<string, unknown> = {
    id: row.id,
    type: row.type,
    status: row.status,
    created_at: row.created_at,
    updated_at: row.updated_at,
    account_id: row.account_id,
    rows_count: row.rows_count,
    status_detail: { uploaded: d.uploaded, configured: d.configured, terminal: d.terminal },
  };
  if (row.error !== null) item['error'] = row.error;
  return item;
}

export function pageMeta(page: number, perPage: number, total: number) {
  const totalPages = Math.ceil(total / perPage);
  return {
    current_page: page,
    next_page: page < totalPages ? page + 1 : null,
    prev_page: page > 1 ? Math.min(page - 1, Math.max(totalPages, 1)) : null,
    total_pages: totalPages,
    total_count: total,
    per_page: perPage,
  };
}
