// The event timestamp is written from the UTC fields (no time zone load); it must read exactly as
// toISOString, which Gemini CLI uses.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { isoTimestamp } from '../../src/boot/builtins.js';

test('equals toISOString for every valid date', () => {
  fc.assert(
    fc.property(fc.date({ noInvalidDate: true }), (date) => {
      expect(isoTimestamp(date)).toBe(date.toISOString());
    }),
    { numRuns: 5000 },
  );
});

test.each([
  ['the epoch', 0],
  ['year 0', new Date('0000-01-01T00:00:00.000Z').getTime()],
  ['the last millisecond of year 9999', Date.UTC(9999, 11, 31, 23, 59, 59, 999)],
  ['year 10000', Date.UTC(10000, 0, 1)],
  ['year -1', Date.UTC(-1, 5, 15, 12)],
  ['a date in 2026', Date.UTC(2026, 10, 30, 4, 5, 6, 7)],
])('%s', (_name, time) => {
  const date = new Date(time);
  expect(isoTimestamp(date)).toBe(date.toISOString());
});

test('an invalid date throws as toISOString does', () => {
  expect(() => isoTimestamp(new Date(Number.NaN))).toThrow(RangeError);
});
