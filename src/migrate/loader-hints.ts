// What a dialect's loader says of a file written for another agent, without loading the cross-agent
// vocabulary's tables (vocabulary.ts, cross-agent.ts: packs of their own, ~25 KB), since a loader runs on
// every event (docs/perf.md, "Sixth round"):
// - a timeout written in the other unit: each agent's unit lives here, and vocabulary.ts reads it from here;
// - an unknown event key: its warning says whose event it is and this agent's name for that moment, which
//   needs the tables. A reader pushes the warning in its place and leaves its words to complete; the
//   vocabulary loads only when some file has such a key. validate, which loads it anyway, passes the
//   lookup in and gets the words at once.
import type { foreignEvent } from './cross-agent.js';
import type { AgentName } from './agents.js';

export const TIMEOUT_UNITS = {
  gemini: 'ms',
  antigravity: 's',
  claude: 's',
  codex: 's',
  cursor: 's',
  copilot: 's',
  kiro: 's',
  droid: 's',
  auggie: 'ms',
  qwen: 's',
  vscode: 's',
} as const satisfies Record<AgentName, 'ms' | 's'>;

/**
 * A timeout written in the other unit: where `agent` reads seconds, `atLeast` (default 1000) or more looks
 * like milliseconds; where it reads milliseconds, under `below` (default 100) looks like seconds. The value
 * to write instead, in `agent`'s unit; undefined when the timeout reads as meant.
 */
export function timeoutInOtherUnit(agent: AgentName, timeout: unknown, limits: { atLeast?: number; below?: number } = {}): number | undefined {
  if (typeof timeout !== 'number' || !Number.isFinite(timeout) || timeout <= 0) return undefined;
  if (TIMEOUT_UNITS[agent] === 's') return timeout >= (limits.atLeast ?? 1000) ? Math.max(1, Math.round(timeout / 1000)) : undefined;
  return timeout < (limits.below ?? 100) ? timeout * 1000 : undefined;
}

export type ForeignEventLookup = typeof foreignEvent;

/** Completes one hint (fills in its warning's message and fix). */
export type PendingHint = (lookup: ForeignEventLookup) => void;

/** Where a reader sends a hint: done at once when the lookup is at hand, else kept in `pending`. */
export function hintSink(lookup: ForeignEventLookup | undefined, pending: PendingHint[]): (hint: PendingHint) => void {
  return (hint) => (lookup ? hint(lookup) : pending.push(hint));
}

/** Completes the hints a reader left, loading the vocabulary only when there are any. */
export async function completeHints(pending: PendingHint[]): Promise<void> {
  if (pending.length === 0) return;
  const { foreignEvent: lookup } = await import('./cross-agent.js');
  for (const hint of pending.splice(0)) hint(lookup);
}
