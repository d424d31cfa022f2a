// How Claude Code reads a finished hook (kiro-claude-hooks.md B.6, B.7): exit code 0, 2 or other; stdout as
// JSON or plain text; stderr routed per event. The result is this hook's answer as a Claude-shaped object,
// already normalised (deprecated `decision: "approve"|"block"` on PreToolUse becomes a permissionDecision;
// an exit-2 block becomes the field the event uses), so the merge reads one vocabulary.
import type { HookInvocation, Interpretation } from '../dialect.js';
import type { JsonObject, ProcessOutcome } from '../../types.js';
import { byGeneration, eventRule, type ClaudeEventRule } from './events.js';
import { isClaudeInvocation } from './invocation.js';
import type { Generation } from './version.js';

const PERMISSION_DECISIONS: Readonly<Record<Generation, readonly string[]>> = {
  classic: ['allow', 'deny', 'ask'],
  current: ['allow', 'deny', 'ask', 'defer'],
};

export function interpretClaude(event: string, outcome: ProcessOutcome, invocation: HookInvocation): Interpretation {
  const generation: Generation = isClaudeInvocation(invocation) ? invocation.claude.generation : 'classic';
  const rule = eventRule(event);
  if (outcome.spawnError !== undefined) return { success: false, error: outcome.spawnError, exitCode: 0 };
  if (outcome.timedOut) {
    return { success: false, error: `Hook timed out after ${invocation.timeoutMs / 1000} s: cancelled, its output discarded (no decision)`, exitCode: 0 };
  }
  const exitCode = outcome.exitCode ?? 0;
  if (outcome.exitCode === null) {
    return { success: false, error: `Hook was killed by ${outcome.signal ?? 'a signal'} (non-blocking error)`, exitCode };
  }
  // An async hook's answer reaches Claude after the action; it never takes part in the decision.
  if ((isClaudeInvocation(invocation) && invocation.claude.async) || !rule || rule.outputIgnored) {
    return { success: exitCode === 0, exitCode };
  }

  // A stdout cut at hookrun's capture limit is never read as an answer (hookrun's rule for every dialect
  // that parses output): its first megabytes are not what the hook meant. The exit code still counts.
  // Blanks alone past the cap are the exception: the output is trimmed before it is parsed.
  const cut = outcome.stdoutTruncated === true && outcome.stdoutCutBlanksOnly !== true;
  const parsed = cut ? undefined : parseJsonOutput(outcome.stdout);
  const readJson = generation === 'current' || exitCode === 0;
  let json: JsonObject | undefined;
  let schemaError: string | undefined;
  if (parsed && readJson) {
    schemaError = schemaProblem(event, parsed, generation);
    if (!schemaError) json = normalise(event, parsed, rule, generation);
  }
  const stderr = outcome.stderr.trim();

  if (exitCode === 2 || (rule.failsOnNonZero && exitCode !== 0)) {
    const output = applyExit2(event, rule, generation, json ?? {}, stderr);
    const result: Interpretation = { success: false, exitCode };
    if (output) {
      result.output = output;
      result.outputFormat = json ? 'json' : 'text';
    }
    return result;
  }
  if (exitCode !== 0) {
    // Current Claude Code: valid JSON decides on any exit code; otherwise a non-blocking error.
    if (json) return { success: false, exitCode, output: json, outputFormat: 'json' };
    const firstLine = stderr.split('\n')[0] || 'No stderr output';
    return { success: false, exitCode, error: `Failed with non-blocking status code ${exitCode}: ${firstLine}` };
  }
  if (cut) {
    return { success: false, exitCode, error: "stdout exceeded hookrun's capture limit (--max-output) and was cut; the output was not parsed" };
  }
  if (schemaError) {
    return { success: false, exitCode, error: `hook output does not match Claude Code's output schema, so Claude Code ignores it: ${schemaError}` };
  }
  if (json) return { success: true, exitCode, output: json, outputFormat: 'json' };
  const text = outcome.stdout.trim();
  if (text !== '' && rule.plainContext) {
    return { success: true, exitCode, output: { hookSpecificOutput: { hookEventName: event, additionalContext: text } }, outputFormat: 'text' };
  }
  return { success: true, exitCode };
}

/** stdout is JSON when its first non-blank character is `{` and it parses to an object. */
export function parseJsonOutput(stdout: string): JsonObject | undefined {
  const text = stdout.trim();
  if (!text.startsWith('{')) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : undefined;
  } catch {
    return undefined;
  }
}

/** The checks of Claude Code's output schema that change what it does; undefined when the output passes. */
export function schemaProblem(event: string, output: JsonObject, generation: Generation): string | undefined {
  const types: [string, string][] = [
    ['continue', 'boolean'],
    ['suppressOutput', 'boolean'],
    ['stopReason', 'string'],
    ['systemMessage', 'string'],
    ['reason', 'string'],
  ];
  for (const [key, type] of types) {
    if (output[key] !== undefined && typeof output[key] !== type) return `"${key}" must be a ${type}, got ${JSON.stringify(output[key])}`;
  }
  if (output.decision !== undefined && output.decision !== 'approve' && output.decision !== 'block') {
    return `"decision" must be "approve" or "block", got ${JSON.stringify(output.decision)}`;
  }
  const hso = output.hookSpecificOutput;
  if (hso === undefined) return undefined;
  if (typeof hso !== 'object' || hso === null || Array.isArray(hso)) return `"hookSpecificOutput" must be an object`;
  const specific = hso as JsonObject;
  if (specific.hookEventName !== event) {
    return `"hookSpecificOutput.hookEventName" must be "${event}", got ${JSON.stringify(specific.hookEventName)}`;
  }
  if (specific.additionalContext !== undefined && typeof specific.additionalContext !== 'string') {
    return `"hookSpecificOutput.additionalContext" must be a string`;
  }
  if (event === 'PreToolUse') {
    const allowed = PERMISSION_DECISIONS[generation];
    if (specific.permissionDecision !== undefined && !allowed.includes(specific.permissionDecision as string)) {
      return `"hookSpecificOutput.permissionDecision" must be one of ${allowed.join(', ')}, got ${JSON.stringify(specific.permissionDecision)}`;
    }
    if (specific.updatedInput !== undefined && !isObject(specific.updatedInput)) return `"hookSpecificOutput.updatedInput" must be an object`;
  }
  if (event === 'PermissionRequest' && specific.decision !== undefined) {
    const behavior = isObject(specific.decision) ? specific.decision.behavior : undefined;
    if (behavior !== 'allow' && behavior !== 'deny') return `"hookSpecificOutput.decision.behavior" must be "allow" or "deny"`;
  }
  return undefined;
}

/** One vocabulary for the merge: PreToolUse's deprecated top-level decision becomes a permissionDecision. */
function normalise(event: string, output: JsonObject, rule: ClaudeEventRule, generation: Generation): JsonObject {
  const result: JsonObject = { ...output };
  if (event === 'PreToolUse' && result.decision !== undefined) {
    const hso: JsonObject = { hookEventName: event, ...(result.hookSpecificOutput as JsonObject | undefined) };
    if (hso.permissionDecision === undefined) {
      hso.permissionDecision = result.decision === 'block' ? 'deny' : 'allow';
      if (typeof result.reason === 'string') hso.permissionDecisionReason = result.reason;
    }
    delete result.decision;
    delete result.reason;
    result.hookSpecificOutput = hso;
  }
  // Events whose decision this Claude Code version does not honour (PreCompact before the current generation).
  if (rule.decisionBlocks !== undefined && !byGeneration(rule.decisionBlocks, generation)) {
    delete result.decision;
  }
  return result;
}

/** Exit code 2: stdout is ignored (classic) or read (current); stderr becomes the event's block or message. */
function applyExit2(event: string, rule: ClaudeEventRule, generation: Generation, json: JsonObject, stderr: string): JsonObject | undefined {
  const effect = rule.failsOnNonZero ? 'block' : byGeneration(rule.exit2, generation);
  const output: JsonObject = { ...json };
  const hso = (): JsonObject => {
    const existing = isObject(output.hookSpecificOutput) ? output.hookSpecificOutput : {};
    const next: JsonObject = { hookEventName: event, ...existing };
    output.hookSpecificOutput = next;
    return next;
  };
  switch (effect) {
    case 'deny-tool': {
      const specific = hso();
      if (specific.permissionDecision !== 'deny') {
        specific.permissionDecision = 'deny';
        specific.permissionDecisionReason = stderr;
      }
      return output;
    }
    case 'deny-permission': {
      const specific = hso();
      const decision = isObject(specific.decision) ? specific.decision : undefined;
      if (decision?.behavior !== 'deny') specific.decision = { behavior: 'deny', message: stderr };
      return output;
    }
    case 'block':
    case 'feedback':
      if (output.decision !== 'block' || typeof output.reason !== 'string') output.reason = stderr;
      output.decision = 'block';
      return output;
    case 'user':
      if (stderr !== '') output.systemMessage = typeof output.systemMessage === 'string' ? `${output.systemMessage}\n${stderr}` : stderr;
      return Object.keys(output).length > 0 ? output : undefined;
    case 'ignored':
      return Object.keys(output).length > 0 ? output : undefined;
  }
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
