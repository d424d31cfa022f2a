// Background children and the capture cap through the real bin (issue 20, classes 8-10): the decision is
// Gemini CLI's wherever that cannot hang; --contain (run, and `hookrun test` by default) ends what a hook
// left running, and the report says where that makes the answer differ from the agent's.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { hookrun, makeSandbox, type Sandbox } from '../helpers/cli.js';
import { killQuietly } from '../helpers/hooks.js';

const sandboxes: Sandbox[] = [];
const pids: number[] = [];
afterAll(async () => {
  pids.forEach(killQuietly);
  await Promise.all(sandboxes.map((s) => s.cleanup()));
});

async function workspace(hooks: Record<string, unknown>[], event = 'BeforeTool'): Promise<Sandbox> {
  const sb = await makeSandbox();
  sandboxes.push(sb);
  await sb.write(path.join(sb.ws, '.gemini/settings.json'), JSON.stringify({ hooks: { [event]: [{ hooks: hooks.map((h) => ({ type: 'command', ...h })) }] } }));
  return sb;
}

function run(sb: Sandbox, extra: string[] = []) {
  return hookrun(['-C', sb.ws, 'run', 'BeforeTool', '--tool', 'run_shell_command', '--trust-workspace', ...extra], { env: sb.env, timeoutMs: 60_000 });
}

function alive(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'latin1');
    return !/^[ZX]/.test(stat.slice(stat.lastIndexOf(')') + 2));
  } catch {
    return false;
  }
}

describe('class 8: a background child holding stdout', () => {
  test('its late output joins the answer, as Gemini reads until the pipe closes (JSON + text = plain text: allow)', async () => {
    const sb = await workspace([{ command: `echo '{"decision":"deny"}'; (sleep 0.6; echo late) &` }]);
    const result = await run(sb, ['--quiet']);
    expect(JSON.parse(result.stdout)).toEqual({ continue: true, suppressOutput: false, systemMessage: '{"decision":"deny"}\nlate', decision: 'allow' });
    expect(result.exitCode).toBe(0);
  });

  test('holding it past the timeout: the hook timed out (no output), as in Gemini; its session is ended', async () => {
    const sb = await workspace([{ name: 'holder', command: `echo '{"decision":"deny"}'; sleep 30 & echo $! > ${'$GEMINI_PROJECT_DIR'}/pid`, timeout: 500 }]);
    const result = await run(sb, ['--json']);
    const pid = Number(fs.readFileSync(path.join(sb.ws, 'pid'), 'utf8'));
    pids.push(pid);
    const report = JSON.parse(result.stdout);
    expect(report.output).toEqual({});
    expect(report.results[0]).toMatchObject({ timedOut: true, pipesHeldAfterExit: true, success: false });
    expect(report.notes.join('\n')).toMatch(/hook "holder" exited, but a process it started held its output open until the timeout/);
    expect(alive(pid)).toBe(false);
  });
});

describe('class 9: a background job with closed stdio', () => {
  const hooks = [
    // r2-min-bg-detached-killed's shape, with more time between the steps so a loaded machine keeps their order.
    { name: 'starter', command: `(sleep 1.5; touch "$GEMINI_PROJECT_DIR/marker") >/dev/null 2>&1 </dev/null & echo '{}'` },
    { name: 'looker', command: `sleep 3; if [ -e "$GEMINI_PROJECT_DIR/marker" ]; then echo '{"reason":"marker written"}'; else echo '{"reason":"no marker"}'; fi` },
  ];

  test('keeps running after its hook exits, as in Gemini', async () => {
    const sb = await workspace(hooks);
    const result = await run(sb, ['--json']);
    const report = JSON.parse(result.stdout);
    expect(report.output.reason).toBe('marker written');
    expect(report.results[0].differsFromAgent).toBeUndefined();
  });

  test('--contain ends it once its hook is done, and says at that hook that the agent would differ (JSON and text)', async () => {
    const sb = await workspace(hooks);
    const json = JSON.parse((await run(sb, ['--json', '--contain'])).stdout);
    expect(json.output.reason).toBe('no marker');
    // The subshell and its sleep.
    expect(json.results[0]).toMatchObject({
      contained: 2,
      differsFromAgent: [expect.stringMatching(/^--contain ended 2 process\(es\) it left running once it was done; the agent leaves them running/)],
    });
    expect(json.results[1].differsFromAgent).toBeUndefined();
    const text = await run(sb, ['--contain']);
    expect(text.stderr).toMatch(/starter \(workspace\) .*\n {6}≠ the agent: --contain ended 2 process\(es\)/);
  });
});

describe('class 10: output past the capture cap', () => {
  test('only blanks dropped: decided on what was kept, as Gemini trims (r2-min-capture-cap-whitespace)', async () => {
    const sb = await workspace([{ command: `echo '{"decision":"deny","reason":"small answer"}'; head -c 17000000 /dev/zero | tr '\\0' ' '` }]);
    const result = await run(sb, ['--json']);
    const report = JSON.parse(result.stdout);
    expect(report.output).toEqual({ continue: true, suppressOutput: false, decision: 'deny', reason: 'small answer' });
    expect(result.exitCode).toBe(2);
    expect(report.results[0]).toMatchObject({ stdoutTruncated: true, success: true });
    expect(report.results[0].differsFromAgent).toBeUndefined();
  });

  test('anything else dropped: not parsed, and the report says the agent may differ at that hook', async () => {
    const sb = await workspace([{ name: 'flood', command: `echo '{"decision":"deny"}'; head -c 300000 /dev/zero | tr '\\0' ' '; echo tail` }]);
    const result = await run(sb, ['--json', '--max-output', '100000']);
    const report = JSON.parse(result.stdout);
    expect(report.output).toEqual({});
    expect(report.results[0]).toMatchObject({ success: false, stdoutTruncated: true, differsFromAgent: [expect.stringMatching(/wrote more than hookrun captures/)] });
  });
});

describe('hookrun test contains by default', () => {
  const fixture = `defaults:
  trust: true
cases:
  - name: starts a watcher
    event: SessionStart
    expect:
      exitCode: 0
`;

  test('a job a hook leaves behind is ended and named; --no-contain leaves it running as the agent does', async () => {
    const sb = await workspace([{ name: 'watcher', command: `sleep 30 >/dev/null 2>&1 </dev/null & echo $! > "$GEMINI_PROJECT_DIR/pid"; echo '{}'` }], 'SessionStart');
    await sb.write(path.join(sb.ws, 'watch.hooktest.yaml'), fixture);
    const contained = await hookrun(['-C', sb.ws, 'test', '--ci'], { env: sb.env, timeoutMs: 60_000 });
    const first = Number(fs.readFileSync(path.join(sb.ws, 'pid'), 'utf8'));
    pids.push(first);
    expect(contained.exitCode).toBe(0);
    expect(contained.stdout).toMatch(/note: hook watcher: --contain ended 1 process\(es\)/);
    expect(alive(first)).toBe(false);

    const free = await hookrun(['-C', sb.ws, 'test', '--ci', '--no-contain'], { env: sb.env, timeoutMs: 60_000 });
    const second = Number(fs.readFileSync(path.join(sb.ws, 'pid'), 'utf8'));
    pids.push(second);
    expect(free.exitCode).toBe(0);
    expect(free.stdout).not.toMatch(/--contain ended/);
    expect(alive(second)).toBe(true);
  });
});
