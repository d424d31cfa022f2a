// Writing trustedFolders.json, trusted_hooks.json and the script hashes: Gemini's formats, atomic, never
// over a file that does not parse.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decideFolderTrust } from '../../../../src/dialects/gemini/trust/folders.js';
import { recordProjectHooks, revokeProjectHooks } from '../../../../src/dialects/gemini/trust/edit.js';
import { setFolderTrust } from '../../../../src/trust/folders-edit.js';
import { assessProjectHooks, projectHooksOf, projectRootKey, trustedHooksPath, trustedScriptsPath } from '../../../../src/dialects/gemini/trust/hooks.js';
import { makeSandbox, type Sandbox } from '../sandbox.js';

let s: Sandbox;
beforeEach(async () => {
  s = await makeSandbox();
});
afterEach(async () => {
  await s.cleanup();
});

const read = (file: string) => fs.readFileSync(file, 'utf8');
const mode = (file: string) => fs.statSync(file).mode & 0o777;

describe('setFolderTrust', () => {
  it('creates the file 0600 with the rule, in the JSON Gemini CLI writes, and the folder becomes trusted', async () => {
    const change = await setFolderTrust(s.ctx(), s.workspace, 'TRUST_FOLDER');
    expect(change).toMatchObject({ key: s.workspace, level: 'TRUST_FOLDER', written: true });
    expect(change.previous).toBeUndefined();
    expect(JSON.parse(read(s.trustedFolders))).toEqual({ [s.workspace]: 'TRUST_FOLDER' });
    expect(read(s.trustedFolders)).toBe(`{\n  ${JSON.stringify(s.workspace)}: "TRUST_FOLDER"\n}`);
    expect(mode(s.trustedFolders)).toBe(0o600);
    expect(decideFolderTrust(s.ctx(), {}).trusted).toBe(true);
  });

  it('normalises the key as Gemini CLI records a folder: absolute, symlinks resolved, no trailing slash', async () => {
    const link = path.join(s.root, 'link');
    fs.symlinkSync(s.workspace, link);
    const change = await setFolderTrust(s.ctx({ cwd: s.root }), 'link/', 'TRUST_FOLDER');
    expect(change.key).toBe(s.workspace);
  });

  it('keeps comments, other rules and the file mode; replaces the level of the same key', async () => {
    await s.write(s.trustedFolders, `{\n  // my rules\n  "/elsewhere": "DO_NOT_TRUST",\n  ${JSON.stringify(s.workspace)}: "DO_NOT_TRUST"\n}\n`);
    fs.chmodSync(s.trustedFolders, 0o640);
    const change = await setFolderTrust(s.ctx(), s.workspace, 'TRUST_FOLDER');
    expect(change).toMatchObject({ previous: 'DO_NOT_TRUST', level: 'TRUST_FOLDER', written: true });
    expect(read(s.trustedFolders)).toContain('// my rules');
    expect(read(s.trustedFolders)).toContain('"/elsewhere": "DO_NOT_TRUST"');
    expect(read(s.trustedFolders)).toContain(`${JSON.stringify(s.workspace)}: "TRUST_FOLDER"`);
    expect(mode(s.trustedFolders)).toBe(0o640);
  });

  it('the same rule again writes nothing', async () => {
    await setFolderTrust(s.ctx(), s.workspace, 'TRUST_FOLDER');
    const before = fs.statSync(s.trustedFolders);
    const change = await setFolderTrust(s.ctx(), s.workspace, 'TRUST_FOLDER');
    expect(change.written).toBe(false);
    expect(fs.statSync(s.trustedFolders).ino).toBe(before.ino);
  });

  it('removing a rule; removing a rule that is not there writes nothing', async () => {
    await setFolderTrust(s.ctx(), s.workspace, 'TRUST_FOLDER');
    expect(await setFolderTrust(s.ctx(), s.workspace, undefined)).toMatchObject({ previous: 'TRUST_FOLDER', written: true });
    expect(JSON.parse(read(s.trustedFolders))).toEqual({});
    expect(await setFolderTrust(s.ctx(), s.workspace, undefined)).toMatchObject({ written: false });
  });

  it.each([
    ['truncated', '{"/a": "TRUST_FOLDER"', /Error in .*trustedFolders\.json:1:22/],
    ['a bad level', '{\n  "/a": "TRUST_ME"\n}', /Error in .*trustedFolders\.json:2:3: Invalid trust level "TRUST_ME"/],
    ['not an object', '[]', /Trusted folders file is not a valid JSON object/],
  ])('an invalid file (%s) is never overwritten: an error naming file and position', async (_name, text, message) => {
    await s.write(s.trustedFolders, text);
    const error = await setFolderTrust(s.ctx(), s.workspace, 'TRUST_FOLDER').catch((e: unknown) => e as Error);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/^Cannot update trusted folders because the configuration file is invalid:\n/);
    expect((error as Error).message).toMatch(message);
    expect(read(s.trustedFolders)).toBe(text);
    expect(fs.readdirSync(s.root).filter((name) => name.startsWith('trustedFolders.json.'))).toEqual([]);
  });
});

describe('recordProjectHooks / revokeProjectHooks', () => {
  const hooksFile = () => trustedHooksPath(s.ctx());
  const assess = (hooks: unknown) => assessProjectHooks(s.ctx(), projectHooksOf({ BeforeTool: [{ hooks }] })).hooks;

  it("writes Gemini CLI's format: {root: [keys]}, 2-space indented, other projects kept", async () => {
    await s.write(hooksFile(), JSON.stringify({ '/other': ['x:y'] }, null, 2));
    const change = await recordProjectHooks(
      s.ctx(),
      assess([
        { type: 'command', name: 'h', command: 'c' },
        { type: 'command', command: 'd' },
      ]),
    );
    expect(change).toMatchObject({ projectRoot: s.workspace, added: ['h:c', ':d'], written: true });
    expect(read(hooksFile())).toBe(JSON.stringify({ '/other': ['x:y'], [s.workspace]: ['h:c', ':d'] }, null, 2));
  });

  it("adds to what is recorded, as Gemini's trustHooks does (a reverted command stays trusted)", async () => {
    await s.write(hooksFile(), JSON.stringify({ [s.workspace]: ['h:old'] }));
    await recordProjectHooks(s.ctx(), assess([{ type: 'command', name: 'h', command: 'new' }]));
    expect(JSON.parse(read(hooksFile()))).toEqual({ [s.workspace]: ['h:old', 'h:new'] });
  });

  it("records script hashes in hookrun's own file only", async () => {
    fs.writeFileSync(path.join(s.workspace, 'guard.sh'), 'echo hi');
    await recordProjectHooks(s.ctx(), assess([{ type: 'command', command: './guard.sh' }]));
    expect(JSON.parse(read(hooksFile()))).toEqual({ [s.workspace]: [':./guard.sh'] });
    expect(JSON.parse(read(trustedScriptsPath(s.ctx())))).toEqual({
      [s.workspace]: {
        ':./guard.sh': {
          path: path.join(s.workspace, 'guard.sh'),
          sha256: createHash('sha256').update('echo hi').digest('hex'),
        },
      },
    });
    expect(assessProjectHooks(s.ctx(), projectHooksOf({ BeforeTool: [{ hooks: [{ type: 'command', command: './guard.sh' }] }] })).hooks[0]!.status).toBe('trusted');
  });

  it('refuses to overwrite an invalid trusted_hooks.json', async () => {
    await s.write(hooksFile(), '{"x": ["a"');
    await expect(recordProjectHooks(s.ctx(), assess([{ type: 'command', command: 'd' }]))).rejects.toThrow(
      new RegExp(`^Cannot update ${hooksFile()} because it is invalid: ${hooksFile()}:1:11: `),
    );
    expect(read(hooksFile())).toBe('{"x": ["a"');
  });

  it('revoke forgets the project only', async () => {
    await s.write(hooksFile(), JSON.stringify({ '/other': ['x:y'], [projectRootKey(s.ctx())]: ['h:c'] }));
    expect(await revokeProjectHooks(s.ctx())).toMatchObject({ removed: ['h:c'], written: true });
    expect(JSON.parse(read(hooksFile()))).toEqual({ '/other': ['x:y'] });
    expect(await revokeProjectHooks(s.ctx())).toMatchObject({ removed: [], written: false });
  });

  it('revoke with no file creates none', async () => {
    expect(await revokeProjectHooks(s.ctx())).toMatchObject({ written: false });
    expect(fs.existsSync(path.dirname(hooksFile()))).toBe(false);
  });
});
