// Replacing a file a user owns without ever leaving it half-written: the new text goes to a temp file
// in the same directory (same file system), is fsynced, then renamed over the file (atomic on POSIX),
// so readers see the old content or the new, never a mix. The one writer for settings, trust and
// migrate; the locks around read-modify-writes are in ./lock.ts.
import fs from 'node:fs';
import { readInputFile } from './read-input.js';
import path from 'node:path';
import { configError } from '../pipeline/errors.js';
import { assertReplaceable } from './editable.js';

/** A symlinked file (a dotfile manager's link) is written through the link, so the link survives, even when its target does not exist yet. */
export function resolveWriteTarget(file: string): string {
  const absolute = path.resolve(file);
  try {
    return fs.realpathSync(absolute);
  } catch (error) {
    if (errnoCode(error) !== 'ENOENT') throw error;
  }
  try {
    if (fs.lstatSync(absolute).isSymbolicLink()) return path.resolve(path.dirname(absolute), fs.readlinkSync(absolute));
  } catch (error) {
    if (errnoCode(error) !== 'ENOENT') throw error;
  }
  return absolute;
}

export interface AtomicWriteOptions {
  /** The file's mode; default: an existing file keeps its permission bits, a new one gets `newFileMode`. */
  mode?: number;
  /** A new file's mode, set exactly (the umask does not apply); default 0666 minus the umask. */
  newFileMode?: number;
  /** Create missing parent directories (the trust files' ~/.gemini); default false: a missing directory is an error. */
  makeParents?: boolean;
}

/**
 * Replaces `file` with `text` atomically. An existing file we may not write (read-only) is refused
 * with a config error and left as it is; any other failure is a config error naming the file, and
 * leaves the old file and no temp file.
 */
export function writeFileAtomic(file: string, text: string | Uint8Array, options: AtomicWriteOptions = {}): void {
  let target: string;
  let mode = options.mode;
  try {
    target = resolveWriteTarget(file);
    try {
      mode ??= fs.statSync(target).mode & 0o7777;
    } catch (error) {
      if (errnoCode(error) !== 'ENOENT') throw error;
      if (options.makeParents) fs.mkdirSync(path.dirname(target), { recursive: true });
    }
  } catch (error) {
    throw configError(`cannot write ${file}: ${errorMessage(error)}`);
  }
  // A read-only file is the user saying "do not change this": rename would replace it anyway.
  assertReplaceable(target, file);
  mode ??= options.newFileMode ?? 0o666 & ~process.umask();
  const temp = path.join(path.dirname(target), `.${path.basename(target)}.tmp.${process.pid}.${randomHex(6)}.tmp`);
  try {
    const fd = fs.openSync(temp, 'wx', mode);
    try {
      fs.writeFileSync(fd, text);
      // open() applied the umask; the mode is set exactly.
      fs.fchmodSync(fd, mode);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temp, target);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw configError(`cannot write ${file}: ${errorMessage(error)}`);
  }
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

function errnoCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** node:crypto is loaded when a lock is taken or a file written, not on every run (~10 ms to load; docs/perf.md). */
export function randomHex(bytes: number): string {
  return process.getBuiltinModule('node:crypto').randomBytes(bytes).toString('hex');
}
