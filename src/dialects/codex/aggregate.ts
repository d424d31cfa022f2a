// Codex's merge of concurrent hook answers (docs/sources.md §X1.7) is Claude Code's merge of the same vocabulary,
// with Codex's choices of reason: the first deny or stop reason in configured order, block and feedback
// reasons joined by a blank line, a rewrite (`updatedInput`) from the hook that finished last (the hooks run
// concurrently) and dropped when the call is blocked. What the merged output makes Codex do reads as it does
// for Claude Code: run.ts already voided every output Codex refuses (`ask`, `continue: false` on
// PreToolUse) and turned a PostToolUse `continue: false` into the block reason that replaces the tool
// output, and `continue: false` counts only on the events that honour it, so Claude's outcome rule fits.
import type { AggregateResult, HookResult, JsonObject, Outcome } from '../../pipeline/types.js';
import { aggregateClaude, outcomeClaude, type MergeRules } from '../claude/aggregate.js';
import { claudeFailClosed } from '../claude/fail-closed.js';
import type { FailClosedRules } from '../dialect.js';
import { codexEventRule } from './events.js';

const CODEX_MERGE: MergeRules = { separator: '\n\n', firstReason: true };

export function aggregateCodex(event: string, results: readonly HookResult[]): AggregateResult {
  const aggregate = aggregateClaude(event, results, CODEX_MERGE);
  const hso = aggregate.finalOutput?.hookSpecificOutput as JsonObject | undefined;
  if (hso?.permissionDecision === 'deny') delete hso.updatedInput;
  else if (hso?.updatedInput !== undefined) hso.updatedInput = lastFinishedRewrite(results);
  return aggregate;
}

/**
 * PreToolUse's `updatedInput` from the hook that finished last (docs/sources.md §X1.7), not the last in configured
 * order as in Claude Code. Codex starts every matching hook at once, so the longest-running one finished
 * last; on a tie the later one in configured order.
 */
function lastFinishedRewrite(results: readonly HookResult[]): unknown {
  let last: { at: number; value: unknown } | undefined;
  for (const result of results) {
    const hso = (result.output as JsonObject | undefined)?.hookSpecificOutput as JsonObject | undefined;
    if (hso?.updatedInput === undefined) continue;
    if (!last || result.durationMs >= last.at) last = { at: result.durationMs, value: hso.updatedInput };
  }
  return last?.value;
}

export function outcomeCodex(event: string, output: JsonObject | undefined): Outcome {
  // `continue: false` counts only where Codex honours it (a PostToolUse stop lets the turn go on).
  if (output?.continue === false && codexEventRule(event)?.stops !== true) return outcomeClaude(event, { ...output, continue: true });
  return outcomeClaude(event, output);
}

/**
 * `--fail-closed`: a hook failed to answer where interpret.ts reported an error (it could not start,
 * timed out, exited non-zero without an exit-2 answer, printed output Codex rejects). The block is the
 * field the event blocks with, as for Claude Code, on the events Codex lets a hook block.
 */
export const codexFailClosed: FailClosedRules = {
  failure: claudeFailClosed.failure,
  block: (event, output, reasons, config) => (codexEventRule(event)?.blocks ? claudeFailClosed.block(event, output, reasons, config) : undefined),
};
