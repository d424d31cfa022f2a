// How Codex starts a command hook and reads its end (SOURCES §1.5, §1.6): `$SHELL -lc` (else `/bin/sh
// -lc`; Windows `cmd.exe /C` with `commandWindows` when set) in the session's cwd, the event on stdin.
// JSON is read only on exit 0 and must fit the event's strict output schema, where an unknown key voids
// the whole output; plain text is context, ignored or invalid by event; exit 2 counts only with stderr.
// The answer comes out in Claude Code's vocabulary, normalised, for the merge it shares with Claude.
import type { Context } from '../../context.js';
import { applyEnvPolicy, copyEnvironment } from '../../exec/env.js';
import { isPlainObject } from '../../settings/jsonc.js';
import type { JsonObject, PlannedHook, ProcessOutcome, ResolvedConfig } from '../../types.js';
import { parseJsonOutput } from '../claude/interpret.js';
import type { HookInvocation, Interpretation } from '../dialect.js';
import { codexEventRule, type CodexEventRule } from './events.js';
import { CODEX_DEFAULT_TIMEOUT_SEC } from './settings.js';

export interface CodexInvocation extends HookInvocation {
  codex: { async: boolean };
}

export function codexInvocation(hook: PlannedHook, input: JsonObject, config: ResolvedConfig, ctx: Context): CodexInvocation {
  const c = hook.entry.config;
  const windows = ctx.platform === 'win32';
  const command = windows && typeof c.commandWindows === 'string' ? c.commandWindows : String(c.command ?? '');
  const shell = ctx.env.SHELL || '/bin/sh';
  return {
    command,
    file: windows ? 'cmd.exe' : shell,
    args: windows ? ['/C', command] : ['-lc', command],
    cwd: typeof input.cwd === 'string' && input.cwd !== '' ? input.cwd : ctx.cwd,
    // Codex passes its whole environment; --clean-env / --env-allow narrow it as for every dialect.
    env: applyEnvPolicy(config.envPolicy, ctx.env, () => copyEnvironment(ctx.env)),
    stdin: JSON.stringify(input),
    timeoutMs: typeof c.timeout === 'number' ? c.timeout : CODEX_DEFAULT_TIMEOUT_SEC * 1000,
    codex: { async: c.async === true },
  };
}

const failed = (error: string, exitCode: number): Interpretation => ({ success: false, error, exitCode });

export function interpretCodex(event: string, outcome: ProcessOutcome, invocation: HookInvocation): Interpretation {
  const rule = codexEventRule(event);
  if (outcome.spawnError !== undefined) return failed(`could not start: ${outcome.spawnError}`, -1);
  if (outcome.timedOut) return failed(`hook timed out after ${invocation.timeoutMs / 1000}s: killed, no answer (Codex fails open)`, -1);
  if (outcome.exitCode === null) return failed(`hook was killed by ${outcome.signal ?? 'a signal'} (a failed run: no answer)`, -1);
  const exitCode = outcome.exitCode;
  // An async handler's answer arrives after the action (dispatcher.rs spawn_async_handlers).
  const async = (invocation as Partial<CodexInvocation>).codex?.async === true;
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
    const problem = parsed ? codexSchemaProblem(event, rule, parsed) : 'not a JSON object';
    if (problem !== undefined) return failed(`hook returned invalid ${event} JSON output (${problem}); Codex ignores it`, exitCode);
    return { success: true, exitCode, output: normalise(event, parsed!), outputFormat: 'json' };
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

const nonEmpty = (value: unknown): boolean => typeof value === 'string' && value.trim() !== '';

/** Why Codex rejects this output for the event; undefined when its schema (and its parser's rules) admit it. */
export function codexSchemaProblem(event: string, rule: CodexEventRule, output: JsonObject): string | undefined {
  const keys = new Set(['systemMessage', ...(rule.keys ?? []), ...(rule.specific ? ['hookSpecificOutput'] : [])]);
  for (const key of Object.keys(output)) if (!keys.has(key)) return `unknown field "${key}" for ${event}`;
  for (const [key, type] of [['continue', 'boolean'], ['suppressOutput', 'boolean'], ['stopReason', 'string'], ['systemMessage', 'string'], ['reason', 'string']] as const) {
    if (output[key] !== undefined && typeof output[key] !== type) return `"${key}" must be a ${type}`;
  }
  if (rule.continueRejected && output.continue === false) return `"continue": false is not supported on ${event}`;
  if (output.decision !== undefined) {
    if (output.decision !== 'block') return `"decision" must be "block", got ${JSON.stringify(output.decision)}`;
    if (!nonEmpty(output.reason)) return `"decision": "block" needs a non-empty "reason"`;
  } else if (output.reason !== undefined) {
    return `"reason" without "decision"`;
  }
  const hso = output.hookSpecificOutput;
  if (hso === undefined) return undefined;
  if (!isPlainObject(hso)) return '"hookSpecificOutput" must be an object';
  if (hso.hookEventName !== event) return `"hookSpecificOutput.hookEventName" must be "${event}", got ${JSON.stringify(hso.hookEventName)}`;
  const specific = new Set(['hookEventName', ...(rule.specific ?? [])]);
  for (const key of Object.keys(hso)) if (!specific.has(key)) return `unknown field "hookSpecificOutput.${key}" for ${event}`;
  if (hso.additionalContext !== undefined && typeof hso.additionalContext !== 'string') return '"hookSpecificOutput.additionalContext" must be a string';
  if (event === 'PreToolUse') return preToolUseProblem(hso);
  if (event === 'PermissionRequest' && hso.decision !== undefined) {
    const decision = hso.decision;
    if (!isPlainObject(decision)) return '"hookSpecificOutput.decision" must be an object';
    for (const key of Object.keys(decision)) if (!['behavior', 'message', 'interrupt'].includes(key)) return `"hookSpecificOutput.decision.${key}" is not supported`;
    if (decision.behavior !== 'allow' && decision.behavior !== 'deny') return '"hookSpecificOutput.decision.behavior" must be "allow" or "deny"';
    if (decision.message !== undefined && typeof decision.message !== 'string') return '"hookSpecificOutput.decision.message" must be a string';
    if (decision.interrupt !== undefined && decision.interrupt !== false) return '"hookSpecificOutput.decision.interrupt": true is not supported';
  }
  return undefined;
}

function preToolUseProblem(hso: JsonObject): string | undefined {
  const decision = hso.permissionDecision;
  if (decision === undefined) {
    if (hso.permissionDecisionReason !== undefined) return '"permissionDecisionReason" without "permissionDecision"';
    if (hso.updatedInput !== undefined) return '"updatedInput" without "permissionDecision": "allow"';
    return undefined;
  }
  if (decision === 'ask') return '"permissionDecision": "ask" is not supported by Codex';
  if (decision === 'allow') return hso.updatedInput === undefined ? '"permissionDecision": "allow" is supported only with "updatedInput"' : undefined;
  if (decision !== 'deny') return `"permissionDecision" must be "deny" (or "allow" with "updatedInput"), got ${JSON.stringify(decision)}`;
  if (hso.updatedInput !== undefined) return '"updatedInput" with "permissionDecision": "deny"';
  return nonEmpty(hso.permissionDecisionReason) ? undefined : '"permissionDecision": "deny" needs a non-empty "permissionDecisionReason"';
}

/** One vocabulary for the merge: PreToolUse's legacy decision becomes a deny; fields Codex ignores go. */
function normalise(event: string, output: JsonObject): JsonObject {
  const result: JsonObject = { ...output };
  if (event === 'PreToolUse' && result.decision === 'block') {
    const hso = isPlainObject(result.hookSpecificOutput) ? result.hookSpecificOutput : {};
    result.hookSpecificOutput = { ...hso, hookEventName: event, permissionDecision: 'deny', permissionDecisionReason: result.reason };
    delete result.decision;
    delete result.reason;
  }
  if (event === 'SubagentStart') {
    delete result.continue;
    delete result.stopReason;
  }
  if (event === 'PermissionRequest' && isPlainObject(result.hookSpecificOutput) && isPlainObject(result.hookSpecificOutput.decision)) {
    const decision = result.hookSpecificOutput.decision;
    if (decision.behavior === 'deny' && !nonEmpty(decision.message)) {
      result.hookSpecificOutput = { ...result.hookSpecificOutput, decision: { ...decision, message: 'PermissionRequest hook denied approval' } };
    }
  }
  return result;
}
