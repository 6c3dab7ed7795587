import { PassThrough } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import { defuseFormula, writeCsv } from './csv.js';

async function written(headers: string[], rows: unknown[][]): Promise<string> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await writeCsv(out, headers, rows);
  return Buffer.concat(chunks).toString('utf8');
}

describe('the CSV writer', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\rA', "'\rA"],
    ['\nA', "'\nA"],
    ['   =1+1', "'   =1+1"],
    ['\u00A0=1', "'\u00A0=1"],
    ['＝1+1', "'＝1+1"],
    ['＋1', "'＋1"],
    ['－1', "'－1"],
    ['＠A', "'＠A"],
  ])('defuses %j as %j', (cell, defused) => {
    expect(defuseFormula(cell)).toBe(defused);
  });

  it.each([['Ada'], ['O=Brien'], ['a-b'], ['me@example.edu'], ["'quoted"], [''], [' Ada']])('leaves %j as it is', (cell) => {
    expect(defuseFormula(cell)).toBe(cell);
  });

  it('leaves numbers alone, negative ones too', () => {
    expect(defuseFormula(-3)).toBe(-3);
    expect(defuseFormula(2.5)).toBe(2.5);
  });

  it('writes a BOM, the header, and cells a parser reads back, quotes, commas and line breaks inside them', async () => {
    const text = await written(
      ['Name', 'Note', 'Hours'],
      [
        ['O"Brien, "Jr"', 'line\nbreak', 4],
        ['=HYPERLINK("http://evil.example","x")', ' spaced ', -2],
      ],
    );
    expect(text.startsWith('\uFEFFName,Note,Hours\n')).toBe(true);
    expect(parse(text.slice(1))).toEqual([
      ['Name', 'Note', 'Hours'],
      ['O"Brien, "Jr"', 'line\nbreak', '4'],
      [`'=HYPERLINK("http://evil.example","x")`, ' spaced ', '-2'],
    ]);
    // A defused cell is quoted whole, as OWASP advises: its apostrophe and the text stay one cell.
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
  });
});
