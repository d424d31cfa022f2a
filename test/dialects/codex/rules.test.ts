// The pure parts of the codex dialect, table-driven: the matcher rule (Claude's classic rule plus the
// Rust regex differences), the output schema check, the merge's reason choices and the TOML locator.
import { describe, expect, test } from 'vitest';
import { aggregateCodex, outcomeCodex } from '../../../src/dialects/codex/aggregate.js';
import { codexEventRule } from '../../../src/dialects/codex/events.js';
import { matchCodex, matchCodexTool } from '../../../src/dialects/codex/matcher.js';
import { codexSchemaProblem } from '../../../src/dialects/codex/run.js';
import { tomlLocator } from '../../../src/dialects/codex/toml.js';
import type { HookResult, JsonObject } from '../../../src/pipeline/types.js';

describe('matcher', () => {
  test.each([
    [undefined, 'Bash', true],
    ['*', 'anything', true],
    ['Bash', 'Bash', true],
    ['Bash', 'BashOutput', false],
    ['Bash|apply_patch', 'apply_patch', true],
    ['mcp__memory', 'mcp__memory__create', false],
    ['^Bash', 'BashOutput', true],
    ['mcp__memory__.*', 'mcp__memory__create', true],
    ['(?i)bash', 'Bash', true],
    ['^(?!Bash)', 'Read', false],
    ['Bash(', 'Bash', false],
  ])('%s against %s: %s', (matcher, value, matches) => {
    expect(matchCodex(matcher, value, 'tool_name').matches).toBe(matches);
  });

  // Codex 0.169.0 matches an apply_patch call as apply_patch, Write and Edit, each name on its own.
  test.each([
    ['Edit', 'apply_patch', true],
    ['Write', 'apply_patch', true],
    ['^Edit$', 'apply_patch', true],
    ['Wri.*', 'apply_patch', true],
    ['Edit|Write', 'apply_patch', true],
    ['apply_patch', 'apply_patch', true],
    ['edit', 'apply_patch', false],
    ['MultiEdit', 'apply_patch', false],
    ['Bash', 'apply_patch', false],
    ['Edit', 'Bash', false],
    ['^Edit|Write$', 'Edit', true],
  ])('tool matcher %s against %s: %s', (matcher, value, matches) => {
    expect(matchCodexTool(matcher, value, 'tool_name').matches).toBe(matches);
  });

  test('the verdict says which name matched, or that none did', () => {
    expect(matchCodexTool('^Edit$', 'apply_patch', 'tool_name').rule).toBe(
      'Codex also matches tool_name "apply_patch" as "Write" and "Edit": regex /^Edit$/ (unanchored) matches tool_name "Edit"',
    );
    expect(matchCodexTool('MultiEdit', 'apply_patch', 'tool_name').rule).toContain('and the matcher fits neither');
  });
});

describe('output schema', () => {
  const rule = (event: string) => codexEventRule(event)!;
  const pre = (fields: JsonObject) => ({ hookEventName: 'PreToolUse', ...fields });
  const deny = pre({ permissionDecision: 'deny', permissionDecisionReason: 'r' });
  test.each([
    ['Stop', { decision: 'block', reason: 'more' }, undefined],
    ['Stop', { decision: 'block' }, 'non-empty "reason"'],
    ['Stop', { hookSpecificOutput: { hookEventName: 'Stop' } }, 'unknown field "hookSpecificOutput"'],
    // A reason without a decision is read (and unused) on Stop; refused only on PreToolUse and PostToolUse.
    ['Stop', { reason: 'why' }, undefined],
    ['SessionStart', { hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 'x' } }, undefined],
    ['SessionStart', { decision: 'block', reason: 'x' }, 'unknown field "decision"'],
    ['SessionStart', { decision: null }, 'unknown field "decision"'],
    ['PermissionRequest', { hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow', updatedInput: {} } } }, 'not supported'],
    ['PermissionRequest', { hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny', interrupt: true } } }, 'interrupt'],
    ['PermissionRequest', { hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny', interrupt: null } } }, 'must be true or false'],
    ['PermissionRequest', { hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny', message: null } } }, undefined],
    ['PermissionRequest', { stopReason: 'x' }, '"stopReason"'],
    ['PermissionRequest', { continue: false }, '"continue": false'],
    // Codex 0.169.0 refuses suppressOutput: true and stopReason on PreToolUse, but admits false and null.
    ['PreToolUse', { suppressOutput: true }, '"suppressOutput": true'],
    ['PreToolUse', { suppressOutput: false, continue: true, hookSpecificOutput: deny }, undefined],
    ['PreToolUse', { stopReason: 'x' }, '"stopReason"'],
    ['PreToolUse', { continue: false, stopReason: 'x' }, '"continue": false'],
    ['PreToolUse', { continue: null }, 'must be true or false'],
    // null is an absent field.
    [
      'PreToolUse',
      { systemMessage: null, decision: null, reason: null, stopReason: null, hookSpecificOutput: { ...deny, additionalContext: null, updatedInput: null } },
      undefined,
    ],
    ['PreToolUse', { hookSpecificOutput: { ...deny, hookEventName: 'PostToolUse' } }, undefined],
    ['PreToolUse', { hookSpecificOutput: { ...deny, hookEventName: 'preToolUse' } }, 'must name a Codex event'],
    ['PreToolUse', { hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: 'r' } }, 'must name a Codex event'],
    ['PreToolUse', { hookSpecificOutput: pre({ permissionDecision: 'allow', updatedInput: { command: 'ls' } }) }, undefined],
    ['PreToolUse', { hookSpecificOutput: pre({ permissionDecision: 'deny', permissionDecisionReason: '  ' }) }, 'non-empty "permissionDecisionReason"'],
    ['PreToolUse', { hookSpecificOutput: pre({ permissionDecisionReason: 'r' }) }, 'without "permissionDecision"'],
    ['PreToolUse', { hookSpecificOutput: pre({ permissionDecision: 'defer' }) }, 'must be "deny"'],
    // The legacy fields are read only when hookSpecificOutput has no decision.
    ['PreToolUse', { decision: 'approve' }, '"approve" is not supported'],
    ['PreToolUse', { decision: 'approve', hookSpecificOutput: deny }, undefined],
    ['PreToolUse', { decision: 'block', hookSpecificOutput: deny }, undefined],
    ['PreToolUse', { decision: 'block', hookSpecificOutput: pre({ additionalContext: 'c' }) }, 'non-empty "reason"'],
    ['PreToolUse', { reason: 'x' }, '"reason" without "decision"'],
    ['PreToolUse', { decision: 'deny', reason: 'x' }, '"decision" must be "block" or "approve"'],
    ['PostToolUse', { reason: 'x' }, '"reason" without "decision"'],
    ['PostToolUse', { reason: null, decision: null }, undefined],
    ['PostToolUse', { suppressOutput: true }, '"suppressOutput": true'],
    ['PostToolUse', { suppressOutput: false }, undefined],
    ['PostToolUse', { hookSpecificOutput: { hookEventName: 'PostToolUse', updatedMCPToolOutput: 'x' } }, 'only for an MCP tool', 'Bash'],
    ['PostToolUse', { hookSpecificOutput: { hookEventName: 'PostToolUse', updatedMCPToolOutput: 'x' } }, undefined, 'mcp__memory__read'],
    // A stop is read first: what it carries besides is not held against it.
    ['PostToolUse', { continue: false, reason: 'why' }, undefined],
    ['PostToolUse', { continue: false, decision: 'block', suppressOutput: true }, undefined],
    ['UserPromptSubmit', { hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 'c' } }, undefined],
    ['UserPromptSubmit', { hookSpecificOutput: { hookEventName: 'Bogus', additionalContext: 'c' } }, 'must name a Codex event'],
    ['PreCompact', { continue: false, stopReason: 'later' }, undefined],
    ['Interrupt', { systemMessage: 'x' }, undefined],
    ['Interrupt', { continue: false }, 'unknown field "continue"'],
  ])('%s %j', (event, output, problem, toolName?: string) => {
    const found = codexSchemaProblem(event, rule(event), output as JsonObject, toolName);
    if (problem === undefined) expect(found).toBeUndefined();
    else expect(found).toContain(problem);
  });
});

const result = (output: JsonObject, index = 0): HookResult =>
  ({ index, output, success: true, exitCode: 0, durationMs: 1, command: '', input: {}, entry: {} }) as unknown as HookResult;

describe('merge and outcome', () => {
  test('PermissionRequest: any deny wins with the first deny message; else the last allow', () => {
    const decision = (behavior: string, message?: string) =>
      result({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior, ...(message ? { message } : {}) } } });
    const denied = aggregateCodex('PermissionRequest', [decision('deny', 'one'), decision('allow'), decision('deny', 'two')]).finalOutput!;
    expect((denied.hookSpecificOutput as JsonObject).decision).toEqual({ behavior: 'deny', message: 'one' });
    expect(outcomeCodex('PermissionRequest', denied)).toBe('block');
    const allowed = aggregateCodex('PermissionRequest', [decision('allow', 'a'), decision('allow', 'b')]).finalOutput!;
    expect((allowed.hookSpecificOutput as JsonObject).decision).toEqual({ behavior: 'allow', message: 'b' });
    expect(outcomeCodex('PermissionRequest', allowed)).toBe('proceed');
  });

  test('Stop: block reasons joined by a blank line; continue:false wins over block; first stop reason', () => {
    const merged = aggregateCodex('Stop', [result({ decision: 'block', reason: 'a' }), result({ decision: 'block', reason: 'b' })]).finalOutput!;
    expect(merged.reason).toBe('a\n\nb');
    expect(outcomeCodex('Stop', merged)).toBe('block');
    const stopped = aggregateCodex('Stop', [result({ decision: 'block', reason: 'a' }), result({ continue: false, stopReason: 'x' }), result({ continue: false, stopReason: 'y' })])
      .finalOutput!;
    expect(stopped.stopReason).toBe('x');
    expect(outcomeCodex('Stop', stopped)).toBe('stop');
  });

  test('PostToolUse decision:block is feedback (proceed); so is its continue:false (the turn goes on)', () => {
    expect(outcomeCodex('PostToolUse', { decision: 'block', reason: 'lint' })).toBe('proceed');
    expect(outcomeCodex('PostToolUse', { continue: false, decision: 'block', reason: 'halt' })).toBe('proceed');
    expect(outcomeCodex('SubagentStart', { continue: false })).toBe('proceed');
  });
});

describe('TOML locator', () => {
  const text =
    '# hooks\n[[hooks.PreToolUse]]\nmatcher = "Bash"\n\n[[hooks.PreToolUse.hooks]]\ntype = "command"\ncommand = "a"\n\n[[hooks.PreToolUse.hooks]]\n  command = "b"\n\n[[hooks.PreToolUse]]\n[[hooks.PreToolUse.hooks]]\ncommand = "c"\n';
  const locate = tomlLocator(text, 'config.toml');
  test.each([
    [['hooks', 'PreToolUse', 0], 2, 1],
    [['hooks', 'PreToolUse', 0, 'matcher'], 3, 1],
    [['hooks', 'PreToolUse', 0, 'hooks', 1], 9, 1],
    [['hooks', 'PreToolUse', 0, 'hooks', 1, 'command'], 10, 3],
    [['hooks', 'PreToolUse', 1, 'hooks', 0, 'command'], 14, 1],
    [['hooks', 'PreToolUse', 1, 'hooks', 0, 'timeout'], 13, 1],
  ])('%j at %i:%i', (at, line, column) => {
    expect(locate(at)).toMatchObject({ line, column });
  });
});

describe('examples/two-agents', () => {
  test('Claude Code and Codex read the very same hooks file (the fixtures replay it under both dialects)', async () => {
    const { readFile } = await import('node:fs/promises');
    const dir = new URL('../../../examples/two-agents/', import.meta.url);
    const claude = await readFile(new URL('.claude/settings.json', dir), 'utf8');
    expect(await readFile(new URL('.codex/hooks.json', dir), 'utf8')).toBe(claude);
    const fixtures = await readFile(new URL('hooks.hooktest.yaml', dir), 'utf8');
    expect(fixtures.match(/dialect: claude/g)?.length).toBe(fixtures.match(/dialect: codex/g)?.length);
  });
});
