// depthOverflow skips its scan when the text holds too few opening brackets to pass the limit; that
// shortcut must never change the answer, which is held here to a plain scan of the whole text.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { depthOverflow } from '../../src/files/json-depth.js';

function fullScan(text: string, max: number): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') {
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
    } else if (ch === '[' || ch === '{') {
      if (++depth > max) return i;
    } else if (ch === ']' || ch === '}') {
      depth--;
    }
  }
  return -1;
}

const piece = fc.constantFrom('{', '[', '}', ']', '"', '\\', 'a', ' ', '"{"', '"[[["', ',');

test('same answer as scanning the whole text, near the limit and far from it', () => {
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 120 }), fc.integer({ min: 0, max: 12 }), (pieces, max) => {
      const text = pieces.join('');
      expect(depthOverflow(text, max)).toBe(fullScan(text, max));
    }),
    { numRuns: 3000 },
  );
});

test('brackets inside strings count toward the shortcut but not toward the depth', () => {
  // 1,500 openers in strings: the shortcut cannot decide, the scan finds depth 1.
  const text = JSON.stringify({ a: '{['.repeat(750) });
  expect(depthOverflow(text)).toBe(-1);
  const deep = '['.repeat(1001) + ']'.repeat(1001);
  expect(depthOverflow(deep)).toBe(1000);
  // Exactly at the limit: 1,000 levels pass, with or without the shortcut deciding.
  expect(depthOverflow('['.repeat(1000) + ']'.repeat(1000))).toBe(-1);
  expect(depthOverflow(' '.repeat(5000) + '{}'.repeat(10))).toBe(-1);
});
