// The planner against the spec's vectors (§9.3): matchers, dedup, order, sequential.
import { describe, expect, test } from 'vitest';
import { planGemini } from '../../../src/dialects/gemini/plan.js';
import type { HookConfig, Plan, RegistryEntry, ResolvedConfig } from '../../../src/pipeline/types.js';

function entry(event: string, config: Partial<HookConfig>, extra: Partial<RegistryEntry> = {}): RegistryEntry {
  const full: HookConfig = { type: 'command', ...config };
  return {
    event,
    config: full,
    source: 'project',
    layer: 'workspace',
    matcher: undefined,
    sequential: undefined,
    enabled: true,
    displayName: full.name ?? full.command ?? 'unknown-command',
    ...extra,
  };
}

const config = (entries: RegistryEntry[]): ResolvedConfig => ({
  dialect: 'gemini',
  hooksEnabled: true,
  trust: { trusted: true, by: 'env' },
  entries,
  diagnostics: [],
  files: [],
  merged: {},
});

const commands = (plan: Plan) => plan.hooks.map((h) => h.entry.config.command);

describe('spec §9.3 vectors', () => {
  test('33: no entries → empty plan', () => {
    expect(planGemini(config([]), 'BeforeTool', { tool_name: 'x' }).hooks).toEqual([]);
  });
  test('34: entries without matcher run in registry order', () => {
    const plan = planGemini(config([entry('BeforeTool', { command: './hook1.sh' }), entry('BeforeTool', { command: './test-hook.sh' }, { layer: 'user' })]), 'BeforeTool', {
      tool_name: 'T',
    });
    expect(commands(plan)).toEqual(['./hook1.sh', './test-hook.sh']);
  });
  test('35: a matching matcher and no matcher both run', () => {
    const plan = planGemini(config([entry('BeforeTool', { command: 'a' }, { matcher: 'EditTool' }), entry('BeforeTool', { command: 'b' })]), 'BeforeTool', {
      tool_name: 'EditTool',
    });
    expect(commands(plan)).toEqual(['a', 'b']);
  });
  test.each([
    ['EditTool', ['edit']],
    ['WriteTool', ['edit']],
    ['ReadTool', ['read']],
    ['OtherTool', []],
  ])('36: Edit|Write and ReadTool against %s', (tool, expected) => {
    const entries = [entry('BeforeTool', { command: 'edit' }, { matcher: 'Edit|Write' }), entry('BeforeTool', { command: 'read' }, { matcher: 'ReadTool' })];
    expect(commands(planGemini(config(entries), 'BeforeTool', { tool_name: tool }))).toEqual(expected);
  });
  test.each(['*', '', '  *  '])('37: matcher %j matches any tool', (matcher) => {
    expect(planGemini(config([entry('BeforeTool', { command: 'a' }, { matcher })]), 'BeforeTool', { tool_name: 'AnyTool' }).hooks).toHaveLength(1);
  });
  test('38: an invalid regex falls back to string equality', () => {
    const entries = [entry('BeforeTool', { command: 'a' }, { matcher: '[invalid-regex' })];
    expect(planGemini(config(entries), 'BeforeTool', { tool_name: '[invalid-regex' }).hooks).toHaveLength(1);
    expect(planGemini(config(entries), 'BeforeTool', { tool_name: 'other-tool' }).hooks).toHaveLength(0);
  });
  test('39: duplicates by name:command are dropped, first wins', () => {
    const entries = [
      entry('BeforeTool', { command: './same_hook.sh' }),
      entry('BeforeTool', { command: './same_hook.sh' }, { layer: 'user' }),
      entry('BeforeTool', { command: './test-hook.sh' }),
      entry('BeforeTool', { command: './test-hook.sh' }),
    ];
    const plan = planGemini(config(entries), 'BeforeTool', { tool_name: 'T' });
    expect(commands(plan)).toEqual(['./same_hook.sh', './test-hook.sh']);
    expect(plan.hooks[0]!.entry.layer).toBe('workspace');
    expect(plan.skipped.map((s) => s.reason)).toEqual(['duplicate', 'duplicate']);
  });
  test("a runtime hook's dedup key is its name alone: the command does not count", () => {
    const entries = [
      entry('BeforeTool', { type: 'runtime', name: 'rt', command: 'a.sh' }),
      entry('BeforeTool', { type: 'runtime', name: 'rt', command: 'b.sh' }),
      entry('BeforeTool', { type: 'command', name: 'rt', command: 'a.sh' }),
    ];
    const plan = planGemini(config(entries), 'BeforeTool', { tool_name: 'T' });
    expect(plan.hooks.map((h) => [h.entry.config.type, h.entry.config.command])).toEqual([
      ['runtime', 'a.sh'],
      ['command', 'a.sh'],
    ]);
    expect(plan.skipped.map((s) => s.reason)).toEqual(['duplicate']);
  });
  test("a plugin hook's dedup key leaves the command out: two unnamed plugin hooks are one, a command hook of the same command is another", () => {
    const entries = [
      entry('BeforeTool', { type: 'plugin', command: 'a.sh' }),
      entry('BeforeTool', { type: 'plugin', command: 'b.sh' }),
      entry('BeforeTool', { type: 'command', command: 'a.sh' }),
    ];
    const plan = planGemini(config(entries), 'BeforeTool', { tool_name: 'T' });
    expect(plan.hooks.map((h) => [h.entry.config.type, h.entry.config.command])).toEqual([
      ['plugin', 'a.sh'],
      ['command', 'a.sh'],
    ]);
    expect(plan.skipped.map((s) => [s.reason, s.entry.config.command])).toEqual([['duplicate', 'b.sh']]);
  });
  test("a name that cannot become text makes the key (a template string) throw: the planner fails, as Gemini CLI's does", () => {
    const entries = [entry('BeforeTool', { command: 'a' }), entry('BeforeTool', { name: { toString: false } as unknown as string, command: 'b' })];
    const plan = planGemini(config(entries), 'BeforeTool', { tool_name: 'T' });
    expect(plan.hooks).toEqual([]);
    expect(plan.error).toMatch(/cannot be made text .*Gemini CLI's planner fails on it and runs no hook for BeforeTool/);
    expect(plan.skipped.map((s) => s.reason)).toEqual(['planner-error', 'planner-error']);
  });
  test('40: dedup key is name:command', () => {
    const entries = [
      entry('BeforeTool', { name: 'hook1', command: 'same.sh' }),
      entry('BeforeTool', { name: 'hook1', command: 'same.sh' }),
      entry('BeforeTool', { name: 'hook2', command: 'same.sh' }),
      entry('BeforeTool', { name: 'hook1', command: 'different.sh' }),
      entry('BeforeTool', { command: 'no-name.sh' }),
      entry('BeforeTool', { command: 'no-name.sh' }),
    ];
    expect(planGemini(config(entries), 'BeforeTool', {}).hooks).toHaveLength(4);
  });
  test.each([
    ['startup', ['s']],
    ['resume', ['r']],
  ])('41: SessionStart source %s', (source, expected) => {
    const entries = [entry('SessionStart', { command: 's' }, { matcher: 'startup' }), entry('SessionStart', { command: 'r' }, { matcher: 'resume' })];
    expect(commands(planGemini(config(entries), 'SessionStart', { source }))).toEqual(expected);
  });
  test('42: lifecycle matchers are exact strings, so startup|resume never fires', () => {
    const plan = planGemini(config([entry('SessionStart', { command: 's' }, { matcher: 'startup|resume' })]), 'SessionStart', { source: 'startup' });
    expect(plan.hooks).toEqual([]);
    expect(plan.skipped[0]!.detail).toMatch(/exact string/);
  });
  test.each(['ToolPermission', 'Bogus'])('43: Notification ignores matcher %s', (matcher) => {
    expect(planGemini(config([entry('Notification', { command: 'n' }, { matcher })]), 'Notification', { notification_type: 'ToolPermission' }).hooks).toHaveLength(1);
  });
  test('44: matchers are trimmed', () => {
    expect(planGemini(config([entry('BeforeTool', { command: 'w' }, { matcher: ' write_file ' })]), 'BeforeTool', { tool_name: 'write_file' }).hooks).toHaveLength(1);
  });
  test('45: one sequential:true makes the whole event sequential; "true" does not', () => {
    const seq = planGemini(config([entry('BeforeAgent', { command: 'a' }, { sequential: true }), entry('BeforeAgent', { command: 'b' })]), 'BeforeAgent', {});
    expect(seq.sequential).toBe(true);
    const par = planGemini(config([entry('BeforeAgent', { command: 'a' }, { sequential: 'true' })]), 'BeforeAgent', {});
    expect(par.sequential).toBe(false);
  });
});

describe('beyond the vectors', () => {
  test('disabled entries are never planned and are reported', () => {
    const plan = planGemini(config([entry('BeforeTool', { name: 'off', command: 'x' }, { enabled: false })]), 'BeforeTool', {});
    expect(plan.hooks).toEqual([]);
    expect(plan.skipped[0]).toMatchObject({ reason: 'disabled' });
  });
  test('a non-string matcher on a tool event fails the whole event, as in Gemini CLI', () => {
    const plan = planGemini(config([entry('BeforeTool', { command: 'a' }, { matcher: 7 }), entry('BeforeTool', { command: 'b' })]), 'BeforeTool', { tool_name: 'write_file' });
    expect(plan.hooks).toEqual([]);
    expect(plan.error).toMatch(/not a string/);
  });
  test('a non-string matcher on an event without matcher context is harmless', () => {
    expect(planGemini(config([entry('BeforeAgent', { command: 'a' }, { matcher: 7 })]), 'BeforeAgent', {}).hooks).toHaveLength(1);
  });
  test('extension hooks run after settings hooks regardless of registry order', () => {
    const entries = [entry('BeforeTool', { command: 'ext' }, { source: 'extensions', layer: 'extension' }), entry('BeforeTool', { command: 'ws' })];
    expect(commands(planGemini(config(entries), 'BeforeTool', {}))).toEqual(['ws', 'ext']);
  });
  test('only the event asked for is planned', () => {
    expect(commands(planGemini(config([entry('AfterTool', { command: 'a' }), entry('BeforeTool', { command: 'b' })]), 'BeforeTool', {}))).toEqual(['b']);
  });
});

describe('an event with a context but no value in it (no tool_name, no source)', () => {
  test('a string matcher is read, then matches: the agent compares only a tool name or trigger that is there', () => {
    for (const [event, input] of [
      ['BeforeTool', { tool_input: {} }],
      ['AfterTool', { tool_name: '' }],
      ['SessionStart', {}],
      ['PreCompress', {}],
    ] as const) {
      const plan = planGemini(config([entry(event, { command: 'a' }, { matcher: 'read_file' }), entry(event, { command: 'b' }, { matcher: 'startup' })]), event, input);
      expect(commands(plan)).toEqual(['a', 'b']);
      expect(plan.error).toBeUndefined();
    }
  });

  test('a matcher that is not a string fails the event, as its .trim() throws in the agent', () => {
    for (const event of ['BeforeTool', 'SessionStart']) {
      const plan = planGemini(config([entry(event, { command: 'm' }, { matcher: 7 }), entry(event, { command: 'n' })]), event, {});
      expect(plan.hooks).toEqual([]);
      expect(plan.error).toMatch(/matcher 7 is not a string/);
    }
  });

  test('an event without a context never reads its matchers, whatever they are', () => {
    const plan = planGemini(config([entry('BeforeAgent', { command: 'm' }, { matcher: 7 })]), 'BeforeAgent', {});
    expect(commands(plan)).toEqual(['m']);
  });
});
