// One event, asked of the pipeline by a caller that is not the command line: `hookrun serve` (one
// JSON-RPC request) and the library (one call). A session keeps the defaults its caller started with
// (the command-line options of `serve`, the library's `createSession` argument); each request may
// override them. What a request gets back is what `hookrun run` prints and exits with for the same
// event, settings and options.
import { setMaxListeners } from 'node:events';
import path from 'node:path';
import { type Context, resolveWorkspace } from '../pipeline/context.js';
import type { Verdict } from '../pipeline/verdict.js';
import type { AnswerWords } from '../dialects/dialect.js';
import { DEFAULT_DIALECT, resolveDialect } from '../dialects/index.js';
import { type HookrunError, usageError } from '../pipeline/errors.js';
import { describeType, isPlainObject } from '../pipeline/event/json.js';
import { assembleEvent, type EventOptions } from '../pipeline/event/input.js';
import { type EventSettings, kindMismatch, REQUEST_OPTIONS, type RequestOptions, settingsFrom } from '../pipeline/options.js';
import { executeWith, planWith } from '../pipeline/pipeline.js';
import type { PlanDescription } from '../pipeline/describe.js';
import type { RunReport } from '../render/report.js';
import { KeptConfigs } from './kept.js';
import type { JsonObject, Outcome } from '../pipeline/types.js';

/** What a session starts with: `serve`'s command-line options, or the library's `createSession` argument. */
export interface SessionDefaults extends EventSettings {
  /** `--dialect` (default gemini; `auto` picks by which configuration exists). */
  dialect?: string;
  /** `-C`: the workspace (default the current directory); a request's `cwd` is resolved against it. */
  cwd?: string;
  /** The environment hooks start from and settings paths are read from (default process.env). */
  env?: Readonly<Record<string, string | undefined>>;
}

export type { RequestOptions };

/** One event: JSON-RPC `params` of `run` and `plan`, or the library's argument. */
export interface EventRequest {
  /** The event name; optional when `input.hook_event_name` is set. */
  event?: string;
  /** The event JSON, completed as `run` completes it (default {}). */
  input?: JsonObject;
  /** The workspace for this request (relative to the session's). */
  cwd?: string;
  dialect?: string;
  options?: RequestOptions;
}

/** What `hookrun run` prints and exits with. */
export interface EventAnswer {
  exitCode: number;
  /** The outcome word (`dry-run` for a request with `dryRun`, whose output is the plan). */
  outcome: Outcome | 'dry-run';
  /** Exactly the object `run` prints on stdout (the plan with `dryRun`). */
  output: JsonObject;
  /** The same answer in every dialect's words, and the guards that did not run (absent with `dryRun`). */
  verdict?: Verdict;
  /** With `options.report`: the `--json` report. */
  report?: RunReport;
}

/** What the session saw while answering, for a log: warnings, the report, a dialect note. */
export interface AnswerNews {
  note?: string;
  report?: RunReport;
  plan?: PlanDescription;
  /** The dialect's words for its answers, to render `report` as text (render/report.ts). */
  answerWords?: AnswerWords;
  /** How the configuration was had: `kept` (every file and variable it was loaded from unchanged), `loaded`, or why it was not kept. */
  config?: string;
}

const REQUEST_KEYS: readonly string[] = ['event', 'input', 'cwd', 'dialect', 'options'];

function wrongType(name: string, expected: string, value: unknown): HookrunError {
  return usageError(`${name} must be ${expected}, got ${describeType(value)}`);
}

/** The request checked field by field (a usage error naming the field), as plain values. */
function checkRequest(request: unknown, where = 'params'): EventRequest {
  if (!isPlainObject(request)) throw wrongType(where, 'an object', request);
  for (const key of Object.keys(request)) {
    if (!REQUEST_KEYS.includes(key)) throw usageError(`${where}.${key}: unknown field; the fields are ${REQUEST_KEYS.join(', ')}`);
  }
  const { event, input, cwd, dialect, options } = request;
  for (const [key, value] of [
    ['event', event],
    ['cwd', cwd],
    ['dialect', dialect],
  ] as const) {
    if (value !== undefined && typeof value !== 'string') throw wrongType(`${where}.${key}`, 'a string', value);
  }
  if (input !== undefined && !isPlainObject(input)) throw wrongType(`${where}.input`, 'an object (the event JSON)', input);
  if (options !== undefined) {
    if (!isPlainObject(options)) throw wrongType(`${where}.options`, 'an object', options);
    for (const [key, value] of Object.entries(options)) {
      // Own keys only: `__proto__` or `toString` must be an unknown option, not Object.prototype's.
      const kind = REQUEST_OPTIONS.get(key);
      if (!kind) throw usageError(`${where}.options.${key}: unknown option; the options are ${[...REQUEST_OPTIONS.keys()].join(', ')}`);
      const expected = value === undefined ? undefined : kindMismatch(kind, value);
      if (expected) throw wrongType(`${where}.options.${key}`, expected, value);
    }
  }
  return request as EventRequest;
}

function fieldsOf(event: string | undefined, options: RequestOptions): EventOptions {
  const { tool, toolInput, toolResponse, prompt, source, reason, trigger } = options;
  return { event, tool, toolInput, toolResponse, prompt, source, reason, trigger };
}

/**
 * Answers events as `hookrun run` would, with a caller's defaults. Between requests only the defaults
 * and what the settings, trust and `.env` files parse to are kept, and every request stats each file
 * and re-reads one that changed (src/files/cache.ts; docs/serve.md), so an edit is seen by the very
 * next request.
 */
export class Session {
  readonly #defaults: SessionDefaults;
  readonly #stop = new AbortController();
  readonly #inFlight = new Set<Promise<unknown>>();
  readonly #configs = new KeptConfigs();

  constructor(defaults: SessionDefaults = {}) {
    this.#defaults = { ...defaults };
    // Every running hook listens for the stop: more than Node's default of 10 at once is normal.
    setMaxListeners(0, this.#stop.signal);
  }

  /** Aborted by {@link stop}: every running hook is stopped as `run` stops them when interrupted. */
  get stopped(): boolean {
    return this.#stop.signal.aborted;
  }

  /** The plan `run --dry-run` prints; starts no process. */
  plan(request: EventRequest = {}, news?: AnswerNews): Promise<PlanDescription> {
    return this.#track(this.#plan(checkRequest(request), news));
  }

  /** The answer `run` gives: its output object, exit code and outcome word (and its `--json` report with `options.report`). */
  run(request: EventRequest = {}, news?: AnswerNews): Promise<EventAnswer> {
    return this.#track(this.#run(checkRequest(request), news));
  }

  /** Stops every running hook (SIGTERM to its group, SIGKILL after the grace period); their requests still answer. */
  stop(reason: string = 'stopped'): void {
    this.#stop.abort(reason);
  }

  /** Resolves once every request under way has answered. */
  async idle(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.allSettled([...this.#inFlight]);
  }

  #track<T>(work: Promise<T>): Promise<T> {
    this.#inFlight.add(work);
    const forget = () => this.#inFlight.delete(work);
    work.then(forget, forget);
    return work;
  }

  #context(cwd: string | undefined): Context {
    const base = this.#defaults.cwd ?? process.cwd();
    return {
      cwd: resolveWorkspace(cwd === undefined ? path.resolve(base) : path.resolve(base, cwd)),
      env: this.#defaults.env ?? process.env,
      platform: process.platform,
      now: () => new Date(),
    };
  }

  async #prepare(request: EventRequest, news: AnswerNews | undefined) {
    const options = request.options ?? {};
    const ctx = this.#context(request.cwd);
    const { dialect, note } = await resolveDialect(request.dialect ?? this.#defaults.dialect ?? DEFAULT_DIALECT, ctx);
    if (note && news) news.note = note;
    if (news) news.answerWords = dialect.answerWords;
    const { event, input } = await assembleEvent(request.input ?? {}, 'params.input', fieldsOf(request.event, options), dialect);
    const settings = settingsFrom(options, this.#defaults);
    return { ctx, settings, planned: await planWith(dialect, event, input, ctx, settings, (d, c, o) => this.#configs.load(d, c, o, news && ((how) => (news.config = how)))) };
  }

  async #plan(request: EventRequest, news: AnswerNews | undefined): Promise<PlanDescription> {
    const { planned } = await this.#prepare(request, news);
    if (news) news.plan = planned.description;
    return planned.description;
  }

  async #run(request: EventRequest, news: AnswerNews | undefined): Promise<EventAnswer> {
    const { ctx, settings, planned } = await this.#prepare(request, news);
    if (request.options?.dryRun) {
      if (news) news.plan = planned.description;
      return { exitCode: 0, outcome: 'dry-run', output: planned.description as unknown as JsonObject };
    }
    const report = await executeWith(planned, ctx, settings, this.#stop.signal);
    if (news) news.report = report;
    return {
      exitCode: report.exitCode,
      outcome: report.outcome,
      output: report.output,
      verdict: report.verdict,
      ...(request.options?.report ? { report } : {}),
    };
  }
}
