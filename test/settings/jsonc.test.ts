import { describe, expect, it } from 'vitest';
import { HookrunError } from '../../src/pipeline/errors.js';
import { parseJsonc, parseJsoncObject, stripJsonComments } from '../../src/files/jsonc.js';

const FILE = '/x/.gemini/settings.json';

function parseError(text: string, options?: { comments?: boolean }): HookrunError {
  try {
    parseJsonc(text, FILE, options);
  } catch (error) {
    if (error instanceof HookrunError) return error;
    throw error;
  }
  throw new Error('expected a parse error');
}

describe('stripJsonComments', () => {
  it.each([
    ['line comment', '{"a": 1} // note', '{"a": 1}        '],
    ['block comment', '{/* x */"a": 1}', '{       "a": 1}'],
    ['comment markers inside strings', '{"u": "http://x/*y*/"}', '{"u": "http://x/*y*/"}'],
    ['escaped quote inside a string', '{"q": "a\\"//b"} //c', '{"q": "a\\"//b"}    '],
    ['escaped backslash before the closing quote', '{"q": "a\\\\"} //c', '{"q": "a\\\\"}    '],
    ['newlines inside a block comment are kept', '{/*\n*/"a":1}', '{  \n  "a":1}'],
    ['unterminated block comment blanks the rest', '{"a":1}/* x', '{"a":1}    '],
  ])('%s', (_name, input, expected) => {
    expect(stripJsonComments(input)).toBe(expected);
  });
});

describe('parseJsonc', () => {
  it('accepts comments and keeps positions of the original text', () => {
    const text = '{\n  // the hooks\n  "hooks": {\n    /* event */ "BeforeTool": []\n  }\n}';
    const doc = parseJsonc(text, FILE);
    expect(doc.value).toEqual({ hooks: { BeforeTool: [] } });
    expect(doc.locate(['hooks', 'BeforeTool'])).toEqual({ file: FILE, line: 4, column: 31, path: ['hooks', 'BeforeTool'] });
    expect(doc.locate(['hooks', 'BeforeTool'], { key: true })).toMatchObject({ line: 4, column: 17 });
  });

  it('locates array elements and nested keys', () => {
    const doc = parseJsonc('{"a": [\n  {"b": 1},\n  {"b": 2}\n]}', FILE);
    expect(doc.locate(['a', 1])).toMatchObject({ line: 3, column: 3 });
    expect(doc.locate(['a', 1, 'b'])).toMatchObject({ line: 3, column: 9 });
  });

  it('resolves a duplicated key to its last occurrence, the one JSON.parse keeps', () => {
    const doc = parseJsonc('{"a": 1,\n "a": 2}', FILE);
    expect(doc.value).toEqual({ a: 2 });
    expect(doc.locate(['a'])).toMatchObject({ line: 2, column: 7 });
  });

  it('gives line 0 for a path that is not in the file', () => {
    expect(parseJsonc('{}', FILE).locate(['nope', 3])).toEqual({ file: FILE, line: 0, column: 0, path: ['nope', 3] });
  });

  it('hands out locations that read, copy and serialise like plain objects (their position is worked out on first read)', () => {
    const doc = parseJsonc('{\n  "a": [1, 2]\n}', FILE);
    const at = doc.locate(['a', 1]);
    expect({ ...at }).toEqual({ file: FILE, line: 2, column: 12, path: ['a', 1] });
    expect(JSON.parse(JSON.stringify(at))).toEqual({ file: FILE, line: 2, column: 12, path: ['a', 1] });
    expect(structuredClone(doc.locate(['a'], { key: true }))).toEqual({ file: FILE, line: 2, column: 3, path: ['a'] });
    expect(doc.tree?.type).toBe('object');
  });

  it('counts lines across CRLF', () => {
    expect(parseJsonc('{\r\n  "a": 1\r\n}', FILE).locate(['a'])).toMatchObject({ line: 2, column: 8 });
  });

  it('rejects a trailing comma like JSON.parse, with file:line:column', () => {
    const error = parseError('{\n  "a": 1,\n}');
    expect(error.kind).toBe('config');
    expect(error.message).toBe(`Expected double-quoted property name in ${FILE}:3:1`);
    expect(error.location).toMatchObject({ file: FILE, line: 3, column: 1 });
  });

  it('reports the position of an unexpected token', () => {
    const error = parseError('{\n  "a": 1,\n  "b" 2\n}');
    expect(error.message).toBe(`Unexpected number in ${FILE}:3:7`);
  });

  it('shortens V8 messages that echo the whole input and still finds a position', () => {
    const error = parseError('{\n  "a": tru\n}');
    expect(error.message).toBe(`Unexpected token '\\n' in ${FILE}:2:8`);
    expect(error.message).not.toContain('is not valid JSON');
  });

  it('names a leading byte-order mark instead of quoting the invisible character', () => {
    const error = parseError('\uFEFF{"hooks": {}}');
    expect(error.message).toBe(`a byte-order mark (U+FEFF) at the start of the file, which Gemini CLI does not accept (save it as UTF-8 without BOM) in ${FILE}:1:1`);
    expect(error.message).not.toContain('\uFEFF');
    expect(error.location).toMatchObject({ line: 1, column: 1 });
    // Only a BOM at the very start: one later in the text is an ordinary unexpected character.
    expect(parseError('{"a": \uFEFF1}').message).not.toContain('byte-order mark');
  });

  it('reports an empty file', () => {
    expect(parseError('').message).toBe(`Unexpected end of JSON input in ${FILE}:1:1`);
  });

  it('refuses comments when asked to behave like plain JSON.parse', () => {
    expect(parseError('{"a": 1} // no', { comments: false }).message).toMatch(/:1:10$/);
  });
});

describe('parseJsoncObject', () => {
  it.each([['[]'], ['null'], ['"text"'], ['42']])('rejects the root %s', (text) => {
    expect(() => parseJsoncObject(text, FILE, 'Settings file is not a valid JSON object.')).toThrow(`Error in ${FILE}: Settings file is not a valid JSON object.`);
  });

  it('accepts an object', () => {
    expect(parseJsoncObject('{"a": 1}', FILE, 'not an object').value).toEqual({ a: 1 });
  });
});
