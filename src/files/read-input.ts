// Every file hookrun reads as input (settings, hooks files, .env, trust records, fixtures, event files,
// agent files) goes through here: opened without blocking, checked to be a regular file, read up to a
// size limit. A FIFO left in a repository would otherwise hang hookrun on open, and a symlink to
// /dev/zero would grow it until it aborts (docs/safety.md "Hostile inputs").
import fs from 'node:fs';
import { configError, HookrunError } from '../pipeline/errors.js';
import { parseJsonc, type JsoncDocument } from './jsonc.js';
import type { Diagnostic, RegistryEntry } from '../pipeline/types.js';
import { attempt, noteNotOpened, noteOpened, statOrThrow } from './journal.js';

/** 64 MiB: far above any real settings file or event (100,000 hooks are ~10 MiB), far below trouble. */
const DEFAULT_INPUT_LIMIT = 64 * 1024 * 1024;

/** How the limit is raised, for every message that names it. */
const INPUT_LIMIT_HINT = 'raise it with --max-input <bytes> or HOOKRUN_MAX_INPUT=<bytes>';

let limit = DEFAULT_INPUT_LIMIT;

/** The limit for this process: `--max-input`, else `HOOKRUN_MAX_INPUT`, else the default (set once by the CLI edge). */
export function setInputLimit(bytes: number): void {
  limit = bytes;
}

export function inputLimit(): number {
  return limit;
}

/** A number of bytes as people read it (64 MiB, 1000 bytes). */
function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

/**
 * A file refused before or while reading: not a regular file, or past the limit. It has no errno `code`
 * on purpose: readers report `code ?? message` for fs errors, and the message says what and how to fix it.
 */
export class UnsafeInputError extends Error {
  override readonly name = 'UnsafeInputError';
  constructor(
    readonly reason: 'not-regular' | 'too-large',
    message: string,
  ) {
    super(message);
  }
}

export const tooLarge = (what: string, max = limit): UnsafeInputError =>
  new UnsafeInputError('too-large', `${what} is larger than hookrun's input limit of ${formatBytes(max)}; ${INPUT_LIMIT_HINT}`);

function kindOf(stat: fs.Stats): string {
  if (stat.isFIFO()) return 'a FIFO';
  if (stat.isCharacterDevice()) return 'a character device';
  if (stat.isBlockDevice()) return 'a block device';
  if (stat.isSocket()) return 'a socket';
  if (stat.isDirectory()) return 'a directory';
  return 'not a regular file';
}

const notRegular = (file: string, stat: fs.Stats): UnsafeInputError =>
  new UnsafeInputError(
    'not-regular',
    `${file} is ${kindOf(stat)}, not a regular file; hookrun reads only regular files (or standard input, as -), so a FIFO or device cannot hang or exhaust it`,
  );

// O_NONBLOCK: opening a FIFO for reading otherwise waits for a writer, forever. Regular files ignore it.
const OPEN_FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0);

/** Reads a regular file whole, bounded; throws fs errors as fs does (ENOENT…), and {@link UnsafeInputError}. */
export function readInputFile(file: string): Buffer;
export function readInputFile(file: string, encoding: 'utf8'): string;
export function readInputFile(file: string, encoding?: 'utf8'): Buffer | string {
  let fd: number;
  try {
    fd = fs.openSync(file, OPEN_FLAGS);
  } catch (error) {
    noteNotOpened(file, error);
    throw error;
  }
  try {
    const stat = attempt(file, () => fs.fstatSync(fd));
    noteOpened(file, stat);
    // A directory opens on Linux; reading it is EISDIR, as fs.readFileSync reports it.
    if (stat.isDirectory()) throw Object.assign(new Error(`EISDIR: illegal operation on a directory, read '${file}'`), { code: 'EISDIR' });
    if (!stat.isFile()) throw notRegular(file, stat);
    const max = limit;
    if (stat.size > max) throw tooLarge(file, max);
    // The size can change under us (a file still being written): read to the end, never past the limit.
    const chunks: Buffer[] = [];
    let total = 0;
    const buffer = Buffer.allocUnsafe(Math.min(Math.max(stat.size + 1, 4096), max + 1));
    for (;;) {
      const count = attempt(file, () => fs.readSync(fd, buffer, 0, buffer.length, null));
      if (count === 0) break;
      total += count;
      if (total > max) throw tooLarge(file, max);
      chunks.push(Buffer.from(buffer.subarray(0, count)));
    }
    const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total);
    return encoding ? bytes.toString('utf8') : bytes;
  } finally {
    fs.closeSync(fd);
  }
}

/** {@link readInputFile}, as a promise (for the async readers; the read itself is small and bounded). */
export async function readInputFileAsync(file: string): Promise<string> {
  return readInputFile(file, 'utf8');
}

/** hookrun's cap on one agent hook file (hooks.json and the like): far above any real one. */
const HOOK_FILE_LIMIT = 4 * 1024 * 1024;

/** A hook file read for a loader: absent, its text, or why it cannot be read (at the file's 0:0). */
export type HookFileText = { exists: false } | { exists: true; text: string } | { exists: true; error: HookrunError };

/**
 * One agent hook file, the way the loaders of Antigravity, Cursor and Copilot read theirs: a missing file
 * is no file; a directory, a device or a file over {@link HOOK_FILE_LIMIT} is an error naming it.
 */
function readHookFile(file: string): HookFileText {
  const at = { file, line: 0, column: 0, path: [] };
  let stat: fs.Stats;
  try {
    stat = statOrThrow(file);
  } catch {
    return { exists: false };
  }
  if (!stat.isFile()) return { exists: true, error: configError(`${file} is not a regular file; hookrun reads only regular hook files`, at) };
  if (stat.size > HOOK_FILE_LIMIT) return { exists: true, error: configError(`${file} is ${stat.size} bytes, over hookrun's limit of ${HOOK_FILE_LIMIT}`, at) };
  try {
    return { exists: true, text: readInputFile(file, 'utf8') };
  } catch (error) {
    const why = error instanceof HookrunError ? error : configError(`${file}: cannot read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`, at);
    return { exists: true, error: why };
  }
}

/** What a loader keeps of one agent hook file; each dialect's record adds what else it needs. */
export interface LoadedHookFile {
  exists: boolean;
  /** Set when the agent refuses the whole file: no hook of it runs. */
  error?: HookrunError;
  /** The file exists but could not be read at all (permissions, not a regular file, too big). */
  unreadable?: boolean;
  entries: RegistryEntry[];
  diagnostics: Diagnostic[];
  doc?: JsoncDocument;
}

export interface HookFileSteps {
  /** Why the agent would not use a file it could read (before its text is parsed); undefined when it would. */
  refuse?: () => HookrunError | undefined;
  /** The file's hooks from its parsed text; a {@link HookrunError} thrown here refuses the whole file. */
  register: (doc: JsoncDocument) => RegistryEntry[];
}

/**
 * {@link readHookFile}, then the file as strict JSON (no comments, no trailing commas: what the agents'
 * JSON readers accept), then `register`; the outcome is filled into `loaded`. A refused file keeps no entries.
 */
export function loadHookFile<L extends LoadedHookFile>(file: string, loaded: L, steps: HookFileSteps): L {
  const read = readHookFile(file);
  if (!read.exists) return loaded;
  loaded.exists = true;
  if ('error' in read) {
    loaded.unreadable = true;
    loaded.error = read.error;
    return loaded;
  }
  const refused = steps.refuse?.();
  if (refused) {
    loaded.error = refused;
    return loaded;
  }
  try {
    const doc = parseJsonc(read.text, file, { comments: false });
    loaded.doc = doc;
    loaded.entries = steps.register(doc);
  } catch (error) {
    if (!(error instanceof HookrunError)) throw error;
    loaded.error = error;
    loaded.entries = [];
  }
  return loaded;
}
