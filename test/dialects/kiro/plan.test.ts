// Kiro's matcher rules (spec A.8) as a table, and the planner around them.
import { describe, expect, test } from 'vitest';
import { matchKiroTool, mcpServerOf, planKiro, toolNameForms } from '../../../src/dialects/kiro/plan.js';
import type { RegistryEntry, ResolvedConfig } from '../../../src/pipeline/types.js';

describe('matchKiroTool', () => {
  test.each([
    // [matcher, tool, matches] — rules 2–8 of spec A.8, then the alias pairs
    [undefined, 'fs_write', true],
    [undefined, '@git/status', true],
    ['*', '@git/status', true],
    ['*', 'fs_read', true],
    ['@builtin', 'fs_read', true],
    ['@builtin', '@git/status', false],
    ['@git', '@git/status', true],
    ['@git', '@github/status', false],
    ['@git', 'git', false],
    ['@git/status', '@git/status', true],
    ['@git/status', '@git/log', false],
    ['@git/*', '@git/log', true],
    ['fs_write', 'fs_write', true],
    ['fs_write', 'FS_WRITE', false],
    ['fs_write', 'fs_write ', false],
    ['', 'fs_write', false],
    ['fs_write|fs_read', 'fs_write', false],
    ['fs_write|fs_read', 'fs_write|fs_read', true],
    ['.*', 'fs_write', false],
    ['^fs_write$', 'fs_write', false],
    ['fs_[rw', 'fs_read', false],
    ['fs_[rw*', 'fs_read', false],
    ['fs_[rw]ead', 'fs_[rw]ead', true],
    // aliases: either name of a pair, either way, globs included; never across pairs
    ['write', 'fs_write', true],
    ['fs_write', 'write', true],
    ['read', 'fs_read', true],
    ['fs_read', 'read', true],
    ['shell', 'execute_bash', true],
    ['execute_bash', 'shell', true],
    ['execute_cmd', 'shell', true],
    ['shell', 'execute_cmd', true],
    ['aws', 'use_aws', true],
    ['use_aws', 'aws', true],
    ['report', 'report_issue', true],
    ['todo', 'todo_list', true],
    ['*write*', 'write', true],
    ['fs_*', 'read', true],
    ['fs_*', 'shell', false],
    ['write', 'fs_read', false],
    ['shell', 'fs_read', false],
    ['execute_bash', 'execute_cmd', false],
    ['@builtin', 'shell', true],
    ['thinking', 'thinking', true],
    ['glob', 'grep', false],
  ] as const)('%j on %j → %s', (matcher, tool, matches) => {
    const verdict = matchKiroTool(matcher, tool);
    expect(verdict.matches).toBe(matches);
    expect(verdict.rule).not.toBe('');
  });

  test('the rule says when the alias decided', () => {
    expect(matchKiroTool('shell', 'execute_bash').rule).toContain('the other name of "execute_bash"');
    expect(matchKiroTool('fs_[rw*', 'fs_read').rule).toContain('not a valid glob');
    expect(matchKiroTool('fs_[rw', 'fs_read').rule).toContain('exact');
    expect(matchKiroTool('a|b', 'fs_read').rule).toContain('no regex');
  });

  test('name forms and MCP servers', () => {
    expect(toolNameForms('shell')).toEqual(['shell', 'execute_bash', 'execute_cmd']);
    expect(toolNameForms('glob')).toEqual(['glob']);
    expect(mcpServerOf('@git/status')).toBe('git');
    expect(mcpServerOf('@git')).toBeUndefined();
    expect(mcpServerOf('fs_read')).toBeUndefined();
  });
});

function entry(event: string, matcher: string | undefined, command: string): RegistryEntry {
  return {
    event,
    config: { type: 'command', command },
    source: 'agent',
    layer: 'workspace',
    matcher,
    sequential: undefined,
    enabled: true,
    displayName: command,
  };
}

const config = (entries: RegistryEntry[]): ResolvedConfig => ({
  dialect: 'kiro',
  hooksEnabled: true,
  trust: { trusted: true, by: 'dialect' },
  entries,
  diagnostics: [],
  files: [],
  merged: {},
});

describe('planKiro', () => {
  const entries = [
    entry('preToolUse', 'fs_*', 'a'),
    entry('preToolUse', 'shell', 'b'),
    entry('preToolUse', undefined, 'c'),
    entry('preToolUse', undefined, 'c'),
    entry('stop', 'fs_*', 'd'),
    entry('userPromptSubmit', 'nothing', 'e'),
  ];

  test('tool events filter by matcher, keep array order, and never deduplicate', () => {
    const plan = planKiro(config(entries), 'preToolUse', { tool_name: 'fs_write' });
    expect(plan.hooks.map((h) => [h.index, h.entry.displayName])).toEqual([
      [0, 'a'],
      [1, 'c'],
      [2, 'c'],
    ]);
    expect(plan.sequential).toBe(false);
    expect(plan.skipped).toEqual([{ entry: entries[1], reason: 'matcher', detail: expect.stringContaining('"shell"') }]);
  });

  test('events without a tool ignore matchers', () => {
    expect(planKiro(config(entries), 'stop', {}).hooks.map((h) => h.entry.displayName)).toEqual(['d']);
    expect(planKiro(config(entries), 'userPromptSubmit', { prompt: 'x' }).hooks.map((h) => h.entry.displayName)).toEqual(['e']);
  });

  test('a tool event without a tool_name runs every hook of the trigger', () => {
    expect(planKiro(config(entries), 'preToolUse', {}).hooks).toHaveLength(4);
  });
});
