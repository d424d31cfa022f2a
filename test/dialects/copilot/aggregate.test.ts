// Copilot's pure stages, table-driven: the merge and outcome (Copilot CLI 1.0.102, INTERFACE exit codes),
// where the runner stops, the matcher rules, the VS Code payload and stdout parsing.
import { describe, expect, test } from 'vitest';
import { aggregateCopilot, endsEventCopilot, outcomeCopilot } from '../../../src/dialects/copilot/aggregate.js';
import { pascalPayload } from '../../../src/dialects/copilot/events.js';
import { matchCopilot } from '../../../src/dialects/copilot/plan.js';
import { parseCopilotStdout } from '../../../src/dialects/copilot/run.js';
import type { HookResult, RegistryEntry } from '../../../src/pipeline/types.js';

const entry = (event: string, matcher?: string, pascal = false): RegistryEntry => ({
  event,
  config: { type: 'command', command: 'x', pascal },
  source: 'repository',
  layer: 'workspace',
  matcher,
  sequential: true,
  enabled: true,
  displayName: 'h',
});

const result = (event: string, output: unknown, i = 0): HookResult => ({
  index: i,
  entry: entry(event),
  command: 'x',
  input: {},
  success: true,
  exitCode: 0,
  durationMs: 1,
  ...(output === undefined ? {} : { output, outputFormat: typeof output === 'string' ? ('text' as const) : ('json' as const) }),
});

const merge = (event: string, outputs: unknown[]) => {
  const { finalOutput } = aggregateCopilot(
    event,
    outputs.map((o, i) => result(event, o, i)),
  );
  return [finalOutput, outcomeCopilot(event, finalOutput)];
};

describe('merge and outcome', () => {
  test.each([
    [
      'preToolUse',
      [{ permissionDecision: 'allow' }, { permissionDecision: 'deny', permissionDecisionReason: 'b' }, { permissionDecision: 'deny', permissionDecisionReason: 'c' }],
      { permissionDecision: 'deny', permissionDecisionReason: 'b' },
      'block',
    ],
    [
      'preToolUse',
      [{ permissionDecision: 'ask', permissionDecisionReason: 'q' }, { permissionDecision: 'allow' }],
      { permissionDecision: 'ask', permissionDecisionReason: 'q' },
      'ask',
    ],
    ['PreToolUse', [{ modifiedArgs: { a: 1 } }, { modifiedArgs: { a: 2 } }], { modifiedArgs: { a: 2 } }, 'proceed'],
    // A deny without a reason gets Copilot's own words for it (the model reads "Denied by preToolUse hook: No reason provided").
    ['preToolUse', [{ modifiedArgs: { a: 1 } }, { permissionDecision: 'deny' }], { permissionDecision: 'deny', permissionDecisionReason: 'No reason provided' }, 'block'],
    ['preToolUse', [{ permissionDecision: 'allow', additionalContext: 'a' }, { additionalContext: 'b' }], { permissionDecision: 'allow', additionalContext: 'a\n\nb' }, 'proceed'],
    ['preToolUse', ['not json', undefined], {}, 'proceed'],
    ['permissionRequest', [{ behavior: 'deny', interrupt: true }], { behavior: 'deny', interrupt: true }, 'stop'],
    ['permissionRequest', [{ behavior: 'deny', message: 'm' }, { message: 'no behavior' }], { behavior: 'deny', message: 'm' }, 'block'],
    ['permissionRequest', [{ behavior: 'allow', interrupt: true }], { behavior: 'allow' }, 'proceed'],
    ['Stop', [{ decision: 'allow' }, { decision: 'block', reason: 'go on' }], { decision: 'block', reason: 'go on' }, 'block'],
    ['subagentStop', [{ modifiedResponse: 'r', decision: 'block', reason: 'x' }], { decision: 'block', reason: 'x' }, 'block'],
    ['postToolUse', [{ modifiedResult: { r: 1 }, additionalContext: 'a' }, { modifiedResult: { r: 2 } }], { modifiedResult: { r: 2 }, additionalContext: 'a' }, 'proceed'],
    // Copilot uses only an object as the new result.
    ['postToolUse', [{ modifiedResult: { r: 1 } }, { modifiedResult: 'text' }], { modifiedResult: { r: 1 } }, 'proceed'],
    // The model reads "Tool result blocked: <reason>"; the tool has run, so the outcome is 0.
    ['postToolUse', [{ decision: 'block', reason: 'secret in output' }, { modifiedResult: { r: 2 } }], { decision: 'block', reason: 'secret in output' }, 'proceed'],
    ['userPromptSubmitted', [{ decision: 'block', reason: 'no' }, { additionalContext: 'c' }], { decision: 'block', reason: 'no', additionalContext: 'c' }, 'block'],
    ['UserPromptSubmit', [{ modifiedPrompt: 'one' }, { modifiedPrompt: 'two', continue: false }], { modifiedPrompt: 'two' }, 'proceed'],
    ['notification', [{ additionalContext: 'a' }, { additionalContext: 'b' }], { additionalContext: 'a\n\nb' }, 'proceed'],
    ['sessionEnd', [{ decision: 'block' }], {}, 'proceed'],
    ['preCompact', [{ permissionDecision: 'deny' }], {}, 'proceed'],
  ])('%s %j', (event, outputs, expected, outcome) => {
    expect(merge(event, outputs)).toEqual([expected, outcome]);
  });

  test.each([
    ['preToolUse', { permissionDecision: 'deny' }, true],
    ['PreToolUse', { permissionDecision: 'ask' }, true],
    ['preToolUse', { permissionDecision: 'allow' }, false],
    ['preToolUse', undefined, false],
    ['permissionRequest', { behavior: 'deny' }, false],
    ['agentStop', { decision: 'block' }, false],
  ])('the runner stops after a %s answer %j: %s', (event, output, ends) => {
    expect(endsEventCopilot(event, result(event, output)) !== undefined).toBe(ends);
  });

  test('joined context stops at 10 KB', () => {
    const [output] = merge('sessionStart', [{ additionalContext: 'x'.repeat(8000) }, { additionalContext: 'y'.repeat(8000) }]);
    expect(Buffer.byteLength((output as { additionalContext: string }).additionalContext)).toBe(10 * 1024);
  });
});

describe('matchers', () => {
  test.each([
    ['preToolUse', 'bash', false, 'bash', true],
    ['preToolUse', 'bas', false, 'bash', false],
    ['preToolUse', 'edit|bash', false, 'bash', true],
    ['preToolUse', 'Bash', false, 'bash', false],
    ['preToolUse', '*', false, 'bash', false],
    // The loader drops an entry with an empty matcher, as Copilot does ("matcher cannot be empty").
    ['preToolUse', '', false, 'bash', false],
    ['preToolUse', '', true, 'bash', false],
    ['preToolUse', 'Bash', true, 'bash', true],
    ['preToolUse', 'bash', true, 'bash', true],
    ['preToolUse', '**', true, 'view', true],
    ['preToolUse', 'Re.*', true, 'view', true],
    ['preToolUse', 're.*', true, 'view', false],
    ['agentStop', 'nothing', false, 'x', true],
  ])('%s matcher %j (pascal %s) on %j: %s', (event, matcher, pascal, tool, matches) => {
    expect(matchCopilot(entry(event, matcher, pascal), { toolName: tool }).matches).toBe(matches);
  });

  test('an invalid regex matches nothing and says so', () => {
    expect(matchCopilot(entry('subagentStart', '(explore'), { agentName: 'explore' })).toMatchObject({ matches: false, invalid: expect.any(String) });
  });
});

test('the VS Code payload of a PascalCase entry', () => {
  expect(pascalPayload('Stop', { sessionId: 's', timestamp: 0, cwd: '/w', transcriptPath: '/t', stop_hook_active: true })).toEqual({
    hook_event_name: 'Stop',
    session_id: 's',
    timestamp: '1970-01-01T00:00:00.000Z',
    cwd: '/w',
    transcript_path: '/t',
    stop_hook_active: true,
  });
  expect(pascalPayload('preToolUse', { toolName: 'mcp__x__y', toolArgs: '{"a":1}', toolResult: { r: 1 } })).toEqual({
    hook_event_name: 'PreToolUse',
    tool_name: 'mcp__x__y',
    tool_input: { a: 1 },
    tool_response: { r: 1 },
  });
});

test.each([
  ['{"type":"progress","message":"m"}\n{"permissionDecision":"deny"}\n', { json: { permissionDecision: 'deny' } }],
  ['   \n', {}],
  ['{"a":1}\n{"b":2}\n', { text: '{"a":1}\n{"b":2}' }],
  ['{"type":"progress"}\n', {}],
  ['hello', { text: 'hello' }],
])('stdout %j', (stdout, parsed) => {
  expect(parseCopilotStdout(stdout)).toEqual(parsed);
});
