// Runs the real bin in an isolated environment: its own HOME, system paths and trust file inside a
// temp directory, so no test reads the machine's /etc or home.
import { mkdir, mkdtemp, realpath, rm, writeFile, chmod } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const BIN = path.join(REPO, 'bin', 'hookrun.js');

export interface Sandbox {
  root: string;
  ws: string;
  home: string;
  /** The isolated environment every run starts from. */
  env: Record<string, string>;
  write(relative: string, content: string, mode?: number): Promise<string>;
  cleanup(): Promise<void>;
}

export async function makeSandbox(): Promise<Sandbox> {
  const root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'hookrun-test-')));
  const ws = path.join(root, 'ws');
  const home = path.join(root, 'home');
  await mkdir(ws, { recursive: true });
  await mkdir(home, { recursive: true });
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: home,
    LANG: 'C.UTF-8',
    NO_COLOR: '1',
    GEMINI_CLI_SYSTEM_SETTINGS_PATH: path.join(root, 'etc', 'settings.json'),
    GEMINI_CLI_SYSTEM_DEFAULTS_PATH: path.join(root, 'etc', 'system-defaults.json'),
    GEMINI_CLI_TRUSTED_FOLDERS_PATH: path.join(root, 'trustedFolders.json'),
    HOOKRUN_CODEX_SYSTEM_DIR: path.join(root, 'etc', 'codex'),
  };
  return {
    root,
    ws,
    home,
    env,
    async write(relative, content, mode) {
      const file = path.isAbsolute(relative) ? relative : path.join(root, relative);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, content);
      if (mode !== undefined) await chmod(file, mode);
      return file;
    },
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
}

export interface CliResult {
  exitCode: number;
  stdout: string;
  stderr: string;
  durationMs: number;
}

export async function hookrun(args: readonly string[], options: { env: Record<string, string>; cwd?: string; input?: string; timeoutMs?: number }): Promise<CliResult> {
  const started = performance.now();
  const result = await execa('node', [BIN, ...args], {
    env: options.env,
    extendEnv: false,
    cwd: options.cwd,
    reject: false,
    stdin: options.input === undefined ? 'ignore' : 'pipe',
    input: options.input,
    timeout: options.timeoutMs ?? 30_000,
    stripFinalNewline: false,
  });
  return {
    exitCode: result.exitCode ?? -1,
    stdout: String(result.stdout),
    stderr: String(result.stderr),
    durationMs: performance.now() - started,
  };
}

/** Parses the single JSON line `run` prints on stdout. */
export function stdoutJson(result: CliResult): unknown {
  const lines = result.stdout.split('\n').filter((l) => l !== '');
  if (lines.length !== 1) throw new Error(`expected one line on stdout, got ${lines.length}: ${result.stdout}\n${result.stderr}`);
  return JSON.parse(lines[0]!);
}
