// Where Codex CLI's config layer folders are, and which of them show it is configured here: path logic
// only, so detection (dialects/detect.ts) reads it without loading the settings reader.
import path from 'node:path';
import { homeDir, type Context } from '../../pipeline/context.js';
import * as observed from '../../files/journal.js';
import { readInputFile } from '../../files/read-input.js';
import type { Layer } from '../../pipeline/types.js';
import type { ConfiguredAt } from '../dialect.js';

/** Overrides the system layer folder (`/etc/codex`), so tests (and people) need not touch /etc. */
const SYSTEM_DIR_ENV = 'HOOKRUN_CODEX_SYSTEM_DIR';
export type CodexLayer = Extract<Layer, 'system' | 'user' | 'project'>;

export interface CodexFolder {
  layer: CodexLayer;
  dir: string;
}

export function codexHome(ctx: Context): string {
  return ctx.env.CODEX_HOME || path.join(homeDir(ctx), '.codex');
}

function exists(target: string): boolean {
  try {
    observed.statOrThrow(target);
    return true;
  } catch {
    return false;
  }
}

/** The nearest folder at or above `start` that holds `.git`, if any. */
export function gitRoot(start: string): string | undefined {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (exists(path.join(dir, '.git'))) return dir;
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** The config layer folders, lowest precedence first. A project folder that is the user's is read once, as the user's. */
export function codexFolders(ctx: Context): CodexFolder[] {
  const user = codexHome(ctx);
  const folders: CodexFolder[] = [
    { layer: 'system', dir: ctx.env[SYSTEM_DIR_ENV] || '/etc/codex' },
    { layer: 'user', dir: user },
  ];
  const root = gitRoot(ctx.cwd);
  const projects: string[] = [];
  for (let dir = ctx.cwd; ; dir = path.dirname(dir)) {
    projects.unshift(dir);
    if (root === undefined || dir === root || path.dirname(dir) === dir) break;
  }
  for (const dir of projects) {
    const folder = path.join(dir, '.codex');
    if (path.resolve(folder) !== path.resolve(user)) folders.push({ layer: 'project', dir: folder });
  }
  return folders;
}

/** Detection: a hooks.json, or a config.toml that mentions hooks, at each level (no TOML parse here). */
function codexConfiguredFile(folders: readonly CodexFolder[]): string | undefined {
  for (const folder of folders) {
    const json = path.join(folder.dir, 'hooks.json');
    if (exists(json)) return json;
    const toml = path.join(folder.dir, 'config.toml');
    try {
      if (/^\s*\[\[?\s*hooks[.\]\s]/m.test(readInputFile(toml, 'utf8'))) return toml;
    } catch {
      // No config.toml here.
    }
  }
  return undefined;
}

/** Detection: the project folders from the workspace up to the git root (Codex's project root), nearest first, then the user's. */
export function configuredAt(ctx: Context): ConfiguredAt {
  const folders = codexFolders(ctx);
  return {
    workspace: codexConfiguredFile(folders.filter((f) => f.layer === 'project').reverse()),
    user: codexConfiguredFile(folders.filter((f) => f.layer === 'user')),
  };
}
