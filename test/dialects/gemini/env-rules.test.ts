// The hook environment (spec §3.4): Gemini CLI's redaction rules, one row per rule in its order, strict
// mode, the injected variables, and hookrun's --clean-env / --env-allow.
import { describe, expect, it } from 'vitest';
import {
  ALWAYS_ALLOWED_VARIABLES,
  buildHookEnvironment,
  inheritedEnvironment,
  NEVER_ALLOWED_VARIABLES,
  RedactionListError,
  redactionSettingsFrom,
  sanitizeEnvironment,
  type RedactionSettings,
} from '../../../src/dialects/gemini/env.js';
import { CLEAN_ENV_BASICS } from '../../../src/exec/env.js';

const ON: RedactionSettings = { enabled: true, allowed: [], blocked: [] };
const kept = (env: Record<string, string>, settings: RedactionSettings = ON) => Object.keys(sanitizeEnvironment(env, settings));

// Secret-looking values, one per pattern of Gemini CLI's list.
const SECRET_VALUES: [string, string][] = [
  ['RSA private key', '-----BEGIN RSA PRIVATE KEY-----\nMIIE...'],
  ['OpenSSH private key', 'x -----BEGIN OPENSSH PRIVATE KEY----- y'],
  ['EC private key', '-----BEGIN EC PRIVATE KEY-----'],
  ['PGP private key', '-----begin pgp private key-----'],
  ['certificate', '-----BEGIN CERTIFICATE-----'],
  ['https URL credentials', 'https://user:pass@example.com/x'],
  ['ftp URL credentials', 'ftp://u:p@host'],
  ['smtp URL credentials', 'smtp://me:secret@mail'],
  ['GitHub classic token', `ghp_${'a'.repeat(36)}`],
  ['GitHub fine-grained token', `github_pat_${'B1_'.repeat(12)}`],
  ['GitHub OAuth token', `gho_${'x'.repeat(40)}`],
  ['Google API key', `AIzaSy${'A'.repeat(33)}`],
  ['AWS access key id', 'AKIAABCDEFGHIJKLMNOP'],
  ['JWT', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig'],
  ['Stripe live key', `sk_live_${'0'.repeat(24)}`],
  ['Stripe restricted test key', `rk_test_${'a'.repeat(24)}`],
  ['Slack bot token', 'xoxb-123-456-abc'],
];

describe("redaction off (Gemini CLI's default) and not in GitHub Actions: a full copy", () => {
  it('keeps even secret-looking names and values', () => {
    const env = { PATH: '/bin', GITHUB_TOKEN: 'x', PASSWORD: 'y', AWS: 'AKIAABCDEFGHIJKLMNOP' };
    expect(sanitizeEnvironment(env)).toEqual(env);
  });
});

describe("redaction on: the first matching rule wins, in Gemini CLI's order", () => {
  it.each(SECRET_VALUES)('value pattern: %s → dropped (under a harmless name)', (_name, value) => {
    expect(kept({ HARMLESS: value })).toEqual([]);
  });

  it('an ordinary value under an ordinary name is kept', () => {
    expect(kept({ HARMLESS: 'hello', GH_ISH: 'ghp_short' })).toEqual(['HARMLESS', 'GH_ISH']);
  });

  it.each([
    ['1. GEMINI_CLI_* is kept, even with a secret value', { GEMINI_CLI_X: `ghp_${'a'.repeat(36)}` }, ON, ['GEMINI_CLI_X']],
    ['2. a secret value beats GIT_CONFIG_*', { GIT_CONFIG_VALUE_0: 'https://u:p@h' }, ON, []],
    ['2. a secret value beats `allowed`', { MINE: 'https://u:p@h' }, { ...ON, allowed: ['MINE'] }, []],
    ['3. GIT_CONFIG_* is kept, even when blocked or in strict mode', { GIT_CONFIG_KEY_0: 'x' }, { ...ON, blocked: ['GIT_CONFIG_KEY_0'] }, ['GIT_CONFIG_KEY_0']],
    ['4. `allowed` (case-insensitive) beats the name patterns', { MY_TOKEN: 'x' }, { ...ON, allowed: ['my_token'] }, ['MY_TOKEN']],
    ['4. `allowed` beats `blocked`', { X: '1' }, { ...ON, allowed: ['X'], blocked: ['X'] }, ['X']],
    ['5. `blocked` (case-insensitive) beats always-allowed', { PATH: '/bin' }, { ...ON, blocked: ['path'] }, []],
    ['6. always-allowed beats the name patterns', { HOME: '/h', TERM: 'xterm', COLORTERM: 'truecolor' }, ON, ['HOME', 'TERM', 'COLORTERM']],
    ['7. never-allowed names are dropped', { DATABASE_URL: 'postgres://h/db', CLIENT_ID: '1' }, ON, []],
    [
      '9. secret-looking names are dropped (any case)',
      { github_token: 'x', DB_PASSWD: 'x', MY_CREDS: 'x', SSL_CERT_FILE: 'x', OAUTH_X: 'x', API_KEY: 'x', SECRET: 'x', PRIVATE_X: 'x', CREDENTIALS: 'x', PASSWORD: 'x' },
      ON,
      [],
    ],
    ['9. everything else is kept', { EDITOR: 'vi', NODE_ENV: 'test' }, ON, ['EDITOR', 'NODE_ENV']],
  ])('%s', (_name, env, settings, expected) => {
    expect(kept(env as Record<string, string>, settings as RedactionSettings)).toEqual(expected);
  });

  it("the fixed lists are Gemini CLI's", () => {
    expect([...ALWAYS_ALLOWED_VARIABLES]).toEqual([
      'PATH',
      'SYSTEMROOT',
      'COMSPEC',
      'PATHEXT',
      'WINDIR',
      'TEMP',
      'TMP',
      'USERPROFILE',
      'SYSTEMDRIVE',
      'HOME',
      'LANG',
      'SHELL',
      'TMPDIR',
      'USER',
      'LOGNAME',
      'TERM',
      'COLORTERM',
      'ADDITIONAL_CONTEXT',
      'AVAILABLE_LABELS',
      'BRANCH_NAME',
      'DESCRIPTION',
      'EVENT_NAME',
      'GITHUB_ENV',
      'IS_PULL_REQUEST',
      'ISSUES_TO_TRIAGE',
      'ISSUE_BODY',
      'ISSUE_NUMBER',
      'ISSUE_TITLE',
      'PULL_REQUEST_NUMBER',
      'REPOSITORY',
      'TITLE',
      'TRIGGERING_ACTOR',
    ]);
    expect([...NEVER_ALLOWED_VARIABLES]).toEqual([
      'CLIENT_ID',
      'DB_URI',
      'CONNECTION_STRING',
      'AWS_DEFAULT_REGION',
      'AZURE_CLIENT_ID',
      'AZURE_TENANT_ID',
      'SLACK_WEBHOOK_URL',
      'TWILIO_ACCOUNT_SID',
      'DATABASE_URL',
      'GOOGLE_CLOUD_PROJECT',
      'GOOGLE_CLOUD_ACCOUNT',
      'FIREBASE_PROJECT_ID',
    ]);
  });
});

describe('strict mode (GitHub Actions): redaction applies even when switched off', () => {
  const OFF: RedactionSettings = { enabled: false, allowed: [], blocked: [] };
  it.each([
    ['GITHUB_SHA set', { GITHUB_SHA: 'abc' }],
    ['SURFACE=Github', { SURFACE: 'Github' }],
  ])('%s: only the kept kinds survive', (_name, marker) => {
    const env = { ...marker, PATH: '/bin', EDITOR: 'vi', GEMINI_CLI_HOME: '/g', GIT_CONFIG_COUNT: '1', ISSUE_TITLE: 't' };
    expect(kept(env, OFF).sort()).toEqual(['GEMINI_CLI_HOME', 'GIT_CONFIG_COUNT', 'ISSUE_TITLE', 'PATH']);
  });

  it('`allowed` still lets a name through', () => {
    expect(kept({ GITHUB_SHA: 'abc', EDITOR: 'vi' }, { enabled: false, allowed: ['EDITOR'], blocked: [] })).toEqual(['EDITOR']);
  });

  it.each([
    ['empty GITHUB_SHA', { GITHUB_SHA: '' }],
    ['SURFACE with another case', { SURFACE: 'github' }],
  ])('%s is not strict', (_name, marker) => {
    expect(kept({ ...marker, EDITOR: 'vi' }, OFF)).toContain('EDITOR');
  });
});

describe('redaction switched on by any truthy enabled, as Gemini tests it', () => {
  it.each([[1], ['yes'], ['false'], [{}], [[]]])('%j redacts', (enabled) => {
    expect(kept({ MY_TOKEN: 'x', EDITOR: 'vi' }, { enabled, allowed: [], blocked: [] })).toEqual(['EDITOR']);
  });
  it.each([[0], [''], [null], [false]])('%j does not', (enabled) => {
    expect(kept({ MY_TOKEN: 'x', EDITOR: 'vi' }, { enabled, allowed: [], blocked: [] })).toEqual(['MY_TOKEN', 'EDITOR']);
  });
});

describe("redaction lists Gemini's sanitizer throws on", () => {
  it.each([
    ['allowed', [5]],
    ['allowed', 'X'],
    ['blocked', [null]],
    ['blocked', { a: 1 }],
    ['allowed', true],
  ])('%s %j throws, naming the list', (key, list) => {
    expect(() => sanitizeEnvironment({ A: 'a' }, { ...ON, [key]: list })).toThrow(RedactionListError);
    expect(() => sanitizeEnvironment({ A: 'a' }, { ...ON, [key]: list })).toThrow(`security.environmentVariableRedaction.${key}`);
  });
  it.each([[0], [''], [null], [false]])('a falsy list %j counts as none (|| [])', (list) => {
    expect(kept({ MY_TOKEN: 'x' }, { ...ON, allowed: list })).toEqual([]);
  });
  it('does not throw while redaction is off and the run is not strict', () => {
    expect(sanitizeEnvironment({ A: 'a' }, { enabled: false, allowed: [5], blocked: 'x' })).toEqual({ A: 'a' });
  });
  it('throws in strict mode (GITHUB_SHA) even with enabled false', () => {
    expect(() => sanitizeEnvironment({ GITHUB_SHA: 'abc' }, { enabled: false, allowed: 'X', blocked: [] })).toThrow(RedactionListError);
  });
});

describe('redactionSettingsFrom', () => {
  it.each([
    [{}, { enabled: false, allowed: [], blocked: [] }],
    // As Gemini CLI hands them to its sanitizer: raw (a valid file's are already cast), defaulted when absent.
    [{ security: { environmentVariableRedaction: { enabled: true, allowed: ['A', 5], blocked: 'B' } } }, { enabled: true, allowed: ['A', 5], blocked: 'B' }],
    [{ security: { environmentVariableRedaction: { enabled: 'false' } } }, { enabled: 'false', allowed: [], blocked: [] }],
    [{ security: { environmentVariableRedaction: null } }, { enabled: false, allowed: [], blocked: [] }],
  ])('%j → %j', (merged, expected) => {
    expect(redactionSettingsFrom(merged)).toEqual(expected);
  });
});

describe('buildHookEnvironment', () => {
  const base = { cwd: '/w', plansDir: '/p', sessionId: 's' };
  it("injects the GEMINI_* variables over the inherited ones; the hook's own env wins over both", () => {
    const env = buildHookEnvironment({ ...base, inherited: inheritedEnvironment({ GEMINI_CWD: 'spoofed', X: '1' }, undefined), hookEnv: { GEMINI_SESSION_ID: 'mine', N: 5 } });
    expect(env).toEqual({
      X: '1',
      GEMINI_PROJECT_DIR: '/w',
      GEMINI_PLANS_DIR: '/p',
      GEMINI_CWD: '/w',
      GEMINI_SESSION_ID: 'mine',
      CLAUDE_PROJECT_DIR: '/w',
      N: '5',
    });
  });
});

describe('--clean-env and --env-allow', () => {
  const processEnv = {
    PATH: '/bin',
    HOME: '/h',
    LANG: 'C.UTF-8',
    EDITOR: 'vi',
    GITHUB_TOKEN: `ghp_${'a'.repeat(36)}`,
    AWS_SECRET_ACCESS_KEY: 'k',
    GEMINI_CLI_HOME: '/g',
  };

  it('--clean-env: only the basics, whatever redaction would keep', () => {
    expect(inheritedEnvironment(processEnv, ON, { clean: true, allow: [] })).toEqual({ PATH: '/bin', HOME: '/h', LANG: 'C.UTF-8' });
  });

  it('--clean-env --env-allow: plus exactly the names listed (a secret the user names is passed)', () => {
    expect(inheritedEnvironment(processEnv, ON, { clean: true, allow: ['GITHUB_TOKEN', 'NOT_SET'] })).toEqual({
      PATH: '/bin',
      HOME: '/h',
      LANG: 'C.UTF-8',
      GITHUB_TOKEN: processEnv.GITHUB_TOKEN,
    });
  });

  it("--env-allow alone: the agent's redaction, plus the names listed", () => {
    const env = inheritedEnvironment(processEnv, ON, { clean: false, allow: ['AWS_SECRET_ACCESS_KEY'] });
    expect(Object.keys(env).sort()).toEqual(['AWS_SECRET_ACCESS_KEY', 'EDITOR', 'GEMINI_CLI_HOME', 'HOME', 'LANG', 'PATH']);
  });

  it("the basics are none of Gemini's secret-name patterns", () => {
    for (const name of CLEAN_ENV_BASICS) expect(name).not.toMatch(/TOKEN|SECRET|PASSWORD|PASSWD|KEY|AUTH|CREDENTIAL|CREDS|PRIVATE|CERT/);
  });

  it("the injected variables and the hook's own env survive --clean-env", () => {
    const env = buildHookEnvironment({
      inherited: inheritedEnvironment(processEnv, undefined, { clean: true, allow: [] }),
      cwd: '/w',
      plansDir: '/p',
      sessionId: 's',
      hookEnv: { MINE: '1' },
    });
    expect(Object.keys(env).sort()).toEqual(['CLAUDE_PROJECT_DIR', 'GEMINI_CWD', 'GEMINI_PLANS_DIR', 'GEMINI_PROJECT_DIR', 'GEMINI_SESSION_ID', 'HOME', 'LANG', 'MINE', 'PATH']);
  });
});

describe("the agent's own start-up environment (Gemini CLI: the .env file it loads)", () => {
  const processEnv = { PATH: '/bin', HOME: '/h', EDITOR: 'vi' };
  // hookrun's environment plus what a .env file added (dialects/gemini/settings/env-file.ts builds it).
  const agentEnv = { ...processEnv, FROM_FILE: '1', FILE_TOKEN: 't', TZ: 'UTC' };

  it('by default hooks inherit it whole (redaction off)', () => {
    expect(inheritedEnvironment(processEnv, undefined, undefined, agentEnv)).toEqual(agentEnv);
  });

  it('it goes through the same redaction as the rest', () => {
    expect(Object.keys(inheritedEnvironment(processEnv, ON, undefined, agentEnv)).sort()).toEqual(['EDITOR', 'FROM_FILE', 'HOME', 'PATH', 'TZ']);
  });

  it('strict mode sees it too: a GITHUB_SHA from the file switches redaction on', () => {
    const env = inheritedEnvironment(processEnv, undefined, undefined, { ...agentEnv, GITHUB_SHA: 'abc' });
    expect(Object.keys(env).sort()).toEqual(['HOME', 'PATH']);
  });

  it("--clean-env: the basics come from hookrun's environment only; --env-allow takes a name from the file", () => {
    expect(inheritedEnvironment(processEnv, undefined, { clean: true, allow: [] }, agentEnv)).toEqual({ PATH: '/bin', HOME: '/h' });
    expect(inheritedEnvironment(processEnv, undefined, { clean: true, allow: ['FILE_TOKEN'] }, agentEnv)).toEqual({ PATH: '/bin', HOME: '/h', FILE_TOKEN: 't' });
  });

  it('--env-allow alone: the redacted agent environment plus the names listed, from it', () => {
    const env = inheritedEnvironment(processEnv, ON, { clean: false, allow: ['FILE_TOKEN'] }, agentEnv);
    expect(Object.keys(env).sort()).toEqual(['EDITOR', 'FILE_TOKEN', 'FROM_FILE', 'HOME', 'PATH', 'TZ']);
  });
});
