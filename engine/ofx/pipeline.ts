// PLACEHOLDER while the reader is written (issue 16): refuses every file.

import { SluiceError } from '../errors.ts';
import type { NormalizedOptions } from '../options.ts';
import type { RowResult } from '../result/row.ts';
import type { StatementResult } from '../statement/statement.ts';

export class OfxPipeline {
  constructor(_opts: NormalizedOptions) {}
  push(_bytes: Uint8Array): RowResult[] {
    return [];
  }
  end(): RowResult[] {
    throw new SluiceError('STATEMENT_NOT_FORMAT', 'not written yet', null);
  }
  result(): StatementResult {
    throw new Error('not written yet');
  }
}
