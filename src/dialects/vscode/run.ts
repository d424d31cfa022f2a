// How VS Code runs a hook command and reads its end (docs/vscode.md; vscode-docs hooks.md "Exit codes"): the
// command for this OS through the platform shell (`/bin/sh -c`; Windows `cmd.exe /d /s /c`), in the entry's
// `cwd` (relative to the workspace) or the workspace, with the hook's `env` over the environment; 30 s by
// default. Exit 0: stdout is read as JSON (anything else is ignored); exit 2: a blocking error whose stderr
// is shown to the model, landing in the field the event blocks with; any other code: a non-blocking warning.
import path from 'node:path';
import type { Context } from '../../pipeline/context.js';
import { applyEnvPolicy, copyEnvironment } from '../../exec/env.js';
import { isPlainObject } from '../../files/jsonc.js';
import type { JsonObject, PlannedHook, ProcessOutcome, ResolvedConfig } from '../../pipeline/types.js';
import { parseJsonOutput } from '../claude/interpret.js';
import type { HookInvocation, Interpretation } from '../dialect.js';
import { vscodeBlock } from './events.js';
import { VSCODE_DEFAULT_TIMEOUT_SEC } from './settings.js';

export function vscodeInvocation(hook: PlannedHook, input: JsonObject, config: ResolvedConfig, ctx: Context): HookInvocation {
  const c = hook.entry.config;
  const command = String(c.command ?? '');
  const env = applyEnvPolicy(config.envPolicy, ctx.env, () => copyEnvironment(ctx.env));
  if (isPlainObject(c.env)) for (const [key, value] of Object.entries(c.env)) if (typeof value === 'string') env[key] = value;
  const windows = ctx.platform === 'win32';
  return {
    command,
    file: windows ? 'cmd.exe' : '/bin/sh',
    args: windows ? ['/d', '/s', '/c', command] : ['-c', command],
    cwd: typeof c.cwd === 'string' ? path.resolve(ctx.cwd, c.cwd) : ctx.cwd,
    env,
    stdin: JSON.stringify(input),
    timeoutMs: typeof c.timeout === 'number' ? c.timeout : VSCODE_DEFAULT_TIMEOUT_SEC * 1000,
  };
}

const failed = (error: string, exitCode: number): Interpretation => ({ success: false, error, exitCode });

/** One vocabulary for the merge: Stop's documented hookSpecificOutput.decision/reason become the top-level ones. */
function normalise(event: string, output: JsonObject): JsonObject {
  const hso = output.hookSpecificOutput;
  if (event !== 'Stop' || !isPlainObject(hso) || hso.decision === undefined) return output;
  const { decision, reason, ...rest } = hso;
  return { ...output, decision: output.decision ?? decision, ...(reason !== undefined && output.reason === undefined ? { reason } : {}), hookSpecificOutput: rest };
}

/** An exit-2 block in the field the event blocks with; undefined where the event has no block. */
export function vscodeBlockOutput(event: string, reason: string): JsonObject | undefined {
  switch (vscodeBlock(event)) {
    case 'tool':
      return { hookSpecificOutput: { hookEventName: event, permissionDecision: 'deny', permissionDecisionReason: reason } };
    case 'decision':
      return { decision: 'block', reason };
    default:
      return undefined;
  }
}

export function interpretVscode(event: string, outcome: ProcessOutcome, invocation: HookInvocation): Interpretation {
  if (outcome.spawnError !== undefined) return failed(`could not start: ${outcome.spawnError} (a warning; the agent goes on)`, -1);
  if (outcome.timedOut) return failed(`timed out after ${invocation.timeoutMs / 1000} s (a warning; the agent goes on)`, -1);
  if (outcome.exitCode === null) return failed(`killed by ${outcome.signal ?? 'a signal'} (a warning; the agent goes on)`, -1);
  const exitCode = outcome.exitCode;
  const stderr = outcome.stderr.trim();
  if (exitCode === 2) {
    const output = vscodeBlockOutput(event, stderr);
    return output ? { success: false, exitCode, output, outputFormat: 'text' } : failed(`exited 2: ${event} cannot be blocked; its stderr is shown: ${stderr}`, exitCode);
  }
  if (exitCode !== 0) return failed(`exited ${exitCode}: a non-blocking warning${stderr ? `: ${stderr.split('\n')[0]}` : ''}`, exitCode);
  if (outcome.stdoutTruncated === true && outcome.stdoutCutBlanksOnly !== true)
    return failed("stdout exceeded hookrun's capture limit (--max-output) and was cut; it was not parsed", exitCode);
  const text = outcome.stdout.trim();
  if (text === '') return { success: true, exitCode };
  const json = parseJsonOutput(text);
  if (!json) return failed('stdout is not a JSON object, so VS Code cannot use it (JSON parse error)', exitCode);
  return { success: true, exitCode, output: normalise(event, json), outputFormat: 'json' };
}
