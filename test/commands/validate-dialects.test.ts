// `validate` without --dialect checks every agent configured here (each dialect's configuredAt), and a
// check that found nothing says so: a warning, so --strict fails it (issue 19, item 4).
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { hookrun, makeSandbox, type Sandbox } from '../helpers/cli.js';

let sb: Sandbox;
beforeEach(async () => {
  sb = await makeSandbox();
});
afterEach(() => sb.cleanup());

const validate = (...args: string[]) => hookrun(['validate', ...args], { env: sb.env, cwd: sb.ws });
const CLAUDE_TYPO = '{"hooks": {"PreToolUs": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "echo ok"}]}]}}\n';
const CLAUDE_CLEAN = '{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "echo ok"}]}]}}\n';

describe('validate with no --dialect', () => {
  test("a Claude-only repository is checked by Claude Code's rules, not passed as 0 files", async () => {
    await sb.write('ws/.claude/settings.json', CLAUDE_TYPO);
    const result = await validate('--strict');
    expect(result.stdout).toContain('.claude/settings.json:1:');
    expect(result.stdout).toContain('[invalid-event-name]');
    expect(result.stdout).toMatch(/1 error, 0 warnings, 0 info in 1 file checked \(claude\)\n$/);
    expect(result.exitCode).toBe(1);
  });

  test('a clean Claude-only repository passes, naming what it checked', async () => {
    await sb.write('ws/.claude/settings.json', CLAUDE_CLEAN);
    // A fresh clone's folder is untrusted: that is an info finding (its hooks would be held back), not a failure.
    const result = await validate('--strict', '--ignore', 'untrusted-project-hooks');
    expect(result.stdout).toBe('0 errors, 0 warnings, 0 info in 1 file checked (claude)\n');
    expect(result.exitCode).toBe(0);
  });

  test("every configured agent is checked, in the registry's order, and --json names them", async () => {
    await sb.write('ws/.claude/settings.json', CLAUDE_TYPO);
    await sb.write('ws/.gemini/settings.json', '{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "echo a", "timeout": 1000}]}]}}\n');
    const text = await validate('--ignore', 'untrusted-project-hook,untrusted-folder');
    expect(text.stdout).toContain('[invalid-event-name]');
    expect(text.stdout).toMatch(/in 2 files checked \(gemini, claude\)\n$/);
    expect(text.exitCode).toBe(1);
    const json = JSON.parse((await validate('--json')).stdout) as { dialects: string[]; files: { path: string; exists: boolean }[] };
    expect(json.dialects).toEqual(['gemini', 'claude']);
    expect(json.files.filter((file) => file.exists).map((file) => file.path)).toEqual([`${sb.ws}/.gemini/settings.json`, `${sb.ws}/.claude/settings.json`]);
  });

  test('a user-level configuration counts too', async () => {
    await sb.write('home/.claude/settings.json', CLAUDE_TYPO);
    const result = await validate();
    expect(result.stdout).toContain('[invalid-event-name]');
    expect(result.stdout).toContain('(claude)');
    expect(result.exitCode).toBe(1);
  });

  test('nothing configured: said plainly, exit 0; a warning, so --strict exits 1', async () => {
    const result = await validate();
    expect(result.stdout).toContain("warning: no agent's hook configuration was found in");
    expect(result.stdout).toContain('nothing was checked [nothing-checked]');
    expect(result.stdout).toContain('fix: give --dialect NAME');
    expect(result.stdout).toMatch(/0 errors, 1 warning, 0 info in 0 files checked\n$/);
    expect(result.exitCode).toBe(0);
    expect((await validate('--strict')).exitCode).toBe(1);
    const github = await validate('--format', 'github');
    expect(github.stdout).toMatch(/^::warning title=hookrun nothing-checked::no agent's hook configuration/);
    expect((await validate('--strict', '--ignore', 'nothing-checked')).exitCode).toBe(0);
  });
});

describe('validate --dialect NAME', () => {
  test('names the agent when none of its files exists; --strict exits 1', async () => {
    await sb.write('ws/.gemini/settings.json', '{}\n');
    const result = await validate('--dialect', 'claude');
    expect(result.stdout).toContain('warning: no Claude Code hook file exists here (looked for');
    expect(result.stdout).toContain('.claude/settings.json');
    expect(result.exitCode).toBe(0);
    expect((await validate('--dialect', 'claude', '--strict')).exitCode).toBe(1);
  });

  test('auto checks the detected agent only', async () => {
    await sb.write('ws/.claude/settings.json', CLAUDE_TYPO);
    const result = await validate('--dialect', 'auto');
    expect(result.stdout).toContain('[invalid-event-name]');
    expect(result.exitCode).toBe(1);
  });

  test('an unknown dialect and an unknown --ignore code are usage errors (exit 2)', async () => {
    const bad = await validate('--dialect', 'vim');
    expect(bad.stderr).toContain("hookrun: error: option '--dialect <name>' argument 'vim' is invalid");
    expect(bad.exitCode).toBe(2);
    await sb.write('ws/.claude/settings.json', CLAUDE_CLEAN);
    const code = await validate('--ignore', 'kiro3-no-timeout');
    expect(code.stderr).toContain('unknown finding code(s) for --ignore: kiro3-no-timeout');
    expect(code.exitCode).toBe(2);
  });
});

describe('timeout-missing looks at the programs a hook runs, not at what it prints', () => {
  test.each([
    ['echo "npm test passed"', false],
    ["printf 'curl done\\n'", false],
    ['echo start && npm test', true],
    ['CI=1 npm ci', true],
    ['echo a; sleep 120', true],
  ])('%s: finding %s', async (command, expected) => {
    await sb.write('ws/.gemini/settings.json', JSON.stringify({ hooks: { AfterAgent: [{ hooks: [{ type: 'command', command }] }] } }));
    const result = await validate('--dialect', 'gemini');
    expect(result.stdout.includes('[timeout-missing]')).toBe(expected);
  });
});
