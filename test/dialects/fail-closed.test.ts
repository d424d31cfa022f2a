// --fail-closed in every dialect, through the real bin: a hook that fails to answer (exits 1, exits 3,
// times out, cannot start) blocks where the agent can block (exit 2, the agent's own block in the output)
// and is only reported where it cannot. Claude Code and Kiro CLI once exited 0 here: the pipeline asked
// them whether Gemini's `{decision: "block"}` blocks, and judged "failed" by Gemini's plain-text rules.
import { mkdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { hookrun, makeSandbox, type Sandbox } from '../helpers/cli.js';
import { sandbox as kiroSandbox } from '../helpers/kiro.js';

const sandboxes: Sandbox[] = [];
afterAll(() => Promise.all(sandboxes.map((s) => s.cleanup())));

// [what, command, timeout (the agent's unit), extra env]
const FAILURES: [string, string, number, Record<string, string>][] = [
  ['exits 1', 'echo oops >&2; exit 1', 30, {}],
  ['exits 3', 'exit 3', 30, {}],
  ['times out', 'sleep 30', 1, {}],
];

async function claude(event: string, command: string, timeoutSec: number, args: string[], env: Record<string, string> = {}) {
  const sb = await makeSandbox();
  sandboxes.push(sb);
  const matcher = event === 'PreToolUse' || event === 'PostToolUse' ? { matcher: 'Bash' } : {};
  await sb.write(path.join(sb.ws, '.claude/settings.json'), JSON.stringify({ hooks: { [event]: [{ ...matcher, hooks: [{ type: 'command', command, timeout: timeoutSec }] }] } }));
  const tool = event.includes('ToolUse') ? ['--tool', 'Bash', '--tool-input', '{"command":"ls"}'] : [];
  return hookrun(['run', event, '--dialect', 'claude', ...tool, '--cwd', sb.ws, '--grace', '100', '--trust-workspace', ...args], { env: { ...sb.env, ...env } });
}

describe.concurrent('Claude Code', () => {
  test.each(FAILURES)('PreToolUse: a hook that %s is denied under --fail-closed, allowed without', async (_what, command, timeout) => {
    const open = await claude('PreToolUse', command, timeout, []);
    expect(open.exitCode).toBe(0);
    const closed = await claude('PreToolUse', command, timeout, ['--fail-closed']);
    expect(closed.exitCode).toBe(2);
    expect(JSON.parse(closed.stdout).hookSpecificOutput).toMatchObject({
      hookEventName: 'PreToolUse',
      permissionDecision: 'deny',
      permissionDecisionReason: expect.stringMatching(/^hookrun --fail-closed: hook /),
    });
  });

  test('PreToolUse: a hook that cannot start (no such working directory) is denied', async () => {
    const sb = await makeSandbox();
    sandboxes.push(sb);
    await sb.write(path.join(sb.ws, '.claude/settings.json'), JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'true' }] }] } }));
    const event = JSON.stringify({ tool_name: 'Bash', tool_input: {}, cwd: path.join(sb.root, 'gone') });
    const closed = await hookrun(['run', 'PreToolUse', '--dialect', 'claude', '--event', event, '--cwd', sb.ws, '--fail-closed', '--json', '--trust-workspace'], { env: sb.env });
    expect(closed.exitCode).toBe(2);
    expect(JSON.parse(closed.stdout).failClosed).toMatchObject({ applied: true, failures: [{ why: expect.any(String) }] });
  });

  test('Stop: a failed hook blocks with decision "block"', async () => {
    const closed = await claude('Stop', 'exit 1', 30, ['--fail-closed']);
    expect(closed.exitCode).toBe(2);
    expect(JSON.parse(closed.stdout)).toMatchObject({ decision: 'block', reason: expect.stringMatching(/^hookrun --fail-closed: hook "exit 1"/) });
  });

  test('an exit 2 is an answer (a deny of its own), not a failure', async () => {
    const closed = await claude('PreToolUse', 'echo no >&2; exit 2', 30, ['--fail-closed', '--json']);
    expect(closed.exitCode).toBe(2);
    expect(JSON.parse(closed.stdout).failClosed).toMatchObject({ applied: false, failures: [] });
  });

  test.each(['PostToolUse', 'SessionStart', 'Notification'])('%s cannot be blocked: the failure is reported, exit 0', async (event) => {
    const closed = await claude(event, 'exit 1', 30, ['--fail-closed']);
    expect(closed.exitCode).toBe(0);
    expect(closed.stderr).toContain(`--fail-closed: ${event} cannot be blocked`);
  });
});

describe.concurrent('Kiro CLI', () => {
  async function kiro(trigger: string, hook: Record<string, unknown>, args: string[], env: Record<string, string> = {}) {
    const sb = await kiroSandbox({ 'ws/.kiro/agents/dev.json': { hooks: { [trigger]: [hook] } } });
    const tool = trigger.endsWith('ToolUse') ? ['--tool', 'fs_read'] : [];
    return sb.run([trigger, ...tool, '--grace', '100', ...args], { quiet: false, env });
  }

  test.each(FAILURES)('preToolUse: a hook that %s blocks under --fail-closed, not without', async (_what, command, timeout) => {
    const hook = { command, timeout_ms: timeout === 1 ? 300 : 30_000 };
    const open = await kiro('preToolUse', hook, []);
    expect(open.exitCode).toBe(0);
    const closed = await kiro('preToolUse', hook, ['--fail-closed']);
    expect(closed.exitCode).toBe(2);
    const output = JSON.parse(closed.stdout);
    expect(output).toMatchObject({ hook_event_name: 'preToolUse', blocked: true, reason: expect.stringMatching(/^hookrun --fail-closed: hook /) });
  });

  test('preToolUse: a hook that cannot start (no bash on PATH) blocks', async () => {
    // A PATH with node and nothing else: hookrun starts, Kiro's `bash -c` cannot.
    const only = await makeSandbox();
    sandboxes.push(only);
    await mkdir(path.join(only.root, 'bin'));
    await symlink(process.execPath, path.join(only.root, 'bin', 'node'));
    const closed = await kiro('preToolUse', { command: 'true' }, ['--fail-closed'], { PATH: path.join(only.root, 'bin') });
    expect(closed.exitCode).toBe(2);
    expect(JSON.parse(closed.stdout)).toMatchObject({ blocked: true, reason: expect.stringContaining('hookrun --fail-closed: hook "true"') });
  });

  test("preToolUse: exit 2 is Kiro's own block, not a failure", async () => {
    const closed = await kiro('preToolUse', { command: 'echo no >&2; exit 2' }, ['--fail-closed', '--json']);
    expect(closed.exitCode).toBe(2);
    expect(JSON.parse(closed.stdout).failClosed).toMatchObject({ applied: false, failures: [] });
  });

  test.each(['postToolUse', 'userPromptSubmit', 'stop'])('%s cannot be blocked: the failure is reported, exit 0', async (trigger) => {
    const closed = await kiro(trigger, { command: 'exit 3' }, ['--fail-closed']);
    expect(closed.exitCode).toBe(0);
    expect(closed.stderr).toContain(`--fail-closed: ${trigger} cannot be blocked`);
  });
});
