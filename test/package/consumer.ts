// A strict TypeScript consumer of the packed engine (moduleResolution NodeNext), type-checked by
// .ci/engine-package.sh: valid options type-check, a wrong literal does not.
import { readImport, type ImportOptions, type NumberFormat, type FileResult } from 'sluice';
import { readImport as readWeb } from 'sluice/web';

const format: NumberFormat = '1.234,56';
const options: ImportOptions = { type: 'TransactionImport', number_format: format, col_sep: ';', signage_convention: 'inflows_positive' };
// @ts-expect-error: not a number format
const wrong: ImportOptions = { number_format: 'nope' };
// @ts-expect-error: not an import type
const wrongType: ImportOptions = { type: 'ExcelImport' };

export async function rowsOf(path: string): Promise<number> {
  const reader = readImport({ path }, options);
  let n = 0;
  for await (const row of reader) if (row.valid) n++;
  const result: FileResult = await reader.result();
  return n + result.invalid_rows_count;
}

export const fromBlob = (blob: Blob) => readWeb(blob, wrong.today === undefined ? {} : wrongType);
