// Runs a plan: every hook in parallel, or one after another with the input chained (docs/sources.md §G3.9).
// Starting and stopping processes is process.ts's job; this module only orders the work.
import type { Context } from '../pipeline/context.js';
import { AgentEventError } from '../pipeline/errors.js';
import type { Dialect, HookInvocation, HookResultCache, Interpretation } from '../dialects/dialect.js';
import { depthOverflow, MAX_JSON_DEPTH } from '../files/json-depth.js';
import type { HookResult, JsonObject, Plan, PlannedHook, ProcessOutcome, ResolvedConfig } from '../pipeline/types.js';
import { OutputBudget, runProcess } from './process.js';

export interface RunOptions {
  /** Cancels every running hook (hookrun itself interrupted). */
  signal?: AbortSignal;
  /** Per-stream capture cap in bytes; also what all the hooks of the event keep together, per stream kind. */
  maxCaptureBytes?: number;
  /** Grace period between SIGTERM and SIGKILL. */
  graceMs?: number;
  /** `--contain`: end what each hook left running once it is done. */
  contain?: boolean;
  /** The agent's result cache: a fresh stored result replaces starting the hook. */
  cache?: HookResultCache;
  /** Returns why a hook must not start (e.g. its fingerprint is not trusted); it is reported as a failure. */
  holdBack?: (hook: PlannedHook) => string | undefined;
  /** Replaces a hook's process with a canned outcome (test fixtures' `stub`). */
  stub?: (hook: PlannedHook) => ProcessOutcome | undefined;
  /** Called as each hook starts and ends (progress on a terminal). */
  onStart?: (hook: PlannedHook, invocation: HookInvocation) => void;
  onEnd?: (result: HookResult) => void;
}

async function runOne(
  dialect: Dialect,
  hook: PlannedHook,
  input: JsonObject,
  config: ResolvedConfig,
  ctx: Context,
  options: RunOptions,
  budget?: { stdout: OutputBudget; stderr: OutputBudget },
): Promise<HookResult> {
  const invocation = dialect.invocation(hook, input, config, ctx);
  // Like Gemini's pre-check for project hooks in an untrusted folder (hookrun's hold-back), or the agent
  // failing a hook it cannot run: a failed result, nothing spawned.
  const heldBack = options.holdBack?.(hook);
  const cannotStart = heldBack === undefined ? (hook.cannotRun ?? dialect.cannotStart?.(hook, config, ctx) ?? invocation.cannotStart) : undefined;
  const error = heldBack ?? cannotStart;
  if (error !== undefined) {
    const result: HookResult = {
      index: hook.index,
      entry: hook.entry,
      command: invocation.command,
      input,
      success: false,
      error,
      exitCode: 0,
      durationMs: 0,
    };
    if (heldBack !== undefined) result.heldBack = true;
    options.onEnd?.(result);
    return result;
  }
  const answered = dialect.answer?.(hook, input);
  if (answered) {
    const result: HookResult = { index: hook.index, entry: hook.entry, command: invocation.command, input, ...answered, durationMs: 0 };
    options.onEnd?.(result);
    return result;
  }
  const stubbed = options.stub?.(hook);
  const hit = stubbed || !options.cache ? undefined : await options.cache.get(hook, invocation, input);
  if (hit) {
    const cached: HookResult = {
      index: hook.index,
      entry: hook.entry,
      command: invocation.command,
      input,
      ...hit,
      durationMs: 0,
      cached: true,
    };
    options.onEnd?.(cached);
    return cached;
  }
  options.onStart?.(hook, invocation);
  const outcome =
    stubbed ??
    (invocation.http
      ? await runHttp(invocation, options)
      : await runProcess({
          file: invocation.file,
          args: invocation.args,
          cwd: invocation.cwd,
          env: invocation.env,
          input: invocation.stdin,
          timeoutMs: invocation.timeoutMs,
          graceMs: options.graceMs,
          maxCaptureBytes: options.maxCaptureBytes,
          ...(budget ? { budget } : {}),
          signal: options.signal,
          decodeEachRead: invocation.decodeEachRead,
          contain: options.contain,
        }));
  const result: HookResult = {
    index: hook.index,
    entry: hook.entry,
    command: invocation.command,
    input,
    ...(tooDeepAnswer(outcome) ?? dialect.interpret(hook.entry.event, outcome, invocation)),
    process: outcome,
    durationMs: outcome.durationMs,
  };
  if (stubbed) result.stubbed = true;
  else if (options.cache) await options.cache.put(hook, invocation, result);
  options.onEnd?.(result);
  return result;
}

/**
 * An answer nested past hookrun's JSON depth limit is not an answer hookrun can read (every walk of it
 * would overflow the stack): the hook failed to answer, in every dialect, and the report says why.
 */
function tooDeepAnswer(outcome: ProcessOutcome): Interpretation | undefined {
  for (const [stream, text] of [
    ['stdout', outcome.stdout],
    ['stderr', outcome.stderr],
  ] as const) {
    const offset = depthOverflow(text);
    if (offset === -1) continue;
    return {
      success: false,
      exitCode: outcome.exitCode ?? -1,
      error: `answered on ${stream} with JSON nested deeper than ${MAX_JSON_DEPTH} levels (at offset ${offset}), hookrun's limit: not a valid answer, so it was not parsed`,
    };
  }
  return undefined;
}

/** An http hook (Claude Code): only a plan that has one loads the HTTP client. */
async function runHttp(invocation: HookInvocation, options: RunOptions): Promise<ProcessOutcome> {
  const { runHttpHook } = await import('./http.js');
  return runHttpHook(invocation.http!, {
    body: invocation.stdin,
    timeoutMs: invocation.timeoutMs,
    maxCaptureBytes: options.maxCaptureBytes,
    signal: options.signal,
  });
}

/** The hooks' results, in plan order; `agentError` when the agent's own chaining threw, which ends the sequence. */
export interface PlanRun {
  results: HookResult[];
  agentError?: string;
  /** The agent ended the event after a hook's result: the hooks after it were not started. */
  endedEarly?: EndedEarly;
}

export interface EndedEarly {
  /** The hook whose result ended the event. */
  after: string;
  /** Why the agent starts no later hook (the dialect's words). */
  why: string;
  /** The planned hooks that did not run, by name. */
  notRun: string[];
}

export async function runPlan(dialect: Dialect, plan: Plan, input: JsonObject, config: ResolvedConfig, ctx: Context, options: RunOptions = {}): Promise<PlanRun> {
  // One budget per event: every hook's output is held until the merge, in a chain too.
  const budget = { stdout: new OutputBudget(options.maxCaptureBytes, plan.hooks.length), stderr: new OutputBudget(options.maxCaptureBytes, plan.hooks.length) };
  if (!plan.sequential) {
    return { results: await Promise.all(plan.hooks.map((hook) => runOne(dialect, hook, input, config, ctx, options, budget))) };
  }
  const results: HookResult[] = [];
  let current = input;
  for (const [i, hook] of plan.hooks.entries()) {
    if (options.signal?.aborted) break;
    const result = await runOne(dialect, hook, current, config, ctx, options, budget);
    results.push(result);
    const why = dialect.endsEvent?.(plan.event, result);
    if (why !== undefined) {
      const notRun = plan.hooks.slice(i + 1).map((later) => later.entry.displayName);
      return notRun.length > 0 ? { results, endedEarly: { after: hook.entry.displayName, why, notRun } } : { results };
    }
    try {
      current = dialect.chain(plan.event, current, result);
    } catch (error) {
      // The agent stops there: the hooks after this one never start.
      if (error instanceof AgentEventError) return { results, agentError: error.message };
      throw error;
    }
  }
  return { results };
}
