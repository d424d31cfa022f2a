// `--dialect antigravity` end to end, for what the shared conformance cases leave out: trust, the
// working directory and environment of a handler, timeouts, the loader's rejections and warnings
// (file:line:column), --tool, --fail-closed and the merge details of INTERFACE D11–D15.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { hookrun, makeSandbox, type Sandbox } from '../../helpers/cli.js';

const sandboxes: Sandbox[] = [];
afterAll(() => Promise.all(sandboxes.map((sb) => sb.cleanup())));

async function sandbox(files: Record<string, unknown>): Promise<Sandbox & { run(args: string[], env?: Record<string, string>): ReturnType<typeof hookrun> }> {
  const sb = await makeSandbox();
  sandboxes.push(sb);
  for (const [relative, content] of Object.entries(files)) {
    await sb.write(
      relative.replaceAll('@ROOT@', sb.root),
      typeof content === 'string' ? content.replaceAll('@ROOT@', sb.root) : JSON.stringify(content, null, 2).replaceAll('@ROOT@', sb.root),
    );
  }
  return Object.assign(sb, {
    run: (args: string[], env: Record<string, string> = {}) => hookrun(['run', ...args, '--dialect', 'antigravity', '-C', sb.ws], { env: { ...sb.env, ...env } }),
  });
}

const guard = (command: string, matcher = '*', extra: Record<string, unknown> = {}) => ({ guard: { PreToolUse: [{ matcher, hooks: [{ type: 'command', command, ...extra }] }] } });
const deny = (reason: string) => `echo '{"decision":"deny","reason":"${reason}"}'`;
const TOOL = ['--tool', 'run_command', '--tool-input', '{"CommandLine":"ls"}'];

describe.concurrent('trust (contract: trust in every dialect)', () => {
  test('project hooks do not run in an untrusted folder; the global file does; stderr says how to trust', async () => {
    const sb = await sandbox({
      'ws/.agents/hooks.json': guard(`touch @ROOT@/fired-project; ${deny('project')}`),
      'home/.gemini/config/hooks.json': { audit: { PreToolUse: [{ hooks: [{ command: `touch @ROOT@/fired-global; echo '{"decision":"allow"}'` }] }] } },
    });
    const r = await sb.run(['PreToolUse', ...TOOL]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ decision: 'allow' });
    await expect(readFile(path.join(sb.root, 'fired-global'))).resolves.toBeDefined();
    await expect(readFile(path.join(sb.root, 'fired-project'))).rejects.toThrow();
    expect(r.stderr).toContain('is not a trusted folder');
    expect(r.stderr).toContain('guard.PreToolUse[0].hooks[0]');
    expect(r.stderr).toContain('hookrun trust --folder');
  });

  test.each([
    ['--trust-workspace', ['--trust-workspace'], {}],
    ['HOOKRUN_TRUST_WORKSPACE=true', [], { HOOKRUN_TRUST_WORKSPACE: 'true' }],
  ])('%s trusts the folder for one run', async (_name, flags, env) => {
    const sb = await sandbox({ 'ws/.agents/hooks.json': guard(deny('trusted now')) });
    const r = await sb.run(['PreToolUse', ...TOOL, ...flags], env);
    expect(r.exitCode, r.stderr).toBe(2);
    expect(JSON.parse(r.stdout)).toEqual({ decision: 'deny', reason: 'trusted now' });
  });

  test("hookrun's own folder record (hookrun trust --folder) trusts it for good; DO_NOT_TRUST does not", async () => {
    const sb = await sandbox({ 'ws/.agents/hooks.json': guard(deny('recorded')) });
    const trusted = await hookrun(['trust', '--folder', '-C', sb.ws], { env: sb.env });
    expect(trusted.exitCode, trusted.stderr).toBe(0);
    expect((await sb.run(['PreToolUse', ...TOOL])).exitCode).toBe(2);
    await sb.write(sb.env.GEMINI_CLI_TRUSTED_FOLDERS_PATH!, JSON.stringify({ [sb.ws]: 'DO_NOT_TRUST' }));
    expect((await sb.run(['PreToolUse', ...TOOL])).exitCode).toBe(0);
  }, 90_000);

  // A repository `p` holding a trusted `p/sub`: the parent's hooks stay held back until `p` itself is trusted.
  test("trusting a subfolder does not run its untrusted parent's .agents/hooks.json", async () => {
    const sb = await sandbox({
      'ws/.git/HEAD': 'ref: refs/heads/main\n',
      'ws/.agents/hooks.json': guard(`touch @ROOT@/fired-parent; ${deny('parent')}`),
      'ws/sub/.agents/hooks.json': guard(`touch @ROOT@/fired-sub; echo '{"decision":"allow"}'`),
    });
    const sub = path.join(sb.ws, 'sub');
    await hookrun(['trust', '--folder', '-C', sub], { env: sb.env });
    const r = await hookrun(['run', 'PreToolUse', ...TOOL, '--dialect', 'antigravity', '-C', sub], { env: sb.env });
    expect(r.exitCode, r.stderr).toBe(0);
    await expect(readFile(path.join(sb.root, 'fired-sub'))).resolves.toBeDefined();
    await expect(readFile(path.join(sb.root, 'fired-parent'))).rejects.toThrow();
    expect(r.stderr).toContain(`${sb.ws}, above the workspace, is not a trusted folder`);
    expect(r.stderr).toContain(`hookrun trust --folder ${sb.ws}`);
    await hookrun(['trust', '--folder', '-C', sb.ws], { env: sb.env });
    const both = await hookrun(['run', 'PreToolUse', ...TOOL, '--dialect', 'antigravity', '-C', sub], { env: sb.env });
    expect(both.exitCode, both.stderr).toBe(2);
  }, 90_000);
});

describe.concurrent('running a handler (D8, D9)', () => {
  test('sh -c in the folder holding hooks.json, the payload on stdin, the environment passed', async () => {
    const sb = await sandbox({
      'ws/_agent/hooks.json': guard(`pwd > @ROOT@/cwd; cat > @ROOT@/stdin; echo "$MY_VAR" > @ROOT@/env; echo '{"decision":"allow"}'`),
    });
    const r = await sb.run(['PreToolUse', ...TOOL, '--trust-workspace'], { MY_VAR: 'passed' });
    expect(r.exitCode, r.stderr).toBe(0);
    expect((await readFile(path.join(sb.root, 'cwd'), 'utf8')).trim()).toBe(path.join(sb.ws, '_agent'));
    expect((await readFile(path.join(sb.root, 'env'), 'utf8')).trim()).toBe('passed');
    const stdin = JSON.parse(await readFile(path.join(sb.root, 'stdin'), 'utf8'));
    // --tool / --tool-input fill toolCall; the common fields are completed, and no event name is added.
    expect(stdin.toolCall).toEqual({ name: 'run_command', args: { CommandLine: 'ls' } });
    expect(stdin.workspacePaths).toEqual([sb.ws]);
    expect(typeof stdin.conversationId).toBe('string');
    expect(stdin.hook_event_name).toBeUndefined();
  });

  test('the timeout is in seconds; a handler that outlives it is killed and counts as no output (deny)', async () => {
    const sb = await sandbox({ 'ws/.agents/hooks.json': guard(`sleep 5; echo '{"decision":"allow"}'`, '*', { timeout: 1 }) });
    const r = await sb.run(['PreToolUse', ...TOOL, '--trust-workspace']);
    expect(r.exitCode, r.stderr).toBe(2);
    expect(r.stderr).toContain('timed out after 1 s');
  });

  test('a leading ~ in the command is the home directory', async () => {
    const sb = await sandbox({
      'home/bin/guard.sh': `#!/bin/sh\necho '{"decision":"deny","reason":"from home"}'\n`,
      'ws/.agents/hooks.json': guard('~/bin/guard.sh'),
    });
    await sb.write(path.join(sb.home, 'bin/guard.sh'), `#!/bin/sh\necho '{"decision":"deny","reason":"from home"}'\n`, 0o755);
    const r = await sb.run(['PreToolUse', ...TOOL, '--trust-workspace']);
    expect(r.exitCode, r.stderr).toBe(2);
    expect(r.stdout).toContain('from home');
  });

  test('prompt handlers and command-less handlers are not run, with a warning', async () => {
    const sb = await sandbox({
      'ws/.agents/hooks.json': { p: { PreToolUse: [{ hooks: [{ type: 'prompt', prompt: 'is this safe?' }, { type: 'command' }] }] } },
    });
    const r = await sb.run(['PreToolUse', ...TOOL, '--trust-workspace']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout.trim()).toBe('{}');
    expect(r.stderr).toContain('a "prompt" handler asks a model');
    expect(r.stderr).toContain('a command handler without a "command"');
  });

  test('every handler runs after a deny (no short-circuit), one at a time in file order', async () => {
    const sb = await sandbox({
      'ws/.agents/hooks.json': {
        first: { PreToolUse: [{ hooks: [{ command: `echo 1 >> @ROOT@/order; ${deny('first')}` }] }] },
        second: { PreToolUse: [{ hooks: [{ command: `echo 2 >> @ROOT@/order; ${deny('second')}` }] }] },
      },
    });
    const r = await sb.run(['PreToolUse', ...TOOL, '--trust-workspace']);
    expect(r.exitCode).toBe(2);
    expect(await readFile(path.join(sb.root, 'order'), 'utf8')).toBe('1\n2\n');
    expect(JSON.parse(r.stdout)).toEqual({ decision: 'deny', reason: 'first\nsecond' });
  });
});

describe.concurrent('answers and merge (D11–D15)', () => {
  test.each([
    ['allow', `echo '{"decision":"allow"}'`, 0, { decision: 'allow' }],
    ['ask', `echo '{"decision":"ask","reason":"check"}'`, 3, { decision: 'ask', reason: 'check' }],
    ['not JSON fails closed', 'echo hello', 2, { decision: 'deny' }],
    ['an unknown decision fails closed', `echo '{"decision":"block"}'`, 2, { decision: 'deny' }],
    ['allowTool true', `echo '{"allowTool":true}'`, 0, { decision: 'allow' }],
    ['JSON with a non-zero exit still counts', `echo '{"decision":"allow"}'; exit 1`, 0, { decision: 'allow' }],
  ])('PreToolUse %s', async (_name, command, exit, output) => {
    const sb = await sandbox({ 'ws/.agents/hooks.json': guard(command) });
    const r = await sb.run(['PreToolUse', ...TOOL, '--trust-workspace']);
    expect(r.exitCode, r.stderr).toBe(exit);
    expect(JSON.parse(r.stdout)).toEqual(output);
  });

  test('force_ask beats ask; permissionOverrides concatenate; overwrite merges shallowly, later keys winning', async () => {
    const sb = await sandbox({
      'ws/.agents/hooks.json': {
        a: {
          PreToolUse: [
            { hooks: [{ command: `echo '{"decision":"ask","reason":"a","permissionOverrides":["command(npm test)"],"overwrite":{"CommandLine":"ls -a","Cwd":"/"}}'` }] },
          ],
        },
        b: { PreToolUse: [{ hooks: [{ command: `echo '{"decision":"force_ask","reason":"b","permissionOverrides":["x"],"overwrite":{"CommandLine":"ls -l"}}'` }] }] },
      },
    });
    const r = await sb.run(['PreToolUse', ...TOOL, '--trust-workspace']);
    expect(r.exitCode).toBe(3);
    expect(JSON.parse(r.stdout)).toEqual({
      decision: 'force_ask',
      reason: 'b',
      permissionOverrides: ['command(npm test)', 'x'],
      overwrite: { CommandLine: 'ls -l', Cwd: '/' },
    });
  });

  test('PostInvocation terminate from any handler stops the agent (exit 4) and beats force_continue', async () => {
    const sb = await sandbox({
      'ws/.agents/hooks.json': {
        x: {
          PostInvocation: [
            { command: `echo '{"terminationBehavior":"force_continue","injectSteps":[{"userMessage":"one"}]}'` },
            { command: `echo '{"terminationBehavior":"terminate"}'` },
          ],
        },
      },
    });
    const r = await sb.run(['PostInvocation', '--trust-workspace']);
    expect(r.exitCode).toBe(4);
    expect(JSON.parse(r.stdout)).toEqual({ injectSteps: [{ userMessage: 'one' }], terminationBehavior: 'terminate' });
  });

  test('PostToolUse output is ignored; an unknown event name is exit 1', async () => {
    const sb = await sandbox({ 'ws/.agents/hooks.json': { x: { PostToolUse: [{ hooks: [{ command: deny('ignored') }] }] } } });
    const r = await sb.run(['PostToolUse', ...TOOL, '--trust-workspace']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout.trim()).toBe('{}');
    const unknown = await sb.run(['BeforeTool', '--trust-workspace']);
    expect(unknown.exitCode).toBe(1);
    expect(unknown.stderr).toContain('unknown antigravity event "BeforeTool"');
  });
});

describe.concurrent('--fail-closed', () => {
  test('PreToolUse: the failure is named in the deny reason', async () => {
    const sb = await sandbox({ 'ws/.agents/hooks.json': guard('exit 3') });
    const r = await sb.run(['PreToolUse', ...TOOL, '--trust-workspace', '--fail-closed']);
    expect(r.exitCode).toBe(2);
    const output = JSON.parse(r.stdout);
    expect(output.decision).toBe('deny');
    expect(output.reason).toContain('hookrun --fail-closed: hook "guard.PreToolUse[0].hooks[0]" exited with code 3');
  });

  test('Stop: a failed handler refuses the stop; PreInvocation cannot block, so it is only reported', async () => {
    const sb = await sandbox({ 'ws/.agents/hooks.json': { x: { Stop: [{ command: 'exit 1' }], PreInvocation: [{ command: 'exit 1' }] } } });
    const stop = await sb.run(['Stop', '--trust-workspace', '--fail-closed']);
    expect(stop.exitCode).toBe(2);
    expect(JSON.parse(stop.stdout).decision).toBe('continue');
    const pre = await sb.run(['PreInvocation', '--trust-workspace', '--fail-closed']);
    expect(pre.exitCode).toBe(0);
    expect(pre.stderr).toContain('PreInvocation cannot be blocked');
  });
});

describe.concurrent('loading (D5): what agy drops without a word, said at file:line:column', () => {
  test.each([
    ['a comment', '{\n  // note\n  "x": {}\n}\n', ':2:'],
    ['a timeout written 1.0', '{"x": {"PreToolUse": [{"hooks": [{"command": "true", "timeout": 1.0}]}]}}', 'timeout must be a whole number of seconds'],
    ['a timeout as a string', '{"x": {"PreToolUse": [{"hooks": [{"command": "true", "timeout": "5"}]}]}}', 'timeout must be a whole number of seconds'],
    ['an upper-case type', '{"x": {"Stop": [{"type": "COMMAND", "command": "true"}]}}', 'accepts only "command"'],
    ['a top-level enabled', '{"enabled": true}', 'every top-level key is a hook name'],
    ['a command handler with a prompt', '{"x": {"Stop": [{"command": "true", "prompt": "hi"}]}}', 'cannot carry "prompt"'],
    ['a non-string matcher', '{"x": {"PreToolUse": [{"matcher": 3, "hooks": []}]}}', 'must be a string, got number'],
  ])('%s drops the whole file with a warning; the global file still runs', async (_name, text, message) => {
    const sb = await sandbox({
      'ws/.agents/hooks.json': text,
      'home/.gemini/config/hooks.json': guard(deny('global runs')),
    });
    const r = await sb.run(['PreToolUse', ...TOOL, '--trust-workspace']);
    expect(r.exitCode, r.stderr).toBe(2);
    expect(r.stdout).toContain('global runs');
    expect(r.stderr).toContain('[agy-file-dropped]');
    expect(r.stderr).toContain(`${path.join(sb.ws, '.agents', 'hooks.json')}:`);
    expect(r.stderr).toContain(message);
  });

  test('event keys bind case-insensitively (with a warning); unknown keys are ignored with a warning', async () => {
    const sb = await sandbox({
      'ws/.agents/hooks.json':
        '{\n  "x": {\n    "pretooluse": [{"hooks": [{"command": "echo \'{\\"decision\\":\\"deny\\",\\"reason\\":\\"lower\\"}\'", "env": {}}]}],\n    "BeforeTool": []\n  }\n}\n',
    });
    const r = await sb.run(['PreToolUse', ...TOOL, '--trust-workspace']);
    expect(r.exitCode, r.stderr).toBe(2);
    expect(r.stdout).toContain('lower');
    expect(r.stderr).toMatch(/hooks\.json:3:5: x\.pretooluse: agy binds "pretooluse" to PreToolUse/);
    expect(r.stderr).toMatch(/hooks\.json:4:5: x\.BeforeTool: agy ignores "BeforeTool"/);
    expect(r.stderr).toContain('"env" on a handler');
  });

  test('a handler written straight into a PreToolUse array runs nothing, and hookrun says so', async () => {
    const sb = await sandbox({ 'ws/.agents/hooks.json': { x: { PreToolUse: [{ type: 'command', command: deny('never') }] } } });
    const r = await sb.run(['PreToolUse', ...TOOL, '--trust-workspace']);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toContain('[agy-handler-not-in-group]');
  });

  test('an invalid matcher matches nothing (warning); a leading (?i) is case-insensitive', async () => {
    const sb = await sandbox({
      'ws/.agents/hooks.json': {
        x: {
          PreToolUse: [
            { matcher: '[unclosed', hooks: [{ command: deny('bad') }] },
            { matcher: '(?i)RUN_.*', hooks: [{ command: deny('insensitive') }] },
          ],
        },
      },
    });
    const r = await sb.run(['PreToolUse', ...TOOL, '--trust-workspace']);
    expect(r.exitCode).toBe(2);
    expect(JSON.parse(r.stdout)).toEqual({ decision: 'deny', reason: 'insensitive' });
    expect(r.stderr).toContain('[agy-invalid-matcher]');
  });

  test('the matcher must match the whole tool name', async () => {
    const sb = await sandbox({ 'ws/.agents/hooks.json': guard(deny('partial'), 'run') });
    const r = await sb.run(['PreToolUse', ...TOOL, '--trust-workspace']);
    expect(r.exitCode).toBe(0);
  });

  test('hooks.json in a parent up to the repository root is read; above it, not', async () => {
    const sb = await sandbox({
      'ws/.git/HEAD': 'ref: refs/heads/main\n',
      'ws/.agents/hooks.json': { root: { PreToolUse: [{ hooks: [{ command: `echo '{"decision":"allow"}'` }] }] } },
      '.agents/hooks.json': guard(deny('above the repository')),
      'ws/pkg/.agent/hooks.json': guard(deny('nearest')),
    });
    const r = await hookrun(['run', 'PreToolUse', ...TOOL, '--dialect', 'antigravity', '--trust-workspace', '-C', path.join(sb.ws, 'pkg')], { env: sb.env });
    expect(r.exitCode, r.stderr).toBe(2);
    expect(JSON.parse(r.stdout)).toEqual({ decision: 'deny', reason: 'nearest' });
    const dry = await hookrun(['run', 'PreToolUse', ...TOOL, '--dialect', 'antigravity', '--trust-workspace', '--dry-run', '-C', path.join(sb.ws, 'pkg')], { env: sb.env });
    const plan = JSON.parse(dry.stdout);
    expect(plan.hooks.map((h: { file: string }) => path.relative(sb.root, h.file))).toEqual(['ws/pkg/.agent/hooks.json', 'ws/.agents/hooks.json']);
  });

  test('the paths other guides name for the global file are not read, with a warning', async () => {
    const sb = await sandbox({ 'home/.gemini/antigravity-cli/hooks.json': guard(deny('not read')) });
    const r = await sb.run(['PreToolUse', ...TOOL]);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toContain('[agy-global-file-not-read]');
  });
});

describe.concurrent('validate --dialect antigravity', () => {
  test('a rejected file is an error at file:line:column with a fix, whatever the trust; warnings for what agy ignores', async () => {
    const sb = await sandbox({
      'ws/.agents/hooks.json': '{\n  "x": {\n    "Stop": [{"command": "true", "timeout": 1.5}]\n  }\n}\n',
      'ws/_agents/hooks.json': '{\n  "y": {\n    "SessionEnd": []\n  }\n}\n',
    });
    const r = await hookrun(['validate', '--dialect', 'antigravity', '-C', sb.ws], { env: sb.env, cwd: sb.ws });
    expect(r.exitCode, r.stdout + r.stderr).toBe(1);
    expect(r.stdout).toContain('.agents/hooks.json:3:45: error: x.Stop[0].timeout must be a whole number of seconds');
    expect(r.stdout).toContain('fix:');
    expect(r.stdout).toContain('_agents/hooks.json:3:5: warning: y.SessionEnd: agy ignores "SessionEnd"');
    const json = JSON.parse((await hookrun(['validate', '--dialect', 'antigravity', '--json', '--ignore', 'agy-file-dropped', '-C', sb.ws], { env: sb.env })).stdout);
    // agy-unknown-key, and the cross-agent trap naming whose event SessionEnd is (issue 17).
    expect(json.summary).toEqual({ errors: 0, warnings: 2, infos: 0 });
    expect(json.findings.find((f: { code: string }) => f.code === 'foreign-event').message).toMatch(
      /"SessionEnd" is .*Claude Code.*'s name; Antigravity CLI has no event for that moment/,
    );
  });

  test('a clean file passes; an unknown --ignore code is a usage error (exit 2)', async () => {
    const sb = await sandbox({ 'ws/.agents/hooks.json': guard(deny('x'), 'run_command') });
    const r = await hookrun(['validate', '--dialect', 'antigravity', '--strict', '-C', sb.ws], { env: sb.env });
    expect(r.exitCode, r.stdout).toBe(0);
    expect(r.stdout).toContain('0 errors, 0 warnings');
    const bad = await hookrun(['validate', '--dialect', 'antigravity', '--ignore', 'nope', '-C', sb.ws], { env: sb.env });
    expect(bad.exitCode).toBe(2);
  });
});

describe('hookrun test', () => {
  test('an additionalContext expectation is a bad fixture: agy takes no context text from its hooks', async () => {
    const sb = await sandbox({
      'ws/.agents/hooks.json': { ctx: { PreInvocation: [{ hooks: [{ type: 'command', command: `echo '{"injectSteps":[]}'` }] }] } },
      'ws/a.hooktest.yaml': 'defaults: { trust: true, dialect: antigravity }\ncases:\n  - name: context\n    event: PreInvocation\n    expect:\n      additionalContext: null\n',
    });
    const r = await hookrun(['test', '--ci', '-C', sb.ws], { env: sb.env });
    expect(r.exitCode, r.stdout + r.stderr).toBe(2);
    expect(r.stdout + r.stderr).toMatch(/error: a\.hooktest\.yaml:6:26: case "context": additionalContext: Antigravity CLI takes no context text from its hooks/);
  });
});
