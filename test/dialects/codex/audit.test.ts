// Second reader's audit of --dialect codex against agents/codex-cursor-copilot SOURCES §1 and INTERFACE:
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
  for (const [relative, content] of Object.entries(files)) {
    const text = typeof content === 'string' ? content : JSON.stringify(content);
    await sb.write(relative, text.replaceAll('@ROOT@', sb.root));
  }
  const run = (event: string, payload: unknown, extra: string[] = ['--trust-workspace']) =>
    hookrun(['run', event, '--dialect', 'codex', '--event', JSON.stringify(payload), '-C', sb.ws, '--quiet', ...extra], { env: sb.env });
  return { sb, run, read: (name: string) => readFileSync(path.join(sb.root, name), 'utf8'), fired: (name: string) => existsSync(path.join(sb.root, `fired-${name}`)) };
}

const print = (output: unknown) => `printf '%s\\n' '${JSON.stringify(output)}'`;
const project = (event: string, commands: string[], matcher?: string) => ({
  'ws/.codex/hooks.json': { hooks: { [event]: [{ ...(matcher !== undefined ? { matcher } : {}), hooks: commands.map((command) => ({ type: 'command', command })) }] } },
});
const TOOL = { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 't1' };
const deny = (reason: string) => print({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason } });

describe.concurrent('codex audit', { timeout: 120_000 }, () => {
  test('§1.7 PreToolUse: the deny reason is the first in configured order, not the first to finish', async () => {
    const { run } = await sandbox(project('PreToolUse', [`sleep 1; ${deny('first')}`, deny('second')]));
    const r = await run('PreToolUse', TOOL);
    expect(r.exitCode, r.stderr).toBe(2);
    expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecisionReason).toBe('first');
  });

  test('§1.7 PreToolUse: updatedInput comes from the hook that finished last', async () => {
    const allow = (command: string) => print({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', updatedInput: { command } } });
    const { run } = await sandbox(project('PreToolUse', [`sleep 1; ${allow('slow')}`, allow('fast')]));
    const r = await run('PreToolUse', TOOL);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).hookSpecificOutput.updatedInput).toEqual({ command: 'slow' });
  });

  test('§1.6 strict schemas: an unknown key, ask, allow without updatedInput and continue:false on PreToolUse each void the output', async () => {
    for (const output of [
      { decision: 'block', reason: 'x', extra: 1 },
      { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask', permissionDecisionReason: 'x' } },
      { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', additionalContext: 'c' } },
      { continue: false, stopReason: 'halt' },
    ]) {
      const { run } = await sandbox(project('PreToolUse', [print(output)]));
      const r = await run('PreToolUse', TOOL);
      expect(r.exitCode, JSON.stringify(output)).toBe(0);
      expect(JSON.parse(r.stdout), JSON.stringify(output)).toEqual({});
    }
  });

  test('§1.6 Stop: continue:false wins over a block (4); a block without reason is invalid (0); plain text is a failed run (0)', async () => {
    const both = await sandbox(project('Stop', [print({ decision: 'block', reason: 'go on' }), print({ continue: false, stopReason: 'halt' })]));
    expect((await both.run('Stop', {})).exitCode).toBe(4);
    const bare = await sandbox(project('Stop', [print({ decision: 'block' })]));
    expect((await bare.run('Stop', {})).exitCode).toBe(0);
    const plain = await sandbox(project('Stop', ['echo keep going']));
    const r = await plain.run('Stop', {});
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({});
  });

  test('§1.7 Stop block reasons are joined by a blank line; UserPromptSubmit block is 2 and continue:false 4', async () => {
    const stop = await sandbox(project('Stop', [print({ decision: 'block', reason: 'r1' }), print({ decision: 'block', reason: 'r2' })]));
    const r = await stop.run('Stop', {});
    expect(r.exitCode).toBe(2);
    expect(JSON.parse(r.stdout).reason).toBe('r1\n\nr2');
    const block = await sandbox(project('UserPromptSubmit', [print({ decision: 'block', reason: 'nope' })]));
    expect((await block.run('UserPromptSubmit', { prompt: 'x' })).exitCode).toBe(2);
    const halt = await sandbox(project('UserPromptSubmit', [print({ continue: false, stopReason: 'halt' })]));
    expect((await halt.run('UserPromptSubmit', { prompt: 'x' })).exitCode).toBe(4);
  });

  test('§1.6 PreToolUse exit 2 with empty stderr is a failed run, not a block; SubagentStart ignores continue:false', async () => {
    const empty = await sandbox(project('PreToolUse', ['exit 2']));
    expect((await empty.run('PreToolUse', TOOL)).exitCode).toBe(0);
    const sub = await sandbox(project('SubagentStart', [print({ continue: false })]));
    expect((await sub.run('SubagentStart', { agent_id: 'a', agent_type: 't' })).exitCode).toBe(0);
  });

  test('§1.4 matchers: a [\\w|] matcher is exact (Bash ≠ BashOutput), anything else an unanchored regex; UserPromptSubmit ignores an invalid one', async () => {
    const exact = await sandbox(project('PreToolUse', ['touch @ROOT@/fired-x'], 'Bash'));
    await exact.run('PreToolUse', { tool_name: 'BashOutput', tool_input: {} });
    expect(exact.fired('x')).toBe(false);
    const regex = await sandbox(project('PreToolUse', ['touch @ROOT@/fired-x'], '^Bash'));
    await regex.run('PreToolUse', { tool_name: 'BashOutput', tool_input: {} });
    expect(regex.fired('x')).toBe(true);
    const ups = await sandbox(project('UserPromptSubmit', ['touch @ROOT@/fired-x'], '(('));
    await ups.run('UserPromptSubmit', { prompt: 'x' });
    expect(ups.fired('x')).toBe(true);
  });

  test('§1.1 project layers: every .codex/ from the git root down runs; without .git only the cwd', async () => {
    const stop = (name: string) => ({ hooks: { Stop: [{ hooks: [{ type: 'command', command: `touch @ROOT@/fired-${name}` }] }] } });
    const repo = await sandbox({ '.git/HEAD': '', '.codex/hooks.json': stop('root'), 'ws/.codex/hooks.json': stop('ws') });
    await repo.run('Stop', {});
    expect([repo.fired('root'), repo.fired('ws')]).toEqual([true, true]);
    const loose = await sandbox({ '.codex/hooks.json': stop('root') });
    await loose.run('Stop', {});
    expect(loose.fired('root')).toBe(false);
  });

  test('the hook runs under /bin/bash -c (not $SHELL) in the payload cwd, with the completed payload on stdin', async () => {
    const { sb, read } = await sandbox(project('PreToolUse', ['echo "$0" > @ROOT@/out-shell; pwd > @ROOT@/out-pwd; cat > @ROOT@/out-stdin']));
    const r = await hookrun(['run', 'PreToolUse', '--dialect', 'codex', '--event', JSON.stringify({ ...TOOL, cwd: sb.home }), '-C', sb.ws, '--quiet', '--trust-workspace'], {
      env: { ...sb.env, SHELL: '/bin/sh' },
    });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(read('out-shell').trim()).toBe('/bin/bash');
    expect(read('out-pwd').trim()).toBe(sb.home);
    const stdin = JSON.parse(read('out-stdin'));
    expect(stdin).toMatchObject({ transcript_path: null, hook_event_name: 'PreToolUse', model: 'gpt-5-codex', permission_mode: 'default', cwd: sb.home });
    expect(typeof stdin.session_id).toBe('string');
    expect(typeof stdin.turn_id).toBe('string');
  });

  test("INTERFACE Trust: an untrusted folder keeps project hooks back, user hooks still run; Codex's trust_level record trusts it", async () => {
    const stop = (name: string) => ({ hooks: { Stop: [{ hooks: [{ type: 'command', command: `touch @ROOT@/fired-${name}` }] }] } });
    const plain = await sandbox({ 'ws/.codex/hooks.json': stop('p'), 'home/.codex/hooks.json': stop('u') });
    await plain.run('Stop', {}, []);
    expect([plain.fired('p'), plain.fired('u')]).toEqual([false, true]);
    const recorded = await sandbox({ 'ws/.codex/hooks.json': stop('p'), 'home/.codex/config.toml': '[projects."@ROOT@/ws"]\ntrust_level = "trusted"\n' });
    await recorded.run('Stop', {}, []);
    expect(recorded.fired('p')).toBe(true);
  });
});
