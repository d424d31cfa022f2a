// What a dialect's loader says of a file written for another agent, without loading the cross-agent
// vocabulary's tables (the rows, lookup.ts, cross-agent.ts: packs of their own, ~25 KB), since a loader runs on
// every event (docs/perf.md, "Sixth round"):
// - a timeout written in the other unit: the loader passes its agent's unit, the one its vocabulary row
//   states (src/dialects/<name>/vocabulary.ts), and validate's traps pass the row's;
// - an unknown event key: its warning says whose event it is and this agent's name for that moment, which
//   needs the tables. A reader pushes the warning in its place and leaves its words to complete; the
//   vocabulary loads only when some file has such a key. validate, which loads it anyway, passes the
//   lookup in and gets the words at once.
import type { foreignEvent } from './cross-agent.js';

export { type TimeoutUnit, timeoutInOtherUnit } from './timeout-unit.js';

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
