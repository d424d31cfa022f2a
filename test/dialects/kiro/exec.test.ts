// The pure parts of how Kiro starts and reads a hook: byte truncation on a character boundary, the
// USER_PROMPT sanitiser, the invocation, and the reading of a finished process.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { Context } from '../../../src/pipeline/context.js';
import { buildKiroInvocation, interpretKiro, sanitizeUserPrompt, truncateOutput, utf8Prefix } from '../../../src/dialects/kiro/exec.js';
import type { PlannedHook, ProcessOutcome } from '../../../src/pipeline/types.js';

describe('truncateOutput (max_output_size)', () => {
  test.each([
    // [text, limit, result]
    ['abcde', 5, 'abcde'],
    ['abcdef', 5, 'abcde ... truncated'],
    ['', 0, ''],
    ['a', 0, ' ... truncated'],
    // "é" is 2 bytes, "€" 3, "😀" 4: a cut inside a character drops the whole character
    ['aé', 2, 'a ... truncated'],
    ['aé', 3, 'aé'],
    ['€€', 4, '€ ... truncated'],
    ['€€', 5, '€ ... truncated'],
    ['€€', 6, '€€'],
    ['😀x', 3, ' ... truncated'],
    ['😀x', 4, '😀 ... truncated'],
  ])('%j cut to %i bytes → %j', (text, limit, expected) => {
    expect(truncateOutput(text, limit)).toBe(expected);
  });

  test('the kept part is the longest whole-character prefix within the limit', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), fc.integer({ min: 0, max: 80 }), (text, limit) => {
        const prefix = utf8Prefix(text, limit);
        const bytes = Buffer.byteLength(prefix);
        const nextChar = Array.from(text.slice(prefix.length))[0];
        return (
          text.startsWith(prefix) &&
          bytes <= limit &&
          (prefix === text || bytes + Buffer.byteLength(nextChar ?? '') > limit) &&
          truncateOutput(text, limit) === (Buffer.byteLength(text) > limit ? `${prefix} ... truncated` : text)
        );
      }),
    );
  });
});

describe('sanitizeUserPrompt (USER_PROMPT)', () => {
  test('control characters go, except newline, carriage return and tab', () => {
    expect(sanitizeUserPrompt('a\u0000b\u0007c\nd\re\tf\u001bg\u007fh\u0085i')).toBe('abc\nd\re\tfghi');
  });
  test('at most 4096 bytes, never half a character', () => {
    expect(Buffer.byteLength(sanitizeUserPrompt('x'.repeat(5000)))).toBe(4096);
    const euros = sanitizeUserPrompt('€'.repeat(2000));
    expect(euros).toBe('€'.repeat(1365));
    expect(sanitizeUserPrompt('refactor module')).toBe('refactor module');
  });
});

const ctx = (platform: NodeJS.Platform = 'linux'): Context => ({
  cwd: '/work/space',
  env: { PATH: '/bin', HOME: '/home/u', USER_PROMPT: 'stale' },
  platform,
  now: () => new Date(0),
});

const hook = (event: string, config: Record<string, unknown> = {}, matcher?: string): PlannedHook => ({
  index: 0,
  entry: {
    event,
    config: { type: 'command', command: 'echo hi', ...config },
    source: 'agent',
    layer: 'workspace',
    matcher,
    sequential: undefined,
    enabled: true,
    displayName: 'echo hi',
  },
});

describe('buildKiroInvocation', () => {
  test('bash -c in the workspace, the event as compact JSON on stdin, defaults applied', () => {
    const input = { hook_event_name: 'preToolUse', cwd: '/elsewhere', tool_name: 'fs_read', tool_input: { a: 1 } };
    const inv = buildKiroInvocation(hook('preToolUse'), input, ctx());
    expect(inv).toMatchObject({ file: 'bash', args: ['-c', 'echo hi'], cwd: '/work/space', timeoutMs: 30_000, outputLimitBytes: 10_240 });
    expect(inv.stdin).toBe(JSON.stringify(input));
    // USER_PROMPT only where the trigger has a prompt; the inherited value is passed on untouched otherwise.
    expect(inv.env.USER_PROMPT).toBe('stale');
  });
  test('cmd /C on Windows; configured limits', () => {
    const inv = buildKiroInvocation(hook('stop', { timeout_ms: 5, max_output_size: 7 }), {}, ctx('win32'));
    expect(inv).toMatchObject({ file: 'cmd', args: ['/C', 'echo hi'], timeoutMs: 5, outputLimitBytes: 7 });
  });
  test.each(['userPromptSubmit', 'agentSpawn'])('%s exports the sanitised prompt as USER_PROMPT', (event) => {
    expect(buildKiroInvocation(hook(event), { prompt: 'hi\u0000 there' }, ctx()).env.USER_PROMPT).toBe('hi there');
  });
  // Gemini CLI's redaction (strict in GitHub Actions) once leaked into --env-allow here: Kiro redacts nothing.
  test('--env-allow keeps the whole environment Kiro passes, in GitHub Actions too', () => {
    const env = { PATH: '/bin', GITHUB_SHA: 'abc', API_TOKEN: 't', EDITOR: 'vi' };
    const inv = buildKiroInvocation(hook('stop'), {}, { ...ctx(), env }, { clean: false, allow: [] });
    expect(inv.env).toEqual(env);
  });
});

const outcome = (over: Partial<ProcessOutcome>): ProcessOutcome => ({
  stdout: '',
  stderr: '',
  exitCode: 0,
  signal: null,
  timedOut: false,
  stdoutTruncated: false,
  stderrTruncated: false,
  durationMs: 1,
  killed: false,
  ...over,
});

describe('interpretKiro', () => {
  const inv = buildKiroInvocation(hook('preToolUse', { max_output_size: 4, timeout_ms: 300 }), {}, ctx());
  test.each([
    ['exit 0 keeps stdout', { stdout: 'out', stderr: 'err' }, { success: true, exitCode: 0, output: 'out' }],
    ['exit 2 keeps stderr', { exitCode: 2, stdout: 'out', stderr: 'no' }, { success: false, exitCode: 2, output: 'no' }],
    ['cut to the limit', { stdout: 'abcdef' }, { success: true, output: 'abcd ... truncated' }],
    ['a stream hookrun already capped still gets the suffix', { stdout: 'ab', stdoutTruncated: true }, { success: true, output: 'ab ... truncated' }],
    ['the other stream being capped does not matter', { stdout: 'ab', stderrTruncated: true }, { success: true, output: 'ab' }],
    ['a signal counts as -1', { exitCode: null, signal: 'SIGKILL', stderr: 'x' }, { success: false, exitCode: -1, output: 'x' }],
    ['a timeout is an error without output', { timedOut: true, exitCode: null, stdout: 'late' }, { success: false, error: 'command timed out after 300 ms' }],
    ['a spawn failure is an error', { spawnError: 'cannot start "bash"', exitCode: null }, { success: false, error: 'cannot start "bash"' }],
  ] as const)('%s', (_name, over, expected) => {
    const result = interpretKiro(outcome(over), inv);
    expect(result).toMatchObject(expected);
    if ('error' in expected) expect(result.output).toBeUndefined();
  });
});
