// What a configuration load looked at, so that a resident process (`hookrun serve`, a library session)
// can keep the loaded configuration and prove, on the next event, that nothing it depended on changed.
//
// Loaders read the file system through the functions below (and `readInputFile`, which notes what it
// opened); while a journal is open, each call writes down what it saw: a file's identity and times, its
// absence, a directory's identity (its times move when an entry is added, removed or renamed), the
// target of a realpath, the home directory the system names when HOME is not set. Environment variables
// are noted through a proxy of the load's environment, and a load that asks the clock is not kept at all.
// `unchanged()` repeats every observation and compares.
//
// A failure is noted as what the load acted on: an open that found nothing as an absence (a stat made
// after it could see a file created in between, and vouch for a load that never read it), a refusal as the
// file's stat then. A failure that says nothing of the file (EMFILE, EIO, ENOMEM…) cannot be checked
// again, and a load that went on without the file is not kept.
// test/files/journal-guard.test.ts holds the loaders to these functions.
//
// Journals that are open at the same time (two requests loading at once) each note what both read:
// more than a load needs only makes it re-read sooner, never answer from something stale.
//
// Timestamps settle: an observation of a file whose mtime or ctime is too recent is not to be trusted,
// since a second write in the same timestamp tick, keeping the size, would leave every field equal (git
// calls such index entries "racily clean"). Whole-second timestamps (FAT's 2 s, ext3's 1 s, some network
// file systems) must be 2 s old; finer ones 100 ms, well past the kernel's coarse clock tick (1–10 ms).
// A journal with an unsettled observation says so (`keepable` false), and its load is not kept.
import fs from 'node:fs';
import os from 'node:os';
import type { Context } from '../pipeline/context.js';

/** How old a change must be before it is trusted (ms): whole-second timestamps, finer ones. */
export const SETTLE_MS = { coarse: 2_000, fine: 100 } as const;

/** Whether a file last changed at these times (ms) can be trusted not to change unseen, `now` being when it was looked at. */
export function settled(stat: fs.Stats, now: number = Date.now()): boolean {
  const changed = Math.max(stat.mtimeMs, stat.ctimeMs);
  const coarse = stat.mtimeMs % 1000 === 0 && stat.ctimeMs % 1000 === 0;
  return now - changed >= (coarse ? SETTLE_MS.coarse : SETTLE_MS.fine);
}

const ABSENT = 'absent';

function signatureOf(stat: fs.Stats): string {
  return `${stat.dev}:${stat.ino}:${stat.mode}:${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}`;
}

const codeOf = (error: unknown): string => (error as NodeJS.ErrnoException).code ?? String(error);
const errorSignature = (error: unknown) => `error:${codeOf(error)}`;

/**
 * Errors that say something of the path itself (nothing there, not allowed, a loop, a directory, a socket),
 * which a stat can check again; any other is about the attempt (no descriptor left, an I/O error).
 */
const PATH_ERRORS = new Set(['ENOENT', 'ENOTDIR', 'EACCES', 'EPERM', 'EISDIR', 'ELOOP', 'ENAMETOOLONG', 'ENXIO', 'ENODEV']);

/** The key of the home directory `os.homedir()` gives. */
const HOME_KEY = 'hos.homedir()';

/** One observation, repeated: what a stat of `file` says now (its identity, or that it is absent, or the error). */
function probeStat(file: string): string {
  try {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    return stat ? signatureOf(stat) : ABSENT;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOTDIR' ? ABSENT : errorSignature(error);
  }
}

/** The same for an lstat (the link itself, not what it points to). */
function probeLstat(file: string): string {
  try {
    const stat = fs.lstatSync(file, { throwIfNoEntry: false });
    return stat ? signatureOf(stat) : ABSENT;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOTDIR' ? ABSENT : errorSignature(error);
  }
}

function probeHome(): string {
  try {
    return `=${os.homedir()}`;
  } catch (error) {
    return errorSignature(error);
  }
}

function probeRealpath(file: string, native: boolean): string {
  try {
    return `=${native ? fs.realpathSync.native(file) : fs.realpathSync(file)}`;
  } catch (error) {
    return errorSignature(error);
  }
}

const open = new Set<Journal>();

/** What one load observed; see the file's comment. */
export class Journal {
  /** `s` / `l` + path: a stat's / an lstat's signature; `r`/`n` + path: a JS / native realpath's result or error; {@link HOME_KEY}: os.homedir(). */
  readonly #seen = new Map<string, string>();
  /** Environment variables read, with the value seen (undefined: not set). */
  readonly #env = new Map<string, string | undefined>();
  /** The environment's variable names, when the load listed them (`{ ...env }`). */
  #envNames: string | undefined;
  #envSource: Readonly<Record<string, string | undefined>> | undefined;
  #envProxy: object | undefined;
  #keepable = true;
  #why: string | undefined;

  /** False when the load relied on something that cannot be checked again (the clock, a file changed too recently, two readings that differ). */
  get keepable(): boolean {
    return this.#keepable;
  }

  /** Why it is not keepable, for `--verbose`. */
  get why(): string | undefined {
    return this.#why;
  }

  /** How many observations the journal holds (files, realpaths, variables). */
  get size(): number {
    return this.#seen.size + this.#env.size + (this.#envNames === undefined ? 0 : 1);
  }

  /** The environment objects the load was given (the caller's and the journal's view of it): never the load's to keep changing or freezing. */
  get environments(): object[] {
    return [this.#envSource, this.#envProxy].filter((env): env is object => env !== undefined);
  }

  unkeepable(why: string): void {
    if (!this.#keepable) return;
    this.#keepable = false;
    this.#why = why;
  }

  note(key: string, signature: string): void {
    const before = this.#seen.get(key);
    if (before === undefined) this.#seen.set(key, signature);
    else if (before !== signature) this.unkeepable(`${key.slice(1)} changed while it was read`);
  }

  noteStat(file: string, stat: fs.Stats | undefined, now: number): void {
    this.note(`s${file}`, stat ? signatureOf(stat) : ABSENT);
    if (stat && !settled(stat, now)) this.unkeepable(`${file} changed less than a moment ago`);
  }

  noteLstat(file: string, stat: fs.Stats | undefined, now: number): void {
    this.note(`l${file}`, stat ? signatureOf(stat) : ABSENT);
    if (stat && !settled(stat, now)) this.unkeepable(`${file} changed less than a moment ago`);
  }

  /**
   * The load's context as the load must see it: its environment noted variable by variable, its clock
   * refused (a load that reads the time is not kept).
   */
  context(ctx: Context): Context {
    this.#envSource = ctx.env;
    const noteEnv = (name: string | symbol) => {
      if (typeof name === 'string' && open.has(this) && !this.#env.has(name)) this.#env.set(name, ctx.env[name]);
    };
    const env = new Proxy(ctx.env, {
      get: (target, name) => (noteEnv(name), Reflect.get(target, name)),
      has: (target, name) => (noteEnv(name), Reflect.has(target, name)),
      getOwnPropertyDescriptor: (target, name) => (noteEnv(name), Reflect.getOwnPropertyDescriptor(target, name)),
      ownKeys: (target) => {
        const names = Reflect.ownKeys(target);
        if (open.has(this)) this.#envNames ??= names.join('\0');
        return names;
      },
    });
    this.#envProxy = env;
    return {
      ...ctx,
      env,
      now: () => {
        this.unkeepable('the load read the clock');
        return ctx.now();
      },
    };
  }

  /** Repeats every observation: true when each gives what it gave during the load. */
  unchanged(): boolean {
    for (const [key, signature] of this.#seen) {
      const file = key.slice(1);
      const now = key[0] === 's' ? probeStat(file) : key[0] === 'l' ? probeLstat(file) : key === HOME_KEY ? probeHome() : probeRealpath(file, key[0] === 'n');
      if (now !== signature) return false;
    }
    const env = this.#envSource;
    if (env) {
      for (const [name, value] of this.#env) if (env[name] !== value) return false;
      if (this.#envNames !== undefined && Reflect.ownKeys(env).join('\0') !== this.#envNames) return false;
    }
    return true;
  }
}

/** Runs `load` with a new journal open, and returns what it gave with what it observed. */
export async function journaled<T>(load: (journal: Journal) => Promise<T>): Promise<{ value: T; journal: Journal }> {
  const journal = new Journal();
  open.add(journal);
  try {
    return { value: await load(journal), journal };
  } finally {
    open.delete(journal);
  }
}

function noteStat(file: string, stat: fs.Stats | undefined): void {
  if (open.size === 0) return;
  const now = Date.now();
  for (const journal of open) journal.noteStat(file, stat, now);
}

function noteSignature(key: string, signature: string): void {
  for (const journal of open) journal.note(key, signature);
}

/** For `readInputFile`: the file it opened and what fstat said of it. */
export function noteOpened(file: string, stat: fs.Stats): void {
  noteStat(file, stat);
}

/** An attempt on `file` failed for a reason that says nothing of the file: what the load made of that cannot be checked. */
function noteUnreadable(file: string, error: unknown): void {
  for (const journal of open) journal.unkeepable(`${file} could not be read (${codeOf(error)})`);
}

/** A stat that threw, noted as the error `probeStat` would give again. */
function noteStatError(file: string, error: unknown): void {
  if (!PATH_ERRORS.has(codeOf(error))) return noteUnreadable(file, error);
  noteSignature(`s${file}`, codeOf(error) === 'ENOTDIR' ? ABSENT : errorSignature(error));
}

/** The file as a stat sees it now (a change since is too recent to be trusted, see `settled`). */
function noteStatNow(file: string): void {
  let stat: fs.Stats | undefined;
  try {
    stat = fs.statSync(file, { throwIfNoEntry: false });
  } catch (error) {
    return noteStatError(file, error);
  }
  noteStat(file, stat);
}

/** For `readInputFile`: a file it could not open, noted as what the open said of it (see the file's comment). */
export function noteNotOpened(file: string, error: unknown): void {
  if (open.size === 0) return;
  const code = codeOf(error);
  if (code === 'ENOENT' || code === 'ENOTDIR') noteSignature(`s${file}`, ABSENT);
  else if (PATH_ERRORS.has(code)) noteStatNow(file);
  else noteUnreadable(file, error);
}

/**
 * Runs `io` on `file` (a read, a listing); a failure the file's stat does not show (EMFILE, EIO…) makes the
 * load not kept, since a loader may go on without what it could not read.
 */
export function attempt<T>(file: string, io: () => T): T {
  try {
    return io();
  } catch (error) {
    if (open.size > 0 && !PATH_ERRORS.has(codeOf(error))) noteUnreadable(file, error);
    throw error;
  }
}

/**
 * The file's stat (following symlinks), or undefined where there is nothing (ENOENT, or ENOTDIR: a file
 * in place of a parent folder, as fs.existsSync sees it); other errors (EACCES, ELOOP) are thrown.
 */
export function statOf(file: string): fs.Stats | undefined {
  let stat: fs.Stats | undefined;
  try {
    stat = fs.statSync(file, { throwIfNoEntry: false });
  } catch (error) {
    if (open.size > 0) noteStatError(file, error);
    if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') return undefined;
    throw error;
  }
  noteStat(file, stat);
  return stat;
}

/**
 * The link's own stat (`fs.lstatSync`), or undefined where there is nothing; errors as {@link statOf}. A
 * link's owner changes its ctime, so the signature sees a `chown -h`.
 */
export function lstatOf(file: string): fs.Stats | undefined {
  let stat: fs.Stats | undefined;
  try {
    stat = fs.lstatSync(file, { throwIfNoEntry: false });
  } catch (error) {
    if (open.size > 0) {
      if (PATH_ERRORS.has(codeOf(error))) noteSignature(`l${file}`, codeOf(error) === 'ENOTDIR' ? ABSENT : errorSignature(error));
      else noteUnreadable(file, error);
    }
    if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') return undefined;
    throw error;
  }
  if (open.size > 0) {
    const now = Date.now();
    for (const journal of open) journal.noteLstat(file, stat, now);
  }
  return stat;
}

/** `fs.existsSync`: false for anything a stat refuses. */
export function exists(file: string): boolean {
  try {
    return statOf(file) !== undefined;
  } catch {
    return false;
  }
}

/** The stat, throwing ENOENT as `fs.statSync` does. */
export function statOrThrow(file: string): fs.Stats {
  const stat = statOf(file);
  if (stat) return stat;
  throw Object.assign(new Error(`ENOENT: no such file or directory, stat '${file}'`), { code: 'ENOENT', errno: -2, syscall: 'stat', path: file });
}

// The directory's stat before its names: an entry added while they are read then moves the times past
// what was noted. A directory that is not there is noted as absent, and readdir throws as it would.
function noteDir(dir: string): void {
  if (open.size > 0) noteStatNow(dir);
}

/** The names in a directory (`fs.readdirSync`); the directory's own stat is what is noted. */
export function listDir(dir: string): string[] {
  noteDir(dir);
  return attempt(dir, () => fs.readdirSync(dir));
}

/** {@link listDir} with each entry's type (`withFileTypes`): a type changes only by removing and adding. */
export function listDirEntries(dir: string): fs.Dirent[] {
  noteDir(dir);
  return attempt(dir, () => fs.readdirSync(dir, { withFileTypes: true }));
}

/** `os.homedir()`: HOME, or the account's home directory when it is not set. */
export function homedir(): string {
  let home: string;
  try {
    home = os.homedir();
  } catch (error) {
    noteSignature(HOME_KEY, errorSignature(error));
    throw error;
  }
  noteSignature(HOME_KEY, `=${home}`);
  return home;
}

function realpathWith(file: string, native: boolean): string {
  const resolve = () => (native ? fs.realpathSync.native(file) : fs.realpathSync(file));
  if (open.size === 0) return resolve();
  const key = `${native ? 'n' : 'r'}${file}`;
  try {
    const real = resolve();
    noteSignature(key, `=${real}`);
    return real;
  } catch (error) {
    noteSignature(key, errorSignature(error));
    throw error;
  }
}

/** `fs.realpathSync` (Node's own walk of the path). */
export function realpath(file: string): string {
  return realpathWith(file, false);
}

/** `fs.realpathSync.native` (the C library's realpath). */
export function realpathNative(file: string): string {
  return realpathWith(file, true);
}
