// Second reader's audit of --dialect copilot against agents/codex-cursor-copilot SOURCES §3 and INTERFACE:
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
  const env = { ...sb.env, HOOKRUN_COPILOT_POLICY_DIR: path.join(sb.root, 'etc', 'copilot') };
  for (const [relative, content] of Object.entries(files)) {
    const text = typeof content === 'string' ? content : JSON.stringify(content);
    await sb.write(relative, text.replaceAll('@ROOT@', sb.root));
  }
  const run = (event: string, payload: unknown, extra: string[] = ['--trust-workspace']) =>
    hookrun(['run', event, '--dialect', 'copilot', '--event', JSON.stringify(payload), '-C', sb.ws, '--quiet', ...extra], { env });
  return { sb, run, read: (name: string) => readFileSync(path.join(sb.root, name), 'utf8'), fired: (name: string) => existsSync(path.join(sb.root, `fired-${name}`)) };
}

const print = (output: unknown) => `printf '%s\\n' '${JSON.stringify(output)}'`;
const file = (event: string, entries: (string | Record<string, unknown>)[]) => ({
  version: 1,
  hooks: { [event]: entries.map((e) => (typeof e === 'string' ? { type: 'command', bash: e } : { type: 'command', ...e })) },
});
const TOOL = { toolName: 'bash', toolArgs: { command: 'ls' } };

describe.concurrent('copilot audit', { timeout: 120_000 }, () => {
  // Copilot CLI 1.0.102 reads the user's settings before the repository, and the repository's hook files in reverse alphabetical order.
  test("sources run in the real binary's order: policy, user, user settings, repository (reverse alphabetical), repository settings, local settings", async () => {
    const log = (tag: string) => `echo ${tag} >> @ROOT@/out-order`;
    const { run, read } = await sandbox({
      'etc/copilot/p.json': file('agentStop', [log('policy')]),
      'home/.copilot/hooks/u.json': file('agentStop', [log('user')]),
      'ws/.github/hooks/b.json': file('agentStop', [log('repo-b')]),
      'ws/.github/hooks/a.json': file('agentStop', [log('repo-a')]),
      'ws/.github/copilot/settings.json': { hooks: { agentStop: [{ bash: log('settings') }] } },
      'ws/.github/copilot/settings.local.json': { hooks: { agentStop: [{ bash: log('local') }] } },
      'home/.copilot/settings.json': { hooks: { agentStop: [{ bash: log('user-settings') }] } },
    });
    const r = await run('agentStop', {});
    expect(r.exitCode, r.stderr).toBe(0);
    expect(read('out-order').trim().split('\n')).toEqual(['policy', 'user', 'user-settings', 'repo-b', 'repo-a', 'settings', 'local']);
  });

  test("§3.5 preToolUse: a crash denies with Copilot's reason, a timeout passes, exit 2 denies even over a JSON allow, ask is 3", async () => {
    const crash = await sandbox({ 'ws/.github/hooks/a.json': file('preToolUse', ['exit 1']) });
    const c = await crash.run('preToolUse', TOOL);
    expect(c.exitCode).toBe(2);
    expect(JSON.parse(c.stdout).permissionDecisionReason).toBe('Denied by preToolUse hook from ".github/hooks/a.json" (hook errored)');
    const slow = await sandbox({
      'ws/.github/hooks/a.json': file('preToolUse', [{ bash: `sleep 5; ${print({ permissionDecision: 'deny', permissionDecisionReason: 'late' })}`, timeoutSec: 1 }]),
    });
    expect((await slow.run('preToolUse', TOOL)).exitCode).toBe(0);
    const exit2 = await sandbox({ 'ws/.github/hooks/a.json': file('preToolUse', [`${print({ permissionDecision: 'allow' })}; exit 2`]) });
    expect((await exit2.run('preToolUse', TOOL)).exitCode).toBe(2);
    const ask = await sandbox({ 'ws/.github/hooks/a.json': file('preToolUse', [print({ permissionDecision: 'ask' })]) });
    expect((await ask.run('preToolUse', TOOL)).exitCode).toBe(3);
  });

  // Copilot CLI 1.0.102 denies when a permissionRequest hook exits 1 (the docs said it fails open).
  test('§3.6 permissionRequest: a later answer overrides an earlier one; a crash denies', async () => {
    const later = await sandbox({
      'ws/.github/hooks/a.json': file('permissionRequest', [print({ behavior: 'deny', message: 'no', interrupt: true }), print({ behavior: 'allow' })]),
    });
    const r = await later.run('permissionRequest', { toolName: 'bash', toolInput: {} });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ behavior: 'allow' });
    const crash = await sandbox({ 'ws/.github/hooks/a.json': file('permissionRequest', ['exit 1']) });
    expect((await crash.run('permissionRequest', { toolName: 'bash', toolInput: {} })).exitCode).toBe(2);
  });

  // Exit 2 is only a warning on agentStop, but the 1.0.102 binary still reads the JSON printed with it (agent tier, tier-copilot-stop-block-exit2).
  test('§3.3 agentStop block is 2, with exit 2 too (its JSON is read); subagentStop modifiedResponse is the last one, dropped by a block', async () => {
    const block = await sandbox({ 'ws/.github/hooks/a.json': file('agentStop', [print({ decision: 'block', reason: 'more' })]) });
    expect((await block.run('agentStop', {})).exitCode).toBe(2);
    const exit2 = await sandbox({ 'ws/.github/hooks/a.json': file('agentStop', [`${print({ decision: 'block', reason: 'more' })}; exit 2`]) });
    expect((await exit2.run('agentStop', {})).exitCode).toBe(2);
    const warn = await sandbox({ 'ws/.github/hooks/a.json': file('agentStop', ['echo more >&2; exit 2']) });
    expect((await warn.run('agentStop', {})).exitCode).toBe(0);
    const last = await sandbox({ 'ws/.github/hooks/a.json': file('subagentStop', [print({ modifiedResponse: 'm1' }), print({ modifiedResponse: 'm2' })]) });
    expect(JSON.parse((await last.run('subagentStop', {})).stdout)).toEqual({ modifiedResponse: 'm2' });
    const blocked = await sandbox({ 'ws/.github/hooks/a.json': file('subagentStop', [print({ modifiedResponse: 'm1' }), print({ decision: 'block', reason: 'r' })]) });
    const b = await blocked.run('subagentStop', {});
    expect(b.exitCode).toBe(2);
    expect(JSON.parse(b.stdout)).toEqual({ decision: 'block', reason: 'r' });
  });

  test('§3.4 camelCase matchers match the whole value; PascalCase entries match Claude-style on either tool name and get the VS Code payload', async () => {
    const { run, read, fired } = await sandbox({
      'ws/.github/hooks/a.json': {
        version: 1,
        hooks: {
          preToolUse: [
            { type: 'command', bash: 'touch @ROOT@/fired-partial', matcher: 'bas' },
            { type: 'command', bash: 'touch @ROOT@/fired-list', matcher: 'edit|bash' },
          ],
          PreToolUse: [
            { type: 'command', bash: 'touch @ROOT@/fired-claude; cat > @ROOT@/out-stdin', matcher: 'Bash' },
            { type: 'command', bash: 'touch @ROOT@/fired-regex', matcher: 'Ba.*' },
          ],
        },
      },
    });
    const r = await run('preToolUse', TOOL);
    expect(r.exitCode, r.stderr).toBe(0);
    expect([fired('partial'), fired('list'), fired('claude'), fired('regex')]).toEqual([false, true, true, true]);
    const stdin = JSON.parse(read('out-stdin'));
    expect(stdin).toMatchObject({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' } });
    expect(typeof stdin.session_id).toBe('string');
    expect(stdin.timestamp).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  // Copilot CLI 1.0.102 passes `env` values literally (the docs said they are expanded).
  test('INTERFACE How hooks run: bash -c in the entry cwd against the root, env added as written, exec + args without a shell', async () => {
    const { sb, run, read } = await sandbox({
      'ws/sub/.keep': '',
      'ws/.github/hooks/a.json': {
        version: 1,
        hooks: {
          sessionEnd: [
            {
              type: 'command',
              bash: 'pwd > @ROOT@/out-pwd; echo "$GREETING" > @ROOT@/out-env; echo "$BASH_VERSION" > @ROOT@/out-bash; cat > @ROOT@/out-stdin',
              cwd: 'sub',
              env: { GREETING: 'hi $HOME' },
            },
            { type: 'command', exec: '/bin/sh', args: ['-c', 'echo "$0" > @ROOT@/out-exec'] },
          ],
        },
      },
    });
    const r = await run('sessionEnd', { reason: 'complete' });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(read('out-pwd').trim()).toBe(path.join(sb.ws, 'sub'));
    expect(read('out-env').trim()).toBe('hi $HOME');
    expect(read('out-bash').trim()).not.toBe('');
    expect(read('out-exec').trim()).toBe('/bin/sh');
    const stdin = JSON.parse(read('out-stdin'));
    expect(typeof stdin.sessionId).toBe('string');
    expect(typeof stdin.timestamp).toBe('number');
    expect(stdin.cwd).toBe(sb.ws);
  });

  test('§3.2 disableAllHooks in a hook file skips that file; in repository settings.json every source but policy; bad version rejects the file', async () => {
    const { run, fired } = await sandbox({
      'ws/.github/hooks/a.json': file('agentStop', ['touch @ROOT@/fired-a']),
      'ws/.github/hooks/b.json': { ...file('agentStop', ['touch @ROOT@/fired-b']), disableAllHooks: true },
      'ws/.github/hooks/c.json': { ...file('agentStop', ['touch @ROOT@/fired-c']), version: 2 },
    });
    await run('agentStop', {});
    expect([fired('a'), fired('b'), fired('c')]).toEqual([true, false, false]);
    const off = await sandbox({
      'etc/copilot/p.json': file('agentStop', ['touch @ROOT@/fired-policy']),
      'home/.copilot/hooks/u.json': file('agentStop', ['touch @ROOT@/fired-user']),
      'ws/.github/copilot/settings.json': { disableAllHooks: true },
    });
    await off.run('agentStop', {});
    expect([off.fired('policy'), off.fired('user')]).toEqual([true, false]);
  });

  test('Trust in every dialect: an untrusted folder holds repository hooks and inline settings hooks back; policy and user hooks run', async () => {
    const { run, fired } = await sandbox({
      'etc/copilot/p.json': file('agentStop', ['touch @ROOT@/fired-policy']),
      'home/.copilot/hooks/u.json': file('agentStop', ['touch @ROOT@/fired-user']),
      'ws/.github/hooks/a.json': file('agentStop', ['touch @ROOT@/fired-repo']),
      'ws/.github/copilot/settings.json': { hooks: { agentStop: [{ bash: 'touch @ROOT@/fired-settings' }] } },
    });
    expect((await run('agentStop', {}, [])).exitCode).toBe(0);
    expect([fired('policy'), fired('user'), fired('repo'), fired('settings')]).toEqual([true, true, false, false]);
  });
});
