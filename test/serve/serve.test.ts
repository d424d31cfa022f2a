// `hookrun serve` through real processes: the real bin on real pipes, real temp workspaces and hooks,
// its answers compared with what `hookrun run` prints and exits with for the same event.
import { existsSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { hookrun, makeSandbox, type Sandbox, stdoutJson } from '../helpers/cli.js';
import { SETTLE_MS } from '../../src/files/journal.js';
import { ServeClient } from './client.js';

const sandboxes: Sandbox[] = [];
const clients: ServeClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.kill();
});
afterAll(() => Promise.all(sandboxes.map((sb) => sb.cleanup())));

async function sandbox(): Promise<Sandbox & { trusted: Record<string, string> }> {
  const sb = await makeSandbox();
  sandboxes.push(sb);
  return Object.assign(sb, { trusted: { ...sb.env, GEMINI_CLI_TRUST_WORKSPACE: 'true' } });
}

function serve(sb: Sandbox, args: string[] = [], env: Record<string, string> = sb.env): ServeClient {
  const client = new ServeClient(['-C', sb.ws, ...args], { env });
  clients.push(client);
  return client;
}

const settings = (hooks: Record<string, unknown>) => JSON.stringify({ hooks });
const beforeTool = (command: string, matcher = 'run_shell_command', extra: Record<string, unknown> = {}) => ({
  BeforeTool: [{ matcher, hooks: [{ type: 'command', command, ...extra }] }],
});
/** A `run` answer without its verdict, once the verdict's outcome is checked to be the answer's. */
function withoutVerdict(answer: { outcome: string; verdict?: { outcome: string } }): Record<string, unknown> {
  const { verdict, ...rest } = answer;
  expect(verdict?.outcome).toBe(answer.outcome);
  return rest;
}
const shellEvent = (command = 'ls') => ({ tool_name: 'run_shell_command', tool_input: { command } });

describe('answers equal `hookrun run`', () => {
  test('a deny, an allow and no match: same output object and exit code, with the outcome word', async () => {
    const sb = await sandbox();
    await sb.write(
      path.join(sb.ws, '.gemini/settings.json'),
      settings(
        beforeTool(
          `node -e "const i=JSON.parse(require('fs').readFileSync(0,'utf8'));process.stdout.write(JSON.stringify(i.tool_input.command.includes('rm')?{decision:'deny',reason:'no rm'}:{decision:'allow'}))"`,
        ),
      ),
    );
    const client = serve(sb, [], sb.trusted);
    for (const [input, outcome] of [
      [shellEvent('rm -rf /'), 'block'],
      [shellEvent('ls'), 'proceed'],
      [{ tool_name: 'read_file', tool_input: {} }, 'proceed'],
    ] as const) {
      const run = await hookrun(['run', 'BeforeTool', '--event', JSON.stringify(input), '-C', sb.ws, '-q'], { env: sb.trusted });
      const { result } = await client.call('run', { event: 'BeforeTool', input });
      expect(withoutVerdict(result)).toEqual({ exitCode: run.exitCode, outcome, output: stdoutJson(run) });
    }
    client.end();
    expect(await client.exited).toEqual({ code: 0, signal: null });
    expect(client.stderr).toBe('');
  });

  test('options.report adds the --json report; dryRun and plan give the --dry-run plan', async () => {
    const sb = await sandbox();
    await sb.write(path.join(sb.ws, '.gemini/settings.json'), settings(beforeTool('echo \'{"decision":"deny","reason":"r"}\'')));
    const client = serve(sb, [], sb.trusted);
    const input = { ...shellEvent(), session_id: 's1', timestamp: '2026-01-01T00:00:00.000Z' };
    const json = await hookrun(['run', 'BeforeTool', '--event', JSON.stringify(input), '-C', sb.ws, '--json'], { env: sb.trusted });
    const { result } = await client.call('run', { event: 'BeforeTool', input, options: { report: true } });
    const expected = JSON.parse(json.stdout);
    const timeless = (report: any) => ({
      ...report,
      totalDurationMs: 0,
      results: report.results.map((r: any) => ({ ...r, durationMs: 0 })),
    });
    expect(timeless(result.report)).toEqual(timeless(expected));
    expect(result.output).toEqual(expected.output);
    expect(result.exitCode).toBe(2);

    const dry = await hookrun(['run', 'BeforeTool', '--event', JSON.stringify(input), '-C', sb.ws, '--dry-run', '-q'], { env: sb.trusted });
    const plan = await client.call('plan', { event: 'BeforeTool', input });
    expect(plan.result).toEqual(stdoutJson(dry));
    const dryRun = await client.call('run', { event: 'BeforeTool', input, options: { dryRun: true } });
    expect(dryRun.result).toEqual({ exitCode: 0, outcome: 'dry-run', output: stdoutJson(dry) });
  });

  test("the event name may come from input.hook_event_name; field options set fields on top, as run's flags", async () => {
    const sb = await sandbox();
    await sb.write(path.join(sb.ws, '.gemini/settings.json'), settings(beforeTool('cat > "$GEMINI_PROJECT_DIR/seen.json"', 'write_file')));
    const client = serve(sb, [], sb.trusted);
    const { result } = await client.call('run', {
      input: { hook_event_name: 'BeforeTool', tool_name: 'ignored' },
      options: { tool: 'write_file', toolInput: '{"file_path":"a.txt"}' },
    });
    expect(withoutVerdict(result)).toEqual({ exitCode: 0, outcome: 'proceed', output: {} });
    const seen = JSON.parse(readFileSync(path.join(sb.ws, 'seen.json'), 'utf8'));
    expect(seen).toMatchObject({ hook_event_name: 'BeforeTool', tool_name: 'write_file', tool_input: { file_path: 'a.txt' }, cwd: sb.ws });
  });

  test("claude and kiro: the same answers as run, by the session default and by a request's dialect", async () => {
    const sb = await sandbox();
    await sb.write(
      path.join(sb.ws, '.claude/settings.json'),
      JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'echo "claude says no" >&2; exit 2' }] }] } }),
    );
    await sb.write(
      path.join(sb.ws, '.kiro/agents/dev.json'),
      JSON.stringify({ name: 'dev', hooks: { preToolUse: [{ matcher: 'execute_bash', command: 'echo "kiro says no" >&2; exit 2' }] } }),
    );
    const claudeArgs = ['run', 'PreToolUse', '--dialect', 'claude', '--tool', 'Bash', '--tool-input', '{"command":"ls"}', '-C', sb.ws, '-q', '--trust-workspace'];
    const kiroArgs = [
      'run',
      'preToolUse',
      '--dialect',
      'kiro',
      '--agent',
      'dev',
      '--tool',
      'execute_bash',
      '--tool-input',
      '{"command":"ls"}',
      '-C',
      sb.ws,
      '-q',
      '--trust-workspace',
    ];
    const claudeRun = await hookrun(claudeArgs, { env: sb.env });
    const kiroRun = await hookrun(kiroArgs, { env: sb.env });
    expect(claudeRun.exitCode).toBe(2);
    expect(kiroRun.exitCode).toBe(2);

    const claude = serve(sb, ['--dialect', 'claude', '--trust-workspace']);
    const byDefault = await claude.call('run', { event: 'PreToolUse', input: { tool_name: 'Bash', tool_input: { command: 'ls' } } });
    expect(withoutVerdict(byDefault.result)).toEqual({ exitCode: claudeRun.exitCode, outcome: 'block', output: stdoutJson(claudeRun) });
    const kiro = await claude.call('run', {
      event: 'preToolUse',
      dialect: 'kiro',
      input: { tool_name: 'execute_bash', tool_input: { command: 'ls' } },
      options: { agent: 'dev' },
    });
    expect(withoutVerdict(kiro.result)).toEqual({ exitCode: kiroRun.exitCode, outcome: 'block', output: stdoutJson(kiroRun) });
  });
});

describe('a session', () => {
  test('sees a settings edit at the next request, and a trust file written between two', async () => {
    const sb = await sandbox();
    const file = path.join(sb.ws, '.gemini/settings.json');
    await sb.write(file, settings(beforeTool('echo \'{"decision":"deny","reason":"first"}\'')));
    await sb.write('trustedFolders.json', JSON.stringify({ [sb.ws]: 'TRUST_FOLDER' }));
    const client = serve(sb, ['--hook-trust', 'warn']);
    const first = await client.call('run', { event: 'BeforeTool', input: shellEvent() });
    expect(first.result).toMatchObject({ exitCode: 2, output: { reason: 'first' } });
    // Same size, same second: only the content differs.
    await sb.write(file, settings(beforeTool('echo \'{"decision":"deny","reason":"again"}\'')));
    const second = await client.call('run', { event: 'BeforeTool', input: shellEvent() });
    expect(second.result).toMatchObject({ exitCode: 2, output: { reason: 'again' } });
    await sb.write(file, settings({}));
    expect(withoutVerdict((await client.call('run', { event: 'BeforeTool', input: shellEvent() })).result)).toEqual({ exitCode: 0, outcome: 'proceed', output: {} });
    // The folder no longer trusted: the project hooks stop running at once.
    await sb.write(file, settings(beforeTool('echo \'{"decision":"deny","reason":"third"}\'')));
    await sb.write('trustedFolders.json', JSON.stringify({ [sb.ws]: 'DO_NOT_TRUST' }));
    expect(withoutVerdict((await client.call('run', { event: 'BeforeTool', input: shellEvent() })).result)).toEqual({ exitCode: 0, outcome: 'proceed', output: {} });
    // A .env file appears: the next hook sees it.
    await sb.write('trustedFolders.json', JSON.stringify({ [sb.ws]: 'TRUST_FOLDER' }));
    await sb.write(file, settings(beforeTool('echo "{\\"decision\\":\\"deny\\",\\"reason\\":\\"$FROM_DOTENV\\"}"')));
    await sb.write(path.join(sb.ws, '.env'), 'FROM_DOTENV=dotenv-value\n');
    const withEnv = await client.call('run', { event: 'BeforeTool', input: shellEvent() });
    expect(withEnv.result).toMatchObject({ output: { reason: 'dotenv-value' } });
  });

  test('a same-size edit that puts the mtime back is seen, though the unchanged files are kept between requests', async () => {
    const sb = await sandbox();
    const file = path.join(sb.ws, '.gemini/settings.json');
    const folders = path.join(sb.root, 'trustedFolders.json');
    const old = new Date(Date.now() - 3_600_000);
    await sb.write(file, settings(beforeTool('echo \'{"decision":"deny","reason":"first"}\'')));
    await sb.write(folders, JSON.stringify({ [sb.ws]: 'TRUST_FOLDER' }));
    for (const f of [file, folders]) utimesSync(f, old, old);
    // Past the window in which an edit could hide in the same timestamp tick (src/files/cache.ts): from
    // here on the server may answer from what it kept, and must notice every change.
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS.coarse + 200));
    const client = serve(sb, ['--hook-trust', 'warn']);
    const ask = async () => (await client.call('run', { event: 'BeforeTool', input: shellEvent() })).result;
    expect(await ask()).toMatchObject({ exitCode: 2, output: { reason: 'first' } });
    expect(await ask()).toMatchObject({ exitCode: 2, output: { reason: 'first' } });
    const before = statSync(file);
    writeFileSync(file, settings(beforeTool('echo \'{"decision":"deny","reason":"again"}\'')));
    utimesSync(file, old, old);
    expect([statSync(file).size, statSync(file).mtimeMs, statSync(file).ino]).toEqual([before.size, before.mtimeMs, before.ino]);
    expect(await ask()).toMatchObject({ exitCode: 2, output: { reason: 'again' } });
    // The same for the trust file: a rule for another folder of the same length, the mtime put back.
    const elsewhere = `${sb.ws.slice(0, -1)}${sb.ws.endsWith('x') ? 'y' : 'x'}`;
    writeFileSync(folders, JSON.stringify({ [elsewhere]: 'TRUST_FOLDER' }));
    utimesSync(folders, old, old);
    expect(withoutVerdict(await ask())).toEqual({ exitCode: 0, outcome: 'proceed', output: {} });
  });

  test('overlapping requests are answered by id as they finish, not in the order sent', async () => {
    const sb = await sandbox();
    await sb.write(
      path.join(sb.ws, '.gemini/settings.json'),
      settings({
        BeforeTool: [
          { matcher: 'slow_tool', hooks: [{ type: 'command', command: 'sleep 1; echo \'{"decision":"deny","reason":"slow"}\'' }] },
          { matcher: 'fast_tool', hooks: [{ type: 'command', command: 'echo \'{"decision":"deny","reason":"fast"}\'' }] },
        ],
      }),
    );
    const client = serve(sb, [], sb.trusted);
    const slow = client.send('run', { event: 'BeforeTool', input: { tool_name: 'slow_tool' } }, 'slow');
    const fast = client.send('run', { event: 'BeforeTool', input: { tool_name: 'fast_tool' } }, 'fast');
    expect((await client.answer(fast)).result.output.reason).toBe('fast');
    expect((await client.answer(slow)).result.output.reason).toBe('slow');
    expect(client.answers.map((a) => a.id)).toEqual(['fast', 'slow']);
  });

  test('first requests for a dialect not loaded yet, sent at once, are each answered by it', async () => {
    const sb = await sandbox();
    await sb.write(
      path.join(sb.ws, '.claude/settings.json'),
      JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'echo "kept out" >&2; exit 2' }] }] } }),
    );
    // --dialect gemini: the session's own dialect is not claude (detection would load it at startup).
    const client = serve(sb, ['--dialect', 'gemini'], sb.trusted);
    const ids = ['a', 'b', 'c', 'd'].map((id) =>
      client.send('run', { dialect: 'claude', event: 'PreToolUse', input: { tool_name: 'Bash', tool_input: { command: 'ls' } }, options: { trustWorkspace: true } }, id),
    );
    for (const id of ids) expect((await client.answer(id)).result).toMatchObject({ exitCode: 2, outcome: 'block' });
  });

  test('command-line options are the defaults; a request overrides them', async () => {
    const sb = await sandbox();
    await sb.write(path.join(sb.ws, '.gemini/settings.json'), settings(beforeTool('exit 1')));
    const client = serve(sb, ['--fail-closed'], sb.trusted);
    const closed = await client.call('run', { event: 'BeforeTool', input: shellEvent() });
    const run = await hookrun(['run', 'BeforeTool', '--event', JSON.stringify(shellEvent()), '-C', sb.ws, '-q', '--fail-closed'], { env: sb.trusted });
    expect(withoutVerdict(closed.result)).toEqual({ exitCode: run.exitCode, outcome: 'block', output: stdoutJson(run) });
    expect(run.exitCode).toBe(2);
    const open = await client.call('run', { event: 'BeforeTool', input: shellEvent(), options: { failClosed: false } });
    expect(withoutVerdict(open.result)).toEqual({ exitCode: 0, outcome: 'proceed', output: {} });
  });

  test('a notification is processed and gets no answer', async () => {
    const sb = await sandbox();
    await sb.write(path.join(sb.ws, '.gemini/settings.json'), settings(beforeTool('touch "$GEMINI_PROJECT_DIR/notified"')));
    const client = serve(sb, [], sb.trusted);
    client.notify('run', { event: 'BeforeTool', input: shellEvent() });
    client.notify('run', { event: 'NoSuchEvent' });
    await client.call('run', { event: 'SessionStart', input: { source: 'startup' } });
    client.end();
    expect((await client.exited).code).toBe(0);
    expect(existsSync(path.join(sb.ws, 'notified'))).toBe(true);
    expect(client.answers).toHaveLength(1);
  });

  test('shutdown answers null once every event in flight has answered, then exits 0', async () => {
    const sb = await sandbox();
    await sb.write(path.join(sb.ws, '.gemini/settings.json'), settings(beforeTool('sleep 0.5; echo \'{"decision":"deny","reason":"late"}\'')));
    const client = serve(sb, [], sb.trusted);
    const slow = client.send('run', { event: 'BeforeTool', input: shellEvent() });
    const shutdown = client.send('shutdown');
    expect((await client.answer(shutdown)).result).toBeNull();
    expect(client.answers.map((a) => a.id)).toEqual([slow, shutdown]);
    expect(client.answers[0]!.result.output.reason).toBe('late');
    expect(await client.exited).toEqual({ code: 0, signal: null });
  });

  test('end of input with an event in flight: the event is answered, then exit 0', async () => {
    const sb = await sandbox();
    await sb.write(path.join(sb.ws, '.gemini/settings.json'), settings(beforeTool('sleep 0.5; echo \'{"decision":"deny","reason":"in flight"}\'')));
    const client = serve(sb, [], sb.trusted);
    const id = client.send('run', { event: 'BeforeTool', input: shellEvent() });
    client.end();
    expect(await client.exited).toEqual({ code: 0, signal: null });
    expect(client.answers).toEqual([
      {
        jsonrpc: '2.0',
        id,
        result: {
          exitCode: 2,
          outcome: 'block',
          output: { continue: true, suppressOutput: false, decision: 'deny', reason: 'in flight' },
          verdict: { outcome: 'block', reason: 'in flight', notRun: [] },
        },
      },
    ]);
  });
});

describe('errors say what and where; the server goes on', () => {
  test('a bad line, an unknown method, an unknown event, bad params: each its error, then a good request is answered', async () => {
    const sb = await sandbox();
    await sb.write(path.join(sb.ws, '.gemini/settings.json'), settings(beforeTool('echo \'{"decision":"deny","reason":"still up"}\'')));
    const client = serve(sb, [], sb.trusted);
    client.line('{"jsonrpc":"2.0","id":1,"method":"run",');
    const notJson = await client.answer(null);
    expect(notJson.error).toMatchObject({ code: -32700, data: { line: 1 } });
    expect(notJson.error!.message).toMatch(/^stdin line 1, column \d+: not JSON/);

    expect((await client.call('rnu', {})).error).toEqual({ code: -32601, message: 'stdin line 2: unknown method "rnu"; the methods are run, plan, shutdown', data: { line: 2 } });

    const unknown = (await client.call('run', { event: 'BeforeToool', input: {} })).error!;
    const cli = await hookrun(['run', 'BeforeToool', '--event', '{}', '-C', sb.ws], { env: sb.trusted });
    expect(cli.exitCode).toBe(1);
    expect(unknown).toMatchObject({ code: -32602, data: { exitCode: 1, line: 3 } });
    expect(`hookrun: error: ${unknown.message}\n`).toBe(cli.stderr);

    const wrongType = (await client.call('run', { event: 'BeforeTool', input: { tool_name: 42 } })).error!;
    const cliType = await hookrun(['run', 'BeforeTool', '--event', '{"tool_name":42}', '-C', sb.ws], { env: sb.trusted });
    expect(wrongType).toMatchObject({ code: -32602, data: { exitCode: 1 } });
    expect(cliType.stderr).toContain(wrongType.message.replace('params.input', '--event'));
    expect(wrongType.message).toContain('tool_name');

    expect((await client.call('run', { event: 'BeforeTool', options: { failClosd: true } })).error).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/^params\.options\.failClosd: unknown option; the options are failClosed, /),
    });
    expect((await client.call('run', { event: 'BeforeTool', options: { grace: '5' } })).error!.message).toBe('params.options.grace must be a whole number >= 0, got string');
    expect((await client.call('run', { event: 'BeforeTool', input: [] })).error!.message).toBe('params.input must be an object (the event JSON), got array');
    expect((await client.call('run', { event: 'BeforeTool', cwd: 'nowhere' })).error!.message).toBe(
      `workspace ${path.join(sb.ws, 'nowhere')} does not exist; give an existing directory with -C`,
    );

    client.line('[]');
    client.line('{"jsonrpc":"1.0","id":"old","method":"run"}');
    client.line('{"jsonrpc":"2.0","id":{},"method":"run"}');
    client.line('42');
    const invalid = client.answers.length;
    const good = await client.call('run', { event: 'BeforeTool', input: shellEvent() });
    const invalids = client.answers.slice(invalid, invalid + 4);
    expect(invalids.map((a) => [a.id, a.error!.code])).toEqual([
      [null, -32600],
      ['old', -32600],
      [null, -32600],
      [null, -32600],
    ]);
    expect(invalids[1]!.error!.message).toBe('stdin line 10: not a JSON-RPC 2.0 request: "jsonrpc" must be "2.0", got "1.0"');
    expect(good.result).toMatchObject({ exitCode: 2, output: { reason: 'still up' } });
  });

  test("a settings file that does not parse: exit code 1 and run's message, with its place", async () => {
    const sb = await sandbox();
    await sb.write(path.join(sb.ws, '.gemini/settings.json'), '{ "hooks": { "BeforeTool": [ }');
    const cli = await hookrun(['run', 'BeforeTool', '--event', '{}', '-C', sb.ws], { env: sb.trusted });
    const client = serve(sb, [], sb.trusted);
    const { error } = await client.call('run', { event: 'BeforeTool', input: {} });
    expect(cli.exitCode).toBe(1);
    expect(error).toMatchObject({ code: -32000, data: { exitCode: 1, kind: 'config', location: { file: path.join(sb.ws, '.gemini/settings.json') } } });
    expect(`hookrun: error: ${error!.message}\n`).toBe(cli.stderr);
  });
});

describe('stderr', () => {
  test('warnings always, once per session; the report only with --verbose', async () => {
    const sb = await sandbox();
    // Two traps Gemini CLI keeps quiet about: a lifecycle matcher that never fires, a hook type it drops.
    await sb.write(
      path.join(sb.ws, '.gemini/settings.json'),
      settings({
        SessionStart: [{ matcher: 'startup|resume', hooks: [{ type: 'command', command: 'true' }] }],
        BeforeTool: [{ matcher: 'run_shell_command', hooks: [{ type: 'Command', command: 'true' }] }],
      }),
    );
    const quiet = serve(sb, [], sb.trusted);
    for (let i = 0; i < 3; i++) await quiet.call('run', { event: 'SessionStart', input: { source: 'startup' } });
    quiet.end();
    await quiet.exited;
    const warnings = quiet.stderr.split('\n').filter((line) => line !== '');
    expect(warnings).toHaveLength(2);
    expect(warnings.join('\n')).toContain('[matcher-regex-on-exact-event]');
    expect(warnings.join('\n')).toContain('[invalid-hook-type]');
    expect(warnings.every((line) => line.startsWith('hookrun: warning: '))).toBe(true);
    expect(new Set(warnings).size).toBe(warnings.length);

    const verbose = serve(sb, ['--verbose'], sb.trusted);
    await verbose.call('run', { event: 'SessionStart', input: { source: 'startup' } });
    verbose.end();
    await verbose.exited;
    expect(verbose.stderr).toContain('hookrun serve: ready');
    expect(verbose.stderr).toContain('hookrun: SessionStart: no hook matched');
    expect(verbose.stderr).toContain('hookrun: outcome: proceed (exit 0)');
  });
});
