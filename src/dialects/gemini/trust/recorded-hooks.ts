// The panel's read-only view of Gemini CLI's project-hook fingerprints: which `name:command` keys
// trusted_hooks.json records for this workspace (read by dialects/gemini/trust/hooks.ts, the one reader of that file).
import type { Context } from '../../../pipeline/context.js';
import { formatLocation } from '../../../pipeline/errors.js';
import { hookKey, loadTrustedHooks, projectRootKey } from './hooks.js';

export { hookKey };

export interface RecordedHooks {
  file: string;
  /** Keys recorded for this project (its absolute root, as Gemini's config resolves it). */
  keys: Set<string>;
  /** Why the file was treated as empty, when it exists but cannot be used. */
  problem?: string;
}

export function readRecordedHooks(ctx: Context): RecordedHooks {
  const loaded = loadTrustedHooks(ctx);
  const recorded: RecordedHooks = { file: loaded.file, keys: new Set(loaded.projects[projectRootKey(ctx)] ?? []) };
  if (loaded.problem) {
    recorded.problem = `${loaded.file} cannot be used (${formatLocation(loaded.problem.location)}: ${loaded.problem.message}); Gemini CLI treats it as empty`;
  }
  return recorded;
}
