// What bin/hookrun.js runs: load the built CLI (the packs in dist/, see scripts/build.js) through the
// code cache, run it, then refresh the cache of each pack this run compiled code for. Kept apart from
// the packs so that they can be what is cached.
import os from 'node:os';
import path from 'node:path';
import { createRequire, loadBundle, type LoadedBundle } from './code-cache.js';

/** What the entry pack exports (src/cli/main.ts). */
interface Entry {
  main: (argv: readonly string[]) => Promise<number>;
  runKind: (argv: readonly string[]) => string;
}

/**
 * Where the cache may live: beside the bundle (shared by every user of an install), else in the
 * user's cache directory (read-only installs). Each is tried in order for reading and for writing.
 */
export function cacheFiles(bundle: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): string[] {
  const name = `${path.basename(bundle)}.v8cache`;
  const files = [path.join(path.dirname(bundle), name)];
  const fromEnv = platform === 'win32' ? env.LOCALAPPDATA : env.XDG_CACHE_HOME;
  // A relative directory (which XDG says to ignore) would put the cache in whatever the cwd is.
  const userDir = fromEnv && path.isAbsolute(fromEnv) ? fromEnv : platform === 'win32' ? undefined : homeCache(platform);
  // One file per installed bundle: two installs must not keep overwriting each other's cache.
  if (userDir) files.push(path.join(userDir, 'hookrun', `${pathTag(bundle)}-${name}`));
  return files;
}

function homeCache(platform: NodeJS.Platform): string | undefined {
  try {
    return platform === 'darwin' ? path.join(os.homedir(), 'Library', 'Caches') : path.join(os.homedir(), '.cache');
  } catch {
    // No home directory to be found (os.homedir throws): no cache there, hookrun runs all the same.
    return undefined;
  }
}

function pathTag(file: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < file.length; i++) hash = Math.imul(hash ^ file.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** A module of the bundle as the build writes it: CommonJS code wrapped in a function. */
type Factory = (this: unknown, exports: unknown, require: NodeJS.Require, module: { exports: unknown }, filename: string, dirname: string) => void;

/** How one module of the bundle requires another: `require("./chunk-X.cjs")`. */
const CHUNK = /^\.\/([\w-]+\.cjs)$/;

/**
 * The bundle's module system. Every file in dist/ is a pack, `{ "name.cjs": factory }`, read through
 * the code cache (the entry's pack holds all that `hookrun run` needs; the other commands' modules come
 * in packs of one). A module is evaluated the first time it is required, and registered before it runs,
 * as Node does; its `require` serves the bundle's modules and hands anything else to Node.
 */
export function chunkLoader(dir: string, options: { env: NodeJS.ProcessEnv }) {
  const factories = new Map<string, Factory>();
  const modules = new Map<string, { exports: unknown }>();
  const packs: LoadedBundle<Record<string, Factory>>[] = [];

  const readPack = (name: string): void => {
    const file = path.join(dir, name);
    const pack = loadBundle<Record<string, Factory>>(file, {
      cacheFiles: cacheFiles(file, options.env),
      disabled: options.env.HOOKRUN_CODE_CACHE === 'off',
    });
    packs.push(pack);
    for (const [module, factory] of Object.entries(pack.exports)) factories.set(module, factory);
  };

  const load = (name: string): unknown => {
    const known = modules.get(name);
    if (known) return known.exports;
    if (!factories.has(name)) readPack(name);
    const factory = factories.get(name);
    if (!factory) throw new Error(`hookrun: ${path.join(dir, name)} does not define ${name} (a damaged install? reinstall hookrun)`);
    const module = { exports: {} };
    modules.set(name, module);
    const file = path.join(dir, name);
    factory.call(module.exports, module.exports, require, module, file, dir);
    return module.exports;
  };

  // Every module lives in `dir`, so what it requires from Node (built-ins) resolves the same from any of
  // them: one require serves them all.
  const nodeRequire = createRequire(path.join(dir, 'hookrun.cjs'));
  const require = Object.assign(
    (id: string) => {
      const chunk = CHUNK.exec(id);
      return chunk ? load(chunk[1]!) : nodeRequire(id);
    },
    { resolve: nodeRequire.resolve, cache: nodeRequire.cache, extensions: nodeRequire.extensions, main: nodeRequire.main },
  ) as NodeJS.Require;

  return {
    load,
    /** Reads a pack's modules without evaluating any: the library's entry needs modules that live in the run pack. */
    read: (name: string): void => {
      if (!factories.has(name)) readPack(name);
    },
    /** Saves the cache of each pack read where this kind of run is new to it (see LoadedBundle.save); the files written. */
    save: (purpose: string): string[] => packs.flatMap((pack) => pack.save(purpose) ?? []),
  };
}

export async function runBundledCli(entry: string, argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const loader = chunkLoader(path.dirname(entry), { env });
  const { main, runKind } = loader.load(path.basename(entry)) as Entry;
  const code = await main(argv);
  loader.save(runKind(argv));
  return code;
}
