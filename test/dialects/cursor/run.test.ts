// `hookrun run --dialect cursor` end to end, for what the shared cursor- cases leave out: trust, where
// and how a hook runs, the merge across hooks and sources, exit 2, invalid output, failClosed and
// --fail-closed, beforeSubmitPrompt, follow-ups and loop_limit, context, and the loader's refusals.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { hookrun, stdoutJson } from '../../helpers/cli.js';
import { cleanupAll, cursorSandbox, hooksFile, marked, shellEvent } from './sandbox.js';

afterAll(cleanupAll);

const PROJECT = 'ws/.cursor/hooks.json';
const USER = 'home/.cursor/hooks.json';
const shell = (entries: unknown[]) => hooksFile({ beforeShellExecution: entries });

describe.concurrent('trust (contract: trust in every dialect)', () => {
  test('project hooks do not run in an untrusted folder; user and enterprise hooks do; stderr says how to trust', async () => {
    const sb = await cursorSandbox({
      [PROJECT]: shell([{ command: marked('project', { permission: 'deny' }) }]),
      [USER]: shell([{ command: marked('user', { permission: 'allow' }) }]),
      'etc/cursor/hooks.json': shell([{ command: marked('enterprise', { permission: 'allow' }) }]),
    });
    const r = await sb.run(['beforeShellExecution', ...shellEvent('ls')]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(stdoutJson(r)).toEqual({ permission: 'allow' });
    expect([sb.fired('project'), sb.fired('user'), sb.fired('enterprise')]).toEqual([false, true, true]);
    expect(r.stderr).toContain('is not a trusted folder');
    expect(r.stderr).toContain('hookrun trust --folder');
  });

  test.each([
    ['--trust-workspace', ['--trust-workspace'], {}],
    ['HOOKRUN_TRUST_WORKSPACE=true', [], { HOOKRUN_TRUST_WORKSPACE: 'true' }],
  ])('%s lets the project hooks run', async (_name, flags, env) => {
    const sb = await cursorSandbox({ [PROJECT]: shell([{ command: marked('project', { permission: 'deny', agent_message: 'no' }) }]) });
    const r = await sb.run(['beforeShellExecution', ...shellEvent('ls'), ...flags], env);
    expect(r.exitCode, r.stderr).toBe(2);
    expect(stdoutJson(r)).toEqual({ permission: 'deny', agent_message: 'no' });
  });

  test("hookrun's own folder record trusts the folder", async () => {
    const sb = await cursorSandbox({ [PROJECT]: shell([{ command: marked('project', { permission: 'deny' }) }]) });
    expect((await hookrun(['trust', '--folder', '-C', sb.ws], { env: sb.env })).exitCode).toBe(0);
    expect((await sb.run(['beforeShellExecution', ...shellEvent('ls')])).exitCode).toBe(2);
  });
});

describe.concurrent('how a hook runs', () => {
  test('project hooks run from the project root, user hooks from ~/.cursor; the payload on stdin with the common fields filled', async () => {
    const sb = await cursorSandbox({
      [PROJECT]: shell([{ command: 'pwd > @ROOT@/cwd-project; cat > @ROOT@/stdin' }]),
      [USER]: shell([{ command: 'pwd > @ROOT@/cwd-user; echo "$MY_VAR" > @ROOT@/env' }]),
    });
    const r = await sb.run(['beforeShellExecution', ...shellEvent('git status'), '--trust-workspace'], { MY_VAR: 'passed' });
    expect(r.exitCode, r.stderr).toBe(0);
    expect((await readFile(path.join(sb.root, 'cwd-project'), 'utf8')).trim()).toBe(sb.ws);
    expect((await readFile(path.join(sb.root, 'cwd-user'), 'utf8')).trim()).toBe(path.join(sb.home, '.cursor'));
    expect((await readFile(path.join(sb.root, 'env'), 'utf8')).trim()).toBe('passed');
    const stdin = JSON.parse(await readFile(path.join(sb.root, 'stdin'), 'utf8'));
    expect(stdin).toMatchObject({ command: 'git status', hook_event_name: 'beforeShellExecution', workspace_roots: [sb.ws] });
    expect(stdin.conversation_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(stdin.generation_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof stdin.cursor_version).toBe('string');
  });

  test('timeout is in seconds: a hook that outlives it is killed and fails open, or blocks with failClosed', async () => {
    const sb = await cursorSandbox({
      [USER]: shell([{ command: 'sleep 10', timeout: 1 }]),
      'etc/cursor/hooks.json': hooksFile({ beforeMCPExecution: [{ command: 'sleep 10', timeout: 1, failClosed: true }] }),
    });
    const open = await sb.run(['beforeShellExecution', ...shellEvent('ls')]);
    expect(open.exitCode, open.stderr).toBe(0);
    expect(open.durationMs).toBeLessThan(8000);
    expect(open.stderr).toContain('timed out');
    // Seconds, not milliseconds: a hook that takes 300 ms inside "timeout": 2 answers.
    await sb.write(path.join(sb.home, '.cursor/hooks.json'), JSON.stringify(shell([{ command: `sleep 0.3; echo '{"permission":"deny"}'`, timeout: 2 }])));
    expect((await sb.run(['beforeShellExecution', ...shellEvent('ls')])).exitCode).toBe(2);
    const closed = await sb.run(['beforeMCPExecution', '--event', '{"tool_name":"x"}']);
    expect(closed.exitCode, closed.stderr).toBe(2);
    expect((stdoutJson(closed) as { agent_message: string }).agent_message).toContain('failClosed: true');
  });

  test('an unknown event or a disagreeing hook_event_name is a usage error (exit 1) with a hint', async () => {
    const sb = await cursorSandbox();
    const pascal = await sb.run(['PreToolUse']);
    expect(pascal.exitCode).toBe(1);
    expect(pascal.stderr).toContain('unknown cursor event "PreToolUse"');
    const differ = await sb.run(['stop', '--event', '{"hook_event_name":"subagentStop"}']);
    expect(differ.exitCode).toBe(1);
    expect(differ.stderr).toContain('differs from hook_event_name');
    const badType = await sb.run(['stop', '--event', '{"loop_count":"2"}']);
    expect(badType.exitCode).toBe(1);
    expect(badType.stderr).toContain('"loop_count" must be a number');
  });
});

describe.concurrent('permission hooks: answers and merge', () => {
  test('deny beats ask beats allow across sources; messages come from the highest-priority hook with the winning answer', async () => {
    const sb = await cursorSandbox({
      'etc/cursor/hooks.json': shell([{ command: marked('e', { permission: 'ask', user_message: 'enterprise asks' }) }]),
      [PROJECT]: shell([{ command: marked('p', { permission: 'allow' }) }]),
      [USER]: shell([{ command: marked('u1', { permission: 'ask', user_message: 'user asks' }) }, { command: marked('u2', { permission: 'allow', user_message: 'fine' }) }]),
    });
    const ask = await sb.run(['beforeShellExecution', ...shellEvent('ls'), '--trust-workspace']);
    expect(ask.exitCode, ask.stderr).toBe(3);
    expect(stdoutJson(ask)).toEqual({ permission: 'ask', user_message: 'enterprise asks' });
    await sb.write(path.join(sb.ws, '.cursor/hooks.json'), JSON.stringify(shell([{ command: `printf '%s' '{"permission":"deny","agent_message":"project denies"}'` }])));
    const deny = await sb.run(['beforeShellExecution', ...shellEvent('ls'), '--trust-workspace']);
    expect(deny.exitCode, deny.stderr).toBe(2);
    expect(stdoutJson(deny)).toEqual({ permission: 'deny', agent_message: 'project denies' });
  });

  test('exit 2 denies (stderr is the message, a JSON allow does not count); other exits fail open', async () => {
    const sb = await cursorSandbox({
      [USER]: hooksFile({
        preToolUse: [{ command: `echo '{"permission":"allow"}'; echo 'not on my watch' >&2; exit 2` }],
        beforeReadFile: [{ command: 'echo oops >&2; exit 3' }],
      }),
    });
    const denied = await sb.run(['preToolUse', '--tool', 'Shell', '--tool-input', '{"command":"rm -rf /"}']);
    expect(denied.exitCode, denied.stderr).toBe(2);
    expect(stdoutJson(denied)).toEqual({ permission: 'deny', user_message: 'not on my watch', agent_message: 'not on my watch' });
    const open = await sb.run(['beforeReadFile', '--event', '{"file_path":"/etc/passwd"}']);
    expect(open.exitCode, open.stderr).toBe(0);
    expect(stdoutJson(open)).toEqual({});
  });

  test.each([
    ['text that is not JSON', 'echo allow'],
    ['an unknown permission', `echo '{"permission":"maybe"}'`],
    ['a message that is not a string', `echo '{"permission":"allow","user_message":7}'`],
    ['a JSON array', `echo '[]'`],
  ])('on exit 0, %s denies (a schema mismatch blocks)', async (_what, command) => {
    const sb = await cursorSandbox({ [USER]: hooksFile({ subagentStart: [{ command }] }) });
    const r = await sb.run(['subagentStart']);
    expect(r.exitCode, r.stderr).toBe(2);
    expect((stdoutJson(r) as { permission: string }).permission).toBe('deny');
  });

  test('empty output and JSON without a permission are no answer: the action proceeds', async () => {
    const sb = await cursorSandbox({ [USER]: shell([{ command: 'true' }, { command: `echo '{"user_message":"hi"}'` }]) });
    const r = await sb.run(['beforeShellExecution', ...shellEvent('ls')]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(stdoutJson(r)).toEqual({});
  });

  test('matchers: an unanchored regex on the shell command; the tool name on preToolUse; an invalid regex matches nothing', async () => {
    const sb = await cursorSandbox({
      [USER]: hooksFile({
        beforeShellExecution: [{ command: marked('net', { permission: 'deny' }), matcher: 'curl|wget' }],
        preToolUse: [
          { command: marked('shell', { permission: 'ask' }), matcher: '^Shell$' },
          { command: marked('broken', { permission: 'deny' }), matcher: '(' },
        ],
      }),
    });
    expect((await sb.run(['beforeShellExecution', ...shellEvent('git status')])).exitCode).toBe(0);
    expect(sb.fired('net')).toBe(false);
    expect((await sb.run(['beforeShellExecution', ...shellEvent('sh -c "curl x | sh"')])).exitCode).toBe(2);
    const ask = await sb.run(['preToolUse', '--tool', 'Shell']);
    expect(ask.exitCode, ask.stderr).toBe(3);
    expect(sb.fired('broken')).toBe(false);
    expect(ask.stderr).toContain('is not a valid regular expression');
    expect((await sb.run(['preToolUse', '--tool', 'ShellTool'])).exitCode).toBe(0);
  });
});

describe.concurrent('--fail-closed', () => {
  test('a hook that crashes blocks a permission event and beforeSubmitPrompt; an observe-only event reports it', async () => {
    const sb = await cursorSandbox({
      [USER]: hooksFile({ beforeShellExecution: [{ command: 'exit 1' }], beforeSubmitPrompt: [{ command: 'exit 1' }], afterFileEdit: [{ command: 'exit 1' }] }),
    });
    expect((await sb.run(['beforeShellExecution', ...shellEvent('ls')])).exitCode).toBe(0);
    const shellBlocked = await sb.run(['beforeShellExecution', ...shellEvent('ls'), '--fail-closed']);
    expect(shellBlocked.exitCode, shellBlocked.stderr).toBe(2);
    expect((stdoutJson(shellBlocked) as { agent_message: string }).agent_message).toContain('hookrun --fail-closed');
    const prompt = await sb.run(['beforeSubmitPrompt', '--prompt', 'hi', '--fail-closed']);
    expect(prompt.exitCode, prompt.stderr).toBe(2);
    expect((stdoutJson(prompt) as { continue: boolean }).continue).toBe(false);
    const edit = await sb.run(['afterFileEdit', '--fail-closed']);
    expect(edit.exitCode, edit.stderr).toBe(0);
    expect(edit.stderr).toContain('cannot be blocked');
  });
});

describe.concurrent('other events', () => {
  test('beforeSubmitPrompt: continue:false or exit 2 blocks the prompt, with the first message', async () => {
    const sb = await cursorSandbox({
      [USER]: hooksFile({ beforeSubmitPrompt: [{ command: `echo '{"continue":false,"user_message":"no secrets"}'` }, { command: 'echo later >&2; exit 2' }] }),
    });
    const r = await sb.run(['beforeSubmitPrompt', '--prompt', 'my key is sk-1']);
    expect(r.exitCode, r.stderr).toBe(2);
    expect(stdoutJson(r)).toEqual({ continue: false, user_message: 'no secrets' });
  });

  test('stop: the default loop_limit is 5 per hook; each hook has its own cap; follow-ups join', async () => {
    const sb = await cursorSandbox({
      [USER]: hooksFile({
        stop: [{ command: `echo '{"followup_message":"run the tests"}'` }, { command: `echo '{"followup_message":"update the docs"}'`, loop_limit: 10 }],
      }),
    });
    const four = await sb.run(['stop', '--event', '{"status":"completed","loop_count":4}']);
    expect(four.exitCode, four.stderr).toBe(2);
    expect(stdoutJson(four)).toEqual({ followup_message: 'run the tests\n\nupdate the docs' });
    const five = await sb.run(['stop', '--event', '{"status":"completed","loop_count":5}']);
    expect(five.exitCode, five.stderr).toBe(2);
    expect(stdoutJson(five)).toEqual({ followup_message: 'update the docs' });
    expect(five.stderr).toContain('loop_limit 5');
    expect((await sb.run(['stop', '--event', '{"status":"completed","loop_count":10}'])).exitCode).toBe(0);
  });

  test('sessionStart and postToolUse: additional_context joins; env merges with the higher-priority source winning', async () => {
    const sb = await cursorSandbox({
      'etc/cursor/hooks.json': hooksFile({ sessionStart: [{ command: `echo '{"additional_context":"corp rules","env":{"A":"corp"}}'` }] }),
      [USER]: hooksFile({ sessionStart: [{ command: `echo '{"additional_context":"my rules","env":{"A":"mine","B":"b"},"continue":false}'` }] }),
    });
    const r = await sb.run(['sessionStart']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(stdoutJson(r)).toEqual({ additional_context: 'corp rules\n\nmy rules', env: { A: 'corp', B: 'b' } });
  });
});

describe.concurrent('the loader', () => {
  test('an unparseable hooks.json is exit 1 with file:line:column', async () => {
    const sb = await cursorSandbox({ [USER]: '{\n  "version": 1,\n  "hooks": {,}\n}\n' });
    const r = await sb.run(['stop']);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain(`${path.join(sb.home, '.cursor', 'hooks.json')}:3:`);
  });

  test("an untrusted folder's unparseable project file only warns: the user's hooks still run", async () => {
    const sb = await cursorSandbox({ [PROJECT]: '{ nope', [USER]: shell([{ command: marked('user', { permission: 'deny' }) }]) });
    const r = await sb.run(['beforeShellExecution', ...shellEvent('ls')]);
    expect(r.exitCode, r.stderr).toBe(2);
    expect(r.stderr).toContain(path.join(sb.ws, '.cursor', 'hooks.json'));
    expect((await sb.run(['beforeShellExecution', ...shellEvent('ls'), '--trust-workspace'])).exitCode).toBe(1);
  });

  test("a structure that is not Cursor's is refused; entries Cursor cannot run are skipped with a warning", async () => {
    const sb = await cursorSandbox({ [USER]: { version: 1, hooks: { stop: { command: 'x' } } } });
    const refused = await sb.run(['stop']);
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toContain('hooks.stop must be an array');
    await sb.write(
      path.join(sb.home, '.cursor/hooks.json'),
      JSON.stringify(hooksFile({ stop: [{ matcher: '*', hooks: [{ type: 'command', command: 'x' }] }, { command: '' }, 'echo'] })),
    );
    const skipped = await sb.run(['stop']);
    expect(skipped.exitCode, skipped.stderr).toBe(0);
    expect(skipped.stderr).toContain('[cursor-claude-group-shape]');
    expect(skipped.stderr).toContain('[cursor-missing-command]');
    expect(skipped.stderr).toContain('[cursor-invalid-entry]');
  });

  test('--dry-run plans without starting anything', async () => {
    const sb = await cursorSandbox({
      [USER]: shell([
        { command: marked('u'), matcher: 'rm' },
        { command: marked('v'), matcher: 'git' },
      ]),
    });
    const r = await sb.run(['beforeShellExecution', ...shellEvent('rm -rf build'), '--dry-run']);
    expect(r.exitCode, r.stderr).toBe(0);
    const plan = JSON.parse(r.stdout) as { dialect: string; hooks: { command: string; timeoutMs: number; cwd: string }[]; skipped: unknown[] };
    expect(plan.dialect).toBe('cursor');
    expect(plan.hooks).toHaveLength(1);
    expect(plan.hooks[0]!.timeoutMs).toBe(60_000);
    expect(plan.skipped).toHaveLength(1);
    expect(sb.fired('u')).toBe(false);
  });
});
