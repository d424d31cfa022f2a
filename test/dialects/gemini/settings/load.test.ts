import path from 'node:path';
import fs from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HookrunError } from '../../../../src/pipeline/errors.js';
import { geminiSettingsPaths, loadGeminiConfig, loadSettingsLayers } from '../../../../src/dialects/gemini/settings/load.js';
import { hooksFor, makeSandbox, type Sandbox } from '../sandbox.js';

let s: Sandbox;
beforeEach(async () => {
  s = await makeSandbox();
  // The layers as Gemini CLI merges them: its 0.59.0 reads the sandbox's system files in the temp dir, where
  // 0.60.0 and later skip them as insecure (system-file.test.ts); a root-owned one merges the same way.
  s.env.HOOKRUN_GEMINI_VERSION = '0.59.0';
});
afterEach(async () => {
  await s.cleanup();
});

type Overrides = Parameters<Sandbox['ctx']>[0];
const TRUSTED: Overrides = { env: { GEMINI_CLI_TRUST_WORKSPACE: 'true' } };
const load = (overrides: Overrides = TRUSTED, opts = {}) => loadGeminiConfig(s.ctx(overrides), opts);
const commands = (config: Awaited<ReturnType<typeof load>>) => config.entries.map((entry) => entry.config.command);
const codes = (config: Awaited<ReturnType<typeof load>>) => config.diagnostics.map((d) => d.code);

describe('settings paths', () => {
  it('honours the environment overrides and GEMINI_CLI_HOME', () => {
    const ctx = s.ctx({ env: { GEMINI_CLI_HOME: '/gh' } });
    expect(geminiSettingsPaths(ctx)).toEqual({
      systemDefaults: s.systemDefaults,
      user: '/gh/.gemini/settings.json',
      workspace: path.join(s.workspace, '.gemini', 'settings.json'),
      system: s.systemSettings,
    });
  });

  it('puts system defaults next to the system settings and uses the platform default', () => {
    const ctx = s.ctx({ env: { GEMINI_CLI_SYSTEM_SETTINGS_PATH: undefined, GEMINI_CLI_SYSTEM_DEFAULTS_PATH: undefined } });
    const linux = geminiSettingsPaths({ ...ctx, platform: 'linux' });
    expect(linux.system).toBe('/etc/gemini-cli/settings.json');
    expect(linux.systemDefaults).toBe('/etc/gemini-cli/system-defaults.json');
    expect(geminiSettingsPaths({ ...ctx, platform: 'darwin' }).system).toBe('/Library/Application Support/GeminiCli/settings.json');
    expect(geminiSettingsPaths({ ...ctx, platform: 'win32' }).system).toBe('C:\\ProgramData\\gemini-cli\\settings.json');
  });
});

describe('layers', () => {
  it('works with no settings file at all', async () => {
    const config = await load();
    expect(config.entries).toEqual([]);
    expect(config.hooksEnabled).toBe(true);
    expect(config.files.map((f) => [f.layer, f.exists, f.loaded])).toEqual([
      ['systemDefaults', false, false],
      ['user', false, false],
      ['workspace', false, false],
      ['system', false, false],
    ]);
  });

  it.each([
    ['systemDefaults', () => s.systemDefaults],
    ['user', () => s.userSettings],
    ['workspace', () => s.workspaceSettings],
    ['system', () => s.systemSettings],
  ] as const)('loads the %s layer alone, as a "project" hook with its position', async (layer, file) => {
    await s.writeJson(file(), hooksFor('BeforeTool', `${layer}.sh`));
    const config = await load();
    expect(config.entries).toMatchObject([{ event: 'BeforeTool', source: 'project', layer, config: { command: `${layer}.sh` }, location: { file: file(), line: 6, column: 11 } }]);
    expect(config.files.find((f) => f.layer === layer)).toMatchObject({ exists: true, loaded: true });
  });

  it('concatenates hooks in merge order: system defaults, user, workspace, system', async () => {
    await s.writeJson(s.systemSettings, hooksFor('BeforeTool', 's.sh'));
    await s.writeJson(s.workspaceSettings, { hooks: { BeforeTool: [{ sequential: true, hooks: [{ type: 'command', command: 'w.sh' }] }] } });
    await s.writeJson(s.userSettings, hooksFor('BeforeTool', 'u.sh'));
    await s.writeJson(s.systemDefaults, hooksFor('BeforeTool', 'd.sh'));
    const config = await load();
    expect(config.entries.map((e) => [e.config.command, e.layer, e.sequential])).toEqual([
      ['d.sh', 'systemDefaults', undefined],
      ['u.sh', 'user', undefined],
      ['w.sh', 'workspace', true],
      ['s.sh', 'system', undefined],
    ]);
  });

  it('keeps events of different layers apart', async () => {
    await s.writeJson(s.userSettings, hooksFor('BeforeAgent', 'u.sh'));
    await s.writeJson(s.workspaceSettings, hooksFor('AfterAgent', 'w.sh'));
    const config = await load();
    expect(config.entries.map((e) => [e.event, e.config.command])).toEqual([
      ['BeforeAgent', 'u.sh'],
      ['AfterAgent', 'w.sh'],
    ]);
  });

  it('unions hooksConfig.disabled across layers', async () => {
    await s.writeJson(s.userSettings, { hooksConfig: { disabled: ['a.sh'] }, ...hooksFor('BeforeTool', 'a.sh', 'b.sh', 'c.sh') });
    await s.writeJson(s.workspaceSettings, { hooksConfig: { disabled: ['b.sh'] } });
    const config = await load();
    expect(config.entries.map((e) => [e.config.command, e.enabled])).toEqual([
      ['a.sh', false],
      ['b.sh', false],
      ['c.sh', true],
    ]);
    expect(config.merged.hooksConfig).toMatchObject({ disabled: ['a.sh', 'b.sh'] });
  });

  it('lets the system file override hooksConfig.enabled (last wins)', async () => {
    await s.writeJson(s.workspaceSettings, { hooksConfig: { enabled: false }, ...hooksFor('BeforeTool', 'w.sh') });
    await s.writeJson(s.systemSettings, { hooksConfig: { enabled: true } });
    const config = await load();
    expect(config.hooksEnabled).toBe(true);
    expect(commands(config)).toEqual(['w.sh']);
  });

  it('with hooksConfig.enabled false: no entries at all and a diagnostic pointing at the setting', async () => {
    await s.writeJson(s.workspaceSettings, { hooksConfig: { enabled: false }, ...hooksFor('BeforeTool', 'w.sh') });
    await writeExtension('ext', { SessionStart: [{ hooks: [{ type: 'command', command: 'e.sh' }] }] });
    const config = await load();
    expect(config.hooksEnabled).toBe(false);
    expect(config.entries).toEqual([]);
    expect(config.diagnostics).toEqual([expect.objectContaining({ code: 'hooks-disabled', location: expect.objectContaining({ file: s.workspaceSettings, line: 3 }) })]);
  });

  it('does not read the workspace file when cwd is the home directory', async () => {
    await s.writeJson(s.userSettings, hooksFor('BeforeTool', 'u.sh'));
    const config = await load({ cwd: s.home, env: TRUSTED!.env });
    expect(commands(config)).toEqual(['u.sh']);
    expect(config.entries[0]!.layer).toBe('user');
    expect(config.files.find((f) => f.layer === 'workspace')).toMatchObject({ exists: true, loaded: false, note: expect.stringContaining('home') });
  });

  it('compares cwd with home through symlinks', async () => {
    const link = path.join(s.root, 'home-link');
    await fs.symlink(s.home, link);
    await s.writeJson(s.userSettings, hooksFor('BeforeTool', 'u.sh'));
    const config = await load({ cwd: link, env: TRUSTED!.env });
    expect(config.entries.map((e) => e.layer)).toEqual(['user']);
  });

  it('reads JSONC settings', async () => {
    await s.write(s.workspaceSettings, '{\n  // hooks\n  "hooks": { /* x */ "BeforeTool": [{ "hooks": [{ "type": "command", "command": "w.sh" }] }] }\n}\n');
    expect(commands(await load())).toEqual(['w.sh']);
  });

  it('expands environment variables in every layer', async () => {
    await s.writeJson(s.userSettings, hooksFor('BeforeTool', '$HOME/a.sh', '${MISSING:-/opt}/b.sh', '$MISSING/c.sh'));
    expect(commands(await load())).toEqual([`${s.home}/a.sh`, '/opt/b.sh', '$MISSING/c.sh']);
  });
});

describe('fatal problems', () => {
  async function loadError(): Promise<HookrunError> {
    try {
      await load();
    } catch (error) {
      if (error instanceof HookrunError) return error;
      throw error;
    }
    throw new Error('expected an error');
  }

  it('a parse error names file, line and column', async () => {
    await s.write(s.userSettings, '{\n  "hooks": {},\n}\n');
    const error = await loadError();
    expect(error.kind).toBe('config');
    // The position first and the fix validate gives, in every command that loads settings (issue 19).
    expect(error.message).toBe(
      `${s.userSettings}:3:1: Expected double-quoted property name. Fix the JSON at that position: comments (// and /* */) are allowed, trailing commas and single quotes are not.`,
    );
    expect(error.location).toMatchObject({ file: s.userSettings, line: 3, column: 1 });
  });

  it('a non-object root', async () => {
    await s.write(s.systemSettings, '[]');
    expect((await loadError()).message).toBe(`Error in ${s.systemSettings}: Settings file is not a valid JSON object.`);
  });

  it('several broken files are reported together', async () => {
    await s.write(s.systemSettings, '[]');
    await s.write(s.userSettings, '{');
    const message = (await loadError()).message;
    expect(message).toContain(s.systemSettings);
    expect(message).toContain(s.userSettings);
  });

  it('a broken workspace file is fatal even in an untrusted folder, as in Gemini CLI', async () => {
    await s.write(s.workspaceSettings, '{,}');
    await expect(load({ env: {} })).rejects.toThrow(s.workspaceSettings);
  });

  it('keeps per-layer problems available without throwing', async () => {
    await s.write(s.userSettings, '{');
    const layers = loadSettingsLayers(s.ctx());
    expect(layers.find((l) => l.layer === 'user')!.error).toBeInstanceOf(HookrunError);
  });

  it('classifies each failure with a stable code', async () => {
    await s.write(s.userSettings, '{');
    await s.write(s.systemSettings, '"text"');
    await fs.mkdir(s.workspaceSettings, { recursive: true });
    const codes = Object.fromEntries(loadSettingsLayers(s.ctx()).map((l) => [l.layer, l.errorCode]));
    expect(codes).toEqual({
      systemDefaults: undefined,
      user: 'settings-syntax-error',
      workspace: 'settings-unreadable',
      system: 'settings-not-object',
    });
  });
});

describe('schema validation and the string cast quirk', () => {
  it('a valid file casts "false": hooks are off', async () => {
    await s.writeJson(s.workspaceSettings, { hooksConfig: { enabled: 'false' }, ...hooksFor('BeforeTool', 'a.sh') });
    const config = await load();
    expect(config.hooksEnabled).toBe(false);
    expect(config.entries).toEqual([]);
  });

  it('an invalid file keeps "false" as a (truthy) string: hooks run, with warnings', async () => {
    await s.writeJson(s.workspaceSettings, { hooksConfig: { enabled: 'false' }, hooks: { MyCustomEvent: 'not-an-array', ...(hooksFor('BeforeTool', 'a.sh').hooks as object) } });
    const config = await load();
    expect(config.hooksEnabled).toBe(true);
    expect(commands(config)).toEqual(['a.sh']);
    expect(codes(config)).toEqual(['schema-invalid', 'invalid-event-name']);
    expect(config.diagnostics[0]!.location).toMatchObject({ file: s.workspaceSettings, path: ['hooks', 'MyCustomEvent'] });
  });

  it('a valid file casts a timeout string to a number', async () => {
    await s.writeJson(s.workspaceSettings, { hooks: { BeforeTool: [{ hooks: [{ type: 'command', command: 'slow.sh', timeout: '300' }] }] } });
    expect((await load()).entries[0]!.config.timeout).toBe(300);
  });

  it('an invalid file keeps the timeout string', async () => {
    await s.writeJson(s.workspaceSettings, { hooks: { enabled: true, BeforeTool: [{ hooks: [{ type: 'command', command: 'slow.sh', timeout: '300' }] }] } });
    const config = await load();
    expect(config.entries[0]!.config.timeout).toBe('300');
    expect(codes(config)).toEqual(['schema-invalid', 'ignored-hooks-key']);
  });

  it('casts per file: an invalid user file does not stop the workspace file from being cast', async () => {
    await s.writeJson(s.userSettings, { hooks: { Custom: 'x' } });
    await s.writeJson(s.workspaceSettings, { hooks: { BeforeTool: [{ hooks: [{ type: 'command', command: 'w', timeout: '5' }] }] } });
    expect((await load()).entries[0]!.config.timeout).toBe(5);
  });
});

describe('Gemini registry quirks through the merge', () => {
  it('an event holding one definition object instead of an array still registers', async () => {
    await s.writeJson(s.workspaceSettings, { hooks: { BeforeTool: { hooks: [{ type: 'command', command: 'obj.sh' }] } } });
    const config = await load();
    expect(commands(config)).toEqual(['obj.sh']);
    expect(config.entries[0]!.location).toMatchObject({ path: ['hooks', 'BeforeTool', 'hooks', 0], line: 5, column: 9 });
  });

  it('a wrongly cased event registers nothing', async () => {
    await s.writeJson(s.workspaceSettings, { hooks: { beforetool: [{ hooks: [{ type: 'command', command: 'x' }] }] } });
    const config = await load();
    expect(config.entries).toEqual([]);
    expect(config.diagnostics).toEqual([expect.objectContaining({ code: 'invalid-event-name', location: expect.objectContaining({ line: 3, column: 5 }) })]);
  });

  it('keeps a capitalised type out and says where it is', async () => {
    await s.writeJson(s.workspaceSettings, {
      hooks: {
        BeforeTool: [
          {
            hooks: [
              { type: 'Command', command: 'x' },
              { type: 'command', command: 'ok.sh' },
            ],
          },
        ],
      },
    });
    const config = await load();
    expect(commands(config)).toEqual(['ok.sh']);
    expect(config.diagnostics).toEqual([
      expect.objectContaining({ code: 'invalid-hook-type', location: expect.objectContaining({ file: s.workspaceSettings, line: 6, column: 11 }) }),
    ]);
  });
});

describe('folder trust', () => {
  it('untrusted: no settings hook at all (user and system too), extension hooks still load', async () => {
    await s.writeJson(s.userSettings, hooksFor('BeforeTool', 'u.sh'));
    await s.writeJson(s.workspaceSettings, hooksFor('BeforeTool', 'w.sh'));
    await s.writeJson(s.systemSettings, hooksFor('BeforeTool', 's.sh'));
    await writeExtension('ext', { BeforeTool: [{ hooks: [{ type: 'command', command: 'e.sh' }] }] });
    const config = await load({ env: {} });
    expect(config.trust).toMatchObject({ trusted: false, by: 'no-rule' });
    expect(commands(config)).toEqual(['e.sh']);
    const warning = config.diagnostics.find((d) => d.code === 'untrusted-folder')!;
    expect(warning.message).toContain('Project hooks disabled because the folder is not trusted.');
    expect(warning.message).toContain('--trust-workspace');
    expect(warning.message).toContain('GEMINI_CLI_TRUST_WORKSPACE=true');
    expect(warning.message).toContain(`hookrun trust --folder ${s.workspace}`);
    expect(config.files.find((f) => f.layer === 'workspace')).toMatchObject({ exists: true, loaded: false });
  });

  it('untrusted: the workspace file does not reach the merged settings', async () => {
    await s.writeJson(s.workspaceSettings, { hooksConfig: { disabled: ['x'] } });
    expect((await load({ env: {} })).merged.hooksConfig).toMatchObject({ disabled: [] });
  });

  it('--trust-workspace trusts the folder', async () => {
    await s.writeJson(s.workspaceSettings, hooksFor('BeforeTool', 'w.sh'));
    const config = await load({ env: {} }, { trustWorkspace: true });
    expect(config.trust).toMatchObject({ trusted: true, by: 'flag' });
    expect(commands(config)).toEqual(['w.sh']);
  });

  it('a trustedFolders.json rule trusts the folder', async () => {
    await s.writeJson(s.trustedFolders, { [s.workspace]: 'TRUST_FOLDER' });
    await s.writeJson(s.workspaceSettings, hooksFor('BeforeTool', 'w.sh'));
    const config = await load({ env: {} });
    expect(config.trust).toMatchObject({ trusted: true, by: 'file' });
    expect(commands(config)).toEqual(['w.sh']);
  });

  it('user settings can switch folder trust off; workspace settings cannot', async () => {
    await s.writeJson(s.workspaceSettings, { security: { folderTrust: { enabled: false } }, ...hooksFor('BeforeTool', 'w.sh') });
    expect((await load({ env: {} })).trust).toMatchObject({ trusted: false, by: 'no-rule' });
    await s.writeJson(s.userSettings, { security: { folderTrust: { enabled: false } } });
    const config = await load({ env: {} });
    expect(config.trust).toMatchObject({ trusted: true, by: 'feature-disabled' });
    expect(commands(config)).toEqual(['w.sh']);
  });

  it('the system file overrides the user file for folder trust', async () => {
    await s.writeJson(s.userSettings, { security: { folderTrust: { enabled: false } } });
    await s.writeJson(s.systemSettings, { security: { folderTrust: { enabled: true } } });
    expect((await load({ env: {} })).trust).toMatchObject({ trusted: false });
  });
});

async function writeExtension(name: string, hooks: unknown, manifest: Record<string, unknown> = {}, dirName = name): Promise<string> {
  const dir = path.join(s.home, '.gemini', 'extensions', dirName);
  await s.writeJson(path.join(dir, 'gemini-extension.json'), { name, version: '1.0.0', ...manifest });
  if (hooks !== undefined) await s.writeJson(path.join(dir, 'hooks', 'hooks.json'), { hooks });
  return dir;
}

describe('extension hooks', () => {
  it('loads them after the settings hooks, hydrated, with source "extensions"', async () => {
    await s.writeJson(s.workspaceSettings, hooksFor('SessionStart', 'w.sh'));
    const dir = await writeExtension('ext', {
      SessionStart: [{ matcher: 'startup', hooks: [{ type: 'command', command: 'node ${extensionPath}${/}on-start.js ${workspacePath}${pathSeparator}x ${HOME} ${unknown}' }] }],
    });
    const config = await load();
    expect(config.entries.map((e) => [e.source, e.layer, e.extension, e.config.command])).toEqual([
      ['project', 'workspace', undefined, 'w.sh'],
      ['extensions', 'extension', 'ext', `node ${dir}${path.sep}on-start.js ${s.workspace}${path.sep}x \${HOME} \${unknown}`],
    ]);
    expect(config.entries[1]!.location).toMatchObject({ file: path.join(dir, 'hooks', 'hooks.json'), line: 7, column: 11 });
    expect(config.entries[1]!.matcher).toBe('startup');
  });

  it('adds extension settings that have a value to command hook env and to the hydration', async () => {
    const dir = await writeExtension(
      'ext',
      { BeforeTool: [{ hooks: [{ type: 'command', command: 'run ${API_URL}', env: { API_URL: 'mine', OTHER: '1' } }] }] },
      {
        settings: [
          { name: 'API URL', envVar: 'API_URL' },
          { name: 'Unset', envVar: 'UNSET_VAR' },
        ],
      },
    );
    await s.write(path.join(dir, '.env'), 'API_URL=https://api.example\n# comment\nEXTRA="quoted value"\n');
    const entry = (await load()).entries[0]!;
    expect(entry.config.command).toBe('run https://api.example');
    expect(entry.config.env).toEqual({ API_URL: 'https://api.example', OTHER: '1' });
  });

  it('reads the workspace .env for extension settings only in a trusted folder', async () => {
    await writeExtension('ext', { BeforeTool: [{ hooks: [{ type: 'command', command: 'x ${TOKEN_URL}' }] }] });
    await s.write(path.join(s.workspace, '.env'), 'TOKEN_URL=from-workspace\n');
    expect((await load()).entries[0]!.config.command).toBe('x from-workspace');
    expect((await load({ env: {} })).entries[0]!.config.command).toBe('x ${TOKEN_URL}');
  });

  it('skips an extension disabled for this folder by extension-enablement.json', async () => {
    await writeExtension('off', { BeforeTool: [{ hooks: [{ type: 'command', command: 'off.sh' }] }] });
    await writeExtension('on', { BeforeTool: [{ hooks: [{ type: 'command', command: 'on.sh' }] }] });
    await s.writeJson(path.join(s.home, '.gemini', 'extensions', 'extension-enablement.json'), {
      off: { overrides: [`!${s.root}/*`] },
      on: { overrides: [`!${s.root}/*`, `${s.workspace}/`] },
    });
    const config = await load();
    expect(commands(config)).toEqual(['on.sh']);
    expect(config.diagnostics).toContainEqual(expect.objectContaining({ code: 'extension-inactive', message: expect.stringContaining('"off"') }));
  });

  it('follows a linked extension to its source directory', async () => {
    const source = path.join(s.root, 'src-ext');
    await s.writeJson(path.join(source, 'gemini-extension.json'), { name: 'linked', version: '1' });
    await s.writeJson(path.join(source, 'hooks', 'hooks.json'), { hooks: { AfterAgent: [{ hooks: [{ type: 'command', command: '${extensionPath}/a.sh' }] }] } });
    await s.writeJson(path.join(s.home, '.gemini', 'extensions', 'linked', '.gemini-extension-install.json'), { type: 'link', source });
    expect(commands(await load())).toEqual([`${source}/a.sh`]);
  });

  it.each([
    ['no manifest', async (dir: string) => fs.rm(path.join(dir, 'gemini-extension.json')), 'extension-skipped', 'Configuration file not found at'],
    ['a manifest without version', async (dir: string) => s.writeJson(path.join(dir, 'gemini-extension.json'), { name: 'ext' }), 'extension-skipped', 'missing "version"'],
    [
      'comments in hooks.json (plain JSON only)',
      async (dir: string) => s.write(path.join(dir, 'hooks', 'hooks.json'), '{"hooks": {}} // no'),
      'extension-hooks-unreadable',
      'Failed to load extension hooks from',
    ],
    [
      '"hooks" that is not an object',
      async (dir: string) => s.writeJson(path.join(dir, 'hooks', 'hooks.json'), { hooks: [] }),
      'extension-hooks-invalid',
      '"hooks" property must be an object',
    ],
  ])('warns and loads nothing for %s', async (_name, breakIt, code, text) => {
    const dir = await writeExtension('ext', { BeforeTool: [{ hooks: [{ type: 'command', command: 'e.sh' }] }] });
    await breakIt(dir);
    const config = await load();
    expect(config.entries).toEqual([]);
    expect(config.diagnostics).toEqual([expect.objectContaining({ code, message: expect.stringContaining(text) })]);
  });

  it('loads nothing and says nothing for an extension without hooks', async () => {
    await writeExtension('plain', undefined);
    const config = await load();
    expect(config.entries).toEqual([]);
    expect(config.diagnostics).toEqual([]);
  });

  it('skips a second extension with the same name', async () => {
    await writeExtension('same', { BeforeTool: [{ hooks: [{ type: 'command', command: 'a' }] }] }, {}, 'a-dir');
    await writeExtension('same', { BeforeTool: [{ hooks: [{ type: 'command', command: 'b' }] }] }, {}, 'b-dir');
    const config = await load();
    expect(commands(config)).toEqual(['a']);
    expect(codes(config)).toEqual(['extension-skipped']);
  });

  it('applies hooksConfig.disabled and the registry rules to extension hooks', async () => {
    await s.writeJson(s.userSettings, { hooksConfig: { disabled: ['x.sh'] } });
    await writeExtension('ext', {
      BeforeTool: [
        {
          hooks: [
            { type: 'command', command: 'x.sh' },
            { type: 'Command', command: 'y' },
          ],
        },
      ],
      Bogus: [],
    });
    const config = await load();
    expect(config.entries.map((e) => [e.config.command, e.enabled])).toEqual([['x.sh', false]]);
    expect(codes(config)).toEqual(['invalid-hook-type', 'invalid-event-name']);
    expect(config.diagnostics[1]!.message).toContain('from extensions config');
  });
});
