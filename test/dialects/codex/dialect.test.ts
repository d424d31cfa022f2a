// `--dialect codex` end to end through the real CLI, for what the shared conformance cases leave out:
// the files and their precedence, trust (Codex's record, hookrun's, the flag), the hook-review bypass and
// [hooks.state], how a hook is started, the strict output schemas, exit 2 without stderr, config.toml
// errors, --fail-closed, --dry-run, explain, list, auto, `hookrun test` fixtures and serve.
import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { hookrun, makeSandbox, type Sandbox } from '../../helpers/cli.js';
import { ServeClient } from '../../serve/client.js';

const sandboxes: Sandbox[] = [];
const clients: ServeClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.kill();
});
afterAll(() => Promise.all(sandboxes.map((sb) => sb.cleanup())));

type Box = Sandbox & { run(args: string[], env?: Record<string, string>): ReturnType<typeof hookrun>; fired(name: string): boolean };

async function sandbox(files: Record<string, unknown>): Promise<Box> {
  const sb = await makeSandbox();
  sandboxes.push(sb);
  for (const [relative, content] of Object.entries(files)) {
    const text = typeof content === 'string' ? content : JSON.stringify(content, null, 2);
    await sb.write(relative.replaceAll('@ROOT@', sb.root), text.replaceAll('@ROOT@', sb.root));
  }
  return Object.assign(sb, {
    run: (args: string[], env: Record<string, string> = {}) => hookrun(['run', ...args, '--dialect', 'codex', '-C', sb.ws], { env: { ...sb.env, ...env } }),
    fired: (name: string) => existsSync(path.join(sb.root, `fired-${name}`)),
  });
}

const hooks = (event: string, command: string, extra: Record<string, unknown> = {}, matcher?: string) => ({
  hooks: { [event]: [{ ...(matcher !== undefined ? { matcher } : {}), hooks: [{ type: 'command', command, ...extra }] }] },
});
const print = (output: unknown) => `printf '%s\\n' '${JSON.stringify(output)}'`;
const BASH = ['--tool', 'Bash', '--tool-input', '{"command":"ls"}'];
const TRUST = ['--trust-workspace'];
const deny = (reason: string) => print({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason } });

describe.concurrent('files and precedence', () => {
  test('system, user hooks.json, user config.toml and project all run; the system dir comes from HOOKRUN_CODEX_SYSTEM_DIR', async () => {
    const sb = await sandbox({
      'etc/codex/hooks.json': hooks('UserPromptSubmit', 'touch @ROOT@/fired-system; echo from-system'),
      'home/.codex/hooks.json': hooks('UserPromptSubmit', 'touch @ROOT@/fired-user-json; echo from-user'),
      'home/.codex/config.toml': '[[hooks.UserPromptSubmit]]\n[[hooks.UserPromptSubmit.hooks]]\ntype = "command"\ncommand = "touch @ROOT@/fired-user-toml"\n',
      'ws/.codex/hooks.json': hooks('UserPromptSubmit', 'touch @ROOT@/fired-project; echo from-project'),
    });
    const r = await sb.run(['UserPromptSubmit', '--prompt', 'hi', ...TRUST]);
    expect(r.exitCode, r.stderr).toBe(0);
    for (const name of ['system', 'user-json', 'user-toml', 'project']) expect(sb.fired(name), name).toBe(true);
    // Contexts in layer order: system, user, project.
    expect(JSON.parse(r.stdout).hookSpecificOutput.additionalContext).toBe('from-system\nfrom-user\nfrom-project');
  });

  test('CODEX_HOME moves the user layer', async () => {
    const sb = await sandbox({ 'elsewhere/hooks.json': hooks('Stop', 'touch @ROOT@/fired-moved') });
    const r = await sb.run(['Stop'], { CODEX_HOME: path.join(sb.root, 'elsewhere') });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(sb.fired('moved')).toBe(true);
  });

  test('project .codex/ folders from the repository root down to the cwd load; above the .git they do not', async () => {
    const sb = await sandbox({
      '.codex/hooks.json': hooks('Stop', 'touch @ROOT@/fired-above-git'),
      'ws/.codex/hooks.json': hooks('Stop', 'touch @ROOT@/fired-root'),
      'ws/sub/.codex/hooks.json': hooks('Stop', 'touch @ROOT@/fired-sub'),
    });
    await mkdir(path.join(sb.ws, '.git'));
    const r = await hookrun(['run', 'Stop', '--dialect', 'codex', '--trust-workspace', '-C', path.join(sb.ws, 'sub')], { env: sb.env });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(sb.fired('root')).toBe(true);
    expect(sb.fired('sub')).toBe(true);
    expect(sb.fired('above-git')).toBe(false);
  });

  test('without a .git only the cwd .codex/ is a project layer', async () => {
    const sb = await sandbox({ 'ws/.codex/hooks.json': hooks('Stop', 'touch @ROOT@/fired-parent') });
    await mkdir(path.join(sb.ws, 'sub'));
    await hookrun(['run', 'Stop', '--dialect', 'codex', '--trust-workspace', '-C', path.join(sb.ws, 'sub')], { env: sb.env });
    expect(sb.fired('parent')).toBe(false);
  });

  test('identical handlers are not deduplicated: each runs', async () => {
    const twice = { type: 'command', command: 'echo x >> @ROOT@/count' };
    const sb = await sandbox({ 'home/.codex/hooks.json': { hooks: { Stop: [{ hooks: [twice, twice] }, { hooks: [twice] }] } } });
    const r = await sb.run(['Stop']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(readFileSync(path.join(sb.root, 'count'), 'utf8').trim().split('\n')).toHaveLength(3);
  });

  test('a [hooks] table that does not deserialize drops that source only, with a warning at file:line', async () => {
    const sb = await sandbox({
      'home/.codex/config.toml': '[hooks]\nStop = "not a list"\n',
      'home/.codex/hooks.json': hooks('Stop', 'touch @ROOT@/fired-json'),
    });
    const r = await sb.run(['Stop']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(sb.fired('json')).toBe(true);
    expect(r.stderr).toMatch(/config\.toml:2:1: failed to parse TOML hooks in .*hooks\.Stop must be an array/);
  });

  test('a hooks.json with an unknown top-level key is dropped with a warning at that key; the other files load', async () => {
    const sb = await sandbox({
      'home/.codex/hooks.json':
        '{\n  "description": "guards",\n  "version": 1,\n  "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "touch @ROOT@/fired-versioned"}]}]}\n}\n',
      'home/.codex/config.toml': '[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "touch @ROOT@/fired-toml"\n',
    });
    const r = await sb.run(['Stop']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(sb.fired('versioned')).toBe(false);
    expect(sb.fired('toml')).toBe(true);
    expect(r.stderr).toMatch(/hooks\.json:3:3: failed to parse hooks config .*unknown top-level field "version": Codex reads only "description" and "hooks"/);
  });

  test('an unparseable config.toml is exit 1 with file:line:column; in an untrusted project it is only a warning', async () => {
    const sb = await sandbox({ 'home/.codex/config.toml': 'model = "x"\nhooks = [\n' });
    const r = await sb.run(['Stop']);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/home\/\.codex\/config\.toml:3:1: not valid TOML/);
    const project = await sandbox({ 'ws/.codex/config.toml': '[[hooks.Stop]\n' });
    const untrusted = await project.run(['Stop']);
    expect(untrusted.exitCode, untrusted.stderr).toBe(0);
    expect((await project.run(['Stop', ...TRUST])).exitCode).toBe(1);
  });
});

describe.concurrent('trust (contract: trust in every dialect)', () => {
  const project = { 'ws/.codex/hooks.json': hooks('PreToolUse', `touch @ROOT@/fired-project; ${deny('project says no')}`) };

  test('project hooks do not run in an untrusted folder, user hooks do; stderr says how to trust, in hookrun and in Codex', async () => {
    const sb = await sandbox({ ...project, 'home/.codex/hooks.json': hooks('PreToolUse', 'touch @ROOT@/fired-user') });
    const r = await sb.run(['PreToolUse', ...BASH]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(sb.fired('user')).toBe(true);
    expect(sb.fired('project')).toBe(false);
    expect(r.stderr).toContain('is not a trusted folder');
    expect(r.stderr).toContain('hookrun trust --folder');
    expect(r.stderr).toContain('trust_level = "trusted"');
  });

  test('Codex\'s own record trusts the folder: [projects."<cwd>"] trust_level = "trusted"', async () => {
    const sb = await sandbox(project);
    await sb.write('home/.codex/config.toml', `[projects."${sb.ws}"]\ntrust_level = "trusted"\n`);
    const r = await sb.run(['PreToolUse', ...BASH]);
    expect(r.exitCode, r.stderr).toBe(2);
    expect(r.stdout).toContain('project says no');
  });

  test('Codex\'s record of the repository root covers a subfolder; "untrusted" keeps the hooks back even with hookrun\'s record', async () => {
    const sb = await sandbox({ 'ws/sub/.codex/hooks.json': hooks('PreToolUse', deny('sub says no')) });
    await mkdir(path.join(sb.ws, '.git'));
    const sub = path.join(sb.ws, 'sub');
    const run = () => hookrun(['run', 'PreToolUse', ...BASH, '--dialect', 'codex', '-C', sub], { env: sb.env });
    await sb.write('home/.codex/config.toml', `[projects."${sb.ws}"]\ntrust_level = "trusted"\n`);
    expect((await run()).exitCode).toBe(2);
    await sb.write('home/.codex/config.toml', `[projects."${sub}"]\ntrust_level = "untrusted"\n`);
    expect((await hookrun(['trust', '--folder', '-C', sub], { env: sb.env })).exitCode).toBe(0);
    const r = await run();
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toContain('trust_level = "untrusted"');
  }, 60_000);

  // A repository `ws` holding a trusted `ws/sub`: the parent's .codex/ stays held back until `ws` itself is trusted.
  test("trusting a subfolder does not run its untrusted parent's .codex/hooks.json", async () => {
    const sb = await sandbox({
      'ws/.codex/hooks.json': hooks('PreToolUse', `touch @ROOT@/fired-parent; ${deny('parent says no')}`),
      'ws/sub/.codex/hooks.json': hooks('PreToolUse', 'touch @ROOT@/fired-sub'),
    });
    await mkdir(path.join(sb.ws, '.git'));
    const sub = path.join(sb.ws, 'sub');
    const run = () => hookrun(['run', 'PreToolUse', ...BASH, '--dialect', 'codex', '-C', sub], { env: sb.env });
    expect((await hookrun(['trust', '--folder', '-C', sub], { env: sb.env })).exitCode).toBe(0);
    const r = await run();
    expect(r.exitCode, r.stderr).toBe(0);
    expect(sb.fired('sub')).toBe(true);
    expect(sb.fired('parent')).toBe(false);
    expect(r.stderr).toContain(`${sb.ws}, above the workspace, is not a trusted folder`);
    expect((await hookrun(['trust', '--folder', '-C', sb.ws], { env: sb.env })).exitCode).toBe(0);
    expect((await run()).exitCode).toBe(2);
  }, 60_000);

  test("--trust-workspace, HOOKRUN_TRUST_WORKSPACE and hookrun's folder record each trust it", async () => {
    const sb = await sandbox(project);
    expect((await sb.run(['PreToolUse', ...BASH, ...TRUST])).exitCode).toBe(2);
    expect((await sb.run(['PreToolUse', ...BASH], { HOOKRUN_TRUST_WORKSPACE: 'true' })).exitCode).toBe(2);
    expect((await hookrun(['trust', '--folder', '-C', sb.ws], { env: sb.env })).exitCode).toBe(0);
    expect((await sb.run(['PreToolUse', ...BASH])).exitCode).toBe(2);
  }, 60_000);

  test('the hook review is bypassed and said once on stderr (not with --quiet); enabled = false in [hooks.state] still disables', async () => {
    const sb = await sandbox({
      'home/.codex/hooks.json': {
        hooks: {
          Stop: [
            {
              hooks: [
                { type: 'command', command: 'touch @ROOT@/fired-a' },
                { type: 'command', command: 'touch @ROOT@/fired-b' },
              ],
            },
          ],
        },
      },
    });
    const file = path.join(sb.home, '.codex', 'hooks.json');
    await sb.write('home/.codex/config.toml', `[hooks.state."${file}:stop:0:1"]\nenabled = false\n`);
    const r = await sb.run(['Stop']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(sb.fired('a')).toBe(true);
    expect(sb.fired('b')).toBe(false);
    expect(r.stderr.match(/dangerously-bypass-hook-trust/g)).toHaveLength(1);
    expect((await sb.run(['Stop', '--quiet'])).stderr).not.toContain('bypass');
  });

  test('stderr names the hooks codex exec would skip unreviewed (no trusted_hash) and why; reviewed hooks are not named; bypass_hook_trust is said to be ignored', async () => {
    const stop = (name: string) => ({ type: 'command', command: `touch @ROOT@/fired-${name}` });
    const sb = await sandbox({ 'home/.codex/hooks.json': { hooks: { Stop: [{ hooks: [stop('reviewed'), stop('new')] }] } } });
    const file = path.join(sb.home, '.codex', 'hooks.json');
    await sb.write('home/.codex/config.toml', `bypass_hook_trust = true\n[hooks.state."${file}:stop:0:0"]\ntrusted_hash = "sha256:0123"\n`);
    const r = await sb.run(['Stop']);
    expect(r.exitCode, r.stderr).toBe(0);
    // hookrun still runs both, as codex --dangerously-bypass-hook-trust does.
    expect([sb.fired('reviewed'), sb.fired('new')]).toEqual([true, true]);
    const warning = r.stderr.split('\n').find((line) => line.includes('[codex-hooks-unreviewed]'))!;
    expect(warning).toContain('codex exec would skip 1 of 2 Codex hook(s) without a word');
    expect(warning).toMatch(new RegExp(`Stop at ${file}:\\d+:\\d+`));
    expect(warning.match(/Stop at /g)).toHaveLength(1);
    expect(warning).toContain(`bypass_hook_trust = true in ${path.join(sb.home, '.codex', 'config.toml')} does not change that, Codex ignores it`);
    expect(warning).toContain('the other 1 with a trusted_hash run in Codex only while unchanged since their review');

    await sb.write('home/.codex/config.toml', `[hooks.state."${file}:stop:0:0"]\ntrusted_hash = "a"\n[hooks.state."${file}:stop:0:1"]\ntrusted_hash = "b"\n`);
    const reviewed = await sb.run(['Stop']);
    expect(reviewed.stderr).not.toContain('codex-hooks-unreviewed');
  }, 120_000);

  test('the review warning lists five hooks and counts the rest', async () => {
    const many = Array.from({ length: 7 }, () => ({ type: 'command', command: 'true' }));
    const sb = await sandbox({ 'home/.codex/hooks.json': { hooks: { Stop: [{ hooks: many }] } } });
    const r = await sb.run(['Stop']);
    expect(r.stderr).toContain('would skip 7 of 7');
    expect(r.stderr.match(/Stop at /g)).toHaveLength(5);
    expect(r.stderr).toContain(', and 2 more');
  });

  test('[features] hooks = false turns every hook off', async () => {
    const sb = await sandbox({ 'home/.codex/hooks.json': hooks('Stop', 'touch @ROOT@/fired-off'), 'home/.codex/config.toml': '[features]\nhooks = false\n' });
    expect((await sb.run(['Stop'])).exitCode).toBe(0);
    expect(sb.fired('off')).toBe(false);
  });
});

describe.concurrent('how a hook runs', () => {
  test('/bin/bash -c whatever $SHELL says, never a login shell, in the payload cwd, the event on stdin with the fields Codex fills', async () => {
    const sb = await sandbox({
      'home/.codex/hooks.json': hooks(
        'PreToolUse',
        'echo "$0 ${BASH_VERSION:+bash}" > @ROOT@/shell; shopt -q login_shell && touch @ROOT@/login; pwd > @ROOT@/cwd; cat > @ROOT@/stdin',
      ),
      'home/.profile': 'touch @ROOT@/profile-read\n',
      'home/.bash_profile': 'touch @ROOT@/profile-read\n',
    });
    await sb.write('bin/fake-shell', `#!/bin/sh\ntouch ${sb.root}/fake-shell-ran\nexec /bin/sh "$@"\n`, 0o755);
    await mkdir(path.join(sb.root, 'there'));
    const input = { tool_name: 'Bash', tool_input: { command: 'ls' }, cwd: path.join(sb.root, 'there') };
    const r = await hookrun(['run', 'PreToolUse', '--dialect', 'codex', '--event', JSON.stringify(input), '-C', sb.ws], {
      env: { ...sb.env, SHELL: path.join(sb.root, 'bin/fake-shell') },
    });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(readFileSync(path.join(sb.root, 'shell'), 'utf8').trim()).toBe('/bin/bash bash');
    for (const marker of ['fake-shell-ran', 'login', 'profile-read']) expect(existsSync(path.join(sb.root, marker)), marker).toBe(false);
    expect(readFileSync(path.join(sb.root, 'cwd'), 'utf8').trim()).toBe(path.join(sb.root, 'there'));
    const stdin = JSON.parse(readFileSync(path.join(sb.root, 'stdin'), 'utf8'));
    expect(stdin).toMatchObject({ hook_event_name: 'PreToolUse', transcript_path: null, model: 'gpt-5-codex', permission_mode: 'default', tool_name: 'Bash' });
    expect(typeof stdin.turn_id).toBe('string');
  });

  test('bash-only syntax works: the hook is not read by sh or dash', async () => {
    const sb = await sandbox({ 'home/.codex/hooks.json': hooks('UserPromptSubmit', 'if [[ "$PWD" == /* ]]; then arr=(a b); echo "ctx-${arr[1]}"; fi') });
    const r = await sb.run(['UserPromptSubmit', '--prompt', 'hi'], { SHELL: '/bin/sh' });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).hookSpecificOutput.additionalContext).toBe('ctx-b');
  });

  test('the default timeout is 600 s', async () => {
    const sb = await sandbox({ 'home/.codex/hooks.json': hooks('Stop', 'true') });
    const r = await sb.run(['Stop', '--dry-run']);
    const plan = JSON.parse(r.stdout);
    expect(plan.hooks[0].timeoutMs).toBe(600_000);
  });

  test.each([
    ['an unknown key voids the output', { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'x' }, extra: 1 }, 0],
    ['ask is rejected (Codex hooks cannot ask)', { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask', permissionDecisionReason: 'x' } }, 0],
    ['allow without updatedInput is rejected', { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' } }, 0],
    ['deny without a reason is rejected', { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny' } }, 0],
    ['continue: false is rejected on PreToolUse', { continue: false, stopReason: 'x' }, 0],
    ['the legacy decision: block with a reason blocks', { decision: 'block', reason: 'legacy no' }, 2],
  ])('PreToolUse: %s', async (_name, output, exit) => {
    const sb = await sandbox({ 'home/.codex/hooks.json': hooks('PreToolUse', print(output)) });
    const r = await sb.run(['PreToolUse', ...BASH]);
    expect(r.exitCode, r.stderr).toBe(exit);
    if (exit === 0) expect(r.stderr).toContain('invalid PreToolUse JSON output');
    else expect(r.stdout).toContain('legacy no');
  });

  test('exit 2 with empty stderr does not block; plain stdout on Stop is a failed run; PostToolUse block is feedback only', async () => {
    const sb = await sandbox({
      'home/.codex/hooks.json': {
        hooks: {
          PreToolUse: [{ hooks: [{ type: 'command', command: 'exit 2' }] }],
          Stop: [{ hooks: [{ type: 'command', command: 'echo keep going' }] }],
          PostToolUse: [{ hooks: [{ type: 'command', command: print({ decision: 'block', reason: 'tests failed' }) }] }],
        },
      },
    });
    expect((await sb.run(['PreToolUse', ...BASH])).exitCode).toBe(0);
    const stop = await sb.run(['Stop']);
    expect(stop.exitCode).toBe(0);
    expect(stop.stdout.trim()).toBe('{}');
    const post = await sb.run(['PostToolUse', ...BASH]);
    expect(post.exitCode).toBe(0);
    expect(post.stdout).toContain('tests failed');
  });

  test('the first deny reason in configured order is the reason; updatedInput is dropped when blocked', async () => {
    const sb = await sandbox({
      'home/.codex/hooks.json': {
        hooks: {
          PreToolUse: [
            { hooks: [{ type: 'command', command: `sleep 0.3; ${deny('first')}` }] },
            { hooks: [{ type: 'command', command: deny('second') }] },
            {
              hooks: [
                { type: 'command', command: print({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', updatedInput: { command: 'ls -1' } } }) },
              ],
            },
          ],
        },
      },
    });
    const r = await sb.run(['PreToolUse', ...BASH]);
    expect(r.exitCode, r.stderr).toBe(2);
    const hso = JSON.parse(r.stdout).hookSpecificOutput;
    expect(hso.permissionDecisionReason).toBe('first');
    expect(hso.updatedInput).toBeUndefined();
  });

  test('--fail-closed: a timed-out PreToolUse hook blocks; a failed SessionStart hook cannot', async () => {
    const sb = await sandbox({
      'home/.codex/hooks.json': {
        hooks: {
          PreToolUse: [{ hooks: [{ type: 'command', command: 'sleep 5', timeout: 1 }] }],
          SessionStart: [{ hooks: [{ type: 'command', command: 'exit 7' }] }],
        },
      },
    });
    const pre = await sb.run(['PreToolUse', ...BASH, '--fail-closed']);
    expect(pre.exitCode, pre.stderr).toBe(2);
    expect(pre.stdout).toContain('timed out');
    expect((await sb.run(['SessionStart', '--source', 'startup', '--fail-closed'])).exitCode).toBe(0);
  });

  test('an event Codex does not have is exit 1 with a hint; hook_event_name must agree', async () => {
    const sb = await sandbox({});
    const r = await sb.run(['BeforeTool']);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/BeforeTool/);
    expect((await sb.run(['Stop', '--event', '{"hook_event_name":"SessionStart"}'])).exitCode).toBe(1);
  });
});

describe.concurrent('what Codex reads from an answer (Codex CLI 0.169.0)', { timeout: 120_000 }, () => {
  const group = (event: string, commands: string[]) => ({
    'home/.codex/hooks.json': { hooks: { [event]: [{ hooks: commands.map((command) => ({ type: 'command', command })) }] } },
  });

  test('PreToolUse: hookSpecificOutput decides over the legacy fields, and the reason is trimmed as the model is shown it', async () => {
    const sb = await sandbox(
      group('PreToolUse', [
        print({ decision: 'approve', reason: 'legacy', hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: '  new \n' } }),
      ]),
    );
    const r = await sb.run(['PreToolUse', ...BASH]);
    expect(r.exitCode, r.stderr).toBe(2);
    const out = JSON.parse(r.stdout);
    expect(out.hookSpecificOutput.permissionDecisionReason).toBe('new');
    expect(out.reason).toBeUndefined();
  });

  test("PostToolUse continue:false lets the turn go on (exit 0); the model gets Codex's words when no reason is given, reasons of several hooks joined by a blank line", async () => {
    const bare = await sandbox(group('PostToolUse', [print({ continue: false })]));
    const alone = await bare.run(['PostToolUse', ...BASH]);
    expect(alone.exitCode, alone.stderr).toBe(0);
    expect(JSON.parse(alone.stdout)).toMatchObject({ continue: false, decision: 'block', reason: 'PostToolUse hook stopped execution' });
    const two = await sandbox(group('PostToolUse', [print({ continue: false, stopReason: 'halted' }), print({ decision: 'block', reason: 'lint failed' })]));
    const both = await two.run(['PostToolUse', ...BASH]);
    expect(both.exitCode, both.stderr).toBe(0);
    expect(JSON.parse(both.stdout).reason).toBe('halted\n\nlint failed');
  });

  test('PostToolUse updatedMCPToolOutput counts on an MCP tool only', async () => {
    const sb = await sandbox(group('PostToolUse', [print({ hookSpecificOutput: { hookEventName: 'PostToolUse', updatedMCPToolOutput: 'redacted' } })]));
    const mcp = await sb.run(['PostToolUse', '--tool', 'mcp__memory__read', '--tool-input', '{}']);
    expect(mcp.exitCode, mcp.stderr).toBe(0);
    expect(JSON.parse(mcp.stdout).hookSpecificOutput.updatedMCPToolOutput).toBe('redacted');
    const bash = await sb.run(['PostToolUse', ...BASH]);
    expect(bash.stdout).not.toContain('redacted');
    expect(bash.stderr).toContain('"updatedMCPToolOutput" is supported only for an MCP tool');
  });

  test('UserPromptSubmit: a context named for another Codex event still reaches the model; an unknown name voids it', async () => {
    const other = await sandbox(group('UserPromptSubmit', [print({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 'ctx-other' } })]));
    const r = await other.run(['UserPromptSubmit', '--prompt', 'hi']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).hookSpecificOutput).toEqual({ hookEventName: 'UserPromptSubmit', additionalContext: 'ctx-other' });
    const bogus = await sandbox(group('UserPromptSubmit', [print({ hookSpecificOutput: { hookEventName: 'userPromptSubmit', additionalContext: 'ctx-bogus' } })]));
    const b = await bogus.run(['UserPromptSubmit', '--prompt', 'hi']);
    expect(b.stdout).not.toContain('ctx-bogus');
    expect(b.stderr).toContain('must name a Codex event');
  });

  test("PermissionRequest: a deny with a blank or null message gets Codex's default message", async () => {
    const sb = await sandbox(
      group('PermissionRequest', [print({ systemMessage: null, hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny', message: '  ' } } })]),
    );
    const r = await sb.run(['PermissionRequest', ...BASH]);
    expect(r.exitCode, r.stderr).toBe(2);
    expect(JSON.parse(r.stdout).hookSpecificOutput.decision).toEqual({ behavior: 'deny', message: 'PermissionRequest hook denied approval' });
  });
});

describe.concurrent("apply_patch under Claude Code's names", { timeout: 120_000 }, () => {
  const PATCH = ['--tool', 'apply_patch', '--tool-input', JSON.stringify({ command: '*** Begin Patch\n*** Add File: a.txt\n+a\n*** End Patch\n' })];

  test.each(['PreToolUse', 'PostToolUse', 'PermissionRequest'])(
    '%s: Edit|Write policies fire on an apply_patch call; a handler naming all three names runs once',
    async (event) => {
      const sb = await sandbox({
        'home/.codex/hooks.json': {
          hooks: {
            [event]: [
              { matcher: 'Edit|Write', hooks: [{ type: 'command', command: 'touch @ROOT@/fired-claude-names' }] },
              { matcher: 'apply_patch|Write|Edit', hooks: [{ type: 'command', command: 'echo x >> @ROOT@/count-all' }] },
              { matcher: 'MultiEdit|edit', hooks: [{ type: 'command', command: 'touch @ROOT@/fired-other' }] },
            ],
          },
        },
      });
      const r = await sb.run([event, ...PATCH]);
      expect(r.exitCode, r.stderr).toBe(0);
      expect(sb.fired('claude-names')).toBe(true);
      expect(sb.fired('other')).toBe(false);
      expect(readFileSync(path.join(sb.root, 'count-all'), 'utf8')).toBe('x\n');
    },
  );

  test('explain says the call was matched under an alias; the payload keeps tool_name "apply_patch"', async () => {
    const sb = await sandbox({ 'home/.codex/hooks.json': hooks('PreToolUse', 'cat > @ROOT@/stdin', {}, '^Edit$') });
    const r = await hookrun(['explain', 'PreToolUse', ...PATCH, '--dialect', 'codex', '-C', sb.ws], { env: sb.env });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout + r.stderr).toContain('Codex also matches tool_name "apply_patch" as "Write" and "Edit"');
    await sb.run(['PreToolUse', ...PATCH]);
    expect(JSON.parse(readFileSync(path.join(sb.root, 'stdin'), 'utf8')).tool_name).toBe('apply_patch');
  });
});

describe.concurrent('the other commands', () => {
  const files = {
    'home/.codex/hooks.json': {
      hooks: {
        PreToolUse: [
          { matcher: '^Bash$', hooks: [{ type: 'command', command: deny('no'), timeout: 30 }] },
          { matcher: 'apply_patch', hooks: [{ type: 'command', command: 'true' }] },
        ],
      },
    },
  };

  test('--dry-run shows the plan (matcher verdicts, seconds) and starts nothing', async () => {
    const sb = await sandbox(files);
    const r = await sb.run(['PreToolUse', ...BASH, '--dry-run']);
    expect(r.exitCode, r.stderr).toBe(0);
    const plan = JSON.parse(r.stdout);
    expect(plan.dialect).toBe('codex');
    expect(plan.hooks).toHaveLength(1);
    expect(plan.hooks[0].timeoutMs).toBe(30_000);
    expect(plan.hooks[0].matched).toContain('regex /^Bash$/');
  });

  test('explain says which hooks fire and why the others do not', async () => {
    const sb = await sandbox(files);
    const r = await hookrun(['explain', 'PreToolUse', ...BASH, '--dialect', 'codex', '-C', sb.ws], { env: sb.env });
    expect(r.exitCode, r.stderr).toBe(0);
    const text = r.stdout + r.stderr;
    expect(text).toContain('1 of 2');
    expect(text).toContain('"apply_patch"');
  });

  test('list --dialect codex shows every hook with its file:line:column', async () => {
    const sb = await sandbox(files);
    const r = await hookrun(['list', '--dialect', 'codex', '-C', sb.ws], { env: sb.env });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toContain('PreToolUse');
    expect(r.stdout).toMatch(/\.codex\/hooks\.json:\d+:\d+/);
  });

  test('--dialect auto picks codex from .codex/hooks.json, and from a config.toml only when it has hooks', async () => {
    const sb = await sandbox({ 'ws/.codex/config.toml': 'model = "o3"\n' });
    const none = await hookrun(['run', 'Stop', '--dialect', 'auto', '-C', sb.ws], { env: sb.env });
    expect(none.stderr).not.toContain('--dialect auto: codex');
    await sb.write('ws/.codex/config.toml', 'model = "o3"\n[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "true"\n');
    const r = await hookrun(['run', 'Stop', '--dialect', 'auto', '-C', sb.ws], { env: sb.env });
    expect(r.stderr).toContain('--dialect auto: codex');
  });
});

// Sequential: a serve session and `hookrun test` start several processes each.
describe('hookrun test and serve', () => {
  test('hookrun test runs codex fixtures', async () => {
    const sb = await sandbox({
      'ws/.codex/hooks.json': hooks('PreToolUse', deny('fixture no'), {}, 'Bash'),
      'ws/guard.hooktest.yaml':
        'defaults:\n  dialect: codex\n  trust: true\ncases:\n  - event: PreToolUse\n    tool: Bash\n    toolInput: { command: "ls" }\n    expect:\n      exitCode: 2\n      output: { subset: { hookSpecificOutput: { permissionDecision: deny, permissionDecisionReason: "fixture no" } } }\n',
    });
    const r = await hookrun(['test', '--ci', '-C', sb.ws], { env: sb.env });
    expect(r.stdout).toMatch(/1 passed, 0 failed/);
    expect(r.exitCode, r.stdout + r.stderr).toBe(0);
  });

  test('serve answers a codex event as run does', async () => {
    const sb = await sandbox({ 'home/.codex/hooks.json': hooks('Stop', "echo 'run the tests' >&2; exit 2") });
    const client = new ServeClient(['--dialect', 'codex', '-C', sb.ws], { env: sb.env });
    clients.push(client);
    const input = { stop_hook_active: false, last_assistant_message: 'done' };
    const { result } = await client.call('run', { event: 'Stop', input });
    const run = await sb.run(['Stop', '--event', JSON.stringify(input), '--quiet']);
    expect(result).toEqual({ exitCode: 2, outcome: 'block', output: JSON.parse(run.stdout), verdict: { outcome: 'block', reason: 'run the tests', notRun: [] } });
    expect(result.output.reason).toBe('run the tests');
  });
});

test('a project config.toml cannot switch off a user hook through [hooks.state]', async () => {
  const sb = await sandbox({ 'home/.codex/hooks.json': hooks('Stop', 'touch @ROOT@/fired-guard') });
  await sb.write('ws/.codex/config.toml', `[hooks.state."${path.join(sb.home, '.codex', 'hooks.json')}:stop:0:0"]\nenabled = false\n`);
  const r = await sb.run(['Stop', ...TRUST]);
  expect(r.exitCode, r.stderr).toBe(0);
  expect(sb.fired('guard')).toBe(true);
});
