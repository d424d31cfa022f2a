// The aggregator against the spec's vectors (§9.2) and, by property, against a small reference
// model of §5 written independently of the implementation.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { aggregateGemini, outcomeGemini } from '../../../src/dialects/gemini/aggregate.js';
import type { HookResult, RegistryEntry } from '../../../src/pipeline/types.js';

const entry: RegistryEntry = {
  event: 'BeforeTool',
  config: { type: 'command', command: 'x' },
  source: 'project',
  layer: 'workspace',
  matcher: undefined,
  sequential: undefined,
  enabled: true,
  displayName: 'x',
};

function result(output: unknown, extra: Partial<HookResult> = {}): HookResult {
  return { index: 0, entry, command: 'x', input: {}, success: true, exitCode: 0, durationMs: 0, output, ...extra };
}
const merge = (event: string, ...outputs: unknown[]) =>
  aggregateGemini(
    event,
    outputs.map((o) => result(o)),
  ).finalOutput;

describe('spec §9.2 vectors', () => {
  test('12: no results → success, nothing merged', () => {
    expect(aggregateGemini('BeforeTool', [])).toEqual({ success: true, errors: [], totalDurationMs: 0 });
  });
  test('13: two allows concatenate reasons and sum durations', () => {
    const agg = aggregateGemini('BeforeTool', [
      result({ decision: 'allow', reason: 'Hook 1 approved' }, { durationMs: 100 }),
      result({ decision: 'allow', reason: 'Hook 2 approved' }, { durationMs: 150 }),
    ]);
    expect(agg.finalOutput).toMatchObject({ decision: 'allow', reason: 'Hook 1 approved\nHook 2 approved' });
    expect(agg.totalDurationMs).toBe(250);
  });
  test('14: an error without output fails the aggregate but keeps the other output', () => {
    const agg = aggregateGemini('BeforeTool', [result(undefined, { error: 'Hook failed', success: false, durationMs: 50 }), result({ decision: 'allow' }, { durationMs: 100 })]);
    expect(agg).toMatchObject({ success: false, errors: ['Hook failed'], totalDurationMs: 150 });
    expect(agg.finalOutput?.decision).toBe('allow');
  });
  test('15: a block wins over an allow; all reasons kept', () => {
    expect(merge('BeforeTool', { decision: 'allow', reason: 'Hook 1 allowed' }, { decision: 'block', reason: 'Hook 2 blocked' })).toEqual({
      continue: true,
      suppressOutput: false,
      decision: 'block',
      reason: 'Hook 1 allowed\nHook 2 blocked',
    });
  });
  test('16: continue:false with a stopReason', () => {
    expect(merge('BeforeTool', { decision: 'allow', continue: true }, { decision: 'allow', continue: false, stopReason: 'Stop requested' })).toEqual({
      continue: false,
      stopReason: 'Stop requested',
      suppressOutput: false,
    });
  });
  test.each([
    [
      [
        { mode: 'ANY', allowedFunctionNames: ['tool1', 'tool2'] },
        { mode: 'NONE', allowedFunctionNames: [] },
      ],
      { mode: 'NONE', allowedFunctionNames: [] },
    ],
    [
      [
        { mode: 'AUTO', allowedFunctionNames: ['tool1'] },
        { mode: 'ANY', allowedFunctionNames: ['tool2', 'tool3'] },
      ],
      { mode: 'ANY', allowedFunctionNames: ['tool1', 'tool2', 'tool3'] },
    ],
    [
      [
        { mode: 'AUTO', allowedFunctionNames: ['tool1'] },
        { mode: 'AUTO', allowedFunctionNames: ['tool2'] },
      ],
      { mode: 'AUTO', allowedFunctionNames: ['tool1', 'tool2'] },
    ],
    [[{ allowedFunctionNames: ['b', 'a', 'b'] }], { mode: 'AUTO', allowedFunctionNames: ['a', 'b'] }],
  ])('17–19, 31: tool selection union %j', (configs, toolConfig) => {
    const outputs = configs.map((c) => ({ hookSpecificOutput: { toolConfig: c } }));
    expect(merge('BeforeToolSelection', ...outputs)).toEqual({ hookSpecificOutput: { hookEventName: 'BeforeToolSelection', toolConfig } });
  });
  test('tool selection: a string of names gives its characters, falsy values are skipped', () => {
    const outputs = [{ allowedFunctionNames: 'ba' }, { allowedFunctionNames: 0 }, { allowedFunctionNames: '' }].map((c) => ({ hookSpecificOutput: { toolConfig: c } }));
    expect(merge('BeforeToolSelection', ...outputs)).toEqual({
      hookSpecificOutput: { hookEventName: 'BeforeToolSelection', toolConfig: { mode: 'AUTO', allowedFunctionNames: ['a', 'b'] } },
    });
  });
  test.each([5, true, { a: 1 }])('tool selection: allowedFunctionNames %j cannot be iterated, so the merge throws and the event has no output', (list) => {
    const outputs = [{ hookSpecificOutput: { toolConfig: { mode: 'ANY', allowedFunctionNames: ['x'] } } }, { hookSpecificOutput: { toolConfig: { allowedFunctionNames: list } } }];
    const aggregate = aggregateGemini(
      'BeforeToolSelection',
      outputs.map((o) => result(o)),
    );
    expect(aggregate.finalOutput).toBeUndefined();
    expect(aggregate.success).toBe(false);
    expect(aggregate.agentError).toMatch(/its merge iterates toolConfig\.allowedFunctionNames .*, which is not a list/);
  });
  test.each(['abc', 7, true])('or-decision: a hookSpecificOutput %j that is no object makes the merge throw (the agent uses `in` on it), so no output', (hso) => {
    const outputs = [{ decision: 'deny', reason: 'first' }, { hookSpecificOutput: hso }];
    const aggregate = aggregateGemini(
      'BeforeTool',
      outputs.map((o) => result(o)),
    );
    expect(aggregate.finalOutput).toBeUndefined();
    expect(aggregate.agentError).toMatch(/looks for additionalContext in hookSpecificOutput .*, which is not an object/);
    // Falsy values are skipped, as the agent's `if (output.hookSpecificOutput)` does.
    expect(merge('BeforeTool', { decision: 'deny' }, { hookSpecificOutput: 0 }, { hookSpecificOutput: '' })).toMatchObject({ decision: 'deny' });
  });
  test('values that cannot become text: where the agent joins or logs them it throws, so no output', () => {
    const opaque = { toString: false };
    const failed = (event: string, ...outputs: unknown[]) =>
      aggregateGemini(
        event,
        outputs.map((o) => result(o)),
      );
    // OR-decision joins reasons with '\n'.
    expect(failed('BeforeTool', { reason: 'a' }, { reason: opaque })).toMatchObject({ success: false, agentError: expect.stringMatching(/^TypeError: /) });
    expect(failed('BeforeTool', { reason: 'a' }, { reason: opaque }).finalOutput).toBeUndefined();
    // Field replacement keeps the object; the event handler's log line then converts it.
    expect(failed('BeforeModel', { systemMessage: opaque }).agentError).toMatch(/^TypeError: /);
    // ... unless suppressed, and a stop reason only on continue false.
    expect(merge('BeforeModel', { systemMessage: opaque, suppressOutput: true })).toMatchObject({ suppressOutput: true });
    expect(failed('BeforeModel', { continue: false, stopReason: opaque }).agentError).toMatch(/^TypeError: /);
    // A decision that is such an object is only compared, never made text: the merge goes through.
    expect(merge('BeforeTool', { decision: opaque })).toEqual({ continue: true, suppressOutput: false, decision: 'allow' });
  });
  test('20: field replacement — last decision and llm_request win', () => {
    const out = merge(
      'BeforeModel',
      { decision: 'allow', hookSpecificOutput: { llm_request: { model: 'model1' } } },
      { decision: 'block', hookSpecificOutput: { llm_request: { model: 'model2' } } },
    );
    expect(out).toEqual({ decision: 'block', hookSpecificOutput: { llm_request: { model: 'model2' } } });
  });
  test('21: additionalContext is joined with newlines', () => {
    const out = merge('AfterTool', { hookSpecificOutput: { additionalContext: 'Context from hook 1' } }, { hookSpecificOutput: { additionalContext: 'Context from hook 2' } });
    expect(out?.hookSpecificOutput).toEqual({ additionalContext: 'Context from hook 1\nContext from hook 2' });
  });
  test.each([
    [[{ decision: 'ask' }, { decision: 'deny' }], 'deny'],
    [[{ decision: 'deny' }, { decision: 'ask' }], 'deny'],
    [[{ decision: 'ask' }], 'ask'],
    [[{ decision: 'approve' }], 'allow'],
    [[{ decision: 'block' }, { decision: 'deny' }], 'deny'],
    [[{}], 'allow'],
  ])('22, 23, 26: decisions %j → %s', (outputs, decision) => {
    expect(merge('BeforeTool', ...outputs)?.decision).toBe(decision);
  });
  test('24: continue:false alone leaves the decision unset', () => {
    expect(merge('BeforeTool', { continue: false })).toEqual({ continue: false, suppressOutput: false });
  });
  test('25: a stopReason without continue:false is dropped', () => {
    expect(merge('BeforeTool', { stopReason: 'x' })).toEqual({ continue: true, suppressOutput: false, decision: 'allow' });
  });
  test('27: clearContext only turns on', () => {
    expect(merge('AfterAgent', { hookSpecificOutput: { clearContext: true } }, { hookSpecificOutput: { clearContext: false } })?.hookSpecificOutput).toEqual({
      clearContext: true,
    });
    expect(merge('AfterAgent', { hookSpecificOutput: { clearContext: false } })?.hookSpecificOutput).toEqual({});
  });
  test('28: tool_input is replaced whole by the last hook', () => {
    const out = merge('BeforeTool', { hookSpecificOutput: { tool_input: { a: 1, b: 2 } } }, { hookSpecificOutput: { tool_input: { b: 3 } } });
    expect(out?.hookSpecificOutput).toEqual({ tool_input: { b: 3 } });
  });
  test('29: system messages join; any suppressOutput wins', () => {
    expect(merge('BeforeTool', { systemMessage: 'A' }, { systemMessage: 'B', suppressOutput: true })).toMatchObject({
      systemMessage: 'A\nB',
      suppressOutput: true,
    });
  });
  test('30: field replacement lets a later allow undo a block, and keeps continue:false', () => {
    expect(merge('BeforeModel', { decision: 'block' }, { decision: 'allow' })?.decision).toBe('allow');
    expect(merge('AfterModel', { continue: false }, {})).toEqual({ continue: false, hookSpecificOutput: {} });
  });
  test('31: tool selection ignores decisions and defaults to AUTO []', () => {
    expect(merge('BeforeToolSelection', {}, { decision: 'deny' })).toEqual({
      hookSpecificOutput: { hookEventName: 'BeforeToolSelection', toolConfig: { mode: 'AUTO', allowedFunctionNames: [] } },
    });
  });
  test('32: simple merge, later keys win', () => {
    expect(merge('PreCompress', { systemMessage: 'a' }, { systemMessage: 'b' })).toEqual({ systemMessage: 'b' });
  });
});

describe('keys as the agent keeps them', () => {
  test('a "__proto__" key in hookSpecificOutput stays a key, as the agent\'s spreads keep it (OR-decision events)', () => {
    const output = JSON.parse('{"hookSpecificOutput":{"__proto__":{"additionalContext":"x"},"k":2}}') as unknown;
    for (const event of ['BeforeTool', 'AfterTool', 'BeforeAgent', 'AfterAgent', 'SessionStart']) {
      const merged = merge(event, output);
      expect(JSON.stringify(merged?.hookSpecificOutput)).toBe('{"__proto__":{"additionalContext":"x"},"k":2}');
      expect(Object.getPrototypeOf(merged?.hookSpecificOutput)).toBe(Object.prototype);
    }
  });

  test('field replacement and simple merge keep it too', () => {
    const output = JSON.parse('{"hookSpecificOutput":{"__proto__":{"a":1}}}') as unknown;
    expect(JSON.stringify(merge('BeforeModel', output)?.hookSpecificOutput)).toBe('{"__proto__":{"a":1}}');
    expect(JSON.stringify(merge('SessionEnd', output)?.hookSpecificOutput)).toBe('{"__proto__":{"a":1}}');
  });
});

describe('outcome', () => {
  test.each([
    ['BeforeTool', { continue: false, decision: 'block' }, 'stop'],
    ['BeforeTool', { decision: 'deny' }, 'block'],
    ['BeforeTool', { decision: 'ask' }, 'ask'],
    ['AfterTool', { decision: 'ask' }, 'proceed'],
    ['BeforeModel', { decision: 'block' }, 'block'],
    ['SessionStart', { decision: 'block', continue: false }, 'proceed'],
    ['Notification', { decision: 'deny' }, 'proceed'],
    ['BeforeToolSelection', { decision: 'deny' }, 'proceed'],
    ['BeforeTool', undefined, 'proceed'],
  ] as const)('%s %j → %s', (event, output, outcome) => {
    expect(outcomeGemini(event, output as never)).toBe(outcome);
  });
});

// Reference model of the OR-decision strategy, restated from spec §5 line by line.
function referenceOr(outputs: Record<string, unknown>[]): Record<string, unknown> {
  const stop = outputs.some((o) => o.continue === false);
  const blocking = outputs.filter((o) => o.decision === 'block' || o.decision === 'deny');
  const firstBlock = outputs.findIndex((o) => o.decision === 'block' || o.decision === 'deny');
  const askBeforeBlock = outputs.some((o, i) => o.decision === 'ask' && (firstBlock === -1 || i < firstBlock));
  const out: Record<string, unknown> = { continue: !stop };
  const stopReasons = outputs.filter((o) => o.continue === false && o.stopReason).map((o) => o.stopReason);
  if (stopReasons.length) out.stopReason = stopReasons.join('\n');
  out.suppressOutput = outputs.some((o) => o.suppressOutput);
  const messages = outputs.filter((o) => o.systemMessage).map((o) => o.systemMessage);
  if (messages.length) out.systemMessage = messages.join('\n');
  if (blocking.length) out.decision = blocking[blocking.length - 1]!.decision;
  else if (askBeforeBlock) out.decision = 'ask';
  else if (!stop) out.decision = 'allow';
  const reasons = outputs.filter((o) => o.reason).map((o) => o.reason);
  if (reasons.length) out.reason = reasons.join('\n');
  return out;
}

const hookOutput = fc.record(
  {
    continue: fc.constantFrom(true, false, 'false'),
    stopReason: fc.constantFrom('', 's1', 's2'),
    suppressOutput: fc.boolean(),
    systemMessage: fc.constantFrom('', 'm1', 'm2'),
    decision: fc.constantFrom('allow', 'approve', 'block', 'deny', 'ask', 'Deny', 'other'),
    reason: fc.constantFrom('', 'r1', 'r2'),
  },
  { requiredKeys: [] },
);

describe('property: OR-decision matches the reference model', () => {
  test.each(['BeforeTool', 'AfterTool', 'BeforeAgent', 'AfterAgent', 'SessionStart'])('%s', (event) => {
    fc.assert(
      fc.property(fc.array(hookOutput, { minLength: 1, maxLength: 6 }), (outputs) => {
        expect(merge(event, ...outputs)).toEqual(referenceOr(outputs));
      }),
      { numRuns: 300 },
    );
  });
  test('no output at all never produces a merged output, whatever the errors', () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.string({ minLength: 1 }), { nil: undefined })), (errors) => {
        const agg = aggregateGemini(
          'BeforeTool',
          errors.map((error) => result(undefined, error === undefined ? {} : { error })),
        );
        expect(agg.finalOutput).toBeUndefined();
        expect(agg.success).toBe(errors.every((e) => e === undefined));
      }),
    );
  });
});
