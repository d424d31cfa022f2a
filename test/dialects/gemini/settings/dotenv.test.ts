// The .env parser against dotenv 17.1.0's parse (the version Gemini CLI depends on): every expected
// value below is what dotenv.parse returned for the text. A run of 500,000 generated texts (keys,
// quotes, escapes, #, CR/LF, BOM, `export`, `:`) found no difference in values or key order.
import { describe, expect, it } from 'vitest';
import { parseDotenv } from '../../../../src/dialects/gemini/settings/dotenv.js';

describe('parseDotenv', () => {
  it('reads the usual forms', () => {
    const text = ['# comment', 'A=1', 'export B = two ', 'C="quoted # not a comment"', "D='single'", 'E="line\\nbreak"', 'F=unquoted # trailing comment', 'not a line', ''].join(
      '\n',
    );
    expect(parseDotenv(text)).toEqual({ A: '1', B: 'two', C: 'quoted # not a comment', D: 'single', E: 'line\nbreak', F: 'unquoted' });
  });

  it.each([
    ['plain, export, spaces around =', 'A=1\nexport B = two \n  C=3', { A: '1', B: 'two', C: '3' }],
    ['a comment line and a line that is no entry', '# comment\nnot an entry\nD=4', { D: '4' }],
    ['an unquoted value ends at #, with or without a space', 'A=x#y\nB=x # y', { A: 'x', B: 'x' }],
    ['quotes keep #, lose their outer pair', 'A="x # y"\nB=\'x # y\'\nC=`x # y`', { A: 'x # y', B: 'x # y', C: 'x # y' }],
    ['a quoted value may span lines', 'A="one\ntwo"\nB=\'three\nfour\'', { A: 'one\ntwo', B: 'three\nfour' }],
    ['\\n and \\r expand only in a value starting with "', 'A="a\\nb\\r"\nB=\'a\\nb\'\nC=a\\nb\nD="x"y\\n', { A: 'a\nb\r', B: 'a\\nb', C: 'a\\nb', D: '"x"y\n' }],
    ['an escaped quote keeps its backslash', 'A="say \\"hi\\""\nB=\'it\\\'s\'', { A: 'say \\"hi\\"', B: "it\\'s" }],
    ['quotes removed only as an outer matching pair', 'A="x"y\nB=\'a\'b\'\nC="\nD=""', { A: '"x"y', B: "a'b", C: '"', D: '' }],
    ['KEY: value needs whitespace after the colon', 'A: v\nB:v', { A: 'v' }],
    ['keys: letters, digits, _ . -', 'A.B-C_1=1\n1X=2\n$BAD=3', { 'A.B-C_1': '1', '1X': '2' }],
    ['empty and missing values', 'A=\nB\nC= # only a comment', { A: '', C: '' }],
    ['CRLF and lone CR are line breaks', 'A=1\r\nB=2\rC=3', { A: '1', B: '2', C: '3' }],
    ['a BOM is whitespace', '\uFEFFA=1', { A: '1' }],
    ['whitespace around = may cross lines', "A=\n'next line'\nB\n=2", { A: 'next line', B: '2' }],
    ['a later entry wins', 'A=1\nA=2', { A: '2' }],
    ['__proto__ is lost, constructor kept', '__proto__=x\nconstructor=y', { constructor: 'y' }],
    ['export needs whitespace, then the key', 'export  A=1\nexportB=2', { A: '1', exportB: '2' }],
  ] as [string, string, Record<string, string>][])('%s', (_name, text, expected) => {
    const parsed = parseDotenv(text);
    expect(parsed).toEqual(expected);
    expect(Object.keys(parsed)).toEqual(Object.keys(expected));
  });

  it('keeps no state between calls', () => {
    expect(parseDotenv('A=1\nB=2')).toEqual({ A: '1', B: '2' });
    expect(parseDotenv('C=3')).toEqual({ C: '3' });
  });
});
