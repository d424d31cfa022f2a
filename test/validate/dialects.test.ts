// validate, list, the switches and test in every dialect (contract: "Other dialects"): with no
// --dialect they check what is configured here, so a Claude-only or Kiro-only repository is never a
// false green ("0 files checked", exit 0).
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { hookrun, makeSandbox, type Sandbox } from '../helpers/cli.js';

let sb: Sandbox;
beforeEach(async () => {
  sb = await makeSandbox();
});
afterEach(() => sb.cleanup());

const run = (...args: string[]) => hookrun(args, { env: sb.env, cwd: sb.ws });

const CLAUDE = `{
  "hooks": {
    "PreToolUse": [{ "matcher": "Bash", "hooks": [{ "type": "command", "command": "./missing.sh" }] }],
    "PreToolUze": [{ "hooks": [{ "type": "command", "command": "echo hi" }] }]
  }
}
`;
const CLAUDE_CLEAN = '{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "echo ok"}]}]}}\n';

describe('validate', () => {
  test('a repository with only .claude/settings.json is checked as Claude Code settings, with or without --strict', async () => {
    await sb.write('ws/.claude/settings.json', CLAUDE);
    for (const args of [[], ['--strict'], ['--dialect', 'claude'], ['--dialect', 'auto']]) {
      const result = await run('validate', ...args);
      expect(result.stdout).toContain('.claude/settings.json:3:51: error: "./missing.sh"');
      expect(result.stdout).toContain('.claude/settings.json:4:5: error: unknown Claude Code hook event "PreToolUze"');
      expect(result.stdout).toMatch(/2 errors, 0 warnings, 0 info in 1 file checked\n$/);
      expect(result.exitCode).toBe(1);
    }
  });

  test('a clean Claude file: 1 file checked, exit 0', async () => {
    await sb.write('ws/.claude/settings.json', CLAUDE_CLEAN);
    const result = await run('validate', '--strict', '--format', 'json');
    const report = JSON.parse(result.stdout) as { dialects: string[]; files: { path: string; exists: boolean }[] };
    expect(report.dialects).toEqual(['claude']);
    expect(report.files.filter((f) => f.exists).map((f) => f.path)).toEqual([`${sb.ws}/.claude/settings.json`]);
    expect(result.exitCode).toBe(0);
  });

  test('a Claude file that does not parse is an error at its position, not an abort', async () => {
    await sb.write('ws/.claude/settings.local.json', '{"hooks": {"PreToolUse": [,]}}');
    const result = await run('validate');
    expect(result.stdout).toMatch(/^\.claude\/settings\.local\.json:1:27: error: .*\[config-unloadable\]/m);
    expect(result.exitCode).toBe(1);
  });

  test('Kiro: every agent file is checked, an unloadable one included', async () => {
    await sb.write('ws/.kiro/agents/dev.json', '{"name": "dev", "hooks": {"preToolUse": [{"command": "./gone.sh"}]}}\n');
    await sb.write('ws/.kiro/agents/broken.json', '{"name": "broken", "hooks": {"preToolUse": [{"command": "x", "matcher": 5}]}}\n');
    const result = await run('validate', '--dialect', 'kiro');
    expect(result.stdout).toContain('.kiro/agents/dev.json:1:42: error: "./gone.sh"');
    expect(result.stdout).toMatch(/^\.kiro\/agents\/broken\.json:1:73: error: agent file cannot be loaded .*matcher must be a string.*\[kiro-agent-unloadable\]/m);
    expect(result.stdout).toMatch(/2 errors, 0 warnings, 0 info in 2 files checked\n$/);
    expect(result.stdout).toContain('in 2 files checked');
    expect(result.exitCode).toBe(1);
    // No --dialect: the same, since Kiro's is the configuration here.
    expect((await run('validate')).stdout).toBe(result.stdout);
  });

  test('Gemini and Claude both configured: both checked', async () => {
    await sb.write('ws/.claude/settings.json', CLAUDE);
    await sb.write('ws/.gemini/settings.json', '{"hooks": {"BeforeTol": []}}\n');
    const result = await run('validate', '--format', 'json');
    const report = JSON.parse(result.stdout) as { dialects: string[]; findings: { code: string; location?: { file: string } }[] };
    expect(report.dialects).toEqual(['gemini', 'claude']);
    const files = new Set(report.findings.filter((f) => f.code === 'invalid-event-name').map((f) => f.location!.file));
    expect(files).toEqual(new Set([`${sb.ws}/.gemini/settings.json`, `${sb.ws}/.claude/settings.json`]));
  });

  test('no configuration at all: a warning, so --strict fails', async () => {
    const plain = await run('validate');
    expect(plain.stdout).toContain('warning: no hook configuration found for gemini, claude, kiro');
    expect(plain.exitCode).toBe(0);
    expect((await run('validate', '--strict')).exitCode).toBe(1);
  });

  test('a CRLF shebang is found before it fails at run time', async () => {
    await sb.write('ws/hook.sh', '#!/bin/bash\r\necho hi\r\n', 0o755);
    await sb.write('ws/.gemini/settings.json', '{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "name": "h", "command": "./hook.sh"}]}]}}\n');
    const result = await run('validate', '--ignore', 'untrusted-project-hook,untrusted-folder');
    expect(result.stdout).toContain('has Windows line ends: its first line names the interpreter "/bin/bash\\r"');
    expect(result.stdout).toContain('[script-crlf-shebang]');
    expect(result.exitCode).toBe(1);
  });
});

describe('list and the switches', () => {
  test('list in a Claude-only repository shows its hooks and says which agent', async () => {
    await sb.write('ws/.claude/settings.json', CLAUDE_CLEAN);
    for (const args of [[], ['--dialect', 'claude']]) {
      const result = await run('list', ...args);
      expect(result.stdout).toContain('PreToolUse');
      expect(result.stdout).toContain('echo ok');
      expect(result.exitCode).toBe(0);
    }
    expect((await run('list')).stderr).toContain('hookrun: --dialect auto: claude');
  });

  test('list --dialect kiro --agent dev', async () => {
    await sb.write('ws/.kiro/agents/dev.json', '{"name": "dev", "hooks": {"agentSpawn": [{"command": "echo spawn"}]}}\n');
    const result = await run('list', '--dialect', 'kiro', '--agent', 'dev', '--json');
    const listing = JSON.parse(result.stdout) as { hooks: { event: string; command: string }[] };
    expect(listing.hooks).toMatchObject([{ event: 'agentSpawn', command: 'echo spawn' }]);
  });

  test('enable and disable-all with --dialect claude say why they cannot, exit 1, write nothing', async () => {
    await sb.write('ws/.claude/settings.json', CLAUDE_CLEAN);
    for (const args of [['disable', 'x'], ['disable-all']]) {
      const result = await run(...args, '--dialect', 'claude');
      expect(result.stderr).toContain("edits Gemini CLI's hooksConfig.disabled; Claude Code has no per-hook switch");
      expect(result.exitCode).toBe(1);
    }
  });

  test('list in an untrusted folder does not say "No hooks configured" above configured hooks', async () => {
    await sb.write('ws/.gemini/settings.json', '{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "echo a"}, {"type": "command", "command": "echo b"}]}]}}\n');
    const result = await run('list');
    expect(result.stdout).not.toContain('No hooks configured');
    expect(result.stdout).toContain('No hook is registered here: 2 configured hook(s), none registered (see below).');
  });
});

test('test --dialect claude: cases that name no dialect run as Claude Code', async () => {
  await sb.write('ws/.claude/settings.json', '{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "echo no >&2; exit 2"}]}]}}\n');
  await sb.write('ws/a.hooktest.yaml', 'defaults: { trust: true }\ncases:\n  - name: blocked\n    event: PreToolUse\n    tool: Bash\n    expect: { exitCode: 2 }\n');
  const result = await run('test', '--ci', '--dialect', 'claude');
  expect(result.stdout).toContain('1 passed');
  expect(result.exitCode).toBe(0);
  // Without it the event is Gemini's, where PreToolUse is unknown: a bad fixture, exit 2.
  expect((await run('test', '--ci')).exitCode).toBe(2);
});
