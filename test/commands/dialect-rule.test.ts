// One dialect rule for every command (issue 33): --dialect, else HOOKRUN_DIALECT, else the agent
// configured for the workspace (its own project-root rule), else in the home folder, else gemini.
// Detection says which on stderr; an event of another dialect than the chosen one is a usage error.
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { hookrun, makeSandbox, type Sandbox } from '../helpers/cli.js';

let sb: Sandbox;
beforeEach(async () => {
  sb = await makeSandbox();
});
afterEach(() => sb.cleanup());

const run = (args: string[], env: Record<string, string> = {}, input?: string) =>
  hookrun(args, { env: { ...sb.env, ...env }, cwd: sb.ws, ...(input === undefined ? {} : { input }) });
const CLAUDE = '{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "echo claude-hook"}]}]}}\n';
const GEMINI = '{"hooks": {"BeforeTool": [{"matcher": ".*", "hooks": [{"type": "command", "command": "echo gemini-hook"}]}]}}\n';

describe('run, explain, serve and test follow the agent configured here', () => {
  test('explain PreToolUse in a Claude-only folder explains the Claude hook and says which dialect', async () => {
    await sb.write('ws/.claude/settings.json', CLAUDE);
    const result = await run(['explain', 'PreToolUse', '--tool', 'Bash', '--trust-workspace']);
    expect(result.stdout).toContain('echo claude-hook');
    expect(result.stderr).toContain(`hookrun: --dialect auto: claude (${sb.ws}/.claude/settings.json)`);
    expect(result.exitCode).toBe(0);
  });

  test('run with a Gemini event in a Claude-only folder is a usage error naming gemini, not "no hook matched"', async () => {
    await sb.write('ws/.claude/settings.json', CLAUDE);
    const result = await run(['run', 'BeforeTool', '--tool', 'run_shell_command']);
    expect(result.stderr).toContain('"BeforeTool" is a gemini event: add --dialect gemini');
    expect(result.stderr).not.toContain('no hook matched');
    expect(result.exitCode).toBe(1);
  });

  test('run PreToolUse in a Claude-only folder runs the Claude hook', async () => {
    await sb.write('ws/.claude/settings.json', CLAUDE);
    const result = await run(['run', 'PreToolUse', '--tool', 'Bash', '--tool-input', '{"command":"ls"}', '--trust-workspace', '--json']);
    expect(result.stdout).toContain('claude-hook');
    expect(result.stderr.match(/--dialect auto/g)).toHaveLength(1);
    expect(result.exitCode).toBe(0);
  });

  test('--dialect, then HOOKRUN_DIALECT, decide before detection; an empty HOOKRUN_DIALECT is unset', async () => {
    await sb.write('ws/.claude/settings.json', CLAUDE);
    await sb.write('ws/.gemini/settings.json', GEMINI);
    // Both configured: the registry's order (gemini first) decides, silently.
    const detected = await run(['run', 'BeforeTool', '--tool', 'x', '--trust-workspace']);
    expect(detected.stdout).toContain('gemini-hook');
    expect(detected.stderr).not.toContain('--dialect auto');
    const env = await run(['run', 'PreToolUse', '--tool', 'Bash', '--trust-workspace'], { HOOKRUN_DIALECT: 'claude' });
    expect(env.stdout).toBe('{}\n');
    expect(env.exitCode).toBe(0);
    const flag = await run(['run', 'BeforeTool', '--tool', 'x', '--dialect', 'gemini', '--trust-workspace'], { HOOKRUN_DIALECT: 'claude' });
    expect(flag.stdout).toContain('gemini-hook');
    const empty = await run(['run', 'BeforeTool', '--tool', 'x', '--trust-workspace'], { HOOKRUN_DIALECT: '' });
    expect(empty.stdout).toContain('gemini-hook');
  });

  test('a HOOKRUN_DIALECT that is no dialect is a usage error in every command, with its exit code', async () => {
    for (const [args, code] of [
      [['run', 'BeforeTool'], 1],
      [['explain', 'BeforeTool'], 1],
      [['list'], 1],
      [['validate'], 2],
      [['test'], 2],
      [['serve'], 1],
    ] as const) {
      const result = await run([...args], { HOOKRUN_DIALECT: 'klaude' }, '');
      expect(result.stderr, args.join(' ')).toContain('HOOKRUN_DIALECT="klaude" is not a dialect; choose one of: gemini, claude');
      expect(result.exitCode, args.join(' ')).toBe(code);
    }
  });

  test('with nothing in the workspace, the agent configured in the home folder decides', async () => {
    await sb.write('home/.claude/settings.json', CLAUDE);
    const result = await run(['explain', 'PreToolUse', '--tool', 'Bash']);
    expect(result.stdout).toContain('echo claude-hook');
    expect(result.stderr).toContain(`hookrun: --dialect auto: claude (${sb.home}/.claude/settings.json)`);
    expect(result.exitCode).toBe(0);
  });

  test('with nothing configured anywhere, gemini, and nothing said about it', async () => {
    const result = await run(['run', 'BeforeTool', '--tool', 'x']);
    expect(result.stdout).toBe('{}\n');
    expect(result.stderr).not.toContain('dialect');
    expect(result.exitCode).toBe(0);
  });

  test("detection follows the agent's own project root: Codex's .codex at the git root, from a subfolder", async () => {
    await sb.write('ws/.git/HEAD', 'ref: refs/heads/main\n');
    await sb.write('ws/.codex/hooks.json', '{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "echo codex-hook"}]}]}}\n');
    await sb.write('ws/sub/deeper/.keep', '');
    const result = await hookrun(['explain', 'PreToolUse', '--tool', 'Bash', '-C', 'sub/deeper'], { env: sb.env, cwd: sb.ws });
    expect(result.stdout).toContain('echo codex-hook');
    expect(result.stderr).toContain(`hookrun: --dialect auto: codex (${sb.ws}/.codex/hooks.json)`);
    expect(result.exitCode).toBe(0);
  });

  test('serve decides once for its workspace and says so once', async () => {
    await sb.write('ws/.claude/settings.json', CLAUDE);
    const request = (id: number) => JSON.stringify({ jsonrpc: '2.0', id, method: 'plan', params: { event: 'PreToolUse', input: { tool_name: 'Bash', tool_input: {} } } });
    const result = await run(['serve', '--trust-workspace'], {}, `${request(1)}\n${request(2)}\n`);
    const answers = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { result: { dialect: string } });
    expect(answers.map((a) => a.result.dialect)).toEqual(['claude', 'claude']);
    expect(result.stderr.match(/hookrun: --dialect auto: claude/g)).toHaveLength(1);
    expect(result.exitCode).toBe(0);
  });

  test("test: a fixture that names no dialect follows its case's workspace, said once", async () => {
    await sb.write('ws/.claude/settings.json', CLAUDE);
    const fixture = 'cases:\n  - name: one\n    event: PreToolUse\n    tool: Bash\n    toolInput: {command: ls}\n    trust: true\n    expect: {outcome: proceed}\n';
    await sb.write('ws/a.hooktest.yaml', fixture);
    await sb.write('ws/b.hooktest.yaml', fixture);
    const result = await run(['test', '--ci']);
    expect(result.stderr.match(/hookrun: --dialect auto: claude/g)).toHaveLength(1);
    expect(result.exitCode).toBe(0);
    await sb.write('ws/c.hooktest.yaml', 'cases:\n  - name: gem\n    event: BeforeTool\n    tool: x\n    expect: {outcome: proceed}\n');
    const wrong = await run(['test', '--ci']);
    expect(wrong.stdout).toContain('"BeforeTool" is a gemini event');
    expect(wrong.stdout).toContain('the case names no dialect; --dialect auto: claude');
    expect(wrong.exitCode).toBe(2);
  });
});
