// Kiro CLI 3 hook files under `--dialect kiro` end to end, for what the shared conformance cases leave
// out: the mode switch (PascalCase vs camelCase), trust, ${WORKSPACE_ROOT} with a hostile path, the ask,
// timeouts in seconds, agent actions, the loader's drops at file:line:column, --fail-closed.
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { hookrun, makeSandbox, type Sandbox } from '../../helpers/cli.js';

const sandboxes: Sandbox[] = [];
afterAll(() => Promise.all(sandboxes.map((sb) => sb.cleanup())));

type Run = (args: string[], env?: Record<string, string>, ws?: string) => ReturnType<typeof hookrun>;

async function sandbox(files: Record<string, unknown>): Promise<Sandbox & { run: Run }> {
  const sb = await makeSandbox();
  sandboxes.push(sb);
  for (const [relative, content] of Object.entries(files)) {
    await sb.write(relative, typeof content === 'string' ? content.replaceAll('@ROOT@', sb.root) : JSON.stringify(content, null, 2).replaceAll('@ROOT@', sb.root));
  }
  const run: Run = (args, env = {}, ws = sb.ws) => hookrun(['run', ...args, '--dialect', 'kiro', '-C', ws], { env: { ...sb.env, ...env } });
  return Object.assign(sb, { run });
}

const hookFile = (...hooks: Record<string, unknown>[]) => ({ version: 'v1', hooks });
const command = (name: string, trigger: string, cmd: string, extra: Record<string, unknown> = {}) => ({ name, trigger, action: { type: 'command', command: cmd }, ...extra });
const TOOL = ['--tool', 'fs_write', '--tool-input', '{"path":"a.ts"}'];

describe.concurrent('mode and trust', () => {
  test('PascalCase reads the hook files, camelCase the agent; --agent is ignored in v3 mode with a warning', async () => {
    const sb = await sandbox({
      'ws/.kiro/hooks/guard.json': hookFile(command('v3', 'PreToolUse', 'echo v3-ran >&2; exit 2')),
      'ws/.kiro/agents/dev.json': { name: 'dev', hooks: { preToolUse: [{ command: 'echo v2-ran >&2; exit 2' }] } },
    });
    const v3 = await sb.run(['PreToolUse', ...TOOL, '--agent', 'dev', '--trust-workspace']);
    expect(v3.exitCode, v3.stderr).toBe(2);
    expect(JSON.parse(v3.stdout).reason).toBe('v3-ran');
    expect(v3.stderr).toContain('--agent dev is ignored');
    const v2 = await sb.run(['preToolUse', ...TOOL, '--agent', 'dev', '--trust-workspace']);
    expect(v2.exitCode, v2.stderr).toBe(2);
    expect(JSON.parse(v2.stdout).reason).toBe('PreToolHook blocked the tool execution: v2-ran\n');
  });

  test('workspace hook files need a trusted folder; ~/.kiro/hooks runs anyway; the payload gets the base fields', async () => {
    const sb = await sandbox({
      'ws/.kiro/hooks/a.json': hookFile(command('project', 'PreToolUse', 'touch @ROOT@/fired-project; exit 2')),
      'home/.kiro/hooks/b.json': hookFile(command('global', 'PreToolUse', 'cat > @ROOT@/stdin; pwd > @ROOT@/cwd')),
    });
    const r = await sb.run(['PreToolUse', ...TOOL]);
    expect(r.exitCode, r.stderr).toBe(0);
    await expect(readFile(path.join(sb.root, 'fired-project'))).rejects.toThrow();
    expect(r.stderr).toContain('is not a trusted folder');
    const stdin = JSON.parse(await readFile(path.join(sb.root, 'stdin'), 'utf8'));
    expect(stdin).toMatchObject({ hook_event_name: 'PreToolUse', cwd: sb.ws, tool_name: 'fs_write', tool_input: { path: 'a.ts' } });
    expect(stdin.session_id).toMatch(/^sess_[0-9a-f-]{36}$/);
    // Global hooks run in the workspace too.
    expect((await readFile(path.join(sb.root, 'cwd'), 'utf8')).trim()).toBe(sb.ws);
  });
});

describe.concurrent('running (K6, K7)', () => {
  test('${WORKSPACE_ROOT} in a workspace path a shell would execute is passed in the environment, never as code', async () => {
    const sb = await sandbox({});
    const hostile = path.join(sb.root, 'w$(touch INJECTED)');
    await mkdir(path.join(hostile, '.kiro', 'hooks'), { recursive: true });
    await sb.write(path.join(hostile, '.kiro/hooks/h.json'), JSON.stringify(hookFile(command('root', 'PreToolUse', 'printf %s "${WORKSPACE_ROOT}" > ../root.txt'))));
    const r = await sb.run(['PreToolUse', ...TOOL, '--trust-workspace'], {}, hostile);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(await readFile(path.join(sb.root, 'root.txt'), 'utf8')).toBe(hostile);
    await expect(readFile(path.join(hostile, 'INJECTED'))).rejects.toThrow();
  });

  test('a plain workspace path is pasted into the command as the engine does (visible in --dry-run)', async () => {
    const sb = await sandbox({ 'ws/.kiro/hooks/h.json': hookFile(command('root', 'PreToolUse', "echo '${WORKSPACE_ROOT}'")) });
    const r = await sb.run(['PreToolUse', ...TOOL, '--trust-workspace', '--dry-run']);
    expect(JSON.parse(r.stdout).hooks[0].command).toBe(`echo '${sb.ws}'`);
  });

  test('timeout is in seconds: a hook past it is killed, warns and does not block', async () => {
    const sb = await sandbox({ 'ws/.kiro/hooks/h.json': hookFile(command('slow', 'PreToolUse', 'sleep 5; exit 2', { timeout: 1 })) });
    const r = await sb.run(['PreToolUse', ...TOOL, '--trust-workspace']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).warnings[0]).toContain('timed out after 1 s');
  });

  test('hooks run one at a time in file-name order, workspace files before global ones', async () => {
    const sb = await sandbox({
      'ws/.kiro/hooks/b.json': hookFile(command('b', 'SessionStart', 'echo b >> @ROOT@/order; echo from-b')),
      'ws/.kiro/hooks/a.json': hookFile(command('a', 'SessionStart', 'echo a >> @ROOT@/order; echo from-a')),
      'home/.kiro/hooks/0.json': hookFile(command('g', 'SessionStart', 'echo g >> @ROOT@/order')),
    });
    const r = await sb.run(['SessionStart', '--trust-workspace']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(await readFile(path.join(sb.root, 'order'), 'utf8')).toBe('a\nb\ng\n');
    expect(JSON.parse(r.stdout).contextOutputs).toEqual(['from-a', 'from-b']);
  });
});

describe.concurrent('answers (K8–K11)', () => {
  test('PreToolUse permissionDecision "ask" asks (exit 3) unless another hook blocks', async () => {
    const ask = `echo '{"hookSpecificOutput":{"permissionDecision":"ask","permissionDecisionReason":"confirm writes"}}'`;
    const sb = await sandbox({ 'ws/.kiro/hooks/h.json': hookFile(command('ask', 'PreToolUse', ask)) });
    const r = await sb.run(['PreToolUse', ...TOOL, '--trust-workspace']);
    expect(r.exitCode, r.stderr).toBe(3);
    expect(JSON.parse(r.stdout)).toMatchObject({ decision: 'ask', askReason: 'confirm writes', blocked: false });
    await sb.write(path.join(sb.ws, '.kiro/hooks/i.json'), JSON.stringify(hookFile(command('no', 'PreToolUse', 'echo no >&2; exit 2'))));
    const both = await sb.run(['PreToolUse', ...TOOL, '--trust-workspace']);
    expect(both.exitCode).toBe(2);
    expect(JSON.parse(both.stdout).decision).toBeUndefined();
  });

  test('an agent action adds its prompt and the input to the context without a process', async () => {
    const sb = await sandbox({
      'ws/.kiro/hooks/h.json': hookFile({ name: 'steer', trigger: 'PostFileSave', matcher: '\\.ts$', action: { type: 'agent', prompt: 'Re-run the type checker' } }),
    });
    const r = await sb.run(['PostFileSave', '--event', '{"file_path":"src/a.ts"}', '--trust-workspace']);
    expect(r.exitCode, r.stderr).toBe(0);
    const context = JSON.parse(r.stdout).context as string;
    expect(context).toContain('<HOOK_INSTRUCTION>\nRe-run the type checker');
    expect(context).toContain('"file_path": "src/a.ts"');
  });

  test('PreTaskExec exit 2 blocks; PostTaskExec exit 2 does not', async () => {
    const sb = await sandbox({
      'ws/.kiro/hooks/h.json': hookFile(command('pre', 'preTaskExecution', 'echo spec incomplete >&2; exit 2'), command('post', 'PostTaskExec', 'exit 2')),
    });
    const pre = await sb.run(['PreTaskExec', '--trust-workspace']);
    expect(pre.exitCode).toBe(2);
    expect(JSON.parse(pre.stdout).reason).toBe('spec incomplete');
    expect((await sb.run(['PostTaskExec', '--trust-workspace'])).exitCode).toBe(0);
  });

  test('--fail-closed: a PreToolUse hook exiting 1 blocks; on PostToolUse it is only reported', async () => {
    const sb = await sandbox({ 'ws/.kiro/hooks/h.json': hookFile(command('crash', 'PreToolUse', 'exit 1'), command('crash2', 'PostToolUse', 'exit 1')) });
    const pre = await sb.run(['PreToolUse', ...TOOL, '--trust-workspace', '--fail-closed']);
    expect(pre.exitCode).toBe(2);
    expect(JSON.parse(pre.stdout).reason).toContain('hookrun --fail-closed: hook "crash" exited with code 1');
    const post = await sb.run(['PostToolUse', ...TOOL, '--trust-workspace', '--fail-closed']);
    expect(post.exitCode).toBe(0);
  });
});

describe.concurrent('loading (K4): silent drops said at file:line:column', () => {
  test.each([
    ['no version', { hooks: [command('x', 'PreToolUse', 'exit 2')] }, 'needs "version": "v1"'],
    ['an empty hooks array', { version: 'v1', hooks: [] }, 'at least one hook'],
    ['a hook without an action', { version: 'v1', hooks: [{ name: 'x', trigger: 'PreToolUse' }] }, 'has no "action"'],
    ['a fractional timeout', hookFile(command('x', 'PreToolUse', 'exit 2', { timeout: 1.5 })), 'timeout must be a whole number'],
    ['an unknown action type', hookFile({ name: 'x', trigger: 'PreToolUse', action: { type: 'shell', command: 'exit 2' } }), 'must be "command" or "agent"'],
  ])('%s drops the whole file; the next file still loads', async (_name, broken, message) => {
    const sb = await sandbox({
      'ws/.kiro/hooks/a.json': broken,
      'ws/.kiro/hooks/b.json': hookFile(command('good', 'PreToolUse', 'echo good >&2; exit 2')),
    });
    const r = await sb.run(['PreToolUse', ...TOOL, '--trust-workspace']);
    expect(r.exitCode, r.stderr).toBe(2);
    expect(JSON.parse(r.stdout).reason).toBe('good');
    expect(r.stderr).toContain('[kiro3-file-dropped]');
    expect(r.stderr).toContain(path.join(sb.ws, '.kiro/hooks/a.json'));
    expect(r.stderr).toContain(message);
  });

  test('an unknown trigger makes the hook inert, an unknown key is ignored, a matcher where none is evaluated warns', async () => {
    const sb = await sandbox({
      'ws/.kiro/hooks/a.json': hookFile(command('x', 'BeforeTool', 'exit 2'), command('y', 'Stop', 'exit 0', { matcher: 'x', when: 'always' })),
    });
    const r = await sb.run(['Stop', '--trust-workspace']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/a\.json:\d+:\d+: hooks\[0\]\.trigger "BeforeTool" is no Kiro CLI 3 trigger/);
    expect(r.stderr).toContain('[kiro3-unknown-key]');
    expect(r.stderr).toContain('[kiro3-matcher-ignored]');
  });

  test('an invalid regular expression never matches, with a warning', async () => {
    const sb = await sandbox({ 'ws/.kiro/hooks/a.json': hookFile(command('x', 'PreToolUse', 'exit 2', { matcher: '(?i)fs_' })) });
    const r = await sb.run(['PreToolUse', ...TOOL, '--trust-workspace']);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toContain('[kiro3-invalid-matcher]');
  });
});

describe.concurrent('validate --dialect kiro (Kiro CLI 3 hook files)', () => {
  test('a skipped file and a hook that can never fire are errors at file:line:column', async () => {
    const sb = await sandbox({
      'ws/.kiro/hooks/a.json':
        '{\n  "version": "v1",\n  "hooks": [\n    {"name": "x", "trigger": "PreToolUse", "action": {"type": "command", "command": "true"}, "timeout": 1.5}\n  ]\n}\n',
      'ws/.kiro/hooks/b.json': hookFile(command('y', 'BeforeTool', 'true'), command('z', 'PreToolUse', 'true', { matcher: '(?i)fs' })),
    });
    const r = await hookrun(['validate', '--dialect', 'kiro', '-C', sb.ws], { env: sb.env, cwd: sb.ws });
    expect(r.exitCode, r.stdout + r.stderr).toBe(1);
    expect(r.stdout).toMatch(/\.kiro\/hooks\/a\.json:4:\d+: error: hooks\[0\]\.timeout must be a whole number/);
    expect(r.stdout).toMatch(/\.kiro\/hooks\/b\.json:\d+:\d+: error: hooks\[0\]\.trigger "BeforeTool" is no Kiro CLI 3 trigger/);
    expect(r.stdout).toContain('[kiro3-invalid-matcher]');
    expect(r.stdout).toContain('3 errors');
  });
});

describe('hookrun test', () => {
  test("a fixture's additionalContext is the context block Kiro adds for the model", async () => {
    const sb = await sandbox({
      'ws/.kiro/hooks/a.json': hookFile(command('branch', 'SessionStart', 'echo on branch main')),
      'ws/a.hooktest.yaml':
        'defaults: { trust: true, dialect: kiro }\ncases:\n  - event: SessionStart\n    expect: { additionalContext: { matches: "<HOOK_INSTRUCTION>\\\\non branch main\\\\n" } }\n',
    });
    const r = await hookrun(['test', '--ci', '-C', sb.ws], { env: sb.env });
    expect(r.exitCode, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain('1 passed');
  });
});
