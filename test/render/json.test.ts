// writeJson writes in pieces exactly the text JSON.stringify would make.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { writeJson } from '../../src/render/json.js';

const written = async (value: unknown, space?: number, slice?: number) => {
  const pieces: string[] = [];
  await writeJson(value, (text) => pieces.push(text), { space, slice });
  return pieces;
};

// Strings with escapes, surrogate pairs (whole and lone) and markers lookalikes, long enough to be sliced.
const text = fc.array(fc.constantFrom('a', '"', '\\', '\n', '\u0000', '\u2028', '😀', '\ud800', '\udc00', 'é', 'hookrun-long-x-0', ' '), { maxLength: 40 }).map((p) => p.join(''));
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    text,
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(text, tie('value'), { maxKeys: 4 }),
  ),
})).value;

test('the same text as JSON.stringify, compact and indented, for any slice size', async () => {
  await fc.assert(
    fc.asyncProperty(json, fc.integer({ min: 1, max: 9 }), fc.constantFrom(undefined, 2), async (value, slice, space) => {
      expect((await written(value, space, slice)).join('')).toBe(JSON.stringify(value, null, space));
    }),
    { numRuns: 400 },
  );
});

test('a string of megabytes is written in slices, never as one piece, waiting for the reader between slices', async () => {
  const big = 'line of output\n'.repeat(400_000);
  let waits = 0;
  const pieces: string[] = [];
  await writeJson({ decision: 'allow', systemMessage: big }, (text) => pieces.push(text), { drain: async () => void waits++ });
  expect(waits).toBeGreaterThan(90);
  expect(pieces.join('')).toBe(JSON.stringify({ decision: 'allow', systemMessage: big }));
  expect(Math.max(...pieces.map((piece) => piece.length))).toBeLessThanOrEqual(2 * 64 * 1024);
});
