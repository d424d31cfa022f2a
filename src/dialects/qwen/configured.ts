// Where Qwen Code's settings files are, and which of them show it is configured here: path logic and one
// JSONC read, so detection (dialects/detect.ts) reads it without loading the settings reader.
import path from 'node:path';
import { parseJsoncObject } from '../../files/jsonc.js';
import { readInputFile } from '../../files/read-input.js';
import { homeDir, type Context } from '../../pipeline/context.js';
import type { Layer } from '../../pipeline/types.js';
import type { ConfiguredAt } from '../dialect.js';

export type QwenLayer = Extract<Layer, 'project' | 'user' | 'system'>;

export function qwenSettingsPaths(ctx: Context): Record<QwenLayer, string> {
  const home = ctx.env.QWEN_HOME || path.join(homeDir(ctx), '.qwen');
  return {
    project: path.join(ctx.cwd, '.qwen', 'settings.json'),
    user: path.join(home, 'settings.json'),
    system: ctx.env.QWEN_CODE_SYSTEM_SETTINGS_PATH || defaultSystemPath(ctx.platform),
  };
}

function defaultSystemPath(platform: NodeJS.Platform): string {
  if (platform === 'darwin') return '/Library/Application Support/QwenCode/settings.json';
  if (platform === 'win32') return 'C:\\ProgramData\\qwen-code\\settings.json';
  return '/etc/qwen-code/settings.json';
}

/** `--dialect auto`: the project's settings file, then the user's, when it has hooks. */
export function configuredAt(ctx: Context): ConfiguredAt {
  const paths = qwenSettingsPaths(ctx);
  const withHooks = (file: string): string | undefined => {
    try {
      const doc = parseJsoncObject(readInputFile(file, 'utf8'), file, '');
      return doc.value.hooks !== undefined ? file : undefined;
    } catch {
      return undefined;
    }
  };
  const workspace = withHooks(paths.project);
  const user = withHooks(paths.user);
  return { ...(workspace ? { workspace } : {}), ...(user ? { user } : {}) };
}
