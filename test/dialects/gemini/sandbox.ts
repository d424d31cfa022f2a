// A throwaway Gemini installation in a temp directory: home, workspace and system files,
// and a Context whose environment points only there.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Context } from '../../../src/pipeline/context.js';

export interface Sandbox {
  root: string;
  home: string;
  workspace: string;
  systemSettings: string;
  systemDefaults: string;
  trustedFolders: string;
  env: Record<string, string>;
  ctx(overrides?: { cwd?: string; env?: Record<string, string | undefined> }): Context;
  write(file: string, content: string): Promise<string>;
  writeJson(file: string, value: unknown): Promise<string>;
  userSettings: string;
  workspaceSettings: string;
  cleanup(): Promise<void>;
}

export async function makeSandbox(): Promise<Sandbox> {
  const root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'hookrun-settings-')));
  const home = path.join(root, 'home');
  const workspace = path.join(root, 'ws');
  await fs.mkdir(home, { recursive: true });
  await fs.mkdir(workspace, { recursive: true });
  const systemSettings = path.join(root, 'etc', 'settings.json');
  const systemDefaults = path.join(root, 'etc', 'system-defaults.json');
  const trustedFolders = path.join(root, 'trustedFolders.json');
  const env: Record<string, string> = {
    HOME: home,
    PATH: process.env.PATH ?? '',
    GEMINI_CLI_SYSTEM_SETTINGS_PATH: systemSettings,
    GEMINI_CLI_SYSTEM_DEFAULTS_PATH: systemDefaults,
    GEMINI_CLI_TRUSTED_FOLDERS_PATH: trustedFolders,
  };
  const write = async (file: string, content: string) => {
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, content);
    return file;
  };
  return {
    root,
    home,
    workspace,
    systemSettings,
    systemDefaults,
    trustedFolders,
    env,
    userSettings: path.join(home, '.gemini', 'settings.json'),
    workspaceSettings: path.join(workspace, '.gemini', 'settings.json'),
    ctx: (overrides = {}) => ({
      cwd: overrides.cwd ?? workspace,
      env: { ...env, ...overrides.env },
      platform: process.platform,
      now: () => new Date('2026-01-01T00:00:00Z'),
    }),
    write,
    writeJson: (file, value) => write(file, JSON.stringify(value, null, 2)),
    cleanup: () => fs.rm(root, { recursive: true, force: true }),
  };
}

/** A settings object with one command hook per event entry. */
export function hooksFor(event: string, ...commands: string[]): Record<string, unknown> {
  return { hooks: { [event]: [{ hooks: commands.map((command) => ({ type: 'command', command })) }] } };
}
