// The one module that owns a hook process's lifetime: spawn, stdin, capped capture, timeout, SIGTERM to the
// process group, SIGKILL after the grace period, and cleanup when hookrun itself is interrupted.
//
// node:child_process directly, not execa: we need detached process groups, per-stream byte caps and to stop
// waiting on pipes held by escaped grandchildren; execa's import + spawn also costs ~45 ms, paid on every event.
// node:child_process itself (with node:net and the streams, ~6 ms) is loaded when the first hook starts: an
// event that no hook matches never needs it.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import type { ProcessOutcome } from '../types.js';

const spawn = () => process.getBuiltinModule('node:child_process').spawn;

export interface SpawnRequest {
  file: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  /** Written to stdin (UTF-8), then stdin is closed. */
  input: string;
  /** Gemini semantics: counted from spawn; <= 0 expires at once; non-finite or huge means "never". */
  timeoutMs: number;
  /** Time between SIGTERM and SIGKILL to the process group. Default 5000, as Gemini's second timer. */
  graceMs?: number;
  /** Bytes kept per stream; the rest is read and dropped. Default DEFAULT_MAX_CAPTURE_BYTES. */
  maxCaptureBytes?: number;
  /** How long to keep reading after the hook exited while something else still holds its pipes. */
  drainMs?: number;
  /** Cancels the hook like a timeout does (SIGTERM → grace → SIGKILL), without marking it timed out. */
  signal?: AbortSignal;
  /**
   * Decode each read from a pipe on its own, as Gemini CLI does (`stdout += data.toString()`): a
   * character split between two reads becomes U+FFFD there. Otherwise the whole stream is decoded at once.
   */
  decodeEachRead?: boolean;
}

/** ProcessOutcome plus what only this module can see; still assignable to ProcessOutcome. */
export interface RunOutcome extends ProcessOutcome {
  /**
   * The hook exited but something (a grandchild, possibly escaped via setsid) kept its stdout/stderr open past
   * the drain window. Gemini CLI would have kept waiting for `close` (and timed out if that outlived the
   * timeout); hookrun stopped reading. Worth a warning, since Gemini's result may differ.
   */
  pipesHeldAfterExit: boolean;
  /** A kill that failed for a reason other than "no such process" (e.g. EPERM). Never silently dropped. */
  killError?: string;
}

export const DEFAULT_GRACE_MS = 5000;
/**
 * 16 MiB per stream. Hook answers are JSON decisions, but BeforeModel/AfterModel hooks may echo back a whole
 * `llm_request`/`llm_response` (a 1M-token context is ~4–8 MB of JSON), and cutting that would turn valid JSON
 * into plain text and change the decision. Memory stays bounded: at most 32 MiB per running hook.
 */
export const DEFAULT_MAX_CAPTURE_BYTES = 16 * 1024 * 1024;
/**
 * 200 ms: whatever the hook wrote before exiting is already in the pipe and is read in microseconds; the window
 * only lets a backgrounded `cmd &` finish a last write (Gemini waits for those). Well above scheduling jitter on
 * a loaded 2-core box, short enough that a setsid'd daemon holding the pipe costs an event little.
 */
export const DEFAULT_DRAIN_MS = 200;

/**
 * How much longer to wait when the window ends with nothing left alive in the hook's group. Then no one in
 * the group holds the pipes, so their last bytes and EOF are on their way: on a starved machine (load far above
 * the core count) they were seen to arrive more than 200 ms after the exit. Giving up there lost real output.
 * Only a holder that left the group (setsid) pays this wait.
 */
export const EMPTY_GROUP_DRAIN_MS = 1000;

const GROUP_POLL_MS = 20;
/** Time to wait for members after SIGKILL (uninterruptible sleep) before giving up on them. */
const AFTER_KILL_WAIT_MS = 1000;
const MAX_TIMER_MS = 2 ** 31 - 1;
const isWindows = process.platform === 'win32';

/**
 * Bytes of one stream, kept up to a cap; reading never stops, so a chatty hook can't block on a full pipe.
 * Copied into one buffer that doubles as needed, so every chunk read from the pipe is garbage at once and
 * a hook that prints gigabytes costs the cap, not the cap plus the chunks plus their concatenation.
 */
class Capture {
  private buffer = Buffer.alloc(0);
  private size = 0;
  /** Where each read from the pipe ended, when reads are decoded one by one. */
  private readonly ends: number[] | undefined;
  truncated = false;
  closed = false;

  constructor(
    private readonly cap: number,
    decodeEachRead = false,
  ) {
    this.ends = decodeEachRead ? [] : undefined;
  }

  push(chunk: Buffer): void {
    const room = this.cap - this.size;
    if (chunk.length > room) {
      this.truncated = true;
      if (room <= 0) return;
      chunk = chunk.subarray(0, room);
    }
    const needed = this.size + chunk.length;
    if (needed > this.buffer.length) {
      let length = Math.max(this.buffer.length * 2, 16 * 1024);
      while (length < needed) length *= 2;
      const grown = Buffer.allocUnsafe(Math.min(length, this.cap));
      this.buffer.copy(grown, 0, 0, this.size);
      this.buffer = grown;
    }
    chunk.copy(this.buffer, this.size);
    this.size = needed;
    this.ends?.push(needed);
  }

  // The whole stream at once, or each read on its own (SpawnRequest.decodeEachRead). Invalid UTF-8
  // becomes U+FFFD, NUL bytes are kept, nothing throws.
  text(): string {
    let text = '';
    let start = 0;
    for (const end of this.ends ?? [this.size]) {
      text += this.buffer.toString('utf8', start, end);
      start = end;
    }
    this.buffer = Buffer.alloc(0);
    return text;
  }
}

interface LiveHook {
  /** SIGTERM the group now, SIGKILL after the grace period (what a timeout does). */
  terminate(): void;
  /** SIGKILL the group now (second Ctrl-C, or hookrun exiting). */
  killNow(): void;
  done: Promise<void>;
}

/** Hooks running right now, so that hookrun's own SIGINT/SIGTERM can end every one of their groups. */
const liveHooks = new Set<LiveHook>();

/** Run one hook process to completion. Never rejects: hook misbehaviour is data in the outcome. */
export function runProcess(req: SpawnRequest): Promise<RunOutcome> {
  const started = now();
  const graceMs = clampDelay(req.graceMs ?? DEFAULT_GRACE_MS);
  const drainMs = clampDelay(req.drainMs ?? DEFAULT_DRAIN_MS);
  const cap = Math.max(0, req.maxCaptureBytes ?? DEFAULT_MAX_CAPTURE_BYTES);
  const out = new Capture(cap, req.decodeEachRead);
  const err = new Capture(cap, req.decodeEachRead);

  return new Promise<RunOutcome>((resolve) => {
    const notStarted = (message: string): void =>
      resolve({
        stdout: '',
        stderr: '',
        exitCode: null,
        signal: null,
        timedOut: false,
        spawnError: message,
        stdoutTruncated: false,
        stderrTruncated: false,
        durationMs: elapsed(started),
        killed: false,
        pipesHeldAfterExit: false,
      });

    if (req.signal?.aborted) return notStarted('not started: cancelled');

    let child: ChildProcess;
    try {
      child = spawn()(req.file, req.args, {
        cwd: req.cwd,
        env: req.env,
        stdio: ['pipe', 'pipe', 'pipe'],
        // Own process group on POSIX, so one kill(-pgid) reaches everything the hook started. Node makes it a
        // new session too: the hook has no controlling terminal (it can't open /dev/tty; Gemini's hooks can).
        detached: !isWindows,
        windowsHide: true,
      });
    } catch (error) {
      // Synchronous throws are argument errors (e.g. a NUL byte in an argument or env value).
      return notStarted(`cannot start ${JSON.stringify(req.file)}: ${errorMessage(error)}`);
    }

    const pgid = child.pid;
    let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
    let spawnError: string | undefined;
    let timedOut = false;
    let killed = false;
    let killError: string | undefined;
    let pipesHeldAfterExit = false;
    let terminating = false;
    let killAt = Infinity;
    let settling = false;
    let finished = false;
    let timeoutTimer: NodeJS.Timeout | undefined;
    let graceTimer: NodeJS.Timeout | undefined;
    let drainTimer: NodeJS.Timeout | undefined;
    let markDone: () => void = () => {};

    const noteKillError = (error: unknown): void => {
      killError ??= errorMessage(error);
    };

    /** Signal the whole group. Only ESRCH (nothing left to signal) is expected; anything else is recorded. */
    const signalGroup = (sig: NodeJS.Signals): void => {
      if (pgid === undefined) return;
      try {
        process.kill(-pgid, sig);
      } catch (error) {
        if (errnoCode(error) !== 'ESRCH') noteKillError(error);
      }
    };

    const groupAlive = (): boolean => {
      if (pgid === undefined || isWindows) return false;
      return processGroupAlive(pgid, noteKillError);
    };

    const escalate = (): void => {
      if (killed || !groupAlive()) return;
      signalGroup('SIGKILL');
      killed = true;
    };

    // SIGTERM first so a hook can clean up; SIGKILL only if something in its group outlives the grace period.
    const terminate = (): void => {
      if (terminating || finished || pgid === undefined) return;
      terminating = true;
      if (isWindows) {
        // No signals or groups: Gemini's forceful tree kill.
        windowsTreeKill(pgid, noteKillError);
        killed = true;
        return;
      }
      killAt = now() + graceMs;
      signalGroup('SIGTERM');
      graceTimer = setTimeout(escalate, graceMs);
    };

    const killNow = (): void => {
      if (finished || pgid === undefined) return;
      if (isWindows) return terminate();
      terminating = true;
      killAt = now();
      escalate();
    };

    const finish = (): void => {
      if (finished) return;
      finished = true;
      clearTimeout(timeoutTimer);
      clearTimeout(graceTimer);
      clearTimeout(drainTimer);
      req.signal?.removeEventListener('abort', onAbort);
      liveHooks.delete(live);
      // Our ends only: an escaped writer gets EPIPE, a non-reading holder of stdin is no longer waited for.
      child.stdin?.destroy();
      child.stdout?.destroy();
      child.stderr?.destroy();
      markDone();
      resolve({
        stdout: out.text(),
        stderr: err.text(),
        exitCode: exit?.code ?? null,
        signal: exit?.signal ?? null,
        timedOut,
        ...(spawnError !== undefined ? { spawnError } : {}),
        stdoutTruncated: out.truncated,
        stderrTruncated: err.truncated,
        durationMs: elapsed(started),
        killed,
        pipesHeldAfterExit,
        ...(killError !== undefined ? { killError } : {}),
      });
    };

    // A hook must leave nothing behind in its group: whatever is still alive once it has exited and its pipes
    // are done gets SIGTERM, then SIGKILL after the grace period (sooner if the group empties).
    const settle = async (): Promise<void> => {
      if (settling || finished) return;
      settling = true;
      clearTimeout(drainTimer);
      if (groupAlive()) {
        terminate();
        while (groupAlive()) {
          const at = now();
          if (at >= killAt) escalate();
          if (at >= killAt + AFTER_KILL_WAIT_MS) break;
          await delay(GROUP_POLL_MS);
        }
      }
      finish();
    };

    const maybeSettle = (): void => {
      if (exit && out.closed && err.closed) void settle();
    };

    const onAbort = (): void => terminate();

    const live: LiveHook = {
      terminate,
      killNow,
      done: new Promise<void>((r) => {
        markDone = r;
      }),
    };

    child.once('error', (error) => {
      // Before a pid exists this is a failed spawn; afterwards it can only come from kill/IPC, which we don't use.
      if (pgid !== undefined) return;
      spawnError = describeSpawnError(error, req);
      finish();
    });

    child.once('exit', (code, sig) => {
      exit = { code, signal: sig };
      // The timeout is about the hook itself; once it exited, only the drain window applies.
      clearTimeout(timeoutTimer);
      const giveUp = (): void => {
        pipesHeldAfterExit = !(out.closed && err.closed);
        void settle();
      };
      drainTimer = setTimeout(() => {
        if (groupAlive()) return giveUp();
        drainTimer = setTimeout(giveUp, Math.max(drainMs, EMPTY_GROUP_DRAIN_MS));
      }, drainMs);
      maybeSettle();
    });

    // A hook may never read stdin, or exit before we finish writing (even 10 MiB): the write then fails with
    // EPIPE/ECONNRESET, which only means the hook didn't want (all of) its input. Other stdin errors likewise
    // concern only the hook's end of a pipe, so none of them may crash hookrun.
    child.stdin?.on('error', () => {});
    child.stdout?.on('error', () => {});
    child.stderr?.on('error', () => {});
    child.stdout?.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => err.push(chunk));
    child.stdout?.once('close', () => {
      out.closed = true;
      maybeSettle();
    });
    child.stderr?.once('close', () => {
      err.closed = true;
      maybeSettle();
    });
    child.stdin?.end(req.input);

    if (pgid === undefined) return; // the 'error' event follows and resolves

    liveHooks.add(live);
    hooksStarted++;
    req.signal?.addEventListener('abort', onAbort, { once: true });
    timeoutTimer = setTimeout(
      () => {
        timedOut = true;
        terminate();
      },
      Number.isFinite(req.timeoutMs) ? clampDelay(req.timeoutMs) : MAX_TIMER_MS,
    );
  });
}

let hooksStarted = 0;

/** How many hook processes this process has started. */
export function startedCount(): number {
  return hooksStarted;
}

/** Number of hook processes currently running (for the CLI's report and tests). */
export function liveHookCount(): number {
  return liveHooks.size;
}

/** SIGKILL every running hook group now, without a grace period (a second Ctrl-C: the user has waited enough). */
export function killAllNow(): void {
  for (const hook of liveHooks) hook.killNow();
}

/** SIGTERM every running hook group, SIGKILL after each one's grace period; resolves once all have ended. */
export async function terminateAll(): Promise<void> {
  const hooks = [...liveHooks];
  for (const hook of hooks) hook.terminate();
  await Promise.all(hooks.map((hook) => hook.done));
}

export interface SignalCleanupOptions {
  /** Default SIGINT (Ctrl-C), SIGTERM (kill, CI cancel) and SIGHUP (terminal closed). */
  signals?: readonly NodeJS.Signals[];
  /**
   * Called once every hook group has ended. Default: remove our handlers and re-raise the signal, so hookrun
   * dies by it and the shell sees 128+n (130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP), the convention a
   * calling script (or a shell loop) relies on to stop. `process.exitCode` is set to the same number first, in
   * case another listener keeps the process alive.
   */
  afterCleanup?: (signal: NodeJS.Signals, exitCode: number) => void;
}

/**
 * Install the CLI's interrupt handling; returns the uninstaller. Hooks run in their own process groups, so the
 * terminal's Ctrl-C never reaches them: on SIGINT/SIGTERM/SIGHUP hookrun terminates every live hook group
 * (SIGTERM, SIGKILL after the grace period) before it exits. A second signal during that wait SIGKILLs them at
 * once. If hookrun exits while hooks still run (an uncaught error), their groups are SIGKILLed synchronously:
 * nothing can wait for a grace period at that point. A SIGKILL to hookrun itself cannot be handled; its hooks
 * are then orphaned.
 */
export function terminateAllOnSignals(options: SignalCleanupOptions = {}): () => void {
  const signals = options.signals ?? (['SIGINT', 'SIGTERM', 'SIGHUP'] as const);
  let received: NodeJS.Signals | undefined;

  const uninstall = (): void => {
    for (const sig of signals) process.off(sig, onSignal);
    process.off('exit', onExit);
  };

  const reraise = (sig: NodeJS.Signals, exitCode: number): void => {
    uninstall();
    process.exitCode = exitCode;
    process.kill(process.pid, sig);
  };

  function onSignal(sig: NodeJS.Signals): void {
    if (received) {
      killAllNow();
      return;
    }
    received = sig;
    const exitCode = 128 + (os.constants.signals[sig] ?? 0);
    void terminateAll().then(() => (options.afterCleanup ?? reraise)(sig, exitCode));
  }

  function onExit(): void {
    for (const hook of liveHooks) hook.killNow();
  }

  for (const sig of signals) process.on(sig, onSignal);
  process.on('exit', onExit);
  return uninstall;
}

/**
 * Is any live (non-zombie) process left in the group? kill(-pgid, 0) alone also counts zombies: orphans wait
 * to be reaped by init, which may be slow (~1 s in some sandboxes) or never (a container whose PID 1 doesn't
 * reap). On Linux, a positive answer is therefore checked against /proc.
 */
function processGroupAlive(pgid: number, onError: (error: unknown) => void): boolean {
  try {
    process.kill(-pgid, 0);
  } catch (error) {
    const code = errnoCode(error);
    if (code === 'ESRCH') return false;
    // EPERM: a member we may not signal (e.g. setuid) still exists.
    if (code !== 'EPERM') onError(error);
    return true;
  }
  return process.platform === 'linux' ? linuxGroupHasLiveMember(pgid) : true;
}

function linuxGroupHasLiveMember(pgid: number): boolean {
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return true;
  }
  for (const entry of entries) {
    if (entry.charCodeAt(0) < 48 || entry.charCodeAt(0) > 57) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'latin1');
    } catch {
      continue; // exited meanwhile
    }
    // "pid (comm) state ppid pgrp ..."; comm may contain spaces and parentheses, so parse after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) === pgid && fields[0] !== 'Z' && fields[0] !== 'X') return true;
  }
  return false;
}

function windowsTreeKill(pid: number, onError: (error: unknown) => void): void {
  const killer = spawn()('taskkill', ['/pid', String(pid), '/f', '/t'], { stdio: 'ignore', windowsHide: true });
  killer.once('error', onError);
}

function describeSpawnError(error: Error, req: SpawnRequest): string {
  const code = errnoCode(error);
  const what = `cannot start ${JSON.stringify(req.file)}`;
  if (code === 'ENOENT') {
    // Node reports a missing cwd as "spawn <file> ENOENT" too; tell the two apart.
    if (!isDirectory(req.cwd)) return `${what}: working directory ${JSON.stringify(req.cwd)} does not exist (ENOENT)`;
    return `${what}: no such file or command (ENOENT)`;
  }
  if (code === 'EACCES') return `${what}: permission denied (EACCES)`;
  return `${what}: ${error.message}`;
}

function isDirectory(dir: string): boolean {
  try {
    return fs.statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

function errnoCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function clampDelay(ms: number): number {
  if (Number.isNaN(ms)) return 0;
  return Math.min(Math.max(ms, 0), MAX_TIMER_MS);
}

/**
 * Milliseconds on a monotonic clock. Not performance.now(): the `performance` global loads Node's
 * perf_hooks (~1 ms), paid on every event.
 */
function now(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

function elapsed(since: number): number {
  return Math.round(now() - since);
}

function delay(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
