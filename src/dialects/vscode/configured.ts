// Where VS Code's workspace settings are, and whether they show its agent hooks configured here: one JSONC
// read, so detection (dialects/detect.ts) reads it without loading the settings reader.
import path from 'node:path';
import { parseJsoncObject } from '../../files/jsonc.js';
import { readInputFile } from '../../files/read-input.js';
import type { Context } from '../../pipeline/context.js';
import type { ConfiguredAt } from '../dialect.js';

/** The VS Code setting that lists hook file locations. */
export const LOCATIONS_SETTING = 'chat.hookFilesLocations';

export function workspaceSettingsFile(ctx: Context): string {
  return path.join(ctx.cwd, '.vscode', 'settings.json');
}

/**
 * `--dialect auto`: the workspace's `.vscode/settings.json` when it sets `chat.hookFilesLocations` (the default
 * files are Copilot CLI's and Claude Code's too, and those dialects come first in the registry).
 */
export function configuredAt(ctx: Context): ConfiguredAt {
  const file = workspaceSettingsFile(ctx);
  try {
    const doc = parseJsoncObject(readInputFile(file, 'utf8'), file, '');
    return doc.value[LOCATIONS_SETTING] !== undefined ? { workspace: file } : {};
  } catch {
    return {};
  }
}
