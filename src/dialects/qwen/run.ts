// How Qwen Code 0.24.4 starts a hook and reads its end (docs/qwen.md; shared/spec/real-agents/gemini.md §7):
// a command through bash (`shell: "powershell"` or Windows: PowerShell), or exec form with `args`; the whole
// environment plus QWEN_PROJECT_DIR, CLAUDE_PROJECT_DIR, GEMINI_PROJECT_DIR and QWEN_CODE_SESSION_ID, the
// hook's `env` over them; timeout in seconds (already milliseconds from the loader), 600 s by default.
// Claude Code's exit codes: 0 reads stdout (JSON when it starts with `{` and parses; other text is context
// only where the event takes it), 2 blocks with stderr, anything else is a non-blocking error.
import type { Context } from '../../pipeline/context.js';
import { applyEnvPolicy, copyEnvironment } from '../../exec/env.js';
import { isPlainObject } from '../../files/jsonc.js';
import type { JsonObject, PlannedHook, ProcessOutcome, ResolvedConfig } from '../../pipeline/types.js';
import { parseJsonOutput } from '../claude/interpret.js';
import type { HookInvocation, Interpretation } from '../dialect.js';
import { qwenEvent } from './events.js';

const DEFAULT_TIMEOUT_SEC = 600;

export function qwenInvocation(hook: PlannedHook, input: JsonObject, config: ResolvedConfig, ctx: Context): HookInvocation {
  const c = hook.entry.config;
  const cwd = typeof input.cwd === 'string' && input.cwd !== '' ? input.cwd : ctx.cwd;
  const env = applyEnvPolicy(config.envPolicy, ctx.env, () => copyEnvironment(ctx.env));
  env.QWEN_PROJECT_DIR = ctx.cwd;
  env.CLAUDE_PROJECT_DIR = ctx.cwd;
  env.GEMINI_PROJECT_DIR = ctx.cwd;
  if (typeof input.session_id === 'string') env.QWEN_CODE_SESSION_ID = input.session_id;
  if (isPlainObject(c.env)) for (const [key, value] of Object.entries(c.env)) if (typeof value === 'string') env[key] = value;
  const timeoutMs = typeof c.timeout === 'number' ? c.timeout : (qwenEvent(hook.entry.event)?.defaultTimeoutSec ?? DEFAULT_TIMEOUT_SEC) * 1000;
  const stdin = JSON.stringify(input);
  if (c.type === 'http') {
    const url = String(c.url);
    const headers = isPlainObject(c.headers) ? (Object.fromEntries(Object.entries(c.headers).filter(([, v]) => typeof v === 'string')) as Record<string, string>) : {};
    return { command: `POST ${url}`, file: '', args: [], cwd, env, stdin, timeoutMs, http: { url, headers } };
  }
  const command = String(c.command ?? '');
  if (Array.isArray(c.args)) return { command: [command, ...(c.args as string[])].join(' '), file: command, args: c.args as string[], cwd, env, stdin, timeoutMs };
  const powershell = c.shell === 'powershell' || (ctx.platform === 'win32' && c.shell !== 'bash');
  return powershell
    ? { command, file: 'powershell.exe', args: ['-NoProfile', '-NonInteractive', '-Command', command], cwd, env, stdin, timeoutMs }
    : { command, file: 'bash', args: ['-c', command], cwd, env, stdin, timeoutMs };
}

const failed = (error: string, exitCode: number): Interpretation => ({ success: false, error, exitCode });

export function interpretQwen(event: string, outcome: ProcessOutcome, invocation: HookInvocation): Interpretation {
  if (outcome.spawnError !== undefined) return failed(`could not start: ${outcome.spawnError} (non-blocking error)`, -1);
  if (outcome.timedOut) return failed(`timed out after ${invocation.timeoutMs / 1000} s: killed, no answer (non-blocking error)`, -1);
  if (outcome.http) {
    const status = outcome.http.status ?? 0;
    if (outcome.http.error !== undefined || status < 200 || status > 299) return failed(`HTTP hook failed: ${outcome.http.error ?? `status ${status}`} (non-blocking error)`, 0);
    const json = parseJsonOutput(outcome.stdout);
    return json ? { success: true, exitCode: 0, output: json, outputFormat: 'json' } : { success: true, exitCode: 0 };
  }
  if (outcome.exitCode === null) return failed(`killed by ${outcome.signal ?? 'a signal'} (non-blocking error)`, -1);
  const exitCode = outcome.exitCode;
  if (exitCode === 2) {
    // A blocking error: stderr is the answer (JSON when it is a JSON object, else the reason); the merge makes it a deny.
    const stderr = outcome.stderr.trim();
    const json = parseJsonOutput(stderr);
    return { success: false, exitCode, output: json ?? (stderr === '' ? {} : { reason: stderr }), outputFormat: json ? 'json' : 'text' };
  }
  if (exitCode !== 0) return failed(`exited ${exitCode}: a non-blocking error${outcome.stderr.trim() ? `: ${outcome.stderr.trim().split('\n')[0]}` : ''}`, exitCode);
  if (outcome.stdoutTruncated === true && outcome.stdoutCutBlanksOnly !== true) {
    return failed("stdout exceeded hookrun's capture limit (--max-output) and was cut; the output was not parsed", exitCode);
  }
  const text = outcome.stdout.trim();
  if (text === '') return { success: true, exitCode };
  // Text that starts with `{` but is not a JSON object (an array, broken JSON) is ignored, not context.
  if (text.startsWith('{') || text.startsWith('[')) {
    const json = parseJsonOutput(text);
    return json ? { success: true, exitCode, output: json, outputFormat: 'json' } : { success: true, exitCode };
  }
  if (qwenEvent(event)?.plainContext) return { success: true, exitCode, output: { hookSpecificOutput: { hookEventName: event, additionalContext: text } }, outputFormat: 'text' };
  return { success: true, exitCode };
}

/** A hook that exited 2: Qwen's `outcome: "blocking"`, which the merge turns into the event's deny. */
export function isBlocking(result: { exitCode?: number; output?: unknown; success: boolean }): boolean {
  return !result.success && result.exitCode === 2 && result.output !== undefined;
}
