// `hookrun trust` through the real bin: list (never writes), --folder, --hooks, --revoke, invalid files.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test as base, vi } from 'vitest';
import { beforeTool, json, makeWorkspace, type Workspace } from '../safety/support.js';

// Every case starts the real bin, sometimes several times; on a loaded shared machine one start can take seconds.
vi.setConfig({ testTimeout: 120_000 });

// Each test gets its own workspace, so the (process-bound, slow) cases can run concurrently.
const test = base.extend<{ w: Workspace }>({
  // eslint-disable-next-line no-empty-pattern
  w: async ({}, use) => {
    const w = await makeWorkspace();
    fs.mkdirSync(path.join(w.ws, 'hooks'));
    fs.writeFileSync(path.join(w.ws, 'hooks', 'guard.sh'), '#!/bin/sh\necho \'{"decision":"allow"}\'\n', { mode: 0o755 });
    await w.settings(beforeTool({ name: 'guard', command: '$GEMINI_PROJECT_DIR/hooks/guard.sh' }, 'echo plain'));
    await use(w);
    await w.cleanup();
  },
});

const trustedFolders = (w: Workspace) => w.env.GEMINI_CLI_TRUSTED_FOLDERS_PATH!;
const trustedHooks = (w: Workspace) => path.join(w.home, '.gemini', 'trusted_hooks.json');

describe.concurrent('listing is read-only', () => {
  test('text: decision, rules, project hooks with status, fingerprints; no file created or changed', async ({ w }) => {
    const before = w.snapshot();
    const result = await w.run(['trust']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain(`Folder ${w.ws}\n  not trusted: no rule in ${trustedFolders(w)} covers ${w.ws}`);
    expect(result.stdout).toMatch(
      /1\. guard \[BeforeTool\] new at .*settings\.json:\d+:\d+\n {5}\$ \$GEMINI_PROJECT_DIR\/hooks\/guard\.sh\n {5}script .*guard\.sh sha256 [0-9a-f]{64}/,
    );
    expect(result.stdout).toContain(`To trust them after review: hookrun trust --hooks -C ${w.ws}`);
    expect(w.snapshot()).toEqual(before);
  });

  test('--json', async ({ w }) => {
    const data = json(await w.run(['trust', '--json']));
    expect(data.folder).toMatchObject({ path: w.ws, trusted: false, by: 'no-rule' });
    expect(data.projectHooks.hooks.map((h: { label: string; status: string }) => [h.label, h.status])).toEqual([
      ['guard', 'new'],
      ['echo plain', 'new'],
    ]);
    expect(data.hookTrustPolicy).toBe('block');
  });
});

describe.concurrent('--folder', () => {
  test('writes TRUST_FOLDER for the workspace, 0600, and the folder is trusted', async ({ w }) => {
    const result = await w.run(['trust', '--folder']);
    expect(result.exitCode).toBe(0);
    // The workspace's two Gemini project hooks still need their fingerprints: trust --folder says so.
    expect(result.stdout).toBe(
      `Set TRUST_FOLDER for ${w.ws} in ${trustedFolders(w)}.\n` +
        '  (folder rules cover: gemini, claude, kiro, antigravity, codex, cursor, copilot, droid, auggie, qwen, vscode)\n' +
        `Note: 2 project hook(s) in ${path.join(w.ws, '.gemini', 'settings.json')} are not trusted yet, so run still holds them back: guard, echo plain. Review them, then run: hookrun trust --hooks -C ${w.ws}\n`,
    );
    expect(JSON.parse(fs.readFileSync(trustedFolders(w), 'utf8'))).toEqual({ [w.ws]: 'TRUST_FOLDER' });
    expect(fs.statSync(trustedFolders(w)).mode & 0o777).toBe(0o600);
    expect(json(await w.run(['trust', '--json'])).folder).toMatchObject({ trusted: true, by: 'file' });
  });

  test('the listing says which agents each record covers, from the dialect registry', async ({ w }) => {
    const text = await w.run(['trust']);
    expect(text.stdout).toContain(
      'Agents these records cover\n  folder rules (trustedFolders.json): gemini, claude, kiro, antigravity, codex, cursor, copilot, droid, auggie, qwen, vscode\n  hook fingerprints (trusted_hooks.json): gemini\n',
    );
    expect(text.stdout).toContain("  claude: Claude Code's own record, its accepted trust dialog");
    expect(json(await w.run(['trust', '--json'])).covers).toMatchObject({
      records: { 'folder-rules': ['gemini', 'claude', 'kiro', 'antigravity', 'codex', 'cursor', 'copilot', 'droid', 'auggie', 'qwen', 'vscode'], fingerprints: ['gemini'] },
    });
  });

  test('a path and a level; relative paths resolve against -C', async ({ w }) => {
    fs.mkdirSync(path.join(w.ws, 'sub'));
    await w.run(['trust', '--folder', 'sub', '--level', 'DO_NOT_TRUST']);
    expect(JSON.parse(fs.readFileSync(trustedFolders(w), 'utf8'))).toEqual({ [path.join(w.ws, 'sub')]: 'DO_NOT_TRUST' });
  });

  test('--dry-run writes nothing', async ({ w }) => {
    const result = await w.run(['trust', '--folder', '--dry-run']);
    expect(result.stdout.split('\n')[0]).toBe(`Would set TRUST_FOLDER for ${w.ws} in ${trustedFolders(w)}.`);
    expect(fs.existsSync(trustedFolders(w))).toBe(false);
  });

  test('a bad level is a usage error', async ({ w }) => {
    const result = await w.run(['trust', '--folder', '--level', 'YES']);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(/Allowed choices are TRUST_FOLDER, TRUST_PARENT, DO_NOT_TRUST/);
  });
});

describe.concurrent('--hooks', () => {
  test('shows each command first, then records; run then runs them', async ({ w }) => {
    await w.run(['trust', '--folder']);
    const result = await w.run(['trust', '--hooks']);
    expect(result.exitCode).toBe(0);
    const shown = result.stdout.indexOf('$ $GEMINI_PROJECT_DIR/hooks/guard.sh');
    const recorded = result.stdout.indexOf('Recorded 2 project hook(s)');
    expect(shown).toBeGreaterThan(-1);
    expect(recorded).toBeGreaterThan(shown);
    expect(JSON.parse(fs.readFileSync(trustedHooks(w), 'utf8'))).toEqual({ [w.ws]: ['guard:$GEMINI_PROJECT_DIR/hooks/guard.sh', ':echo plain'] });
    const run = await w.run(['run', 'BeforeTool', '--tool', 't']);
    expect(run.exitCode).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ decision: 'allow', systemMessage: 'plain' });
  });

  test('again: nothing written', async ({ w }) => {
    await w.run(['trust', '--hooks']);
    const before = w.snapshot();
    const result = await w.run(['trust', '--hooks']);
    expect(result.stdout).toContain('were already trusted; nothing written');
    expect(w.snapshot()).toEqual(before);
  });

  test('in an untrusted folder it records, and says the hooks still do not run', async ({ w }) => {
    const result = await w.run(['trust', '--hooks']);
    expect(result.stdout).toContain('is not a trusted folder');
  });
});

describe.concurrent('--revoke', () => {
  test('alone: the folder rule and the fingerprints of the workspace', async ({ w }) => {
    await w.run(['trust', '--folder']);
    await w.run(['trust', '--hooks']);
    const result = await w.run(['trust', '--revoke']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe(`Removed TRUST_FOLDER for ${w.ws} from ${trustedFolders(w)}.\nForgot 2 hook fingerprint(s) of ${w.ws} in ${trustedHooks(w)}.\n`);
    expect(JSON.parse(fs.readFileSync(trustedFolders(w), 'utf8'))).toEqual({});
    expect(JSON.parse(fs.readFileSync(trustedHooks(w), 'utf8'))).toEqual({});
  });

  test('--revoke --folder names a parent rule that still trusts the folder', async ({ w }) => {
    await w.run(['trust', '--folder', w.root]);
    await w.run(['trust', '--folder']);
    const result = await w.run(['trust', '--revoke', '--folder']);
    expect(result.stdout).toContain(`Note: ${w.ws} is still trusted by TRUST_FOLDER "${w.root}"`);
  });

  test('nothing to revoke: nothing written, no file created', async ({ w }) => {
    const result = await w.run(['trust', '--revoke', '--hooks']);
    expect(result.stdout).toBe(`No hook fingerprints recorded for ${w.ws}; nothing removed.\n`);
    expect(fs.existsSync(path.join(w.home, '.gemini'))).toBe(false);
  });
});

describe.concurrent('invalid trust files: a clear error naming file and position, nothing modified', () => {
  test.for([
    ['list', ['trust']],
    ['--folder', ['trust', '--folder']],
    ['run', ['run', 'BeforeTool']],
  ] as const)('trustedFolders.json truncated: %s exits 1', async ([, args], { w }) => {
    fs.writeFileSync(trustedFolders(w), `{\n  ${JSON.stringify(w.ws)}: "TRUST_FOLDER",\n`);
    const before = w.snapshot();
    const result = await w.run(args);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(new RegExp(`${trustedFolders(w).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:3:1`));
    expect(result.stdout).toBe('');
    expect(w.snapshot()).toEqual(before);
  });

  test('trusted_hooks.json invalid: --hooks refuses with its position', async ({ w }) => {
    fs.mkdirSync(path.dirname(trustedHooks(w)), { recursive: true });
    fs.writeFileSync(trustedHooks(w), '{"x": ["a:b"], }');
    const before = w.snapshot();
    const result = await w.run(['trust', '--hooks']);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain(`Cannot update ${trustedHooks(w)} because it is invalid: ${trustedHooks(w)}:1:16`);
    // Where it is, once: the parser's own " in file:line:column" is not repeated after the message.
    expect(result.stderr.split(`${trustedHooks(w)}:1:16`)).toHaveLength(2);
    expect(w.snapshot()).toEqual(before);
  });
});
