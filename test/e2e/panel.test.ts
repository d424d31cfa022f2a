// The hook panel through the real bin: Gemini CLI's /hooks messages, exit codes, which files change.
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { hookrun, makeSandbox, type Sandbox } from '../helpers/cli.js';

const sandboxes: Sandbox[] = [];
afterAll(() => Promise.all(sandboxes.map((s) => s.cleanup())));

interface Setup {
  workspace?: string | object;
  user?: string | object;
  system?: object;
  /** trusted_hooks.json, given the workspace path (its keys are absolute project roots). */
  trustedHooks?: (ws: string) => object;
}

const text = (value: string | object) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));

async function sandbox(setup: Setup = {}) {
  const sb = await makeSandbox();
  sandboxes.push(sb);
  const files = {
    workspace: path.join(sb.ws, '.gemini', 'settings.json'),
    user: path.join(sb.home, '.gemini', 'settings.json'),
    system: sb.env.GEMINI_CLI_SYSTEM_SETTINGS_PATH!,
  };
  if (setup.workspace !== undefined) await sb.write(files.workspace, text(setup.workspace));
  if (setup.user !== undefined) await sb.write(files.user, text(setup.user));
  if (setup.system !== undefined) await sb.write(files.system, text(setup.system));
  if (setup.trustedHooks !== undefined) await sb.write(path.join(sb.home, '.gemini', 'trusted_hooks.json'), text(setup.trustedHooks(sb.ws)));
  const run = (args: string[], env: Record<string, string> = { GEMINI_CLI_TRUST_WORKSPACE: 'true' }) =>
    hookrun([...args, '--cwd', sb.ws], { env: { ...sb.env, ...env } });
  const disabled = (file: keyof typeof files) => JSON.parse(readFileSync(files[file], 'utf8')).hooksConfig?.disabled;
  return { sb, files, run, disabled };
}

const cmd = (command: string, name?: string) => ({ type: 'command', command, ...(name ? { name } : {}) });
const hooks = (event: string, ...list: object[]) => ({ [event]: [{ hooks: list }] });

describe('enable / disable messages (Gemini CLI hookUtils wording)', () => {
  test('disable: creates the workspace file, then "already disabled"', async () => {
    const { run, files, disabled } = await sandbox({ user: { hooks: hooks('BeforeTool', cmd('./a.sh', 'audit')) } });
    const first = await run(['disable', 'audit']);
    expect(first).toMatchObject({ exitCode: 0, stderr: '' });
    expect(first.stdout).toBe(`Hook "audit" disabled by adding it to the disabled list in workspace (${files.workspace}) settings.\n`);
    expect(disabled('workspace')).toEqual(['audit']);
    const again = await run(['disable', 'audit']);
    expect(again).toMatchObject({ exitCode: 0, stdout: 'Hook "audit" is already disabled.\n' });
  });

  test('disable while the user file lists it: "now disabled in both"', async () => {
    const { run, files } = await sandbox({ user: { hooksConfig: { disabled: ['audit'] }, hooks: hooks('BeforeTool', cmd('./a.sh', 'audit')) } });
    const r = await run(['disable', 'audit']);
    expect(r.stdout).toBe(`Hook "audit" is now disabled in both workspace (${files.workspace}) and user (${files.user}) settings.\n`);
  });

  test('enable: modified scopes first, then the already clean one; "already enabled" after', async () => {
    const { run, files, disabled } = await sandbox({
      workspace: { hooksConfig: { disabled: ['other'] } },
      user: { hooksConfig: { disabled: ['audit'] }, hooks: hooks('BeforeTool', cmd('./a.sh', 'audit')) },
    });
    const r = await run(['enable', 'audit']);
    expect(r).toMatchObject({ exitCode: 0, stderr: '' });
    expect(r.stdout).toBe(`Hook "audit" enabled by removing it from the disabled list in user (${files.user}) and workspace (${files.workspace}) settings.\n`);
    expect(disabled('user')).toEqual([]);
    expect(disabled('workspace')).toEqual(['other']);
    expect((await run(['enable', 'audit'])).stdout).toBe('Hook "audit" is already enabled.\n');
  });

  test('enable: a system list is never edited, and hookrun says the hook stays disabled', async () => {
    const { run, files } = await sandbox({
      system: { hooksConfig: { disabled: ['audit'] } },
      user: { hooks: hooks('BeforeTool', cmd('./a.sh', 'audit')) },
    });
    const before = readFileSync(files.system, 'utf8');
    const r = await run(['enable', 'audit']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe('Hook "audit" is already enabled.\n');
    expect(r.stderr).toBe(
      `hookrun: warning: "audit" stays disabled by hooksConfig.disabled in ${files.system}:4:7, which neither Gemini CLI nor hookrun edits.\n`,
    );
    expect(readFileSync(files.system, 'utf8')).toBe(before);
  });

  test('a name that matches no hook is written anyway (as Gemini does), with a warning; by-command hint', async () => {
    const { run, disabled } = await sandbox({ workspace: { hooks: hooks('BeforeTool', cmd('./check.sh', 'friendly')) } });
    const r = await run(['disable', './check.sh']);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toBe(
      'hookrun: warning: No hooks found matching "./check.sh". The name was written anyway, as Gemini CLI does. The hook with this command is named "friendly": Gemini CLI matches a hook by its name when it has one.\n',
    );
    expect(disabled('workspace')).toEqual(['./check.sh']);
    const typo = await run(['enable', 'nope']);
    expect(typo).toMatchObject({ exitCode: 0, stdout: 'Hook "nope" is already enabled.\n' });
    expect(typo.stderr).toBe('hookrun: warning: No hooks found matching "nope". `hookrun list --all` shows the hook names.\n');
  });

  test('--json: the action result with its message', async () => {
    const { run, files } = await sandbox({ workspace: { hooks: hooks('BeforeTool', cmd('./a.sh', 'audit')) } });
    const r = await run(['disable', 'audit', '--json']);
    expect(JSON.parse(r.stdout)).toEqual({
      status: 'success',
      action: 'disable',
      hookName: 'audit',
      modifiedScopes: [{ scope: 'workspace', path: files.workspace }],
      alreadyInStateScopes: [],
      message: `Hook "audit" disabled by adding it to the disabled list in workspace (${files.workspace}) settings.`,
      warnings: [],
    });
  });

  test('errors: usage, hook system not enabled, a write that fails', async () => {
    const off = await sandbox({ user: { hooksConfig: { enabled: false }, hooks: hooks('BeforeTool', cmd('./a.sh')) } });
    for (const args of [['enable', 'x'], ['disable', 'x'], ['enable-all'], ['disable-all']]) {
      const r = await off.run(args);
      expect(r.exitCode, args.join(' ')).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(`hookrun: warning: hooksConfig.enabled is false in ${off.files.user}:3:16\nhookrun: error: Hook system is not enabled.\n`);
    }
    expect(existsSync(off.files.workspace)).toBe(false);

    const usage = await sandbox();
    expect(await usage.run(['enable', '  '])).toMatchObject({ exitCode: 1, stderr: 'hookrun: error: Usage: hookrun enable <hook-name>\n' });

    const blocked = await sandbox();
    await blocked.sb.write(path.join(blocked.sb.ws, '.gemini'), 'a file where the directory should be');
    const r = await blocked.run(['disable', 'x']);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/^hookrun: error: Failed to disable hook: EEXIST: .*mkdir/);
  });
});

describe('enable-all / disable-all', () => {
  const two = { hooks: { ...hooks('BeforeTool', cmd('./a.sh', 'a')), ...hooks('AfterTool', cmd('./b.sh', 'b'), cmd('./a.sh', 'a')) } };

  test('disable-all, then "already disabled"; enable-all, then "already enabled"', async () => {
    const { run, disabled } = await sandbox({ workspace: two });
    const off = await run(['disable-all']);
    expect(off).toMatchObject({ exitCode: 0, stdout: 'Disabled 3 hook(s) successfully.\n' });
    expect(disabled('workspace')).toEqual(['a', 'b']);
    expect((await run(['disableall'])).stdout).toBe('All hooks are already disabled.\n');
    expect((await run(['enable-all'])).stdout).toBe('Enabled 3 hook(s) successfully.\n');
    expect(disabled('workspace')).toEqual([]);
    expect((await run(['enableall'])).stdout).toBe('All hooks are already enabled.\n');
  });

  test('enable-all empties the user list too; a file without a list is not touched', async () => {
    const { run, files, disabled } = await sandbox({ workspace: two, user: { hooksConfig: { disabled: ['b'] } } });
    expect((await run(['enable-all'])).stdout).toBe('Enabled 1 hook(s) successfully.\n');
    expect(disabled('user')).toEqual([]);
    expect(readFileSync(files.workspace, 'utf8')).toBe(text(two));
  });

  test('"No hooks configured." when nothing is registered', async () => {
    const { run } = await sandbox();
    expect(await run(['enable-all'])).toMatchObject({ exitCode: 0, stdout: 'No hooks configured.\n' });
    expect(await run(['disable-all'])).toMatchObject({ exitCode: 0, stdout: 'No hooks configured.\n' });
  });
});

describe('list', () => {
  test('--json: every registered hook with source, layer, name, matcher, enabled and trusted', async () => {
    const { run, sb, files } = await sandbox({
      workspace: {
        hooksConfig: { disabled: ['lint'] },
        hooks: { BeforeTool: [{ matcher: 'write_file', hooks: [cmd('./audit.sh', 'audit'), cmd('./lint.sh', 'lint')] }] },
      },
      user: { hooks: hooks('SessionStart', cmd('echo hi')) },
      trustedHooks: (ws) => ({ [ws]: ['audit:./audit.sh', 'lint:./other.sh'] }),
    });
    const r = await run(['list', '--json']);
    expect(r.exitCode).toBe(0);
    const listing = JSON.parse(r.stdout);
    expect(listing).toMatchObject({ hooksEnabled: true, trusted: true, trustedHooksFile: path.join(sb.home, '.gemini', 'trusted_hooks.json'), notes: [] });
    expect(listing.hooks).toEqual([
      {
        event: 'BeforeTool', name: 'audit', command: './audit.sh', source: 'project', layer: 'workspace', matcher: 'write_file',
        enabled: true, trusted: true, registered: true, file: files.workspace, line: 12, column: 11,
      },
      {
        event: 'BeforeTool', name: 'lint', command: './lint.sh', source: 'project', layer: 'workspace', matcher: 'write_file',
        enabled: false, trusted: false, registered: true, file: files.workspace, line: 17, column: 11,
        disabledBy: [{ file: files.workspace, line: 4, column: 7 }],
      },
      { event: 'SessionStart', name: 'echo hi', command: 'echo hi', source: 'project', layer: 'user', matcher: null, enabled: true, trusted: null, registered: true, file: files.user, line: 6, column: 11 },
    ]);
  });

  test('text: per event, and in an untrusted folder --all shows what is not registered', async () => {
    const { run, files } = await sandbox({ workspace: { hooks: hooks('BeforeTool', cmd('./a.sh', 'audit')) } });
    const trusted = await run(['list']);
    expect(trusted.stdout).toBe(`BeforeTool\n  audit  enabled   project/workspace, no matcher, not yet trusted  ${files.workspace}:6:11\n`);
    const untrusted = await run(['list'], {});
    expect(untrusted.exitCode).toBe(0);
    expect(untrusted.stdout).toMatch(/^No hooks configured\. Add hooks to your settings to get started\.\nnote: the folder is not trusted .*\nnote: 1 configured hook\(s\) are not registered; `hookrun list --all` shows them\.\n$/);
    const all = await run(['list', '--all'], {});
    expect(all.stdout).toContain(`  audit  not registered: untrusted folder  project/workspace, no matcher, not yet trusted  ${files.workspace}:6:11\n`);
  });

  test('hooks switched off: "Hook system is not enabled." and where', async () => {
    const { run, files } = await sandbox({ workspace: { hooksConfig: { enabled: false }, hooks: hooks('BeforeTool', cmd('./a.sh')) } });
    const r = await run(['list']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain(`Hook system is not enabled.\nnote: hooksConfig.enabled is false in ${files.workspace}:3:16: Gemini CLI runs no hook.\n`);
  });
});

