// Writing a file the user owns without ever leaving it half-written or losing a concurrent edit:
// the new text goes to a temp file in the same directory, then replaces the file with one rename
// (atomic on POSIX); edits that read, change and write a file run under a lock file next to it.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { assertReplaceable } from './editable.js';

/** A symlinked file (a dotfile manager's link) is written through the link, so the link survives. */
export async function resolveWriteTarget(file: string): Promise<string> {
  const absolute = path.resolve(file);
  try {
    return await fs.realpath(absolute);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  try {
    const stat = await fs.lstat(absolute);
    if (stat.isSymbolicLink()) return path.resolve(path.dirname(absolute), await fs.readlink(absolute));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  return absolute;
}

/**
 * Replaces `file` with `text` atomically: readers see the old or the new content, never a mix.
 * The file gets `mode` when given, else keeps its permission bits; a new one gets 0666 minus umask.
 * An existing file we may not write (read-only) is refused with a config error, left as it is.
 */
export async function writeFileAtomic(file: string, text: string | Uint8Array, mode?: number): Promise<void> {
  const target = await resolveWriteTarget(file);
  // A read-only file is the user saying "do not change this": rename would replace it anyway.
  assertReplaceable(target, file);
  try {
    mode ??= (await fs.stat(target)).mode & 0o7777;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const temp = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await fs.open(temp, 'wx', mode ?? 0o666);
  try {
    try {
      await handle.writeFile(text);
      // open() applied the umask; an existing file's bits are restored exactly.
      if (mode !== undefined) await handle.chmod(mode);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temp, target);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
}

export interface LockOptions {
  /** Give up after this long (ms); default 10 s. */
  timeoutMs?: number;
  /** A lock whose owner cannot be checked (another host, unreadable) is stale after this long (ms); default 30 s. */
  staleMs?: number;
}

interface LockOwner {
  pid: number;
  host: string;
  token: string;
  since: string;
}

export class LockTimeoutError extends Error {
  constructor(readonly lockFile: string, owner: string) {
    super(`could not lock ${lockFile} (held by ${owner}); if no hookrun is running, delete that file`);
  }
}

/**
 * Runs `fn` while holding `<file>.lock` (created with O_EXCL, so one process at a time). Waiters
 * retry with growing, jittered delays. A lock left by a process that died is taken over. Read the
 * file inside `fn`: only what is read under the lock is safe to edit.
 */
export async function withFileLock<T>(file: string, fn: () => Promise<T> | T, options: LockOptions = {}): Promise<T> {
  const lockFile = `${await resolveWriteTarget(file)}.lock`;
  const owner: LockOwner = { pid: process.pid, host: os.hostname(), token: randomBytes(8).toString('hex'), since: new Date().toISOString() };
  await acquire(lockFile, owner, options.timeoutMs ?? 10_000, options.staleMs ?? 30_000);
  try {
    return await fn();
  } finally {
    await release(lockFile, owner);
  }
}

async function acquire(lockFile: string, owner: LockOwner, timeoutMs: number, staleMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let delay = 4;
  for (;;) {
    try {
      const handle = await fs.open(lockFile, 'wx');
      try {
        await handle.writeFile(JSON.stringify(owner));
      } finally {
        await handle.close();
      }
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = await readHolder(lockFile);
    if (holder === 'gone') continue;
    if (isStale(holder, staleMs)) {
      await breakLock(lockFile, holder.text);
      continue;
    }
    if (Date.now() >= deadline) throw new LockTimeoutError(lockFile, describeHolder(holder, staleMs));
    await new Promise((resolve) => setTimeout(resolve, delay * (0.5 + Math.random())));
    delay = Math.min(delay * 2, 100);
  }
}

interface Holder {
  text: string;
  owner?: LockOwner;
  ageMs: number;
}

async function readHolder(lockFile: string): Promise<Holder | 'gone'> {
  try {
    const [text, stat] = await Promise.all([fs.readFile(lockFile, 'utf8'), fs.stat(lockFile)]);
    const holder: Holder = { text, ageMs: Date.now() - stat.mtimeMs };
    try {
      const parsed = JSON.parse(text) as LockOwner;
      if (typeof parsed.pid === 'number' && typeof parsed.host === 'string') holder.owner = parsed;
    } catch {
      // Empty or partial: its creator is between open and write, or died there; age decides.
    }
    return holder;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'gone';
    throw error;
  }
}

/**
 * A lock whose owner names no process (empty, or not ours: written by hand, cut by a crash) is stale
 * after this long: its creator writes the owner right after creating it, so a live one is never empty
 * for more than a moment. Well inside the 10 s wait, so such a lock never makes a write give up.
 */
const OWNERLESS_STALE_MS = 5_000;

function isStale(holder: Holder, staleMs: number): boolean {
  if (holder.owner && holder.owner.host === os.hostname()) return !processAlive(holder.owner.pid);
  if (!holder.owner) return holder.ageMs > Math.min(staleMs, OWNERLESS_STALE_MS);
  return holder.ageMs > staleMs;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Moves the stale lock aside with rename (only one breaker can win that), then checks it moved the
 * lock it judged: if a new owner had taken the lock in between, the lock is put back with link(),
 * which, like O_EXCL, fails rather than overwrite a lock someone else created meanwhile.
 */
async function breakLock(lockFile: string, staleText: string): Promise<void> {
  const aside = `${lockFile}.${process.pid}.${randomBytes(4).toString('hex')}.stale`;
  try {
    await fs.rename(lockFile, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    const moved = await fs.readFile(aside, 'utf8');
    if (moved !== staleText) await fs.link(aside, lockFile).catch(() => undefined);
  } finally {
    await fs.rm(aside, { force: true });
  }
}

async function release(lockFile: string, owner: LockOwner): Promise<void> {
  const holder = await readHolder(lockFile);
  // Never delete a lock that is not ours (it can only be if ours was judged stale and taken over).
  if (holder !== 'gone' && holder.owner?.token === owner.token) await fs.rm(lockFile, { force: true });
}

function describeHolder(holder: Holder, staleMs: number): string {
  const owner = holder.owner;
  if (!owner) return `an unknown process for ${Math.round(holder.ageMs / 1000)} s`;
  // Only a lock from another host outlives the wait: its process cannot be checked from here.
  const later = owner.host === os.hostname() ? '' : `; hookrun takes a lock from another host over once it is ${Math.round(staleMs / 1000)} s old, so retry then`;
  return `process ${owner.pid} on ${owner.host} since ${owner.since}${later}`;
}
