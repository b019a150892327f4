// The page of test/browser.test.ts: a file input; the chosen file is read with the engine's web
// entry (bundled from the compiled package for the browser) and its rows and what was inferred
// are shown in <pre id="out"> as JSON.
import { readImport, SluiceError } from 'sluice/web';

const input = document.querySelector<HTMLInputElement>('#file')!;
const out = document.querySelector<HTMLPreElement>('#out')!;

input.addEventListener('change', async () => {
  const file = input.files?.[0];
  if (!file) return;
  try {
    const reader = readImport(file, { today: '2024-11-22' });
    const rows: unknown[] = [];
    for await (const row of reader) rows.push({ line: row.line, valid: row.valid, fields: row.fields, codes: row.issues.map((i) => i.code) });
    const result = await reader.result();
    out.textContent = JSON.stringify({ rows, encoding: result.encoding, number_format: result.inferred.number_format.value, rows_count: result.rows_count });
  } catch (err) {
    out.textContent = JSON.stringify({ error: err instanceof SluiceError ? `${err.code}: ${err.message}` : String(err) });
  }
  document.body.dataset['done'] = '1';
});
