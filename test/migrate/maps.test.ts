// migrate's translation tables and matcher/command conversions, pure.
import { describe, expect, test } from 'vitest';
import { classifyMatcher } from '../../src/dialects/claude/matcher.js';
import { parseClaudeVersion } from '../../src/dialects/claude/version.js';
import {
  CLAUDE_EVENT_MAP,
  CLAUDE_TOOL_MAP,
  convertClaudeCommand,
  convertClaudeToolMatcher,
  convertLifecycleMatcher,
  execFormToShell,
} from '../../src/dialects/claude/conversions.js';
import { convertKiroMatcher, KIRO_EVENT_MAP, KIRO_TOOL_MAP } from '../../src/dialects/kiro/conversions.js';
import { globToRegexSource } from '../../src/migrate/matchers.js';
import { readEvent } from '../../src/migrate/lookup.js';
import { GEMINI_EVENTS } from '../../src/dialects/gemini/input-schemas.js';

/** Claude Code's list-or-regex rule in a version, as its migrate reader supplies it. */
const claudeRule = (version: string) => (matcher: string) => classifyMatcher(matcher, parseClaudeVersion(version));
const current = claudeRule('current');
const classic = claudeRule('classic');

/** Gemini CLI's built-in tool names (gemini-cli packages/core/src/tools/definitions/base-declarations). */
const GEMINI_TOOLS = new Set([
  'glob',
  'grep_search',
  'list_directory',
  'read_file',
  'run_shell_command',
  'write_file',
  'replace',
  'google_web_search',
  'web_fetch',
  'read_many_files',
  'save_memory',
  'write_todos',
  'ask_user',
  'enter_plan_mode',
  'exit_plan_mode',
  'activate_skill',
]);

describe('tables', () => {
  test('every mapped event is a real Gemini CLI event', () => {
    for (const mapping of [...Object.values(CLAUDE_EVENT_MAP), ...Object.values(KIRO_EVENT_MAP)]) {
      expect(GEMINI_EVENTS).toContain(mapping.gemini);
    }
  });

  test('the real SubagentStop spelling is mapped (Gemini CLI maps "SubAgentStop")', () => {
    expect(CLAUDE_EVENT_MAP.SubagentStop?.gemini).toBe('AfterAgent');
    expect(CLAUDE_EVENT_MAP.SubAgentStop).toBeUndefined();
  });

  test('every tool name written is a real Gemini CLI tool', () => {
    for (const name of [...Object.values(CLAUDE_TOOL_MAP), ...Object.values(KIRO_TOOL_MAP).flat()]) {
      if (name) expect(GEMINI_TOOLS.has(name), name).toBe(true);
    }
  });

  test.each([
    ['Bash', 'run_shell_command'],
    ['Edit', 'replace'],
    ['MultiEdit', 'replace'],
    ['Write', 'write_file'],
    ['Read', 'read_file'],
    ['Grep', 'grep_search'],
    ['Glob', 'glob'],
    ['LS', 'list_directory'],
    ['WebFetch', 'web_fetch'],
    ['WebSearch', 'google_web_search'],
  ])('Claude %s → Gemini %s', (claude, gemini) => {
    expect(CLAUDE_TOOL_MAP[claude]).toBe(gemini);
  });

  test('Kiro aliases map like their canonical names', () => {
    for (const [canonical, alias] of [
      ['fs_read', 'read'],
      ['fs_write', 'write'],
      ['execute_bash', 'shell'],
      ['use_aws', 'aws'],
    ] as const) {
      expect(KIRO_TOOL_MAP[alias]).toEqual(KIRO_TOOL_MAP[canonical]);
    }
  });
});

describe('Claude tool matchers', () => {
  test.each([
    [undefined, [undefined]],
    ['*', [undefined]],
    ['Bash', ['^run_shell_command$']],
    ['Edit|MultiEdit|Write', ['^(replace|write_file)$']],
    ['mcp__github__create_issue', ['^mcp_github_create_issue$']],
    ['Edit.*', ['^replace$']],
    ['.*', [undefined]],
    ['mcp__memory__.*', ['mcp_memory_.*']],
  ] as const)('%j → %j', (matcher, expected) => {
    const result = convertClaudeToolMatcher(matcher, current);
    expect(result.ok && result.matchers).toEqual(expected);
  });

  test.each([
    // NotebookEdit fires in Claude Code; Gemini CLI just has no such tool.
    ['NotebookEdit', 'tool-not-in-gemini'],
    ['mcp__memory', 'matcher-never-fires'],
    ['Notebook.*', 'tool-not-in-gemini'],
    ['Edit.*[', 'matcher-never-fires'],
  ])('%s cannot be carried (%s)', (matcher, code) => {
    const result = convertClaudeToolMatcher(matcher, current);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.code).toBe(code);
  });

  test('the version decides whether "Edit, Write" is a list', () => {
    const asList = convertClaudeToolMatcher('Edit, Write', current);
    expect(asList.ok && asList.matchers).toEqual(['^(replace|write_file)$']);
    expect(convertClaudeToolMatcher('Edit, Write', classic).ok).toBe(false);
  });
});

describe('lifecycle matchers (Gemini compares exactly)', () => {
  const start = readEvent('claude', 'SessionStart')!;
  const geminiStart = readEvent('gemini', 'SessionStart')!;
  test.each([
    [undefined, [undefined]],
    ['startup', ['startup']],
    ['startup|resume', ['startup', 'resume']],
    ['startup|resume|clear', [undefined]],
    ['startup|compact', ['startup']],
    ['^(startup|clear)$', ['startup', 'clear']],
  ] as const)('SessionStart %j → %j', (matcher, expected) => {
    const result = convertLifecycleMatcher(matcher, start, geminiStart, current);
    expect(result.ok && result.matchers).toEqual(expected);
  });

  test('a value Gemini never reports cannot be carried', () => {
    expect(convertLifecycleMatcher('compact', start, geminiStart, current).ok).toBe(false);
    expect(convertLifecycleMatcher('logout', readEvent('claude', 'SessionEnd')!, readEvent('gemini', 'SessionEnd')!, current).ok).toBe(false);
  });
});

describe('Kiro matchers', () => {
  test.each([
    [undefined, [undefined]],
    ['*', [undefined]],
    ['execute_bash', ['^run_shell_command$']],
    ['shell', ['^run_shell_command$']],
    ['fs_write', ['^(write_file|replace)$']],
    ['fs_*', ['^(read_file|write_file|replace)$']],
    ['@builtin', ['^(?!mcp_)']],
    ['@git', ['^mcp_git_']],
    ['@git/status', ['^mcp_git_status$']],
    ['@git*', ['^mcp_git.*$']],
  ] as const)('%j → %j', (matcher, expected) => {
    const result = convertKiroMatcher(matcher);
    expect(result.ok && result.matchers).toEqual(expected);
  });

  test.each([
    ['fs_write|str_replace', 'matcher-never-fires'],
    ['use_aws', 'tool-not-in-gemini'],
    ['no_such_tool', 'tool-unknown'],
  ])('%s cannot be carried (%s)', (matcher, code) => {
    const result = convertKiroMatcher(matcher);
    expect(!result.ok && result.code).toBe(code);
  });

  test('globs become anchored regexes with globset semantics', () => {
    expect(globToRegexSource('a?b*.{x,y}[!c]')).toBe('a.b.*\\.(?:x|y)[^c]');
    const written = convertKiroMatcher('@srv/*');
    expect(written.ok && new RegExp(written.matchers[0]!).test('mcp_srv_any_tool')).toBe(true);
  });
});

describe('commands', () => {
  test.each([
    ['$CLAUDE_PROJECT_DIR/hooks/a.sh', '$GEMINI_PROJECT_DIR/hooks/a.sh'],
    ['${CLAUDE_PROJECT_DIR}/hooks/a.sh', '$GEMINI_PROJECT_DIR/hooks/a.sh'],
    ['"$CLAUDE_PROJECT_DIR"/hooks/a.sh', '"${GEMINI_PROJECT_DIR}"/hooks/a.sh'],
    ['"${CLAUDE_PROJECT_DIR}/hooks/a b.sh"', '"${GEMINI_PROJECT_DIR}/hooks/a b.sh"'],
    ["echo '${CLAUDE_PROJECT_DIR}'", "echo '${CLAUDE_PROJECT_DIR}'"],
    ['echo \\$CLAUDE_PROJECT_DIR', 'echo \\$CLAUDE_PROJECT_DIR'],
    ['$CLAUDE_PROJECT_DIRX', '$CLAUDE_PROJECT_DIRX'],
  ])('%s → %s', (command, expected) => {
    expect(convertClaudeCommand(command).command).toBe(expected);
  });

  test('exec form becomes one shell command with each argument kept whole', () => {
    expect(execFormToShell('node', ['${CLAUDE_PROJECT_DIR}/a b.js', '--fix']).command).toBe(`node "\${GEMINI_PROJECT_DIR}"'/a b.js' --fix`);
  });

  test('variables Gemini CLI does not set are reported', () => {
    expect(convertClaudeCommand('$CLAUDE_PLUGIN_ROOT/x').notes.map((n) => n.code)).toEqual(['env-var-missing']);
  });
});
