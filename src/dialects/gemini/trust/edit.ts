// The writing side of trust: folder rules in trustedFolders.json, project-hook fingerprints in
// trusted_hooks.json and script hashes in hookrun's own file. Every change is a locked, atomic
// read-modify-write (atomic.ts); a file that cannot be parsed is never overwritten. Kept apart from the
// readers so that `run` loads none of this unless it has to record something.
import { applyEdits, modify, parseTree } from 'jsonc-parser';
import type { Context } from '../../../context.js';
import { configError, formatLocation, type HookrunError } from '../../../errors.js';
import { removeJsoncChild } from '../../../settings/edit.js';
import { updateFile } from '../../../files/update.js';
import {
  normalizeFolderKey,
  parseTrustedFolders,
  trustedFoldersPath,
  trustProblemLines,
  type TrustedFolders,
  type TrustFileProblem,
  type TrustLevel,
} from './folders.js';
import {
  parseTrustedHooks,
  parseTrustedScripts,
  projectRootKey,
  trustedHooksPath,
  trustedScriptsPath,
  type AssessedHook,
  type ScriptRecord,
} from './hooks.js';

export interface FolderTrustChange {
  file: string;
  key: string;
  /** The level the key had before (undefined: no rule). */
  previous?: TrustLevel;
  /** The level after (undefined: removed). */
  level?: TrustLevel;
  written: boolean;
}

/**
 * Sets (or, with level undefined, removes) the rule for `target` in trustedFolders.json: mode 0600 for a
 * new file, comments and formatting kept. Refuses to touch an invalid file: Gemini CLI would replace a
 * file it cannot parse with its own rule alone; hookrun never discards what it cannot read.
 */
export async function setFolderTrust(ctx: Context, target: string, level: TrustLevel | undefined): Promise<FolderTrustChange> {
  const file = trustedFoldersPath(ctx);
  const key = normalizeFolderKey(ctx, target);
  const change: FolderTrustChange = { file, key, written: false };
  if (level) change.level = level;
  const result = await updateFile(file, {
    parse: (text) => {
      const folders = parseTrustedFolders(text, file);
      if (folders.errors.length > 0) throw cannotUpdateFolders(folders);
      return folders;
    },
    change: (folders, text) => {
      const existing = folders.rules.filter((rule) => rule.path === key);
      const previous = existing[existing.length - 1]?.level;
      if (previous) change.previous = previous;
      else delete change.previous;
      if (existing.length <= 1 && previous === level) return undefined;
      const base = text === undefined || text.trim() === '' ? '{}' : text;
      if (level === undefined) return removeFolderKey(base, key);
      return applyEdits(base, modify(base, [key], level, { formattingOptions: { insertSpaces: true, tabSize: 2 } }));
    },
    newFileMode: 0o600,
  });
  change.written = result === 'written';
  return change;
}

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

function cannotUpdateFolders(folders: TrustedFolders): HookrunError {
  const lines = trustProblemLines(folders);
  return configError(
    `Cannot update trusted folders because the configuration file is invalid:\n${lines.join('\n')}\nPlease fix the file manually before trying to update it.`,
    folders.errors[0]!.location,
  );
}

/**
 * Removes every `key` property of the top-level object (a duplicated key included), keeping the
 * comments that belong to the other rules (a header above the first one survives): see
 * removeJsoncChild. jsonc-parser's modify(..., undefined) took such comments with it.
 */
function removeFolderKey(text: string, key: string): string {
  for (;;) {
    const root = parseTree(text);
    const keys = root?.type === 'object' ? (root.children ?? []).map((property) => property.children?.[0]?.value) : [];
    const index = keys.lastIndexOf(key);
    if (index < 0) return text;
    text = removeJsoncChild(text, root!, index);
  }
}
