// How Kiro CLI 3 starts a hook (docs/kiro.md "Kiro CLI 3 hook files"): `${WORKSPACE_ROOT}` replaced, `bash -c` in the
// workspace with the full environment, the payload on stdin, a timeout in seconds. An agent action
// starts nothing: its prompt, with the payload, goes to the model's context.
import type { Context } from '../../pipeline/context.js';
import { applyEnvPolicy, copyEnvironment } from '../../exec/env.js';
import type { JsonObject, PlannedHook, ProcessOutcome, ResolvedConfig } from '../../pipeline/types.js';
import type { HookInvocation, Interpretation } from '../dialect.js';
import { KIRO3_DEFAULT_TIMEOUT_SECONDS } from './kiro3-settings.js';

const WORKSPACE_ROOT_VARIABLE = '${WORKSPACE_ROOT}';

/**
 * The engine pastes the workspace path into the command text. A path a shell reads as code (quotes,
 * `$`, backquotes, backslashes, newlines) would run; for such a path hookrun passes it in the
 * environment instead, which a shell expands to the same words but never executes.
 */
function substituteWorkspaceRoot(command: string, workspace: string): { command: string; viaEnv: boolean } {
  if (!command.includes(WORKSPACE_ROOT_VARIABLE)) return { command, viaEnv: false };
  if (/^[\w@%+=:,./ -]*$/.test(workspace)) return { command: command.replaceAll(WORKSPACE_ROOT_VARIABLE, workspace), viaEnv: false };
  return { command, viaEnv: true };
}

export function kiro3Invocation(hook: PlannedHook, input: JsonObject, config: ResolvedConfig, ctx: Context): HookInvocation {
  const configured = String(hook.entry.config.command ?? '');
  const { command, viaEnv } = substituteWorkspaceRoot(configured, ctx.cwd);
  // The agent passes its whole environment; --clean-env / --env-allow narrow it as for every dialect.
  const env = applyEnvPolicy(config.envPolicy, ctx.env, () => copyEnvironment(ctx.env));
  if (viaEnv) env.WORKSPACE_ROOT = ctx.cwd;
  const windows = ctx.platform === 'win32';
  return {
    command,
    file: windows ? 'cmd' : 'bash',
    args: windows ? ['/C', command] : ['-c', command],
    cwd: ctx.cwd,
    env,
    stdin: JSON.stringify(input),
    timeoutMs: typeof hook.entry.config.timeout === 'number' ? hook.entry.config.timeout : KIRO3_DEFAULT_TIMEOUT_SECONDS * 1000,
  };
}

/** What an agent action adds to the context: its prompt, then the hook input as a fenced JSON block. */
function agentActionContext(prompt: string, input: JsonObject): string {
  return `${prompt}\n\n\`\`\`json\n${JSON.stringify(input, null, 2)}\n\`\`\``;
}

/** An agent action's result, without a process. */
export function kiro3Answer(hook: PlannedHook, input: JsonObject): Interpretation | undefined {
  if (hook.entry.config.type !== 'agent') return undefined;
  return { success: true, exitCode: 0, output: agentActionContext(String(hook.entry.config.prompt ?? ''), input), outputFormat: 'text' };
}

/** The process's end as Kiro reads it: the exit code, stdout and stderr, both kept (the aggregator picks). */
export function interpretKiro3(outcome: ProcessOutcome, invocation: HookInvocation): Interpretation {
  if (outcome.spawnError !== undefined) return { success: false, error: `could not start: ${outcome.spawnError}`, exitCode: -1 };
  if (outcome.timedOut) return { success: false, error: `timed out after ${invocation.timeoutMs / 1000} s and was killed`, exitCode: -1 };
  const exitCode = outcome.exitCode ?? -1;
  return { success: exitCode === 0, exitCode, output: outcome.stdout, outputFormat: 'text' };
}
