// PLACEHOLDER while the reader is written (issue 16): refuses every workbook.

import { SluiceError } from '../errors.ts';
import type { ImportTypeEntry } from '../import-types.ts';
import type { NormalizedOptions } from '../options.ts';
import type { RowResult } from '../result/row.ts';
import type { FileResult } from '../result/stats.ts';

export type XlsxResult = FileResult & { sheet: { name: string; number: number; how: 'given' | 'default' } };

export class XlsxPipeline {
  constructor(_opts: NormalizedOptions, _entry: ImportTypeEntry) {}
  push(_bytes: Uint8Array): RowResult[] {
    return [];
  }
  end(): RowResult[] {
    throw new SluiceError('XLSX_UNREADABLE', 'not written yet', null);
  }
  result(): XlsxResult {
    throw new Error('not written yet');
  }
}
