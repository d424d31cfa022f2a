// Project-hook fingerprints: keys as Gemini CLI builds them (spec §7.1, vectors 89–94), the file read
// without judging, the script a command runs, and the status of each hook.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  assessProjectHooks,
  hookKey,
  hookLabel,
  loadTrustedHooks,
  parseTrustedHooks,
  projectHooksOf,
  projectRootKey,
  scriptOf,
  trustedHooksPath,
  trustedScriptsPath,
} from '../../../../src/dialects/gemini/trust/hooks.js';
import { recordProjectHooks } from '../../../../src/dialects/gemini/trust/edit.js';
import { makeSandbox, type Sandbox } from '../sandbox.js';

let s: Sandbox;
beforeEach(async () => {
  s = await makeSandbox();
});
afterEach(async () => {
  await s.cleanup();
});

const hooksObject = (...hooks: unknown[]) => ({ BeforeTool: [{ hooks }] });

describe('hookKey and hookLabel: Gemini CLI getHookKey / the warning label', () => {
  it.each([
    [{ type: 'command', name: 'hook1', command: 'cmd1' }, 'hook1:cmd1', 'hook1'],
    [{ type: 'command', command: './script.sh' }, ':./script.sh', './script.sh'],
    [{ type: 'command', name: '', command: 'x' }, ':x', 'x'],
    [{ type: 'plugin', name: 'p', command: 'x' }, 'p:', 'p'],
    [{ type: 'command', name: 'n' }, 'n:undefined', 'n'],
    [{}, ':', 'unknown-hook'],
    ['a string', ':', 'unknown-hook'],
  ])('%j → key %j, label %j', (hook, key, label) => {
    expect(hookKey(hook)).toBe(key);
    expect(hookLabel(hook)).toBe(label);
  });
});

describe('trusted_hooks.json', () => {
  it("lives in <geminiHome>/.gemini, next to hookrun's script hashes", () => {
    expect(trustedHooksPath(s.ctx())).toBe(path.join(s.home, '.gemini', 'trusted_hooks.json'));
    expect(trustedScriptsPath(s.ctx({ env: { GEMINI_CLI_HOME: '/gh' } }))).toBe('/gh/.gemini/hookrun-trusted-scripts.json');
  });

  it("reads Gemini CLI's format", () => {
    expect(parseTrustedHooks('{"/p": ["a:b", ":c"]}', 'f').projects).toEqual({ '/p': ['a:b', ':c'] });
    expect(parseTrustedHooks(undefined, 'f')).toEqual({ file: 'f', exists: false, projects: {} });
  });

  it.each([
    ['truncated', '{"/p": ["a:b"', /^1:14 /],
    ['not an object', '["x"]', /JSON object/],
    ['a project that is not a list of strings', '{\n  "/p": "a:b"\n}', /"\/p" must be an array/],
    ['comments (Gemini parses it with JSON.parse)', '// x\n{}', /1:1/],
  ])('%s: a problem with its position, no projects', (_name, text, message) => {
    const parsed = parseTrustedHooks(text, '/f/trusted_hooks.json');
    expect(parsed.projects).toEqual({});
    expect(parsed.problem?.location.file).toBe('/f/trusted_hooks.json');
    expect(`${parsed.problem?.location.line}:${parsed.problem?.location.column} ${parsed.problem?.message}`).toMatch(message);
  });

  it('an unreadable file is a problem, not a crash', async () => {
    fs.mkdirSync(trustedHooksPath(s.ctx()), { recursive: true }); // a directory where the file should be
    expect(loadTrustedHooks(s.ctx()).problem?.message).toMatch(/EISDIR|illegal operation/);
  });
});

describe("projectHooksOf: Gemini CLI's walk over the workspace hooks", () => {
  it('every element of every definition of every array key, valid or not', () => {
    const hooks = {
      BeforeTool: [{ hooks: [{ type: 'command', command: 'a' }, 'junk', null] }, { matcher: 'x' }, null],
      NotAnEvent: [{ hooks: [{ type: 'command', name: 'n', command: 'b' }] }],
      AfterTool: 'not an array',
    };
    expect(projectHooksOf(hooks).map((h) => [h.event, h.key, h.label])).toEqual([
      ['BeforeTool', ':a', 'a'],
      ['BeforeTool', ':', 'unknown-hook'],
      ['NotAnEvent', 'n:b', 'n'],
    ]);
  });
});

describe('scriptOf: the script file a command runs', () => {
  beforeEach(() => {
    fs.mkdirSync(path.join(s.workspace, 'hooks'), { recursive: true });
    for (const name of ['guard.sh', 'check.js', 'my hook.py']) fs.writeFileSync(path.join(s.workspace, 'hooks', name), 'x');
  });
  const at = (name: string) => path.join(s.workspace, 'hooks', name);

  it.each([
    ['./hooks/guard.sh', 'guard.sh'],
    ['$GEMINI_PROJECT_DIR/hooks/guard.sh --strict', 'guard.sh'],
    ['$CLAUDE_PROJECT_DIR/hooks/guard.sh', 'guard.sh'],
    ['node hooks/check.js', 'check.js'],
    ['node --no-warnings hooks/check.js arg', 'check.js'],
    ['FOO=1 env BAR=2 node hooks/check.js', 'check.js'],
    ['npx tsx hooks/check.js', 'check.js'],
    ['bun run hooks/check.js', 'check.js'],
    ['python3 "hooks/my hook.py"', 'my hook.py'],
    ['./hooks/guard.sh && echo done', 'guard.sh'],
    // Issue 18 (class 10): the shell expands the braced form from the environment Gemini CLI sets.
    ['${GEMINI_PROJECT_DIR}/hooks/guard.sh', 'guard.sh'],
    ['"${GEMINI_PROJECT_DIR}"/hooks/guard.sh', 'guard.sh'],
    ['. ./hooks/guard.sh', 'guard.sh'],
    ['bash < hooks/guard.sh', 'guard.sh'],
    ['cd hooks && ./guard.sh', 'guard.sh'],
    ['timeout 5 ./hooks/guard.sh', 'guard.sh'],
    ['nice -n 5 node hooks/check.js', 'check.js'],
  ])('%s → hooks/%s', (command, name) => {
    expect(scriptOf(command, s.workspace)).toBe(at(name));
  });

  it.each([
    ['a tool found on PATH', 'jq .'],
    ['a missing script', './hooks/missing.sh'],
    ['a directory', './hooks'],
    ['inline code', 'node -e "console.log(1)"'],
    ['a module', 'python3 -m json.tool'],
    ['an unexpanded variable', '$HOME/x.sh'],
    ['nothing', ''],
  ])('%s: none', (_name, command) => {
    expect(scriptOf(command, s.workspace)).toBeUndefined();
  });
});

describe('assessProjectHooks', () => {
  const ctx = () => s.ctx();
  const record = (keys: string[]) => s.writeJson(trustedHooksPath(ctx()), { [projectRootKey(ctx())]: keys });

  it('spec 89–93: recorded keys are trusted; a new name or command is not', async () => {
    await record(['hook1:cmd1', 'my-hook:old-cmd']);
    const hooks = projectHooksOf(
      hooksObject(
        { type: 'command', name: 'hook1', command: 'cmd1' },
        { type: 'command', name: 'new-hook', command: 'cmd2' },
        { type: 'command', name: 'my-hook', command: 'new-cmd' },
        { type: 'command', command: './script.sh' },
      ),
    );
    expect(assessProjectHooks(ctx(), hooks).hooks.map((h) => [h.label, h.status])).toEqual([
      ['hook1', 'trusted'],
      ['new-hook', 'new'],
      ['my-hook', 'changed'],
      ['./script.sh', 'new'],
    ]);
  });

  it('no file: everything is new', () => {
    const hooks = projectHooksOf(hooksObject({ type: 'command', name: 'hook1', command: 'cmd1' }));
    expect(assessProjectHooks(ctx(), hooks).hooks[0]!.status).toBe('new');
  });

  it('keys are filed under the real path of the project (a symlinked workspace is the same project)', async () => {
    const link = path.join(s.root, 'ws-link');
    fs.symlinkSync(s.workspace, link);
    await record(['h:c']);
    const hooks = projectHooksOf(hooksObject({ type: 'command', name: 'h', command: 'c' }));
    expect(assessProjectHooks(s.ctx({ cwd: link }), hooks).hooks[0]!.status).toBe('trusted');
  });

  it('a plugin hook (its key has no command) is trusted only with the command hookrun recorded', async () => {
    const plugin = (command: string) => projectHooksOf(hooksObject({ type: 'plugin', command }));
    // Trusted by key alone (as Gemini CLI records it): hookrun has not seen the command, so it is not trusted.
    await record([':']);
    expect(assessProjectHooks(ctx(), plugin('echo A')).hooks[0]).toMatchObject({ key: ':', status: 'changed' });
    // Recorded by hookrun: trusted; another command under the same key is not.
    const change = await recordProjectHooks(ctx(), assessProjectHooks(ctx(), plugin('echo A')).hooks);
    expect(change.written).toBe(true);
    expect(JSON.parse(fs.readFileSync(trustedScriptsPath(ctx()), 'utf8'))).toEqual({ [projectRootKey(ctx())]: { ':': { command: 'echo A' } } });
    expect(assessProjectHooks(ctx(), plugin('echo A')).hooks[0]!.status).toBe('trusted');
    expect(assessProjectHooks(ctx(), plugin('echo EVIL')).hooks[0]).toMatchObject({ status: 'changed', recorded: { command: 'echo A' } });
  });

  it('a trusted hook whose script was edited is script-changed; unrecorded scripts are not checked', async () => {
    const script = path.join(s.workspace, 'guard.sh');
    fs.writeFileSync(script, 'v1');
    await record([':./guard.sh', ':./other.sh']);
    await s.writeJson(trustedScriptsPath(ctx()), {
      [projectRootKey(ctx())]: { ':./guard.sh': { path: script, sha256: 'not-the-hash-of-v1' } },
    });
    fs.writeFileSync(path.join(s.workspace, 'other.sh'), 'x');
    const hooks = projectHooksOf(hooksObject({ type: 'command', command: './guard.sh' }, { type: 'command', command: './other.sh' }));
    const assessed = assessProjectHooks(ctx(), hooks).hooks;
    expect(assessed.map((h) => h.status)).toEqual(['script-changed', 'trusted']);
    expect(assessed[0]).toMatchObject({ script, recorded: { path: script, sha256: 'not-the-hash-of-v1' } });
    expect(assessed[0]!.sha256).toMatch(/^[0-9a-f]{64}$/);
    // What a run asks (hashAll: false): the same verdicts, reading only the script with a recorded hash.
    const quick = assessProjectHooks(ctx(), hooks, { hashAll: false }).hooks;
    expect(quick.map((h) => h.status)).toEqual(['script-changed', 'trusted']);
    expect(quick[0]!.sha256).toBe(assessed[0]!.sha256);
    expect(quick[1]).not.toHaveProperty('sha256');
    expect(quick[1]).not.toHaveProperty('script');
  });
});
