// `--third-party-hooks` (HOOKRUN_CURSOR_THIRD_PARTY=1): Claude Code's hooks as Cursor loads them, through
// the Claude dialect's loader and matcher, below Cursor's own files, under the workspace-trust gate.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { stdoutJson } from '../../helpers/cli.js';
import { cleanupAll, cursorSandbox, hooksFile, marked } from './sandbox.js';

afterAll(cleanupAll);

const claude = (event: string, command: string, matcher?: string) => ({
  hooks: { [event]: [{ ...(matcher !== undefined ? { matcher } : {}), hooks: [{ type: 'command', command }] }] },
});
const SHELL = ['--tool', 'Shell', '--tool-input', '{"command":"rm -rf build"}'];

describe.concurrent('third-party (Claude Code) hooks', () => {
  test('off by default; the flag and the environment variable load them, exit 2 denies with stderr', async () => {
    const sb = await cursorSandbox({ 'home/.claude/settings.json': claude('PreToolUse', `touch @ROOT@/fired-c; echo 'claude says no' >&2; exit 2`) });
    expect((await sb.run(['preToolUse', ...SHELL])).exitCode).toBe(0);
    expect(sb.fired('c')).toBe(false);
    for (const [flags, env] of [
      [['--third-party-hooks'], {}],
      [[], { HOOKRUN_CURSOR_THIRD_PARTY: '1' }],
    ] as const) {
      const r = await sb.run(['preToolUse', ...SHELL, ...flags], env);
      expect(r.exitCode, r.stderr).toBe(2);
      expect(stdoutJson(r)).toEqual({ permission: 'deny', user_message: 'claude says no', agent_message: 'claude says no' });
    }
  });

  test("Claude's matcher rules, tried on Cursor's tool name and on Claude's name for it (Shell is Bash)", async () => {
    const sb = await cursorSandbox({
      'home/.claude/settings.json': {
        hooks: {
          PreToolUse: [
            {
              matcher: 'Bash',
              hooks: [
                {
                  type: 'command',
                  command: marked('bash', { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask', permissionDecisionReason: 'shell?' } }),
                },
              ],
            },
            { matcher: 'Write', hooks: [{ type: 'command', command: marked('write') }] },
          ],
        },
      },
    });
    const r = await sb.run(['preToolUse', ...SHELL, '--third-party-hooks']);
    expect(r.exitCode, r.stderr).toBe(3);
    expect(stdoutJson(r)).toEqual({ permission: 'ask', user_message: 'shell?', agent_message: 'shell?' });
    expect([sb.fired('bash'), sb.fired('write')]).toEqual([true, false]);
  });

  test("they rank below Cursor's own hooks: a Cursor deny's message wins over Claude's", async () => {
    const sb = await cursorSandbox({
      'home/.cursor/hooks.json': hooksFile({ preToolUse: [{ command: `echo '{"permission":"deny","agent_message":"cursor first"}'` }] }),
      'home/.claude/settings.json': claude('PreToolUse', `echo '{"decision":"block","reason":"claude second"}'`),
    });
    const r = await sb.run(['preToolUse', ...SHELL, '--third-party-hooks']);
    expect(r.exitCode, r.stderr).toBe(2);
    expect(stdoutJson(r)).toEqual({ permission: 'deny', agent_message: 'cursor first', user_message: 'claude second' });
  });

  test('events move to Cursor names: Stop block becomes a follow-up without a loop cap; UserPromptSubmit block stops the prompt', async () => {
    const sb = await cursorSandbox({
      'home/.claude/settings.json': {
        hooks: {
          Stop: [{ hooks: [{ type: 'command', command: `echo '{"decision":"block","reason":"keep going"}'` }] }],
          UserPromptSubmit: [{ hooks: [{ type: 'command', command: `echo '{"decision":"block","reason":"not that"}'` }] }],
        },
      },
    });
    const stop = await sb.run(['stop', '--event', '{"status":"completed","loop_count":99}', '--third-party-hooks']);
    expect(stop.exitCode, stop.stderr).toBe(2);
    expect(stdoutJson(stop)).toEqual({ followup_message: 'keep going' });
    const prompt = await sb.run(['beforeSubmitPrompt', '--prompt', 'x', '--third-party-hooks']);
    expect(prompt.exitCode, prompt.stderr).toBe(2);
    expect(stdoutJson(prompt)).toEqual({ continue: false, user_message: 'not that' });
  });

  test("the workspace's .claude files are held back in an untrusted folder; the user's run, in the workspace with CLAUDE_PROJECT_DIR", async () => {
    const sb = await cursorSandbox({
      'ws/.claude/settings.json': claude('PreToolUse', marked('project', { decision: 'block', reason: 'p' })),
      'ws/.claude/settings.local.json': claude('PreToolUse', marked('local', { decision: 'block', reason: 'l' })),
      'home/.claude/settings.json': claude('PreToolUse', 'pwd > @ROOT@/cwd; echo "$CLAUDE_PROJECT_DIR" > @ROOT@/dir'),
    });
    const r = await sb.run(['preToolUse', ...SHELL, '--third-party-hooks']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect([sb.fired('project'), sb.fired('local')]).toEqual([false, false]);
    expect(r.stderr).toContain('is not a trusted folder');
    expect((await readFile(path.join(sb.root, 'cwd'), 'utf8')).trim()).toBe(sb.ws);
    expect((await readFile(path.join(sb.root, 'dir'), 'utf8')).trim()).toBe(sb.ws);
    const trusted = await sb.run(['preToolUse', ...SHELL, '--third-party-hooks', '--trust-workspace']);
    expect(trusted.exitCode, trusted.stderr).toBe(2);
    // Local ranks above project in Cursor's order.
    expect(stdoutJson(trusted)).toMatchObject({ permission: 'deny', agent_message: 'l' });
  });

  test("validate with third-party on: a Claude event Cursor never fires is reported; Claude's own findings carry file:line:column", async () => {
    const sb = await cursorSandbox({
      'home/.claude/settings.json': { hooks: { Notification: [{ hooks: [{ type: 'command', command: 'x' }] }], PreToolUse: [{ hooks: [{ type: 'command' }] }] } },
    });
    const r = await sb.cli(['validate', '--dialect', 'cursor'], { HOOKRUN_CURSOR_THIRD_PARTY: '1' });
    expect(r.stdout).toContain('[cursor-claude-event-not-fired]');
    expect(r.stdout).toMatch(/\.claude\/settings\.json:\d+:\d+: .*command must be a non-empty string/);
  });
});
