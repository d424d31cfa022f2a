// The hook panel through the real bin: each command wired up, with its output streams and exit
// code. Every message and edge case is in test/commands/panel.test.ts (in process, same code).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { hookrun, makeSandbox, type Sandbox } from '../helpers/cli.js';

const sandboxes: Sandbox[] = [];
afterAll(() => Promise.all(sandboxes.map((s) => s.cleanup())));

const COMMENTED = `{
  // Project hooks; keep this comment
  "hooks": {
    "BeforeTool": [
      { "matcher": "write_file", "hooks": [{ "type": "command", "name": "audit", "command": "./audit.sh" }] },
      { "hooks": [{ "type": "command", "name": "lint", "command": "./lint.sh" }] }
    ]
  },
  "hooksConfig": {
    "disabled": [
      "lint" // too slow
    ]
  }
}
`;

async function sandbox() {
  const sb = await makeSandbox();
  sandboxes.push(sb);
  const file = path.join(sb.ws, '.gemini', 'settings.json');
  await sb.write(file, COMMENTED);
  const run = (args: string[], env: Record<string, string> = { GEMINI_CLI_TRUST_WORKSPACE: 'true' }) => hookrun([...args, '--cwd', sb.ws], { env: { ...sb.env, ...env } });
  return { sb, file, run };
}

describe('through the bin', () => {
  test('disable, then enable: messages on stdout, exit 0, and the file comes back byte for byte', async () => {
    const { file, run } = await sandbox();
    const off = await run(['disable', 'audit']);
    expect(off).toMatchObject({ exitCode: 0, stderr: '', stdout: `Hook "audit" disabled by adding it to the disabled list in workspace (${file}) settings.\n` });
    expect(readFileSync(file, 'utf8')).toBe(COMMENTED.replace('"lint" // too slow\n', '"lint", // too slow\n      "audit"\n'));
    const on = await run(['enable', 'audit']);
    expect(on.exitCode).toBe(0);
    // Only the file it was removed from: the user settings file does not exist, so it is not named.
    expect(on.stdout).toBe(`Hook "audit" enabled by removing it from the disabled list in workspace (${file}) settings.\n`);
    expect(readFileSync(file, 'utf8')).toBe(COMMENTED);
  });

  test('enable-all and disable-all (and their Gemini aliases)', async () => {
    const { run } = await sandbox();
    expect(await run(['enableall'])).toMatchObject({ exitCode: 0, stdout: 'Enabled 1 hook(s) successfully.\n' });
    expect(await run(['disable-all', '--json'])).toMatchObject({ exitCode: 0, stdout: expect.stringContaining('"message": "Disabled 2 hook(s) successfully."') });
  });

  test('list: text on stdout; --all in an untrusted folder shows what is not registered', async () => {
    const { file, run } = await sandbox();
    const list = await run(['list']);
    expect(list).toMatchObject({ exitCode: 0, stderr: '' });
    expect(list.stdout).toBe(
      [
        'BeforeTool',
        `  audit  enabled   project/workspace, matcher "write_file", not yet trusted  ${file}:5:44`,
        `  lint   disabled  project/workspace, no matcher, not yet trusted  ${file}:6:19`,
        '',
      ].join('\n'),
    );
    const untrusted = await run(['list', '--all'], {});
    expect(untrusted.exitCode).toBe(0);
    expect(untrusted.stdout).toContain(`  audit  not registered: untrusted folder  project/workspace, matcher "write_file", not yet trusted  ${file}:5:44\n`);
    expect(untrusted.stdout).toContain('note: the folder is not trusted (no rule in');
  });

  test('errors go to stderr with exit 1', async () => {
    const { sb, run } = await sandbox();
    await sb.write(path.join(sb.home, '.gemini', 'settings.json'), '{ "hooksConfig": { "enabled": false } }');
    expect(await run(['disable', 'audit'])).toMatchObject({ exitCode: 1, stdout: '', stderr: expect.stringContaining('hookrun: error: Hook system is not enabled.\n') });
    expect(await run(['enable'])).toMatchObject({ exitCode: 1, stderr: expect.stringContaining("missing required argument 'name'") });
  });
});
