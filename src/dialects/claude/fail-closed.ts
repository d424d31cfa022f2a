// What `--fail-closed` counts as Claude Code's hook failing to answer, and the block that stands in for it,
// in the field each event blocks with (docs/claude.md: exit codes and decisions).
import type { FailClosedRules } from '../dialect.js';
import type { HookResult, JsonObject, ResolvedConfig } from '../../pipeline/types.js';
import { byGeneration, eventRule } from './events.js';
import { profileOf } from './plan.js';

/**
 * interpret.ts gives an error exactly where Claude Code drops the hook's answer: it could not start, timed
 * out, was killed, exited non-zero (not 2) without a JSON answer, or printed output Claude Code ignores
 * (cut at the capture limit, off its schema). Exit 0 and exit 2 are answers.
 */
function claudeHookFailure(_event: string, result: HookResult): string | undefined {
  return result.error;
}

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

function claudeBlock(event: string, output: JsonObject | undefined, reasons: readonly string[], config: ResolvedConfig): JsonObject | undefined {
  const merged: JsonObject = { ...output };
  const hso: JsonObject = { hookEventName: event, ...(isObject(merged.hookSpecificOutput) ? merged.hookSpecificOutput : {}) };
  const text = reasons.join('\n');
  if (event === 'PreToolUse') {
    const earlier =
      hso.permissionDecision === 'deny' && typeof hso.permissionDecisionReason === 'string' && hso.permissionDecisionReason !== '' ? [hso.permissionDecisionReason] : [];
    merged.hookSpecificOutput = { ...hso, permissionDecision: 'deny', permissionDecisionReason: [...earlier, text].join('\n') };
    return merged;
  }
  if (event === 'PermissionRequest') {
    merged.hookSpecificOutput = { ...hso, decision: { behavior: 'deny', message: text } };
    return merged;
  }
  const rule = eventRule(event);
  const honoured = rule?.failsOnNonZero === true || (rule?.decisionBlocks !== undefined && byGeneration(rule.decisionBlocks, profileOf(config).generation));
  if (!honoured) return undefined;
  const earlier = merged.decision === 'block' && typeof merged.reason === 'string' && merged.reason !== '' ? [merged.reason] : [];
  return { ...merged, decision: 'block', reason: [...earlier, text].join('\n') };
}

export const claudeFailClosed: FailClosedRules = { failure: claudeHookFailure, block: claudeBlock };
