// Gemini CLI's start-up environment (dialects/gemini/settings/env-file.ts): which .env file its search finds, what it
// loads from it, and Cloud Shell's GOOGLE_CLOUD_PROJECT. Rows follow loadEnvironment/findEnvFile at
// gemini-cli 20060037b69e (see the module's header).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findEnvFile, geminiStartupEnvironment } from '../../../../src/dialects/gemini/settings/env-file.js';
import type { JsonObject } from '../../../../src/pipeline/types.js';
import { makeSandbox, type Sandbox } from '../sandbox.js';

describe('findEnvFile: the first candidate that exists', () => {
  const home = '/h/me';
  const ws = '/h/me/src/ws';
  // [name, files that exist, trusted, ignoreLocalEnv, expected]
  it.each([
    ['nothing anywhere', [], true, false, undefined],
    ['the workspace .gemini/.env before its .env', [`${ws}/.gemini/.env`, `${ws}/.env`], true, false, `${ws}/.gemini/.env`],
    ['the workspace .env before a parent directory', [`${ws}/.env`, '/h/me/src/.gemini/.env'], true, false, `${ws}/.env`],
    ['a parent directory, .gemini/.env first', ['/h/me/src/.env', '/h/me/src/.gemini/.env'], true, false, '/h/me/src/.gemini/.env'],
    ['the home directory on the way up', ['/h/me/.env', '/.env'], true, false, '/h/me/.env'],
    ['the filesystem root before the home fallback', ['/.env'], true, false, '/.env'],
    ['untrusted: .gemini/.env is passed over', [`${ws}/.gemini/.env`, '/h/.env'], false, false, '/h/.env'],
    ['untrusted: a plain .env still counts', [`${ws}/.gemini/.env`, `${ws}/.env`], false, false, `${ws}/.env`],
    ['ignoreLocalEnv: project .env files are passed over, .gemini/.env is not', [`${ws}/.env`, '/h/me/src/.gemini/.env'], true, true, '/h/me/src/.gemini/.env'],
    ['ignoreLocalEnv: the home directory .env still counts', [`${ws}/.env`, '/h/me/.env'], true, true, '/h/me/.env'],
    ['ignoreLocalEnv: above home, .env files are passed over', ['/h/.env', '/.env'], true, true, undefined],
  ] as [string, string[], boolean, boolean, string | undefined][])('%s', (_name, files, trusted, ignoreLocalEnv, expected) => {
    const existing = new Set(files);
    expect(findEnvFile(ws, home, trusted, ignoreLocalEnv, (file) => existing.has(file))).toBe(expected);
  });

  it('falls back to the home directory when the workspace is not below it', () => {
    const all = new Set(['/home/me/.gemini/.env', '/home/me/.env']);
    expect(findEnvFile('/srv/ws', '/home/me', true, false, (f) => all.has(f))).toBe('/home/me/.gemini/.env');
    expect(findEnvFile('/srv/ws', '/home/me', false, false, (f) => all.has(f))).toBe('/home/me/.env');
    expect(findEnvFile('/srv/ws', '/home/me', true, true, (f) => f === '/home/me/.env')).toBe('/home/me/.env');
  });

  it('compares with the home directory as written (a trailing slash is not the same directory)', () => {
    const existing = new Set(['/h/me/.env', '/h/.gemini/.env']);
    const exists = (f: string) => existing.has(f);
    expect(findEnvFile(ws, '/h/me', true, true, exists)).toBe('/h/me/.env');
    expect(findEnvFile(ws, '/h/me/', true, true, exists)).toBe('/h/.gemini/.env');
  });
});

describe('geminiStartupEnvironment', () => {
  const sandboxes: Sandbox[] = [];
  afterAll(() => Promise.all(sandboxes.map((s) => s.cleanup())));
  async function sandbox(files: Record<string, string>): Promise<Sandbox> {
    const sb = await makeSandbox();
    sandboxes.push(sb);
    for (const [file, text] of Object.entries(files)) await sb.write(path.join(sb.root, file), text);
    return sb;
  }
  const start = (sb: Sandbox, options: { trusted?: boolean; merged?: JsonObject; env?: Record<string, string | undefined>; cwd?: string } = {}) =>
    geminiStartupEnvironment(sb.ctx({ env: options.env ?? {}, ...(options.cwd ? { cwd: options.cwd } : {}) }), {
      trusted: options.trusted ?? true,
      merged: options.merged ?? {},
    });
  const diagnostic = (result: ReturnType<typeof start>) => result!.diagnostics.map((d) => `${d.code}: ${d.message}`).join('\n');

  it('changes nothing without a file (and outside Cloud Shell)', async () => {
    expect(start(await sandbox({}))).toBeUndefined();
  });

  it('loads the first file found, and only it; what is set already wins', async () => {
    const sb = await sandbox({ 'ws/.gemini/.env': 'A=gemini\nB=gemini\nPATH=/nope', 'ws/.env': 'A=plain\nC=plain' });
    const result = start(sb);
    expect(result!.file).toBe(path.join(sb.workspace, '.gemini', '.env'));
    expect(result!.env).toMatchObject({ A: 'gemini', B: 'gemini', PATH: sb.env.PATH });
    expect(result!.env.C).toBeUndefined();
    expect(diagnostic(result)).toContain('inherit 2 variable(s) from it: A, B.');
    expect(diagnostic(result)).toContain('Already set in the environment, which wins: PATH.');
  });

  it('an empty value set in the environment is set', async () => {
    const sb = await sandbox({ 'ws/.env': 'A=file' });
    expect(start(sb, { env: { A: '' } })!.env.A).toBe('');
  });

  it('a project .env file leaves out DEBUG and DEBUG_MODE (and advanced.excludedEnvVars); .gemini/.env does not', async () => {
    const project = await sandbox({ 'ws/.env': 'DEBUG=1\nDEBUG_MODE=1\nMINE=1\nKEEP=1' });
    const fromProject = start(project, { merged: { advanced: { excludedEnvVars: ['MINE'] } } })!;
    expect(fromProject.env).toMatchObject({ KEEP: '1' });
    expect(fromProject.env).not.toHaveProperty('DEBUG');
    expect(fromProject.env).not.toHaveProperty('DEBUG_MODE');
    expect(fromProject.env).not.toHaveProperty('MINE');
    expect(diagnostic(fromProject)).toContain('Not loaded from a project .env file (advanced.excludedEnvVars): DEBUG, DEBUG_MODE, MINE.');
    const gemini = await sandbox({ 'ws/.gemini/.env': 'DEBUG=1' });
    expect(start(gemini)!.env.DEBUG).toBe('1');
  });

  it('"project" means the path does not contain ".gemini" anywhere, as Gemini tests it', async () => {
    const sb = await sandbox({ 'x.gemini-y/ws/.env': 'DEBUG=1' });
    expect(start(sb, { cwd: path.join(sb.root, 'x.gemini-y', 'ws') })!.env.DEBUG).toBe('1');
  });

  it('advanced that is not an object: the code fallback, which adds the IDE server variables', async () => {
    const sb = await sandbox({ 'ws/.env': 'GEMINI_CLI_IDE_SERVER_STDIO_COMMAND=x\nOTHER=1' });
    expect(start(sb, { merged: { advanced: 5 } })!.env).not.toHaveProperty('GEMINI_CLI_IDE_SERVER_STDIO_COMMAND');
    expect(start(sb, { merged: {} })!.env.GEMINI_CLI_IDE_SERVER_STDIO_COMMAND).toBe('x');
  });

  it('advanced.ignoreLocalEnv, tested for truthiness as merged (a valid file\'s "false" is already cast), passes project .env files over', async () => {
    const sb = await sandbox({ 'ws/.env': 'A=1' });
    expect(start(sb, { merged: { advanced: { ignoreLocalEnv: true } } })).toBeUndefined();
    // An invalid file's "false" stays a string: !!"false" is true for Gemini.
    expect(start(sb, { merged: { advanced: { ignoreLocalEnv: 'false' } } })).toBeUndefined();
    expect(start(sb, { merged: { advanced: { ignoreLocalEnv: false } } })!.env.A).toBe('1');
    expect(start(sb, { merged: { advanced: { ignoreLocalEnv: 0 } } })!.env.A).toBe('1');
  });

  it('untrusted: .gemini/.env is passed over; of the file found only the auth variables, stripped', async () => {
    const sb = await sandbox({
      'ws/.gemini/.env': 'GEMINI_API_KEY=from-gemini-dir',
      'ws/.env': 'GEMINI_API_KEY="key; rm -rf $HOME"\nGOOGLE_CLOUD_LOCATION=us-central1\nOTHER=1\nDEBUG=1',
    });
    const result = start(sb, { trusted: false })!;
    expect(result.file).toBe(path.join(sb.workspace, '.env'));
    expect(result.env).toMatchObject({ GEMINI_API_KEY: 'keyrm-rfHOME', GOOGLE_CLOUD_LOCATION: 'us-central1' });
    expect(result.env).not.toHaveProperty('OTHER');
    expect(diagnostic(result)).toContain('The folder is not trusted: only GEMINI_API_KEY, GOOGLE_API_KEY, GOOGLE_CLOUD_PROJECT, GOOGLE_CLOUD_LOCATION are loaded');
    expect(diagnostic(result)).toContain('not loaded: OTHER, DEBUG.');
  });

  it('a directory named .env ends the search and loads nothing (a warning says so)', async () => {
    const sb = await sandbox({ 'ws/.env/keep': '', 'home/.env': 'A=1' });
    const result = start(sb)!;
    expect(result.file).toBe(path.join(sb.workspace, '.env'));
    expect(result.env.A).toBeUndefined();
    expect(result.diagnostics).toMatchObject([{ code: 'env-file-unreadable', severity: 'warning' }]);
  });

  it('names variables, never their values', async () => {
    const sb = await sandbox({ 'ws/.env': 'SECRET_TOKEN=s3cr3t-value' });
    const result = start(sb)!;
    expect(JSON.stringify(result.diagnostics)).toContain('SECRET_TOKEN');
    expect(JSON.stringify(result.diagnostics)).not.toContain('s3cr3t-value');
  });

  it('leaves the context alone', async () => {
    const sb = await sandbox({ 'ws/.env': 'A=1' });
    const ctx = sb.ctx();
    const result = geminiStartupEnvironment(ctx, { trusted: true, merged: {} })!;
    expect(result.env.A).toBe('1');
    expect(ctx.env.A).toBeUndefined();
    expect(fs.existsSync(path.join(sb.workspace, '.env'))).toBe(true);
  });

  describe('Cloud Shell (CLOUD_SHELL=true)', () => {
    it('GOOGLE_CLOUD_PROJECT becomes cloudshell-gca, the one set before is kept aside', async () => {
      const result = start(await sandbox({}), { env: { CLOUD_SHELL: 'true', GOOGLE_CLOUD_PROJECT: 'mine' } })!;
      expect(result.env).toMatchObject({ GOOGLE_CLOUD_PROJECT: 'cloudshell-gca', _GEMINI_USER_GCP_PROJECT: 'mine' });
      expect(result.diagnostics).toMatchObject([{ code: 'env-cloud-shell-project', severity: 'info' }]);
    });

    it('the .env file value wins over the environment, trusted or not', async () => {
      const sb = await sandbox({ 'ws/.env': 'GOOGLE_CLOUD_PROJECT=from-file' });
      for (const trusted of [true, false]) {
        expect(start(sb, { trusted, env: { CLOUD_SHELL: 'true', GOOGLE_CLOUD_PROJECT: 'mine' } })!.env.GOOGLE_CLOUD_PROJECT).toBe('from-file');
      }
    });

    it('untrusted and sandboxed (tools.sandbox): the file value is stripped', async () => {
      const sb = await sandbox({ 'ws/.env': 'GOOGLE_CLOUD_PROJECT="a b;c"' });
      const result = start(sb, { trusted: false, merged: { tools: { sandbox: true } }, env: { CLOUD_SHELL: 'true' } })!;
      expect(result.env.GOOGLE_CLOUD_PROJECT).toBe('abc');
    });

    it('Vertex AI: the project set before comes back; none, and cloudshell-gca is removed', async () => {
      const vertex = { security: { auth: { selectedType: 'vertex-ai' } } };
      const sb = await sandbox({});
      expect(start(sb, { merged: vertex, env: { CLOUD_SHELL: 'true', GOOGLE_CLOUD_PROJECT: 'mine' } })!.env.GOOGLE_CLOUD_PROJECT).toBe('mine');
      const none = start(sb, { merged: vertex, env: { CLOUD_SHELL: 'true', GOOGLE_CLOUD_PROJECT: 'cloudshell-gca' } })!;
      expect(none.env).not.toHaveProperty('GOOGLE_CLOUD_PROJECT');
    });
  });
});
