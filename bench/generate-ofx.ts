// The seeded OFX statement of the benchmark: an OFX 1.02 SGML bank download (the shape most banks
// still send) with `transactions` STMTTRN records spread over four checking and savings accounts,
// each statement closed by its LEDGERBAL. Deterministic: the same count gives the same bytes.
//
//   const { transactions, bytes } = await generateOfx('bench/.cache/statement.ofx', 290_000);  // ≈ 50 MB
//
// The records vary as real downloads do: leaves without end tags (most) and with them (one in ten
// records, as some servers write), DTPOSTED as a day or with a time and a `[-5:EST]` zone, DTUSER
// on some, CHECKNUM on checks, MEMO on most, names with `&amp;` and a raw `&` (both kept, as
// OFX 1.x servers write them), two-space indentation, LF line ends. Every record is valid, so
// the engine must report `transactions` rows and no invalid row. Dates fall in 2015–2023 (the
// bench's `today` is 2024-11-22). Written in 64 KiB pieces that wait for 'drain', so memory stays
// flat whatever the count.

import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { rng } from './generate.ts';

const SEED = 20241127;
const ACCOUNTS = [['CHECKING', '000123456789'], ['SAVINGS', '000987654321'], ['CHECKING', '000555000111'], ['SAVINGS', '000555000222']] as const;
const NAMES = ['WHOLE FOODS MARKET #10234', 'SHELL OIL 57442', 'AMAZON.COM*MK1AB2CD3', 'NETFLIX.COM', 'STARBUCKS STORE 0815',
  'UBER   TRIP', 'ACME PAYROLL', 'CITY UTILITIES', 'AT&amp;T WIRELESS', 'FISH & CHIPS LTD', 'TRANSFER TO SAVINGS', 'ATM WITHDRAWAL'];
const MEMOS = ['POS PURCHASE', 'DEBIT CARD PURCHASE CARD 1234', 'RECURRING PAYMENT', 'ONLINE TRANSFER REF 77120', 'DIRECT DEPOSIT'];
const TYPES = ['DEBIT', 'POS', 'PAYMENT', 'CHECK', 'CREDIT', 'DIRECTDEP', 'XFER', 'ATM'];

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

const HEADER = `OFXHEADER:100
DATA:OFXSGML
VERSION:102
SECURITY:NONE
ENCODING:USASCII
CHARSET:1252
COMPRESSION:NONE
OLDFILEUID:NONE
NEWFILEUID:NONE

<OFX>
<SIGNONMSGSRSV1>
  <SONRS>
    <STATUS>
      <CODE>0
      <SEVERITY>INFO
    </STATUS>
    <DTSERVER>20241122120000.000[-5:EST]
    <LANGUAGE>ENG
  </SONRS>
</SIGNONMSGSRSV1>
<BANKMSGSRSV1>
`;

function statementStart(i: number): string {
  const [type, id] = ACCOUNTS[i % ACCOUNTS.length]!;
  return `  <STMTTRNRS>
    <TRNUID>${i + 1}
    <STATUS>
      <CODE>0
      <SEVERITY>INFO
    </STATUS>
    <STMTRS>
      <CURDEF>USD
      <BANKACCTFROM>
        <BANKID>121000248
        <ACCTID>${id}
        <ACCTTYPE>${type}
      </BANKACCTFROM>
      <BANKTRANLIST>
        <DTSTART>20150101
        <DTEND>20231231
`;
}

const statementEnd = (balance: string) => `      </BANKTRANLIST>
      <LEDGERBAL>
        <BALAMT>${balance}
        <DTASOF>20231231
      </LEDGERBAL>
    </STMTRS>
  </STMTTRNRS>
`;

/** One STMTTRN; `n` makes its FITID unique. */
function record(r: () => number, n: number): { text: string; cents: number } {
  const y = 2015 + Math.floor(r() * 9), m = 1 + Math.floor(r() * 12), d = 1 + Math.floor(r() * 28);
  const day = `${y}${pad(m)}${pad(d)}`;
  const type = TYPES[Math.floor(r() * TYPES.length)]!;
  const inflow = type === 'CREDIT' || type === 'DIRECTDEP';
  const cents = Math.floor(r() * (r() < 0.05 ? 500000 : 20000)) + 1;
  const signed = inflow ? cents : -cents;
  const amount = `${signed < 0 ? '-' : ''}${Math.floor(Math.abs(signed) / 100)}.${pad(Math.abs(signed) % 100)}`;
  const closed = r() < 0.1;
  const leaf = (tag: string, value: string) => `          <${tag}>${value}${closed ? `</${tag}>` : ''}\n`;
  let text = '        <STMTTRN>\n' + leaf('TRNTYPE', type);
  text += leaf('DTPOSTED', r() < 0.5 ? day : `${day}${pad(Math.floor(r() * 24))}${pad(Math.floor(r() * 60))}00.000[-5:EST]`);
  if (r() < 0.3) text += leaf('DTUSER', day);
  text += leaf('TRNAMT', amount);
  text += leaf('FITID', `${day}${pad(n, 9)}`);
  if (type === 'CHECK') text += leaf('CHECKNUM', String(1000 + (n % 9000)));
  text += leaf('NAME', NAMES[Math.floor(r() * NAMES.length)]!);
  if (r() < 0.7) text += leaf('MEMO', MEMOS[Math.floor(r() * MEMOS.length)]!);
  return { text: text + '        </STMTTRN>\n', cents: signed };
}

export async function generateOfx(path: string, transactions: number): Promise<{ transactions: number; bytes: number }> {
  const r = rng(SEED);
  const out = createWriteStream(path);
  let bytes = 0;
  let buf = HEADER;
  const flush = async (force: boolean) => {
    if (buf.length < 65536 && !force) return;
    bytes += Buffer.byteLength(buf);
    if (!out.write(buf)) await once(out, 'drain');
    buf = '';
  };
  const statements = ACCOUNTS.length;
  let n = 0;
  for (let s = 0; s < statements; s++) {
    buf += statementStart(s);
    const count = Math.floor(transactions / statements) + (s < transactions % statements ? 1 : 0);
    let total = 0;
    for (let i = 0; i < count; i++) {
      const rec = record(r, n++);
      buf += rec.text;
      total += rec.cents;
      await flush(false);
    }
    buf += statementEnd(`${total < 0 ? '-' : ''}${Math.floor(Math.abs(total) / 100)}.${pad(Math.abs(total) % 100)}`);
  }
  buf += '</BANKMSGSRSV1>\n</OFX>\n';
  await flush(true);
  out.end();
  await once(out, 'close');
  return { transactions: n, bytes };
}
