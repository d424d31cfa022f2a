// The dialect-neutral verdict beside the agent's own output (issue 33): one shape for every agent, so a
// caller branches on `outcome` and reads `reason`, `updatedInput` and `additionalContext` without
// knowing which of seven agents' fields carries them, and sees in `notRun` every configured guard of the
// event that did not run (a guard that did not run must never read as "proceed", silently). Pure: built
// from what the pipeline already has: the outcome, the merged output as the dialect reads it, the hooks
// the plan left out, and the results.
import type { Dialect } from '../dialects/dialect.js';
import { isPlainObject } from './event/json.js';
import { notRunHook, type NotRunHook, type NotRunWhy } from './not-run.js';
import type { Diagnostic, HookResult, JsonObject, Outcome } from './types.js';
import type { HookFailure } from './fail-closed.js';

export type { NotRunHook, NotRunWhy };

export interface Verdict {
  outcome: Outcome;
  /** Why it blocks, asks or stops, as the agent hands it on. */
  reason?: string;
  /** The tool input a hook rewrote, which the tool runs with instead of the event's. */
  updatedInput?: unknown;
  /** Context the hooks add for the model. */
  additionalContext?: string;
  /** The message the agent shows the user. */
  systemMessage?: string;
  /** The hooks configured for this event that did not run (or did not finish), and why. */
  notRun: NotRunHook[];
}

/** Loader diagnostics for a settings file the agent skips whole: its hooks, whatever they are, do not run. */
export const DROPPED_FILE_CODES: ReadonlySet<string> = new Set(['settings-file-dropped', 'system-file-insecure']);

/** Not started at all: what `run --quiet` still says on stderr (a hook that ran and timed out is the report's news). */
export const NOT_STARTED: ReadonlySet<NotRunWhy> = new Set(['untrusted', 'held-back', 'cannot-start', 'dropped-file']);

/**
 * What `--fail-closed` blocks on besides the results it already judges (aggregate/fail-closed.ts): guards
 * an untrusted folder kept from starting. Not `disabled`: switching a hook off is the user's own word. Not
 * `dropped-file`: which events the skipped file guards is unknown, and a block on every event for a file
 * that may hold none would be the user's broken file blocking everything (its warning is always said).
 */
const FAIL_CLOSED_UNPLANNED: ReadonlySet<NotRunWhy> = new Set(['untrusted']);

/** The context the merged answer adds for the model, from the field the agent reads it in. */
export function addedContextOf(dialect: Dialect, event: string, output: JsonObject): unknown {
  if (dialect.addedContext) return dialect.addedContext(event, output);
  const specific = output.hookSpecificOutput;
  return isPlainObject(specific) ? specific.additionalContext : undefined;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** Every guard of the event that did not run: left out before the plan (`unplanned`), in a dropped file, or not started or finished. */
export function notRunOf(unplanned: readonly NotRunHook[], diagnostics: readonly Diagnostic[], results: readonly HookResult[]): NotRunHook[] {
  const dropped = diagnostics
    .filter((d) => DROPPED_FILE_CODES.has(d.code))
    .map(
      (d): NotRunHook => ({ hook: '*', source: d.location?.file ?? 'a settings file', why: 'dropped-file', detail: d.message, ...(d.location ? { file: d.location.file } : {}) }),
    );
  const ran = results.flatMap((result): NotRunHook[] => {
    const why = resultWhy(result);
    return why ? [notRunHook(result.entry, why, result.error ?? why)] : [];
  });
  return [...unplanned, ...dropped, ...ran];
}

function resultWhy(result: HookResult): NotRunWhy | undefined {
  if (result.heldBack) return 'held-back';
  const p = result.process;
  if (p?.timedOut) return 'timed-out';
  if (p?.spawnError !== undefined) return 'cannot-start';
  // Failed by the agent (or hookrun) before any process: no command it can run.
  if (!p && result.error !== undefined && !result.cached && !result.stubbed) return 'cannot-start';
  return undefined;
}

/** The not-run guards `--fail-closed` counts as failures beyond the results (index -1: not in the plan). */
export function unplannedFailures(notRun: readonly NotRunHook[]): HookFailure[] {
  return notRun.filter((hook) => FAIL_CLOSED_UNPLANNED.has(hook.why)).map((hook) => ({ index: -1, name: hook.hook, why: `did not run: ${hook.detail}` }));
}

export function buildVerdict(dialect: Dialect, event: string, outcome: Outcome, output: JsonObject, notRun: NotRunHook[]): Verdict {
  const verdict: Verdict = { outcome, notRun };
  const reason = outcome === 'proceed' ? undefined : text(dialect.verdictWords.reason(event, output, outcome));
  if (reason !== undefined) verdict.reason = reason;
  const updatedInput = dialect.rewrittenToolInput?.(event, output);
  if (updatedInput !== undefined) verdict.updatedInput = updatedInput;
  const additionalContext = text(addedContextOf(dialect, event, output));
  if (additionalContext !== undefined) verdict.additionalContext = additionalContext;
  const systemMessage = text(dialect.verdictWords.systemMessage(output));
  if (systemMessage !== undefined) verdict.systemMessage = systemMessage;
  return verdict;
}
