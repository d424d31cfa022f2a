// How Claude Code reads a finished hook (docs/sources.md §B.6, §B.7): exit code 0, 2 or other; stdout as
// JSON or plain text; stderr routed per event. The result is this hook's answer as a Claude-shaped object,
// already normalised (deprecated `decision: "approve"|"block"` on PreToolUse becomes a permissionDecision;
// an exit-2 block becomes the field the event uses), so the merge reads one vocabulary.
import type { HookInvocation, Interpretation } from '../dialect.js';
import type { JsonObject, ProcessOutcome } from '../../pipeline/types.js';
import { byGeneration, eventRule, type ClaudeEventRule } from './events.js';
import { isClaudeInvocation } from './invocation.js';
import { DEFAULT_PROFILE, has, type ClaudeProfile, type Generation } from './version.js';

const PERMISSION_DECISIONS: Readonly<Record<'without' | 'with', readonly string[]>> = {
  without: ['allow', 'deny', 'ask'],
  with: ['allow', 'deny', 'ask', 'defer'],
};

/** What interpret needs to know about the Claude Code version and this hook. */
interface Reading {
  /** The generation the event's ByGeneration rules resolve with (PreCompact: by its own 2.1.105 date). */
  generation: Generation;
  profile: ClaudeProfile;
  unblockable: boolean;
  /** The event's tool, where it has one. */
  tool?: string;
}

export function interpretClaude(event: string, outcome: ProcessOutcome, invocation: HookInvocation): Interpretation {
  const info = isClaudeInvocation(invocation) ? invocation.claude : undefined;
  const profile = info?.profile ?? DEFAULT_PROFILE;
  let generation: Generation = info?.generation ?? 'classic';
  // PreCompact's blocking is dated on its own (2.1.105), later than the rest of the current generation.
  if (event === 'PreCompact' && generation === 'current' && !has(profile, 'preCompactBlocks')) generation = 'classic';
  const reading: Reading = { generation, profile, unblockable: info?.unblockable === true };
  if (info?.tool !== undefined) reading.tool = info.tool;
  const rule = eventRule(event);
  /** `how`: Claude Code's word for the failure in an onFailure block's message ("failed", "timed out"). */
  const failed = (error: string, exitCode = 0, how = 'failed'): Interpretation => {
    // WorktreeCreate: a hook that fails, for any reason, fails the creation.
    if (rule?.failsOnNonZero) return { success: false, error, exitCode, output: { decision: 'block', reason: error }, outputFormat: 'text' };
    if (info?.blockOnFailure && rule) return blockOnFailure(event, rule, reading, `[${invocation.command}]: ${how}; blocking because onFailure is "block"`, outcome, exitCode);
    return { success: false, error, exitCode };
  };
  if (outcome.spawnError !== undefined) return failed(outcome.spawnError);
  if (outcome.timedOut) {
    const error = `Hook timed out after ${invocation.timeoutMs / 1000} s: cancelled, its output discarded (no decision)`;
    if (rule?.timeoutBlocks)
      return {
        success: false,
        error: `${error}; a timed-out ${event} hook blocks`,
        exitCode: 0,
        output: { decision: 'block', reason: `${event} hook timed out` },
        outputFormat: 'text',
      };
    return failed(error, 0, 'timed out');
  }
  if (info?.http && rule) return interpretHttp(event, outcome, rule, reading, failed);
  const exitCode = outcome.exitCode ?? 0;
  if (outcome.exitCode === null) {
    return failed(`Hook was killed by ${outcome.signal ?? 'a signal'} (non-blocking error)`, exitCode);
  }
  // An async hook's answer reaches Claude after the action; it never takes part in the decision.
  if ((info?.async ?? false) || !rule || rule.outputIgnored) {
    return { success: exitCode === 0, exitCode };
  }

  // A stdout cut at hookrun's capture limit is never read as an answer (hookrun's rule for every dialect
  // that parses output): its first megabytes are not what the hook meant. The exit code still counts.
  // Blanks alone past the cap are the exception: the output is trimmed before it is parsed.
  const cut = outcome.stdoutTruncated === true && outcome.stdoutCutBlanksOnly !== true;
  const stderr = outcome.stderr.trim();
  if (event === 'WorktreeCreate' && generation === 'current' && exitCode === 0 && !cut) {
    // The path is the last non-empty stdout line, not JSON; banner lines before it are not part of it.
    const path = outcome.stdout
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '')
      .pop();
    if (path === undefined) return failed('WorktreeCreate hook exited 0 without printing a worktree path, so the creation fails');
    return { success: true, exitCode, output: { hookSpecificOutput: { hookEventName: event, worktreePath: path } }, outputFormat: 'text' };
  }
  const parsed = cut ? undefined : parseJsonOutput(outcome.stdout);
  const readJson = generation === 'current' || exitCode === 0;
  let json: JsonObject | undefined;
  let schemaError: string | undefined;
  if (parsed && readJson) {
    if (rule.jsonIgnored && generation === 'current') {
      json = {};
    } else {
      schemaError = schemaProblem(event, parsed, profile);
      if (!schemaError) json = normalise(event, parsed, rule, reading);
    }
  }

  const exit2Counts = exitCode === 2 && byGeneration(rule.exit2, generation) !== 'error';
  if (exit2Counts || (rule.failsOnNonZero && exitCode !== 0)) {
    if (exitCode === 2 && schemaError && !has(profile, 'exit2InvalidJsonBlocks')) {
      return { success: false, exitCode, error: `exit 2 with stdout JSON that fails Claude Code's output schema is a non-blocking error before 2.1.214: ${schemaError}` };
    }
    if (rule.exit2DropsSpecific && json) delete json.hookSpecificOutput;
    const output = applyExit2(event, rule, reading, json ?? {}, stderr);
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
    return failed(`Failed with non-blocking status code ${exitCode}: ${firstLine}`, exitCode);
  }
  if (cut) {
    return { success: false, exitCode, error: "stdout exceeded hookrun's capture limit (--max-output) and was cut; the output was not parsed" };
  }
  if (schemaError) {
    return { success: false, exitCode, error: `hook output does not match Claude Code's output schema, so Claude Code ignores it: ${schemaError}` };
  }
  if (json) return { success: true, exitCode, output: json, outputFormat: 'json' };
  const text = outcome.stdout.trim();
  if (text !== '' && rule.plainContext !== undefined && byGeneration(rule.plainContext, generation)) {
    return { success: true, exitCode, output: { hookSpecificOutput: { hookEventName: event, additionalContext: text } }, outputFormat: 'text' };
  }
  return { success: true, exitCode };
}

/**
 * An http hook's response (hooks reference §HTTP response handling): 2xx with an empty body is success with no
 * output; 2xx with a JSON object is read like a command hook's stdout; any other 2xx body, a non-2xx status or
 * a connection failure is a non-blocking error (plain text is never context). Status codes alone never block.
 */
function interpretHttp(event: string, outcome: ProcessOutcome, rule: ClaudeEventRule, reading: Reading, failed: (error: string) => Interpretation): Interpretation {
  const http = outcome.http!;
  if (http.error !== undefined) return failed(`HTTP hook failed: ${http.error} (non-blocking error)`);
  const status = http.status ?? 0;
  if (status < 200 || status > 299) return failed(`HTTP hook returned status ${status} (non-blocking error)`);
  if (outcome.stdoutTruncated) return failed("HTTP response exceeded hookrun's capture limit (--max-output) and was cut; it was not parsed");
  const body = outcome.stdout.trim();
  const worktree = event === 'WorktreeCreate';
  if (body === '') return worktree ? failed('WorktreeCreate HTTP hook returned no hookSpecificOutput.worktreePath, so the creation fails') : { success: true, exitCode: 0 };
  const parsed = parseJsonOutput(body);
  if (!parsed) return failed(`HTTP hook response (status ${status}) is not a JSON object: a non-blocking error, and the text is not added to context`);
  if (rule.jsonIgnored && reading.generation === 'current') return { success: true, exitCode: 0 };
  const schemaError = schemaProblem(event, parsed, reading.profile);
  if (schemaError) return failed(`HTTP hook response does not match Claude Code's output schema, so Claude Code ignores it: ${schemaError}`);
  const json = normalise(event, parsed, rule, reading);
  if (worktree) {
    const hso = isObject(json.hookSpecificOutput) ? json.hookSpecificOutput : {};
    if (typeof hso.worktreePath !== 'string' || hso.worktreePath === '') {
      return failed('WorktreeCreate HTTP hook returned no hookSpecificOutput.worktreePath, so the creation fails');
    }
  }
  return { success: true, exitCode: 0, output: json, outputFormat: 'json' };
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
function schemaProblem(event: string, output: JsonObject, profile: ClaudeProfile): string | undefined {
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
    const allowed = PERMISSION_DECISIONS[has(profile, 'defer') ? 'with' : 'without'];
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
function normalise(event: string, output: JsonObject, rule: ClaudeEventRule, reading: Reading): JsonObject {
  const { generation } = reading;
  const result: JsonObject = { ...output };
  if (generation === 'current') {
    // Fields the event's section says Claude Code discards (hooks reference, per event).
    for (const field of rule.drops ?? []) {
      delete result[field];
      if (field === 'continue') delete result.stopReason;
    }
  }
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
  // A headless session starts whatever a SessionStart hook says (first seen in the 2.1.328 binary).
  if (event === 'SessionStart' && has(reading.profile, 'sessionStartContinueIgnored')) {
    delete result.continue;
    delete result.stopReason;
  }
  // A replacement output must have the tool's own shape: an object for a built-in tool (Bash's
  // {stdout, stderr, …}); Claude Code ignores anything else and the model gets the real output.
  if (event === 'PostToolUse' && isObject(result.hookSpecificOutput)) {
    const hso = result.hookSpecificOutput;
    const mcp = reading.tool?.startsWith('mcp__') === true;
    if (hso.updatedToolOutput !== undefined && !mcp && !isObject(hso.updatedToolOutput)) {
      const { updatedToolOutput: _ignored, ...kept } = hso;
      result.hookSpecificOutput = kept;
    }
  }
  // Events whose decision this Claude Code version does not honour (PreCompact before the current generation).
  if ((rule.decisionBlocks !== undefined && !byGeneration(rule.decisionBlocks, generation)) || reading.unblockable) {
    delete result.decision;
  }
  return result;
}

/**
 * `onFailure: "block"`: the failed hook blocks as an exit 2 would, its message first and its stderr after
 * (the model reads `<Event>:<Tool> hook error: [<command>]: failed; blocking because onFailure is "block"`).
 * PermissionRequest, whose exit 2 Claude Code no longer honours, denies.
 */
function blockOnFailure(event: string, rule: ClaudeEventRule, reading: Reading, message: string, outcome: ProcessOutcome, exitCode: number): Interpretation {
  const stderr = outcome.stderr.trim();
  const reason = stderr === '' ? message : `${message}\n${stderr}`;
  const blocking: ClaudeEventRule = event === 'PermissionRequest' ? { ...rule, exit2: 'deny-permission' } : rule;
  const output = applyExit2(event, blocking, reading, {}, reason);
  return output ? { success: false, exitCode, output, outputFormat: 'text' } : { success: false, exitCode, error: reason };
}

/** Exit code 2: stdout is ignored (classic) or read (current); stderr becomes the event's block or message. */
function applyExit2(event: string, rule: ClaudeEventRule, reading: Reading, json: JsonObject, stderr: string): JsonObject | undefined {
  let effect = rule.failsOnNonZero ? 'block' : byGeneration(rule.exit2, reading.generation);
  // ConfigChange from policy_settings cannot be blocked; the event drops systemMessage, so nothing is left.
  if (reading.unblockable && effect === 'block') effect = 'ignored';
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
    case 'error':
      return Object.keys(output).length > 0 ? output : undefined;
  }
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
