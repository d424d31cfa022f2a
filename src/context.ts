// What touches the world, injected: the environment, the workspace, the platform, the clock.
// Commands build one Context from the real process; tests build one from temp directories.
import os from 'node:os';
import path from 'node:path';

export interface Context {
  /** Absolute workspace directory (`-C/--cwd`, default the process cwd). */
  cwd: string;
  /** The environment hookrun was started with (never mutated). */
  env: Readonly<Record<string, string | undefined>>;
  platform: NodeJS.Platform;
  now: () => Date;
}

export function contextFromProcess(cwdOption?: string): Context {
  return {
    cwd: path.resolve(cwdOption ?? process.cwd()),
    env: process.env,
    platform: process.platform,
    now: () => new Date(),
  };
}

/** The OS home directory as Node derives it: $HOME on POSIX (USERPROFILE on Windows). */
export function homeDir(ctx: Context): string {
  const fromEnv = ctx.platform === 'win32' ? ctx.env.USERPROFILE : ctx.env.HOME;
  return fromEnv && fromEnv.length > 0 ? fromEnv : os.homedir();
}

/** Gemini CLI's home: $GEMINI_CLI_HOME when set, else the OS home. `~/.gemini` lives below it. */
export function geminiHome(ctx: Context): string {
  const override = ctx.env.GEMINI_CLI_HOME;
  return override && override.length > 0 ? override : homeDir(ctx);
}
