// Session ids hookrun fills in are version 4 UUIDs in crypto.randomUUID's format.
import { expect, test } from 'vitest';
import { randomUuid } from '../../src/boot/builtins.js';

test('random version 4 UUIDs, lower-case, never repeated', () => {
  const ids = Array.from({ length: 200 }, randomUuid);
  for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(new Set(ids).size).toBe(ids.length);
});
