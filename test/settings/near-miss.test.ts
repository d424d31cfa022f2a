// The "did you mean" mechanism every near-miss hint uses (settings keys, event names, tool names).
import { expect, it } from 'vitest';
import { editDistance, nearest } from '../../src/render/near-miss.js';

it('measures edits', () => {
  expect(editDistance('kitten', 'sitting')).toBe(3);
  expect(editDistance('', 'abc')).toBe(3);
  expect(nearest('read_fil', ['read_file', 'write_file'])).toBe('read_file');
  expect(nearest('zzz', ['read_file'])).toBeUndefined();
});
