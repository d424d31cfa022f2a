// `--fail-closed` (hookrun's own, contract: `hookrun run`): the agents fail open, so a security hook that
// crashes, hangs or cannot start silently stops guarding. With --fail-closed every such failure blocks the
// action instead. Pure: (results, merged output) → the output the caller prints.
import type { Dialect } from '../dialects/dialect.js';
import type { HookResult, JsonObject } from '../types.js';

export interface HookFailure {
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

/**
 * Did this hook fail to answer? Yes when it was held back, could not start, timed out, was killed by a
 * signal, or exited non-zero without a JSON answer (no output, or plain text that the agent would turn
 * into an allow). A hook that answered in JSON, even with a non-zero exit, answered; plain text on exit 2
 * or higher is already a deny.
 */
export function hookFailure(result: HookResult): string | undefined {
  const p = result.process;
  if (result.heldBack) return 'was held back: it is not trusted';
  if (p?.spawnError !== undefined) return `could not start: ${p.spawnError}`;
  if (p?.timedOut) return result.error ?? 'timed out';
  if (result.error !== undefined) return result.error;
  if (result.success || result.outputFormat === 'json') return undefined;
  if (p?.signal) return `was killed by ${p.signal}`;
  if (result.outputFormat === 'text') {
    return result.exitCode === 1 ? 'exited with code 1 and plain text, which the agent turns into an allow with a warning' : undefined;
  }
  return `exited with code ${p?.exitCode ?? result.exitCode} and no output`;
}

/**
 * Applies --fail-closed. `canBlock` says whether the agent acts on a block for this event (SessionStart,
 * SessionEnd, PreCompress, Notification and BeforeToolSelection cannot be blocked: their failures are only
 * reported). A merged `continue: false` already stops the agent, which is stronger than a block: kept.
 */
export function applyFailClosed(
  results: readonly HookResult[],
  output: JsonObject | undefined,
  event: string,
  canBlock: boolean,
  own?: Dialect['failClosed'],
): FailClosedResult {
  const failures = results.flatMap((result): HookFailure[] => {
    const why = own ? own.failed(result) : hookFailure(result);
    return why === undefined ? [] : [{ index: result.index, name: result.entry.displayName, why }];
  });
  if (failures.length === 0) return { failures, applied: false, output };
  if (!canBlock) {
    return {
      failures,
      applied: false,
      output,
      note: `--fail-closed: ${event} cannot be blocked (the agent ignores decisions on it), so the failure is reported and the exit code stays 0`,
    };
  }
  const reasons = failures.map((failure) => `hookrun --fail-closed: hook "${failure.name}" ${failure.why}`);
  if (own) return { failures, applied: true, output: own.block(event, output, reasons.join('\n')) };
  if (output?.continue === false) return { failures, applied: true, output };
  const earlier = typeof output?.reason === 'string' && output.reason !== '' ? [output.reason] : [];
  return { failures, applied: true, output: { ...output, decision: 'block', reason: [...earlier, ...reasons].join('\n') } };
}
