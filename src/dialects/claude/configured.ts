// Where Claude Code's settings files are, and which of them show it is configured here: path logic only,
// so detection (dialects/detect.ts) reads it without loading the settings reader.
import path from 'node:path';
import { type Context, homeDir, platformPath } from '../../pipeline/context.js';
import { firstFile } from '../kit/files.js';
import type { ConfiguredAt } from '../dialect.js';
import type { Layer } from '../../pipeline/types.js';

export type ClaudeLayer = Extract<Layer, 'user' | 'project' | 'local' | 'managed'>;

/** Overrides the managed-settings path, so tests (and people) need not touch /etc. */
const MANAGED_SETTINGS_ENV = 'HOOKRUN_CLAUDE_MANAGED_SETTINGS';

export function claudeSettingsPaths(ctx: Context): Record<ClaudeLayer, string> {
  const configDir = ctx.env.CLAUDE_CONFIG_DIR || path.join(homeDir(ctx), '.claude');
  return {
    user: path.join(configDir, 'settings.json'),
    project: path.join(ctx.cwd, '.claude', 'settings.json'),
    local: path.join(ctx.cwd, '.claude', 'settings.local.json'),
    managed: ctx.env[MANAGED_SETTINGS_ENV] || defaultManagedPath(ctx.platform),
  };
}

const defaultManagedPath = (platform: NodeJS.Platform): string =>
  platformPath(platform, {
    darwin: '/Library/Application Support/ClaudeCode/managed-settings.json',
    win32: 'C:\\Program Files\\ClaudeCode\\managed-settings.json',
    other: '/etc/claude-code/managed-settings.json',
  });

/** Detection: the project's settings files (Claude Code's project root is the workspace), then the user's. */
export function configuredAt(ctx: Context): ConfiguredAt {
  const paths = claudeSettingsPaths(ctx);
  return { workspace: firstFile([paths.project, paths.local]), user: firstFile([paths.user]) };
}
