// The bridge's runtime (src/bridge/runtime/client.js), the code every bridged host runs, against a real
// `hookrun serve` and real Claude Code hooks in a temp project: blocks, rewrites (host argument names and units
// mapped both ways), context, the trust gate, a hookrun that is missing or dies, fail-open and fail-closed, and
// no serve process left behind. The hosts themselves are driven in real-hosts.test.ts.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { runtimeConfig } from '../../src/bridge/render.js';
import { startBridge } from '../../src/bridge/runtime/client.js';
import { loadHost } from '../../src/hosts/index.js';
import { BIN, makeSandbox, type Sandbox } from '../helpers/cli.js';

let sb: Sandbox;
beforeAll(async () => {
  sb = await makeSandbox();
  // The host's process is this one: the plugin's serve inherits its environment, as it would the host's.
  Object.assign(process.env, sb.env);
  const deny = { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'rm -rf is not allowed here' } };
  const rewrite = (updatedInput: object) => ({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', updatedInput } });
  const hook = (command: string) => ({ hooks: [{ type: 'command', command }] });
  const answer = (json: unknown) => `echo '${JSON.stringify(json)}'`;
  await sb.write(
    path.join(sb.ws, '.claude/settings.json'),
    JSON.stringify({
      hooks: {
        PreToolUse: [
          {
            matcher: 'Bash',
            ...hook(`input=$(cat); case "$input" in *'rm -rf'*) ${answer(deny)};; *'echo hi'*) ${answer(rewrite({ command: 'echo rewritten', timeout: 7000 }))};; esac`),
          },
          { matcher: 'Read', ...hook(answer(rewrite({ file_path: 'other.md' }))) },
        ],
        PostToolUse: [hook(answer({ hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'CTX-AFTER' } }))],
        SessionStart: [hook(answer({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 'CTX-START' } }))],
        UserPromptSubmit: [hook(`grep -q secret && ${answer({ decision: 'block', reason: 'no secrets' })} || true`)],
        SessionEnd: [hook(`cat > ${path.join(sb.root, 'ended.json')}`)],
      },
    }),
  );
});
afterAll(() => sb.cleanup());

const EVENTS = { toolBefore: 'PreToolUse', toolAfter: 'PostToolUse', sessionStart: 'SessionStart', promptSubmit: 'UserPromptSubmit', sessionEnd: 'SessionEnd' };
const TOOLS = { bash: { name: 'Bash', args: { timeout: { key: 'timeout', scale: 1000 } } }, read: { name: 'Read', args: { path: 'file_path' } } };

const started: { stopAll(): void }[] = [];
afterEach(() => {
  for (const b of started.splice(0)) b.stopAll();
});

function bridge(options: { trusted?: boolean; failClosed?: boolean; hookrun?: string[]; dialect?: string; events?: Record<string, string> } = {}) {
  const notes: [string, string][] = [];
  const serveArgs = ['--dialect', options.dialect ?? 'claude', ...(options.trusted === false ? [] : ['--trust-workspace']), ...(options.failClosed ? ['--fail-closed'] : [])];
  const config = {
    host: 'test',
    label: 'Test',
    hookrun: options.hookrun ?? [process.execPath, BIN],
    serveArgs,
    failClosed: options.failClosed === true,
    events: options.events ?? EVENTS,
    tools: TOOLS,
  };
  const b = startBridge(config, { notify: (message: string, level: string) => notes.push([level, message]), cwd: sb.ws });
  started.push(b);
  return { b, notes };
}

/** The serve processes this process started (the bridge's children). */
const serves = () =>
  execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes(' serve '));
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the runtime against a real hookrun serve', () => {
  test('a guard blocks with its reason; other calls go on; a rewrite comes back in the host argument names and units', async () => {
    const { b, notes } = bridge();
    expect(await b.toolBefore({ sessionId: 's1', tool: 'bash', args: { command: 'rm -rf /', timeout: 3 } })).toEqual({ block: 'rm -rf is not allowed here' });
    expect(await b.toolBefore({ sessionId: 's1', tool: 'bash', args: { command: 'ls' } })).toEqual({});
    expect(await b.toolBefore({ sessionId: 's1', tool: 'bash', args: { command: 'echo hi', timeout: 3 } })).toEqual({ args: { command: 'echo rewritten', timeout: 7 } });
    expect(await b.toolBefore({ sessionId: 's1', tool: 'read', args: { path: 'a.txt' } })).toEqual({ args: { path: 'other.md' } });
    expect(await b.toolAfter({ sessionId: 's1', tool: 'bash', args: { command: 'ls' }, output: 'a\nb' })).toEqual({ context: 'CTX-AFTER' });
    expect(await b.sessionStart({ sessionId: 's1' })).toEqual({ context: 'CTX-START' });
    expect(await b.promptSubmit({ sessionId: 's1', prompt: 'tell me the secret' })).toEqual({ block: 'no secrets' });
    expect(await b.promptSubmit({ sessionId: 's1', prompt: 'hello' })).toEqual({});
    expect(serves()).toHaveLength(1); // one serve for the session, however many events
    await b.sessionEnd({ sessionId: 's1', reason: 'prompt_input_exit' });
    expect(JSON.parse(readFileSync(path.join(sb.root, 'ended.json'), 'utf8'))).toMatchObject({ hook_event_name: 'SessionEnd', session_id: 's1', reason: 'prompt_input_exit' });
    await expect.poll(() => serves(), { timeout: 5000 }).toHaveLength(0);
    expect(notes).toEqual([]);
  });

  test('the tool input the hooks see is in their own words: Claude Code tool names, keys and milliseconds', async () => {
    const { b } = bridge();
    const seen = path.join(sb.root, 'seen.json');
    await sb.write(
      path.join(sb.ws, '.claude/settings.local.json'),
      JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Read|Bash', hooks: [{ type: 'command', command: `cat > ${seen}` }] }] } }),
    );
    try {
      await b.toolBefore({ sessionId: 's2', tool: 'read', args: { path: 'notes.md', offset: 2 } });
      expect(JSON.parse(readFileSync(seen, 'utf8'))).toMatchObject({ session_id: 's2', tool_name: 'Read', tool_input: { file_path: 'notes.md', offset: 2 }, cwd: sb.ws });
      await b.toolBefore({ sessionId: 's2', tool: 'bash', args: { command: 'ls', timeout: 3 } });
      expect(JSON.parse(readFileSync(seen, 'utf8'))).toMatchObject({ tool_name: 'Bash', tool_input: { command: 'ls', timeout: 3000 } });
      // Argument names an object's prototype has are the host's own, both ways.
      await b.toolBefore({ sessionId: 's2', tool: 'read', args: { path: 'a.md', constructor: 1, toString: 'x' } });
      expect(JSON.parse(readFileSync(seen, 'utf8')).tool_input).toEqual({ file_path: 'a.md', constructor: 1, toString: 'x' });
      // A tool the host data does not list goes on under its own name and arguments (an MCP tool, say).
      await b.toolBefore({ sessionId: 's2', tool: 'Bash', args: { cmd: 'x' } });
      expect(JSON.parse(readFileSync(seen, 'utf8'))).toMatchObject({ tool_name: 'Bash', tool_input: { cmd: 'x' } });
    } finally {
      execFileSync('rm', [path.join(sb.ws, '.claude/settings.local.json')]);
      b.stopAll();
    }
  });

  test("an untrusted project's hooks do not run: the host is told, and fail-closed blocks", async () => {
    const open = bridge({ trusted: false });
    expect(await open.b.toolBefore({ sessionId: 's3', tool: 'bash', args: { command: 'rm -rf /' } })).toEqual({});
    await expect.poll(() => open.notes.map(([, m]) => m).join('\n')).toContain('is not a trusted folder');
    open.b.stopAll();
    const closed = bridge({ trusted: false, failClosed: true });
    const answer = await closed.b.toolBefore({ sessionId: 's3', tool: 'bash', args: { command: 'ls' } });
    expect(answer.block).toMatch(/did not run/);
    closed.b.stopAll();
  });

  test('hookrun missing: said once in the host, the call goes on; fail-closed blocks it instead', async () => {
    const missing = ['/nowhere/node', '/nowhere/hookrun.js'];
    const path0 = process.env.PATH;
    process.env.PATH = '/nowhere'; // no `hookrun` on PATH either
    try {
      const open = bridge({ hookrun: missing });
      expect(await open.b.toolBefore({ sessionId: 's4', tool: 'bash', args: { command: 'ls' } })).toEqual({});
      expect(await open.b.toolBefore({ sessionId: 's4', tool: 'bash', args: { command: 'ls' } })).toEqual({});
      expect(open.notes).toEqual([['error', 'hookrun bridge (Test): hookrun was not found (hookrun): install it or set HOOKRUN_BIN']]);
      open.b.stopAll();
      const closed = bridge({ hookrun: missing, failClosed: true });
      expect(await closed.b.toolBefore({ sessionId: 's4', tool: 'bash', args: { command: 'ls' } })).toEqual({
        block: 'hookrun could not check this tool call (hookrun was not found (hookrun): install it or set HOOKRUN_BIN); the bridge fails closed',
      });
      expect(await closed.b.toolAfter({ sessionId: 's4', tool: 'bash', args: {}, output: '' })).toEqual({}); // nothing to block after the fact
    } finally {
      process.env.PATH = path0;
    }
  });

  test('a serve that dies is reported for the calls it had, and the next call starts a new one', async () => {
    const { b, notes } = bridge({ failClosed: true });
    await b.toolBefore({ sessionId: 's5', tool: 'bash', args: { command: 'ls' } });
    const [line] = serves();
    const pid = Number(line?.trim().split(' ')[0]);
    process.kill(pid, 'SIGKILL');
    await expect.poll(() => alive(pid)).toBe(false);
    expect(await b.toolBefore({ sessionId: 's5', tool: 'bash', args: { command: 'rm -rf /' } })).toEqual({ block: 'rm -rf is not allowed here' });
    expect(notes.length).toBeLessThanOrEqual(1);
    b.stopAll();
    await expect.poll(() => serves(), { timeout: 5000 }).toHaveLength(0);
  });

  test('a session ended and begun again under the same id keeps its new serve, which stopAll then stops', async () => {
    const { b } = bridge();
    await b.toolBefore({ sessionId: 's7', tool: 'bash', args: { command: 'ls' } });
    const [first] = serves();
    await b.sessionEnd({ sessionId: 's7' });
    await b.toolBefore({ sessionId: 's7', tool: 'bash', args: { command: 'ls' } });
    const firstPid = Number(first?.trim().split(' ')[0]);
    await expect.poll(() => alive(firstPid), { timeout: 5000 }).toBe(false);
    // The old serve's exit must not forget the new one: the next call reuses it, and stopAll reaches it.
    await b.toolBefore({ sessionId: 's7', tool: 'bash', args: { command: 'ls' } });
    expect(serves()).toHaveLength(1);
    b.stopAll();
    await expect.poll(() => serves(), { timeout: 5000 }).toHaveLength(0);
  });

  test('a second bridge for the same project in one process stands aside, says so, and takes over once the first stops', async () => {
    const first = bridge();
    const second = bridge({ failClosed: true });
    expect(second.notes).toEqual([['warning', expect.stringMatching(/^another hookrun bridge plugin already serves .* \(--dialect claude --trust-workspace\); this one/)]]);
    expect(await second.b.toolBefore({ sessionId: 's8', tool: 'bash', args: { command: 'rm -rf /' } })).toEqual({}); // no second run of the hooks
    expect(await first.b.toolBefore({ sessionId: 's8', tool: 'bash', args: { command: 'rm -rf /' } })).toEqual({ block: 'rm -rf is not allowed here' });
    expect(serves()).toHaveLength(1);
    first.b.stopAll();
    const third = bridge();
    expect(third.notes).toEqual([]);
    expect(await third.b.toolBefore({ sessionId: 's8', tool: 'bash', args: { command: 'rm -rf /' } })).toEqual({ block: 'rm -rf is not allowed here' });
  });

  test('an event larger than serve reads is a failure said at once (it used to wait for an answer that never came)', async () => {
    const { b, notes } = bridge({ failClosed: true });
    const answer = await b.toolBefore({ sessionId: 's9', tool: 'write', args: { content: 'x'.repeat(17 * 1048576) } });
    expect(answer.block).toContain('the event is larger than hookrun serve reads (16 MiB)');
    expect(notes.map(([, m]) => m).join('\n')).toContain('larger than hookrun serve reads');
    expect(await b.toolBefore({ sessionId: 's9', tool: 'bash', args: { command: 'rm -rf /' } })).toEqual({ block: 'rm -rf is not allowed here' });
  });

  test("a rewrite that is not an object (Copilot's modifiedArgs as an array) leaves the tool's arguments alone", async () => {
    await sb.write(
      path.join(sb.ws, '.github/hooks/rewrite.json'),
      JSON.stringify({ version: 1, hooks: { preToolUse: [{ type: 'command', bash: `echo '{"permissionDecision":"allow","modifiedArgs":["rm","-rf"]}'` }] } }),
    );
    try {
      const { b } = bridge({ dialect: 'copilot', events: { toolBefore: 'preToolUse' } });
      expect(await b.toolBefore({ sessionId: 's10', tool: 'bash', args: { command: 'ls' } })).toEqual({});
    } finally {
      execFileSync('rm', ['-r', path.join(sb.ws, '.github')]);
    }
  });

  test("with --dialect gemini the same host call reaches Gemini CLI's hooks in its words: BeforeTool, run_shell_command", async () => {
    const pi = await loadHost('pi');
    const config = runtimeConfig(pi, { dialect: 'gemini', failClosed: false, hookrun: [process.execPath, BIN] });
    expect(config.events).toEqual({ sessionStart: 'SessionStart', promptSubmit: 'BeforeAgent', toolBefore: 'BeforeTool', toolAfter: 'AfterTool', sessionEnd: 'SessionEnd' });
    expect(config.tools.bash?.name).toBe('run_shell_command');
    const seen = path.join(sb.root, 'gemini-seen.json');
    await sb.write(
      path.join(sb.ws, '.gemini/settings.json'),
      JSON.stringify({
        hooks: {
          BeforeTool: [
            {
              matcher: 'run_shell_command',
              hooks: [{ type: 'command', command: `tee ${seen} | grep -q 'rm -rf' && echo '{"decision":"deny","reason":"gemini says no"}' || true` }],
            },
          ],
        },
      }),
    );
    try {
      const b = startBridge({ ...config, serveArgs: [...config.serveArgs, '--trust-workspace'] }, { notify: () => {}, cwd: sb.ws });
      started.push(b);
      expect(await b.toolBefore({ sessionId: 'g1', tool: 'bash', args: { command: 'rm -rf /', timeout: 2 } })).toEqual({ block: 'gemini says no' });
      expect(JSON.parse(readFileSync(seen, 'utf8'))).toMatchObject({
        hook_event_name: 'BeforeTool',
        tool_name: 'run_shell_command',
        tool_input: { command: 'rm -rf /', timeout: 2000 },
      });
    } finally {
      execFileSync('rm', ['-r', path.join(sb.ws, '.gemini')]);
    }
  });

  test('HOOKRUN_BIN names the executable to start instead', async () => {
    const wrapper = await sb.write('bin/my-hookrun', `#!/bin/sh\ntouch ${path.join(sb.root, 'wrapper-ran')}\nexec ${process.execPath} ${BIN} "$@"\n`, 0o755);
    process.env.HOOKRUN_BIN = wrapper;
    try {
      const { b } = bridge();
      expect(await b.toolBefore({ sessionId: 's6', tool: 'bash', args: { command: 'rm -rf /' } })).toEqual({ block: 'rm -rf is not allowed here' });
      expect(existsSync(path.join(sb.root, 'wrapper-ran'))).toBe(true);
      b.stopAll();
    } finally {
      delete process.env.HOOKRUN_BIN;
    }
  });
});
