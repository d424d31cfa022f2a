// `--hook-trust` / HOOKRUN_HOOK_TRUST: the policy a dialect's project-hook gate applies (the Gemini
// gate itself: test/dialects/gemini/trust/gate.test.ts).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HookrunError } from '../../src/pipeline/errors.js';
import { resolveHookTrustPolicy } from '../../src/trust/policy.js';
import { makeSandbox, type Sandbox } from '../dialects/gemini/sandbox.js';

let s: Sandbox;
beforeEach(async () => {
  s = await makeSandbox();
});
afterEach(async () => {
  await s.cleanup();
});

describe('resolveHookTrustPolicy', () => {
  it.each([
    [undefined, {}, 'block'],
    [undefined, { HOOKRUN_HOOK_TRUST: 'warn' }, 'warn'],
    [undefined, { HOOKRUN_HOOK_TRUST: '' }, 'block'],
    ['block', { HOOKRUN_HOOK_TRUST: 'warn' }, 'block'],
    ['warn', {}, 'warn'],
  ])('flag %s, env %j → %s', (flag, env, expected) => {
    expect(resolveHookTrustPolicy(flag, s.ctx({ env }))).toBe(expected);
  });

  it('a wrong value names where it came from', () => {
    expect(() => resolveHookTrustPolicy(undefined, s.ctx({ env: { HOOKRUN_HOOK_TRUST: 'yes' } }))).toThrow(
      new HookrunError('usage', 'HOOKRUN_HOOK_TRUST must be one of block, warn, got "yes"'),
    );
  });
});
