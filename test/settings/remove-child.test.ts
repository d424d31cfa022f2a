// Removing one element of a JSONC list (panel `enable`, `trust --revoke`) keeps every comment that is
// not on the removed element's own lines: the rule documented on removeJsoncChild.
import fc from 'fast-check';
import { parse, parseTree, type ParseError } from 'jsonc-parser';
import { describe, expect, test } from 'vitest';
import { removeFromJsoncArray, removeJsoncChild } from '../../src/files/edit.js';

const P = ['d'];

function parsesTo(text: string, expected: unknown): void {
  const errors: ParseError[] = [];
  const value = parse(text, errors, { allowTrailingComma: false, disallowComments: false });
  expect(errors, text).toEqual([]);
  expect(value, text).toEqual(expected);
}

describe('removeFromJsoncArray', () => {
  test.each([
    ['{"d": [\n  "a", // after a\n  /* before b */ "b"\n]}', 0, '{"d": [\n  /* before b */ "b"\n]}'],
    ['{"d": ["a", /* c */ "b"]}', 0, '{"d": [/* c */ "b"]}'],
    ['{"d": [\n  "a",\n  "b" // b\n]}', 1, '{"d": [\n  "a"\n]}'],
    ['{"d": [\n  "a", // keep\n  "b"\n]}', 1, '{"d": [\n  "a" // keep\n]}'],
    ['{"d": ["a"]}', 0, '{"d": []}'],
    ['{"d": [\n  // header\n  "a"\n]}', 0, '{"d": [\n  // header\n]}'],
    ['{"d": [\n  // header\n  "a",\n  "b"\n]}', 0, '{"d": [\n  // header\n  "b"\n]}'],
    ['{"d": ["p", // after p\n /* lead */ "a"]}', 1, '{"d": ["p" // after p\n /* lead */]}'],
    ['{"d": ["x", "a", "y"]}', 1, '{"d": ["x", "y"]}'],
    ['{"d": [\r\n  "a",\r\n  "b"\r\n]}', 0, '{"d": [\r\n  "b"\r\n]}'],
  ])('%j without element %i', (input, index, expected) => {
    expect(removeFromJsoncArray(input, P, index)).toBe(expected);
  });

  test('an object property (trust --revoke) keeps the header above it', () => {
    const text = '{\n  // my rules\n  "/a": "TRUST_FOLDER",\n  "/b": "DO_NOT_TRUST" // b\n}';
    const root = parseTree(text)!;
    expect(removeJsoncChild(text, root, 0)).toBe('{\n  // my rules\n  "/b": "DO_NOT_TRUST" // b\n}');
    expect(removeJsoncChild(text, root, 1)).toBe('{\n  // my rules\n  "/a": "TRUST_FOLDER"\n}');
  });

  test("property: comments off the removed element's own lines survive, and the rest parses as expected", () => {
    let id = 0;
    // Gaps between tokens: spaces, line breaks, block comments on one line, line comments (with their break).
    const gap = fc.array(fc.constantFrom('space', 'nl', 'block', 'line'), { maxLength: 4 });
    const layout = fc.record({
      count: fc.integer({ min: 1, max: 5 }),
      gaps: fc.array(fc.tuple(gap, gap), { minLength: 6, maxLength: 6 }),
      open: gap,
      close: gap,
      pick: fc.nat(),
    });
    fc.assert(
      fc.property(layout, ({ count, gaps, open, close, pick }) => {
        id = 0;
        const comments: { marker: string; offset: number }[] = [];
        let text = '{"d": [';
        const emit = (pieces: string[]) => {
          for (const piece of pieces) {
            if (piece === 'space') text += ' ';
            else if (piece === 'nl') text += '\n  ';
            else {
              const marker = `c${id++}x`;
              comments.push({ marker, offset: text.length });
              text += piece === 'block' ? `/*${marker}*/` : `//${marker}\n  `;
            }
          }
        };
        const spans: { start: number; end: number }[] = [];
        emit(open);
        for (let i = 0; i < count; i++) {
          const start = text.length;
          text += JSON.stringify(`v${i}`);
          const [before, after] = gaps[i]!;
          if (i < count - 1) {
            emit(before);
            text += ',';
            spans.push({ start, end: text.length });
            emit(after);
          } else {
            spans.push({ start, end: text.length });
          }
        }
        emit(close);
        text += ']}';
        const index = pick % count;
        const out = removeFromJsoncArray(text, P, index);
        parsesTo(out, { d: Array.from({ length: count }, (_, i) => `v${i}`).filter((_, i) => i !== index) });
        const lineOf = (offset: number) => text.slice(0, offset).split('\n').length;
        const first = lineOf(spans[index]!.start);
        const last = lineOf(spans[index]!.end);
        for (const comment of comments) {
          const line = lineOf(comment.offset);
          if (line < first || line > last) expect(out, `${JSON.stringify(text)} [${index}] lost ${comment.marker}`).toContain(comment.marker);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
