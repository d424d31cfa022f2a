// Writing the trust files without ever losing them: every write is atomic (src/files/atomic.ts), and
// every read-modify-write runs under Gemini CLI's lock directory (proper-lockfile's convention, which
// Gemini CLI uses for trustedFolders.json; src/files/lock.ts), so concurrent hookrun processes and
// Gemini CLI cannot lose each other's updates.
import fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomic as writeAtomic } from '../files/atomic.js';
import { type LockOptions, withGeminiLockDir } from '../files/lock.js';
import { readEditableSync } from '../settings/editable.js';

export { readIfExists } from '../files/atomic.js';
export { LOCK_STALE_MS, LOCK_WAIT_MS as LOCK_TIMEOUT_MS, lockPathFor, type LockOptions } from '../files/lock.js';

/** Runs `work` while holding Gemini CLI's lock directory on `file`. */
export function withFileLock<T>(file: string, work: () => T | Promise<T>, options: LockOptions = {}): Promise<T> {
  return withGeminiLockDir(file, work, options);
}

/** Replaces a trust file atomically, creating ~/.gemini when needed; a new file gets `newFileMode` (0600: trust is private). */
export function writeFileAtomic(file: string, text: string, newFileMode = 0o600): void {
  writeAtomic(file, text, { newFileMode, makeParents: true });
}

export interface UpdateOptions<T> {
  /** Parses the current text (undefined: the file does not exist). Throw a HookrunError to refuse. */
  parse: (text: string | undefined) => T;
  /** Returns the new text, or undefined to leave the file untouched. */
  change: (current: T, text: string | undefined) => string | undefined;
  newFileMode?: number;
  lock?: LockOptions;
}

export type UpdateResult = 'written' | 'unchanged';

/**
 * Read-modify-write under the lock. The text is re-read right before the rename: if something that does
 * not take our lock (Gemini CLI writing trusted_hooks.json) changed the file meanwhile, the update is
 * recomputed from the new content instead of overwriting it.
 */
export async function updateFile<T>(file: string, options: UpdateOptions<T>): Promise<UpdateResult> {
  const dir = path.dirname(path.resolve(file));
  if (!fs.existsSync(dir)) {
    // Nothing to lock yet; create the directory only when there is something to write.
    if (options.change(options.parse(undefined), undefined) === undefined) return 'unchanged';
    fs.mkdirSync(dir, { recursive: true });
  }
  return withFileLock(
    file,
    () => {
      for (let round = 0; ; round++) {
        // Read to be rewritten: a file that is not UTF-8 is refused here, never decoded lossily.
        const before = readEditableSync(file);
        const next = options.change(options.parse(before), before);
        if (next === undefined || next === before) return 'unchanged';
        if (readEditableSync(file) !== before && round < 5) continue;
        writeFileAtomic(file, next, options.newFileMode);
        return 'written';
      }
    },
    options.lock,
  );
}
