// Writing the trust files without ever losing them: every write goes to a temp file in the same
// directory, is fsynced, then renamed over the original (readers see the old file or the new one,
// never half of one), and every read-modify-write runs under a lock so concurrent hookrun processes
// (and Gemini CLI, which locks trustedFolders.json the same way) cannot lose each other's updates.
//
// The lock is proper-lockfile's convention, which Gemini CLI uses for trustedFolders.json: a directory
// `<realpath of file>.lock` created with mkdir (atomic), its mtime refreshed while held, and treated as
// stale (its holder died) once that mtime is older than 10 s.
import fs from 'node:fs';
import path from 'node:path';
import { configError, HookrunError } from '../errors.js';
import { assertReplaceable, readEditableSync } from '../settings/editable.js';
import { readInputFile } from '../read-input.js';

export const LOCK_STALE_MS = 10_000;
/** Longer than the stale period, so a lock left by a crashed holder is always broken before we give up. */
export const LOCK_TIMEOUT_MS = 15_000;

export interface LockOptions {
  staleMs?: number;
  timeoutMs?: number;
}

/** The lock directory for `file`: next to the file's real path, as proper-lockfile names it. */
export function lockPathFor(file: string): string {
  let real = path.resolve(file);
  try {
    real = fs.realpathSync(real);
  } catch {
    // Not there yet: lock next to the path as written.
  }
  return `${real}.lock`;
}

/** Runs `work` while holding the lock on `file`. */
export async function withFileLock<T>(file: string, work: () => T | Promise<T>, options: LockOptions = {}): Promise<T> {
  const lock = lockPathFor(file);
  const staleMs = options.staleMs ?? LOCK_STALE_MS;
  const deadline = Date.now() + (options.timeoutMs ?? LOCK_TIMEOUT_MS);
  for (let attempt = 0; ; attempt++) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (error) {
      if (errnoCode(error) !== 'EEXIST') throw lockError(file, lock, error);
    }
    if (isStale(lock, staleMs)) {
      removeStaleLock(lock, staleMs);
      continue;
    }
    if (Date.now() >= deadline) {
      throw configError(
        `cannot update ${file}: it is locked by another process (${lock}). If no hookrun or Gemini CLI is running, remove that directory and retry.`,
      );
    }
    // Short, jittered waits: holders keep the lock for milliseconds, and jitter spreads the retries.
    await sleep(Math.min(5 + attempt * 5, 100) * (0.5 + Math.random()));
  }
  // Keep the lock fresh for as long as we hold it, so a slow holder is never mistaken for a dead one.
  const refresh = setInterval(() => touch(lock), Math.max(staleMs / 2, 50));
  refresh.unref();
  try {
    return await work();
  } finally {
    clearInterval(refresh);
    try {
      fs.rmdirSync(lock);
    } catch {
      // Already removed (broken as stale by someone else): nothing left to release.
    }
  }
}

function isStale(lock: string, staleMs: number): boolean {
  try {
    return fs.statSync(lock).mtimeMs < Date.now() - staleMs;
  } catch {
    return false; // gone meanwhile: just retry
  }
}

/** Re-checks right before removing, which narrows (as proper-lockfile does) the window where two breakers race. */
function removeStaleLock(lock: string, staleMs: number): void {
  if (!isStale(lock, staleMs)) return;
  try {
    fs.rmdirSync(lock);
  } catch {
    // Removed or refreshed by someone else meanwhile: the next mkdir decides.
  }
}

function touch(lock: string): void {
  const now = new Date();
  try {
    fs.utimesSync(lock, now, now);
  } catch {
    // The lock vanished (broken as stale); the compare-before-rename check still guards the write.
  }
}

/**
 * Replaces `file` with `text` atomically: temp file beside it (same file system, so rename is atomic),
 * fsync, rename. The file keeps its permission bits; a new file gets `newFileMode`. A symlinked file is
 * written through (its target is replaced, the link stays).
 */
export function writeFileAtomic(file: string, text: string, newFileMode = 0o600): void {
  let target = path.resolve(file);
  let mode = newFileMode;
  try {
    target = fs.realpathSync(target);
    mode = fs.statSync(target).mode & 0o777;
  } catch {
    try {
      fs.mkdirSync(path.dirname(target), { recursive: true });
    } catch (error) {
      throw configError(`cannot write ${file}: ${errorMessage(error)}`);
    }
  }
  // Rename replaces even a read-only file: refuse first, the file stays as it is.
  assertReplaceable(target, file);
  // node:crypto is loaded here, when a file is written, not on every run (~10 ms to load).
  const temp = `${target}.tmp.${process.getBuiltinModule('node:crypto').randomUUID()}`;
  try {
    const fd = fs.openSync(temp, 'wx', mode);
    try {
      fs.writeFileSync(fd, text);
      // The umask narrows the mode given to open; set it exactly.
      fs.fchmodSync(fd, mode);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temp, target);
  } catch (error) {
    try {
      fs.unlinkSync(temp);
    } catch {
      // Never created, or already renamed.
    }
    throw configError(`cannot write ${file}: ${errorMessage(error)}`);
  }
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

/**
 * The file's text for reading (undefined: it does not exist), decoded as Gemini CLI decodes it: a byte
 * that is not UTF-8 becomes U+FFFD and the file still counts. Editing reads with readEditableSync.
 */
export function readIfExists(file: string): string | undefined {
  try {
    return readInputFile(file, 'utf8');
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return undefined;
    throw configError(`cannot read ${file}: ${errorMessage(error)}`);
  }
}

function lockError(file: string, lock: string, error: unknown): HookrunError {
  if (error instanceof HookrunError) return error;
  return configError(`cannot lock ${file} (creating ${lock}): ${errorMessage(error)}`);
}

function errnoCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
