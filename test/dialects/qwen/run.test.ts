// `--dialect qwen` end to end through the real CLI against real temp dirs and real hook processes: trust,
// layers and their order, disableAllHooks, matchers with Claude aliases and lifecycle targets, exit codes,
// the OR merge, the timeout unit, the environment, validate's traps and auto-detection (docs/qwen.md).
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { hookrun, stdoutJson, type Sandbox } from '../../helpers/cli.js';
import { dialectBox } from '../../helpers/dialect-box.js';

const sandboxes: Sandbox[] = [];
afterAll(() => Promise.all(sandboxes.map((sb) => sb.cleanup())));

const sandbox = (files: Record<string, unknown>) => dialectBox('qwen', files, sandboxes, { QWEN_CODE_SYSTEM_SETTINGS_PATH: '@ROOT@/etc/qwen-settings.json' });

const hooks = (event: string, list: unknown[], extra: Record<string, unknown> = {}) => ({ ...extra, hooks: { [event]: [{ ...(extra.group as object), hooks: list }] } });
const cmd = (command: string, more: Record<string, unknown> = {}) => ({ type: 'command', command, ...more });
const touch = (name: string) => `touch @ROOT@/fired-${name}`;
const SHELL = ['PreToolUse', '--tool', 'run_shell_command', '--tool-input', '{"command":"ls"}'];

describe.concurrent('qwen: trust and layers', () => {
  test('project hooks wait for trust (Qwen runs them unasked); user and system hooks run', async () => {
    const sb = await sandbox({
      'ws/.qwen/settings.json': hooks('PreToolUse', [cmd(touch('project'))]),
      'home/.qwen/settings.json': hooks('PreToolUse', [cmd(touch('user'))]),
      'etc/qwen-settings.json': hooks('PreToolUse', [cmd(touch('system'))]),
    });
    const result = await sb.run(SHELL, []);
    expect(result.exitCode).toBe(0);
    expect(await sb.fired('project')).toBe(false);
    expect(await sb.fired('user')).toBe(true);
    expect(await sb.fired('system')).toBe(true);
    expect(result.stderr).toContain('untrusted-project-hooks');
  });

  test('registry order is project, user, system (Qwen: project first in priority), and JSONC is read', async () => {
    const sb = await sandbox({
      'ws/.qwen/settings.json': `// comment\n${JSON.stringify({ hooks: { PreToolUse: [{ sequential: true, hooks: [cmd('echo p >> @ROOT@/order')] }] } })}`,
      'home/.qwen/settings.json': hooks('PreToolUse', [cmd('echo u >> @ROOT@/order')], { group: { sequential: true } }),
      'etc/qwen-settings.json': hooks('PreToolUse', [cmd('echo s >> @ROOT@/order')]),
    });
    expect((await sb.run(SHELL)).exitCode).toBe(0);
    expect(await sb.read('order')).toBe('p\nu\ns\n');
  });

  test('QWEN_HOME moves the user file', async () => {
    const sb = await sandbox({ 'qhome/settings.json': hooks('PreToolUse', [cmd(touch('qhome'))]) });
    sb.env.QWEN_HOME = path.join(sb.root, 'qhome');
    await sb.run(SHELL);
    expect(await sb.fired('qhome')).toBe(true);
  });

  test('disableAllHooks: true turns every hook off; from an untrusted project it does not', async () => {
    const sb = await sandbox({
      'home/.qwen/settings.json': { disableAllHooks: true, ...hooks('PreToolUse', [cmd(touch('user'))]) },
    });
    await sb.run(SHELL);
    expect(await sb.fired('user')).toBe(false);
    const sb2 = await sandbox({
      'ws/.qwen/settings.json': { disableAllHooks: true },
      'home/.qwen/settings.json': hooks('PreToolUse', [cmd(touch('user'))]),
    });
    const result = await sb2.run(SHELL, []);
    expect(await sb2.fired('user')).toBe(true);
    expect(result.stderr).toContain('not trusted');
  });

  test("a Gemini CLI event name never fires, and the warning names Qwen's event", async () => {
    const sb = await sandbox({ 'home/.qwen/settings.json': { hooks: { BeforeTool: [{ hooks: [cmd(touch('gemini'))] }] } } });
    const result = await sb.run(SHELL);
    expect(result.stderr).toContain('qwen-unknown-event');
    expect(await sb.fired('gemini')).toBe(false);
  });
});

describe.concurrent('qwen: matchers', () => {
  test.each([
    ['Bash', true, 'a Claude Code alias matches run_shell_command'],
    ['run_shell_command', true, 'the exact name'],
    ['Read|Bash', true, 'a | list with an alias'],
    ['run_.*', true, 'a regex'],
    ['^Bash$', false, 'aliases never match through a regex'],
    ['Edit', false, 'another tool'],
    ['*', true, 'match all'],
  ])('matcher %s → %s (%s)', async (matcher, runs) => {
    const sb = await sandbox({ 'home/.qwen/settings.json': { hooks: { PreToolUse: [{ matcher, hooks: [cmd(touch('m'))] }] } } });
    await sb.run(SHELL);
    expect(await sb.fired('m')).toBe(runs);
  });

  test('a matcher applies to a lifecycle target too (SessionStart source)', async () => {
    const sb = await sandbox({
      'home/.qwen/settings.json': {
        hooks: {
          SessionStart: [
            { matcher: 'resume', hooks: [cmd(touch('resume'))] },
            { matcher: 'startup', hooks: [cmd(touch('startup'))] },
          ],
        },
      },
    });
    await sb.run(['SessionStart', '--event', '{"source":"startup"}']);
    expect(await sb.fired('startup')).toBe(true);
    expect(await sb.fired('resume')).toBe(false);
  });

  test('the same command twice runs once', async () => {
    const sb = await sandbox({
      'home/.qwen/settings.json': hooks('PreToolUse', [cmd('echo x >> @ROOT@/count')]),
      'etc/qwen-settings.json': hooks('PreToolUse', [cmd('echo x >> @ROOT@/count')]),
    });
    await sb.run(SHELL);
    expect(await sb.read('count')).toBe('x\n');
  });
});

describe.concurrent('qwen: exit codes and the merge', () => {
  test('exit 2 blocks with stderr as the reason (a PreToolUse deny)', async () => {
    const sb = await sandbox({ 'home/.qwen/settings.json': hooks('PreToolUse', [cmd('echo no way >&2; exit 2')]) });
    const result = await sb.run(SHELL);
    expect(result.exitCode).toBe(2);
    expect(stdoutJson(result)).toMatchObject({ decision: 'deny', hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: 'no way' } });
  });

  test('exit 3 with plain stdout does not block (Gemini CLI would deny)', async () => {
    const sb = await sandbox({ 'home/.qwen/settings.json': hooks('PreToolUse', [cmd('echo deny; exit 3')]) });
    expect((await sb.run(SHELL)).exitCode).toBe(0);
  });

  test('allow + deny: blocked, both reasons joined (real run qwen-or-merge)', async () => {
    const sb = await sandbox({
      'home/.qwen/settings.json': hooks('PreToolUse', [cmd(`echo '{"decision":"allow","reason":"A ok"}'`), cmd(`echo '{"decision":"deny","reason":"B says no"}'`)]),
    });
    const result = await sb.run(SHELL);
    expect(result.exitCode).toBe(2);
    expect(stdoutJson(result)).toMatchObject({ decision: 'block', reason: 'A ok\nB says no' });
  });

  test('hookSpecificOutput.permissionDecision deny blocks (real run qwen-pretooluse-deny)', async () => {
    const sb = await sandbox({
      'home/.qwen/settings.json': hooks('PreToolUse', [
        cmd(`echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"qwen says no"}}'`),
      ]),
    });
    expect((await sb.run(SHELL)).exitCode).toBe(2);
  });

  test('ask asks (exit 3)', async () => {
    const sb = await sandbox({ 'home/.qwen/settings.json': hooks('PreToolUse', [cmd(`echo '{"hookSpecificOutput":{"permissionDecision":"ask"}}'`)]) });
    expect((await sb.run(SHELL)).exitCode).toBe(3);
  });

  test('stdout that starts with { but is not JSON is ignored; plain text is context on UserPromptSubmit', async () => {
    const sb = await sandbox({ 'home/.qwen/settings.json': hooks('UserPromptSubmit', [cmd('echo "{broken"'), cmd('echo remember this')]) });
    const result = await sb.run(['UserPromptSubmit', '--prompt', 'hi']);
    expect(result.exitCode).toBe(0);
    expect(stdoutJson(result)).toMatchObject({ hookSpecificOutput: { additionalContext: 'remember this' } });
  });

  test('Stop exit 2 keeps the agent going through continue:false and the stop reason (DENY_SHAPE)', async () => {
    const sb = await sandbox({ 'home/.qwen/settings.json': hooks('Stop', [cmd('echo run the tests >&2; exit 2')]) });
    const result = await sb.run(['Stop']);
    expect(stdoutJson(result)).toMatchObject({ continue: false, stopReason: 'run the tests' });
  });

  test('StopFailure: every output is ignored', async () => {
    const sb = await sandbox({ 'home/.qwen/settings.json': hooks('StopFailure', [cmd(`echo '{"decision":"block","reason":"x"}'`)]) });
    const result = await sb.run(['StopFailure']);
    expect(result.exitCode).toBe(0);
  });
});

describe.concurrent('qwen: runtime', () => {
  test('timeout is seconds below 1000 and milliseconds from 1000 up', async () => {
    const sb = await sandbox({ 'home/.qwen/settings.json': hooks('PreToolUse', [cmd(`sleep 3; ${touch('late')}`, { timeout: 1000 })]) });
    const result = await sb.run(SHELL);
    expect(result.stderr).toContain('timed out');
    expect(await sb.fired('late')).toBe(false);
    const sb2 = await sandbox({ 'home/.qwen/settings.json': hooks('PreToolUse', [cmd(`sleep 1.2; ${touch('slow')}`, { timeout: 5 })]) });
    await sb2.run(SHELL);
    expect(await sb2.fired('slow')).toBe(true);
  });

  test('the environment has QWEN_PROJECT_DIR, CLAUDE_PROJECT_DIR, GEMINI_PROJECT_DIR, QWEN_CODE_SESSION_ID; the hook env wins', async () => {
    const sb = await sandbox({ 'home/.qwen/settings.json': hooks('PreToolUse', [cmd('env > @ROOT@/env', { env: { GEMINI_PROJECT_DIR: '/overridden' } })]) });
    await sb.run([...SHELL, '--event', '{"session_id":"s-1"}']);
    const env = await sb.read('env');
    expect(env).toContain(`QWEN_PROJECT_DIR=${sb.ws}\n`);
    expect(env).toContain(`CLAUDE_PROJECT_DIR=${sb.ws}\n`);
    expect(env).toContain('GEMINI_PROJECT_DIR=/overridden\n');
    expect(env).toContain('QWEN_CODE_SESSION_ID=s-1\n');
  });

  test('stdin carries Claude base fields with the event name', async () => {
    const sb = await sandbox({ 'home/.qwen/settings.json': hooks('PreToolUse', [cmd('cat > @ROOT@/stdin')]) });
    await sb.run(SHELL);
    expect(JSON.parse(await sb.read('stdin'))).toMatchObject({ hook_event_name: 'PreToolUse', cwd: sb.ws, tool_name: 'run_shell_command' });
  });
});

describe.concurrent('qwen: validate and auto', () => {
  test("validate reports Qwen's timeout traps", async () => {
    const sb = await sandbox({ 'home/.qwen/settings.json': hooks('PreToolUse', [cmd('true', { timeout: 1800 }), cmd('false', { timeout: 500 })]) });
    const result = await hookrun(['validate', '--dialect', 'qwen', '-C', sb.ws], { env: sb.env });
    expect(result.stdout + result.stderr).toContain('qwen-timeout-ms');
    expect(result.stdout + result.stderr).toContain('qwen-timeout-seconds-from-gemini');
  });

  test('--dialect auto picks qwen from .qwen/settings.json with hooks', async () => {
    const sb = await sandbox({ 'ws/.qwen/settings.json': hooks('PreToolUse', [cmd(touch('auto'))]) });
    const result = await hookrun(['run', '--trust-workspace', ...SHELL, '--dialect', 'auto', '-C', sb.ws], { env: sb.env });
    expect(result.stderr).toContain('--dialect auto: qwen');
    expect(await sb.fired('auto')).toBe(true);
  });
});
