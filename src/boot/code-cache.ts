// Loads one CommonJS file of the built CLI (a pack) through V8's code cache. Node 20 has no compile
// cache for modules, so every start would parse and compile it again; `vm.Script` with `cachedData`
// skips that. The cache is an optimisation only: whatever is wrong with it (another Node, another
// bundle, a truncated or corrupted file, a file someone else could have written) makes hookrun
// compile from source as if there were none, and nothing about it is ever an error.
//
// V8 itself checks only its version, its flags and the source length: a same-length edit of the
// bundle or a flipped byte in the cache would be accepted (and could crash). So the file carries its
// own header: the runtime, the exact source (length and checksum) and a checksum of the payload.
import { isAscii } from 'node:buffer';
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { nodeBinding } from './node-binding.js';

/**
 * Node's createRequire, without node:module: that module loads the ES module loader and two source-map
 * modules for it (~1 M instructions of every run, docs/perf.md "Seventh round"). In the CommonJS boot
 * loader it is the CommonJS Module class's own (the same function); src/boot's ES module tests get
 * node:module's.
 */
export const createRequire: (file: string) => NodeJS.Require =
  (typeof module === 'object' && (module.constructor as { createRequire?: (file: string) => NodeJS.Require }).createRequire) ||
  process.getBuiltinModule('node:module').createRequire;

const MAGIC = 0x38565248; // "HRV8"
const FORMAT = 1;
const FIXED_HEADER = 20;
/** Rewrites for new purposes stop here: a stream of made-up command names must not rewrite the cache forever. */
const MAX_PURPOSES = 16;
/** Node's CommonJS wrapper; scripts/build.js writes packs starting with exactly this (test/boot/chunk-loader.test.ts). */
export const WRAPPER_START = '(function (exports, require, module, __filename, __dirname) { ';
const WRAPPER_END = '\n})';

export type CacheState =
  /** The cache was used. */
  | 'hit'
  /** No cache file in any of the directories. */
  | 'missing'
  /** A cache file exists but is not for this runtime and bundle, or is damaged or not trusted. */
  | 'invalid'
  /** V8 refused data that passed our checks (e.g. other V8 flags). */
  | 'rejected'
  /** Caching is switched off (HOOKRUN_CODE_CACHE=off) or unavailable. */
  | 'off';

export interface BundleOptions {
  /** Where to look for the cache, then where to try writing it, in order. */
  cacheFiles: readonly string[];
  /** Disables reading and writing the cache. */
  disabled?: boolean;
}

export interface LoadedBundle<T> {
  exports: T;
  cache: CacheState;
  /** Where the cache was read from (on a hit). */
  cacheFile?: string;
  /**
   * Writes the cache (atomically) when this run has code the cache lacked, to the first location that
   * accepts it. Call it after the work is done: the cache then holds every function the run compiled.
   * `purpose` names what kind of run this was (e.g. its command): a cache is rewritten once per new
   * kind, so it covers each. Returns the file written, if any. Never throws.
   */
  save(purpose: string): string | undefined;
}

interface CacheHeader {
  runtime: string;
  source: { bytes: number; crc: number };
  purposes: string[];
}

/** Runtime identity: a cache made by another Node, V8 or CPU architecture is never used. */
export function runtimeKey(): string {
  return `node ${process.version} v8 ${process.versions.v8} ${process.arch}`;
}

type Crc32 = (data: Uint8Array) => number;

/**
 * zlib's native CRC-32 (Node >= 20.15); without it there is no cache. Taken from the binding that
 * node:zlib's `crc32` calls, the same function: node:zlib itself loads node:stream and ~20 stream
 * modules for this one function.
 */
function nativeCrc32(): Crc32 | undefined {
  const native = nodeBinding('zlib')?.crc32;
  if (typeof native === 'function') return (data) => (native as (data: Uint8Array, value: number) => number)(data, 0);
  return (process.getBuiltinModule('node:zlib') as { crc32?: Crc32 }).crc32;
}

const crc32: Crc32 | undefined = nativeCrc32();

export function loadBundle<T>(file: string, options: BundleOptions): LoadedBundle<T> {
  const sourceBytes = fs.readFileSync(file);
  // The build writes ASCII (esbuild escapes the rest): copying bytes is cheaper than decoding UTF-8.
  const source = isAscii(sourceBytes) ? sourceBytes.toString('latin1') : sourceBytes.toString('utf8');
  const enabled = !options.disabled && crc32 !== undefined;
  const sourceKey = enabled ? { bytes: sourceBytes.length, crc: crc32!(sourceBytes) } : { bytes: 0, crc: 0 };

  let state: CacheState = enabled ? 'missing' : 'off';
  let cachedData: Buffer | undefined;
  let cacheFile: string | undefined;
  let header: CacheHeader | undefined;
  for (const candidate of enabled ? options.cacheFiles : []) {
    const found = readCache(candidate, sourceKey);
    if (found === 'missing') continue;
    if (found === 'invalid') {
      state = 'invalid';
      continue;
    }
    ({ data: cachedData, header } = found);
    cacheFile = candidate;
    break;
  }

  // A file that is already the wrapper function (the build writes its packs so) is compiled as it is:
  // a 450 KB concatenation more is young-generation garbage that costs a run a scavenge.
  const wrapped = source.startsWith(WRAPPER_START) ? source : `${WRAPPER_START}${source}${WRAPPER_END}`;
  const script = new vm.Script(wrapped, {
    filename: file,
    ...(cachedData ? { cachedData } : {}),
  });
  if (cachedData) state = script.cachedDataRejected ? 'rejected' : 'hit';

  const module = { exports: {} as T };
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  wrapper.call(module.exports, module.exports, createRequire(file), module, file, path.dirname(file));

  return {
    exports: module.exports,
    cache: state,
    ...(state === 'hit' ? { cacheFile } : {}),
    save(purpose) {
      if (state === 'off') return undefined;
      if (state === 'hit' && (header!.purposes.includes(purpose) || header!.purposes.length >= MAX_PURPOSES)) return undefined;
      const purposes = state === 'hit' ? [...header!.purposes, purpose] : [purpose];
      try {
        const data = script.createCachedData();
        const bytes = encodeCache({ runtime: runtimeKey(), source: sourceKey, purposes }, data);
        for (const target of options.cacheFiles) if (writeAtomically(target, bytes)) return target;
      } catch {
        // An optimisation that failed: the next run compiles from source again.
      }
      return undefined;
    },
  };
}

export function encodeCache(header: CacheHeader, data: Uint8Array): Buffer {
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const fixed = Buffer.alloc(FIXED_HEADER);
  fixed.writeUInt32LE(MAGIC, 0);
  fixed.writeUInt32LE(FORMAT, 4);
  fixed.writeUInt32LE(json.length, 8);
  fixed.writeUInt32LE(crc32!(data), 12);
  fixed.writeUInt32LE(data.length, 16);
  return Buffer.concat([fixed, json, data]);
}

function readCache(file: string, source: CacheHeader['source']): 'missing' | 'invalid' | { data: Buffer; header: CacheHeader } {
  let bytes: Buffer;
  try {
    const fd = fs.openSync(file, 'r');
    try {
      if (!trustworthy(fs.fstatSync(fd))) return 'invalid';
      bytes = fs.readFileSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : 'invalid';
  }
  if (bytes.length < FIXED_HEADER || bytes.readUInt32LE(0) !== MAGIC || bytes.readUInt32LE(4) !== FORMAT) return 'invalid';
  const jsonLength = bytes.readUInt32LE(8);
  const dataStart = FIXED_HEADER + jsonLength;
  if (dataStart > bytes.length || bytes.length - dataStart !== bytes.readUInt32LE(16)) return 'invalid';
  let header: CacheHeader;
  try {
    header = JSON.parse(bytes.toString('utf8', FIXED_HEADER, dataStart)) as CacheHeader;
  } catch {
    return 'invalid';
  }
  if (header?.runtime !== runtimeKey() || header.source?.bytes !== source.bytes || header.source.crc !== source.crc || !Array.isArray(header.purposes)) {
    return 'invalid';
  }
  const data = bytes.subarray(dataStart);
  if (crc32!(data) !== bytes.readUInt32LE(12)) return 'invalid';
  return { data, header };
}

/**
 * The cache is code hookrun runs: it must come from us or from whoever installed hookrun, never from
 * another user. On POSIX: owned by this user or root, and not writable by group or others.
 */
function trustworthy(stat: fs.Stats): boolean {
  if (!stat.isFile()) return false;
  if (typeof process.getuid !== 'function') return true;
  return (stat.uid === process.getuid() || stat.uid === 0) && (stat.mode & 0o022) === 0;
}

/** Temp file + rename, so a reader never sees half a cache. False when this location refuses it. */
function writeAtomically(file: string, bytes: Uint8Array): boolean {
  const dir = path.dirname(file);
  const temp = path.join(dir, `.${path.basename(file)}.${process.pid}.${Date.now().toString(36)}.tmp`);
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    fs.writeFileSync(temp, bytes, { mode: 0o644, flag: 'wx' });
    fs.renameSync(temp, file);
    return true;
  } catch {
    try {
      fs.rmSync(temp, { force: true });
    } catch {
      // nothing was written
    }
    return false;
  }
}
