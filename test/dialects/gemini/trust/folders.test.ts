import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HookrunError } from '../../../../src/pipeline/errors.js';
import { decideFolderTrust } from '../../../../src/dialects/gemini/trust/folders.js';
import { loadTrustedFolders, trustedFoldersPath } from '../../../../src/trust/folders.js';
import { makeSandbox, type Sandbox } from '../sandbox.js';

let s: Sandbox;
beforeEach(async () => {
  s = await makeSandbox();
});
afterEach(async () => {
  await s.cleanup();
});

const decide = (env: Record<string, string | undefined> = {}, settings = {}, opts = {}, cwd?: string) => decideFolderTrust(s.ctx({ env, ...(cwd ? { cwd } : {}) }), settings, opts);
const rules = (value: unknown) => s.writeJson(s.trustedFolders, value);

describe('decideFolderTrust: overrides before the file', () => {
  it.each([
    ['GEMINI_CLI_TRUST_WORKSPACE=true', { GEMINI_CLI_TRUST_WORKSPACE: 'true' }, {}, {}, { trusted: true, by: 'env' }],
    ['GEMINI_CLI_TRUST_WORKSPACE=false', { GEMINI_CLI_TRUST_WORKSPACE: 'false' }, {}, {}, { trusted: false, by: 'env' }],
    ['--trust-workspace', {}, {}, { trustWorkspace: true }, { trusted: true, by: 'flag' }],
    ['--trust-workspace over GEMINI_CLI_TRUST_WORKSPACE=false', { GEMINI_CLI_TRUST_WORKSPACE: 'false' }, {}, { trustWorkspace: true }, { trusted: true, by: 'flag' }],
    ['folder trust switched off', {}, { security: { folderTrust: { enabled: false } } }, {}, { trusted: true, by: 'feature-disabled' }],
    ['env false beats folder trust switched off', { GEMINI_CLI_TRUST_WORKSPACE: 'false' }, { security: { folderTrust: { enabled: false } } }, {}, { trusted: false, by: 'env' }],
    ['another env value is ignored', { GEMINI_CLI_TRUST_WORKSPACE: '1' }, {}, {}, { trusted: false, by: 'no-rule' }],
    ['an uncast "false" string leaves folder trust on', {}, { security: { folderTrust: { enabled: 'false' } } }, {}, { trusted: false, by: 'no-rule' }],
    ['no file, no rule', {}, {}, {}, { trusted: false, by: 'no-rule' }],
  ])('%s', (_name, env, settings, opts, expected) => {
    expect(decide(env, settings, opts)).toMatchObject(expected);
  });

  it('does not read the file when an override decides', async () => {
    await s.write(s.trustedFolders, 'not json');
    expect(decide({ GEMINI_CLI_TRUST_WORKSPACE: 'true' }).trusted).toBe(true);
  });
});

describe('decideFolderTrust: trustedFolders.json', () => {
  it('TRUST_FOLDER covers the folder and everything below it', async () => {
    await rules({ [s.root]: 'TRUST_FOLDER' });
    expect(decide()).toMatchObject({ trusted: true, by: 'file', detail: expect.stringContaining(`TRUST_FOLDER "${s.root}"`) });
  });

  it('the detail names the rule with its place in the file (worked out when read), also once copied', async () => {
    await rules({ [s.root]: 'TRUST_FOLDER' });
    const decision = decide();
    expect(decision.detail).toBe(`TRUST_FOLDER "${s.root}" (${s.trustedFolders}:2:3)`);
    expect({ ...decision }.detail).toBe(decision.detail);
    expect(JSON.parse(JSON.stringify(decision)).detail).toBe(decision.detail);
  });

  it('a rule for a sibling does not apply', async () => {
    await rules({ [`${s.workspace}-other`]: 'TRUST_FOLDER' });
    expect(decide()).toMatchObject({ trusted: false, by: 'no-rule' });
  });

  it('TRUST_PARENT trusts the parent of the named folder, so its siblings too', async () => {
    await rules({ [path.join(s.root, 'sibling')]: 'TRUST_PARENT' });
    expect(decide()).toMatchObject({ trusted: true, by: 'file' });
  });

  it('DO_NOT_TRUST wins when its key is the longest match', async () => {
    await rules({ [s.root]: 'TRUST_FOLDER', [s.workspace]: 'DO_NOT_TRUST' });
    expect(decide()).toMatchObject({ trusted: false, by: 'file' });
  });

  it('the longest key wins regardless of file order', async () => {
    await rules({ [s.workspace]: 'TRUST_FOLDER', [s.root]: 'DO_NOT_TRUST' });
    expect(decide().trusted).toBe(true);
  });

  it('judges by the length of the key as written, not of the folder it stands for', async () => {
    // Both rules stand for <ws>; the TRUST_PARENT key is the longer string.
    await rules({ [s.workspace]: 'DO_NOT_TRUST', [path.join(s.workspace, 'deeper')]: 'TRUST_PARENT' });
    expect(decide()).toMatchObject({ trusted: true, detail: expect.stringContaining('TRUST_PARENT') });
  });

  it('on equally long keys the first in the file wins', async () => {
    const linkA = path.join(s.root, 'lnA');
    const linkB = path.join(s.root, 'lnB');
    await fs.symlink(s.workspace, linkA);
    await fs.symlink(s.workspace, linkB);
    await rules({ [linkA]: 'DO_NOT_TRUST', [linkB]: 'TRUST_FOLDER' });
    expect(decide().trusted).toBe(false);
    await rules({ [linkB]: 'TRUST_FOLDER', [linkA]: 'DO_NOT_TRUST' });
    expect(decide().trusted).toBe(true);
  });

  it('compares real paths: a symlinked workspace matches a rule for its target', async () => {
    const link = path.join(s.root, 'ws-link');
    await fs.symlink(s.workspace, link);
    await rules({ [s.workspace]: 'TRUST_FOLDER' });
    expect(decide({}, {}, {}, link).trusted).toBe(true);
  });

  it('reads JSONC', async () => {
    await s.write(s.trustedFolders, `{\n  // mine\n  ${JSON.stringify(s.workspace)}: "TRUST_FOLDER"\n}`);
    expect(decide().trusted).toBe(true);
  });

  it('an invalid level is fatal, with Gemini CLI message', async () => {
    await s.write(s.trustedFolders, `{\n  ${JSON.stringify(s.workspace)}: "TRUST_ME"\n}`);
    let error: unknown;
    try {
      decide();
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(HookrunError);
    expect((error as HookrunError).message).toBe(
      `Error in ${s.trustedFolders}:2:3: Invalid trust level "TRUST_ME" for path "${s.workspace}". Possible values are: TRUST_FOLDER, TRUST_PARENT, DO_NOT_TRUST.\nPlease fix the configuration file and try again.`,
    );
    expect((error as HookrunError).location).toMatchObject({ file: s.trustedFolders, line: 2, column: 3 });
  });

  it('a non-object file is fatal', async () => {
    await rules(['x']);
    expect(() => decide()).toThrow(`Error in ${s.trustedFolders}:1:1: Trusted folders file is not a valid JSON object.`);
  });

  it('a parse error is fatal and names the position', async () => {
    await s.write(s.trustedFolders, '{"a": "TRUST_FOLDER",}');
    expect(() => decide()).toThrow(`${s.trustedFolders}:1:22`);
  });
});

describe('loadTrustedFolders', () => {
  it('returns every rule with its position and every problem, without throwing', async () => {
    await s.write(s.trustedFolders, '{\n  "/a": "TRUST_FOLDER",\n  "/b": 5,\n  "/c": "DO_NOT_TRUST"\n}');
    const folders = loadTrustedFolders(s.ctx());
    expect(folders.exists).toBe(true);
    expect(folders.rules).toEqual([
      { path: '/a', level: 'TRUST_FOLDER', location: { file: s.trustedFolders, line: 2, column: 3, path: ['/a'] } },
      { path: '/c', level: 'DO_NOT_TRUST', location: { file: s.trustedFolders, line: 4, column: 3, path: ['/c'] } },
    ]);
    expect(folders.errors).toEqual([
      { message: 'Invalid trust level "5" for path "/b". Possible values are: TRUST_FOLDER, TRUST_PARENT, DO_NOT_TRUST.', location: expect.objectContaining({ line: 3 }) },
    ]);
  });

  it('reports a missing file as empty', () => {
    expect(loadTrustedFolders(s.ctx())).toEqual({ file: s.trustedFolders, exists: false, rules: [], errors: [] });
  });

  it('lives under the Gemini home unless GEMINI_CLI_TRUSTED_FOLDERS_PATH says otherwise', () => {
    expect(trustedFoldersPath(s.ctx())).toBe(s.trustedFolders);
    const ctx = s.ctx({ env: { GEMINI_CLI_TRUSTED_FOLDERS_PATH: undefined, GEMINI_CLI_HOME: '/gh' } });
    expect(trustedFoldersPath(ctx)).toBe('/gh/.gemini/trustedFolders.json');
  });
});
