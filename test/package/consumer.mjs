// A plain-Node consumer of the packed engine (.ci/engine-package.sh installs the tarball beside
// this file's copy and runs it with `node`, no TypeScript loader): reads a CSV and a QIF file
// through the package's own entry and checks what it read.
import { readImport, checkImport, SluiceError } from 'sluice';
import { readImport as readWeb } from 'sluice/web';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';

const csv = 'Buchungstag;Verwendungszweck;Betrag\n02.01.2024;Kaffee;-3,50\n03.01.2024;Gehalt;2.500,00\n';
writeFileSync('statement.csv', csv);
const reader = readImport({ path: 'statement.csv' }, { today: '2024-11-22' });
const rows = [];
for await (const row of reader) rows.push(row);
const result = await reader.result();
assert.deepEqual(rows.map((r) => [r.fields.date, r.fields.amount, r.fields.name]), [['2024-01-02', '-3.50', 'Kaffee'], ['2024-01-03', '2500.00', 'Gehalt']]);
assert.equal(result.inferred.number_format.value, '1.234,56');

const qif = '!Type:Bank\nD01/02/2024\nT-12.50\nPCoffee shop\n^\nD01/03/2024\nT100.00\nPRefund\n^\n';
const q = await checkImport(qif, { type: 'QifImport', date_format: '%m/%d/%Y' });
assert.equal(q.rows_count, 2);
assert.equal(q.invalid_rows_count, 0);

// The web entry reads a Blob with TextDecoder alone, and refuses a path with a clear message.
const web = readWeb(new Blob([csv]), { today: '2024-11-22' });
let n = 0;
for await (const _ of web) n++;
assert.equal(n, 2);

assert.throws(() => readImport('x', { number_format: 'nope' }), SluiceError);
console.log(`consumer: read ${rows.length} CSV rows and ${q.rows_count} QIF rows through the packed engine`);
