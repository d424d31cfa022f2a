// What touches the world, injected: the environment, the workspace, the platform, the clock.
// Commands build one Context from the real process; tests build one from temp directories.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HookrunError } from './errors.js';
import { homedir } from '../files/journal.js';

export interface Context {
  /** Absolute workspace directory (`-C/--cwd`, default the process cwd). */
  cwd: string;
  /** The environment hookrun was started with (never mutated). */
  env: Readonly<Record<string, string | undefined>>;
  platform: NodeJS.Platform;
  now: () => Date;
}

/** The workspace as the agent would see it from process.cwd(): absolute, symlinks resolved. */
export function resolveWorkspace(dir: string, errorExitCode?: number): string {
  const fail = (what: string) => new HookrunError('usage', `workspace ${dir} ${what}; give an existing directory with -C`, undefined, errorExitCode);
  let real: string;
  try {
    real = fs.realpathSync.native(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw fail(code === 'ENOENT' ? 'does not exist' : code === 'ENOTDIR' ? 'is not a directory' : `cannot be used (${code})`);
  }
  if (!fs.statSync(real).isDirectory()) throw fail('is not a directory');
  return real;
}

/**
 * `errorExitCode`: the command's code for an unusable workspace or home (default: the usage error's 1).
 * An empty HOME is refused: every user-level file would resolve against the workspace instead (the
 * workspace read as the user's own settings, past the project-hook gates), and no agent means that.
 */
export function contextFromProcess(cwdOption?: string, errorExitCode?: number): Context {
  if (process.platform !== 'win32' && process.env.HOME === '') {
    throw new HookrunError(
      'usage',
      "HOME is set but empty, so the user-level settings cannot be found (they would resolve inside the workspace); set HOME to your home directory, or unset it to use the account's home",
      undefined,
      errorExitCode,
    );
  }
  // A container's made-up user, say: refused here, before any command reads (or masks) a user-level file.
  if (process.platform !== 'win32' && process.env.HOME === undefined && accountHome() === undefined) {
    throw new HookrunError('usage', NO_HOME, undefined, errorExitCode);
  }
  return {
    cwd: resolveWorkspace(path.resolve(cwdOption ?? process.cwd()), errorExitCode),
    env: process.env,
    platform: process.platform,
    now: () => new Date(),
  };
}

const NO_HOME = 'HOME is not set and the account has no home directory, so the user-level settings cannot be found; set HOME to the directory they live in';

/** The account's home directory as the system names it (no passwd entry: undefined). */
function accountHome(): string | undefined {
  try {
    return os.homedir();
  } catch {
    return undefined;
  }
}

/** What stderr says when HOME is not set: the home used instead (the account's, from the system), or undefined. */
export function unsetHomeNote(ctx: Context): string | undefined {
  if (ctx.platform === 'win32' || ctx.env.HOME !== undefined) return undefined;
  // No account home: contextFromProcess has refused already (a library caller gets NO_HOME from the load).
  const home = accountHome();
  return home === undefined ? undefined : `HOME is not set: using the account's home directory ${home} for user-level settings`;
}

/** A system-wide file where each platform puts it: macOS and Windows their own folders, the others /etc. */
export function platformPath(platform: NodeJS.Platform, paths: { darwin: string; win32: string; other: string }): string {
  return platform === 'darwin' ? paths.darwin : platform === 'win32' ? paths.win32 : paths.other;
}

/** The OS home directory as Node derives it: $HOME on POSIX (USERPROFILE on Windows). */
export function homeDir(ctx: Context): string {
  const fromEnv = ctx.platform === 'win32' ? ctx.env.USERPROFILE : ctx.env.HOME;
  if (fromEnv && fromEnv.length > 0) return fromEnv;
  // The system's answer is an input of the load like a file: noted, so a session sees it change.
  try {
    return homedir();
  } catch {
    throw new HookrunError('config', NO_HOME);
  }
}

/** Gemini CLI's home: $GEMINI_CLI_HOME when set, else the OS home. `~/.gemini` lives below it. */
export function geminiHome(ctx: Context): string {
  const override = ctx.env.GEMINI_CLI_HOME;
  return override && override.length > 0 ? override : homeDir(ctx);
}
