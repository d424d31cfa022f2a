// A temp workspace and HOME for running `hookrun run --dialect kiro` end to end, with marker and count files
// that show which hooks ran.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { hookrun, type CliResult } from './cli.js';

export interface KiroSandbox {
  root: string;
  ws: string;
  home: string;
  env: Record<string, string>;
  write(relative: string, content: unknown): Promise<void>;
  run(args: string[], options?: { quiet?: boolean; env?: Record<string, string> }): Promise<CliResult>;
  fired(): Promise<string[]>;
  count(name: string): Promise<number>;
  clearMarkers(): Promise<void>;
}

const roots: string[] = [];
afterAll(() => Promise.all(roots.map((r) => rm(r, { recursive: true, force: true }))));

/**
 * `files` are written last, so they can replace the settings file that names the default agent: Kiro CLI
 * runs no agent's hooks unless one is chosen, and the tests' agent is "dev", chosen as a user would, with
 * `chat.defaultAgent` (`defaultAgent: null` leaves it out).
 */
export async function sandbox(files: Record<string, unknown> = {}, { defaultAgent = 'dev' as string | null } = {}): Promise<KiroSandbox> {
  const root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'hookrun-kiro-')));
  roots.push(root);
  const ws = path.join(root, 'ws');
  const home = path.join(root, 'home');
  await mkdir(ws, { recursive: true });
  await mkdir(home, { recursive: true });
  // The workspace agents here are the tests' own: trusted, as a user who ran `hookrun trust --folder` has it.
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, LANG: 'C.UTF-8', NO_COLOR: '1', HOOKRUN_TRUST_WORKSPACE: 'true' };
  const sb: KiroSandbox = {
    root,
    ws,
    home,
    env,
    async write(relative, content) {
      const file = path.join(root, relative);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
    },
    run: (args, options = {}) =>
      hookrun(['run', ...args, '--dialect', 'kiro', '--cwd', ws, ...(options.quiet === false ? [] : ['--quiet'])], {
        env: { ...env, ...options.env },
      }),
    async fired() {
      return (await readdir(root))
        .filter((n) => n.startsWith('fired-'))
        .map((n) => n.slice(6))
        .sort();
    },
    async count(name) {
      const file = path.join(root, `count-${name}`);
      return existsSync(file) ? (await readFile(file, 'utf8')).split('\n').filter(Boolean).length : 0;
    },
    async clearMarkers() {
      for (const n of await readdir(root)) if (n.startsWith('fired-')) await rm(path.join(root, n));
    },
  };
  if (defaultAgent !== null) await sb.write('home/.kiro/settings/cli.json', { 'chat.defaultAgent': defaultAgent });
  for (const [rel, content] of Object.entries(files)) await sb.write(rel, content);
  return sb;
}

/** A hook that leaves a marker, optionally prints, and exits with a code. */
export const mark = (root: string, id: string, tail = 'exit 0') => `touch ${root}/fired-${id}; ${tail}`;
export const output = (result: CliResult) => JSON.parse(result.stdout) as Record<string, unknown>;

/** A hook that appends a line to count-NAME (one per spawn), then runs `tail` (COUNT = that file). */
export const counting = (root: string, name: string, extra: object = {}, tail = 'echo result-$(wc -l < COUNT)') => ({
  command: `echo x >> ${root}/count-${name}; ${tail.replaceAll('COUNT', `${root}/count-${name}`)}`,
  ...extra,
});
