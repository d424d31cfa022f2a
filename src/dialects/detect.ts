// `--dialect auto`: the agent this workspace is configured for (README.md "Usage", `--dialect auto`). Each dialect
// says where its configuration is found (Dialect.configuredAt). The workspace's files count before the
// user's; when one level holds several agents' files, the registry's order decides (Gemini CLI, then
// Claude Code, then Kiro CLI, then Antigravity CLI); no configuration at all means the default dialect.
import fs from 'node:fs';
import type { Context } from '../pipeline/context.js';
import { DEFAULT_DIALECT, DIALECT_NAMES, getDialect, type DialectName } from './index.js';

export interface DetectedDialect {
  name: DialectName;
  /** The file or folder that decided it, or why none did. */
  because: string;
}

export async function detectDialect(ctx: Context): Promise<DetectedDialect> {
  const found = await Promise.all(DIALECT_NAMES.map(async (name) => ({ name, at: (await getDialect(name)).configuredAt(ctx) })));
  for (const level of ['workspace', 'user'] as const) {
    for (const { name, at } of found) {
      const because = at[level];
      if (because !== undefined) return { name, because };
    }
  }
  return { name: DEFAULT_DIALECT, because: 'no agent configuration found' };
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
