// In-place JSONC edits: only the edited value changes, the rest of the file stays byte for byte.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { stripJsonComments } from '../../src/files/jsonc.js';
import { appendToJsoncArray, detectFormatting, removeFromJsoncArray, setJsoncValue } from '../../src/files/edit.js';

const PATH = ['hooksConfig', 'disabled'];

/** Asserts that `after` equals `before` outside one changed span, and returns that span's new text. */
function changedSpan(before: string, after: string): { removed: string; added: string } {
  let start = 0;
  while (start < before.length && before[start] === after[start]) start++;
  let end = 0;
  while (end < before.length - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end++;
  return { removed: before.slice(start, before.length - end), added: after.slice(start, after.length - end) };
}

const commented = `{
  // the model we use
  "model": { "name": "gemini-2.5-pro" }, /* keep */
  "hooksConfig": {
    "enabled": true,
    // hooks we do not want
    "disabled": [
      "lint", // noisy
      "format"
    ]
  },
  "hooks": {}
}
`;

describe('appendToJsoncArray', () => {
  test("adds one element in the file's style; nothing else changes", () => {
    const after = appendToJsoncArray(commented, PATH, 'audit');
    expect(after).toBe(commented.replace('      "format"\n', '      "format",\n      "audit"\n'));
  });

  test('creates the array inside an existing object', () => {
    const text = '{\n    "hooksConfig": {\n        "enabled": true\n    },\n    "x": 1\n}\n';
    const after = appendToJsoncArray(text, PATH, 'a');
    expect(JSON.parse(after)).toEqual({ hooksConfig: { enabled: true, disabled: ['a'] }, x: 1 });
    expect(after).toContain('        "disabled": [\n            "a"\n        ]');
    expect(after.endsWith('    "x": 1\n}\n')).toBe(true);
  });

  test('creates hooksConfig when missing, after the other keys', () => {
    const text = '{\n  // c\n  "model": "x"\n}\n';
    const after = appendToJsoncArray(text, PATH, 'a');
    expect(after).toBe('{\n  // c\n  "model": "x",\n  "hooksConfig": {\n    "disabled": [\n      "a"\n    ]\n  }\n}\n');
  });

  test('on a one-line file only the array changes (no reformatting of the line)', () => {
    const text = '{"hooksConfig": {"disabled": ["a"]}, "model": {"name": "x"}}';
    const after = appendToJsoncArray(text, PATH, 'b');
    expect(JSON.parse(after)).toEqual({ hooksConfig: { disabled: ['a', 'b'] }, model: { name: 'x' } });
    expect(changedSpan(text, after)).toEqual({ removed: '', added: ', "b"' });
  });

  test.each([
    ['{"d": []}', '{"d": ["x"]}'],
    ['{"d": ["a"]}', '{"d": ["a", "x"]}'],
    ['{"d": ["a","b"]}', '{"d": ["a","b","x"]}'],
    ['{"d": [ "a", "b" ]}', '{"d": [ "a", "b", "x" ]}'],
    ['{\n  "d": [\n    "a" // why\n  ]\n}', '{\n  "d": [\n    "a", // why\n    "x"\n  ]\n}'],
    ['{\n  "d": [ "a",\n         "b" ]\n}', '{\n  "d": [ "a",\n         "b",\n         "x" ]\n}'],
  ])('append: %j', (before, after) => {
    expect(appendToJsoncArray(before, ['d'], 'x')).toBe(after);
  });

  test.each([
    ['{"model": "x"}', '{"model": "x", "hooksConfig": {"disabled": ["c"]}}'],
    ['{\n  "model": "x" // why\n}\n', '{\n  "model": "x", // why\n  "hooksConfig": {\n    "disabled": [\n      "c"\n    ]\n  }\n}\n'],
    ['{\n  "model": {"a": 1}, "b": 2\n}', '{\n  "model": {"a": 1}, "b": 2, "hooksConfig": {"disabled": ["c"]}\n}'],
    ['{\n  "hooksConfig": { "enabled": true }\n}', '{\n  "hooksConfig": { "enabled": true, "disabled": ["c"] }\n}'],
    ['{\n  "hooksConfig": {}\n}', '{\n  "hooksConfig": {"disabled": ["c"]}\n}'],
    ['{}', '{\n  "hooksConfig": {\n    "disabled": [\n      "c"\n    ]\n  }\n}'],
    ['{\n}\n', '{\n  "hooksConfig": {\n    "disabled": [\n      "c"\n    ]\n  }\n}\n'],
    ['{ // nothing yet\n}', '{ // nothing yet\n  "hooksConfig": {\n    "disabled": [\n      "c"\n    ]\n  }\n}'],
  ])('creating the key: %j', (before, after) => {
    expect(appendToJsoncArray(before, PATH, 'c')).toBe(after);
  });

  test('keeps tabs and CRLF line endings', () => {
    const text = '{\r\n\t"hooksConfig": {\r\n\t\t"disabled": [\r\n\t\t\t"a"\r\n\t\t]\r\n\t}\r\n}\r\n';
    expect(appendToJsoncArray(text, PATH, 'b')).toBe('{\r\n\t"hooksConfig": {\r\n\t\t"disabled": [\r\n\t\t\t"a",\r\n\t\t\t"b"\r\n\t\t]\r\n\t}\r\n}\r\n');
  });
});

describe('removeFromJsoncArray and setJsoncValue', () => {
  test.each([
    ['{"d": ["a", "b", "c"]}', 0, '{"d": ["b", "c"]}'],
    ['{"d": ["a", "b", "c"]}', 1, '{"d": ["a", "c"]}'],
    ['{"d": ["a", "b", "c"]}', 2, '{"d": ["a", "b"]}'],
    ['{"d": ["a"]}', 0, '{"d": []}'],
    ['{\n  "d": [\n    "a", // A\n    "b", // B\n    "c" // C\n  ]\n}', 1, '{\n  "d": [\n    "a", // A\n    "c" // C\n  ]\n}'],
    ['{\n  "d": [\n    "a", // A\n    "b" // B\n  ]\n}', 1, '{\n  "d": [\n    "a" // A\n  ]\n}'],
    ['{\r\n  "d": [\r\n    "a",\r\n    "b"\r\n  ]\r\n}', 1, '{\r\n  "d": [\r\n    "a"\r\n  ]\r\n}'],
  ])('remove: %j [%i]', (before, index, after) => {
    expect(removeFromJsoncArray(before, ['d'], index)).toBe(after);
  });

  test('removing an element touches only the array', () => {
    const after = removeFromJsoncArray(commented, PATH, 1);
    const span = changedSpan(commented, after);
    expect(JSON.parse(after.replace(/\/\/.*$|\/\*.*?\*\//gm, ''))).toMatchObject({ hooksConfig: { disabled: ['lint'] } });
    expect(commented.indexOf(span.removed)).toBeGreaterThan(commented.indexOf('"disabled": ['));
    expect(after.startsWith(commented.slice(0, commented.indexOf('"lint"')))).toBe(true);
    expect(after.endsWith(commented.slice(commented.indexOf('\n    ]')))).toBe(true);
  });

  test('emptying the list replaces just the array', () => {
    const after = setJsoncValue(commented, PATH, []);
    expect(after).toBe(commented.replace(/\[\n {6}"lint", \/\/ noisy\n {6}"format"\n {4}\]/, '[]'));
  });
});

describe('detectFormatting', () => {
  test.each([
    ['{\n  "a": 1\n}', { insertSpaces: true, tabSize: 2, eol: '\n' }],
    ['{\n    "a": {\n        "b": 1\n    }\n}', { insertSpaces: true, tabSize: 4, eol: '\n' }],
    ['{\r\n\t"a": 1\r\n}', { insertSpaces: false, tabSize: 1, eol: '\r\n' }],
    ['{\n  /*\n   * x\n   */\n  "a": 1\n}', { insertSpaces: true, tabSize: 2, eol: '\n' }],
    ['{"a": 1}', { insertSpaces: true, tabSize: 2, eol: '\n' }],
  ])('%j', (text, expected) => {
    expect(detectFormatting(text)).toEqual(expected);
  });
});

describe('properties', () => {
  const names = fc.array(fc.string({ maxLength: 6 }), { maxLength: 6 });
  const layout = fc.constantFrom('inline', 'two', 'four', 'tabs', 'commented');
  /** A settings file holding `list` in one of several human layouts. */
  function file(list: string[], style: string): string {
    if (style === 'inline') return JSON.stringify({ a: 1, hooksConfig: { disabled: list } });
    if (style === 'commented') {
      const items = list.map((name, i) => `      ${JSON.stringify(name)}${i < list.length - 1 ? ',' : ''} // #${i}`);
      return `{\n  // settings\n  "hooksConfig": {\n    "disabled": [\n${items.join('\n')}\n    ]\n  }\n}\n`;
    }
    return `${JSON.stringify({ hooksConfig: { disabled: list }, z: true }, null, style === 'two' ? 2 : style === 'four' ? 4 : '\t')}\n`;
  }
  const parsed = (text: string) => JSON.parse(stripJsonComments(text)).hooksConfig.disabled;

  test('append adds exactly one element at the end; removing it gives the file back byte for byte', () => {
    fc.assert(
      fc.property(names, fc.string({ maxLength: 6 }), layout, (list, name, style) => {
        const before = file(list, style);
        const after = appendToJsoncArray(before, PATH, name);
        expect(parsed(after)).toEqual([...list, name]);
        if (list.length > 0) expect(removeFromJsoncArray(after, PATH, list.length)).toBe(before);
      }),
    );
  });

  test('removing any element leaves the others, in order', () => {
    fc.assert(
      fc.property(
        names.filter((l) => l.length > 0),
        fc.nat(),
        layout,
        (list, n, style) => {
          const index = n % list.length;
          expect(parsed(removeFromJsoncArray(file(list, style), PATH, index))).toEqual(list.filter((_, i) => i !== index));
        },
      ),
    );
  });
});

describe('a key written twice', () => {
  // JSON.parse keeps the last of two equal keys, and so does Gemini CLI: an edit of the first would
  // report success and change nothing that is read.
  const text = '{\n  "hooksConfig": { "disabled": [] },\n  "hooks": {},\n  "hooksConfig": { "notifications": true, "disabled": [] }\n}\n';

  test('appendToJsoncArray edits the occurrence that is read', () => {
    const out = appendToJsoncArray(text, ['hooksConfig', 'disabled'], 'a');
    expect(JSON.parse(out).hooksConfig.disabled).toEqual(['a']);
    expect(out.split('\n')[1]).toBe('  "hooksConfig": { "disabled": [] },');
  });

  test('setJsoncValue and removeFromJsoncArray too', () => {
    const set = setJsoncValue(text, ['hooksConfig', 'disabled'], ['x', 'y']);
    expect(JSON.parse(set).hooksConfig.disabled).toEqual(['x', 'y']);
    expect(JSON.parse(removeFromJsoncArray(set, ['hooksConfig', 'disabled'], 0)).hooksConfig.disabled).toEqual(['y']);
  });
});
