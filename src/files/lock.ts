// The locks hookrun takes around a read-modify-write of a user's file. One waiting rule, two on-disk
// conventions, each named for what it serves:
// - the settings lock (settingsLock): `<real path>.lock`, a file created with O_EXCL holding its owner
//   (pid, host, token), for the settings files hookrun edits (enable/disable, record, migrate). Only
//   hookrun takes it; an owner on this host that died is seen at once by its pid.
// - Gemini CLI's lock directory (geminiLockDir): `<real path>.lock`, a directory made with mkdir, as
//   proper-lockfile (which Gemini CLI uses for trustedFolders.json) makes it, so that hookrun and
//   Gemini CLI exclude each other on the trust files.
//
// The timing is the constants below and nothing else. A holder refreshes its lock's mtime every half stale
// period while it holds it. A lock whose holder cannot be checked is stale, and broken, once its mtime is
// older than its stale period: Gemini CLI's directory after LOCK_STALE_MS (10 s, proper-lockfile's); a
// settings lock that names no process (empty: its creator died between open and write, or the disk was
// full) after ORPHAN_STALE_MS (5 s); one naming a process on another host after FOREIGN_STALE_MS (30 s). A
// waiter gives up after its wait, longer than the stale period of every lock it could not check but a
// foreign one (docs/safety.md: 10 s for the settings lock, 15 s for the directory), so a lock left by a
// holder that died on this host is always broken before anyone gives up on it.
import fs from 'node:fs';
import os from 'node:os';
import { configError, HookrunError } from '../pipeline/errors.js';
import { randomHex, resolveWriteTarget } from './atomic.js';

/** A lock directory not refreshed for this long (ms) is its dead holder's leftover (proper-lockfile's default, which Gemini CLI keeps). */
export const LOCK_STALE_MS = 10_000;
/** How much longer (ms) than the stale period a writer waits for Gemini CLI's lock directory before it gives up. */
const LOCK_WAIT_MARGIN_MS = 5_000;
/** How long (ms) a writer waits for Gemini CLI's lock directory by default. */
export const LOCK_WAIT_MS = LOCK_STALE_MS + LOCK_WAIT_MARGIN_MS;
/** A settings lock that names no process is stale once this old (ms). */
export const ORPHAN_STALE_MS = 5_000;
/** One naming a process on another host, which cannot be checked, is stale this many times later (30 s). */
const FOREIGN_FACTOR = 6;
export const FOREIGN_STALE_MS = ORPHAN_STALE_MS * FOREIGN_FACTOR;
/** How long (ms) a writer waits for a settings lock by default: past the orphan period, short of the foreign one. */
export const SETTINGS_LOCK_WAIT_MS = 10_000;

export interface LockOptions {
  /** Give up after this long (ms); default the convention's wait (SETTINGS_LOCK_WAIT_MS, LOCK_WAIT_MS). */
  timeoutMs?: number;
  /**
   * A lock whose holder cannot be checked is stale after this long (ms): a lock directory, or a settings
   * lock naming no process (one naming another host: FOREIGN_FACTOR times this). Default the convention's.
   */
  staleMs?: number;
}

/** Could not take a lock in time: names the lock and, when known, who holds it. */
export class LockTimeoutError extends HookrunError {
  constructor(
    readonly lockFile: string,
    message: string,
  ) {
    super('config', message);
  }
}

/** How one convention takes, judges, refreshes and releases its lock. */
interface Convention {
  defaultStaleMs: number;
  defaultWaitMs: number;
  /** Creates the lock, false when it exists; other errors are thrown. */
  create(lock: string, token: string, file: string): boolean;
  /** Whether the existing lock's holder is gone (undefined: the lock vanished meanwhile). */
  stale(lock: string, staleMs: number): boolean | undefined;
  /** Removes a lock judged stale, unless it changed hands meanwhile. */
  breakStale(lock: string, staleMs: number): void;
  release(lock: string, token: string): void;
  timeout(file: string, lock: string): LockTimeoutError;
}

async function withLock<T>(convention: Convention, file: string, work: () => T | Promise<T>, options: LockOptions): Promise<T> {
  const lock = lockPathFor(file);
  const staleMs = options.staleMs ?? convention.defaultStaleMs;
  const deadline = Date.now() + (options.timeoutMs ?? (options.staleMs === undefined ? convention.defaultWaitMs : staleMs + LOCK_WAIT_MARGIN_MS));
  const token = randomHex(8);
  for (let attempt = 0; ; attempt++) {
    if (convention.create(lock, token, file)) break;
    const stale = convention.stale(lock, staleMs);
    if (stale === undefined) continue;
    if (stale) {
      convention.breakStale(lock, staleMs);
      continue;
    }
    if (Date.now() >= deadline) throw convention.timeout(file, lock);
    // Short, jittered waits: holders keep a lock for milliseconds, and jitter spreads the retries.
    await sleep(Math.min(5 + attempt * 5, 100) * (0.5 + Math.random()));
  }
  // Fresh for as long as it is held, so a slow holder is never taken for a dead one.
  const refresh = setInterval(() => touch(lock), Math.max(staleMs / 2, 50));
  refresh.unref();
  try {
    return await work();
  } finally {
    clearInterval(refresh);
    convention.release(lock, token);
  }
}

// --- hookrun's settings lock ----------------------------------------------------------------------

interface LockOwner {
  pid: number;
  host: string;
  token: string;
  since: string;
}

interface Holder {
  text: string;
  owner?: LockOwner;
  ageMs: number;
}

function readHolder(lock: string): Holder | undefined {
  try {
    const text = fs.readFileSync(lock, 'utf8');
    const holder: Holder = { text, ageMs: Date.now() - fs.statSync(lock).mtimeMs };
    try {
      const parsed = JSON.parse(text) as LockOwner;
      if (typeof parsed.pid === 'number' && typeof parsed.host === 'string') holder.owner = parsed;
    } catch {
      // Empty or partial: its creator is between open and write, or died there; age decides.
    }
    return holder;
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return undefined;
    throw error;
  }
}

/** Dead on this host: stale at once; on another host: after FOREIGN_FACTOR × staleMs; naming no process: after staleMs. */
function holderIsStale(holder: Holder, staleMs: number): boolean {
  if (holder.owner && holder.owner.host === os.hostname()) return !processAlive(holder.owner.pid);
  return holder.ageMs > (holder.owner ? staleMs * FOREIGN_FACTOR : staleMs);
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errnoCode(error) === 'EPERM';
  }
}

function describeHolder(holder: Holder | undefined): string {
  const owner = holder?.owner;
  if (owner && owner.host !== os.hostname()) {
    return `process ${owner.pid} on ${owner.host} since ${owner.since}, which this host cannot check; it is taken over once not refreshed for ${FOREIGN_STALE_MS / 1000} s`;
  }
  if (owner) return `process ${owner.pid} on ${owner.host} since ${owner.since}`;
  return `an unknown process for ${Math.round((holder?.ageMs ?? 0) / 1000)} s`;
}

const settingsConvention: Convention = {
  defaultStaleMs: ORPHAN_STALE_MS,
  defaultWaitMs: SETTINGS_LOCK_WAIT_MS,
  create(lock, token) {
    let fd: number;
    try {
      fd = fs.openSync(lock, 'wx');
    } catch (error) {
      if (errnoCode(error) === 'EEXIST') return false;
      throw error;
    }
    try {
      fs.writeFileSync(fd, JSON.stringify({ pid: process.pid, host: os.hostname(), token, since: new Date().toISOString() } satisfies LockOwner));
    } catch (error) {
      // A full disk (ENOSPC) leaves the file empty: ours, so removed at once rather than left to go stale.
      fs.closeSync(fd);
      fs.rmSync(lock, { force: true });
      throw error;
    }
    fs.closeSync(fd);
    return true;
  },
  stale(lock, staleMs) {
    const holder = readHolder(lock);
    return holder && holderIsStale(holder, staleMs);
  },
  /**
   * Moves the stale lock aside with rename (only one breaker can win that), then checks it moved the
   * lock it judged: if a new owner had taken the lock in between, the lock is put back with link(),
   * which, like O_EXCL, fails rather than overwrite a lock someone else created meanwhile.
   */
  breakStale(lock, staleMs) {
    const judged = readHolder(lock);
    if (!judged || !holderIsStale(judged, staleMs)) return;
    const aside = `${lock}.${process.pid}.${randomHex(4)}.stale`;
    try {
      fs.renameSync(lock, aside);
    } catch (error) {
      if (errnoCode(error) === 'ENOENT') return;
      throw error;
    }
    try {
      if (fs.readFileSync(aside, 'utf8') !== judged.text) {
        try {
          fs.linkSync(aside, lock);
        } catch {
          // Someone created a new lock meanwhile: theirs stands.
        }
      }
    } finally {
      fs.rmSync(aside, { force: true });
    }
  },
  release(lock, token) {
    // Never delete a lock that is not ours (it can only be if ours was judged stale and taken over).
    if (readHolder(lock)?.owner?.token === token) fs.rmSync(lock, { force: true });
  },
  timeout(_file, lock) {
    return new LockTimeoutError(lock, `could not lock ${lock} (held by ${describeHolder(readHolder(lock))}); if no hookrun is running, delete that file`);
  },
};

/** Runs `work` while holding hookrun's settings lock on `file`. Read the file inside `work`: only what is read under the lock is safe to edit. */
export function withSettingsLock<T>(file: string, work: () => T | Promise<T>, options: LockOptions = {}): Promise<T> {
  return withLock(settingsConvention, file, work, options);
}

// --- Gemini CLI's lock directory (proper-lockfile) ------------------------------------------------

function dirIsStale(lock: string, staleMs: number): boolean | undefined {
  try {
    return fs.statSync(lock).mtimeMs < Date.now() - staleMs;
  } catch {
    return undefined; // gone meanwhile: just retry
  }
}

const geminiDirConvention: Convention = {
  defaultStaleMs: LOCK_STALE_MS,
  defaultWaitMs: LOCK_WAIT_MS,
  create(lock, _token, file) {
    try {
      fs.mkdirSync(lock);
      return true;
    } catch (error) {
      if (errnoCode(error) === 'EEXIST') return false;
      throw configError(`cannot lock ${file} (creating ${lock}): ${errorMessage(error)}`);
    }
  },
  stale: dirIsStale,
  /** Re-checks right before removing, which narrows (as proper-lockfile does) the window where two breakers race. */
  breakStale(lock, staleMs) {
    if (!dirIsStale(lock, staleMs)) return;
    try {
      fs.rmdirSync(lock);
    } catch {
      // Removed or refreshed by someone else meanwhile: the next mkdir decides.
    }
  },
  release(lock) {
    try {
      fs.rmdirSync(lock);
    } catch {
      // Already removed (broken as stale by someone else): nothing left to release.
    }
  },
  timeout(file, lock) {
    return new LockTimeoutError(lock, `cannot update ${file}: it is locked by another process (${lock}). If no hookrun or Gemini CLI is running, remove that directory and retry.`);
  },
};

/** Runs `work` while holding Gemini CLI's lock directory on `file` (trustedFolders.json and the other trust files). */
export function withGeminiLockDir<T>(file: string, work: () => T | Promise<T>, options: LockOptions = {}): Promise<T> {
  return withLock(geminiDirConvention, file, work, options);
}

/** The lock `file` is guarded by (either convention): `<real path>.lock`. */
export function lockPathFor(file: string): string {
  return `${resolveWriteTarget(file)}.lock`;
}

function touch(lock: string): void {
  const now = new Date();
  try {
    fs.utimesSync(lock, now, now);
  } catch {
    // The lock vanished (broken as stale); the holder's own checks still guard the write.
  }
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
