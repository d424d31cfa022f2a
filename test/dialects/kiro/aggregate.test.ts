// Kiro's merge (spec A.6): per trigger, what the model and the user get from the hooks' results.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { aggregateKiro, BLOCK_PREFIX, CONTEXT_PREAMBLE, completionOrder, outcomeKiro, renderContextBlock, type KiroOutput } from '../../../src/dialects/kiro/aggregate.js';
import { KIRO_EVENTS } from '../../../src/dialects/kiro/events.js';
import type { HookResult, RegistryEntry } from '../../../src/pipeline/types.js';

const entry: RegistryEntry = {
  event: 'preToolUse',
  config: { type: 'command', command: 'x' },
  source: 'agent',
  layer: 'workspace',
  matcher: undefined,
  sequential: undefined,
  enabled: true,
  displayName: 'x',
};

let nextIndex = 0;
function result(exitCode: number, output: string | undefined, extra: Partial<HookResult> = {}): HookResult {
  return {
    index: nextIndex++,
    entry,
    command: `hook${nextIndex}`,
    input: {},
    success: exitCode === 0 && extra.error === undefined,
    exitCode,
    output,
    outputFormat: 'text',
    durationMs: 10,
    ...extra,
  };
}
const merged = (event: string, ...results: HookResult[]) => aggregateKiro(event, results).finalOutput as KiroOutput;

describe('exit codes per trigger', () => {
  test('no hook: the empty shape, proceed', () => {
    expect(merged('preToolUse')).toEqual({
      hook_event_name: 'preToolUse',
      blocked: false,
      reason: null,
      blockMessages: [],
      context: null,
      contextOutputs: [],
      warnings: [],
    });
  });

  test('preToolUse exit 2 blocks with the kept stderr; the user sees the failure too', () => {
    const out = merged('preToolUse', result(2, 'no writes\n'), result(0, 'ignored'));
    expect(out.blocked).toBe(true);
    expect(out.blockMessages).toEqual([`${BLOCK_PREFIX}no writes\n`]);
    expect(out.reason).toBe(`${BLOCK_PREFIX}no writes\n`);
    expect(out.warnings).toEqual([expect.stringContaining('exited with code 2: no writes')]);
    expect(out.context).toBeNull();
    expect(outcomeKiro('preToolUse', out)).toBe('block');
  });

  test('two blocking hooks give two tool results, joined in reason', () => {
    const out = merged('preToolUse', result(2, 'a', { durationMs: 5 }), result(2, 'b', { durationMs: 1 }));
    expect(out.blockMessages).toEqual([`${BLOCK_PREFIX}b`, `${BLOCK_PREFIX}a`]);
    expect(out.reason).toBe(`${BLOCK_PREFIX}b\n${BLOCK_PREFIX}a`);
  });

  test.each(['postToolUse', 'stop', 'agentSpawn', 'userPromptSubmit'])('%s: exit 2 is only a warning', (event) => {
    const out = merged(event, result(2, 'nope'));
    expect(out.blocked).toBe(false);
    expect(out.warnings).toHaveLength(1);
    expect(outcomeKiro(event, out)).toBe('proceed');
  });

  test('exit 1, a signal (-1), a timeout and a spawn error are warnings that never block', () => {
    const out = merged(
      'preToolUse',
      result(1, 'soft'),
      result(-1, ''),
      result(-1, undefined, { error: 'command timed out after 300 ms' }),
      result(-1, undefined, { error: 'cannot start "bash"' }),
    );
    expect(out.blocked).toBe(false);
    expect(out.warnings).toEqual([
      expect.stringContaining('exited with code 1: soft'),
      expect.stringMatching(/exited with code -1$/),
      expect.stringContaining('failed: command timed out after 300 ms'),
      expect.stringContaining('failed: cannot start "bash"'),
    ]);
  });
});

describe('context (agentSpawn, userPromptSubmit)', () => {
  test('exit-0 outputs in completion order, empty ones and failures left out', () => {
    const out = merged(
      'userPromptSubmit',
      result(0, 'slow\n', { durationMs: 30 }),
      result(0, '', { durationMs: 1 }),
      result(1, 'err', { durationMs: 2 }),
      result(0, 'fast\n', { durationMs: 3 }),
    );
    expect(out.contextOutputs).toEqual(['fast\n', 'slow\n']);
    expect(out.context).toBe(`--- CONTEXT ENTRY BEGIN ---\n${CONTEXT_PREAMBLE}\n\nfast\n\n\nslow\n\n\n--- CONTEXT ENTRY END ---\n\n`);
  });

  test('agentSpawn context is for the entire conversation', () => {
    expect(renderContextBlock('agentSpawn', ['x'])).toBe(`--- CONTEXT ENTRY BEGIN ---\n${CONTEXT_PREAMBLE} for the entire conversation\n\nx\n\n--- CONTEXT ENTRY END ---\n\n`);
    expect(renderContextBlock('agentSpawn', [])).toBeNull();
  });

  test.each(['preToolUse', 'postToolUse', 'stop'])('%s stdout never becomes context', (event) => {
    expect(merged(event, result(0, 'text')).context).toBeNull();
  });

  test('cache hits come after the hooks that ran, in plan order', () => {
    const ran = result(0, 'ran', { durationMs: 50 });
    const hitB = result(0, 'hit-b', { durationMs: 0, cached: true, index: 9 });
    const hitA = result(0, 'hit-a', { durationMs: 0, cached: true, index: 8 });
    expect(completionOrder([hitB, ran, hitA]).map((r) => r.output)).toEqual(['ran', 'hit-b', 'hit-a']);
    expect(merged('agentSpawn', hitB, ran, hitA).contextOutputs).toEqual(['ran', 'hit-b', 'hit-a']);
  });
});

describe('properties', () => {
  const arbitraryResult = fc.record({
    exitCode: fc.constantFrom(0, 0, 1, 2, -1),
    output: fc.string({ maxLength: 8 }),
    durationMs: fc.nat(100),
    timedOut: fc.boolean(),
  });

  test('blocked iff preToolUse has an exit-2 result that is not an error; context iff a prompt trigger has exit-0 text', () => {
    fc.assert(
      fc.property(fc.constantFrom(...KIRO_EVENTS), fc.array(arbitraryResult, { maxLength: 6 }), (event, specs) => {
        const results = specs.map((s) =>
          s.timedOut ? result(-1, undefined, { error: 'timeout', durationMs: s.durationMs }) : result(s.exitCode, s.output, { durationMs: s.durationMs }),
        );
        const out = merged(event, ...results);
        const blocking = results.filter((r) => r.error === undefined && r.exitCode === 2);
        const contextual = results.filter((r) => r.error === undefined && r.exitCode === 0 && r.output !== '');
        const failures = results.filter((r) => r.error !== undefined || r.exitCode !== 0);
        return (
          out.blocked === (event === 'preToolUse' && blocking.length > 0) &&
          out.blockMessages.length === (out.blocked ? blocking.length : 0) &&
          (out.reason === null) === !out.blocked &&
          (out.context !== null) === (['agentSpawn', 'userPromptSubmit'].includes(event) && contextual.length > 0) &&
          out.warnings.length === failures.length &&
          outcomeKiro(event, out) === (out.blocked ? 'block' : 'proceed')
        );
      }),
    );
  });
});
