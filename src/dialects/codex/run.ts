// How Codex CLI 0.169.0 starts a command hook and reads its end (checked against the real binary):
// `/bin/bash -c` (never a login shell, whatever $SHELL says; Windows `cmd.exe /C` with `commandWindows`
// when set) in the session's cwd, the event on stdin. JSON is read only on exit 0 and must fit the event's
// strict output schema, where an unknown key voids the whole output and `null` stands for an absent field;
// then Codex refuses some admitted values ("unsupported"). Plain text is context, ignored or invalid by
// event; exit 2 counts only with stderr. The answer comes out in Claude Code's vocabulary, normalised to
// what Codex acts on, for the merge it shares with Claude.
import type { Context } from '../../pipeline/context.js';
import { applyEnvPolicy, copyEnvironment } from '../../exec/env.js';
import { isPlainObject } from '../../files/jsonc.js';
import type { JsonObject, PlannedHook, ProcessOutcome, ResolvedConfig } from '../../pipeline/types.js';
import { parseJsonOutput } from '../claude/interpret.js';
import type { HookInvocation, Interpretation } from '../dialect.js';
import { codexEventRule, isCodexEvent, type CodexEventRule, type UniversalField } from './events.js';
import { CODEX_DEFAULT_TIMEOUT_SEC } from './settings.js';

/** The shell Codex starts every hook with, with `-c`: not $SHELL, and not a login shell (no profile files read). */
export const CODEX_HOOK_SHELL = '/bin/bash';

export interface CodexInvocation extends HookInvocation {
  /** `toolName`: the payload's tool_name, which decides whether `updatedMCPToolOutput` is admitted. */
  codex: { async: boolean; toolName?: string };
}

export function codexInvocation(hook: PlannedHook, input: JsonObject, config: ResolvedConfig, ctx: Context): CodexInvocation {
  const c = hook.entry.config;
  const windows = ctx.platform === 'win32';
  const command = windows && typeof c.commandWindows === 'string' ? c.commandWindows : String(c.command ?? '');
  return {
    command,
    file: windows ? 'cmd.exe' : CODEX_HOOK_SHELL,
    args: windows ? ['/C', command] : ['-c', command],
    cwd: typeof input.cwd === 'string' && input.cwd !== '' ? input.cwd : ctx.cwd,
    // Codex passes its whole environment; --clean-env / --env-allow narrow it as for every dialect.
    env: applyEnvPolicy(config.envPolicy, ctx.env, () => copyEnvironment(ctx.env)),
    stdin: JSON.stringify(input),
    timeoutMs: typeof c.timeout === 'number' ? c.timeout : CODEX_DEFAULT_TIMEOUT_SEC * 1000,
    codex: { async: c.async === true, ...(typeof input.tool_name === 'string' ? { toolName: input.tool_name } : {}) },
  };
}

const failed = (error: string, exitCode: number): Interpretation => ({ success: false, error, exitCode });

export function interpretCodex(event: string, outcome: ProcessOutcome, invocation: HookInvocation): Interpretation {
  const rule = codexEventRule(event);
  if (outcome.spawnError !== undefined) {
    const shell = invocation.file === CODEX_HOOK_SHELL ? ` (Codex runs every hook with ${CODEX_HOOK_SHELL} -c)` : '';
    return failed(`could not start: ${outcome.spawnError}${shell}`, -1);
  }
  if (outcome.timedOut) return failed(`hook timed out after ${invocation.timeoutMs / 1000}s: killed, no answer (Codex fails open)`, -1);
  if (outcome.exitCode === null) return failed(`hook was killed by ${outcome.signal ?? 'a signal'} (a failed run: no answer)`, -1);
  const exitCode = outcome.exitCode;
  // An async handler's answer arrives after the action (dispatcher.rs spawn_async_handlers).
  const codex = (invocation as Partial<CodexInvocation>).codex;
  const async = codex?.async === true;
  if (async || !rule || rule.keys === undefined) return { success: exitCode === 0, exitCode };
  const stderr = outcome.stderr.trim();
  if (exitCode === 2) {
    if (rule.exit2 === 'failed') return failed(`exited 2: ${event} has no exit-2 rule in Codex, so it is a failed run (fails open)`, exitCode);
    if (stderr === '') return failed('exited 2 with empty stderr: a failed run in Codex, not a block', exitCode);
    return { success: false, exitCode, output: exit2Output(event, rule, stderr), outputFormat: 'text' };
  }
  if (exitCode !== 0) return failed(`exited ${exitCode}: a failed run (Codex fails open)${stderr ? `: ${stderr.split('\n')[0]}` : ''}`, exitCode);
  if (outcome.stdoutTruncated && outcome.stdoutCutBlanksOnly !== true) {
    return failed("stdout exceeded hookrun's capture limit (--max-output) and was cut; the output was not parsed", exitCode);
  }
  const text = outcome.stdout.trim();
  if (text === '') return { success: true, exitCode };
  if (text.startsWith('{') || text.startsWith('[')) {
    const parsed = parseJsonOutput(text);
    const problem = parsed ? codexSchemaProblem(event, rule, parsed, codex?.toolName) : 'not a JSON object';
    if (problem !== undefined) return failed(`hook returned invalid ${event} JSON output (${problem}); Codex ignores it`, exitCode);
    return { success: true, exitCode, output: normalise(event, withoutNulls(parsed!), codex?.toolName), outputFormat: 'json' };
  }
  if (rule.plain === 'context') return { success: true, exitCode, output: { hookSpecificOutput: { hookEventName: event, additionalContext: text } }, outputFormat: 'text' };
  if (rule.plain === 'invalid') return failed(`hook returned plain text where ${event} takes JSON only; Codex counts it as a failed run`, exitCode);
  return { success: true, exitCode };
}

function exit2Output(event: string, rule: CodexEventRule, stderr: string): JsonObject {
  if (rule.exit2 === 'deny-tool') return { hookSpecificOutput: { hookEventName: event, permissionDecision: 'deny', permissionDecisionReason: stderr } };
  if (rule.exit2 === 'deny-permission') return { hookSpecificOutput: { hookEventName: event, decision: { behavior: 'deny', message: stderr } } };
  return { decision: 'block', reason: stderr };
}

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';
/** Absent or `null`: serde reads both as "not given" for Codex's optional fields. */
const given = (value: unknown): boolean => value !== undefined && value !== null;

const BOOLEANS = ['continue', 'suppressOutput'] as const;
const STRINGS = ['stopReason', 'systemMessage', 'reason'] as const;
const PERMISSION_DECISIONS = ['allow', 'deny', 'ask'];
const POST_TOOL_STOPPED = 'PostToolUse hook stopped execution';

/** MCP tools arrive as `mcp__<server>__<tool>`; only their output can be replaced (`updatedMCPToolOutput`). */
const isMcpTool = (toolName: string | undefined): boolean => toolName?.startsWith('mcp__') === true;

/**
 * Why Codex rejects this output for the event; undefined when it acts on it. First what its schema refuses
 * (an unknown key, a wrong type; `null` is an absent field except for the booleans, which have defaults but
 * take no null), then the values it reads and refuses, in its own order. `toolName` is the payload's.
 */
export function codexSchemaProblem(event: string, rule: CodexEventRule, output: JsonObject, toolName?: string): string | undefined {
  const keys = new Set(['systemMessage', ...(rule.keys ?? []), ...(rule.specific ? ['hookSpecificOutput'] : [])]);
  for (const key of Object.keys(output)) if (!keys.has(key)) return `unknown field "${key}" for ${event}`;
  for (const key of BOOLEANS) if (key in output && typeof output[key] !== 'boolean') return `"${key}" must be true or false`;
  for (const key of STRINGS) if (given(output[key]) && typeof output[key] !== 'string') return `"${key}" must be a string`;
  if (given(output.decision) && !(rule.decisions ?? []).includes(output.decision as string)) {
    return `"decision" must be ${(rule.decisions ?? []).map((d) => JSON.stringify(d)).join(' or ')}, got ${JSON.stringify(output.decision)}`;
  }
  const hso = given(output.hookSpecificOutput) ? output.hookSpecificOutput : undefined;
  if (hso !== undefined) {
    const problem = hookSpecificProblem(event, rule, hso);
    if (problem) return problem;
  }
  const specific = hso as JsonObject | undefined;
  // A PostToolUse hook that stops is read before anything it asks for is checked (Codex's order).
  const stopped = event === 'PostToolUse' && output.continue === false;
  if (!stopped) {
    for (const field of rule.unsupported ?? []) if (refused(field, output)) return `Codex does not support ${refusal(field)} on ${event}`;
  }
  if (event === 'PreToolUse') return preToolUseProblem(output, specific);
  if (event === 'PostToolUse' && !stopped) {
    if (given(specific?.updatedMCPToolOutput) && !isMcpTool(toolName)) {
      return `"updatedMCPToolOutput" is supported only for an MCP tool (mcp__<server>__<tool>), not for ${toolName === undefined ? 'a call without tool_name' : `"${toolName}"`}`;
    }
    if (output.reason !== undefined && output.reason !== null && !given(output.decision)) return '"reason" without "decision"';
  }
  if (output.decision === 'block' && !nonEmpty(output.reason) && !stopped) return '"decision": "block" needs a non-empty "reason"';
  return undefined;
}

function refused(field: UniversalField, output: JsonObject): boolean {
  if (field === 'continue') return output.continue === false;
  if (field === 'suppressOutput') return output.suppressOutput === true;
  return given(output.stopReason);
}

function refusal(field: UniversalField): string {
  return field === 'continue' ? '"continue": false' : field === 'suppressOutput' ? '"suppressOutput": true' : '"stopReason"';
}

function hookSpecificProblem(event: string, rule: CodexEventRule, hso: unknown): string | undefined {
  if (!isPlainObject(hso)) return '"hookSpecificOutput" must be an object';
  // Codex reads the name as one of its events, and does not hold it against the event that ran.
  if (typeof hso.hookEventName !== 'string' || !isCodexEvent(hso.hookEventName)) {
    return `"hookSpecificOutput.hookEventName" must name a Codex event (here "${event}"), got ${JSON.stringify(hso.hookEventName)}`;
  }
  const specific = new Set(['hookEventName', ...(rule.specific ?? [])]);
  for (const key of Object.keys(hso)) if (!specific.has(key)) return `unknown field "hookSpecificOutput.${key}" for ${event}`;
  for (const key of ['additionalContext', 'permissionDecisionReason'] as const) {
    if (given(hso[key]) && typeof hso[key] !== 'string') return `"hookSpecificOutput.${key}" must be a string`;
  }
  if (given(hso.permissionDecision) && !PERMISSION_DECISIONS.includes(hso.permissionDecision as string)) {
    return `"hookSpecificOutput.permissionDecision" must be "deny" (or "allow" with "updatedInput"), got ${JSON.stringify(hso.permissionDecision)}`;
  }
  if (event === 'PermissionRequest' && given(hso.decision)) {
    const decision = hso.decision;
    if (!isPlainObject(decision)) return '"hookSpecificOutput.decision" must be an object';
    for (const key of Object.keys(decision)) if (!['behavior', 'message', 'interrupt'].includes(key)) return `"hookSpecificOutput.decision.${key}" is not supported`;
    if (decision.behavior !== 'allow' && decision.behavior !== 'deny') return '"hookSpecificOutput.decision.behavior" must be "allow" or "deny"';
    if (given(decision.message) && typeof decision.message !== 'string') return '"hookSpecificOutput.decision.message" must be a string';
    if ('interrupt' in decision && typeof decision.interrupt !== 'boolean') return '"hookSpecificOutput.decision.interrupt" must be true or false';
    if (decision.interrupt === true) return '"hookSpecificOutput.decision.interrupt": true is not supported';
  }
  return undefined;
}

/** Whether hookSpecificOutput carries the decision; then the legacy `decision`/`reason` are not read at all. */
const decidesInHookSpecific = (hso: JsonObject | undefined): boolean =>
  hso !== undefined && (given(hso.permissionDecision) || given(hso.permissionDecisionReason) || given(hso.updatedInput));

function preToolUseProblem(output: JsonObject, hso: JsonObject | undefined): string | undefined {
  if (!hso || !decidesInHookSpecific(hso)) {
    if (output.decision === 'approve') return '"decision": "approve" is not supported by Codex (only beside a hookSpecificOutput decision, which then decides)';
    if (output.decision === 'block') return nonEmpty(output.reason) ? undefined : '"decision": "block" needs a non-empty "reason"';
    return given(output.reason) ? '"reason" without "decision"' : undefined;
  }
  const decision = hso.permissionDecision;
  if (given(hso.updatedInput) && decision !== 'allow') return '"updatedInput" without "permissionDecision": "allow"';
  if (decision === 'allow') return given(hso.updatedInput) ? undefined : '"permissionDecision": "allow" is supported only with "updatedInput"';
  if (decision === 'ask') return '"permissionDecision": "ask" is not supported by Codex';
  if (decision === 'deny') return nonEmpty(hso.permissionDecisionReason) ? undefined : '"permissionDecision": "deny" needs a non-empty "permissionDecisionReason"';
  return '"permissionDecisionReason" without "permissionDecision"';
}

/** The output with every `null` field gone (Codex reads `null` as absent), at each level it reads. */
function withoutNulls(output: JsonObject): JsonObject {
  const strip = (object: JsonObject): JsonObject => Object.fromEntries(Object.entries(object).filter(([, value]) => value !== null));
  const result = strip(output);
  if (isPlainObject(result.hookSpecificOutput)) {
    const hso = strip(result.hookSpecificOutput);
    if (isPlainObject(hso.decision)) hso.decision = strip(hso.decision);
    result.hookSpecificOutput = hso;
  }
  return result;
}

/**
 * One vocabulary for the merge, saying what Codex acts on: the event's own name in hookSpecificOutput; the
 * PreToolUse decision Codex reads (hookSpecificOutput's when it has one, else the legacy block as a deny),
 * its reason trimmed as the model is shown it; a PostToolUse stop as the text that replaces the tool output;
 * fields Codex ignores removed.
 */
function normalise(event: string, output: JsonObject, toolName: string | undefined): JsonObject {
  const result: JsonObject = { ...output };
  if (isPlainObject(result.hookSpecificOutput)) result.hookSpecificOutput = { ...result.hookSpecificOutput, hookEventName: event };
  const hso = result.hookSpecificOutput as JsonObject | undefined;
  if (event === 'PreToolUse') {
    if (hso && decidesInHookSpecific(hso)) {
      if (hso.permissionDecision === 'deny') hso.permissionDecisionReason = (hso.permissionDecisionReason as string).trim();
    } else if (result.decision === 'block') {
      result.hookSpecificOutput = { ...hso, hookEventName: event, permissionDecision: 'deny', permissionDecisionReason: (result.reason as string).trim() };
    }
    delete result.decision;
    delete result.reason;
  }
  if (event === 'PostToolUse' && result.continue === false) {
    // The turn goes on; the model is shown the block reason, else the stop reason, else Codex's own words.
    result.decision = 'block';
    result.reason = nonEmpty(result.reason) ? result.reason.trim() : nonEmpty(result.stopReason) ? result.stopReason : POST_TOOL_STOPPED;
    delete result.suppressOutput;
    if (hso && !isMcpTool(toolName)) delete hso.updatedMCPToolOutput;
  }
  if (event === 'SubagentStart') {
    delete result.continue;
    delete result.stopReason;
  }
  if (event === 'PermissionRequest' && hso && isPlainObject(hso.decision)) {
    const decision = hso.decision;
    if (decision.behavior === 'deny') {
      hso.decision = { ...decision, message: nonEmpty(decision.message) ? decision.message.trim() : 'PermissionRequest hook denied approval' };
    }
  }
  return result;
}
