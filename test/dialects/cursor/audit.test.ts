// Second reader's audit of --dialect cursor against agents/codex-cursor-copilot SOURCES §2 and INTERFACE:
// behaviours the spec states that the visible conformance cases leave untested, each through the real CLI.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { hookrun, makeSandbox, type Sandbox } from '../../helpers/cli.js';

const sandboxes: Sandbox[] = [];
afterAll(() => Promise.all(sandboxes.map((sb) => sb.cleanup())));

async function sandbox(files: Record<string, unknown>) {
  const sb = await makeSandbox();
  sandboxes.push(sb);
  const env = { ...sb.env, HOOKRUN_CURSOR_ENTERPRISE_HOOKS: path.join(sb.root, 'etc', 'cursor', 'hooks.json') };
  for (const [relative, content] of Object.entries(files)) {
    const text = typeof content === 'string' ? content : JSON.stringify(content);
    await sb.write(relative, text.replaceAll('@ROOT@', sb.root));
  }
  const run = (event: string, payload: unknown, extra: string[] = ['--trust-workspace']) =>
    hookrun(['run', event, '--dialect', 'cursor', '--event', JSON.stringify(payload), '-C', sb.ws, '--quiet', ...extra], { env });
  return { sb, run, read: (name: string) => readFileSync(path.join(sb.root, name), 'utf8'), fired: (name: string) => existsSync(path.join(sb.root, `fired-${name}`)) };
}

const print = (output: unknown) => `printf '%s\\n' '${JSON.stringify(output)}'`;
const file = (event: string, entries: (string | Record<string, unknown>)[]) => ({
  version: 1,
  hooks: { [event]: entries.map((e) => (typeof e === 'string' ? { command: e } : e)) },
});
const SHELL = { command: 'curl example.com', cwd: '/tmp' };

describe.concurrent('cursor audit', { timeout: 120_000 }, () => {
  test("§2.6 deny beats ask beats allow across sources; the message is the highest-priority source's (enterprise, project, user)", async () => {
    const { run } = await sandbox({
      'etc/cursor/hooks.json': file('beforeShellExecution', [print({ permission: 'deny', user_message: 'enterprise' })]),
      'ws/.cursor/hooks.json': file('beforeShellExecution', [print({ permission: 'deny', user_message: 'project' }), print({ permission: 'ask' })]),
      'home/.cursor/hooks.json': file('beforeShellExecution', [print({ permission: 'allow' })]),
    });
    const r = await run('beforeShellExecution', SHELL);
    expect(r.exitCode, r.stderr).toBe(2);
    expect(JSON.parse(r.stdout)).toMatchObject({ permission: 'deny', user_message: 'enterprise' });
  });

  test('INTERFACE: a merged ask is exit 3', async () => {
    const { run } = await sandbox({ 'ws/.cursor/hooks.json': file('preToolUse', [print({ permission: 'allow' }), print({ permission: 'ask', user_message: 'sure?' })]) });
    const r = await run('preToolUse', { tool_name: 'Shell', tool_input: { command: 'ls' } });
    expect(r.exitCode, r.stderr).toBe(3);
  });

  test('§2.5 exit 2 denies (stderr as the message); failClosed turns a crash and a timeout into a deny; without it they fail open', async () => {
    const { run } = await sandbox({
      'ws/.cursor/hooks.json': {
        version: 1,
        hooks: {
          beforeMCPExecution: [{ command: 'echo nope >&2; exit 2' }],
          beforeReadFile: [{ command: 'exit 1', failClosed: true }],
          subagentStart: [{ command: 'sleep 5', timeout: 1, failClosed: true }],
          preToolUse: [{ command: `sleep 5; ${print({ permission: 'deny' })}`, timeout: 1 }, { command: 'exit 1' }],
        },
      },
    });
    const mcp = await run('beforeMCPExecution', { tool_name: 'x', tool_input: '{}' });
    expect(mcp.exitCode).toBe(2);
    expect(JSON.parse(mcp.stdout).user_message).toBe('nope');
    expect((await run('beforeReadFile', { file_path: '/etc/passwd' })).exitCode).toBe(2);
    expect((await run('subagentStart', {})).exitCode).toBe(2);
    expect((await run('preToolUse', { tool_name: 'Shell', tool_input: {} })).exitCode).toBe(0);
  });

  test('§2.4 beforeShellExecution matchers are unanchored regexes on the command string; preToolUse on the tool type', async () => {
    const { run, fired } = await sandbox({
      'ws/.cursor/hooks.json': {
        version: 1,
        hooks: {
          beforeShellExecution: [
            { command: 'touch @ROOT@/fired-net', matcher: 'curl|wget' },
            { command: 'touch @ROOT@/fired-git', matcher: '^git' },
          ],
          preToolUse: [
            { command: 'touch @ROOT@/fired-shell', matcher: 'Shell' },
            { command: 'touch @ROOT@/fired-write', matcher: 'Write' },
          ],
        },
      },
    });
    await run('beforeShellExecution', SHELL);
    await run('preToolUse', { tool_name: 'Shell', tool_input: {} });
    expect([fired('net'), fired('git'), fired('shell'), fired('write')]).toEqual([true, false, true, false]);
  });

  test('§2.5 beforeSubmitPrompt: continue:false and exit 2 block (2); sessionStart continue:false is not enforced, its context and env come out', async () => {
    const { run } = await sandbox({
      'ws/.cursor/hooks.json': {
        version: 1,
        hooks: {
          beforeSubmitPrompt: [{ command: print({ continue: false, user_message: 'not that' }) }],
          sessionStart: [{ command: print({ continue: false, additional_context: 'ctx', env: { A: '1' } }) }],
        },
      },
    });
    const submit = await run('beforeSubmitPrompt', { prompt: 'hi' });
    expect(submit.exitCode).toBe(2);
    expect(JSON.parse(submit.stdout)).toEqual({ continue: false, user_message: 'not that' });
    const start = await run('sessionStart', {});
    expect(start.exitCode).toBe(0);
    expect(JSON.parse(start.stdout)).toEqual({ additional_context: 'ctx', env: { A: '1' } });
    const exit2 = await sandbox({ 'ws/.cursor/hooks.json': file('beforeSubmitPrompt', ['echo bad >&2; exit 2']) });
    expect((await exit2.run('beforeSubmitPrompt', { prompt: 'hi' })).exitCode).toBe(2);
  });

  test('§2.2 loop_limit: default 5 per hook (loop_count 4 follows up, 5 does not); Claude Code hooks default to no cap', async () => {
    const { run } = await sandbox({
      'ws/.cursor/hooks.json': file('stop', [print({ followup_message: 'again' })]),
      'ws/.claude/settings.json': { hooks: { Stop: [{ hooks: [{ type: 'command', command: print({ decision: 'block', reason: 'from claude' }) }] }] } },
    });
    expect((await run('stop', { status: 'completed', loop_count: 4 })).exitCode).toBe(2);
    expect((await run('stop', { status: 'completed', loop_count: 5 })).exitCode).toBe(0);
    const claude = await run('stop', { status: 'completed', loop_count: 50 }, ['--trust-workspace', '--third-party-hooks']);
    expect(claude.exitCode, claude.stderr).toBe(2);
    expect(JSON.parse(claude.stdout).followup_message).toBe('from claude');
  });

  test('INTERFACE How hooks run: sh -c, project hooks from the project root, user hooks from ~/.cursor, the filled payload on stdin', async () => {
    const { sb, run, read } = await sandbox({
      'ws/.cursor/hooks.json': file('stop', ['pwd > @ROOT@/out-project; cat > @ROOT@/out-stdin']),
      'home/.cursor/hooks.json': file('stop', ['pwd > @ROOT@/out-user']),
    });
    const r = await run('stop', { status: 'completed', loop_count: 0 });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(read('out-project').trim()).toBe(sb.ws);
    expect(read('out-user').trim()).toBe(path.join(sb.home, '.cursor'));
    const stdin = JSON.parse(read('out-stdin'));
    expect(stdin).toMatchObject({ hook_event_name: 'stop', workspace_roots: [sb.ws], status: 'completed', loop_count: 0 });
    for (const field of ['conversation_id', 'generation_id', 'cursor_version']) expect(typeof stdin[field], field).toBe('string');
  });

  test('Trust in every dialect: an untrusted folder holds project hooks back; user hooks still run', async () => {
    const { run, fired } = await sandbox({
      'ws/.cursor/hooks.json': file('stop', ['touch @ROOT@/fired-project']),
      'home/.cursor/hooks.json': file('stop', ['touch @ROOT@/fired-user']),
    });
    expect((await run('stop', {}, [])).exitCode).toBe(0);
    expect([fired('project'), fired('user')]).toEqual([false, true]);
  });
});
