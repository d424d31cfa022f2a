// Claude Code's merge of parallel hook answers, pure (docs/sources.md §B.7, §B.9): continue:false wins over
// everything; a PreToolUse permission decision by precedence deny > defer > ask > allow; any
// `decision: "block"` blocks; messages and additional context from every hook are kept.
import type { AggregateResult, HookResult, JsonObject, Outcome } from '../../pipeline/types.js';
import { isPlainObject, setOwn } from '../../pipeline/event/json.js';
import { eventRule } from './events.js';
import { DEFAULT_PROFILE, has, type ClaudeProfile } from './version.js';

const PERMISSION_RANK: Readonly<Record<string, number>> = { allow: 1, ask: 2, defer: 3, deny: 4 };

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Where another agent that speaks Claude's output vocabulary merges it differently (Codex). */
export interface MergeRules {
  /** Joins the block reasons (and stop reasons) of several hooks; Claude Code: a newline. */
  separator?: string;
  /** Only the first hook's stop reason and deny reason, in configured order, are kept. */
  firstReason?: boolean;
}

/** Merges normalised per-hook outputs (see interpret.ts) in plan order. */
export function mergeClaudeOutputs(event: string, outputs: readonly JsonObject[], rules: MergeRules = {}): JsonObject {
  const separator = rules.separator ?? '\n';
  let stop = false;
  let suppress = false;
  const stopReasons: string[] = [];
  const messages: string[] = [];
  const blockReasons: string[] = [];
  let blocked = false;
  const contexts: string[] = [];
  const specific: JsonObject = {};
  let permission: { decision: string; reasons: string[] } | undefined;
  let requestDecision: JsonObject | undefined;

  for (const output of outputs) {
    if (output.continue === false) {
      stop = true;
      if (typeof output.stopReason === 'string' && output.stopReason !== '' && !(rules.firstReason && stopReasons.length > 0)) stopReasons.push(output.stopReason);
    }
    if (output.suppressOutput === true) suppress = true;
    if (typeof output.systemMessage === 'string' && output.systemMessage !== '') messages.push(output.systemMessage);
    if (output.decision === 'block') {
      blocked = true;
      if (typeof output.reason === 'string' && output.reason !== '') blockReasons.push(output.reason);
    }
    const hso = output.hookSpecificOutput;
    if (!isObject(hso)) continue;
    for (const [key, value] of Object.entries(hso)) {
      if (key === 'additionalContext') {
        if (typeof value === 'string' && value !== '') contexts.push(value);
      } else if (key === 'permissionDecision' && typeof value === 'string') {
        const reason = typeof hso.permissionDecisionReason === 'string' ? hso.permissionDecisionReason : '';
        if (!permission || (PERMISSION_RANK[value] ?? 0) > (PERMISSION_RANK[permission.decision] ?? 0)) {
          permission = { decision: value, reasons: reason ? [reason] : [] };
        } else if (value === permission.decision && reason && !rules.firstReason) {
          permission.reasons.push(reason);
        }
      } else if (key === 'permissionDecisionReason') {
        // Kept with the decision it explains (above).
      } else if (key === 'decision' && event === 'PermissionRequest' && isObject(value)) {
        // A deny from any hook wins over an allow.
        if (requestDecision?.behavior !== 'deny' || (value.behavior === 'deny' && !rules.firstReason)) requestDecision = value;
      } else {
        setOwn(specific, key, value);
      }
    }
  }

  const merged: JsonObject = {};
  if (stop) merged.continue = false;
  if (stopReasons.length > 0) merged.stopReason = stopReasons.join(separator);
  if (suppress) merged.suppressOutput = true;
  if (messages.length > 0) merged.systemMessage = messages.join('\n');
  if (blocked) {
    merged.decision = 'block';
    merged.reason = blockReasons.join(separator);
  }
  const hso: JsonObject = { hookEventName: event };
  if (permission) {
    hso.permissionDecision = permission.decision;
    if (permission.reasons.length > 0) hso.permissionDecisionReason = permission.reasons.join('\n');
  }
  if (requestDecision) hso.decision = requestDecision;
  for (const [key, value] of Object.entries(specific)) if (key !== 'hookEventName') setOwn(hso, key, value);
  if (contexts.length > 0) hso.additionalContext = contexts.join('\n');
  if (Object.keys(hso).length > 1) merged.hookSpecificOutput = hso;
  return merged;
}

/** Events whose block means no model request is made, so no hook's context reaches the model. */
const PROMPT_EVENTS = new Set(['UserPromptSubmit', 'UserPromptExpansion']);

export function aggregateClaude(event: string, results: readonly HookResult[], rules?: MergeRules): AggregateResult {
  const outputs = results.filter((r) => isObject(r.output)).map((r) => r.output as JsonObject);
  const errors = results.flatMap((r) => (r.error ? [r.error] : []));
  const totalDurationMs = results.reduce((sum, r) => sum + r.durationMs, 0);
  const aggregate: AggregateResult = { success: errors.length === 0, errors, totalDurationMs };
  if (outputs.length > 0) aggregate.finalOutput = mergeClaudeOutputs(event, outputs, rules);
  return aggregate;
}

/**
 * Claude Code's merge, and what it then drops: a blocked prompt is never sent, so the context hooks added to
 * it goes nowhere (a consumer must not inject it into a prompt the agent refused).
 */
export function aggregateClaudeCode(event: string, results: readonly HookResult[]): AggregateResult {
  const aggregate = aggregateClaude(event, results);
  const output = aggregate.finalOutput;
  if (output && PROMPT_EVENTS.has(event) && output.decision === 'block' && isObject(output.hookSpecificOutput)) {
    const { additionalContext: _dropped, ...hso } = output.hookSpecificOutput;
    if (Object.keys(hso).length > 1) output.hookSpecificOutput = hso;
    else delete output.hookSpecificOutput;
  }
  return aggregate;
}

/**
 * What the merged output makes Claude Code do: 4 stop (continue:false, except at SessionEnd; a PermissionRequest
 * deny that interrupts), 2 block (a PreToolUse deny, a PermissionRequest deny, a honoured `decision: "block"`,
 * Stop's added context), 3 ask (a PreToolUse ask), 0 otherwise (allow, defer, no decision, and every event
 * that cannot block).
 */
export function outcomeClaude(event: string, output: JsonObject | undefined, profile: ClaudeProfile = DEFAULT_PROFILE): Outcome {
  if (!output) return 'proceed';
  if (output.continue === false && event !== 'SessionEnd') return 'stop';
  const hso = isObject(output.hookSpecificOutput) ? output.hookSpecificOutput : {};
  if (event === 'PreToolUse') {
    if (hso.permissionDecision === 'deny') return 'block';
    if (hso.permissionDecision === 'ask') return 'ask';
    return 'proceed';
  }
  if (event === 'PermissionRequest') {
    if (!isObject(hso.decision) || hso.decision.behavior !== 'deny') return 'proceed';
    // The binary aborts the turn: the tool is refused and no further model request is made.
    return hso.decision.interrupt === true && has(profile, 'interruptStops') ? 'stop' : 'block';
  }
  // Stop's added context is "delivered to the model; the conversation continues": the turn does not end.
  if (event === 'Stop' && typeof hso.additionalContext === 'string' && hso.additionalContext !== '' && has(profile, 'stopContextContinues')) return 'block';
  const rule = eventRule(event);
  if (rule?.permissionBlocks && (hso.permissionDecision === 'deny' || hso.permissionDecision === 'ask')) return 'block';
  // Versions that do not honour an event's decision had it removed by interpret.ts.
  const honoured = rule?.decisionBlocks !== undefined || rule?.failsOnNonZero === true;
  return honoured && output.decision === 'block' ? 'block' : 'proceed';
}

/** `hookSpecificOutput.updatedInput` replaces the tool's input (Claude Code, and Codex CLI in its fields). */
export function rewrittenToolInputClaude(_event: string, output: JsonObject): unknown {
  const specific = output.hookSpecificOutput;
  const updated = isPlainObject(specific) ? specific.updatedInput : undefined;
  return isPlainObject(updated) ? updated : undefined;
}
