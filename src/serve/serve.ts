// `hookrun serve`: one process for a whole agent session (docs/serve.md). JSON-RPC 2.0, one message per
// line on stdin, one answer per line on stdout, in the order the answers finish. Each `run` or `plan` goes
// through the same Session (session.ts) as the library, and through it the same pipeline as `hookrun run`.
// This module is the edge's lifetime: reading lines (lines.ts), answering requests (json-rpc.ts), the
// log, signals, the parent's death and the end of input.
import os from 'node:os';
import type { Readable } from 'node:stream';
import { holdHeap, youngGenerationMiB } from '../boot/heap.js';
import type { IO } from '../cli/io.js';
import { chooseDialect } from '../dialects/index.js';
import { killAllNow } from '../exec/process.js';
import type { PlanDescription } from '../pipeline/describe.js';
import { makeChalk } from '../render/color.js';
import { formatDiagnostic, renderPlanText, renderRunText, type RunReport } from '../render/report.js';
import { BadRequest, type Id, INVALID_PARAMS, INVALID_REQUEST, NULL_ID, PARSE_ERROR, type Request, RequestError, type RpcError, readRequest, rpcErrorOf } from './json-rpc.js';
import { LineSplitter } from './lines.js';
import { type AnswerNews, Session, type SessionDefaults } from './session.js';

export interface ServeOptions extends SessionDefaults {
  /** `--verbose`: the human report of every request on stderr (warnings are always there). */
  verbose?: boolean;
  /** How often the parent process is checked for (ms). */
  parentPollMs?: number;
}

/** What the server runs against, injected: its input stream and the process whose signals and parent it watches. */
export interface ServeHost {
  input: Readable;
  process: Pick<NodeJS.Process, 'on' | 'off' | 'ppid' | 'pid'>;
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

/** A line longer than this is refused (-32700) without being kept in memory. */
const MAX_LINE_BYTES = 16 * 1024 * 1024;

const SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** The warnings of one answer that `serve` prints even without --verbose: what `run --quiet` would not stay silent about. */
function warningLines(news: AnswerNews, color: boolean): string[] {
  const c = makeChalk(color);
  const lines: string[] = [];
  if (news.note) lines.push(`hookrun: ${news.note}`);
  const diagnostics = news.report?.diagnostics ?? news.plan?.diagnostics ?? [];
  for (const d of diagnostics) if (d.severity !== 'info') lines.push(formatDiagnostic(d, c));
  for (const result of news.report?.results ?? []) {
    if (result.heldBack || result.error !== undefined)
      lines.push(`hookrun: ${c.yellow('warning')}: ${news.report!.event} hook "${result.name}" (${result.layer}): ${result.error ?? 'held back'}`);
  }
  for (const note of news.report?.notes ?? []) lines.push(`hookrun: ${c.yellow('note')}: ${note}`);
  return lines;
}

/** One server: its session, the requests under way, and how it ends. */
class Server {
  readonly #session: Session;
  readonly #color: boolean;
  /** The warnings already printed: each distinct one once per session. */
  readonly #warned = new Set<string>();
  readonly #pending = new Set<Promise<void>>();
  readonly #lines: LineSplitter;
  /** Set by a signal or the parent's death: nobody is owed an answer any more. */
  #interrupted: { why: string; exitCode: number } | undefined;
  /** No new request is taken: after shutdown, the end of input or an interrupt. */
  #closing = false;
  /** The heap flags' reset, once the first request has loaded what a session needs (undefined: not held). */
  #releaseHeap: (() => void) | undefined;
  #heapHeld: boolean | undefined;
  #finish!: (code: number) => void;
  readonly finished = new Promise<number>((resolve) => (this.#finish = resolve));

  constructor(
    private readonly options: ServeOptions,
    private readonly io: IO,
    private readonly host: ServeHost,
  ) {
    this.#session = new Session(options);
    this.#color = io.colorStderr;
    this.#lines = new LineSplitter(
      MAX_LINE_BYTES,
      (text, line) => this.#handle(text, line),
      (line) =>
        this.#fail(NULL_ID, { code: PARSE_ERROR, message: `stdin line ${line}: longer than ${MAX_LINE_BYTES} bytes; one message per line, no longer than that`, data: { line } }),
      () => this.#closing,
    );
  }

  readonly onData = (chunk: Buffer): void => this.#lines.push(chunk);

  readonly onEnd = (): void => {
    this.#lines.end();
    this.#closing = true;
    void this.#drain().then(() => {
      this.#log('hookrun serve: end of input: every event answered');
      this.#log(`hookrun serve: young generation ${youngGenerationMiB()} MiB (${this.#heapHeld ? 'held at its start-up size' : "as Node's flags size it"})`);
      this.#finish(0);
    });
  };

  /** Interrupts stop every running hook as `run` does (SIGTERM to the group, SIGKILL after --grace), then exit with `exitCode`. */
  stopAll(why: string, exitCode: number): void {
    if (this.#interrupted) {
      // A second signal while the hooks are being stopped: kill them now, no grace.
      killAllNow();
      return;
    }
    this.#interrupted = { why, exitCode };
    this.#closing = true;
    this.stopReading();
    this.#session.stop(why);
    void this.#drain().then(() => {
      this.io.stderr(`hookrun: ${why}; every running hook was stopped\n`);
      this.#finish(exitCode);
    });
  }

  stopReading(): void {
    const { input } = this.host;
    input.off('data', this.onData);
    input.off('end', this.onEnd);
    input.off('error', this.onEnd);
    input.pause();
    input.destroy();
  }

  /** Puts V8's heap flags back, if the server changed them. */
  releaseHeap(): void {
    this.#releaseHeap?.();
  }

  #log(text: string): void {
    if (this.options.verbose) this.io.stderr(text.endsWith('\n') ? text : `${text}\n`);
  }

  /** Each distinct warning once per session: an untrusted folder would otherwise repeat on every event. */
  #warn(lines: readonly string[]): void {
    for (const line of lines) {
      if (this.#warned.has(line)) continue;
      this.#warned.add(line);
      this.io.stderr(`${line}\n`);
    }
  }

  #send(id: Id, body: { result: unknown } | { error: RpcError }): void {
    // After an interrupt nobody is owed an answer: the events were cut short, as `run` prints nothing then.
    // The id goes in as the text it was sent as (valid JSON: it parsed), the rest as JSON.stringify writes it.
    if (!this.#interrupted) this.io.stdout(`{"jsonrpc":"2.0","id":${id},${JSON.stringify(body).slice(1)}\n`);
  }

  #answer(id: Id | undefined, result: unknown): void {
    if (id !== undefined) this.#send(id, { result });
  }

  #fail(id: Id | undefined, error: RpcError): void {
    if (id !== undefined) this.#send(id, { error });
  }

  #track(work: Promise<void>): void {
    this.#pending.add(work);
    void work.finally(() => this.#pending.delete(work));
  }

  async #drain(): Promise<void> {
    while (this.#pending.size > 0) await Promise.allSettled([...this.#pending]);
  }

  #holdHeapOnce(): void {
    if (this.#heapHeld !== undefined) return;
    this.#releaseHeap = holdHeap(process.execArgv, process.env.NODE_OPTIONS);
    this.#heapHeld = this.#releaseHeap !== undefined;
  }

  #report(id: Id | undefined, method: string, news: AnswerNews, started: number): void {
    const ms = Math.round(Number(process.hrtime.bigint() - BigInt(started)) / 1e6);
    if (!this.options.verbose) {
      this.#warn(warningLines(news, this.#color));
      return;
    }
    if (news.note) this.#log(`hookrun: ${news.note}`);
    this.#log(`hookrun serve: request ${id ?? NULL_ID} (${method}) answered in ${ms} ms${news.config ? `; configuration ${news.config}` : ''}`);
    if (news.report && news.answerWords) this.#log(renderRunText(news.report as RunReport, this.#color, news.answerWords));
    else if (news.plan) this.#log(renderPlanText(news.plan as PlanDescription, this.#color));
  }

  async #shutdown({ id, params }: Request, line: number): Promise<void> {
    if (params !== undefined && !(typeof params === 'object' && params !== null && Object.keys(params).length === 0)) {
      this.#fail(id, { code: INVALID_PARAMS, message: `stdin line ${line}: shutdown takes no params`, data: { exitCode: 1, line } });
      return;
    }
    this.#closing = true;
    this.stopReading();
    await this.#drain();
    this.#answer(id, null);
    this.#log('hookrun serve: shutdown: every event answered');
    this.#finish(0);
  }

  async #dispatch({ id, method, params }: Request, line: number): Promise<void> {
    const started = Number(process.hrtime.bigint());
    const news: AnswerNews = {};
    try {
      const result = method === 'plan' ? await this.#session.plan(params as never, news) : await this.#session.run(params as never, news);
      this.#answer(id, result);
      this.#report(id, method, news, started);
    } catch (error) {
      const rpc = rpcErrorOf(error, line);
      this.#fail(id, rpc);
      if (id === undefined || this.options.verbose) this.io.stderr(`hookrun: error: stdin line ${line}: ${rpc.message}\n`);
    } finally {
      this.#holdHeapOnce();
    }
  }

  #handle(text: string, line: number): void {
    let request: Request;
    try {
      request = readRequest(text, line);
    } catch (error) {
      if (!(error instanceof BadRequest)) return this.#fail(NULL_ID, (error as RequestError).rpc);
      const rpc = rpcErrorOf(error.reason, line);
      // An id we could not read is answered as null, as JSON-RPC asks.
      return this.#fail(rpc.code === INVALID_REQUEST && error.id === undefined ? NULL_ID : error.id, rpc);
    }
    if (this.#closing) {
      const rpc = rpcErrorOf(new RequestError({ code: INVALID_REQUEST, message: `stdin line ${line}: the server is shutting down` }), line);
      return this.#fail(request.id ?? NULL_ID, rpc);
    }
    // Not tracked itself: shutdown waits for what is tracked.
    if (request.method === 'shutdown') void this.#shutdown(request, line);
    else this.#track(this.#dispatch(request, line));
  }
}

export async function serveCommand(given: ServeOptions, io: IO, host: ServeHost): Promise<number> {
  const options = await withDialect(given, io);
  const server = new Server(options, io, host);
  const onSignal = (signal: NodeJS.Signals) => server.stopAll(`interrupted by ${signal}`, 128 + (os.constants.signals[signal] ?? 0));
  for (const signal of SIGNALS) host.process.on(signal, onSignal);

  // The server belongs to the process that started it: when that one is gone (re-parented to init or a
  // subreaper), nobody reads the answers. Polled because Linux's parent-death signal is not reachable from Node.
  const parent = host.process.ppid;
  const watch = setInterval(() => {
    if (host.process.ppid !== parent) server.stopAll(`parent process ${parent} is gone`, 129);
  }, options.parentPollMs ?? 500);
  watch.unref();

  host.input.on('data', server.onData);
  host.input.on('end', server.onEnd);
  // A read error (EIO from a closed terminal) ends the input as EOF does.
  host.input.on('error', server.onEnd);
  if (options.verbose) io.stderr(`hookrun serve: ready (pid ${host.process.pid}, dialect ${options.dialect}, workspace ${options.cwd ?? '.'})\n`);

  try {
    return await server.finished;
  } finally {
    clearInterval(watch);
    for (const signal of SIGNALS) host.process.off(signal, onSignal);
    server.releaseHeap();
  }
}
