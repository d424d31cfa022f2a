// What a configuration file parses to, kept between the events of one process (`hookrun serve`, a
// library session) and never trusted blindly: every read stats the file, and the kept result is used
// only when the file is provably the one that was parsed. In a one-shot `run` the stat replaces the
// existence check it already made, so the cache costs that path nothing.
//
// The key is what a write changes: device, inode (an atomic rename makes a new file), size, mtime and
// ctime (an in-place write that keeps the size and even resets the mtime with utimes still moves the
// ctime). A file whose timestamps have not settled when it is read (src/files/journal.ts: an edit in
// the same timestamp tick would leave every field equal) is never reused: it is re-read until it settles.
import type fs from 'node:fs';
import { readInputFile } from './read-input.js';
import { settled, statOf } from './journal.js';
/** Files kept per parser: a server answering many workspaces keeps the most recent ones. */
const MAX_FILES = 64;

type Parse<T> = (text: string | undefined, file: string) => T;

interface Entry {
  key: string;
  value: unknown;
}

const byParser = new WeakMap<Parse<unknown>, Map<string, Entry>>();

function keyOf(stat: fs.Stats): string {
  return `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}`;
}

/**
 * `parse(text, file)` of the file's current text (`parse(undefined, file)` when it does not exist),
 * reusing the last result of the same `parse` for the same unchanged file. `parse` must be a pure
 * function of its arguments (a module-level function, so that the cache finds it again), and callers
 * must not change what it returns. `read` reads the text (default `fs.readFileSync` as UTF-8); what it
 * throws (EISDIR, EACCES) is thrown, and nothing is kept for it, nor for a `parse` that throws.
 */
export function readParsed<T>(file: string, parse: Parse<T>, read: (file: string) => string | undefined = readUtf8): T {
  const stat = statOf(file);
  if (!stat) return parse(undefined, file);
  let files = byParser.get(parse as Parse<unknown>);
  const key = keyOf(stat);
  const kept = files?.get(file);
  if (kept && kept.key === key) return kept.value as T;
  const readAt = Date.now();
  const value = parse(read(file), file);
  if (!stat.isFile()) return value;
  if (!settled(stat, readAt)) {
    files?.delete(file);
    return value;
  }
  if (!files) byParser.set(parse as Parse<unknown>, (files = new Map()));
  files.delete(file);
  files.set(file, { key, value });
  if (files.size > MAX_FILES) files.delete(files.keys().next().value!);
  return value;
}

function readUtf8(file: string): string {
  return readInputFile(file, 'utf8');
}

const byDeriver = new WeakMap<(arg: never) => unknown, WeakMap<object, Entry>>();

/**
 * `derive(arg)` for what `readParsed` returned (`source`), kept and reused while `source` is the same
 * object and `key` the same string: `key` must say everything `arg` holds beyond `source` (the values
 * of the environment variables it expanded, say). One result per `source`, kept as long as `source`
 * is. `derive` must be a pure module-level function, and callers must not change what it returns.
 */
export function derived<A, T>(source: object, key: string, derive: (arg: A) => T, arg: A): T {
  let kept = byDeriver.get(derive as (arg: never) => unknown);
  const entry = kept?.get(source);
  if (entry && entry.key === key) return entry.value as T;
  const value = derive(arg);
  if (!kept) byDeriver.set(derive as (arg: never) => unknown, (kept = new WeakMap()));
  kept.set(source, { key, value });
  return value;
}
