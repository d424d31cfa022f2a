// Issue 33 through real processes: a guard that did not run is never silent (stderr even with --quiet,
// the verdict's notRun, --fail-closed blocks), every answer (run --json, serve) carries the dialect-neutral
// verdict, and that verdict is the same in every dialect for the same guard. Each case failed before the
// verdict: the untrusted Gemini folder printed {} and exit 0 with nothing on stderr, and so on.
import { cpSync } from 'node:fs';
import { mkdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { hookrun, makeSandbox, REPO, type Sandbox } from '../helpers/cli.js';
import { ServeClient } from '../serve/client.js';

const sandboxes: Sandbox[] = [];
const clients: ServeClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.kill();
});
afterAll(() => Promise.all(sandboxes.map((sb) => sb.cleanup())));

async function sandbox(): Promise<Sandbox> {
  const sb = await makeSandbox();
  sandboxes.push(sb);
  return sb;
}

const GUARD = { hooks: { BeforeTool: [{ matcher: 'run_shell_command', hooks: [{ type: 'command', name: 'guard', command: `echo '{"decision":"deny","reason":"no"}'` }] }] } };
const SHELL = ['--tool', 'run_shell_command', '--tool-input', '{"command":"rm -rf /"}'];

/** The stderr lines of a run, without empties. */
const lines = (stderr: string) => stderr.split('\n').filter((line) => line !== '');

describe.concurrent('a guard that did not run is never silent', () => {
  test('untrusted Gemini folder: --quiet says so on one stderr line, the verdict names it, --fail-closed blocks', async () => {
    const sb = await sandbox();
    await sb.write(path.join(sb.ws, '.gemini/settings.json'), JSON.stringify(GUARD));
    const quiet = await hookrun(['run', 'BeforeTool', ...SHELL, '-C', sb.ws, '--quiet'], { env: sb.env });
    // The agent's own output and exit code stay what Gemini CLI does: nothing ran.
    expect(quiet.stdout).toBe('{}\n');
    expect(quiet.exitCode).toBe(0);
    expect(lines(quiet.stderr)).toEqual([expect.stringContaining('BeforeTool: 1 guard(s) did not run: hook "guard" (workspace) not run: the folder is not trusted')]);
    expect(quiet.stderr).toContain('--trust-workspace');

    const json = await hookrun(['run', 'BeforeTool', ...SHELL, '-C', sb.ws, '--quiet', '--json'], { env: sb.env });
    expect(JSON.parse(json.stdout).verdict).toEqual({
      outcome: 'proceed',
      notRun: [{ hook: 'guard', source: 'workspace', why: 'untrusted', detail: expect.stringContaining('not trusted'), file: path.join(sb.ws, '.gemini/settings.json') }],
    });

    const closed = await hookrun(['run', 'BeforeTool', ...SHELL, '-C', sb.ws, '--quiet', '--fail-closed', '--json'], { env: sb.env });
    expect(closed.exitCode).toBe(2);
    const report = JSON.parse(closed.stdout);
    expect(report.output).toMatchObject({ decision: 'block', reason: expect.stringMatching(/^hookrun --fail-closed: hook "guard" did not run: /) });
    expect(report.verdict).toMatchObject({ outcome: 'block', reason: expect.stringContaining('"guard" did not run'), notRun: [{ hook: 'guard', why: 'untrusted' }] });
    expect(report.failClosed).toMatchObject({ applied: true, failures: [{ index: -1, name: 'guard' }] });
  });

  test('a guard whose matcher does not match this call is not news', async () => {
    const sb = await sandbox();
    await sb.write(path.join(sb.ws, '.gemini/settings.json'), JSON.stringify(GUARD));
    const other = await hookrun(['run', 'BeforeTool', '--tool', 'read_file', '-C', sb.ws, '--quiet', '--json', '--fail-closed'], { env: sb.env });
    expect(other.exitCode).toBe(0);
    expect(other.stderr).toBe('');
    expect(JSON.parse(other.stdout).verdict).toEqual({ outcome: 'proceed', notRun: [] });
  });

  test('a guard that cannot start (no bash on PATH) is named on one line under --quiet, and in the verdict', async () => {
    const sb = await sandbox();
    await sb.write(path.join(sb.ws, '.gemini/settings.json'), JSON.stringify(GUARD));
    // A PATH with node and nothing else: hookrun starts, the hook's `bash -c` cannot.
    await mkdir(path.join(sb.root, 'bin'));
    await symlink(process.execPath, path.join(sb.root, 'bin', 'node'));
    const env = { ...sb.env, PATH: path.join(sb.root, 'bin') };
    const quiet = await hookrun(['run', 'BeforeTool', ...SHELL, '-C', sb.ws, '--quiet', '--trust-workspace'], { env });
    expect(quiet.stdout).toBe('{}\n');
    expect(quiet.exitCode).toBe(0);
    expect(lines(quiet.stderr)).toEqual([expect.stringMatching(/BeforeTool: 1 guard\(s\) did not run: hook "guard" \(workspace\) could not start: cannot start "bash"/)]);
    const json = await hookrun(['run', 'BeforeTool', ...SHELL, '-C', sb.ws, '--quiet', '--trust-workspace', '--json'], { env });
    expect(JSON.parse(json.stdout).verdict).toMatchObject({ outcome: 'proceed', notRun: [{ hook: 'guard', why: 'cannot-start' }] });
  });

  test('a hook switched off (hooksConfig.disabled) is in the verdict, but neither stderr news nor a --fail-closed block', async () => {
    const sb = await sandbox();
    await sb.write(path.join(sb.ws, '.gemini/settings.json'), JSON.stringify({ ...GUARD, hooksConfig: { disabled: ['guard'] } }));
    const run = await hookrun(['run', 'BeforeTool', ...SHELL, '-C', sb.ws, '--quiet', '--trust-workspace', '--json', '--fail-closed'], { env: sb.env });
    expect(run.exitCode).toBe(0);
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout).verdict).toMatchObject({ outcome: 'proceed', notRun: [{ hook: 'guard', why: 'disabled' }] });
  });
});

describe('serve', () => {
  test('every answer carries the verdict: the block with its reason, and the untrusted guard that did not run', async () => {
    const sb = await sandbox();
    await sb.write(path.join(sb.ws, '.gemini/settings.json'), JSON.stringify(GUARD));
    const client = new ServeClient(['-C', sb.ws], { env: sb.env });
    clients.push(client);
    const input = { tool_name: 'run_shell_command', tool_input: { command: 'rm -rf /' } };
    const untrusted = await client.answer(client.send('run', { event: 'BeforeTool', input }));
    expect(untrusted.result).toMatchObject({ exitCode: 0, outcome: 'proceed', output: {}, verdict: { outcome: 'proceed', notRun: [{ hook: 'guard', why: 'untrusted' }] } });
    const trusted = await client.answer(client.send('run', { event: 'BeforeTool', input, options: { trustWorkspace: true } }));
    expect(trusted.result).toMatchObject({ exitCode: 2, outcome: 'block', output: { decision: 'deny', reason: 'no' } });
    expect(trusted.result.verdict).toEqual({ outcome: 'block', reason: 'no', notRun: [] });
    const closed = await client.answer(client.send('run', { event: 'BeforeTool', input, options: { failClosed: true } }));
    expect(closed.result).toMatchObject({ exitCode: 2, outcome: 'block', verdict: { outcome: 'block', notRun: [{ why: 'untrusted' }] } });
  });
});

// The same guard (examples/verdict-loop/guard.mjs) in each agent's own files: one verdict.
const AGENTS = [
  ['gemini', 'BeforeTool', 'run_shell_command', true],
  ['claude', 'PreToolUse', 'Bash', true],
  ['codex', 'PreToolUse', 'Bash', true],
  ['copilot', 'preToolUse', 'bash', true],
  ['cursor', 'preToolUse', 'Shell', false],
  ['kiro', 'PreToolUse', 'execute_bash', false],
  ['antigravity', 'PreToolUse', 'run_command', false],
] as const;

describe.concurrent('the verdict is the same in every dialect for the same guard', () => {
  test.each(AGENTS)('%s', async (dialect, event, tool, rewrites) => {
    const sb = await sandbox();
    cpSync(path.join(REPO, 'examples', 'verdict-loop'), path.join(sb.root, 'verdict-loop'), { recursive: true });
    const ws = path.join(sb.root, 'verdict-loop', 'agents', dialect);
    const verdict = async (command: string) => {
      const run = await hookrun(
        ['run', event, '--dialect', dialect, '--tool', tool, '--tool-input', JSON.stringify({ command }), '-C', ws, '--trust-workspace', '--json', '--quiet'],
        { env: sb.env },
      );
      return JSON.parse(run.stdout).verdict;
    };
    const [block, rewrite, allow] = await Promise.all([verdict('rm -rf /'), verdict('git push --force'), verdict('ls')]);
    expect(block).toMatchObject({ outcome: 'block', reason: 'rm -rf is not allowed here: delete the files one by one', notRun: [] });
    expect(block.updatedInput).toBeUndefined();
    expect(rewrite.outcome).toBe('proceed');
    expect(rewrite.updatedInput).toEqual(rewrites ? { command: 'git push --force-with-lease' } : undefined);
    expect(allow).toEqual(rewrites ? { outcome: 'proceed', additionalContext: 'guard: checked "ls"', notRun: [] } : { outcome: 'proceed', notRun: [] });
  });
});

describe('hookrun test: expect.verdict', () => {
  test('asserts on the neutral verdict in two dialects; a wrong one names verdict.reason', async () => {
    const sb = await sandbox();
    cpSync(path.join(REPO, 'examples', 'verdict-loop'), path.join(sb.root, 'verdict-loop'), { recursive: true });
    const agents = path.join(sb.root, 'verdict-loop', 'agents');
    const block = { reason: { contains: 'rm -rf is not allowed' }, outcome: 'block', notRun: [] };
    const fixture = {
      cases: [
        {
          name: 'gemini',
          cwd: path.join(agents, 'gemini'),
          dialect: 'gemini',
          trust: true,
          event: 'BeforeTool',
          tool: 'run_shell_command',
          toolInput: { command: 'rm -rf /' },
          expect: { verdict: block },
        },
        {
          name: 'claude',
          cwd: path.join(agents, 'claude'),
          dialect: 'claude',
          trust: true,
          event: 'PreToolUse',
          tool: 'Bash',
          toolInput: { command: 'rm -rf /' },
          expect: { verdict: block },
        },
        {
          name: 'rewrite',
          cwd: path.join(agents, 'claude'),
          dialect: 'claude',
          trust: true,
          event: 'PreToolUse',
          tool: 'Bash',
          toolInput: { command: 'git push --force' },
          expect: { verdict: { outcome: 'proceed', updatedInput: { subset: { command: 'git push --force-with-lease' } } } },
        },
        {
          name: 'untrusted',
          cwd: path.join(agents, 'gemini'),
          dialect: 'gemini',
          event: 'BeforeTool',
          tool: 'run_shell_command',
          toolInput: { command: 'ls' },
          expect: { verdict: { notRun: [{ hook: 'guard', why: 'untrusted' }] } },
        },
      ],
    };
    const file = await sb.write('verdict.hooktest.json', JSON.stringify(fixture));
    const passing = await hookrun(['test', file, '--yes'], { env: sb.env });
    expect(passing.exitCode, passing.stdout + passing.stderr).toBe(0);

    fixture.cases[1]!.expect.verdict = { ...block, reason: { contains: 'something else' } };
    const wrong = await sb.write('wrong.hooktest.json', JSON.stringify(fixture));
    const failing = await hookrun(['test', wrong, '--yes'], { env: sb.env });
    expect(failing.exitCode).toBe(1);
    expect(failing.stdout + failing.stderr).toContain('verdict.reason');
  });
});

describe('hookrun trust', () => {
  test('a --folder rule that still leaves the workspace untrusted (a closer DO_NOT_TRUST rule) says so', async () => {
    const sb = await sandbox();
    await hookrun(['trust', '--folder', '--level', 'DO_NOT_TRUST', '-C', sb.ws], { env: sb.env });
    const parent = await hookrun(['trust', '--folder', sb.root, '-C', sb.ws], { env: sb.env });
    expect(parent.exitCode).toBe(0);
    expect(parent.stdout).toContain(`Note: ${sb.ws} is still not trusted (DO_NOT_TRUST`);
    expect(parent.stdout).toContain('its project hooks stay held back');
    const json = await hookrun(['trust', '--folder', sb.root, '-C', sb.ws, '--json'], { env: sb.env });
    expect(JSON.parse(json.stdout)).toMatchObject({ workspaceTrusted: false });
    const own = await hookrun(['trust', '--folder', '-C', sb.ws], { env: sb.env });
    expect(own.stdout).not.toContain('still not trusted');
  });
});

test('a settings file the agent skips whole (Claude Code: a comment) is in the verdict as dropped-file; its own warning is the stderr line', async () => {
  const sb = await sandbox();
  await sb.write(
    path.join(sb.ws, '.claude/settings.json'),
    '{\n // a comment\n "hooks": { "PreToolUse": [{ "matcher": "Bash", "hooks": [{ "type": "command", "command": "exit 2" }] }] }\n}\n',
  );
  const run = await hookrun(['run', 'PreToolUse', '--dialect', 'claude', '--tool', 'Bash', '-C', sb.ws, '--trust-workspace', '--quiet', '--json'], { env: sb.env });
  expect(run.exitCode).toBe(0);
  expect(lines(run.stderr)).toEqual([expect.stringContaining('Claude Code skips this file whole')]);
  expect(JSON.parse(run.stdout).verdict).toMatchObject({ outcome: 'proceed', notRun: [{ hook: '*', source: path.join(sb.ws, '.claude/settings.json'), why: 'dropped-file' }] });
});
