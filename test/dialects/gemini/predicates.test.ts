// Output predicates against the spec's vectors (§9.1, 3–7).
import { describe, expect, test } from 'vitest';
import { blockingError, effectiveReason, escapedAdditionalContext, isBlockingDecision, shouldStopExecution } from '../../../src/dialects/gemini/predicates.js';

describe('spec §9.1 vectors', () => {
  test.each([
    ['approve', false],
    [undefined, false],
    ['block', true],
    ['deny', true],
    ['Deny', false],
  ])('3: decision %s blocking → %s', (decision, blocking) => {
    expect(isBlockingDecision(decision)).toBe(blocking);
  });
  test.each([
    [{ continue: false }, true],
    [{ continue: true }, false],
    [{}, false],
    [{ continue: 'false' }, false],
  ])('4: %j stops → %s', (output, stop) => {
    expect(shouldStopExecution(output)).toBe(stop);
  });
  test.each([
    [{ reason: 'specific reason' }, 'specific reason'],
    [{ stopReason: 'stop reason' }, 'stop reason'],
    [{ stopReason: 'stop reason', reason: 'r' }, 'stop reason'],
    [{}, 'No reason provided'],
  ])('5: effective reason of %j', (output, reason) => {
    expect(effectiveReason(output)).toBe(reason);
  });
  test.each([
    [{ hookSpecificOutput: { additionalContext: 'some context' } }, 'some context'],
    [{ hookSpecificOutput: { additionalContext: 'context with <tag> and </hook_context>' } }, 'context with &lt;tag&gt; and &lt;/hook_context&gt;'],
    [{ hookSpecificOutput: { additionalContext: 'a & "b"' } }, 'a & "b"'],
    [{ hookSpecificOutput: { other: 'value' } }, undefined],
    [{ hookSpecificOutput: { additionalContext: 5 } }, undefined],
    [{}, undefined],
  ])('6: additionalContext of %j', (output, context) => {
    expect(escapedAdditionalContext(output)).toBe(context);
  });
  test('7: blocking error', () => {
    expect(blockingError({ decision: 'block', reason: 'blocked by hook' })).toEqual({ blocked: true, reason: 'blocked by hook' });
    expect(blockingError({ decision: 'approve' })).toEqual({ blocked: false, reason: '' });
  });
});
