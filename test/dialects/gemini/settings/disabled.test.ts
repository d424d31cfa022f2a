// Gemini's /hooks edits of hooksConfig.disabled (hookSettings.ts) against real settings files.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { addToDisabledList, clearDisabledLists, disableHook, enableHook, writableScopes } from '../../../../src/dialects/gemini/settings/disabled.js';
import { stripJsonComments } from '../../../../src/files/jsonc.js';
import { makeSandbox, type Sandbox } from '../sandbox.js';

let s: Sandbox;
beforeEach(async () => {
  s = await makeSandbox();
});
afterEach(() => s.cleanup());

const read = (file: string) => fs.readFileSync(file, 'utf8');
const disabledIn = (file: string) => JSON.parse(stripJsonComments(read(file))).hooksConfig?.disabled;

const COMMENTED = `{
  // Team settings: keep this comment
  "model": { "name": "gemini-2.5-pro" }, /* and this one */
  "hooksConfig": {
    "enabled": true,
    "disabled": [
      "lint", // noisy on big diffs
      "format"
    ],
    "notifications": false
  },
  "hooks": {
    "BeforeTool": [{ "matcher": "write_file", "hooks": [{ "type": "command", "name": "audit", "command": "./audit.sh" }] }]
  }
}
`;

describe('round trip', () => {
  test('disable then enable leaves a commented file byte for byte as it was; each edit changes only the array', async () => {
    await s.write(s.workspaceSettings, COMMENTED);
    expect((await disableHook(s.ctx(), 'audit')).status).toBe('success');
    const disabled = read(s.workspaceSettings);
    const arrayStart = COMMENTED.indexOf('"disabled": [');
    const arrayEnd = COMMENTED.indexOf(']', arrayStart) + 1;
    expect(disabled.slice(0, arrayStart)).toBe(COMMENTED.slice(0, arrayStart));
    expect(disabled.slice(disabled.indexOf(']', arrayStart) + 1)).toBe(COMMENTED.slice(arrayEnd));
    expect(disabled.slice(arrayStart, disabled.indexOf(']', arrayStart) + 1)).toBe('"disabled": [\n      "lint", // noisy on big diffs\n      "format",\n      "audit"\n    ]');

    expect((await enableHook(s.ctx(), 'audit')).status).toBe('success');
    expect(read(s.workspaceSettings)).toBe(COMMENTED);
  });
});

describe('concurrency', () => {
  test('20 concurrent disables and enables on a commented file: every change lands, comments stay', async () => {
    await s.write(s.workspaceSettings, COMMENTED);
    const names = Array.from({ length: 20 }, (_, i) => `hook-${i}`);
    const results = await Promise.all([...names.map((name) => disableHook(s.ctx(), name)), enableHook(s.ctx(), 'lint')]);
    expect(results.map((r) => r.status)).toEqual(Array(21).fill('success'));
    const after = read(s.workspaceSettings);
    expect([...disabledIn(s.workspaceSettings)].sort()).toEqual(['format', ...names].sort());
    expect(after).toContain('// Team settings: keep this comment');
    expect(after).toContain('/* and this one */');
    expect(fs.readdirSync(path.dirname(s.workspaceSettings))).toEqual(['settings.json']);
  });
});

describe('enableHook', () => {
  test('removes every occurrence from the workspace and user lists; modified scopes first', async () => {
    await s.writeJson(s.workspaceSettings, { hooksConfig: { disabled: ['other'] } });
    await s.writeJson(s.userSettings, { hooksConfig: { disabled: ['x', 'other', 'x'] } });
    const result = await enableHook(s.ctx(), 'x');
    expect(result).toEqual({
      status: 'success',
      action: 'enable',
      hookName: 'x',
      modifiedScopes: [{ scope: 'user', path: s.userSettings }],
      alreadyInStateScopes: [{ scope: 'workspace', path: s.workspaceSettings }],
    });
    expect(disabledIn(s.userSettings)).toEqual(['other']);
    expect(disabledIn(s.workspaceSettings)).toEqual(['other']);
  });

  test('no-op when neither list names it, even when a system file does (the system file is never edited)', async () => {
    const system = await s.writeJson(s.systemSettings, { hooksConfig: { disabled: ['x'] } });
    const before = read(system);
    const result = await enableHook(s.ctx(), 'x');
    expect(result.status).toBe('no-op');
    // Neither file exists, so neither is named as a place the hook is enabled in.
    expect(result.alreadyInStateScopes).toEqual([]);
    expect(read(system)).toBe(before);
    expect(fs.existsSync(s.workspaceSettings)).toBe(false);
  });

  test('compares names after environment expansion, as Gemini does, and removes the raw element', async () => {
    await s.write(s.workspaceSettings, '{ "hooksConfig": { "disabled": ["$HOOK_NAME", "keep"] } }');
    const result = await enableHook(s.ctx({ env: { HOOK_NAME: 'audit' } }), 'audit');
    expect(result.status).toBe('success');
    expect(disabledIn(s.workspaceSettings)).toEqual(['keep']);
  });

  test('refuses a disabled value that is not a list, naming its position; the file is unchanged', async () => {
    await s.write(s.workspaceSettings, '{\n  "hooksConfig": { "disabled": "x" }\n}\n');
    const result = await enableHook(s.ctx(), 'x');
    expect(result.status).toBe('error');
    expect(result.error).toBe(`Failed to enable hook: ${s.workspaceSettings}:2:32: "hooksConfig.disabled" must be a list of hook names, found a string; fix it by hand first`);
    expect(read(s.workspaceSettings)).toBe('{\n  "hooksConfig": { "disabled": "x" }\n}\n');
  });
});

describe('disableHook', () => {
  test('creates .gemini/settings.json the way Gemini writes a new settings file', async () => {
    const result = await disableHook(s.ctx(), 'audit');
    expect(result).toMatchObject({ status: 'success', modifiedScopes: [{ scope: 'workspace', path: s.workspaceSettings }], alreadyInStateScopes: [] });
    expect(read(s.workspaceSettings)).toBe('{\n  "hooksConfig": {\n    "disabled": [\n      "audit"\n    ]\n  }\n}');
  });

  test('reports the user scope too when it already lists the name', async () => {
    await s.writeJson(s.userSettings, { hooksConfig: { disabled: ['audit'] } });
    const result = await disableHook(s.ctx(), 'audit');
    expect(result.status).toBe('success');
    expect(result.alreadyInStateScopes).toEqual([{ scope: 'user', path: s.userSettings }]);
    expect(disabledIn(s.workspaceSettings)).toEqual(['audit']);
  });

  test('no-op when the workspace list already has it', async () => {
    await s.writeJson(s.workspaceSettings, { hooksConfig: { disabled: ['audit'] } });
    const before = read(s.workspaceSettings);
    expect(await disableHook(s.ctx(), 'audit')).toMatchObject({ status: 'no-op', alreadyInStateScopes: [{ scope: 'workspace' }] });
    expect(read(s.workspaceSettings)).toBe(before);
  });

  test('when the workspace is the home directory there is one scope, the user file', async () => {
    const ctx = s.ctx({ cwd: s.home });
    expect(writableScopes(ctx)).toEqual([{ scope: 'user', path: s.userSettings }]);
    await s.writeJson(s.userSettings, { model: { name: 'keep' } });
    expect(await disableHook(ctx, 'audit')).toMatchObject({ status: 'success', modifiedScopes: [{ scope: 'user' }], alreadyInStateScopes: [] });
    expect(JSON.parse(read(s.userSettings))).toEqual({ model: { name: 'keep' }, hooksConfig: { disabled: ['audit'] } });
  });

  test('a settings file that does not parse is left alone', async () => {
    await s.write(s.workspaceSettings, '{ "hooksConfig": { "disabled": [], } }');
    const result = await disableHook(s.ctx(), 'audit');
    expect(result.status).toBe('error');
    expect(result.error).toMatch(/^Failed to disable hook: .*settings\.json:1:/);
    expect(read(s.workspaceSettings)).toBe('{ "hooksConfig": { "disabled": [], } }');
  });
});

describe('enable-all and disable-all edits', () => {
  test('clearDisabledLists empties the lists that have names and leaves other files untouched', async () => {
    await s.writeJson(s.workspaceSettings, { hooksConfig: { disabled: ['a', 'b'] } });
    const user = await s.writeJson(s.userSettings, { model: { name: 'x' } });
    const before = read(user);
    expect(await clearDisabledLists(s.ctx())).toEqual([{ scope: 'workspace', path: s.workspaceSettings }]);
    // No empty list is left behind: the key goes, and hooksConfig with it when nothing else is in it.
    expect(JSON.parse(read(s.workspaceSettings))).toEqual({});
    expect(read(user)).toBe(before);
  });

  test('addToDisabledList adds the missing names once and keeps the names already there', async () => {
    await s.writeJson(s.workspaceSettings, { hooksConfig: { disabled: ['old', 'a'] } });
    expect(await addToDisabledList(s.ctx(), ['a', 'b', 'b', 'c'])).toEqual({ scope: 'workspace', path: s.workspaceSettings });
    expect(disabledIn(s.workspaceSettings)).toEqual(['old', 'a', 'b', 'c']);
    expect(await addToDisabledList(s.ctx(), ['a'])).toBeUndefined();
  });

  test('no lock file or temp file is left behind', async () => {
    await disableHook(s.ctx(), 'a');
    await enableHook(s.ctx(), 'a');
    await addToDisabledList(s.ctx(), ['b']);
    await clearDisabledLists(s.ctx());
    expect(fs.readdirSync(path.dirname(s.workspaceSettings))).toEqual(['settings.json']);
  });
});

describe('no empty list is left behind', () => {
  test('enable of the last name drops "disabled" and keeps the rest of hooksConfig and the comments', async () => {
    await s.write(s.workspaceSettings, '{\n  // mine\n  "hooksConfig": {\n    "enabled": true,\n    "disabled": ["audit"]\n  }\n}\n');
    expect((await enableHook(s.ctx(), 'audit')).status).toBe('success');
    expect(read(s.workspaceSettings)).toBe('{\n  // mine\n  "hooksConfig": {\n    "enabled": true\n  }\n}\n');
  });

  test('an emptied hooksConfig goes too', async () => {
    await s.write(s.workspaceSettings, '{\n  "model": {"name": "x"},\n  "hooksConfig": {\n    "disabled": ["audit"]\n  }\n}\n');
    await enableHook(s.ctx(), 'audit');
    expect(read(s.workspaceSettings)).toBe('{\n  "model": {"name": "x"}\n}\n');
  });
});
