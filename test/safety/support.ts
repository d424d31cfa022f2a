// Shared by the safety e2e tests: a sandboxed workspace with settings written for a test, the real bin
// started as a child we can signal and measure, and checks that a hook left nothing running.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { BIN, hookrun, makeSandbox, type CliResult, type Sandbox } from '../helpers/cli.js';
import { groupHasLiveMember } from '../helpers/hooks.js';

export interface Workspace extends Sandbox {
  settings(value: unknown): Promise<void>;
  run(args: readonly string[], options?: { env?: Record<string, string>; input?: string }): Promise<CliResult>;
  /** Every pgid written by hooks into `<root>/pgids/*`. */
  pgids(): number[];
  /** A command prefix that records the hook's pgid (bash -c's $$ is the group leader: hooks run detached). */
  recordPgid(name: string): string;
  /** Files under root and home with their content and mtime, to prove a command modified nothing. */
  snapshot(): Map<string, string>;
}

export async function makeWorkspace(): Promise<Workspace> {
  const sb = await makeSandbox();
  fs.mkdirSync(path.join(sb.root, 'pgids'));
  const ws: Workspace = {
    ...sb,
    async settings(value) {
      await sb.write(path.join(sb.ws, '.gemini', 'settings.json'), JSON.stringify(value, null, 2));
    },
    run: (args, options = {}) =>
      hookrun(['-C', sb.ws, ...args], {
        env: { ...sb.env, ...options.env },
        ...(options.input !== undefined ? { input: options.input } : {}),
        timeoutMs: 60_000,
      }),
    pgids: () =>
      fs
        .readdirSync(path.join(sb.root, 'pgids'))
        .map((name) => Number(fs.readFileSync(path.join(sb.root, 'pgids', name), 'utf8').trim()))
        .filter((n) => Number.isInteger(n) && n > 0),
    recordPgid: (name) => `echo $$ > ${path.join(sb.root, 'pgids', name)};`,
    snapshot() {
      const files = new Map<string, string>();
      const walk = (dir: string) => {
        for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
          const full = path.join(dir, entry.name);
          if (entry.isDirectory()) walk(full);
          else if (entry.isFile()) files.set(full, `${fs.statSync(full).mtimeMs}:${fs.readFileSync(full, 'base64')}`);
        }
      };
      walk(sb.root);
      return files;
    },
  };
  return ws;
}

/** Hook settings: one BeforeTool definition with these hooks (objects or bare commands). */
export function beforeTool(...hooks: (string | Record<string, unknown>)[]): unknown {
  return {
    hooks: {
      BeforeTool: [{ hooks: hooks.map((hook) => (typeof hook === 'string' ? { type: 'command', command: hook } : { type: 'command', ...hook })) }],
    },
  };
}

/** The pgids whose groups still hold a live (non-zombie) process. */
export function survivors(pgids: readonly number[]): number[] {
  return pgids.filter((pgid) => groupHasLiveMember(pgid));
}

export interface SpawnedRun {
  pid: number;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string; ms: number }>;
  kill(signal: NodeJS.Signals): void;
}

/** The bin as a direct child (so tests can signal it). */
export function spawnHookrun(args: readonly string[], env: Record<string, string>): SpawnedRun {
  const started = performance.now();
  const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return {
    pid: child.pid!,
    exit: new Promise((resolve) => child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr, ms: performance.now() - started }))),
    kill: (signal) => child.kill(signal),
  };
}

/**
 * Peak resident memory (KiB) of the bin for one run: GNU time's maximum RSS when /usr/bin/time exists,
 * else VmHWM polled from /proc (the last reading before exit).
 */
export async function runMeasured(
  args: readonly string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string; ms: number; exitLagMs: number; peakKiB: number; how: string }> {
  const timeBin = '/usr/bin/time';
  if (fs.existsSync(timeBin)) {
    const out = path.join(env.HOME!, `time-${process.pid}-${Date.now()}.txt`);
    const started = performance.now();
    const child = spawn(timeBin, ['-o', out, '-f', '%M', process.execPath, BIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const { code, stdout, stderr, exitLagMs } = await collect(child);
    const ms = performance.now() - started;
    const peakKiB = Number(fs.readFileSync(out, 'utf8').trim().split('\n').pop());
    return { code, stdout, stderr, ms, exitLagMs, peakKiB, how: '/usr/bin/time -f %M' };
  }
  const started = performance.now();
  const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let peakKiB = 0;
  const poll = setInterval(() => {
    try {
      const match = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'));
      if (match) peakKiB = Math.max(peakKiB, Number(match[1]));
    } catch {
      // exited
    }
  }, 20);
  const { code, stdout, stderr, exitLagMs } = await collect(child);
  clearInterval(poll);
  return { code, stdout, stderr, ms: performance.now() - started, exitLagMs, peakKiB, how: '/proc/<pid>/status VmHWM' };
}

/** Output and exit code; `exitLagMs` is the time from the last output to the exit (a lingering handle shows there). */
function collect(child: ReturnType<typeof spawn>): Promise<{ code: number | null; stdout: string; stderr: string; exitLagMs: number }> {
  let stderr = '';
  let lastOutput = performance.now();
  const chunks: Buffer[] = [];
  child.stdout!.on('data', (d: Buffer) => {
    chunks.push(d);
    lastOutput = performance.now();
  });
  child.stderr!.on('data', (d: Buffer) => {
    stderr += d.toString();
    lastOutput = performance.now();
  });
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout: Buffer.concat(chunks).toString(), stderr, exitLagMs: performance.now() - lastOutput })));
}

/** Parses the one JSON line (or, with --json, the one JSON document) on stdout. */
export function json(result: { stdout: string }): any {
  return JSON.parse(result.stdout);
}

export async function waitForFiles(dir: string, count: number, withinMs = 20_000): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    const names = fs.readdirSync(dir);
    if (names.length >= count && names.every((name) => fs.readFileSync(path.join(dir, name), 'utf8').trim() !== '')) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`only ${fs.readdirSync(dir).length} of ${count} hooks started within ${withinMs} ms`);
}
