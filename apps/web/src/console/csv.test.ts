import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';

describe('toCsv', () => {
  it('writes a BOM, CRLF lines and quotes cells that need it', () => {
    const text = toCsv(
      ['笔名', '备注'],
      [
        ['墨客', 'a,b'],
        ['青衫', 'say "hi"'],
        ['两行', 'x\ny'],
        [null, 12],
      ],
    );
    expect(text).toBe('\uFEFF笔名,备注\r\n墨客,"a,b"\r\n青衫,"say ""hi"""\r\n两行,"x\ny"\r\n,12\r\n');
  });

  it('keeps a cell that looks like a formula as text', () => {
    expect(toCsv(['a'], [['=HYPERLINK("x")'], ['-1'], ['@cmd']])).toBe(
      '\uFEFFa\r\n"\'=HYPERLINK(""x"")"\r\n\'-1\r\n\'@cmd\r\n',
    );
    // Numbers are numbers, not formulas.
    expect(toCsv(['n'], [[-5]])).toBe('\uFEFFn\r\n-5\r\n');
  });
});
