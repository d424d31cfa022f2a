// The pure core of the Claude dialect: how one finished process is read, and how answers merge.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { mergeClaudeOutputs, outcomeClaude } from '../../../src/dialects/claude/aggregate.js';
import { interpretClaude } from '../../../src/dialects/claude/interpret.js';
import type { ClaudeInvocation } from '../../../src/dialects/claude/invocation.js';
import type { ProcessOutcome } from '../../../src/pipeline/types.js';
import { parseClaudeVersion } from '../../../src/dialects/claude/version.js';

const invocation = (generation: 'classic' | 'current', async = false): ClaudeInvocation => ({
  command: 'x',
  file: '/bin/sh',
  args: [],
  cwd: '/',
  env: {},
  stdin: '{}',
  timeoutMs: 60_000,
  claude: { generation, profile: parseClaudeVersion(generation), async, unblockable: false, http: false },
});

const ended = (exitCode: number | null, stdout = '', stderr = '', extra: Partial<ProcessOutcome> = {}): ProcessOutcome => ({
  stdout,
  stderr,
  exitCode,
  signal: exitCode === null ? 'SIGKILL' : null,
  timedOut: false,
  stdoutTruncated: false,
  stderrTruncated: false,
  durationMs: 1,
  killed: false,
  ...extra,
});

const deny = JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'r' } });

describe('interpretClaude', () => {
  test("a stdout cut at hookrun's capture limit is not read as an answer; an exit 2 still blocks", () => {
    const cut = interpretClaude('PreToolUse', ended(0, deny.slice(0, 20), '', { stdoutTruncated: true }), invocation('classic'));
    expect(cut).toMatchObject({ success: false, error: expect.stringMatching(/capture limit \(--max-output\) and was cut/) });
    expect(cut.output).toBeUndefined();
    const blocked = interpretClaude('PreToolUse', ended(2, 'x', 'no', { stdoutTruncated: true }), invocation('classic'));
    expect(blocked.output).toMatchObject({ hookSpecificOutput: { permissionDecision: 'deny' } });
  });

  test.each([
    ['exit 0, plain text on PreToolUse: nothing', 'PreToolUse', 'classic', ended(0, 'hello'), undefined],
    [
      'exit 0, plain text on SessionStart: context',
      'SessionStart',
      'classic',
      ended(0, 'hello\n'),
      { hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 'hello' } },
    ],
    ['exit 0, JSON deny', 'PreToolUse', 'classic', ended(0, deny), JSON.parse(deny)],
    [
      'exit 0, approve → allow',
      'PreToolUse',
      'classic',
      ended(0, '{"decision":"approve","reason":"ok"}'),
      { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', permissionDecisionReason: 'ok' } },
    ],
    ['exit 1, JSON ignored in classic', 'PreToolUse', 'classic', ended(1, deny, 'boom'), undefined],
    ['exit 1, JSON decides in current', 'PreToolUse', 'current', ended(1, deny), JSON.parse(deny)],
    [
      'exit 2, stdout ignored in classic',
      'PreToolUse',
      'classic',
      ended(2, '{"decision":"approve"}', 'why\n'),
      { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'why' } },
    ],
    ['exit 2 on Stop: block', 'Stop', 'classic', ended(2, '', 'go on'), { decision: 'block', reason: 'go on' }],
    ['exit 2 on SessionEnd: message to the user', 'SessionEnd', 'classic', ended(2, '', 'bye'), { systemMessage: 'bye' }],
    ['exit 2 on Notification (current): ignored', 'Notification', 'current', ended(2, '', 'x'), undefined],
    ['PreCompact decision dropped in classic', 'PreCompact', 'classic', ended(0, '{"decision":"block","reason":"no"}'), { reason: 'no' }],
    ['StopFailure: output ignored', 'StopFailure', 'current', ended(0, '{"continue":false}'), undefined],
    ['WorktreeCreate: any non-zero fails', 'WorktreeCreate', 'current', ended(1, '', 'no space'), { decision: 'block', reason: 'no space' }],
    ['a killed hook: no output', 'PreToolUse', 'classic', ended(null, deny), undefined],
    ['a timed-out hook: no output', 'PreToolUse', 'classic', ended(null, deny, '', { timedOut: true }), undefined],
    ['text after JSON is plain text', 'PreToolUse', 'classic', ended(0, `${deny} trailing`), undefined],
  ] as const)('%s', (_name, event, generation, outcome, output) => {
    expect(interpretClaude(event, outcome, invocation(generation)).output).toEqual(output);
  });

  test('a schema failure is a non-blocking error that says why', () => {
    const result = interpretClaude('PreToolUse', ended(0, '{"continue":"false"}'), invocation('classic'));
    expect(result).toMatchObject({ success: false, error: expect.stringMatching(/"continue" must be a boolean/) });
    expect(result.output).toBeUndefined();
  });

  test('an async hook never contributes', () => {
    expect(interpretClaude('PreToolUse', ended(2, '', 'no'), invocation('classic', true)).output).toBeUndefined();
  });
});

const decisions = ['allow', 'ask', 'defer', 'deny'] as const;
const preOutput = (d: string) => ({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: d, permissionDecisionReason: d } });

describe('mergeClaudeOutputs', () => {
  test('property: the PreToolUse decision is the highest of deny > defer > ask > allow, in any order', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...decisions), { minLength: 1, maxLength: 6 }), (list) => {
        const merged = mergeClaudeOutputs('PreToolUse', list.map(preOutput));
        const expected = [...decisions].reverse().find((d) => list.includes(d));
        expect((merged.hookSpecificOutput as Record<string, unknown>).permissionDecision).toBe(expected);
        expect(outcomeClaude('PreToolUse', merged)).toBe(expected === 'deny' ? 'block' : expected === 'ask' ? 'ask' : 'proceed');
      }),
    );
  });

  test('property: continue:false anywhere stops, whatever the others say', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...decisions), { maxLength: 4 }), fc.nat(4), (list, at) => {
        const outputs: Record<string, unknown>[] = list.map(preOutput);
        outputs.splice(Math.min(at, outputs.length), 0, { continue: false, stopReason: 'halt' });
        expect(outcomeClaude('PreToolUse', mergeClaudeOutputs('PreToolUse', outputs))).toBe('stop');
      }),
    );
  });

  test('a "__proto__" key in hookSpecificOutput stays a key (JSON has such keys; assignment would lose it)', () => {
    const merged = mergeClaudeOutputs('PostToolUse', [JSON.parse('{"hookSpecificOutput":{"hookEventName":"PostToolUse","__proto__":{"x":1}}}') as never]);
    expect(JSON.stringify(merged.hookSpecificOutput)).toBe('{"hookEventName":"PostToolUse","__proto__":{"x":1}}');
  });

  test('messages, reasons and contexts of every hook are kept, in plan order', () => {
    const merged = mergeClaudeOutputs('UserPromptSubmit', [
      { systemMessage: 'one', hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'a' } },
      { decision: 'block', reason: 'r1' },
      { systemMessage: 'two', decision: 'block', reason: 'r2', hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'b' } },
    ]);
    expect(merged).toEqual({
      systemMessage: 'one\ntwo',
      decision: 'block',
      reason: 'r1\nr2',
      hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'a\nb' },
    });
    expect(outcomeClaude('UserPromptSubmit', merged)).toBe('block');
  });

  test.each([
    ['PostToolUse', { decision: 'block', reason: 'x' }, 'proceed'],
    ['SessionStart', { decision: 'block' }, 'proceed'],
    ['SessionEnd', { continue: false }, 'proceed'],
    ['Stop', { decision: 'block' }, 'block'],
    ['PreCompact', { decision: 'block' }, 'block'],
    ['Notification', { continue: false }, 'stop'],
  ] as const)('outcome of %s with %j: %s', (event, output, expected) => {
    expect(outcomeClaude(event, output)).toBe(expected);
  });
});
