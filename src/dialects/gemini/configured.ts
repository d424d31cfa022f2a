// Where Gemini CLI's settings files are, and which of them show it is configured here: path logic only,
// so detection (dialects/detect.ts) reads it without loading the settings reader.
import path from 'node:path';
import { geminiHome, platformPath, type Context } from '../../pipeline/context.js';
import type { Layer } from '../../pipeline/types.js';
import { firstFile } from '../kit/files.js';
import type { ConfiguredAt } from '../dialect.js';

export type SettingsLayerName = Extract<Layer, 'systemDefaults' | 'user' | 'workspace' | 'system'>;

/** The settings layers in merge order: later files win for single values. */
export type GeminiSettingsPaths = Record<SettingsLayerName, string>;

export function geminiSettingsPaths(ctx: Context): GeminiSettingsPaths {
  const system = ctx.env.GEMINI_CLI_SYSTEM_SETTINGS_PATH || defaultSystemSettingsPath(ctx.platform);
  return {
    systemDefaults: ctx.env.GEMINI_CLI_SYSTEM_DEFAULTS_PATH || path.join(path.dirname(system), 'system-defaults.json'),
    user: path.join(geminiHome(ctx), '.gemini', 'settings.json'),
    workspace: path.join(ctx.cwd, '.gemini', 'settings.json'),
    system,
  };
}

const defaultSystemSettingsPath = (platform: NodeJS.Platform): string =>
  platformPath(platform, {
    darwin: '/Library/Application Support/GeminiCli/settings.json',
    win32: 'C:\\ProgramData\\gemini-cli\\settings.json',
    other: '/etc/gemini-cli/settings.json',
  });

/** Detection: the workspace's settings file (Gemini CLI's project root is the workspace), then the user's. */
export function configuredAt(ctx: Context): ConfiguredAt {
  const paths = geminiSettingsPaths(ctx);
  return { workspace: firstFile([paths.workspace]), user: firstFile([paths.user]) };
}
