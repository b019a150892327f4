// The engine in a browser (SPEC §7): test/browser/page.ts, bundled by esbuild from the compiled
// package's web entry for the browser platform (a Node API anywhere in what it reaches fails the
// bundle), served over real HTTP on port 0, opened in headless Chromium (Debian's package, driven
// by playwright-core); a CSV file is chosen in the page's file input, and the page shows its rows.
// Skipped where Chromium is not installed, except under CI, where .ci/run installs it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const missing = !existsSync(CHROMIUM);
if (missing && process.env['CI']) throw new Error(`Chromium is not at ${CHROMIUM}; .ci/run installs it (apt-get install chromium)`);

const PAGE = `<!doctype html><meta charset="utf-8"><title>sluice</title>
<input type="file" id="file" accept=".csv,text/csv"><pre id="out"></pre>
<script type="module" src="/page.js"></script>`;

/** A Polish bank export in windows-1250 with decimal commas: the code page is found with TextDecoder alone. */
const CSV = Buffer.concat([
  Buffer.from('Data operacji;Opis operacji;Kwota\n', 'latin1'),
  Buffer.from('02.01.2024;Wyp', 'latin1'), Buffer.from([0xb3]), Buffer.from('ata w bankomacie;-200,00\n', 'latin1'),
  Buffer.from('03.01.2024;Przelew przychodz', 'latin1'), Buffer.from([0xb9]), Buffer.from('cy;1 234,56\n', 'latin1'),
]);

test('a CSV file chosen in a page is read in headless Chromium and its rows are shown', { skip: missing && `no Chromium at ${CHROMIUM}` }, async () => {
  // The compiled package, not the sources: tsconfig.build.json maps no paths.
  const bundle = await build({
    entryPoints: [fileURLToPath(new URL('./browser/page.ts', import.meta.url))],
    bundle: true, platform: 'browser', format: 'esm', write: false, logLevel: 'silent',
    tsconfig: `${ROOT}/tsconfig.build.json`, absWorkingDir: ROOT,
  });
  const js = bundle.outputFiles[0]!.text;
  assert.ok(!/iconv-lite|node:buffer/.test(js), 'the browser bundle holds no Node code');

  const server = createServer((req, res) => {
    if (req.url === '/page.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(js);
    else if (req.url === '/') res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await page.setInputFiles('#file', { name: 'wyciag.csv', mimeType: 'text/csv', buffer: CSV });
    await page.waitForSelector('body[data-done="1"]', { timeout: 15_000 });
    const shown = JSON.parse((await page.textContent('#out')) ?? 'null') as {
      rows: { line: number; valid: boolean; fields: Record<string, unknown> }[]; encoding: string; number_format: string; rows_count: number;
    };
    assert.deepEqual(errors, []);
    assert.equal(shown.encoding, 'windows-1250');
    assert.equal(shown.number_format, '1 234,56');
    assert.deepEqual(shown.rows.map((r) => [r.line, r.valid, r.fields['date'], r.fields['amount'], r.fields['name']]), [
      [2, true, '2024-01-02', '-200.00', 'Wypłata w bankomacie'],
      [3, true, '2024-01-03', '1234.56', 'Przelew przychodzący'],
    ]);
  } finally {
    await browser.close();
    server.close();
  }
});
