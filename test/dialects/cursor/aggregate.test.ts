// The pure merge (SOURCES 2.6): over every ordering of every mix of answers, deny beats ask beats allow,
// the message comes from the first (highest-priority) hook with the winning answer, and outcome agrees.
import { describe, expect, test } from 'vitest';
import { aggregateCursor, outcomeCursor } from '../../../src/dialects/cursor/aggregate.js';
import type { HookResult } from '../../../src/pipeline/types.js';

const result = (index: number, output: unknown, exitCode = 0): HookResult => ({
  index,
  entry: {
    event: 'preToolUse',
    config: { type: 'command', command: `h${index}` },
    source: 'user',
    layer: 'user',
    matcher: undefined,
    sequential: undefined,
    enabled: true,
    displayName: `h${index}`,
  },
  command: `h${index}`,
  input: {},
  success: true,
  exitCode,
  ...(output === undefined ? {} : { output, outputFormat: typeof output === 'string' ? ('text' as const) : ('json' as const) }),
  durationMs: 1,
});

function* permutations<T>(items: T[]): Generator<T[]> {
  if (items.length <= 1) return yield items;
  for (let i = 0; i < items.length; i++) for (const rest of permutations([...items.slice(0, i), ...items.slice(i + 1)])) yield [items[i]!, ...rest];
}

const ANSWERS = ['allow', 'ask', 'deny', 'none', 'text'] as const;

describe('aggregateCursor, permission events', () => {
  test('every ordering of every answer mix: the strictest wins, its first message is kept', () => {
    let checked = 0;
    for (let mask = 1; mask < 1 << ANSWERS.length; mask++) {
      const mix = ANSWERS.filter((_, i) => mask & (1 << i));
      for (const order of permutations(mix)) {
        const results = order.map((a, i) => result(i, a === 'none' ? undefined : a === 'text' ? 'not json' : { permission: a, user_message: `${a}-${i}` }));
        const out = aggregateCursor('preToolUse', results).finalOutput!;
        const strictest = mix.includes('deny') || mix.includes('text') ? 'deny' : mix.includes('ask') ? 'ask' : mix.includes('allow') ? 'allow' : undefined;
        expect(out.permission).toBe(strictest);
        const first = order.findIndex((a) => a === strictest);
        expect(out.user_message).toBe(first === -1 ? undefined : `${strictest}-${first}`);
        expect(outcomeCursor('preToolUse', out)).toBe(strictest === 'deny' ? 'block' : strictest === 'ask' ? 'ask' : 'proceed');
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(300);
  });

  test('an observe-only event ignores every answer', () => {
    const out = aggregateCursor('afterFileEdit', [result(0, { permission: 'deny' }), result(1, undefined, 2)]);
    expect(out.finalOutput).toEqual({});
    expect(outcomeCursor('afterFileEdit', out.finalOutput)).toBe('proceed');
    expect(out.notes).toHaveLength(2);
  });
});
