// The writing side of hookrun's folder record (trust/folders.ts): `hookrun trust --folder` sets or
// removes a rule in trustedFolders.json, Gemini CLI's file, which Gemini CLI reads as its own. A locked,
// atomic read-modify-write (src/files/update.ts); a file that cannot be parsed is never overwritten. Kept
// apart from the reader so that `run` loads none of this.
import { applyEdits, modify, parseTree } from 'jsonc-parser';
import type { Context } from '../pipeline/context.js';
import { configError, type HookrunError } from '../pipeline/errors.js';
import { removeJsoncChild } from '../files/edit.js';
import { updateFile } from '../files/update.js';
import { normalizeFolderKey, parseTrustedFolders, trustedFoldersPath, trustProblemLines, type TrustedFolders, type TrustLevel } from './folders.js';

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
