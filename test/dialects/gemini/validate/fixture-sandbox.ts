// A fixture folder copied into a temp directory laid out like a machine: ws/ (the workspace),
// home/ (HOME, so home/.gemini/...), etc/ (system settings), trustedFolders.json. "{{ws}}" in any
// file becomes the workspace's absolute path (trusted_hooks.json and enablement rules need it).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Context } from '../../../../src/pipeline/context.js';

export const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

export interface FixtureExpectation {
  /** `code` or `code file:line:column` (file relative to the sandbox root; no position when unknown). */
  findings: string[];
  /** Environment overrides ("" unsets a default). */
  env?: Record<string, string>;
}

export interface FixtureSandbox {
  root: string;
  ws: string;
  env: Record<string, string>;
  ctx: Context;
  expected: FixtureExpectation;
  cleanup(): void;
}

export function fixtureNames(): string[] {
  return fs.readdirSync(FIXTURES).sort();
}

export function loadFixture(name: string): FixtureSandbox {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), `hookrun-validate-${name}-`)));
  const source = path.join(FIXTURES, name);
  fs.cpSync(source, root, { recursive: true, filter: (from) => path.basename(from) !== 'expect.json' });
  const ws = path.join(root, 'ws');
  fs.mkdirSync(ws, { recursive: true });
  fs.mkdirSync(path.join(root, 'home'), { recursive: true });
  for (const file of walk(root)) {
    const text = fs.readFileSync(file, 'utf8');
    if (text.includes('{{ws}}')) fs.writeFileSync(file, text.replaceAll('{{ws}}', ws));
  }
  const expected = JSON.parse(fs.readFileSync(path.join(source, 'expect.json'), 'utf8')) as FixtureExpectation;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: path.join(root, 'home'),
    LANG: 'C.UTF-8',
    NO_COLOR: '1',
    GEMINI_CLI_SYSTEM_SETTINGS_PATH: path.join(root, 'etc', 'settings.json'),
    GEMINI_CLI_SYSTEM_DEFAULTS_PATH: path.join(root, 'etc', 'system-defaults.json'),
    GEMINI_CLI_TRUSTED_FOLDERS_PATH: path.join(root, 'trustedFolders.json'),
    GEMINI_CLI_TRUST_WORKSPACE: 'true',
  };
  for (const [key, value] of Object.entries(expected.env ?? {})) {
    if (value === '') delete env[key];
    else env[key] = value;
  }
  return {
    root,
    ws,
    env,
    ctx: { cwd: ws, env, platform: process.platform, now: () => new Date('2026-01-01T00:00:00Z') },
    expected,
    cleanup: () => fs.rmSync(root, { recursive: true, force: true }),
  };
}

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : entry.isFile() ? [full] : [];
  });
}
