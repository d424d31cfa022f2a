// `--gemini-version` / HOOKRUN_GEMINI_VERSION: which release's rules apply, and which changes each has.
import { describe, expect, test } from 'vitest';
import { geminiHas, parseGeminiVersion, resolveGeminiProfile } from '../../../src/dialects/gemini/version.js';

describe('--gemini-version', () => {
  test.each([
    [undefined, '0.61.0', true, true],
    ['', '0.61.0', true, true],
    ['latest', '0.61.0', true, true],
    ['0.61.0', '0.61.0', true, true],
    ['v0.62.1', '0.62.1', true, true],
    ['0.60.0', '0.60.0', true, true],
    ['0.60.0-preview.0', '0.60.0', true, true],
    ['0.59.0', '0.59.0', true, false],
    ['0.59', '0.59.0', true, false],
    ['0.58.0', '0.58.0', false, false],
    ['0.56.0-nightly.20260822.g5411f113c', '0.56.0', false, false],
    ['0', '0.0.0', false, false],
    ['1', '1.0.0', true, true],
  ] as const)('%j → %s (restricted mode %s, secure system files %s)', (value, version, restricted, secure) => {
    const profile = parseGeminiVersion(value);
    expect(profile.version.join('.')).toBe(version);
    expect(geminiHas(profile, 'restrictedMode')).toBe(restricted);
    expect(geminiHas(profile, 'secureSystemFiles')).toBe(secure);
  });

  test('anything else is a usage error naming where it came from', () => {
    expect(() => parseGeminiVersion('0.6x')).toThrow(/--gemini-version must be "latest" or a Gemini CLI release/);
    expect(() => resolveGeminiProfile(undefined, { HOOKRUN_GEMINI_VERSION: 'newest' })).toThrow(/HOOKRUN_GEMINI_VERSION must be/);
  });

  test('the flag wins over the environment', () => {
    expect(resolveGeminiProfile('0.56.0', { HOOKRUN_GEMINI_VERSION: 'latest' }).version).toEqual([0, 56, 0]);
    expect(resolveGeminiProfile(undefined, { HOOKRUN_GEMINI_VERSION: '0.56.0' }).version).toEqual([0, 56, 0]);
    expect(resolveGeminiProfile(undefined, {}).label).toBe('0.61.0 (default)');
  });
});
