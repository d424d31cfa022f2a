// The panel commands in process (real temp files, captured streams): every Gemini CLI /hooks
// message, the warnings hookrun adds, exit codes, which files change. test/e2e/panel.test.ts runs
// a few of these through the real bin.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { listCommand, toggleAllCommand, toggleCommand, type PanelOptions } from '../../src/cli/commands/panel.js';
import type { IO } from '../../src/cli/io.js';
import { makeSandbox, type Sandbox } from '../dialects/gemini/sandbox.js';

let s: Sandbox;
beforeEach(async () => {
  s = await makeSandbox();
});
afterEach(() => s.cleanup());

interface Captured {
  exitCode: number;
  stdout: string;
  stderr: string;
}

function captureIO(): IO & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    stdout: (t) => void out.push(t),
    stderr: (t) => void err.push(t),
    stdin: { isTTY: true, read: async () => '' },
    colorStdout: false,
    colorStderr: false,
    withInterrupt: (work) => work(new AbortController().signal),
  };
}

const ctx = () => s.ctx({ env: { GEMINI_CLI_TRUST_WORKSPACE: 'true' } });

async function run(command: string, arg?: string, options: PanelOptions = {}): Promise<Captured> {
  const io = captureIO();
  let exitCode: number;
  if (command === 'list') exitCode = await listCommand(options, ctx(), io);
  else if (command === 'enable' || command === 'disable') exitCode = await toggleCommand(command, arg ?? '', options, ctx(), io);
  else exitCode = await toggleAllCommand(command as 'enable-all' | 'disable-all', options, ctx(), io);
  return { exitCode, stdout: io.out.join(''), stderr: io.err.join('') };
}

const cmd = (command: string, name?: string) => ({ type: 'command', command, ...(name ? { name } : {}) });
const on = (event: string, ...hooks: object[]) => ({ [event]: [{ hooks }] });
const disabledIn = (file: string) => JSON.parse(readFileSync(file, 'utf8')).hooksConfig?.disabled;

describe('disable', () => {
  test('creates the workspace file; then "already disabled"', async () => {
    await s.writeJson(s.userSettings, { hooks: on('BeforeTool', cmd('./a.sh', 'audit')) });
    expect(await run('disable', 'audit')).toEqual({
      exitCode: 0,
      stdout: `Hook "audit" disabled by adding it to the disabled list in workspace (${s.workspaceSettings}) settings.\n`,
      stderr: '',
    });
    expect(disabledIn(s.workspaceSettings)).toEqual(['audit']);
    expect(await run('disable', ' audit ')).toEqual({ exitCode: 0, stdout: 'Hook "audit" is already disabled.\n', stderr: '' });
  });

  test('"now disabled in both" when the user list has it', async () => {
    await s.writeJson(s.userSettings, { hooksConfig: { disabled: ['audit'] }, hooks: on('BeforeTool', cmd('./a.sh', 'audit')) });
    expect((await run('disable', 'audit')).stdout).toBe(`Hook "audit" is now disabled in both workspace (${s.workspaceSettings}) and user (${s.userSettings}) settings.\n`);
  });

  test('applies to every hook with that name, in every event', async () => {
    await s.writeJson(s.workspaceSettings, { hooks: { ...on('BeforeTool', cmd('./a.sh', 'audit')), ...on('AfterTool', cmd('./b.sh', 'audit')) } });
    await run('disable', 'audit');
    const listing = JSON.parse((await run('list', undefined, { json: true })).stdout);
    expect(listing.hooks.map((h: { event: string; enabled: boolean }) => [h.event, h.enabled])).toEqual([
      ['BeforeTool', false],
      ['AfterTool', false],
    ]);
  });
});

describe('enable', () => {
  test('names only the file it removed the name from; the emptied list goes; then "already enabled"', async () => {
    await s.writeJson(s.workspaceSettings, { hooksConfig: { disabled: ['other'] } });
    await s.writeJson(s.userSettings, { hooksConfig: { disabled: ['audit'] }, hooks: on('BeforeTool', cmd('./a.sh', 'audit')) });
    expect(await run('enable', 'audit')).toEqual({
      exitCode: 0,
      stdout: `Hook "audit" enabled by removing it from the disabled list in user (${s.userSettings}) settings.\n`,
      stderr: '',
    });
    expect(disabledIn(s.userSettings)).toBeUndefined();
    expect(readFileSync(s.userSettings, 'utf8')).not.toContain('hooksConfig');
    expect(disabledIn(s.workspaceSettings)).toEqual(['other']);
    expect(await run('enable', 'audit')).toEqual({ exitCode: 0, stdout: 'Hook "audit" is already enabled.\n', stderr: '' });
  });

  test("both lists: both named, in Gemini's scope order", async () => {
    await s.writeJson(s.workspaceSettings, { hooksConfig: { disabled: ['audit'] } });
    await s.writeJson(s.userSettings, { hooksConfig: { disabled: ['audit'] }, hooks: on('BeforeTool', cmd('./a.sh', 'audit')) });
    expect((await run('enable', 'audit')).stdout).toBe(
      `Hook "audit" enabled by removing it from the disabled list in workspace (${s.workspaceSettings}) and user (${s.userSettings}) settings.\n`,
    );
  });

  // The sandbox's system file sits in the temp dir: Gemini CLI 0.59.0 reads it, 0.60.0 and later skip it as insecure.
  test('a system list is never edited, and hookrun says the hook stays disabled (a release that reads the file)', async () => {
    await s.writeJson(s.systemSettings, { hooksConfig: { disabled: ['audit'] } });
    await s.writeJson(s.userSettings, { hooks: on('BeforeTool', cmd('./a.sh', 'audit')) });
    const before = readFileSync(s.systemSettings, 'utf8');
    expect(await run('enable', 'audit', { geminiVersion: '0.59.0' })).toEqual({
      exitCode: 0,
      stdout: 'Hook "audit" is already enabled.\n',
      stderr: `hookrun: warning: "audit" stays disabled by hooksConfig.disabled in ${s.systemSettings}:4:7, which neither Gemini CLI nor hookrun edits.\n`,
    });
    expect(readFileSync(s.systemSettings, 'utf8')).toBe(before);
  });

  test('a system list in a file Gemini CLI skips as insecure keeps nothing disabled: nothing to warn about', async () => {
    await s.writeJson(s.systemSettings, { hooksConfig: { disabled: ['audit'] } });
    await s.writeJson(s.userSettings, { hooks: on('BeforeTool', cmd('./a.sh', 'audit')) });
    expect(await run('enable', 'audit')).toEqual({ exitCode: 0, stdout: 'Hook "audit" is already enabled.\n', stderr: '' });
  });
});

describe('unknown names (Gemini writes them anyway)', () => {
  test('disable by command while the hook has a name: written, with the hint', async () => {
    await s.writeJson(s.workspaceSettings, { hooks: on('BeforeTool', cmd('./check.sh', 'friendly')) });
    const r = await run('disable', './check.sh');
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toBe(
      'hookrun: warning: No hooks found matching "./check.sh". The name was written anyway, as Gemini CLI does. The hook with this command is named "friendly": Gemini CLI matches a hook by its name when it has one.\n',
    );
    expect(disabledIn(s.workspaceSettings)).toEqual(['./check.sh']);
  });

  test('enable of a listed name no hook has: taken out of the list, and the warning says so (nothing was written)', async () => {
    await s.writeJson(s.workspaceSettings, { hooks: on('BeforeTool', cmd('./a.sh', 'audit')), hooksConfig: { disabled: ['stale'] } });
    const r = await run('enable', 'stale');
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toBe(
      'hookrun: warning: No hooks found matching "stale". The name was removed from hooksConfig.disabled anyway, as Gemini CLI does. `hookrun list --all` shows the hook names.\n',
    );
    expect(r.stderr).not.toContain('written');
    expect(disabledIn(s.workspaceSettings)).toBeUndefined();
  });

  test('enable of a name nobody has', async () => {
    expect(await run('enable', 'nope')).toEqual({
      exitCode: 0,
      stdout: 'Hook "nope" is already enabled.\n',
      stderr: 'hookrun: warning: No hooks found matching "nope". `hookrun list --all` shows the hook names.\n',
    });
  });

  test('a hook that is configured but not registered (untrusted folder) counts as known', async () => {
    await s.writeJson(s.workspaceSettings, { hooks: on('BeforeTool', cmd('./a.sh', 'audit')) });
    const io = captureIO();
    expect(await toggleCommand('disable', 'audit', {}, s.ctx(), io)).toBe(0);
    expect(io.err.join('')).toBe('');
  });
});

describe('enable-all / disable-all', () => {
  const two = { hooks: { ...on('BeforeTool', cmd('./a.sh', 'a')), ...on('AfterTool', cmd('./b.sh', 'b'), cmd('./a.sh', 'a')) } };

  test('disable-all, "already disabled", enable-all, "already enabled"', async () => {
    await s.writeJson(s.workspaceSettings, two);
    expect(await run('disable-all')).toEqual({ exitCode: 0, stdout: 'Disabled 3 hook(s) successfully.\n', stderr: '' });
    expect(disabledIn(s.workspaceSettings)).toEqual(['a', 'b']);
    expect((await run('disable-all')).stdout).toBe('All hooks are already disabled.\n');
    expect((await run('enable-all')).stdout).toBe('Enabled 3 hook(s) successfully.\n');
    expect(disabledIn(s.workspaceSettings)).toBeUndefined();
    expect((await run('enable-all')).stdout).toBe('All hooks are already enabled.\n');
  });

  test('enable-all empties the user list too and leaves a file without a list untouched', async () => {
    const workspace = await s.writeJson(s.workspaceSettings, two);
    await s.writeJson(s.userSettings, { hooksConfig: { disabled: ['b'] } });
    const before = readFileSync(workspace, 'utf8');
    const r = await run('enable-all', undefined, { json: true });
    expect(JSON.parse(r.stdout)).toEqual({
      status: 'success',
      action: 'enable-all',
      message: 'Enabled 1 hook(s) successfully.',
      count: 1,
      modifiedScopes: [{ scope: 'user', path: s.userSettings }],
      warnings: [],
    });
    expect(disabledIn(s.userSettings)).toBeUndefined();
    expect(readFileSync(workspace, 'utf8')).toBe(before);
  });

  test('"No hooks configured."', async () => {
    expect(await run('enable-all')).toEqual({ exitCode: 0, stdout: 'No hooks configured.\n', stderr: '' });
    expect(await run('disable-all')).toEqual({ exitCode: 0, stdout: 'No hooks configured.\n', stderr: '' });
    expect(existsSync(s.workspaceSettings)).toBe(false);
  });
});

describe('errors (exit 1)', () => {
  test('"Hook system is not enabled." for every change, with where it was switched off', async () => {
    await s.writeJson(s.userSettings, { hooksConfig: { enabled: false }, hooks: on('BeforeTool', cmd('./a.sh')) });
    for (const [command, arg] of [['enable', 'x'], ['disable', 'x'], ['enable-all'], ['disable-all']] as const) {
      expect(await run(command, arg), command).toEqual({
        exitCode: 1,
        stdout: '',
        stderr: `hookrun: warning: hooksConfig.enabled is false in ${s.userSettings}:3:16\nhookrun: error: Hook system is not enabled.\n`,
      });
    }
    expect(existsSync(s.workspaceSettings)).toBe(false);
  });

  test('usage, with --json too', async () => {
    expect(await run('disable', '   ')).toEqual({ exitCode: 1, stdout: '', stderr: 'hookrun: error: Usage: hookrun disable <hook-name>\n' });
    const json = await run('enable', '', { json: true });
    expect(json.exitCode).toBe(1);
    expect(JSON.parse(json.stdout)).toEqual({ status: 'error', action: 'enable', message: 'Usage: hookrun enable <hook-name>', warnings: [] });
  });

  test('a write that fails: Gemini\'s "Failed to disable hook:" prefix', async () => {
    await s.write(path.join(s.workspace, '.gemini'), 'a file where the directory should be');
    const r = await run('disable', 'x');
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/^hookrun: error: Failed to disable hook: EEXIST: .*mkdir.*\n$/);
  });

  test('a disabled value that is not a list is not rewritten', async () => {
    await s.write(s.workspaceSettings, '{ "hooksConfig": { "disabled": "audit" } }');
    const r = await run('disable-all');
    expect(r).toMatchObject({ exitCode: 0, stdout: 'No hooks configured.\n' });
    const enable = await run('enable', 'audit');
    expect(enable.exitCode).toBe(1);
    expect(enable.stderr).toContain('"hooksConfig.disabled" must be a list of hook names, found a string; fix it by hand first');
    expect(readFileSync(s.workspaceSettings, 'utf8')).toBe('{ "hooksConfig": { "disabled": "audit" } }');
  });
});

describe('list', () => {
  test('--json: source, layer, name, matcher, enabled, trusted (from trusted_hooks.json) for every registered hook', async () => {
    await s.writeJson(s.workspaceSettings, {
      hooksConfig: { disabled: ['lint'] },
      hooks: { BeforeTool: [{ matcher: 'write_file', hooks: [cmd('./audit.sh', 'audit'), cmd('./lint.sh', 'lint')] }] },
    });
    await s.writeJson(s.userSettings, { hooks: on('SessionStart', cmd('echo hi')) });
    await s.writeJson(path.join(s.home, '.gemini', 'trusted_hooks.json'), { [s.workspace]: ['audit:./audit.sh', 'lint:./other.sh'] });
    const r = await run('list', undefined, { json: true });
    expect(r.exitCode).toBe(0);
    const listing = JSON.parse(r.stdout);
    expect(listing).toMatchObject({ hooksEnabled: true, trusted: true, trustedHooksFile: path.join(s.home, '.gemini', 'trusted_hooks.json'), notes: [] });
    const file = s.workspaceSettings;
    expect(listing.hooks).toEqual([
      {
        event: 'BeforeTool',
        name: 'audit',
        command: './audit.sh',
        source: 'project',
        layer: 'workspace',
        matcher: 'write_file',
        enabled: true,
        trusted: true,
        registered: true,
        file,
        line: 12,
        column: 11,
      },
      {
        event: 'BeforeTool',
        name: 'lint',
        command: './lint.sh',
        source: 'project',
        layer: 'workspace',
        matcher: 'write_file',
        enabled: false,
        trusted: false,
        registered: true,
        file,
        line: 17,
        column: 11,
        disabledBy: [{ file, line: 4, column: 7 }],
      },
      {
        event: 'SessionStart',
        name: 'echo hi',
        command: 'echo hi',
        source: 'project',
        layer: 'user',
        matcher: null,
        enabled: true,
        trusted: null,
        registered: true,
        file: s.userSettings,
        line: 6,
        column: 11,
      },
    ]);
  });

  test('an unreadable trusted_hooks.json is treated as empty, as Gemini does, and noted', async () => {
    await s.writeJson(s.workspaceSettings, { hooks: on('BeforeTool', cmd('./a.sh', 'audit')) });
    await s.write(path.join(s.home, '.gemini', 'trusted_hooks.json'), '{ nope');
    const listing = JSON.parse((await run('list', undefined, { json: true })).stdout);
    expect(listing.hooks[0].trusted).toBe(false);
    expect(listing.notes).toEqual([expect.stringMatching(/trusted_hooks\.json cannot be used \(.*trusted_hooks\.json:\d+:\d+: .*\); Gemini CLI treats it as empty$/)]);
  });
});
