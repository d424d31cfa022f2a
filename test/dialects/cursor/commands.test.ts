// The other commands with --dialect cursor (contract: "Other dialects"): validate's silent drops and
// cross-agent traps at file:line:column with a fix, list, explain, auto detection, test fixtures, serve.
import path from 'node:path';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { hookrun, stdoutJson } from '../../helpers/cli.js';
import { ServeClient } from '../../serve/client.js';
import { cleanupAll, cursorSandbox, hooksFile, marked, shellEvent } from './sandbox.js';

afterAll(cleanupAll);
const clients: ServeClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.kill();
});

const TRAPS = `{
  "version": 1,
  "hooks": {
    "PreToolUse": [{ "command": "./guard.sh" }],
    "preToolUse": [
      { "matcher": "Bash", "hooks": [{ "type": "command", "command": "./guard.sh" }] },
      { "command": "./edit.sh", "matcher": "Edit|Write", "timeout": 5000 }
    ],
    "beforeShellExecution": [
      { "command": "./rm.sh", "matcher": "rm *" },
      { "command": "./any.sh", "matcher": "*.env" }
    ],
    "stop": [{ "command": "./again.sh", "loop_limit": "5", "fail_closed": true }]
  }
}
`;

describe.concurrent('validate --dialect cursor', () => {
  test('silent drops are errors, traps are warnings, each at file:line:column with a fix; untrusted files are checked too', async () => {
    const sb = await cursorSandbox({ 'ws/.cursor/hooks.json': TRAPS });
    const r = await sb.cli(['validate', '--dialect', 'cursor'], {});
    expect(r.exitCode, r.stdout + r.stderr).toBe(1);
    const out = r.stdout;
    expect(out).toMatch(/hooks\.json:4:5: error: hooks\.PreToolUse: Cursor has no "PreToolUse" event.*\[cursor-unknown-event\]\n\s+fix: rename "PreToolUse" to "preToolUse"/);
    expect(out).toMatch(/hooks\.json:6:7: error: .*Claude Code matcher group.*\[cursor-claude-group-shape\]/);
    expect(out).toMatch(/hooks\.json:7:\d+: warning: .*timeout is 5000 seconds.*not milliseconds \[cursor-timeout-looks-like-ms\]\n\s+fix: write 5 for 5000 ms/);
    expect(out).toMatch(/hooks\.json:7:\d+: warning: .*"Edit" is another agent's tool name.*\[cursor-foreign-tool-name\]\n\s+fix: use "Write"/);
    expect(out).toMatch(/hooks\.json:10:\d+: warning: .*"rm \*" reads like a glob.*\[cursor-glob-matcher\]\n\s+fix: write "rm \.\*"/);
    expect(out).toMatch(/hooks\.json:11:\d+: error: .*"\*\.env" is not a valid JavaScript regular expression.*\[cursor-invalid-matcher\]/);
    expect(out).toMatch(/hooks\.json:13:\d+: warning: .*loop_limit must be a whole number.*\[cursor-invalid-loop-limit\]/);
    expect(out).toMatch(/hooks\.json:13:\d+: warning: .*Cursor ignores "fail_closed".*\[cursor-unknown-key\]\n\s+fix: rename it "failClosed"/);
    const json = JSON.parse(
      (await sb.cli(['validate', '--dialect', 'cursor', '--json', '--ignore', 'cursor-unknown-event,cursor-claude-group-shape,cursor-invalid-matcher'])).stdout,
    );
    expect(json.summary.errors).toBe(0);
  });

  test('an unparseable file is an error at its line and column; a clean file passes --strict; an unknown --ignore code exits 2', async () => {
    const sb = await cursorSandbox({ 'home/.cursor/hooks.json': '{\n  "version": 1,\n  "hooks": { "stop": [ } \n}\n' });
    const broken = await sb.cli(['validate', '--dialect', 'cursor']);
    expect(broken.exitCode).toBe(1);
    expect(broken.stdout).toMatch(/\.cursor\/hooks\.json:3:\d+: error: .*\[cursor-file-unreadable\]/);
    await sb.write(path.join(sb.home, '.cursor/hooks.json'), JSON.stringify(hooksFile({ beforeShellExecution: [{ command: './guard.sh', matcher: 'curl|wget', timeout: 10 }] })));
    const clean = await sb.cli(['validate', '--dialect', 'cursor', '--strict']);
    expect(clean.exitCode, clean.stdout).toBe(0);
    expect((await sb.cli(['validate', '--dialect', 'cursor', '--ignore', 'nope'])).exitCode).toBe(2);
  });

  test('Claude Code hooks in the workspace are noted as not loaded without third-party configs', async () => {
    const sb = await cursorSandbox({ 'ws/.claude/settings.json': { hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: 'x' }] }] } } });
    const r = await sb.cli(['validate', '--dialect', 'cursor']);
    expect(r.exitCode, r.stdout).toBe(0);
    expect(r.stdout).toContain('[cursor-third-party-off]');
  });
});

describe.concurrent('list, explain, auto, test', () => {
  test('list --dialect cursor shows every source; explain says why each hook fires or not', async () => {
    const sb = await cursorSandbox({
      'ws/.cursor/hooks.json': hooksFile({ beforeShellExecution: [{ command: 'project.sh', matcher: 'rm' }] }),
      'home/.cursor/hooks.json': hooksFile({ beforeShellExecution: [{ command: 'user.sh', matcher: 'git' }] }),
      'etc/cursor/hooks.json': hooksFile({ stop: [{ command: 'corp.sh' }] }),
    });
    const list = JSON.parse((await sb.cli(['list', '--dialect', 'cursor', '--all', '--json'])).stdout) as { hooks: { name: string }[] };
    expect(list.hooks.map((h) => h.name).sort()).toEqual(['corp.sh', 'project.sh', 'user.sh']);
    const explain = await sb.cli(['explain', 'beforeShellExecution', '--dialect', 'cursor', ...shellEvent('rm -rf x')]);
    expect(explain.exitCode, explain.stderr).toBe(0);
    expect(explain.stdout).toContain('regex /git/ (unanchored) does not match command "rm -rf x"');
    expect(explain.stdout).toContain('untrusted folder');
  });

  test('--dialect auto picks cursor by .cursor/hooks.json in the workspace, or ~/.cursor/hooks.json', async () => {
    const sb = await cursorSandbox({ 'home/.cursor/hooks.json': hooksFile({ stop: [{ command: `echo '{"followup_message":"more"}'` }] }) });
    const user = await hookrun(['run', 'stop', '--dialect', 'auto', '-C', sb.ws], { env: sb.env });
    expect(user.exitCode, user.stderr).toBe(2);
    expect(user.stderr).toContain('--dialect auto: cursor');
    await sb.write(path.join(sb.ws, '.cursor/hooks.json'), JSON.stringify(hooksFile({})));
    const project = await hookrun(['run', 'stop', '--dialect', 'auto', '-C', sb.ws], { env: sb.env });
    expect(project.stderr).toContain(`--dialect auto: cursor (${path.join(sb.ws, '.cursor', 'hooks.json')})`);
  });

  test('hookrun test runs fixtures with dialect: cursor', async () => {
    const sb = await cursorSandbox({
      'ws/.cursor/hooks.json': hooksFile({ beforeShellExecution: [{ command: `echo '{"permission":"deny","agent_message":"no rm"}'`, matcher: 'rm' }] }),
      'ws/a.hooktest.yaml':
        'defaults: { trust: true, dialect: cursor }\ncases:\n  - name: rm is denied\n    event: beforeShellExecution\n    input: { command: "rm -rf /" }\n    expect: { exitCode: 2, output: { subset: { permission: deny } } }\n  - name: ls runs\n    event: beforeShellExecution\n    input: { command: ls }\n    expect: { outcome: proceed }\n',
    });
    const r = await sb.cli(['test', '--ci']);
    expect(r.exitCode, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain('2 passed');
  });

  test("a fixture's additionalContext is what Cursor reads: the top-level additional_context", async () => {
    const sb = await cursorSandbox({
      'ws/.cursor/hooks.json': hooksFile({ sessionStart: [{ command: `cat >/dev/null; echo '{"additional_context":"on branch main"}'` }] }),
      'ws/a.hooktest.yaml': 'defaults: { trust: true, dialect: cursor }\ncases:\n  - event: sessionStart\n    expect: { additionalContext: { contains: "branch main" } }\n',
    });
    const r = await sb.cli(['test', '--ci']);
    expect(r.exitCode, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain('1 passed');
  });
});

describe('serve', () => {
  test('a cursor event over JSON-RPC answers as `hookrun run` does', async () => {
    const sb = await cursorSandbox({
      'ws/.cursor/hooks.json': hooksFile({ beforeShellExecution: [{ command: marked('h', { permission: 'deny', agent_message: 'served' }), matcher: 'rm' }] }),
    });
    const input = { command: 'rm -rf build', conversation_id: 'c1', generation_id: 'g1' };
    const run = await hookrun(['run', 'beforeShellExecution', '--dialect', 'cursor', '--trust-workspace', '--event', JSON.stringify(input), '-C', sb.ws, '-q'], { env: sb.env });
    const client = new ServeClient(['-C', sb.ws, '--dialect', 'cursor', '--trust-workspace'], { env: sb.env });
    clients.push(client);
    const { result } = await client.call('run', { event: 'beforeShellExecution', input });
    expect(result).toEqual({ exitCode: 2, outcome: 'block', output: stdoutJson(run), verdict: { outcome: 'block', reason: 'served', notRun: [] } });
    expect(result.output).toEqual({ permission: 'deny', agent_message: 'served' });
    client.end();
    expect(await client.exited).toEqual({ code: 0, signal: null });
  });
});
