// One event list per agent: every event a dialect knows (its Dialect `events`, what `hookrun run` accepts)
// is in its vocabulary row (src/dialects/<name>/vocabulary.ts), mapped to a canonical moment or listed in
// `unmapped` with why it has no cross-agent counterpart; and the row names no event the dialect does not know.
import { describe, expect, test } from 'vitest';
import { DIALECT_NAMES, getDialect } from '../../src/dialects/index.js';
import { VOCABULARY } from '../../src/dialects/vocabularies.js';

describe.each(DIALECT_NAMES)('%s', (name) => {
  test("the vocabulary row and the dialect's event list agree", async () => {
    const dialect = await getDialect(name);
    const row = VOCABULARY[name];
    const mapped = new Set(row.events.map((e) => e.name));
    const unmapped = Object.keys(row.unmapped ?? {});
    const known = new Set(dialect.events);
    expect(
      dialect.events.filter((event) => !mapped.has(event) && !unmapped.includes(event)),
      'dialect events neither mapped nor marked unmapped',
    ).toEqual([]);
    expect(
      [...mapped].filter((event) => !known.has(event)),
      'vocabulary events the dialect does not know',
    ).toEqual([]);
    expect(
      unmapped.filter((event) => !known.has(event) || mapped.has(event)),
      'unmapped events that are unknown or mapped after all',
    ).toEqual([]);
    for (const [event, why] of Object.entries(row.unmapped ?? {})) expect(why.length, `${event}'s reason`).toBeGreaterThan(10);
  });

  test("the row is the dialect's own", () => {
    expect(VOCABULARY[name].name).toBe(name);
  });
});
