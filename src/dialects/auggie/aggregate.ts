// Augment Auggie's merge (docs/auggie.md, from its bundle): blocked if any hook blocks, the decision and
// reason of the first hook that stops or denies (in the order of the files), `updatedInput` from the last
// hook that gives one, contexts joined: Claude Code's merge keeping the first reason. What the merged
// output makes Auggie do reads as Claude Code's rule for the same event (PromptSubmit: UserPromptSubmit's).
import type { AggregateResult, HookResult, JsonObject, Outcome, ResolvedConfig } from '../../pipeline/types.js';
import { aggregateClaude, outcomeClaude } from '../claude/aggregate.js';
import { claudeFailClosed } from '../claude/fail-closed.js';
import type { FailClosedRules } from '../dialect.js';
import { claudeEventOf } from './events.js';

export function aggregateAuggie(event: string, results: readonly HookResult[]): AggregateResult {
  return aggregateClaude(event, results, { firstReason: true });
}

export function outcomeAuggie(event: string, output: JsonObject | undefined): Outcome {
  return outcomeClaude(claudeEventOf(event), output);
}

export const auggieFailClosed: FailClosedRules = {
  failure: claudeFailClosed.failure,
  block: (event: string, output: JsonObject | undefined, reasons: readonly string[], config: ResolvedConfig) =>
    claudeFailClosed.block(claudeEventOf(event), output, reasons, config),
};
