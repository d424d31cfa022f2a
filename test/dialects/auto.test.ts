// `--dialect auto` (contract: other dialects): the agent whose configuration exists, workspace before
// home, Gemini CLI first when several are configured and when none is; the choice is said on stderr.
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { hookrun, makeSandbox, type Sandbox } from '../helpers/cli.js';

const sandboxes: Sandbox[] = [];
afterAll(() => Promise.all(sandboxes.map((sb) => sb.cleanup())));

/** Each agent's config with one hook that blocks with its own name, so the output says whose rules ran. */
const CONFIGS = {
  gemini: ['.gemini/settings.json', { hooks: { BeforeTool: [{ hooks: [{ type: 'command', command: 'echo gemini-ran >&2; exit 2' }] }] } }],
  claude: ['.claude/settings.json', { hooks: { PreToolUse: [{ matcher: '*', hooks: [{ type: 'command', command: 'echo claude-ran >&2; exit 2' }] }] } }],
  kiro: ['.kiro/agents/dev.json', { name: 'dev', hooks: { preToolUse: [{ command: 'echo kiro-ran >&2; exit 2' }] } }],
} as const;

type Agent = keyof typeof CONFIGS;
const EVENT: Record<Agent, string> = { gemini: 'BeforeTool', claude: 'PreToolUse', kiro: 'preToolUse' };

async function setup(workspace: Agent[], home: Agent[] = []): Promise<Sandbox> {
  const sb = await makeSandbox();
  sandboxes.push(sb);
  for (const agent of workspace) await sb.write(path.join(sb.ws, CONFIGS[agent][0]), JSON.stringify(CONFIGS[agent][1]));
  for (const agent of home) await sb.write(path.join(sb.home, CONFIGS[agent][0]), JSON.stringify(CONFIGS[agent][1]));
  return sb;
}

// `--agent dev` picks the Kiro agent (without it Kiro CLI runs its built-in agent); the other dialects ignore it.
const run = (sb: Sandbox, agent: Agent) =>
  hookrun(['run', EVENT[agent], '--dialect', 'auto', '--agent', 'dev', '--tool', 'x', '--tool-input', '{}', '-C', sb.ws], {
    env: { ...sb.env, GEMINI_CLI_TRUST_WORKSPACE: 'true', HOOKRUN_HOOK_TRUST: 'warn' },
  });

describe('--dialect auto', () => {
  test.each([
    ['only Claude Code in the workspace', ['claude'], [], 'claude', '.claude/settings.json'],
    ['only Kiro CLI in the workspace', ['kiro'], [], 'kiro', '.kiro/agents'],
    ['Gemini CLI and Claude Code in the workspace: Gemini CLI first', ['gemini', 'claude'], [], 'gemini', '.gemini/settings.json'],
    ['Kiro CLI in the workspace, Gemini CLI at home: the workspace counts first', ['kiro'], ['gemini'], 'kiro', '.kiro/agents'],
    ['only Claude Code at home', [], ['claude'], 'claude', '.claude/settings.json'],
  ] as const)('%s → %s', async (_name, workspace, home, expected, file) => {
    const sb = await setup([...workspace], [...home]);
    const r = await run(sb, expected);
    expect(r.stderr).toContain(`hookrun: --dialect auto: ${expected} (`);
    expect(r.stderr).toContain(file);
    expect(r.exitCode).toBe(2);
    expect(r.stdout + r.stderr).toContain(`${expected}-ran`);
  });

  test('nothing configured: Gemini CLI, and no hook runs', async () => {
    const sb = await setup([]);
    const r = await run(sb, 'gemini');
    expect(r.stderr).toContain('hookrun: --dialect auto: gemini (no agent configuration found)');
    expect(r.exitCode).toBe(0);
    expect(r.stdout.trim()).toBe('{}');
  });

  test('an unknown dialect names the choices, auto included', async () => {
    const sb = await setup([]);
    const r = await hookrun(['run', 'BeforeTool', '--dialect', 'codex', '-C', sb.ws], { env: sb.env });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/gemini, claude, kiro, auto/);
  });
});
