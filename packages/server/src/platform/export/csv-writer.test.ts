import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv-parse';
import { csvCell, csvChunks, UTF8_BOM } from './csv-writer';
import type { ExportCell, ExportTable } from './table';

const table = (rows: ExportCell[][][], locale: 'en' | 'nb' = 'nb'): ExportTable => ({
  columns: [
    { header: 'Navn', type: 'text' },
    { header: 'Verdi (kr)', type: 'money' },
    { header: 'Levering', type: 'date' },
    { header: 'Nr.', type: 'number' },
  ],
  batches: (async function* () {
    yield* rows;
  })(),
  locale,
  yesNo: ['Ja', 'Nei'],
});

const text = async (source: ExportTable) => {
  let out = '';
  for await (const chunk of csvChunks(source)) out += chunk;
  return out;
};

describe('the CSV writer', () => {
  it('starts with the BOM, separates by semicolon, ends lines with CRLF, and types its cells', async () => {
    const out = await text(table([[['Skole Lørenskog', 1_234_550, '2026-11-27', 1042]]]));
    expect(out.startsWith(UTF8_BOM)).toBe(true);
    expect(out).toBe(
      `${UTF8_BOM}Navn;Verdi (kr);Levering;Nr.\r\nSkole Lørenskog;12345,50;27.11.2026;1042\r\n`,
    );
  });

  it('writes English amounts with a decimal point', async () => {
    const out = await text(table([[['A', -5, null, 1]]], 'en'));
    expect(out.split('\r\n')[1]).toBe('A;-0.05;;1');
  });

  it('quotes fields with the separator, quotes or line breaks (RFC 4180), and reads back the same', async () => {
    const awkward = ['Dør; vindu', 'Sier "hei"', 'Linje 1\r\nLinje 2', 'a,b'];
    const out = await text(table(awkward.map((name) => [[name, 0, null, 1]])));
    expect(out).toContain('"Dør; vindu"');
    expect(out).toContain('"Sier ""hei"""');
    expect(
      parseCsv(out)
        .slice(1)
        .map((row) => row[0]),
    ).toEqual(awkward);
  });

  it('guards cells that a spreadsheet would run as a formula', () => {
    const context = { locale: 'en' as const, yesNo: ['Yes', 'No'] as const };
    for (const start of ['=', '+', '-', '@', '\t']) {
      expect(csvCell(`${start}HYPERLINK("x")`, 'text', context).replace(/^"/, '')).toMatch(/^'/);
    }
    expect(csvCell('Vanlig tekst', 'text', context)).toBe('Vanlig tekst');
    // Amounts are ours: a negative number keeps its minus and stays a number.
    expect(csvCell(-150, 'money', context)).toBe('-1.50');
    expect(csvCell(true, 'text', context)).toBe('Yes');
  });

  it('stops reading rows when the stream is destroyed (the client went away)', async () => {
    let pagesRead = 0;
    let isStopped = false;
    const endless = (async function* () {
      try {
        for (;;) {
          pagesRead += 1;
          yield [['rad', 1, null, pagesRead]] as ExportCell[][];
        }
      } finally {
        isStopped = true;
      }
    })();
    const stream = Readable.from(csvChunks({ ...table([]), batches: endless }), { objectMode: false });
    for await (const _chunk of stream) {
      if (pagesRead >= 3) break;
    }
    expect(isStopped).toBe(true);
    expect(pagesRead).toBeLessThan(10);
  });
});
