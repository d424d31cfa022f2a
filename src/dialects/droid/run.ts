// How Factory Droid 0.225.2 starts a hook and reads its end (docs/droid.md, observed): `sh -c` in the
// project directory, the event on stdin, Droid's environment plus FACTORY_PROJECT_DIR, DROID_PROJECT_DIR,
// CLAUDE_PROJECT_DIR and every top-level string, number or boolean field of the event as a variable of its
// own name; `timeout` in seconds (default 60), a timed-out hook fails open. stdout that starts with `{` is
// read as JSON whatever the exit code, `hookEventName` not required. The answer comes out in Claude Code's
// vocabulary for the merge: a JSON `decision: "block"` on PreToolUse is dropped (Droid ignores it), so
// there a `decision: "block"` only ever stands for exit 2, which aggregate.ts weighs after the first
// permissionDecision; exit 3 is Droid's abort, `continue: false` with stderr as the stop reason.
import type { Context } from '../../pipeline/context.js';
import { applyEnvPolicy, copyEnvironment } from '../../exec/env.js';
import type { JsonObject, PlannedHook, ProcessOutcome, ResolvedConfig } from '../../pipeline/types.js';
import { parseJsonOutput } from '../claude/interpret.js';
import type { HookInvocation, Interpretation } from '../dialect.js';
import { DROID_ABORT_EXIT, DROID_EXIT2_BLOCKS } from './events.js';
import { DROID_DEFAULT_TIMEOUT_SEC } from './settings.js';

/** The variables Droid sets for the project directory (CLAUDE_PROJECT_DIR for hooks written for Claude Code). */
export const DROID_PROJECT_VARIABLES = ['FACTORY_PROJECT_DIR', 'DROID_PROJECT_DIR', 'CLAUDE_PROJECT_DIR'] as const;

/** The event's top-level scalar fields, as Droid exports them: strings as they are, numbers and booleans as text. */
export function payloadVariables(input: JsonObject): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [key, value] of Object.entries(input)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') variables[key] = String(value);
  }
  return variables;
}

export function droidInvocation(hook: PlannedHook, input: JsonObject, config: ResolvedConfig, ctx: Context): HookInvocation {
  const c = hook.entry.config;
  const command = String(c.command ?? '');
  const env = applyEnvPolicy(config.envPolicy, ctx.env, () => copyEnvironment(ctx.env));
  for (const name of DROID_PROJECT_VARIABLES) env[name] = ctx.cwd;
  Object.assign(env, payloadVariables(input));
  return {
    command,
    file: '/bin/sh',
    args: ['-c', command],
    cwd: ctx.cwd,
    env,
    stdin: JSON.stringify(input),
    timeoutMs: typeof c.timeout === 'number' ? c.timeout : DROID_DEFAULT_TIMEOUT_SEC * 1000,
  };
}

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Droid's JSON answer in the vocabulary of the merge: the event named in hookSpecificOutput, ignored fields gone. */
function normalise(event: string, json: JsonObject): JsonObject {
  const output: JsonObject = { ...json };
  if (isObject(output.hookSpecificOutput)) output.hookSpecificOutput = { ...output.hookSpecificOutput, hookEventName: event };
  if (event === 'PreToolUse') {
    delete output.decision;
    delete output.reason;
  }
  return output;
}

export function interpretDroid(event: string, outcome: ProcessOutcome, invocation: HookInvocation): Interpretation {
  if (outcome.spawnError !== undefined) return { success: false, exitCode: -1, error: `could not start: ${outcome.spawnError}` };
  if (outcome.timedOut) return { success: false, exitCode: 1, error: `timed out after ${invocation.timeoutMs / 1000} s: Droid counts it as exit 1 and goes on (fails open)` };
  if (outcome.exitCode === null) return { success: false, exitCode: -1, error: `killed by ${outcome.signal ?? 'a signal'}: no answer` };
  const exitCode = outcome.exitCode;
  const stderr = outcome.stderr.trim();
  const cut = outcome.stdoutTruncated && outcome.stdoutCutBlanksOnly !== true;
  const json = cut ? undefined : parseJsonOutput(outcome.stdout);
  const output = json ? normalise(event, json) : {};
  const answer = (extra: Partial<Interpretation>): Interpretation => {
    const result: Interpretation = { success: exitCode === 0, exitCode, ...extra };
    if (Object.keys(output).length > 0) {
      result.output = output;
      result.outputFormat = json ? 'json' : 'text';
    }
    return result;
  };
  if (exitCode === DROID_ABORT_EXIT) {
    output.continue = false;
    output.stopReason = stderr || `${event} hook exited 3: Droid aborts the run`;
    return answer({});
  }
  if (exitCode === 2 && DROID_EXIT2_BLOCKS.has(event)) {
    output.decision = 'block';
    output.reason = stderr || `${event} hook exited 2`;
    return answer({});
  }
  if (cut) return answer({ error: "stdout exceeded hookrun's capture limit (--max-output) and was cut; the output was not parsed" });
  if (exitCode !== 0)
    return answer({
      error: `exited ${exitCode}: a warning in Droid${event === 'PreToolUse' ? ' (its stderr goes before the tool result)' : ''}${stderr ? `: ${stderr.split('\n')[0]}` : ''}`,
    });
  return answer({});
}
