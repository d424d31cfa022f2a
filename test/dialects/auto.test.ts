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
  kiro3: ['.kiro/hooks/guard.json', { version: 'v1', hooks: [{ name: 'g', trigger: 'PreToolUse', action: { type: 'command', command: 'echo kiro3-ran >&2; exit 2' } }] }],
  antigravity: ['.agents/hooks.json', { guard: { PreToolUse: [{ matcher: '*', hooks: [{ command: `echo '{"decision":"deny","reason":"antigravity-ran"}'` }] }] } }],
} as const;

type Agent = keyof typeof CONFIGS;
const EVENT: Record<Agent, string> = { gemini: 'BeforeTool', claude: 'PreToolUse', kiro: 'preToolUse', kiro3: 'PreToolUse', antigravity: 'PreToolUse' };
/** Where an agent's user-level file lives, when not at the workspace's relative path. */
const HOME_FILE: Partial<Record<Agent, string>> = { antigravity: '.gemini/config/hooks.json' };
/** The dialect an agent's files select (Kiro CLI 3's hook files are the kiro dialect's). */
const DIALECT: Record<Agent, string> = { gemini: 'gemini', claude: 'claude', kiro: 'kiro', kiro3: 'kiro', antigravity: 'antigravity' };

async function setup(workspace: Agent[], home: Agent[] = []): Promise<Sandbox> {
  const sb = await makeSandbox();
  sandboxes.push(sb);
  for (const agent of workspace) await sb.write(path.join(sb.ws, CONFIGS[agent][0]), JSON.stringify(CONFIGS[agent][1]));
  for (const agent of home) await sb.write(path.join(sb.home, HOME_FILE[agent] ?? CONFIGS[agent][0]), JSON.stringify(CONFIGS[agent][1]));
  return sb;
}

// `--agent dev` picks the Kiro agent (without it Kiro CLI runs its built-in agent); the other dialects ignore it.
const run = (sb: Sandbox, agent: Agent) =>
  hookrun(['run', EVENT[agent], '--dialect', 'auto', ...(agent === 'kiro' ? ['--agent', 'dev'] : []), '--tool', 'x', '--tool-input', '{}', '-C', sb.ws], {
    env: { ...sb.env, GEMINI_CLI_TRUST_WORKSPACE: 'true', HOOKRUN_TRUST_WORKSPACE: 'true', HOOKRUN_HOOK_TRUST: 'warn' },
  });

describe('--dialect auto', () => {
  test.each([
    ['only Claude Code in the workspace', ['claude'], [], 'claude', '.claude/settings.json'],
    ['only Kiro CLI in the workspace', ['kiro'], [], 'kiro', '.kiro/agents'],
    ['Gemini CLI and Claude Code in the workspace: Gemini CLI first', ['gemini', 'claude'], [], 'gemini', '.gemini/settings.json'],
    ['Kiro CLI in the workspace, Gemini CLI at home: the workspace counts first', ['kiro'], ['gemini'], 'kiro', '.kiro/agents'],
    ['only Claude Code at home', [], ['claude'], 'claude', '.claude/settings.json'],
    ['only Kiro CLI 3 hook files in the workspace', ['kiro3'], [], 'kiro3', '.kiro/hooks'],
    ['only Antigravity CLI in the workspace', ['antigravity'], [], 'antigravity', '.agents/hooks.json'],
    ['only Antigravity CLI at home', [], ['antigravity'], 'antigravity', '.gemini/config/hooks.json'],
    ['Gemini CLI and Antigravity CLI in the workspace: Gemini CLI first', ['gemini', 'antigravity'], [], 'gemini', '.gemini/settings.json'],
  ] as const)('%s → %s', async (_name, workspace, home, expected, file) => {
    const sb = await setup([...workspace], [...home]);
    const r = await run(sb, expected);
    expect(r.stderr).toContain(`hookrun: --dialect auto: ${DIALECT[expected]} (`);
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
    const r = await hookrun(['run', 'BeforeTool', '--dialect', 'no-such-agent', '-C', sb.ws], { env: sb.env });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/gemini, claude, kiro, antigravity(, \w+)*, auto/);
  });
});
