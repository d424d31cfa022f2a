// Claude Code's matcher and `if` rules as tables (kiro-claude-hooks.md B.5, B.2).
import { describe, expect, test } from 'vitest';
import { matchClaude, matchIf, matchPathRule, splitShellCommand } from '../../../src/dialects/claude/matcher.js';
import { parseClaudeVersion } from '../../../src/dialects/claude/version.js';

const classic = parseClaudeVersion(undefined);
const current = parseClaudeVersion('current');

describe('matchClaude', () => {
  test.each([
    // matcher, tool, classic, current
    [undefined, 'Bash', true, true],
    ['', 'Bash', true, true],
    ['*', 'mcp__x__y', true, true],
    ['Bash', 'Bash', true, true],
    ['Bash', 'BashOutput', false, false],
    ['bash', 'Bash', false, false],
    ['Edit|Write', 'Write', true, true],
    ['Edit|Write', 'NotebookEdit', false, false],
    ['Edit.*', 'NotebookEdit', true, true],
    ['^Edit$', 'NotebookEdit', false, false],
    ['Edit, Write', 'Write', false, true],
    ['Edit ,Write', 'Edit', false, true],
    ['mcp__memory', 'mcp__memory__create', false, false],
    ['mcp__memory__.*', 'mcp__memory__create', true, true],
    ['Writ', 'Write', false, false],
    ['rit.', 'Write', true, true],
    ['code-reviewer', 'senior-code-reviewer', true, false],
    ['code-reviewer', 'code-reviewer', true, true],
    ['Edit.*[', 'Edit', false, false],
  ] as const)('%j on %s: classic %s, current %s', (matcher, tool, inClassic, inCurrent) => {
    expect(matchClaude(matcher, tool, 'tool_name', classic).matches).toBe(inClassic);
    expect(matchClaude(matcher, tool, 'tool_name', current).matches).toBe(inCurrent);
  });

  test('the verdict names the rule that decided', () => {
    expect(matchClaude('Bash', 'BashOutput', 'tool_name', current).rule).toMatch(/exact name "Bash".*no substring/);
    expect(matchClaude('Edit.*', 'NotebookEdit', 'tool_name', current).rule).toMatch(/unanchored/);
  });
});

describe('splitShellCommand', () => {
  test.each([
    ['git push', ['git push']],
    ['FOO=bar git push', ['git push']],
    ['npm test && git push || echo no; ls | wc -l', ['npm test', 'git push', 'echo no', 'ls', 'wc -l']],
    ['echo $(rm -rf /)', ['echo $(rm -rf /)', 'rm -rf /']],
    ['echo `date`', ['echo `date`', 'date']],
    ['echo "a && b"', ['echo "a && b"']],
    ['make 2>&1', ['make 2>&1']],
  ])('%s', (command, parts) => {
    expect(splitShellCommand(command)).toEqual(parts);
  });

  test('unbalanced quotes cannot be split', () => {
    expect(splitShellCommand('echo "open')).toBeUndefined();
  });
});

describe('matchIf', () => {
  const ctx = (toolName: string, toolInput: Record<string, unknown>) => ({ toolName, toolInput, cwd: '/w', home: '/h' });
  test.each([
    ['Bash(git *)', 'Bash', { command: 'FOO=bar git push' }, true],
    ['Bash(git *)', 'Bash', { command: 'npm test && git push' }, true],
    ['Bash(git *)', 'Bash', { command: 'git' }, true],
    ['Bash(git *)', 'Bash', { command: 'npm test' }, false],
    ['Bash(rm *)', 'Bash', { command: 'echo $(rm -rf /)' }, true],
    ['Bash(rm *)', 'Bash', { command: 'echo $(date)' }, false],
    ['Bash(git push *)', 'Bash', { command: 'echo $(date)' }, true],
    ['Bash(npm run test:*)', 'Bash', { command: 'npm run test:unit' }, true],
    ['Bash(npm run test:*)', 'Bash', { command: 'npm ci' }, false],
    ['Bash(npm run test:*)', 'Bash', { command: 'npm run test --watch' }, true],
    ['Bash(rm *)', 'Bash', { command: 'echo "unbalanced' }, true],
    ['Bash', 'Bash', { command: 'anything' }, true],
    ['Bash(git *)', 'Edit', { file_path: '/w/a' }, false],
    ['Edit(*.ts)', 'Edit', { file_path: '/w/src/a.ts' }, true],
    ['Edit(*.ts)', 'Edit', { file_path: '/w/src/a.tsx' }, false],
    ['Edit(src/**)', 'Edit', { file_path: '/w/src/x/y.ts' }, true],
    ['Edit(src/**)', 'Edit', { file_path: '/w/lib/src/y.ts' }, false],
    ['Edit(**/src/**)', 'Edit', { file_path: '/w/lib/src/y.ts' }, true],
    ['Read(~/.ssh/*)', 'Read', { file_path: '/h/.ssh/id_rsa' }, true],
    ['Read(//etc/**)', 'Read', { file_path: '/etc/passwd' }, true],
    ['WebFetch(domain:example.com)', 'WebFetch', { url: 'https://example.com/x' }, true],
    ['WebFetch(domain:example.com)', 'WebFetch', { url: 'https://other.org/' }, false],
  ] as const)('%s on %s %j → %s', (rule, tool, input, expected) => {
    expect(matchIf(rule, ctx(tool, input)).matches).toBe(expected);
  });

  test('relative file paths are resolved against the event cwd', () => {
    expect(matchPathRule('src/*.ts', 'src/a.ts', { cwd: '/w', home: '/h' })).toBe(true);
  });
});
