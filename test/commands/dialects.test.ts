// list, the switches and test in every dialect (contract: "Other dialects"): list follows the
// configured agent, enable/disable refuse the dialects they cannot edit, test --dialect sets the cases' dialect.
import { existsSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { hookrun, makeSandbox, type Sandbox } from '../helpers/cli.js';

let sb: Sandbox;
beforeEach(async () => {
  sb = await makeSandbox();
});
afterEach(() => sb.cleanup());

const run = (...args: string[]) => hookrun(args, { env: sb.env, cwd: sb.ws });
const CLAUDE_CLEAN = '{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "echo ok"}]}]}}\n';
describe('list and the switches', () => {
  test('list in a Claude-only repository shows its hooks and says which agent', async () => {
    await sb.write('ws/.claude/settings.json', CLAUDE_CLEAN);
    for (const args of [[], ['--dialect', 'claude']]) {
      const result = await run('list', ...args, '--trust-workspace');
      expect(result.stdout).toContain('PreToolUse');
      expect(result.stdout).toContain('echo ok');
      expect(result.exitCode).toBe(0);
    }
    expect((await run('list')).stderr).toContain('hookrun: --dialect auto: claude');
  });

  test('list --dialect kiro --agent dev', async () => {
    await sb.write('ws/.kiro/agents/dev.json', '{"name": "dev", "hooks": {"agentSpawn": [{"command": "echo spawn"}]}}\n');
    const result = await run('list', '--dialect', 'kiro', '--agent', 'dev', '--json', '--trust-workspace');
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

  test('with no --dialect in a Claude-only repository the switches refuse, say why and write no Gemini file', async () => {
    await sb.write('ws/.claude/settings.json', CLAUDE_CLEAN);
    const result = await run('disable', 'echo ok');
    expect(result.stderr).toContain('hookrun: --dialect auto: claude');
    expect(result.stderr).toContain('Claude Code has no per-hook switch: remove the hook from its settings file, or set "disableAllHooks": true');
    expect(result.exitCode).toBe(1);
    expect(existsSync(`${sb.ws}/.gemini`)).toBe(false);
    expect(existsSync(`${sb.home}/.gemini`)).toBe(false);
  });

  test.each([
    ['kiro', 'ws/.kiro/agents/dev.json', '{"name": "dev"}\n', 'Kiro CLI has no per-hook switch: remove the hook from the agent file'],
    ['antigravity', 'ws/.agents/hooks.json', '{}\n', 'Antigravity CLI has no per-hook switch: remove the hook from its hooks.json'],
  ])('enable --dialect %s names what the agent offers instead', async (dialect, file, content, says) => {
    await sb.write(file, content);
    const result = await run('enable', 'x', '--dialect', dialect);
    expect(result.stderr).toContain(says);
    expect(result.exitCode).toBe(1);
  });

  test('list and explain take --claude-version and --agent', async () => {
    await sb.write('ws/.claude/settings.json', CLAUDE_CLEAN);
    // An untrusted folder's hooks are listed as held back (--all); this case is about the flags, so it trusts it.
    const list = await run('list', '--dialect', 'claude', '--claude-version', 'current', '--all');
    expect(list.stdout).toContain('echo ok');
    expect(list.exitCode).toBe(0);
    const explain = await run('explain', 'PreToolUse', '--dialect', 'claude', '--claude-version', 'current', '--tool', 'Bash', '--trust-workspace');
    expect(explain.stdout).toContain('echo ok');
    expect(explain.exitCode).toBe(0);
    const bad = await run('explain', 'PreToolUse', '--dialect', 'claude', '--claude-version', 'nine');
    expect(bad.stderr).toContain('must be "classic", "current" or a Claude Code version');
    expect(bad.exitCode).toBe(1);
    await sb.write('ws/.kiro/agents/dev.json', '{"name": "dev", "hooks": {"agentSpawn": [{"command": "echo spawn"}]}}\n');
    const kiro = await run('explain', 'agentSpawn', '--dialect', 'kiro', '--agent', 'dev');
    expect(kiro.stdout).toContain('echo spawn');
    expect(kiro.exitCode).toBe(0);
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
  // Without it, in a folder configured for Gemini CLI too (first in the registry, so detection picks it),
  // the event is Gemini's, where PreToolUse is unknown: a bad fixture, exit 2.
  await sb.write('ws/.gemini/settings.json', '{}\n');
  expect((await run('test', '--ci')).exitCode).toBe(2);
});
