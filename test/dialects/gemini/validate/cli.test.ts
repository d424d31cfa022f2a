// `hookrun validate` end to end: the real bin against fixture copies in temp directories.
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hookrun } from '../../../helpers/cli.js';
import { loadFixture, type FixtureSandbox } from './fixture-sandbox.js';

let sandboxes: FixtureSandbox[] = [];
afterEach(() => {
  for (const sandbox of sandboxes) sandbox.cleanup();
  sandboxes = [];
});
function fixture(name: string): FixtureSandbox {
  const sandbox = loadFixture(name);
  sandboxes.push(sandbox);
  return sandbox;
}
const validate = (sandbox: FixtureSandbox, ...args: string[]) => hookrun(['validate', '-C', sandbox.ws, ...args], { env: sandbox.env, cwd: sandbox.root });

describe('hookrun validate: exit codes', () => {
  it('0 for a clean configuration', async () => {
    const result = await validate(fixture('clean'));
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('0 errors, 0 warnings, 0 info in 2 files checked (gemini)\n');
    expect(result.exitCode).toBe(0);
  });

  it('0 with warnings only, 1 with --strict', async () => {
    const sandbox = fixture('matcher-unknown-tool');
    const args = ['--ignore', 'untrusted-project-hook'];
    expect((await validate(sandbox, ...args)).exitCode).toBe(0);
    expect((await validate(sandbox, ...args, '--strict')).exitCode).toBe(1);
  });

  it('info never fails, even with --strict', async () => {
    const sandbox = fixture('untrusted-folder');
    const result = await validate(sandbox, '--strict');
    expect(result.stdout).toContain('[untrusted-folder]');
    expect(result.exitCode).toBe(0);
  });

  it('1 for errors, with file:line:column in the text report', async () => {
    const sandbox = fixture('invalid-hook-type');
    const result = await validate(sandbox);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain('ws/.gemini/settings.json:6:11: error: ');
    expect(result.stdout).toContain('[invalid-hook-type]');
  });

  it('1 for a settings file that does not parse: a finding, not a crash', async () => {
    const sandbox = fixture('settings-syntax-error');
    const result = await validate(sandbox, '--json');
    expect(result.exitCode).toBe(1);
    const report = JSON.parse(result.stdout);
    expect(report.findings.map((f: { code: string }) => f.code)).toEqual(['settings-syntax-error']);
  });

  it('2 for a settings file that cannot be read, even when its finding is ignored', async () => {
    const sandbox = fixture('settings-unreadable');
    expect((await validate(sandbox)).exitCode).toBe(2);
    const ignored = await validate(sandbox, '--ignore', 'settings-unreadable');
    expect(ignored.exitCode).toBe(2);
    expect(ignored.stdout).toContain('incomplete');
  });

  it('2 for a missing -C directory or one that is a file', async () => {
    const sandbox = fixture('clean');
    const missing = await hookrun(['validate', '-C', path.join(sandbox.root, 'nope')], { env: sandbox.env });
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain('does not exist');
    expect(missing.stdout).toBe('');
    const file = await hookrun(['validate', '-C', path.join(sandbox.ws, '.gemini', 'settings.json')], { env: sandbox.env });
    expect(file.exitCode).toBe(2);
    expect(file.stderr).toContain('not a directory');
  });

  it('2 for bad arguments', async () => {
    const sandbox = fixture('clean');
    expect((await validate(sandbox, '--format', 'xml')).exitCode).toBe(2);
    const unknownCode = await validate(sandbox, '--ignore', 'no-such-code');
    expect(unknownCode.exitCode).toBe(2);
    expect(unknownCode.stderr).toContain('no-such-code');
  });
});

describe('hookrun validate: schema findings', () => {
  it('a top-level key of the wrong type is a warning at its value, with a fix that fits it', async () => {
    const result = await validate(fixture('schema-invalid'));
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('home/.gemini/settings.json:4:9: warning: ');
    expect(result.stdout).toContain('ui: Invalid input: expected object, received array. Gemini CLI uses this file as written');
    expect(result.stdout).toContain('telemetry: Invalid input: expected boolean or object, received string.');
    expect(result.stdout).toContain('fix: Give the value the type the message names, or remove the key.');
    expect(result.stdout).toContain('0 errors, 6 warnings, 0 info in 2 files checked');
  });
});

describe('hookrun validate: formats', () => {
  it('--json prints the report as JSON', async () => {
    const sandbox = fixture('duplicate-hook');
    const report = JSON.parse((await validate(sandbox, '--json')).stdout);
    expect(report).toMatchObject({ cwd: sandbox.ws, incomplete: false, summary: { errors: 0 } });
    expect(report.findings.find((f: { code: string }) => f.code === 'duplicate-hook').location).toMatchObject({ line: 7, column: 11 });
  });

  it('github annotations are relative to GITHUB_WORKSPACE', async () => {
    const sandbox = fixture('invalid-event-name');
    const result = await hookrun(['validate', '-C', sandbox.ws, '--format', 'github', '--ignore', 'untrusted-project-hook'], {
      env: { ...sandbox.env, GITHUB_WORKSPACE: sandbox.ws },
    });
    expect(result.stdout).toMatch(/^::error file=\.gemini\/settings\.json,line=3,col=5,title=hookrun invalid-event-name::.+\n$/);
  });

  it('sarif is JSON with one result per finding', async () => {
    const sandbox = fixture('timeout-invalid');
    const sarif = JSON.parse((await validate(sandbox, '--format', 'sarif', '--ignore', 'untrusted-project-hook')).stdout);
    expect(sarif.version).toBe('2.1.0');
    expect(sarif.runs[0].results.map((r: { ruleId: string }) => r.ruleId)).toEqual(['timeout-invalid', 'timeout-invalid']);
  });
});
