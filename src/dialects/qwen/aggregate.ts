// Qwen Code's merge of its hooks' answers, pure (hookAggregator.ts; docs/qwen.md): on the decision events an
// OR merge (any `block`/`deny` blocks, `allow` only if some hook said allow, reasons joined by newlines,
// `continue: false` wins with the last stop reason, systemMessage/suppressOutput and hookSpecificOutput keys
// last wins, context joined); PermissionRequest its own (deny over allow); the rest last wins with context
// joined; StopFailure nothing. A hook that exited 2 then forces the event's deny into the merged answer.
import type { AggregateResult, HookResult, JsonObject, Outcome, ResolvedConfig } from '../../pipeline/types.js';
import type { FailClosedRules } from '../dialect.js';
import { qwenEvent, type DenyShape } from './events.js';
import { isBlocking } from './run.js';

const BLOCKING_FALLBACK = 'Hook exited with a blocking error';

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
const specificOf = (output: JsonObject): JsonObject => (isObject(output.hookSpecificOutput) ? output.hookSpecificOutput : {});

function contextOf(output: JsonObject): string | undefined {
  const context = specificOf(output).additionalContext;
  return typeof context === 'string' ? context : undefined;
}

function mergeOr(outputs: readonly JsonObject[]): JsonObject {
  const merged: JsonObject = {};
  const reasons: string[] = [];
  const contexts: string[] = [];
  const specific: JsonObject = {};
  let block = false;
  let stop = false;
  let stopReason: unknown;
  for (const output of outputs) {
    if (output.decision === 'block' || output.decision === 'deny') block = true;
    if (output.reason) reasons.push(String(output.reason));
    if (output.continue === false) {
      stop = true;
      if (output.stopReason) stopReason = output.stopReason;
    }
    const context = contextOf(output);
    if (context) contexts.push(context);
    for (const [key, value] of Object.entries(specificOf(output))) if (key !== 'additionalContext') specific[key] = value;
    if (output.suppressOutput !== undefined) merged.suppressOutput = output.suppressOutput;
    if (output.systemMessage !== undefined) merged.systemMessage = output.systemMessage;
  }
  if (block) merged.decision = 'block';
  else if (outputs.some((o) => o.decision === 'allow')) merged.decision = 'allow';
  if (reasons.length > 0) merged.reason = reasons.join('\n');
  if (stop) {
    merged.continue = false;
    if (stopReason) merged.stopReason = stopReason;
  }
  if (contexts.length > 0) specific.additionalContext = contexts.join('\n');
  if (Object.keys(specific).length > 0) merged.hookSpecificOutput = specific;
  return merged;
}

function mergePermission(outputs: readonly JsonObject[]): JsonObject {
  const merged: JsonObject = {};
  const messages: string[] = [];
  let deny = false;
  let allow = false;
  let interrupt = false;
  let updatedInput: unknown;
  const permissions: unknown[] = [];
  for (const output of outputs) {
    const decision = specificOf(output).decision;
    if (!isObject(decision)) continue;
    if (decision.behavior === 'deny') deny = true;
    else if (decision.behavior === 'allow') allow = true;
    if (decision.message) messages.push(String(decision.message));
    if (decision.interrupt === true) interrupt = true;
    if (decision.updatedInput) updatedInput = decision.updatedInput;
    if (Array.isArray(decision.updatedPermissions)) permissions.push(...decision.updatedPermissions);
    if (output.continue !== undefined) merged.continue = output.continue;
    if (output.reason !== undefined) merged.reason = output.reason;
  }
  const decision: JsonObject = {};
  if (deny) decision.behavior = 'deny';
  else if (allow) decision.behavior = 'allow';
  if (messages.length > 0) decision.message = messages.join('\n');
  if (interrupt) decision.interrupt = true;
  if (updatedInput) decision.updatedInput = updatedInput;
  if (permissions.length > 0) decision.updatedPermissions = permissions;
  merged.hookSpecificOutput = { decision };
  return merged;
}

function mergeSimple(outputs: readonly JsonObject[]): JsonObject {
  let merged: JsonObject = {};
  const contexts: string[] = [];
  for (const output of outputs) {
    const context = contextOf(output);
    if (context) contexts.push(context);
    merged = { ...merged, ...output };
  }
  if (contexts.length > 0) merged.hookSpecificOutput = { ...specificOf(merged), additionalContext: contexts.join('\n') };
  return merged;
}

/** The event's deny, in the field its consumer reads (DENY_SHAPE). */
function shapeDeny(shape: DenyShape, output: JsonObject, reason: string): JsonObject {
  switch (shape) {
    case 'tool':
      return { ...output, decision: 'deny', reason, hookSpecificOutput: { ...specificOf(output), permissionDecision: 'deny', permissionDecisionReason: reason } };
    case 'permission': {
      const previous = specificOf(output).decision;
      const decision = { ...(isObject(previous) ? previous : {}), behavior: 'deny', message: reason };
      return { ...output, decision: 'deny', reason, hookSpecificOutput: { ...specificOf(output), decision } };
    }
    case 'decision-deny':
      return { ...output, decision: 'deny', reason };
    case 'decision-block':
      return { ...output, decision: 'block', reason };
    case 'stop':
      return { ...output, continue: false, stopReason: reason };
  }
}

/** What Qwen's consumer reads as PreToolUse's decision: hookSpecificOutput.permissionDecision, else `decision`. */
export function qwenPermission(output: JsonObject): 'allow' | 'deny' | 'ask' | undefined {
  const decision = specificOf(output).permissionDecision;
  if (decision === 'allow' || decision === 'deny' || decision === 'ask') return decision;
  if (output.decision === 'allow' || output.decision === 'approve') return 'allow';
  if (output.decision === 'deny' || output.decision === 'block') return 'deny';
  if (output.decision === 'ask') return 'ask';
  return undefined;
}

/** Does this merged answer already block as the event's consumer reads it (isBlockingHookOutput)? */
function alreadyBlocks(event: string, output: JsonObject): boolean {
  if (event === 'PreToolUse') return qwenPermission(output) === 'deny' || (output.continue === false && qwenPermission(output) !== 'ask');
  if (event === 'PermissionRequest') return isObject(specificOf(output).decision) && (specificOf(output).decision as JsonObject).behavior === 'deny';
  if (output.continue === false && qwenEvent(event)?.deny === 'stop') return true;
  return output.decision === 'block' || output.decision === 'deny';
}

export function mergeQwen(event: string, outputs: readonly JsonObject[], blocking: boolean): JsonObject | undefined {
  const rule = qwenEvent(event);
  if (!rule || rule.merge === 'ignored') return undefined;
  let merged: JsonObject | undefined;
  if (outputs.length === 1) merged = { ...outputs[0] };
  else if (outputs.length > 1) merged = rule.merge === 'or' ? mergeOr(outputs) : rule.merge === 'permission' ? mergePermission(outputs) : mergeSimple(outputs);
  if (!blocking || !rule.deny) return merged;
  if (!merged) return shapeDeny(rule.deny, {}, BLOCKING_FALLBACK);
  if (alreadyBlocks(event, merged)) return merged;
  const reason = typeof merged.reason === 'string' && merged.reason !== '' ? merged.reason : BLOCKING_FALLBACK;
  return shapeDeny(rule.deny, merged, reason);
}

export function aggregateQwen(event: string, results: readonly HookResult[]): AggregateResult {
  const totalDurationMs = results.reduce((sum, r) => sum + r.durationMs, 0);
  // StopFailure is fire-and-forget: Qwen drops every output and error.
  if (qwenEvent(event)?.merge === 'ignored') return { success: true, errors: [], totalDurationMs };
  const errors = results.flatMap((r) => (!r.success && r.error ? [r.error] : []));
  const outputs = results.filter((r) => isObject(r.output)).map((r) => r.output as JsonObject);
  const aggregate: AggregateResult = { success: errors.length === 0, errors, totalDurationMs };
  const merged = mergeQwen(event, outputs, results.some(isBlocking));
  if (merged) aggregate.finalOutput = merged;
  return aggregate;
}

/**
 * What the merged answer makes Qwen Code do: 4 stop (`continue: false`, but on the events whose block it is), 2 block (PreToolUse deny, a
 * PermissionRequest deny, a `block`/`deny` decision on an event that has one), 3 ask (PreToolUse ask).
 */
export function outcomeQwen(event: string, output: JsonObject | undefined): Outcome {
  if (!output) return 'proceed';
  const rule = qwenEvent(event);
  if (event === 'PreToolUse') {
    const permission = qwenPermission(output);
    if (permission === 'deny') return 'block';
    if (permission === 'ask') return 'ask';
    return output.continue === false ? 'stop' : 'proceed';
  }
  // Where Qwen's block is `continue: false` (Stop, SubagentStop, PostToolBatch: DENY_SHAPE), it blocks the stop.
  if (output.continue === false) return rule?.deny === 'stop' ? 'block' : 'stop';
  if (event === 'PermissionRequest') {
    const decision = specificOf(output).decision;
    return isObject(decision) && decision.behavior === 'deny' ? 'block' : 'proceed';
  }
  if (rule?.deny && (output.decision === 'block' || output.decision === 'deny')) return 'block';
  return 'proceed';
}

export const qwenFailClosed: FailClosedRules = {
  failure: (_event, result) => result.error,
  block(event: string, output: JsonObject | undefined, reasons: readonly string[], _config: ResolvedConfig) {
    const shape = qwenEvent(event)?.deny;
    return shape ? shapeDeny(shape, output ?? {}, reasons.join('\n')) : undefined;
  },
};
