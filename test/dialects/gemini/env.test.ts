// The hook environment (§3.4): redaction rules one row each, injected variables, plans dir and project id.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import {
  ALWAYS_ALLOWED_VARIABLES,
  buildHookEnvironment,
  inheritedEnvironment,
  isStrictSanitization,
  NEVER_ALLOWED_VARIABLES,
  redactionSettingsFrom,
  resolvePlansDir,
  resolveProjectId,
  sanitizeEnvironment,
  type RedactionSettings,
} from '../../../src/dialects/gemini/env.js';
import { tempDir } from '../../helpers/hooks.js';

const on: RedactionSettings = { enabled: true, allowed: [], blocked: [] };
const off: RedactionSettings = { enabled: false, allowed: [], blocked: [] };

const secrets = {
  rsaKey: '-----BEGIN RSA PRIVATE KEY-----\nMIIE...',
  opensshKey: '-----BEGIN OPENSSH PRIVATE KEY-----',
  ecKey: 'x -----BEGIN EC PRIVATE KEY----- y',
  pgpKey: '-----BEGIN PGP PRIVATE KEY-----',
  certificate: '-----BEGIN CERTIFICATE-----',
  urlCredentials: 'https://user:pa55@example.com/repo.git',
  ftpCredentials: 'ftp://u:p@host',
  smtpCredentials: 'smtp://u:p@mail',
  githubClassic: `ghp_${'a'.repeat(36)}`,
  githubFineGrained: `github_pat_${'B1_'.repeat(20)}`,
  githubOauth: `gho_${'9'.repeat(40)}`,
  googleApiKey: `AIzaSy${'x'.repeat(33)}`,
  awsAccessKey: `AKIA${'ABCDEFGH12345678'}`,
  awsLowercase: `akia${'abcdefgh12345678'}`,
  jwt: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig',
  stripeLive: `sk_live_${'0'.repeat(24)}`,
  stripeRestricted: `rk_test_${'a'.repeat(24)}`,
  slack: 'xoxb-123-456-abc',
};

function kept(env: Record<string, string>, settings: RedactionSettings): string[] {
  return Object.keys(sanitizeEnvironment(env, settings)).sort();
}

describe('sanitizeEnvironment: off unless enabled or strict', () => {
  test('disabled and not strict: a full copy, secrets included', () => {
    const env = { PATH: '/bin', MY_TOKEN: 't', SECRET_URL: secrets.urlCredentials };
    expect(sanitizeEnvironment(env, off)).toEqual(env);
  });

  test('undefined values are dropped from the copy', () => {
    expect(sanitizeEnvironment({ A: 'a', B: undefined }, off)).toEqual({ A: 'a' });
  });

  test.each([
    [{ GITHUB_SHA: 'abc123' }, true],
    [{ GITHUB_SHA: '' }, false],
    [{ SURFACE: 'Github' }, true],
    [{ SURFACE: 'github' }, false],
    [{ github_sha: 'abc' }, false],
    [{}, false],
  ])('strict mode for %j: %s', (env, strict) => {
    expect(isStrictSanitization(env)).toBe(strict);
    // Strict applies even with redaction disabled: an ordinary variable then goes.
    expect(kept({ ...env, ORDINARY: 'x' }, off).includes('ORDINARY')).toBe(!strict);
  });
});

describe('sanitizeEnvironment: each rule, in order (first match wins)', () => {
  test.each(Object.entries(secrets))('2. secret-looking value is dropped: %s', (_name, value) => {
    expect(kept({ SOME_VAR: value }, on)).toEqual([]);
  });

  test.each([
    ['1. GEMINI_CLI_* is kept even with a secret value', { GEMINI_CLI_API_KEY: secrets.githubClassic }, on, ['GEMINI_CLI_API_KEY']],
    ['1. GEMINI_CLI_* is kept in strict mode', { GITHUB_SHA: 'x', GEMINI_CLI_HOME: '/h' }, on, ['GEMINI_CLI_HOME']],
    ['1. the prefix is compared upper-cased', { gemini_cli_x: 'v' }, { ...on, blocked: ['GEMINI_CLI_X'] }, ['gemini_cli_x']],
    ['2. a secret value beats `allowed`', { MY_VAR: secrets.jwt }, { ...on, allowed: ['MY_VAR'] }, []],
    ['2. a secret value beats always-allowed', { PATH: secrets.urlCredentials }, on, []],
    ['2. a secret value beats GIT_CONFIG_*', { GIT_CONFIG_VALUE_0: secrets.slack }, on, []],
    ['2. an empty value is not tested', { EMPTY: '' }, on, ['EMPTY']],
    ['3. GIT_CONFIG_* is kept even if blocked', { GIT_CONFIG_COUNT: '1' }, { ...on, blocked: ['GIT_CONFIG_COUNT'] }, ['GIT_CONFIG_COUNT']],
    ['3. GIT_CONFIG_* is kept in strict mode', { GITHUB_SHA: 'x', GIT_CONFIG_KEY_0: 'user.name' }, on, ['GIT_CONFIG_KEY_0']],
    ['4. `allowed` beats `blocked`', { FOO: 'v' }, { ...on, allowed: ['FOO'], blocked: ['FOO'] }, ['FOO']],
    ['4. `allowed` beats a secret-looking name', { MY_TOKEN: 'v' }, { ...on, allowed: ['my_token'] }, ['MY_TOKEN']],
    ['4. `allowed` beats never-allowed', { DATABASE_URL: 'postgres://db' }, { ...on, allowed: ['DATABASE_URL'] }, ['DATABASE_URL']],
    ['4. `allowed` beats strict mode', { GITHUB_SHA: 'x', FOO: 'v' }, { ...on, allowed: ['FOO'] }, ['FOO']],
    ['5. `blocked` beats always-allowed', { HOME: '/h' }, { ...on, blocked: ['home'] }, []],
    ['5. `blocked` is case-insensitive', { Foo: 'v' }, { ...on, blocked: ['FOO'] }, []],
    ['6. always-allowed beats a secret-looking name pattern', { COLORTERM: 'truecolor', TERM: 'xterm' }, on, ['COLORTERM', 'TERM']],
    ['6. always-allowed is matched upper-cased', { Path: 'C:\\bin', SystemRoot: 'C:\\Windows' }, on, ['Path', 'SystemRoot']],
    ['6. always-allowed survives strict mode', { GITHUB_SHA: 'x', PATH: '/bin', GITHUB_ENV: '/e' }, on, ['GITHUB_ENV', 'PATH']],
    ['7. never-allowed is dropped', { DATABASE_URL: 'postgres://db', CLIENT_ID: 'c' }, on, []],
    ['8. strict mode drops everything else', { GITHUB_SHA: 'x', FOO: 'bar', NODE_ENV: 'test' }, on, []],
    ['9. an ordinary name is kept', { FOO: 'bar', NODE_ENV: 'test' }, on, ['FOO', 'NODE_ENV']],
  ])('%s', (_name, env, settings, expected) => {
    expect(kept(env as Record<string, string>, settings)).toEqual(expected);
  });

  test.each([
    'MY_TOKEN',
    'CLIENT_SECRET',
    'DB_PASSWORD',
    'SMTP_PASSWD',
    'API_KEY',
    'OAUTH_URL',
    'CREDENTIALS_FILE',
    'GCP_CREDS',
    'PRIVATE_DIR',
    'SSL_CERT_FILE',
    'my_token',
    // substring quirks, faithful to Gemini: MONKEY contains KEY, AUTHOR contains AUTH
    'MONKEY',
    'GIT_AUTHOR_NAME',
  ])('9. secret-looking name is dropped: %s', (name) => {
    expect(kept({ [name]: 'harmless' }, on)).toEqual([]);
  });

  test('every always-allowed name survives strict mode; every never-allowed name is dropped', () => {
    const allowed = Object.fromEntries([...ALWAYS_ALLOWED_VARIABLES].map((k) => [k, 'v']));
    const never = Object.fromEntries([...NEVER_ALLOWED_VARIABLES].map((k) => [k, 'v']));
    expect(kept({ ...allowed, ...never, GITHUB_SHA: 'x' }, on)).toEqual(Object.keys(allowed).sort());
    expect(kept(never, on)).toEqual([]);
  });
});

describe('redactionSettingsFrom', () => {
  test.each([
    [{}, off],
    [{ security: { environmentVariableRedaction: { enabled: true, allowed: ['A'], blocked: ['B'] } } }, { enabled: true, allowed: ['A'], blocked: ['B'] }],
    [{ security: { environmentVariableRedaction: { enabled: 'true', allowed: 'A', blocked: ['B', 3] } } }, { enabled: 'true', allowed: 'A', blocked: ['B', 3] }],
    [{ security: null }, off],
  ])('%j', (merged, expected) => {
    expect(redactionSettingsFrom(merged)).toEqual(expected);
  });
});

describe('buildHookEnvironment', () => {
  const base = { cwd: '/test/project', plansDir: '/test/project/plans', sessionId: 'test-session' };

  test('vector 52: injected variables', () => {
    const env = buildHookEnvironment({ ...base, inherited: inheritedEnvironment({ PATH: '/bin' }, undefined) });
    expect(env).toEqual({
      PATH: '/bin',
      GEMINI_PROJECT_DIR: '/test/project',
      GEMINI_PLANS_DIR: '/test/project/plans',
      GEMINI_CWD: '/test/project',
      GEMINI_SESSION_ID: 'test-session',
      CLAUDE_PROJECT_DIR: '/test/project',
    });
  });

  test('vector 71: the hook env is applied last and overrides injected variables', () => {
    const env = buildHookEnvironment({ ...base, inherited: inheritedEnvironment({}, undefined), hookEnv: { GEMINI_PROJECT_DIR: '/x', N: 1, U: undefined } });
    expect(env).toMatchObject({ GEMINI_PROJECT_DIR: '/x', GEMINI_CWD: '/test/project', N: '1' });
    expect('U' in env).toBe(false);
  });

  test('the injected variables replace inherited ones; the parent env is sanitized first', () => {
    const env = buildHookEnvironment({
      ...base,
      inherited: inheritedEnvironment({ GEMINI_CWD: '/stale', API_KEY: 'k', FOO: 'bar' }, on),
    });
    expect(env).toMatchObject({ GEMINI_CWD: '/test/project', FOO: 'bar' });
    expect('API_KEY' in env).toBe(false);
  });
});

describe('project id and plans dir', () => {
  const root = tempDir('hookrun-env-');
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  let n = 0;
  /** A fresh ~/.gemini with the given files. */
  function geminiDir(files: Record<string, string> = {}): string {
    const dir = path.join(root, `home${n++}`, '.gemini');
    fs.mkdirSync(dir, { recursive: true });
    for (const [rel, content] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      fs.writeFileSync(path.join(dir, rel), content);
    }
    return dir;
  }

  test.each([
    ['slug of the basename', '/work/My Project!', {}, 'my-project'],
    ['runs of other characters collapse, ends trimmed', '/w/__Ünïcode--App__', {}, 'n-code-app'],
    ['filesystem root → project', '/', {}, 'project'],
    ['registry mapping', '/w/app', { 'projects.json': JSON.stringify({ projects: { '/w/app': 'app-7' } }) }, 'app-7'],
    [
      'registry mapping whose marker names another project is ignored',
      '/w/app',
      { 'projects.json': JSON.stringify({ projects: { '/w/app': 'taken' } }), 'tmp/taken/.project_root': '/w/other\n' },
      'app',
    ],
    ['an existing marker for this project is found', '/w/app', { 'history/legacy-app/.project_root': '/w/app\n' }, 'legacy-app'],
    ['slug mapped to another project → -1', '/w/app', { 'projects.json': JSON.stringify({ projects: { '/x/app': 'app' } }) }, 'app-1'],
    ['slug owned on disk by another project → next free', '/w/app', { 'tmp/app/.project_root': '/x/app', 'tmp/app-1/.project_root': '/y/app' }, 'app-2'],
    ['corrupt registry counts as empty', '/w/app', { 'projects.json': '{not json' }, 'app'],
  ])('%s', (_name, projectRoot, files, expected) => {
    expect(resolveProjectId(geminiDir(files), projectRoot)).toBe(expected);
  });

  test('read-only: nothing is written to ~/.gemini', () => {
    const dir = geminiDir();
    resolveProjectId(dir, '/w/app');
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  test('default plans dir: <geminiHome>/.gemini/tmp/<projectId>/<sessionId>/plans', () => {
    const home = path.dirname(geminiDir());
    expect(resolvePlansDir({ geminiHome: home, projectRoot: '/w/My App', sessionId: 's-1' })).toEqual({
      plansDir: path.join(home, '.gemini', 'tmp', 'my-app', 's-1', 'plans'),
    });
  });

  test('custom plans dir inside the project root', () => {
    const project = fs.mkdtempSync(path.join(root, 'proj-'));
    const result = resolvePlansDir({ geminiHome: root, projectRoot: project, sessionId: 's', customPlansDir: 'docs/plans' });
    expect(result).toEqual({ plansDir: path.join(project, 'docs', 'plans') });
  });

  test.each([
    ['an absolute path elsewhere', () => '/elsewhere/plans'],
    ['a parent-relative path', () => '../plans'],
    [
      'a symlink inside the root pointing outside',
      (project: string) => {
        fs.symlinkSync(root, path.join(project, 'link'));
        return 'link/plans';
      },
    ],
  ])('custom plans dir outside the root (%s): default plans dir and a warning', (_name, custom) => {
    const home = path.dirname(geminiDir());
    const project = fs.mkdtempSync(path.join(root, 'proj-'));
    const result = resolvePlansDir({ geminiHome: home, projectRoot: project, sessionId: 's', customPlansDir: custom(project) });
    expect(result.plansDir).toBe(path.join(home, '.gemini', 'tmp', path.basename(project).toLowerCase(), 's', 'plans'));
    expect(result.warning).toMatch(/outside the project root/);
  });
});
