// `--dialect vscode` end to end through the real CLI against real temp dirs and real hook processes: the hook
// file locations and chat.hookFilesLocations, trust, Claude and Copilot CLI formats, per-OS commands,
// ignored matchers, exit codes, the most-restrictive merge, timeout, cwd/env, validate (docs/vscode.md).
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { hookrun, stdoutJson, type Sandbox } from '../../helpers/cli.js';
import { dialectBox } from '../../helpers/dialect-box.js';

const sandboxes: Sandbox[] = [];
afterAll(() => Promise.all(sandboxes.map((sb) => sb.cleanup())));

const sandbox = (files: Record<string, unknown>) => dialectBox('vscode', files, sandboxes);

const file = (event: string, list: unknown[]) => ({ hooks: { [event]: list } });
const cmd = (command: string, more: Record<string, unknown> = {}) => ({ type: 'command', command, ...more });
const touch = (name: string) => `touch @ROOT@/fired-${name}`;
const TOOL = ['PreToolUse', '--tool', 'editFiles', '--tool-input', '{"files":["a.ts"]}'];
const deny = (reason: string) => `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"${reason}"}}'`;
const allow = `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}'`;
const ask = `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask"}}'`;

describe.concurrent('vscode: files and trust', () => {
  test('loads .github/hooks/*.json, .claude/settings*.json, ~/.copilot/hooks and ~/.claude/settings.json; workspace first', async () => {
    const sb = await sandbox({
      'ws/.github/hooks/a.json': file('PreToolUse', [cmd('echo gh >> @ROOT@/order')]),
      'ws/.claude/settings.local.json': file('PreToolUse', [{ matcher: 'Edit', hooks: [cmd('echo local >> @ROOT@/order')] }]),
      'ws/.claude/settings.json': file('PreToolUse', [{ hooks: [cmd('echo project >> @ROOT@/order')] }]),
      'home/.copilot/hooks/u.json': file('preToolUse', [{ type: 'command', bash: 'echo copilot >> @ROOT@/order' }]),
      'home/.claude/settings.json': file('PreToolUse', [{ hooks: [cmd('echo user >> @ROOT@/order')] }]),
    });
    const result = await sb.run(TOOL);
    expect(result.exitCode).toBe(0);
    // Parallel: every hook ran; the Claude matcher "Edit" did not filter editFiles out.
    expect((await sb.read('order')).split('\n').filter(Boolean).sort()).toEqual(['copilot', 'gh', 'local', 'project', 'user']);
  });

  test('workspace hooks wait for trust; the user hooks run', async () => {
    const sb = await sandbox({
      'ws/.github/hooks/a.json': file('PreToolUse', [cmd(touch('ws'))]),
      'home/.claude/settings.json': file('PreToolUse', [{ hooks: [cmd(touch('user'))] }]),
    });
    const result = await sb.run(TOOL, []);
    expect(await sb.fired('ws')).toBe(false);
    expect(await sb.fired('user')).toBe(true);
    expect(result.stderr).toContain('untrusted-project-hooks');
  });

  test('chat.hookFilesLocations adds a location and switches a default off', async () => {
    const sb = await sandbox({
      'ws/.vscode/settings.json': { 'chat.hookFilesLocations': { 'custom/hooks': true, '.claude/settings.json': false } },
      'ws/custom/hooks/x.json': file('PreToolUse', [cmd(touch('custom'))]),
      'ws/.claude/settings.json': file('PreToolUse', [{ hooks: [cmd(touch('claude'))] }]),
    });
    await sb.run(TOOL);
    expect(await sb.fired('custom')).toBe(true);
    expect(await sb.fired('claude')).toBe(false);
  });

  test('a Copilot CLI camelCase event name is converted to PascalCase', async () => {
    const sb = await sandbox({ 'ws/.github/hooks/a.json': file('preToolUse', [{ type: 'command', bash: touch('camel') }]) });
    await sb.run(TOOL);
    expect(await sb.fired('camel')).toBe(true);
  });
});

describe.concurrent('vscode: commands', () => {
  test(`the ${process.platform} override wins over "command"`, async () => {
    const key = process.platform === 'darwin' ? 'osx' : 'linux';
    const sb = await sandbox({ 'ws/.github/hooks/a.json': file('PreToolUse', [cmd(touch('default'), { [key]: touch('os') })]) });
    await sb.run(TOOL);
    expect(await sb.fired('os')).toBe(true);
    expect(await sb.fired('default')).toBe(false);
  });

  test('an entry with only another OS command runs nothing here, and validate says so', async () => {
    const sb = await sandbox({ 'ws/.github/hooks/a.json': file('PreToolUse', [{ type: 'command', windows: 'echo win' }]) });
    const result = await sb.run(TOOL);
    expect(result.stderr).toContain('vscode-no-command-for-os');
    const checked = await hookrun(['validate', '--dialect', 'vscode', '-C', sb.ws], { env: sb.env });
    expect(checked.stdout + checked.stderr).toContain('vscode-no-command-for-os');
    expect(checked.exitCode).not.toBe(0);
  });

  test('cwd is relative to the workspace, env is added, stdin has the camelCase common fields', async () => {
    const sb = await sandbox({
      'ws/.github/hooks/a.json': file('PreToolUse', [cmd('pwd > @ROOT@/pwd; echo $AUDIT > @ROOT@/audit; cat > @ROOT@/stdin', { cwd: 'sub', env: { AUDIT: 'yes' } })]),
      'ws/sub/.keep': '',
    });
    await sb.run(TOOL);
    expect((await sb.read('pwd')).trim()).toBe(path.join(sb.ws, 'sub'));
    expect((await sb.read('audit')).trim()).toBe('yes');
    expect(JSON.parse(await sb.read('stdin'))).toMatchObject({ hookEventName: 'PreToolUse', cwd: sb.ws, tool_name: 'editFiles' });
    expect(JSON.parse(await sb.read('stdin'))).toHaveProperty('sessionId');
  });

  test('timeout is in seconds', async () => {
    const sb = await sandbox({ 'ws/.github/hooks/a.json': file('PreToolUse', [cmd(`sleep 3; ${touch('late')}`, { timeout: 1 })]) });
    const result = await sb.run(TOOL);
    expect(result.stderr).toContain('timed out');
    expect(await sb.fired('late')).toBe(false);
  });
});

describe.concurrent('vscode: exit codes and the most restrictive merge', () => {
  test('exit 2 denies the tool with stderr as the reason', async () => {
    const sb = await sandbox({ 'ws/.github/hooks/a.json': file('PreToolUse', [cmd('echo blocked by policy >&2; exit 2')]) });
    const result = await sb.run(TOOL);
    expect(result.exitCode).toBe(2);
    expect(stdoutJson(result)).toMatchObject({ hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: 'blocked by policy' } });
  });

  test('exit 1 is a non-blocking warning', async () => {
    const sb = await sandbox({ 'ws/.github/hooks/a.json': file('PreToolUse', [cmd('echo oops >&2; exit 1')]) });
    expect((await sb.run(TOOL)).exitCode).toBe(0);
  });

  test.each([
    [[allow, deny('no')], 2],
    [[allow, ask], 3],
    [[allow, allow], 0],
  ])('%j → exit %i (deny > ask > allow)', async (commands, exit) => {
    const sb = await sandbox({
      'ws/.github/hooks/a.json': file(
        'PreToolUse',
        commands.map((c) => cmd(c)),
      ),
    });
    expect((await sb.run(TOOL)).exitCode).toBe(exit);
  });

  test('continue:false stops even beside an allow', async () => {
    const sb = await sandbox({ 'ws/.github/hooks/a.json': file('PreToolUse', [cmd(allow), cmd(`echo '{"continue":false,"stopReason":"policy"}'`)]) });
    expect((await sb.run(TOOL)).exitCode).toBe(4);
  });

  test("Stop's hookSpecificOutput.decision block keeps the agent going", async () => {
    const sb = await sandbox({
      'ws/.github/hooks/a.json': file('Stop', [cmd(`echo '{"hookSpecificOutput":{"hookEventName":"Stop","decision":"block","reason":"run the tests"}}'`)]),
    });
    const result = await sb.run(['Stop']);
    expect(result.exitCode).toBe(2);
    expect(stdoutJson(result)).toMatchObject({ decision: 'block', reason: 'run the tests' });
  });
});
