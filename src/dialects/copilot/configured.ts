// Where GitHub Copilot CLI's hook and settings files are, and which of them show it is configured
// here: path logic only, so detection (dialects/detect.ts) reads it without loading the settings reader.
import fs from 'node:fs';
import path from 'node:path';
import { homeDir, type Context } from '../../pipeline/context.js';
import { isPlainObject } from '../../files/jsonc.js';
import { readInputFile } from '../../files/read-input.js';
import type { JsonObject } from '../../pipeline/types.js';
import type { ConfiguredAt } from '../dialect.js';

export function copilotHome(ctx: Context): string {
  const override = ctx.env.COPILOT_HOME;
  return override !== undefined && override !== '' ? override : path.join(homeDir(ctx), '.copilot');
}

/**
 * The `*.json` files of a folder in the order Copilot runs them: reverse alphabetical (observed for
 * `.github/hooks`; the policy and user folders are taken to be read the same way). A missing or
 * unreadable folder has none.
 */
export function jsonFiles(dir: string): string[] {
  try {
    return fs
      .readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .sort()
      .reverse()
      .map((name) => path.join(dir, name));
  } catch {
    return [];
  }
}

export function repositorySettingsFiles(ctx: Context): string[] {
  const dir = path.join(ctx.cwd, '.github', 'copilot');
  return [path.join(dir, 'settings.json'), path.join(dir, 'settings.local.json')];
}

export function userSettingsFile(ctx: Context): string {
  return path.join(copilotHome(ctx), 'settings.json');
}

/** Detection: a hook file, or a settings file that carries hooks, at each level. */
export function configuredAt(ctx: Context): ConfiguredAt {
  const withHooks = (file: string) => {
    try {
      const value: unknown = JSON.parse(readInputFile(file, 'utf8'));
      return isPlainObject(value) && (value as JsonObject).hooks !== undefined;
    } catch {
      return false;
    }
  };
  const workspace = jsonFiles(path.join(ctx.cwd, '.github', 'hooks'))[0] ?? repositorySettingsFiles(ctx).find(withHooks);
  const user = jsonFiles(path.join(copilotHome(ctx), 'hooks'))[0] ?? [userSettingsFile(ctx)].find(withHooks);
  return { ...(workspace ? { workspace } : {}), ...(user ? { user } : {}) };
}
