// The .env file Gemini CLI loads at start-up reaching hooks (dialects/gemini/settings/env-file.ts), through the real
// bin in temp directories: which file is found, that only it is read, what is left out, and that the
// loaded variables go through redaction and --clean-env / --env-allow like the rest of the environment.
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { hookrun, makeSandbox, type Sandbox } from '../helpers/cli.js';

const sandboxes: Sandbox[] = [];
afterAll(() => Promise.all(sandboxes.map((s) => s.cleanup())));

const NAMES = ['A', 'B', 'DEBUG', 'MY_TOKEN', 'PAT', 'PLAIN', 'GEMINI_API_KEY'];
/** A hook that answers with the values of NAMES it sees (null: not set) as its systemMessage. */
const PROBE = `node -e 'const o = {}; for (const k of ${JSON.stringify(NAMES)}) o[k] = process.env[k] ?? null; process.stdout.write(JSON.stringify({ systemMessage: JSON.stringify(o) }))'`;
const probeHooks = { BeforeTool: [{ hooks: [{ type: 'command', name: 'probe', command: PROBE }] }] };

interface Setup {
  /** Files to write, relative to the sandbox root (the workspace is `ws/`, the home `home/`). */
  files?: Record<string, string>;
  /** Extra workspace settings besides the probe hook. */
  settings?: Record<string, unknown>;
}

async function sandbox(setup: Setup): Promise<Sandbox> {
  const sb = await makeSandbox();
  sandboxes.push(sb);
  await sb.write(path.join(sb.ws, '.gemini', 'settings.json'), JSON.stringify({ hooks: probeHooks, ...setup.settings }));
  for (const [file, text] of Object.entries(setup.files ?? {})) await sb.write(file, text);
  return sb;
}

async function seen(sb: Sandbox, args: string[] = [], env: Record<string, string> = {}): Promise<Record<string, string | null>> {
  const result = await hookrun(['run', 'BeforeTool', '--tool', 't', '-q', '--cwd', sb.ws, ...args], { env: { ...sb.env, GEMINI_CLI_TRUST_WORKSPACE: 'true', ...env } });
  expect(result.exitCode, result.stderr).toBe(0);
  return JSON.parse(JSON.parse(result.stdout).systemMessage);
}

describe.concurrent('which .env file reaches the hooks', () => {
  test('<ws>/.gemini/.env', async () => {
    const sb = await sandbox({ files: { 'ws/.gemini/.env': 'A=gemini-dir' } });
    expect(await seen(sb)).toMatchObject({ A: 'gemini-dir' });
  });

  test('<ws>/.env, with dotenv quoting', async () => {
    const sb = await sandbox({ files: { 'ws/.env': 'export A="two words"\nB=x # comment' } });
    expect(await seen(sb)).toMatchObject({ A: 'two words', B: 'x' });
  });

  test("a parent directory's .env", async () => {
    const sb = await sandbox({ files: { '.env': 'A=parent' } });
    expect(await seen(sb)).toMatchObject({ A: 'parent' });
  });

  test('~/.gemini/.env, the fallback when the search up from the workspace finds nothing', async () => {
    const sb = await sandbox({ files: { 'home/.gemini/.env': 'A=home-gemini', 'home/.env': 'B=home-plain' } });
    expect(await seen(sb)).toMatchObject({ A: 'home-gemini', B: null });
  });

  test('the first file found wins, and it is the only one read', async () => {
    const sb = await sandbox({ files: { 'ws/.gemini/.env': 'A=first', 'ws/.env': 'A=second\nB=second', '.env': 'PLAIN=parent' } });
    expect(await seen(sb)).toMatchObject({ A: 'first', B: null, PLAIN: null });
  });

  test('a variable already set is not overridden', async () => {
    const sb = await sandbox({ files: { 'ws/.env': 'A=file\nB=file' } });
    expect(await seen(sb, [], { A: 'shell' })).toMatchObject({ A: 'shell', B: 'file' });
  });

  test('DEBUG and DEBUG_MODE are left out of a project .env, not of .gemini/.env', async () => {
    const project = await sandbox({ files: { 'ws/.env': 'DEBUG=1\nA=1' } });
    expect(await seen(project)).toMatchObject({ DEBUG: null, A: '1' });
    const gemini = await sandbox({ files: { 'ws/.gemini/.env': 'DEBUG=1' } });
    expect(await seen(gemini)).toMatchObject({ DEBUG: '1' });
  });

  test('advanced.excludedEnvVars adds names to leave out', async () => {
    const sb = await sandbox({ files: { 'ws/.env': 'A=1\nB=1' }, settings: { advanced: { excludedEnvVars: ['B'] } } });
    expect(await seen(sb)).toMatchObject({ A: '1', B: null });
  });
});

describe.concurrent('what the loaded variables go through', () => {
  test('redaction, as for the rest of the environment (by name and by value)', async () => {
    const sb = await sandbox({
      files: { 'ws/.env': `MY_TOKEN=abc\nPAT=ghp_${'a'.repeat(36)}\nPLAIN=kept` },
      settings: { security: { environmentVariableRedaction: { enabled: true } } },
    });
    expect(await seen(sb)).toMatchObject({ MY_TOKEN: null, PAT: null, PLAIN: 'kept' });
  });

  test('--clean-env leaves them out; --env-allow names one in', async () => {
    const sb = await sandbox({ files: { 'ws/.env': 'A=1\nMY_TOKEN=abc' } });
    expect(await seen(sb, ['--clean-env'])).toMatchObject({ A: null, MY_TOKEN: null });
    expect(await seen(sb, ['--clean-env', '--env-allow', 'MY_TOKEN'])).toMatchObject({ A: null, MY_TOKEN: 'abc' });
  });

  test('an untrusted folder: .gemini/.env is passed over, and of the file found only the auth variables load (stripped)', async () => {
    const sb = await sandbox({ files: { 'ws/.gemini/.env': 'A=gemini-dir', 'ws/.env': 'GEMINI_API_KEY="k e;y"\nPLAIN=1' } });
    // Settings hooks do not run in an untrusted folder; an extension's hooks do.
    const ext = path.join(sb.home, '.gemini', 'extensions', 'probe');
    await sb.write(path.join(ext, 'gemini-extension.json'), JSON.stringify({ name: 'probe', version: '1.0.0' }));
    await sb.write(path.join(ext, 'hooks', 'hooks.json'), JSON.stringify({ hooks: probeHooks }));
    const result = await hookrun(['run', 'BeforeTool', '--tool', 't', '-q', '--cwd', sb.ws], { env: sb.env });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(JSON.parse(result.stdout).systemMessage)).toMatchObject({ A: null, PLAIN: null, GEMINI_API_KEY: 'key' });
  });

  test('--dry-run names the file and the variables, never a value', async () => {
    const sb = await sandbox({ files: { 'ws/.env': 'MY_TOKEN=s3cr3t-value\nDEBUG=1' } });
    const result = await hookrun(['run', 'BeforeTool', '--tool', 't', '--dry-run', '--cwd', sb.ws], { env: { ...sb.env, GEMINI_CLI_TRUST_WORKSPACE: 'true' } });
    expect(result.exitCode).toBe(0);
    const { diagnostics } = JSON.parse(result.stdout) as { diagnostics: { code: string; message: string; location?: { file: string } }[] };
    const loaded = diagnostics.find((d) => d.code === 'env-file-loaded');
    expect(loaded?.location?.file).toBe(path.join(sb.ws, '.env'));
    expect(loaded?.message).toContain('inherit 1 variable(s) from it: MY_TOKEN.');
    expect(loaded?.message).toContain('(advanced.excludedEnvVars): DEBUG.');
    expect(result.stderr).toContain('[env-file-loaded]');
    expect(result.stdout + result.stderr).not.toContain('s3cr3t-value');
  });
});
