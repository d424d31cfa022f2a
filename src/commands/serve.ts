// `hookrun serve`: one process for a whole agent session (contract: "hookrun serve"). JSON-RPC 2.0,
// one message per line on stdin, one answer per line on stdout, in the order the answers finish. Each
// `run` or `plan` goes through the same Session (src/session.ts) as the library, and through it the same
// pipeline as `hookrun run`. This module is the edge: framing, protocol errors, the log, the lifetime.
import { type Readable } from 'node:stream';
import os from 'node:os';
import v8 from 'node:v8';
import type { IO } from '../io.js';
import { chooseDialect } from '../dialects/index.js';
import { HookrunError, errorText } from '../errors.js';
import { killAllNow } from '../exec/process.js';
import { formatDiagnostic, renderPlanText, renderRunText, type RunReport } from '../render/report.js';
import { makeChalk } from '../render/color.js';
import { type AnswerNews, Session, type SessionDefaults } from '../session.js';
import type { PlanDescription } from '../plan/describe.js';
import { parseJsonBounded } from '../json-depth.js';
import { mappedStackOf } from '../stack-map.js';
import { describeJsonError } from '../event/json.js';

export interface ServeOptions extends SessionDefaults {
  /** `--verbose`: the human report of every request on stderr (warnings are always there). */
  verbose?: boolean;
  /** How often the parent process is checked for (ms). */
  parentPollMs?: number;
}

/**
 * Without --dialect, the one rule of every command (chooseDialect) decides the session's dialect once, for
 * its workspace, and says so once; a request may still name another.
 */
async function withDialect(options: ServeOptions, io: IO): Promise<ServeOptions> {
  if (options.dialect !== undefined) return options;
  const ctx = { cwd: options.cwd ?? process.cwd(), env: options.env ?? process.env, platform: process.platform, now: () => new Date() };
  const { dialect, note } = await chooseDialect(undefined, ctx);
  if (note) io.stderr(`hookrun: ${note}\n`);
  return { ...options, dialect: dialect.name };
}

/** What the server runs against, injected: its input stream and the process whose signals and parent it watches. */
export interface ServeHost {
  input: Readable;
  process: Pick<NodeJS.Process, 'on' | 'off' | 'ppid' | 'pid'>;
}

/** A line longer than this is refused (-32700) without being kept in memory. */
const MAX_LINE_BYTES = 16 * 1024 * 1024;

const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const METHOD_NOT_FOUND = -32601;
const INVALID_PARAMS = -32602;
const INTERNAL_ERROR = -32603;
/** A request that was well formed but could not be answered: a settings file that does not parse (exit 1 of `run`). */
const HOOKRUN_ERROR = -32000;

const METHODS = ['run', 'plan', 'shutdown'] as const;
const SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * A request's id as the exact JSON text it was sent as: JSON.parse turns 12345678901234567890 into
 * 12345678901234567000 and 1e400 into Infinity, and JSON-RPC asks the answer to carry the id as sent.
 */
type Id = string;
const NULL_ID: Id = 'null';

interface RpcError {
  code: number;
  message: string;
  data?: Record<string, unknown>;
}

class RequestError extends Error {
  constructor(readonly rpc: RpcError) {
    super(rpc.message);
  }
}

/** A HookrunError as `run` would report it, as a JSON-RPC error: bad params (-32602) or a hookrun error (-32000). */
function rpcErrorOf(error: unknown, line: number): RpcError {
  if (error instanceof RequestError) return { ...error.rpc, data: { ...error.rpc.data, line } };
  if (error instanceof HookrunError) {
    const code = error.kind === 'usage' || error.kind === 'input' ? INVALID_PARAMS : HOOKRUN_ERROR;
    const data: Record<string, unknown> = { exitCode: error.exitCode ?? 1, kind: error.kind, line };
    if (error.location) data.location = error.location;
    return { code, message: errorText(error), data };
  }
  return { code: INTERNAL_ERROR, message: `internal error: ${mappedStackOf(error)}`, data: { exitCode: 1, line } };
}

function invalid(line: number, what: string): RequestError {
  return new RequestError({ code: INVALID_REQUEST, message: `stdin line ${line}: not a JSON-RPC 2.0 request: ${what}` });
}

/** A JSON-RPC id: a string, a number (any JSON number: its text is echoed, not its double) or null. */
function isId(value: unknown): boolean {
  return value === null || typeof value === 'string' || typeof value === 'number';
}

const STRUCTURE = /["{}[\]]/g;

/**
 * The exact text of the member `name` of the JSON object in `text` (the last one, which JSON.parse keeps),
 * or undefined. `text` has parsed already, so it is valid JSON and the scan needs no checks.
 */
function memberText(text: string, name: string): string | undefined {
  const blank = (at: number) => {
    while (at < text.length && ' \t\n\r'.includes(text[at]!)) at++;
    return at;
  };
  /** The index after the string that starts at `at` (its closing quote is the first not escaped). */
  const afterString = (at: number) => {
    for (let end = text.indexOf('"', at + 1); ; end = text.indexOf('"', end + 1)) {
      let slashes = 0;
      while (text[end - 1 - slashes] === '\\') slashes++;
      if (slashes % 2 === 0) return end + 1;
    }
  };
  const afterValue = (at: number): number => {
    if (text[at] === '"') return afterString(at);
    if (text[at] !== '{' && text[at] !== '[') {
      while (at < text.length && !',}] \t\n\r'.includes(text[at]!)) at++;
      return at;
    }
    let depth = 0;
    for (;;) {
      // Straight to the next quote or bracket: params may be megabytes.
      STRUCTURE.lastIndex = at;
      at = STRUCTURE.exec(text)!.index;
      const c = text[at]!;
      if (c === '"') {
        at = afterString(at);
        continue;
      }
      depth += c === '{' || c === '[' ? 1 : -1;
      at++;
      if (depth === 0) return at;
    }
  };
  let found: string | undefined;
  let at = blank(text.indexOf('{') + 1);
  while (text[at] === '"') {
    const keyEnd = afterString(at);
    const key: unknown = JSON.parse(text.slice(at, keyEnd));
    const start = blank(blank(keyEnd) + 1);
    const end = afterValue(start);
    if (key === name) found = text.slice(start, end);
    at = blank(end);
    if (text[at] === ',') at = blank(at + 1);
  }
  return found;
}

/** The warnings of one answer that `serve` prints even without --verbose: what `run --quiet` would not stay silent about. */
function warningLines(news: AnswerNews, color: boolean): string[] {
  const c = makeChalk(color);
  const lines: string[] = [];
  if (news.note) lines.push(`hookrun: ${news.note}`);
  const diagnostics = news.report?.diagnostics ?? news.plan?.diagnostics ?? [];
  for (const d of diagnostics) if (d.severity !== 'info') lines.push(formatDiagnostic(d, c));
  for (const result of news.report?.results ?? []) {
    if (result.heldBack || result.error !== undefined) lines.push(`hookrun: ${c.yellow('warning')}: ${news.report!.event} hook "${result.name}" (${result.layer}): ${result.error ?? 'held back'}`);
  }
  for (const note of news.report?.notes ?? []) lines.push(`hookrun: ${c.yellow('note')}: ${note}`);
  return lines;
}

/**
 * V8 doubles its young generation (up to 16 MiB a semi-space) while a process allocates fast, and never
 * gives it back: a server answering thousands of events grew by ~30 MiB of RSS that held only garbage.
 * `--semi-space-growth-factor` is read each time V8 would grow it, so 1 keeps the young generation at
 * its start-up size (`--max-semi-space-size` is read only at start-up and does nothing here). What
 * survives it is mostly an event's garbage too (the live heap after a full collection stays ~7 MiB),
 * and V8 lets the old generation grow to up to 4x its live size before collecting it; 1.5x here
 * (`--heap-growing-percent`, read at each collection). Measured in docs/perf.md (serve's rounds).
 *
 * V8's code cache is keyed by its flags: a pack compiled after this change misses the cache, and one
 * saved after it would miss for every later `run`. So the flags change once the first request has
 * loaded what a session needs, and the returned function puts the defaults back before hookrun exits
 * (and saves its cache). A user who sized the heap on Node's command line or in NODE_OPTIONS keeps it:
 * undefined then.
 */
function holdHeap(execArgv: readonly string[], nodeOptions: string | undefined): (() => void) | undefined {
  const flags = [...execArgv, ...(nodeOptions ?? '').split(/\s+/)];
  if (flags.some((flag) => /^--((max|min)[-_])?semi[-_]space|^--heap[-_]growing/.test(flag))) return undefined;
  v8.setFlagsFromString('--semi-space-growth-factor=1');
  v8.setFlagsFromString('--heap-growing-percent=50');
  return () => {
    v8.setFlagsFromString('--semi-space-growth-factor=2');
    v8.setFlagsFromString('--heap-growing-percent=0');
  };
}

/** The young generation's size now, in MiB (one decimal), for the --verbose log. */
function youngGenerationMiB(): string {
  const space = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
  return ((space?.space_size ?? 0) / 1048576).toFixed(1);
}

export async function serveCommand(given: ServeOptions, io: IO, host: ServeHost): Promise<number> {
  const options = await withDialect(given, io);
  let release: (() => void) | undefined;
  let held: boolean | undefined;
  const holdOnce = () => {
    if (held !== undefined) return;
    release = holdHeap(process.execArgv, process.env.NODE_OPTIONS);
    held = release !== undefined;
  };
  const session = new Session(options);
  const color = io.colorStderr;
  const seen = new Set<string>();
  const pending = new Set<Promise<void>>();
  let interrupted: { why: string; exitCode: number } | undefined;
  let closing = false;
  let finish!: (code: number) => void;
  const finished = new Promise<number>((resolve) => (finish = resolve));

  const log = (text: string) => {
    if (options.verbose) io.stderr(text.endsWith('\n') ? text : `${text}\n`);
  };
  /** Each distinct warning once per session: an untrusted folder would otherwise repeat on every event. */
  const warn = (lines: readonly string[]) => {
    for (const line of lines) {
      if (seen.has(line)) continue;
      seen.add(line);
      io.stderr(`${line}\n`);
    }
  };
  const send = (id: Id, body: { result: unknown } | { error: RpcError }) => {
    // After an interrupt nobody is owed an answer: the events were cut short, as `run` prints nothing then.
    // The id goes in as the text it was sent as (valid JSON: it parsed), the rest as JSON.stringify writes it.
    if (!interrupted) io.stdout(`{"jsonrpc":"2.0","id":${id},${JSON.stringify(body).slice(1)}\n`);
  };
  const answer = (id: Id | undefined, result: unknown) => {
    if (id !== undefined) send(id, { result });
  };
  const fail = (id: Id | undefined, error: RpcError) => {
    if (id !== undefined) send(id, { error });
  };

  const track = (work: Promise<void>) => {
    pending.add(work);
    void work.finally(() => pending.delete(work));
  };
  const drain = async () => {
    while (pending.size > 0) await Promise.allSettled([...pending]);
  };

  const report = (id: Id | undefined, method: string, news: AnswerNews, started: number) => {
    const ms = Math.round(Number(process.hrtime.bigint() - BigInt(started)) / 1e6);
    if (!options.verbose) {
      warn(warningLines(news, color));
      return;
    }
    if (news.note) log(`hookrun: ${news.note}`);
    log(`hookrun serve: request ${id ?? NULL_ID} (${method}) answered in ${ms} ms${news.config ? `; configuration ${news.config}` : ''}`);
    if (news.report && news.answerWords) log(renderRunText(news.report as RunReport, color, news.answerWords));
    else if (news.plan) log(renderPlanText(news.plan as PlanDescription, color));
  };

  const dispatch = async (id: Id | undefined, method: string, params: unknown, line: number): Promise<void> => {
    const started = Number(process.hrtime.bigint());
    if (method === 'shutdown') {
      if (params !== undefined && !(typeof params === 'object' && params !== null && Object.keys(params).length === 0)) {
        fail(id, { code: INVALID_PARAMS, message: `stdin line ${line}: shutdown takes no params`, data: { exitCode: 1, line } });
        return;
      }
      closing = true;
      stopReading();
      await drain();
      answer(id, null);
      log('hookrun serve: shutdown: every event answered');
      finish(0);
      return;
    }
    const news: AnswerNews = {};
    try {
      const result = method === 'plan' ? await session.plan(params as never, news) : await session.run(params as never, news);
      answer(id, result);
      report(id, method, news, started);
    } catch (error) {
      const rpc = rpcErrorOf(error, line);
      fail(id, rpc);
      if (id === undefined || options.verbose) io.stderr(`hookrun: error: stdin line ${line}: ${rpc.message}\n`);
    } finally {
      holdOnce();
    }
  };

  const handle = (text: string, line: number): void => {
    let message: unknown;
    try {
      message = parseJsonBounded(text);
    } catch (error) {
      // Positions and words only: a request carries secrets, and V8's message repeats the text.
      const { offset, reason } = describeJsonError((error as Error).message, text);
      const column = offset + 1;
      fail(NULL_ID, {
        code: PARSE_ERROR,
        message: `stdin line ${line}, column ${column}: not JSON: ${reason}`,
        data: { line, column },
      });
      return;
    }
    let id: Id | undefined;
    try {
      if (Array.isArray(message)) throw invalid(line, 'a batch (an array); send one request per line');
      if (typeof message !== 'object' || message === null) throw invalid(line, `a JSON ${message === null ? 'null' : typeof message}, not an object`);
      const request = message as Record<string, unknown>;
      if ('id' in request) {
        if (!isId(request.id)) throw invalid(line, `"id" must be a string, a number or null, got ${JSON.stringify(request.id)}`);
        id = memberText(text, 'id')!;
      }
      if (request.jsonrpc !== '2.0') throw invalid(line, `"jsonrpc" must be "2.0", got ${JSON.stringify(request.jsonrpc) ?? 'nothing'}`);
      if (typeof request.method !== 'string') throw invalid(line, `"method" must be a string, got ${JSON.stringify(request.method) ?? 'nothing'}`);
      if (!(METHODS as readonly string[]).includes(request.method)) {
        throw new RequestError({ code: METHOD_NOT_FOUND, message: `stdin line ${line}: unknown method ${JSON.stringify(request.method)}; the methods are ${METHODS.join(', ')}` });
      }
      if (request.params !== undefined && (typeof request.params !== 'object' || request.params === null)) {
        throw invalid(line, '"params" must be an object');
      }
      if (Array.isArray(request.params)) {
        throw new RequestError({ code: INVALID_PARAMS, message: `stdin line ${line}: params by position are not supported; give an object`, data: { exitCode: 1 } });
      }
      if (closing) throw new RequestError({ code: INVALID_REQUEST, message: `stdin line ${line}: the server is shutting down` });
      // Not tracked itself: shutdown waits for what is tracked.
      if (request.method === 'shutdown') void dispatch(id, request.method, request.params, line);
      else track(dispatch(id, request.method, request.params, line));
    } catch (error) {
      const rpc = rpcErrorOf(error, line);
      // An id we could not read is answered as null, as JSON-RPC asks.
      if (rpc.code === INVALID_REQUEST && id === undefined) fail(NULL_ID, rpc);
      else fail(id, rpc);
    }
  };

  // Framing: bytes up to each \n are one message. A line past the limit is refused and skipped, not kept.
  let chunks: Buffer[] = [];
  let size = 0;
  let lineNo = 0;
  let skipping = false;
  const onLine = (bytes: Buffer) => {
    lineNo += 1;
    const text = bytes.toString('utf8').replace(/\r$/, '');
    if (text.trim() !== '') handle(text, lineNo);
  };
  const onData = (chunk: Buffer) => {
    let start = 0;
    for (let nl = chunk.indexOf(10); nl !== -1 && !closing; nl = chunk.indexOf(10, start)) {
      const piece = chunk.subarray(start, nl);
      start = nl + 1;
      if (skipping) {
        skipping = false;
        lineNo += 1;
        continue;
      }
      const whole = chunks.length === 0 ? piece : Buffer.concat([...chunks, piece]);
      chunks = [];
      size = 0;
      onLine(whole);
    }
    if (closing || start >= chunk.length || skipping) return;
    const rest = chunk.subarray(start);
    size += rest.length;
    if (size > MAX_LINE_BYTES) {
      chunks = [];
      size = 0;
      skipping = true;
      fail(NULL_ID, { code: PARSE_ERROR, message: `stdin line ${lineNo + 1}: longer than ${MAX_LINE_BYTES} bytes; one message per line, no longer than that`, data: { line: lineNo + 1 } });
      return;
    }
    // Copied: the stream may reuse its buffer.
    chunks.push(Buffer.from(rest));
  };
  const onEnd = () => {
    if (!skipping && chunks.length > 0) {
      const last = Buffer.concat(chunks);
      chunks = [];
      onLine(last);
    }
    closing = true;
    void drain().then(() => {
      log('hookrun serve: end of input: every event answered');
      log(`hookrun serve: young generation ${youngGenerationMiB()} MiB (${held ? 'held at its start-up size' : "as Node's flags size it"})`);
      finish(0);
    });
  };
  function stopReading(): void {
    host.input.off('data', onData);
    host.input.off('end', onEnd);
    host.input.off('error', onEnd);
    host.input.pause();
    host.input.destroy();
  }

  // Interrupts stop every running hook as `run` does (SIGTERM to the group, SIGKILL after --grace), then exit 128+n.
  const stopAll = (why: string, exitCode: number) => {
    if (interrupted) {
      // A second signal while the hooks are being stopped: kill them now, no grace.
      killAllNow();
      return;
    }
    interrupted = { why, exitCode };
    closing = true;
    stopReading();
    session.stop(why);
    void drain().then(() => {
      io.stderr(`hookrun: ${why}; every running hook was stopped\n`);
      finish(exitCode);
    });
  };
  const onSignal = (signal: NodeJS.Signals) => stopAll(`interrupted by ${signal}`, 128 + (os.constants.signals[signal] ?? 0));
  for (const signal of SIGNALS) host.process.on(signal, onSignal);

  // The server belongs to the process that started it: when that one is gone (re-parented to init or a
  // subreaper), nobody reads the answers. Polled because Linux's parent-death signal is not reachable from Node.
  const parent = host.process.ppid;
  const watch = setInterval(() => {
    if (host.process.ppid !== parent) stopAll(`parent process ${parent} is gone`, 129);
  }, options.parentPollMs ?? 500);
  watch.unref();

  host.input.on('data', onData);
  host.input.on('end', onEnd);
  // A read error (EIO from a closed terminal) ends the input as EOF does.
  host.input.on('error', onEnd);
  log(`hookrun serve: ready (pid ${host.process.pid}, dialect ${options.dialect}, workspace ${options.cwd ?? '.'})`);

  try {
    return await finished;
  } finally {
    clearInterval(watch);
    for (const signal of SIGNALS) host.process.off(signal, onSignal);
    release?.();
  }
}
