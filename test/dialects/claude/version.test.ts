import { describe, expect, test } from 'vitest';
import { parseClaudeVersion, resolveClaudeProfile } from '../../../src/dialects/claude/version.js';

describe('--claude-version', () => {
  test.each([
    [undefined, 'classic', false, false],
    ['classic', 'classic', false, false],
    ['current', 'current', true, true],
    ['latest', 'current', true, true],
    ['2.1.2', 'classic', false, false],
    ['2.1.3', 'current', false, false],
    ['v2.1.191', 'current', true, false],
    ['2.1.195', 'current', true, true],
    ['2', 'classic', false, false],
    ['3', 'current', true, true],
  ] as const)('%s → %s (commas %s, hyphens %s)', (value, generation, listCommas, listHyphens) => {
    expect(parseClaudeVersion(value)).toMatchObject({ generation, listCommas, listHyphens });
  });

  test('anything else is a usage error naming where it came from', () => {
    expect(() => parseClaudeVersion('2.x')).toThrow(/--claude-version must be/);
    expect(() => resolveClaudeProfile(undefined, { HOOKRUN_CLAUDE_VERSION: 'new' })).toThrow(/HOOKRUN_CLAUDE_VERSION must be/);
  });

  test('the flag wins over the environment', () => {
    expect(resolveClaudeProfile('classic', { HOOKRUN_CLAUDE_VERSION: 'current' }).generation).toBe('classic');
    expect(resolveClaudeProfile(undefined, { HOOKRUN_CLAUDE_VERSION: 'current' }).generation).toBe('current');
  });
});
