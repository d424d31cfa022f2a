// How agy starts a handler and reads its end (docs/antigravity.md "Matching, running, answers"): `sh -c` (Windows `cmd /c`) in the
// folder holding its hooks.json, the payload on stdin, the full environment, a timeout in seconds.
// Only stdout counts: trimmed, one JSON object. The exit code and stderr are reported, never read.
import { homeDir, type Context } from '../../pipeline/context.js';
import { applyEnvPolicy, copyEnvironment } from '../../exec/env.js';
import { isPlainObject } from '../../files/jsonc.js';
import type { JsonObject, PlannedHook, ProcessOutcome, RegistryEntry, ResolvedConfig } from '../../pipeline/types.js';
import type { HookInvocation, Interpretation } from '../dialect.js';
import { AGY_DEFAULT_TIMEOUT_SECONDS } from './settings.js';

/** agy expands `~` to the home directory (AG-DOC); hookrun does it for a leading `~` or `~/`, where a shell would. */
function expandHome(command: string, home: string): string {
  return command === '~' || command.startsWith('~/') ? `${home}${command.slice(1)}` : command;
}

export function agyInvocation(hook: PlannedHook, input: JsonObject, config: ResolvedConfig, ctx: Context): HookInvocation {
  const command = expandHome(String(hook.entry.config.command ?? ''), homeDir(ctx));
  const windows = ctx.platform === 'win32';
  // The agent passes its whole environment; --clean-env / --env-allow narrow it as for every dialect.
  const env = applyEnvPolicy(config.envPolicy, ctx.env, () => copyEnvironment(ctx.env));
  return {
    command,
    file: windows ? 'cmd' : 'sh',
    args: windows ? ['/c', command] : ['-c', command],
    cwd: typeof hook.entry.config.hooksDir === 'string' ? hook.entry.config.hooksDir : ctx.cwd,
    env,
    stdin: JSON.stringify(input),
    timeoutMs: typeof hook.entry.config.timeout === 'number' ? hook.entry.config.timeout : AGY_DEFAULT_TIMEOUT_SECONDS * 1000,
  };
}

/** Handlers agy loads but hookrun does not start (docs/antigravity.md "Matching, running, answers"): prompt handlers, and command handlers without a command. */
export function agyCannotRun(entry: RegistryEntry): string | undefined {
  if (entry.config.type === 'prompt') return 'a "prompt" handler asks a model, which hookrun cannot do (agy\'s own docs say prompt hooks are not supported yet)';
  if (String(entry.config.command ?? '').trim() === '') return 'a command handler without a "command": agy loads it and runs nothing';
  return undefined;
}

export function interpretAgy(_event: string, outcome: ProcessOutcome, invocation: HookInvocation): Interpretation {
  if (outcome.spawnError !== undefined) return { success: false, error: `could not start: ${outcome.spawnError}`, exitCode: -1 };
  if (outcome.timedOut) return { success: false, error: `timed out after ${invocation.timeoutMs / 1000} s (counts as no output)`, exitCode: -1 };
  const exitCode = outcome.exitCode ?? -1;
  const text = outcome.stdout.trim();
  const base = { success: exitCode === 0, exitCode };
  if (text === '') return base;
  try {
    const parsed: unknown = JSON.parse(text);
    if (isPlainObject(parsed)) return { ...base, output: parsed, outputFormat: 'json' };
  } catch {
    // Not JSON: kept as text so the report shows it; the aggregator treats it as no answer.
  }
  return { ...base, output: text, outputFormat: 'text' };
}
