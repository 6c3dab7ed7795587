import { describe, expect, it } from 'vitest';
import { CsvRecordCounter } from './csvRecordCounter';

const count = (...pieces: string[]) => {
  const counter = new CsvRecordCounter();
  pieces.forEach((piece) => counter.push(piece));
  return counter.finish();
};

describe('CsvRecordCounter', () => {
  it('counts one record per line', () => {
    expect(count('a,b\n1,2\n3,4\n')).toBe(3);
  });

  it('counts a last record without a line break', () => {
    expect(count('a,b\n1,2')).toBe(2);
  });

  it('does not count line breaks, commas or doubled quotes inside quoted cells', () => {
    const essay = `"'=HYPERLINK(""http://evil.example""), said ""Ada""\nsecond line, with commas"`;
    expect(count(`First Name,essay3\nAda,${essay}\nGrace,plain\n`)).toBe(3);
  });

  it('keeps its state across pieces cut anywhere, even between two quotes', () => {
    const text = 'h1,h2\r\n"a ""quoted""\r\nvalue",x\r\nb,y\r\n';
    for (let cut = 0; cut <= text.length; cut += 1) {
      expect(count(text.slice(0, cut), text.slice(cut))).toBe(3);
    }
  });

  it('answers the records completed so far while the text is arriving', () => {
    const counter = new CsvRecordCounter();
    expect(counter.push('\uFEFFa,b\n1,"x\n')).toBe(1);
    expect(counter.push('y"\n2,')).toBe(2);
    expect(counter.finish()).toBe(3);
  });

  it('counts nothing in an empty text or a lone byte-order mark', () => {
    expect(count('')).toBe(0);
    expect(count('\uFEFF')).toBe(0);
  });
});
