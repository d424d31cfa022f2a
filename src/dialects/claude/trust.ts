// Claude Code's own trust record (docs/safety.md "Trust in every dialect"): accepting its workspace trust
// dialog writes `projects["<absolute folder>"].hasTrustDialogAccepted: true` into its global config,
// `~/.claude.json` (`$CLAUDE_CONFIG_DIR/.claude.json` when that is set). Claude Code's docs describe the dialog,
// not the file; the key is what Claude Code writes, and a folder counts as accepted when it or one of
// its parents is, as Claude Code checks it. hookrun only reads the file, and an unreadable one vouches
// for nothing (hookrun's own record then decides).
import path from 'node:path';
import { homeDir, type Context } from '../../pipeline/context.js';
import { isPlainObject } from '../../files/jsonc.js';
import type { TrustDecision } from '../../pipeline/types.js';
import * as observed from '../../files/journal.js';
import { readInputFile } from '../../files/read-input.js';

/** Bigger than any real config (it holds per-project history, so it grows, but not to this). */
const MAX_CONFIG_BYTES = 64 * 1024 * 1024;

function claudeGlobalConfigPath(ctx: Context): string {
  return path.join(ctx.env.CLAUDE_CONFIG_DIR || homeDir(ctx), '.claude.json');
}

/** A trusted decision when Claude Code's record accepts ctx.cwd (or a parent), else undefined. */
export function claudeTrustRecord(ctx: Context): TrustDecision | undefined {
  const file = claudeGlobalConfigPath(ctx);
  let projects: Record<string, unknown>;
  try {
    const stat = observed.statOrThrow(file);
    if (!stat.isFile() || stat.size > MAX_CONFIG_BYTES) return undefined;
    const config: unknown = JSON.parse(readInputFile(file, 'utf8'));
    if (!isPlainObject(config) || !isPlainObject(config.projects)) return undefined;
    projects = config.projects;
  } catch {
    return undefined;
  }
  for (const start of new Set([path.resolve(ctx.cwd), realpathOr(ctx.cwd)])) {
    for (let dir = start; ; dir = path.dirname(dir)) {
      const project = Object.hasOwn(projects, dir) ? projects[dir] : undefined;
      if (isPlainObject(project) && project.hasTrustDialogAccepted === true) {
        return { trusted: true, by: 'agent', detail: `Claude Code's trust dialog was accepted for ${dir} (${file})` };
      }
      if (path.dirname(dir) === dir) break;
    }
  }
  return undefined;
}

function realpathOr(dir: string): string {
  try {
    return observed.realpath(dir);
  } catch {
    return path.resolve(dir);
  }
}
