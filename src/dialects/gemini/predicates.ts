// How the agent reads a (merged) output (docs/sources.md §G2.2). hookrun prints the output before this reading,
// as README.md "Output" says; these are for reports, and for callers that want the agent's view.
import type { JsonObject } from '../../pipeline/types.js';

export const isBlockingDecision = (decision: unknown): boolean => decision === 'block' || decision === 'deny';

export const shouldStopExecution = (output: JsonObject): boolean => output.continue === false;

/** stopReason if truthy, else reason if truthy, else the agent's fallback text; as the agent returns it, not made text. */
export function effectiveReason(output: JsonObject): unknown {
  return output.stopReason || output.reason || 'No reason provided';
}

export function blockingError(output: JsonObject): { blocked: boolean; reason: unknown } {
  return isBlockingDecision(output.decision) ? { blocked: true, reason: effectiveReason(output) } : { blocked: false, reason: '' };
}

/** A string additionalContext with `<` and `>` escaped (the agent then wraps it in <hook_context>). */
export function escapedAdditionalContext(output: JsonObject): string | undefined {
  const specific = output.hookSpecificOutput as JsonObject | undefined;
  if (!specific || !Object.hasOwn(specific, 'additionalContext')) return undefined;
  const context = specific.additionalContext;
  return typeof context === 'string' ? context.replaceAll('<', '&lt;').replaceAll('>', '&gt;') : undefined;
}
