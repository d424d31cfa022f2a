// Read-modify-write of a file another program also writes (Gemini CLI's trust files): under Gemini CLI's
// lock directory (./lock.ts), re-read right before the atomic replace (./atomic.ts), so that concurrent
// hookrun processes and Gemini CLI cannot lose each other's updates.
import fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from './atomic.js';
import { type LockOptions, withGeminiLockDir } from './lock.js';
import { readEditableSync } from './editable.js';

export interface UpdateOptions<T> {
  /** Parses the current text (undefined: the file does not exist). Throw a HookrunError to refuse. */
  parse: (text: string | undefined) => T;
  /** Returns the new text, or undefined to leave the file untouched. */
  change: (current: T, text: string | undefined) => string | undefined;
  /** A new file's mode; default 0600 (trust is private). */
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
  return withGeminiLockDir(
    file,
    () => {
      for (let round = 0; ; round++) {
        // Read to be rewritten: a file that is not UTF-8 is refused here, never decoded lossily.
        const before = readEditableSync(file);
        const next = options.change(options.parse(before), before);
        if (next === undefined || next === before) return 'unchanged';
        if (readEditableSync(file) !== before && round < 5) continue;
        writeFileAtomic(file, next, { newFileMode: options.newFileMode ?? 0o600, makeParents: true });
        return 'written';
      }
    },
    options.lock,
  );
}
