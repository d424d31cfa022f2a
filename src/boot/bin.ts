// What bin/hookrun.js runs: load the bundled CLI through the code cache, run it, then refresh the
// cache if this run compiled code the cache lacked. Kept apart from the bundle so that the bundle
// itself can be what is cached.
import os from 'node:os';
import path from 'node:path';
import { loadBundle } from './code-cache.js';

type Main = (argv: readonly string[]) => Promise<number>;

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

/** The command a run executes (its first operand), to label what the cache covers. */
export function commandOf(argv: readonly string[]): string {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '-C' || arg === '--cwd') i++;
    else if (!arg.startsWith('-')) return arg;
  }
  return '';
}

export async function runBundledCli(bundle: string, argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const loaded = loadBundle<{ main: Main }>(bundle, {
    cacheFiles: cacheFiles(bundle, env),
    purpose: commandOf(argv),
    disabled: env.HOOKRUN_CODE_CACHE === 'off',
  });
  const code = await loaded.exports.main(argv);
  loaded.save();
  return code;
}
