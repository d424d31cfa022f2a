// Detection (`--dialect auto`, and every command given neither --dialect nor HOOKRUN_DIALECT): the agent
// this workspace is configured for (README.md "Usage", `--dialect auto`). Each dialect
// says where its configuration is found (Dialect.configuredAt). The workspace's files count before the
// user's; when one level holds several agents' files, the registry's order decides (Gemini CLI, then
// Claude Code, then Kiro CLI, then Antigravity CLI); no configuration at all means the default dialect.
import fs from 'node:fs';
import type { Context } from '../pipeline/context.js';
import type { ConfiguredAt } from './dialect.js';
import { DEFAULT_DIALECT, DIALECT_NAMES, type DialectName } from './names.js';

export interface DetectedDialect {
  name: DialectName;
  /** The file or folder that decided it, or why none did. */
  because: string;
}

export async function detectDialect(ctx: Context): Promise<DetectedDialect> {
  const seen: { name: DialectName; user?: string }[] = [];
  for (const name of DIALECT_NAMES) {
    const at = (await configuredAtOf(name))(ctx);
    if (at.workspace !== undefined) return { name, because: at.workspace };
    seen.push({ name, user: at.user });
  }
  for (const { name, user } of seen) if (user !== undefined) return { name, because: user };
  return { name: DEFAULT_DIALECT, because: 'no agent configuration found' };
}

type ConfiguredAtModule = Promise<{ configuredAt: (ctx: Context) => ConfiguredAt }>;

/**
 * Each dialect's configured.ts (paths only, no settings reader): detection runs on every command given no
 * dialect, and loading every dialect to look for their files would cost each run more than its hooks do.
 * Qwen Code and VS Code decide by a setting inside the file, so theirs is the settings module itself.
 */
const CONFIGURED_AT: Readonly<Record<DialectName, () => ConfiguredAtModule>> = {
  gemini: () => import('./gemini/configured.js'),
  claude: () => import('./claude/configured.js'),
  kiro: () => import('./kiro/configured.js'),
  antigravity: () => import('./antigravity/configured.js'),
  codex: () => import('./codex/configured.js'),
  cursor: () => import('./cursor/configured.js'),
  copilot: () => import('./copilot/configured.js'),
  droid: () => import('./droid/configured.js'),
  auggie: () => import('./auggie/configured.js'),
  qwen: async () => ({ configuredAt: (await import('./qwen/settings.js')).qwenConfiguredAt }),
  vscode: async () => ({ configuredAt: (await import('./vscode/settings.js')).vscodeConfiguredAt }),
};

async function configuredAtOf(name: DialectName): Promise<(ctx: Context) => ConfiguredAt> {
  return (await CONFIGURED_AT[name]()).configuredAt;
}

/**
 * The first of these that exists. Not only files: a directory (or anything else) where a settings file
 * should be is a broken configuration, which validate and run must report, not an absent one.
 */
export function firstFile(files: readonly string[]): string | undefined {
  return files.find((file) => {
    try {
      fs.statSync(file);
      return true;
    } catch {
      return false;
    }
  });
}

/** The first of these folders with a `.json` file in it (Kiro's agent folders). */
export function firstFolderWithJson(folders: readonly string[]): string | undefined {
  return folders.find((folder) => {
    try {
      return fs.readdirSync(folder).some((entry) => entry.endsWith('.json'));
    } catch {
      return false;
    }
  });
}
