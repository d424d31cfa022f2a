// The settings files' writer and lock, as the settings editors (enable/disable, record, migrate) call
// them: the file-safety module is src/files/ (one atomic writer, both lock conventions, one timing).
import { writeFileAtomic as writeAtomic } from '../files/atomic.js';
import { type LockOptions, withSettingsLock } from '../files/lock.js';

export { resolveWriteTarget } from '../files/atomic.js';
export { LockTimeoutError, type LockOptions } from '../files/lock.js';

/**
 * Replaces `file` with `text` atomically: readers see the old or the new content, never a mix.
 * The file gets `mode` when given, else keeps its permission bits; a new one gets 0666 minus umask.
 * An existing file we may not write (read-only) is refused with a config error, left as it is.
 */
export async function writeFileAtomic(file: string, text: string | Uint8Array, mode?: number): Promise<void> {
  writeAtomic(file, text, { mode });
}

/** Runs `fn` while holding hookrun's settings lock on `file` (src/files/lock.ts). */
export function withFileLock<T>(file: string, fn: () => Promise<T> | T, options: LockOptions = {}): Promise<T> {
  return withSettingsLock(file, fn, options);
}
