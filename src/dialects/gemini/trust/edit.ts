// The writing side of Gemini CLI's project-hook fingerprints: trusted_hooks.json, and the script hashes
// in hookrun's own file beside it (the folder rules of trustedFolders.json, hookrun's record for every
// dialect, are written by src/trust/folders-edit.ts). Every change is a locked, atomic
// read-modify-write (src/files/update.ts); a file that cannot be parsed is never overwritten. Kept apart from the
// readers so that `run` loads none of this unless it has to record something.
import type { Context } from '../../../pipeline/context.js';
import { configError, formatLocation } from '../../../pipeline/errors.js';
import { updateFile } from '../../../files/update.js';
import type { TrustFileProblem } from '../../../trust/folders.js';
import { parseTrustedHooks, parseTrustedScripts, projectRootKey, trustedHooksPath, trustedScriptsPath, type AssessedHook, type ScriptRecord } from './hooks.js';

export interface HookRecordChange {
  projectRoot: string;
  hooksFile: string;
  scriptsFile: string;
  /** Keys added to trusted_hooks.json for the project. */
  added: string[];
  /** Scripts whose hash was recorded. */
  scripts: ScriptRecord[];
  written: boolean;
}

/**
 * Records every given project hook as trusted, the way Gemini CLI's trustHooks does (the project's keys
 * become the union of the recorded and the current ones), plus the hash of each hook's script.
 * trusted_hooks.json stays in Gemini CLI's own format: an object of arrays, 2-space indented.
 */
export async function recordProjectHooks(ctx: Context, hooks: readonly AssessedHook[]): Promise<HookRecordChange> {
  const projectRoot = projectRootKey(ctx);
  const hooksFile = trustedHooksPath(ctx);
  const scriptsFile = trustedScriptsPath(ctx);
  const change: HookRecordChange = { projectRoot, hooksFile, scriptsFile, added: [], scripts: [], written: false };
  const keys = [...new Set(hooks.map((hook) => hook.key))];
  const hooksResult = await updateFile(hooksFile, {
    parse: (text) => usable(parseTrustedHooks(text, hooksFile)),
    change: (parsed) => {
      const current = parsed.projects[projectRoot] ?? [];
      change.added = keys.filter((key) => !current.includes(key));
      if (change.added.length === 0) return undefined;
      return JSON.stringify({ ...parsed.projects, [projectRoot]: [...current, ...change.added] }, null, 2);
    },
  });
  const records = new Map<string, ScriptRecord>();
  for (const hook of hooks) {
    const record: ScriptRecord = {
      ...(hook.script && hook.sha256 ? { path: hook.script, sha256: hook.sha256 } : {}),
      ...(hook.keyOmitsCommand && hook.command !== undefined ? { command: hook.command } : {}),
    };
    if (Object.keys(record).length > 0) records.set(hook.key, record);
  }
  const scriptsResult = await updateFile(scriptsFile, {
    parse: (text) => usable(parseTrustedScripts(text, scriptsFile)),
    change: (parsed) => {
      const before = parsed.projects[projectRoot] ?? {};
      const after = { ...before };
      // A hook that runs no script (any more) keeps no stale hash that could flag it later.
      for (const key of keys) delete after[key];
      for (const [key, record] of records) after[key] = record;
      if (JSON.stringify(after) === JSON.stringify(before)) return undefined;
      const projects = { ...parsed.projects, [projectRoot]: after };
      if (Object.keys(after).length === 0) delete projects[projectRoot];
      return JSON.stringify(projects, null, 2);
    },
  });
  change.scripts = [...records.values()];
  change.written = hooksResult === 'written' || scriptsResult === 'written';
  return change;
}

export interface HookRevokeChange {
  projectRoot: string;
  hooksFile: string;
  /** The keys that were recorded for the project and are now forgotten. */
  removed: string[];
  written: boolean;
}

/** Forgets every fingerprint (and script hash) recorded for the project. */
export async function revokeProjectHooks(ctx: Context): Promise<HookRevokeChange> {
  const projectRoot = projectRootKey(ctx);
  const hooksFile = trustedHooksPath(ctx);
  const scriptsFile = trustedScriptsPath(ctx);
  const change: HookRevokeChange = { projectRoot, hooksFile, removed: [], written: false };
  const hooksResult = await updateFile(hooksFile, {
    parse: (text) => (text === undefined ? undefined : usable(parseTrustedHooks(text, hooksFile))),
    change: (parsed) => {
      if (!parsed || !Object.hasOwn(parsed.projects, projectRoot)) return undefined;
      change.removed = parsed.projects[projectRoot] ?? [];
      const { [projectRoot]: _gone, ...rest } = parsed.projects;
      return JSON.stringify(rest, null, 2);
    },
  });
  const scriptsResult = await updateFile(scriptsFile, {
    parse: (text) => (text === undefined ? undefined : usable(parseTrustedScripts(text, scriptsFile))),
    change: (parsed) => {
      if (!parsed || !Object.hasOwn(parsed.projects, projectRoot)) return undefined;
      const { [projectRoot]: _gone, ...rest } = parsed.projects;
      return JSON.stringify(rest, null, 2);
    },
  });
  change.written = hooksResult === 'written' || scriptsResult === 'written';
  return change;
}

function usable<T extends { file: string; problem?: TrustFileProblem }>(parsed: T): T {
  if (parsed.problem) {
    throw configError(
      `Cannot update ${parsed.file} because it is invalid: ${formatLocation(parsed.problem.location)}: ${parsed.problem.message}\nPlease fix the file manually (or remove it) before trying to update it.`,
      parsed.problem.location,
    );
  }
  return parsed;
}
