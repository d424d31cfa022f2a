// The report's one-line summaries flatten only a prefix of a hook's output; the result must be what
// flattening the whole text gives.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { oneLine } from '../../src/render/report.js';

const whole = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

const piece = fc.oneof(fc.constantFrom(' ', '\n', '\t\t', '   \r\n ', '\u00a0', 'x', 'word', '…'), fc.string({ maxLength: 8 }));

test('same as flattening the whole text', () => {
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 300 }), fc.integer({ min: 1, max: 40 }), (pieces, max) => {
      const text = pieces.join('');
      expect(oneLine(text, max)).toBe(whole(text, max));
    }),
    { numRuns: 500 },
  );
});

test.each([
  ['a long run of whitespace before the words', `${' '.repeat(5000)}a b\n\nc`, 3],
  ['megabytes of output', 'y\n'.repeat(1_000_000), 100],
  ['just under the limit', ` ${'a'.repeat(10)} `, 10],
  ['just over the limit', 'a'.repeat(11), 10],
])('%s', (_name, text, max) => {
  expect(oneLine(text, max)).toBe(whole(text, max));
});
