// A hook timeout written in the other unit (milliseconds where an agent reads seconds, or the reverse):
// the loaders' warning and validate's check, apart from loader-hints.ts so that the cross-agent tables it
// loads lazily can use it without an import circle.

/** The unit an agent reads a hook's timeout in. */
export type TimeoutUnit = 'ms' | 's';

/**
 * A timeout written in the other unit: where the agent reads seconds (`unit`), `atLeast` (default 1000) or more looks
 * like milliseconds; where it reads milliseconds, under `below` (default 100) looks like seconds. The value
 * to write instead, in that unit; undefined when the timeout reads as meant.
 */
export function timeoutInOtherUnit(unit: TimeoutUnit, timeout: unknown, limits: { atLeast?: number; below?: number } = {}): number | undefined {
  if (typeof timeout !== 'number' || !Number.isFinite(timeout) || timeout <= 0) return undefined;
  if (unit === 's') return timeout >= (limits.atLeast ?? 1000) ? Math.max(1, Math.round(timeout / 1000)) : undefined;
  return timeout < (limits.below ?? 100) ? timeout * 1000 : undefined;
}
