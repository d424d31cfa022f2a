// The one module that owns a hook process's lifetime, as a small state machine:
//
//   running ──exit──▶ exited ──pipes closed──▶ (--contain: ending ──▶) done
//      │                 │
//      └─────────────────┴──timeout / interrupt──▶ ending ──session empty──▶ done
//
// The decision follows the agent (Gemini CLI reads until the pipes close and clears its timeout only
// then); the process handling is stricter (the timeout ends the hook's whole session, SIGKILL follows).
//
// node:child_process directly, not execa: we need a session per hook, per-stream byte caps and to stop
// waiting on pipes held by escaped grandchildren; execa's import + spawn also costs ~45 ms, paid on every event.
// node:child_process itself (with node:net and the streams, ~6 ms) is loaded when the first hook starts: an
// event that no hook matches never needs it.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import type { EscapedProcess, ProcessOutcome } from '../pipeline/types.js';
import { shortened } from '../render/mask.js';

const spawn = () => process.getBuiltinModule('node:child_process').spawn;

export interface SpawnRequest {
  file: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  /** Written to stdin (UTF-8), then stdin is closed. */
  input: string;
  /** Gemini semantics: counted from spawn until the pipes close; <= 0 expires at once; non-finite or huge means "never". */
  timeoutMs: number;
  /** Time between SIGTERM and SIGKILL. Default 5000, as Gemini's second timer. */
  graceMs?: number;
  /** Bytes kept per stream; the rest is read and dropped. Default DEFAULT_MAX_CAPTURE_BYTES. */
  maxCaptureBytes?: number;
  /** What all the hooks of the event may keep together, per stream kind (see OutputBudget). */
  budget?: { stdout: OutputBudget; stderr: OutputBudget };
  /** Cancels the hook like a timeout does (SIGTERM → grace → SIGKILL), without marking it timed out. */
  signal?: AbortSignal;
  /**
   * Decode each read from a pipe on its own, as Gemini CLI does (`stdout += data.toString()`): a
   * character split between two reads becomes U+FFFD there. Otherwise the whole stream is decoded at once.
   */
  decodeEachRead?: boolean;
  /** `--contain`: once the hook is done, end what it left running in its session, and name what escaped. */
  contain?: boolean;
}

/** ProcessOutcome plus what only this module can see; still assignable to ProcessOutcome. */
export interface RunOutcome extends ProcessOutcome {
  pipesHeldAfterExit: boolean;
  /** A kill that failed for a reason other than "no such process" (e.g. EPERM). Never silently dropped. */
  killError?: string;
}

const DEFAULT_GRACE_MS = 5000;
/**
 * 16 MiB per stream. Hook answers are JSON decisions, but BeforeModel/AfterModel hooks may echo back a whole
 * `llm_request`/`llm_response` (a 1M-token context is ~4–8 MB of JSON), and cutting that would turn valid JSON
 * into plain text and change the decision. Memory stays bounded: at most 32 MiB per event (OutputBudget).
 */
const DEFAULT_MAX_CAPTURE_BYTES = 16 * 1024 * 1024;

/**
 * Once the session is empty and nothing alive holds the pipes, their last bytes and EOF are on their way: on a
 * starved machine (load far above the core count) they were seen to arrive more than 200 ms late.
 */
const LATE_EOF_MS = 1000;
const POLL_MS = 20;
/** Time to wait for members after SIGKILL (uninterruptible sleep) before giving up on them. */
const AFTER_KILL_WAIT_MS = 1000;
/** How long a hook's exit status may lag behind its death before hookrun reports it unknown. */
const EXIT_STATUS_WAIT_MS = 10_000;
const MAX_TIMER_MS = 2 ** 31 - 1;
/** Set in a contained hook's environment, so that what left its session with setsid can still be named. */
const CONTAIN_MARKER = 'HOOKRUN_CONTAIN';
const isWindows = process.platform === 'win32';
const isLinux = process.platform === 'linux';

/** The first bytes of each stream that no other hook of the event can take from it: a guard's whole answer. */
const RESERVED_SHARE = 64 * 1024;

/**
 * What all the hooks of one event may keep of one stream kind together: the capture cap (--max-output)
 * bounds one hook's stream, this bounds the event's, so memory no longer grows with the number of hooks
 * (8 hooks near the cap kept 8 × 16 MiB, and their text and JSON several times that). Each hook's stream
 * is guaranteed its share (64 KiB, less when total / hooks is smaller): a guard's short answer is never cut
 * because another hook floods. Beyond its share a stream draws on the pool (the total less every share),
 * first come, first served; once the pool is empty every further byte is dropped and the stream counts as
 * cut, as at the cap.
 */
export class OutputBudget {
  private pool: number;
  private readonly share: number;

  constructor(total: number | undefined, hooks: number) {
    const bytes = Math.max(0, total ?? DEFAULT_MAX_CAPTURE_BYTES);
    this.share = Math.min(RESERVED_SHARE, Math.floor(bytes / Math.max(hooks, 1)));
    this.pool = bytes - this.share * Math.max(hooks, 1);
  }

  /** How many of `wanted` more bytes a stream that holds `held` may keep: its share first, then the pool's. */
  take(held: number, wanted: number): number {
    const fromShare = Math.max(0, Math.min(wanted, this.share - held));
    const fromPool = Math.min(wanted - fromShare, this.pool);
    this.pool -= fromPool;
    return fromShare + fromPool;
  }
}

/** ASCII whitespace, which String.prototype.trim removes (so a trimming reader never sees it). */
const isBlank = (byte: number): boolean => byte === 0x20 || (byte >= 0x09 && byte <= 0x0d);

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
  /** Everything dropped past the cap was blanks: a reader that trims would see the same text. */
  droppedOnlyBlanks = true;
  closed = false;

  constructor(
    private readonly cap: number,
    decodeEachRead = false,
    private readonly budget?: OutputBudget,
  ) {
    this.ends = decodeEachRead ? [] : undefined;
  }

  push(chunk: Buffer): void {
    let room = this.cap - this.size;
    if (this.budget) room = this.budget.take(this.size, Math.max(0, Math.min(chunk.length, room)));
    if (chunk.length > room) {
      this.truncated = true;
      this.noteDropped(chunk, Math.max(room, 0));
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

  // Stops looking at the first non-blank: a flood of anything else costs one byte's check.
  private noteDropped(chunk: Buffer, from: number): void {
    if (!this.droppedOnlyBlanks) return;
    for (let i = from; i < chunk.length; i++) {
      if (!isBlank(chunk[i]!)) {
        this.droppedOnlyBlanks = false;
        return;
      }
    }
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

type Phase = 'running' | 'exited' | 'ending' | 'done';

/** Hooks running right now, so that a second interrupt can SIGKILL every one of their sessions at once. */
const liveHooks = new Set<HookProcess>();
let hooksStarted = 0;
let containCount = 0;

/** One hook process from spawn to outcome; each method is one named transition. */
class HookProcess {
  private phase: Phase = 'running';
  private readonly started = now();
  private readonly graceMs: number;
  private readonly out: Capture;
  private readonly err: Capture;
  private readonly child: ChildProcess;
  /** The hook is a session leader (detached: setsid), so its pid is its session and group id. */
  private readonly sid: number;
  private readonly marker: string | undefined;
  /** The hook's ends of its stdio pipes, to find who still holds them ("socket:[inode]"). */
  private readonly pipeLinks: string[];
  /** When the hook started, in the kernel's clock ticks: what it started cannot be older. */
  private readonly startTicks: number;
  private exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  private timedOut = false;
  private killed = false;
  private killAt = Infinity;
  private killError: string | undefined;
  private pipesHeldAfterExit = false;
  private contained = 0;
  private escaped: EscapedProcess[] = [];
  private timeoutTimer: NodeJS.Timeout | undefined;
  private onAbort = (): void => this.end('interrupt');
  private resolve: (outcome: RunOutcome) => void = () => {};
  readonly outcome: Promise<RunOutcome>;

  constructor(
    private readonly req: SpawnRequest,
    child: ChildProcess,
    marker: string | undefined,
  ) {
    this.child = child;
    this.sid = child.pid!;
    this.marker = marker;
    this.graceMs = clampDelay(req.graceMs ?? DEFAULT_GRACE_MS);
    const cap = Math.max(0, req.maxCaptureBytes ?? DEFAULT_MAX_CAPTURE_BYTES);
    this.out = new Capture(cap, req.decodeEachRead, req.budget?.stdout);
    this.err = new Capture(cap, req.decodeEachRead, req.budget?.stderr);
    this.outcome = new Promise((r) => (this.resolve = r));
    // Read at once, before the hook can redirect them; an escaped holder is found by these later.
    this.pipeLinks = isLinux ? [0, 1, 2].map((fd) => readLink(`/proc/${this.sid}/fd/${fd}`)).filter((l) => l.startsWith('socket:')) : [];
    this.startTicks = (isLinux && readStat(String(this.sid))?.start) || 0;
    this.wire();
  }

  private wire(): void {
    const { child, req } = this;
    child.once('exit', (code, signal) => this.onExit(code, signal));
    // A hook may never read stdin, or exit before we finish writing (even 10 MiB): the write then fails with
    // EPIPE/ECONNRESET, which only means the hook didn't want (all of) its input. Other stdin errors likewise
    // concern only the hook's end of a pipe, so none of them may crash hookrun.
    child.stdin?.on('error', () => {});
    child.stdout?.on('error', () => {});
    child.stderr?.on('error', () => {});
    child.stdout?.on('data', (chunk: Buffer) => this.out.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => this.err.push(chunk));
    child.stdout?.once('close', () => this.onStreamClosed(this.out));
    child.stderr?.once('close', () => this.onStreamClosed(this.err));
    child.stdin?.end(req.input);
    req.signal?.addEventListener('abort', this.onAbort, { once: true });
    // Not cleared at exit: Gemini's timer runs until the pipes close, so a background child holding them is
    // waited for up to the timeout, and the hook then counts as timed out, as it does there.
    this.timeoutTimer = setTimeout(() => this.onTimeout(), Number.isFinite(req.timeoutMs) ? clampDelay(req.timeoutMs) : MAX_TIMER_MS);
  }

  private onExit(code: number | null, signal: NodeJS.Signals | null): void {
    this.exit = { code, signal };
    if (this.phase === 'running') this.phase = 'exited';
    this.maybeDone();
  }

  private onStreamClosed(capture: Capture): void {
    capture.closed = true;
    this.maybeDone();
  }

  private onTimeout(): void {
    // Already being ended (--contain after a normal exit, or an interrupt): that is not the hook timing out.
    if (this.phase === 'ending' || this.phase === 'done') return;
    this.timedOut = true;
    this.pipesHeldAfterExit = this.exit !== undefined;
    this.end('timeout');
  }

  // The hook exited and its pipes closed: the agent would now use the answer and leave any background job
  // alone; --contain ends that job first, so a CI run leaves nothing behind.
  private maybeDone(): void {
    if (this.phase !== 'exited' || !this.out.closed || !this.err.closed) return;
    if (this.req.contain) this.end('contain');
    else this.finish();
  }

  /** SIGKILL now, without a grace period (a second Ctrl-C: the user has waited enough). */
  killNow(): void {
    if (this.phase === 'done') return;
    this.killAt = now();
    this.end('interrupt');
  }

  // SIGTERM to every process of the hook's session so each can clean up, SIGKILL to whatever outlives the
  // grace period. The session, not the group: `set -m; cmd &` and setpgrp leave the group but not the session.
  private end(why: 'timeout' | 'interrupt' | 'contain'): void {
    if (this.phase === 'ending' || this.phase === 'done') return;
    this.phase = 'ending';
    if (this.killAt === Infinity) this.killAt = now() + this.graceMs;
    void this.endSession(why === 'contain').then(() => this.finish());
  }

  private async endSession(containing: boolean): Promise<void> {
    if (isWindows) {
      // No sessions to find what a finished hook left; for a running one, Gemini's forceful tree kill.
      if (containing) return;
      windowsTreeKill(this.sid, (error) => this.noteKillError(error));
      this.killed = true;
      await this.until(() => this.exit !== undefined, AFTER_KILL_WAIT_MS + this.graceMs);
      return;
    }
    const termed = new Set<number>();
    let first = true;
    for (;;) {
      const at = now();
      const table = processTable();
      const members = table ? sessionMembers(table, this.sid) : groupMembers(this.sid, (e) => this.noteKillError(e));
      if (first) {
        first = false;
        if (containing) this.contained = members.length;
        // Now, while the parents of what left the session may still be alive to link it to the hook.
        if (table) this.noteEscapes(table, false);
      }
      if (members.length === 0 && this.exit) break;
      if (at >= this.killAt + AFTER_KILL_WAIT_MS) break;
      if (at >= this.killAt) {
        if (members.length > 0) this.killed = true;
        for (const pid of members) this.signal(pid, 'SIGKILL');
      } else {
        for (const pid of members) if (!termed.has(pid)) this.signal(pid, 'SIGTERM');
        for (const pid of members) termed.add(pid);
      }
      await delay(POLL_MS);
    }
    // Its exit status arrives with SIGCHLD, which a loaded machine can deliver well after the session emptied.
    await this.until(() => this.exit !== undefined, EXIT_STATUS_WAIT_MS);
    // The session is empty: a pipe still open is held by a process that left it, or its EOF is merely late.
    if (!this.out.closed || !this.err.closed) {
      const table = processTable(true);
      const younger = table?.filter((e) => e.start >= this.startTicks);
      const holders = younger ? pipeHolders(younger, this.pipeLinks) : [];
      if (table) this.noteEscapes(table, true, holders);
      if (holders.length === 0) await this.until(() => this.out.closed && this.err.closed, LATE_EOF_MS);
      if (this.exit && (!this.out.closed || !this.err.closed)) this.pipesHeldAfterExit = true;
    }
  }

  /** Processes hookrun started that left the session with setsid: named, never signalled (they meant to go). */
  private noteEscapes(table: ProcEntry[], pipesOpen: boolean, holderPids: number[] = []): void {
    const known = new Set(this.escaped.map((e) => e.pid));
    const byPid = new Map(table.map((e) => [e.pid, e]));
    const descends = (entry: ProcEntry): boolean => {
      for (let e: ProcEntry | undefined = entry, depth = 0; e && depth < 64; e = byPid.get(e.ppid), depth++) {
        if (e.sid === this.sid) return true;
      }
      return false;
    };
    const holders = new Set(pipesOpen ? holderPids : []);
    for (const entry of table) {
      if (entry.sid === this.sid || entry.start < this.startTicks || known.has(entry.pid) || !alive(entry)) continue;
      const ours = descends(entry) || holders.has(entry.pid) || (this.marker !== undefined && hasMarker(entry.pid, this.marker));
      if (!ours) continue;
      this.escaped.push({ pid: entry.pid, command: commandLine(entry.pid) });
      known.add(entry.pid);
    }
  }

  private signal(pid: number, sig: NodeJS.Signals): void {
    try {
      process.kill(pid, sig);
    } catch (error) {
      if (errnoCode(error) !== 'ESRCH') this.noteKillError(error);
    }
  }

  private noteKillError(error: unknown): void {
    this.killError ??= errorMessage(error);
  }

  private async until(condition: () => boolean, withinMs: number): Promise<void> {
    const deadline = now() + withinMs;
    while (!condition() && now() < deadline) await delay(POLL_MS);
  }

  private finish(): void {
    if (this.phase === 'done') return;
    this.phase = 'done';
    clearTimeout(this.timeoutTimer);
    this.req.signal?.removeEventListener('abort', this.onAbort);
    liveHooks.delete(this);
    // Our ends only: an escaped writer gets EPIPE, a non-reading holder of stdin is no longer waited for.
    this.child.stdin?.destroy();
    this.child.stdout?.destroy();
    this.child.stderr?.destroy();
    const { out, err } = this;
    // Named while the session was ended; one that has since exited is no longer running anywhere.
    const escaped = this.escaped.filter((e) => isRunning(e.pid));
    this.resolve({
      stdout: out.text(),
      stderr: err.text(),
      exitCode: this.exit?.code ?? null,
      signal: this.exit?.signal ?? null,
      timedOut: this.timedOut,
      stdoutTruncated: out.truncated,
      stderrTruncated: err.truncated,
      ...(out.truncated && out.droppedOnlyBlanks ? { stdoutCutBlanksOnly: true } : {}),
      ...(err.truncated && err.droppedOnlyBlanks ? { stderrCutBlanksOnly: true } : {}),
      durationMs: elapsed(this.started),
      killed: this.killed,
      pipesHeldAfterExit: this.pipesHeldAfterExit,
      ...(this.contained > 0 ? { contained: this.contained } : {}),
      ...(escaped.length > 0 ? { escaped } : {}),
      ...(this.killError !== undefined ? { killError: this.killError } : {}),
    });
  }
}

/** Run one hook process to completion. Never rejects: hook misbehaviour is data in the outcome. */
export function runProcess(req: SpawnRequest): Promise<RunOutcome> {
  const started = now();
  const notStarted = (message: string): Promise<RunOutcome> =>
    Promise.resolve({
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
  const marker = req.contain && isLinux ? `${process.pid}.${++containCount}` : undefined;
  let child: ChildProcess;
  try {
    child = spawn()(req.file, req.args, {
      cwd: req.cwd,
      env: marker ? { ...req.env, [CONTAIN_MARKER]: marker } : req.env,
      stdio: ['pipe', 'pipe', 'pipe'],
      // setsid on POSIX: the hook leads its own session and group, so everything it starts can be found and
      // ended. It has no controlling terminal then (it can't open /dev/tty; Gemini's hooks can).
      detached: !isWindows,
      windowsHide: true,
    });
  } catch (error) {
    // Synchronous throws are argument errors (e.g. a NUL byte in an argument or env value).
    return notStarted(`cannot start ${JSON.stringify(req.file)}: ${errorMessage(error)}`);
  }
  if (child.pid === undefined) {
    // No pid: the spawn failed, and the 'error' event says why.
    for (const stream of [child.stdin, child.stdout, child.stderr]) stream?.on('error', () => {});
    return new Promise((resolve) => {
      child.once('error', (error) => resolve(notStarted(describeSpawnError(error, req))));
    });
  }
  const hook = new HookProcess(req, child, marker);
  liveHooks.add(hook);
  hooksStarted++;
  return hook.outcome;
}

/** How many hook processes this process has started. */
export function startedCount(): number {
  return hooksStarted;
}

/** SIGKILL every running hook's session now (a second interrupt). */
export function killAllNow(): void {
  for (const hook of liveHooks) hook.killNow();
}

interface ProcEntry {
  pid: number;
  ppid: number;
  sid: number;
  state: string;
  /** Start time in clock ticks since boot. */
  start: number;
}

const alive = (entry: ProcEntry): boolean => entry.state !== 'Z' && entry.state !== 'X';

function isRunning(pid: number): boolean {
  const entry = readStat(String(pid));
  return entry !== undefined && alive(entry);
}

let lastTable: { at: number; table: ProcEntry[] } | undefined;

/**
 * Every process in /proc (Linux), or undefined where there is no /proc to read. Hooks being ended at once
 * (an interrupt) share one reading per poll: reading /proc costs milliseconds per hundred processes.
 */
function processTable(fresh = false): ProcEntry[] | undefined {
  if (!isLinux) return undefined;
  if (!fresh && lastTable && now() - lastTable.at < POLL_MS) return lastTable.table;
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return undefined;
  }
  const table: ProcEntry[] = [];
  for (const entry of entries) {
    if (entry.charCodeAt(0) < 48 || entry.charCodeAt(0) > 57) continue;
    const stat = readStat(entry);
    if (stat) table.push(stat);
  }
  lastTable = { at: now(), table };
  return table;
}

/**
 * One reading of /proc/<pid>/stat: at most ~1.1 KB (a 64-byte name and 52 numbers), which the kernel hands
 * over whole in one read. fs.readFileSync would stat the file (size 0, as every /proc file) and allocate
 * 64 KiB for it, on every hook started and for every process of each /proc scan (docs/perf.md, Seventh round).
 */
const statBuffer = Buffer.allocUnsafe(4096);

function readStat(pid: string): ProcEntry | undefined {
  let stat: string;
  try {
    const fd = fs.openSync(`/proc/${pid}/stat`, 'r');
    try {
      stat = statBuffer.toString('latin1', 0, fs.readSync(fd, statBuffer, 0, statBuffer.length, 0));
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return undefined; // exited meanwhile
  }
  // "pid (comm) state ppid pgrp session … starttime(22nd)"; comm may hold spaces and parentheses: parse after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { pid: Number(pid), ppid: Number(fields[1]), sid: Number(fields[3]), state: fields[0]!, start: Number(fields[19]) };
}

/** Live (non-zombie) members of the session: zombies wait for a reaper, which may be slow or never come. */
function sessionMembers(table: ProcEntry[], sid: number): number[] {
  return table.filter((e) => e.sid === sid && alive(e)).map((e) => e.pid);
}

/** Without /proc (macOS, BSD): the hook's process group, the closest thing kill(2) can reach. */
function groupMembers(pgid: number, onError: (error: unknown) => void): number[] {
  try {
    process.kill(-pgid, 0);
    return [-pgid];
  } catch (error) {
    const code = errnoCode(error);
    if (code === 'ESRCH') return [];
    // EPERM: a member we may not signal (e.g. setuid) still exists.
    if (code !== 'EPERM') onError(error);
    return [-pgid];
  }
}

/** Live processes with one of the hook's stdio pipes open (possibly under another fd number). */
function pipeHolders(table: ProcEntry[], links: string[]): number[] {
  if (links.length === 0) return [];
  const holders: number[] = [];
  for (const entry of table) {
    if (!alive(entry)) continue;
    let fds: string[];
    try {
      fds = fs.readdirSync(`/proc/${entry.pid}/fd`);
    } catch {
      continue;
    }
    if (fds.some((fd) => links.includes(readLink(`/proc/${entry.pid}/fd/${fd}`)))) holders.push(entry.pid);
  }
  return holders;
}

function hasMarker(pid: number, marker: string): boolean {
  try {
    return fs.readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').includes(`${CONTAIN_MARKER}=${marker}`);
  } catch {
    return false;
  }
}

function commandLine(pid: number): string {
  try {
    const text = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0+$/, '').replaceAll('\0', ' ');
    return shortened(text, 200);
  } catch {
    return '';
  }
}

function readLink(file: string): string {
  try {
    return fs.readlinkSync(file);
  } catch {
    return '';
  }
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
