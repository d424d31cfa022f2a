// Corrupted and truncated settings, trust and extension files, through the real bin: a clear message naming
// the file and the position, the documented exit code, and not one byte of any file changed.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test as base, vi } from 'vitest';
import { beforeTool, makeWorkspace, type Workspace } from './support.js';

// Every case starts the real bin, sometimes several times; on a loaded shared machine one start can take seconds.
vi.setConfig({ testTimeout: 120_000 });

const test = base.extend<{ w: Workspace }>({
  // eslint-disable-next-line no-empty-pattern
  w: async ({}, use) => {
    const w = await makeWorkspace();
    // A healthy setup that each case then breaks in one place: a trusted folder, a recorded hook, an extension.
    await w.settings(beforeTool({ name: 'guard', command: `echo '{"decision":"allow","reason":"guard ran"}'` }));
    fs.writeFileSync(w.env.GEMINI_CLI_TRUSTED_FOLDERS_PATH!, JSON.stringify({ [w.ws]: 'TRUST_FOLDER' }));
    await w.write(path.join(w.home, '.gemini', 'trusted_hooks.json'), JSON.stringify({ [w.ws]: [`guard:echo '{"decision":"allow","reason":"guard ran"}'`] }));
    const ext = path.join(w.home, '.gemini', 'extensions', 'ext');
    await w.write(path.join(ext, 'gemini-extension.json'), JSON.stringify({ name: 'ext', version: '1.0.0' }));
    await w.write(path.join(ext, 'hooks', 'hooks.json'), JSON.stringify({ hooks: { BeforeTool: [{ hooks: [{ type: 'command', command: `echo '{"reason":"ext ran"}'` }] }] } }));
    await use(w);
    await w.cleanup();
  },
});

const files = (w: Workspace) => ({
  workspace: path.join(w.ws, '.gemini', 'settings.json'),
  user: path.join(w.home, '.gemini', 'settings.json'),
  system: w.env.GEMINI_CLI_SYSTEM_SETTINGS_PATH!,
  systemDefaults: w.env.GEMINI_CLI_SYSTEM_DEFAULTS_PATH!,
  trustedFolders: w.env.GEMINI_CLI_TRUSTED_FOLDERS_PATH!,
  trustedHooks: path.join(w.home, '.gemini', 'trusted_hooks.json'),
  trustedScripts: path.join(w.home, '.gemini', 'hookrun-trusted-scripts.json'),
  extensionHooks: path.join(w.home, '.gemini', 'extensions', 'ext', 'hooks', 'hooks.json'),
  extensionManifest: path.join(w.home, '.gemini', 'extensions', 'ext', 'gemini-extension.json'),
});
type FileName = keyof ReturnType<typeof files>;

const COMMANDS = [
  ['run', ['run', 'BeforeTool', '--tool', 't']],
  ['run --dry-run', ['run', 'BeforeTool', '--tool', 't', '--dry-run']],
  ['trust (list)', ['trust']],
] as const;

describe.concurrent('the healthy setup runs every hook', () => {
  test('guard and extension hooks both answer', async ({ w }) => {
    const result = await w.run(['run', 'BeforeTool', '--tool', 't']);
    expect(JSON.parse(result.stdout)).toMatchObject({ reason: 'guard ran\next ran' });
    expect(result.stderr).not.toContain('warning');
  });
});

describe.concurrent('a broken system file that Gemini CLI 0.60.0 and later skip as insecure stops nothing', () => {
  test.for([
    ['system', '{"a": 1,}'],
    ['systemDefaults', ''],
  ] as const)('%s', async ([file, text], { w }) => {
    const target = files(w)[file];
    await w.write(target, text);
    const before = w.snapshot();
    const result = await w.run(['run', 'BeforeTool', '--tool', 't']);
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ reason: 'guard ran\next ran' });
    expect(result.stderr).toContain(`${target}: Gemini CLI 0.61.0 skips this`);
    expect(w.snapshot()).toEqual(before);
  });
});

// Fatal for Gemini CLI too: settings that do not parse, a trust file that does not parse.
describe.concurrent('fatal: exit 1, the file and position named, nothing written', () => {
  const cases: [string, FileName, string, RegExp][] = [
    ['workspace settings truncated', 'workspace', '{\n  "hooks": {\n    "BeforeTool": [', /settings\.json:3:20/],
    ['user settings with a stray token', 'user', '{\n  "a": 1,\n  oops\n}', /settings\.json:3:3/],
    ['system settings: a trailing comma', 'system', '{"a": 1,}', /settings\.json:1:9/],
    ['system defaults: an empty file', 'systemDefaults', '', /system-defaults\.json:1:1/],
    ['system settings: not an object', 'system', '[1]', /settings\.json: Settings file is not a valid JSON object/],
    ['trustedFolders.json truncated', 'trustedFolders', '{\n  "/x": "TRUST_FOLDER"', /trustedFolders\.json:2:23: Expected ',' or '}'/],
    ['trustedFolders.json with a bad level', 'trustedFolders', '{\n  "/x": "TRUST"\n}', /trustedFolders\.json:2:3: Invalid trust level "TRUST"/],
  ];
  test.for(cases.flatMap(([name, file, text, where]) => COMMANDS.map(([command, args]) => [`${name}: ${command}`, file, text, where, args] as const)))(
    '%s',
    async ([, file, text, where, args], { w }) => {
      const target = files(w)[file];
      await w.write(target, text);
      const before = w.snapshot();
      // The system files sit in the temp dir, which Gemini CLI 0.60.0 and later skip unread (below); 0.59.0 reads them.
      const system = file === 'system' || file === 'systemDefaults';
      const result = await w.run(args, system ? { env: { HOOKRUN_GEMINI_VERSION: '0.59.0' } } : undefined);
      expect(result.exitCode).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/^hookrun: error: /);
      expect(result.stderr).toMatch(where);
      expect(result.stderr).toContain(target);
      expect(w.snapshot()).toEqual(before);
    },
  );
});

// Not fatal for Gemini CLI: it skips (extensions) or treats as empty (trusted_hooks.json). hookrun warns with the position.
describe.concurrent('not fatal: a warning with the position, the rest runs, nothing written', () => {
  test('trusted_hooks.json truncated: counts as empty, so the project hook is held back', async ({ w }) => {
    await w.write(files(w).trustedHooks, '{"/x": ["a:b"');
    const before = w.snapshot();
    const result = await w.run(['run', 'BeforeTool', '--tool', 't']);
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain(`${files(w).trustedHooks}:1:14: cannot read ${files(w).trustedHooks}`);
    expect(JSON.parse(result.stdout)).toMatchObject({ reason: 'ext ran' });
    expect(w.snapshot()).toEqual(before);
  });

  test('trusted_hooks.json truncated with --hook-trust warn: Gemini would overwrite it; hookrun runs the hooks and leaves the file', async ({ w }) => {
    await w.write(files(w).trustedHooks, '{"/x": ["a:b"');
    const before = w.snapshot();
    const result = await w.run(['run', 'BeforeTool', '--tool', 't', '--hook-trust', 'warn']);
    expect(JSON.parse(result.stdout), result.stderr).toMatchObject({ reason: 'guard ran\next ran' });
    expect(result.stderr).toContain('hookrun will not overwrite it');
    expect(w.snapshot()).toEqual(before);
  });

  test('hookrun-trusted-scripts.json corrupted: script hashes are not checked; said with the position', async ({ w }) => {
    await w.write(files(w).trustedScripts, '{"x": 1}');
    const result = await w.run(['run', 'BeforeTool', '--tool', 't']);
    expect(result.stderr).toMatch(/hookrun-trusted-scripts\.json:1:7: cannot read .*Script hashes are not checked/);
    expect(JSON.parse(result.stdout)).toMatchObject({ reason: 'guard ran\next ran' });
  });

  test("extension hooks.json truncated: that extension's hooks are skipped with the position", async ({ w }) => {
    await w.write(files(w).extensionHooks, '{"hooks": {"BeforeTool": [');
    const before = w.snapshot();
    const result = await w.run(['run', 'BeforeTool', '--tool', 't']);
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain(`${files(w).extensionHooks}:1:27: Failed to load extension hooks from ${files(w).extensionHooks}`);
    expect(JSON.parse(result.stdout)).toMatchObject({ reason: 'guard ran' });
    expect(w.snapshot()).toEqual(before);
  });

  test('extension manifest truncated: the extension is skipped, named', async ({ w }) => {
    await w.write(files(w).extensionManifest, '{"name": "ext",');
    const before = w.snapshot();
    const result = await w.run(['run', 'BeforeTool', '--tool', 't']);
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain(`Failed to load extension config from ${files(w).extensionManifest}`);
    expect(JSON.parse(result.stdout)).toMatchObject({ reason: 'guard ran' });
    expect(w.snapshot()).toEqual(before);
  });
});
