// What `--fail-closed` counts as Gemini CLI's hook failing to answer, and the block that stands in for it.
import type { FailClosedRules } from '../dialect.js';
import type { HookResult, JsonObject } from '../../pipeline/types.js';
import { outcomeGemini } from './aggregate.js';

/**
 * Yes when it could not start, timed out, was killed by a signal, or exited non-zero without a JSON answer
 * (no output, or plain text that the agent would turn into an allow). A hook that answered in JSON, even
 * with a non-zero exit, answered; plain text on exit 2 or higher is already a deny.
 */
function geminiHookFailure(_event: string, result: HookResult): string | undefined {
  const p = result.process;
  if (p?.spawnError !== undefined) return `could not start: ${p.spawnError}`;
  if (p?.timedOut) {
    // One phrase with the value ("timed out after 300 ms"), not the agent's own "Hook timed out after 300ms".
    const ms = /timed out after (\d+)\s*ms/.exec(result.error ?? '')?.[1];
    return ms ? `timed out after ${ms} ms` : 'timed out';
  }
  if (result.error !== undefined) return result.error;
  if (result.success || result.outputFormat === 'json') return undefined;
  if (p?.signal) return `was killed by ${p.signal}`;
  if (result.outputFormat === 'text') {
    return result.exitCode === 1 ? 'exited with code 1 and plain text, which the agent turns into an allow with a warning' : undefined;
  }
  return `exited with code ${p?.exitCode ?? result.exitCode} and no output`;
}

/** `decision: "block"` with the reasons after any earlier one; none where Gemini ignores a block (SessionStart, …). */
function geminiBlock(event: string, output: JsonObject | undefined, reasons: readonly string[]): JsonObject | undefined {
  if (outcomeGemini(event, { decision: 'block' }) !== 'block') return undefined;
  const earlier = typeof output?.reason === 'string' && output.reason !== '' ? [output.reason] : [];
  return { ...output, decision: 'block', reason: [...earlier, ...reasons].join('\n') };
}

export const geminiFailClosed: FailClosedRules = { failure: geminiHookFailure, block: geminiBlock };
