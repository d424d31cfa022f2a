// stripJsonComments scans a span at a time; it must blank exactly what the character-by-character
// reading of strip-json-comments 3.1.1 blanks (kept here as the reference).
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { stripJsonComments } from '../../src/files/jsonc.js';

function reference(text: string): string {
  let out = '';
  let inString = false;
  let comment: 'line' | 'block' | undefined;
  const escaped = (at: number) => {
    let backslashes = 0;
    for (let i = at - 1; text[i] === '\\'; i--) backslashes++;
    return backslashes % 2 === 1;
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    const pair = ch + (text[i + 1] ?? '');
    if (!comment && ch === '"' && !escaped(i)) inString = !inString;
    if (inString) out += ch;
    else if (!comment && (pair === '//' || pair === '/*')) {
      comment = pair === '//' ? 'line' : 'block';
      out += '  ';
      i++;
    } else if (comment === 'line' && ch === '\n') {
      comment = undefined;
      out += ch;
    } else if (comment === 'block' && pair === '*/') {
      comment = undefined;
      out += '  ';
      i++;
    } else out += comment && /\S/.test(ch) ? ' ' : ch;
  }
  return out;
}

const token = fc.constantFrom('"', '\\', '/', '*', '//', '/*', '*/', '\n', '\r\n', ' ', '\t', 'a', '{"k": 1}', '😀', '\u00a0', ',');

test('blanks the same characters as the reference on any text', () => {
  fc.assert(
    fc.property(fc.array(token, { maxLength: 60 }), (tokens) => {
      const text = tokens.join('');
      expect(stripJsonComments(text)).toBe(reference(text));
    }),
    { numRuns: 2000 },
  );
});

test.each([
  ['a line comment', '{"a": 1} // note\n'],
  ['a block comment across lines', '{/* one\n two */"a": "/* not a comment */"}'],
  ['an unterminated block comment', '{"a": 1} /* open'],
  ['an escaped quote inside a string', '{"a": "say \\"//hi\\""} // c'],
  ['a path with slashes', '{"command": "$GEMINI_PROJECT_DIR/hooks/a.sh"}'],
])('%s', (_name, text) => {
  expect(stripJsonComments(text)).toBe(reference(text));
  expect(stripJsonComments(text)).toHaveLength(text.length);
});
