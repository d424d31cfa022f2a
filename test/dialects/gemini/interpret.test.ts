// Output parsing against the spec's runner vectors (§9.4, 61–70) and §3.7.
import { describe, expect, test } from 'vitest';
import { interpretGemini } from '../../../src/dialects/gemini/interpret.js';
import type { ProcessOutcome } from '../../../src/pipeline/types.js';

function outcome(stdout: string, stderr: string, exitCode: number | null, extra: Partial<ProcessOutcome> = {}): ProcessOutcome {
  return {
    stdout,
    stderr,
    exitCode,
    signal: null,
    timedOut: false,
    stdoutTruncated: false,
    stderrTruncated: false,
    durationMs: 1,
    killed: false,
    ...extra,
  };
}

describe('spec §9.4 parsing vectors', () => {
  test.each([
    [
      '61 incomplete JSON → text',
      '{ "decision": "allow", incomplete',
      '',
      0,
      { success: true, outputFormat: 'text', output: { decision: 'allow', systemMessage: '{ "decision": "allow", incomplete' } },
    ],
    ['62 plain text exit 0 → allow + systemMessage', 'not json at all', '', 0, { success: true, output: { decision: 'allow', systemMessage: 'not json at all' } }],
    [
      '63 stderr text exit 1 → allow + Warning',
      '',
      '{ broken json',
      1,
      { success: false, exitCode: 1, outputFormat: 'text', output: { decision: 'allow', systemMessage: 'Warning: { broken json' } },
    ],
    ['64 stderr text exit 2 → deny', '', '{ "error": incomplete', 2, { success: false, exitCode: 2, output: { decision: 'deny', reason: '{ "error": incomplete' } }],
    ['65 empty stdout exit 0 → no output', '', '', 0, { success: true, exitCode: 0, output: undefined }],
    [
      '66 double-encoded JSON is unwrapped',
      JSON.stringify(JSON.stringify({ decision: 'allow', reason: 'All good', format: 'json' })),
      '',
      0,
      { output: { decision: 'allow', reason: 'All good', format: 'json' }, outputFormat: 'json' },
    ],
    ['67 a bare number carries no output', '42', '', 0, { success: true, output: undefined, outputFormat: undefined }],
    ['67 a bare true carries no output', 'true', '', 0, { output: undefined }],
    ['67 a bare null carries no output', 'null', '', 0, { output: undefined }],
    ['68 text with exit 3 → deny', 'hi', '', 3, { success: false, output: { decision: 'deny', reason: 'hi' } }],
    ['69 JSON on stdout wins over stderr; exit 2 still fails', '{"decision":"allow"}', 'bad', 2, { success: false, exitCode: 2, output: { decision: 'allow' } }],
    ['70 surrounding whitespace is trimmed', '  {"a":1}\n', '', 0, { output: { a: 1 } }],
    [
      'exit 127 text (missing script) → deny',
      '',
      'bash: ./x.sh: No such file or directory',
      127,
      { output: { decision: 'deny', reason: 'bash: ./x.sh: No such file or directory' } },
    ],
    ['a JSON array is an output', '[1]', '', 0, { output: [1], outputFormat: 'json' }],
    ['a JSON string that is not JSON is plain text of the original', '"hello"', '', 0, { output: { decision: 'allow', systemMessage: '"hello"' } }],
    ['mixed text and JSON is plain text', 'Pollution\n{"decision":"deny"}', '', 0, { output: { decision: 'allow', systemMessage: 'Pollution\n{"decision":"deny"}' } }],
  ])('%s', (_name, stdout, stderr, code, expected) => {
    const result = interpretGemini(outcome(stdout, stderr, code), 60000) as Record<string, unknown>;
    for (const [key, value] of Object.entries(expected)) expect(result[key], key).toEqual(value);
  });
});

describe('process failures', () => {
  test('a timeout fails with the agent message and parses nothing', () => {
    const r = interpretGemini(outcome('{"decision":"deny"}', '', null, { timedOut: true, signal: 'SIGTERM' }), 300);
    expect(r).toEqual({ success: false, error: 'Hook timed out after 300ms', exitCode: 0 });
  });
  test('a spawn error fails with its message', () => {
    const r = interpretGemini(outcome('', '', null, { spawnError: 'spawn bash ENOENT' }), 60000);
    expect(r).toEqual({ success: false, error: 'spawn bash ENOENT', exitCode: 0 });
  });
  test('death by signal reports exit 0 but fails, and plain text is read with code 0', () => {
    const r = interpretGemini(outcome('partial', '', null, { signal: 'SIGKILL' }), 60000);
    expect(r).toMatchObject({ success: false, exitCode: 0, output: { decision: 'allow', systemMessage: 'partial' } });
  });
});

describe('a stream cut at the capture limit is not parsed (hookrun, beyond Gemini)', () => {
  test('cut stdout: a failure without output, even if the prefix parses', () => {
    const r = interpretGemini(outcome('{"decision":"allow"}', '', 0, { stdoutTruncated: true }), 60000);
    expect(r).toEqual({ success: false, exitCode: 0, error: "stdout exceeded hookrun's capture limit (--max-output) and was cut; the output was not parsed" });
  });
  test('cut stderr matters only when it is the text read (blank stdout)', () => {
    expect(interpretGemini(outcome('', 'x'.repeat(10), 2, { stderrTruncated: true }), 60000)).toMatchObject({
      success: false,
      exitCode: 2,
      error: expect.stringMatching(/^stderr exceeded/),
    });
    expect(interpretGemini(outcome('{"decision":"deny"}', 'flood', 0, { stderrTruncated: true }), 60000)).toMatchObject({ success: true, output: { decision: 'deny' } });
  });
  test('a cut stream with nothing kept (--max-output 0) is cut, not blank', () => {
    expect(interpretGemini(outcome('', '', 0, { stdoutTruncated: true }), 60000)).toMatchObject({ success: false, error: expect.stringMatching(/^stdout exceeded/) });
    expect(interpretGemini(outcome('', '', 2, { stderrTruncated: true }), 60000)).toMatchObject({ success: false, exitCode: 2, error: expect.stringMatching(/^stderr exceeded/) });
  });
  test('cut stdout kept only blanks: stderr is not read in its place', () => {
    expect(interpretGemini(outcome('   ', '{"decision":"deny"}', 0, { stdoutTruncated: true }), 60000)).toMatchObject({
      success: false,
      error: expect.stringMatching(/^stdout exceeded/),
    });
  });
});
