// What `--fail-closed` counts as a Kiro CLI hook failing to answer, and the block that stands in for it.
// Kiro blocks only preToolUse, and only on exit code 2; every other end is a warning it carries on after.
import type { FailClosedRules } from '../dialect.js';
import type { HookResult, JsonObject } from '../../pipeline/types.js';
import type { KiroOutput } from './aggregate.js';

function kiroHookFailure(event: string, result: HookResult): string | undefined {
  if (result.error !== undefined) return result.error;
  if (result.exitCode === 0 || (event === 'preToolUse' && result.exitCode === 2)) return undefined;
  return result.exitCode === -1 ? 'was killed by a signal (Kiro shows a warning and carries on)' : `exited with code ${result.exitCode} (Kiro shows a warning and carries on)`;
}

function kiroBlock(event: string, output: JsonObject | undefined, reasons: readonly string[]): JsonObject | undefined {
  if (event !== 'preToolUse') return undefined;
  const merged = { ...(output as KiroOutput | undefined) } as KiroOutput;
  merged.hook_event_name ??= event;
  merged.blocked = true;
  merged.blockMessages = [...(merged.blockMessages ?? []), ...reasons];
  merged.reason = merged.blockMessages.join('\n');
  return merged;
}

export const kiroFailClosed: FailClosedRules = { failure: kiroHookFailure, block: kiroBlock };
