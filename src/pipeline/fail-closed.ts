// `--fail-closed` (hookrun's own, docs/safety.md "`--fail-closed`"): the agents fail open, so a security hook that
// crashes, hangs or cannot start silently stops guarding. With --fail-closed every such failure blocks the
// action instead. The dialect says what "failed to answer" means for its agent and what its block looks
// like (Dialect.failClosed); this applies it. Pure: (results, merged output) → the output the caller prints.
import type { FailClosedRules } from '../dialects/dialect.js';
import type { HookResult, JsonObject, ResolvedConfig } from './types.js';

export interface HookFailure {
  /** Its place in the plan; -1 for a guard the agent never planned (an untrusted folder's, a skipped file's). */
  index: number;
  name: string;
  /** Why it counts as failed, in words. */
  why: string;
}

export interface FailClosedResult {
  failures: HookFailure[];
  /** True when the failures turned the outcome into a block. */
  applied: boolean;
  /** The output to print (the merged output, with the block added when applied). */
  output: JsonObject | undefined;
  /** Set when failures could not block (the event cannot be blocked). */
  note?: string;
}

/** Why this hook failed to answer, in the dialect's terms; a hook hookrun held back always has. */
export function hookFailure(rules: FailClosedRules, event: string, result: HookResult): string | undefined {
  if (result.heldBack) return 'was held back: it is not trusted';
  return rules.failure(event, result);
}

/**
 * Applies --fail-closed; `unplanned`: guards that failed before the plan (aggregate/verdict.ts). Where the dialect has no block for the event (the agent ignores decisions on it),
 * failures are only reported. A merged `continue: false` already stops the agent, which is stronger than
 * a block: kept.
 */
export function applyFailClosed(
  results: readonly HookResult[],
  output: JsonObject | undefined,
  event: string,
  rules: FailClosedRules,
  config: ResolvedConfig,
  unplanned: readonly HookFailure[] = [],
): FailClosedResult {
  const failures = [
    ...unplanned,
    ...results.flatMap((result): HookFailure[] => {
      const why = hookFailure(rules, event, result);
      return why === undefined ? [] : [{ index: result.index, name: result.entry.displayName, why }];
    }),
  ];
  if (failures.length === 0) return { failures, applied: false, output };
  const reasons = failures.map((failure) => `hookrun --fail-closed: hook "${failure.name}" ${failure.why}`);
  const blocked = output?.continue === false ? output : rules.block(event, output, reasons, config);
  if (!blocked) {
    return {
      failures,
      applied: false,
      output,
      note: `--fail-closed: ${event} cannot be blocked (the agent ignores decisions on it), so the failure is reported and the exit code stays 0`,
    };
  }
  return { failures, applied: true, output: blocked };
}
