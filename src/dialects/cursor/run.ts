// How Cursor starts a hook and reads its end (docs/sources.md §X2.1, §X2.5; docs/cursor.md "Files", "File format"): `sh -c`
// (Windows `cmd /c`) from the project root for project hooks and from `~/.cursor` for user hooks, the
// payload on stdin, the whole environment, a timeout in seconds (default 60). interpret keeps what the
// process said (exit code, JSON or text on stdout); aggregate.ts decides what Cursor makes of it.
// Claude Code hooks loaded by Cursor run in the workspace with Cursor's payload; their Claude-shaped
// answers are read by Claude Code's rules and restated in Cursor's fields here.
import type { Context } from '../../pipeline/context.js';
import { applyEnvPolicy, copyEnvironment } from '../../exec/env.js';
import { isPlainObject } from '../../files/jsonc.js';
import type { JsonObject, PlannedHook, ProcessOutcome, ResolvedConfig } from '../../pipeline/types.js';
import type { HookInvocation, Interpretation } from '../dialect.js';
import { parseJsonOutput } from '../claude/interpret.js';
import { cursorEvent } from './events.js';
import { CURSOR_DEFAULT_TIMEOUT_SECONDS } from './settings.js';

export interface CursorInvocation extends HookInvocation {
  /** A Claude Code hook loaded with --third-party-hooks: its output is Claude-shaped. */
  claude?: boolean;
}

export function cursorInvocation(hook: PlannedHook, input: JsonObject, config: ResolvedConfig, ctx: Context): CursorInvocation {
  const entry = hook.entry;
  const command = String(entry.config.command ?? '');
  const windows = ctx.platform === 'win32';
  const claude = entry.config.origin === 'claude';
  const env = applyEnvPolicy(config.envPolicy, ctx.env, () => copyEnvironment(ctx.env));
  // Claude Code hooks commonly start "$CLAUDE_PROJECT_DIR"/.claude/hooks/...: hookrun sets it for them.
  if (claude) env.CLAUDE_PROJECT_DIR = ctx.cwd;
  return {
    command,
    file: windows ? 'cmd' : 'sh',
    args: windows ? ['/c', command] : ['-c', command],
    cwd: !claude && typeof entry.config.hooksDir === 'string' ? entry.config.hooksDir : ctx.cwd,
    env,
    stdin: JSON.stringify(input),
    timeoutMs: typeof entry.config.timeout === 'number' ? entry.config.timeout : CURSOR_DEFAULT_TIMEOUT_SECONDS * 1000,
    ...(claude ? { claude: true } : {}),
  };
}

export function interpretCursor(event: string, outcome: ProcessOutcome, invocation: HookInvocation): Interpretation {
  if (outcome.spawnError !== undefined) return { success: false, error: `could not start: ${outcome.spawnError}`, exitCode: -1 };
  if (outcome.timedOut) return { success: false, error: `timed out after ${invocation.timeoutMs / 1000} s`, exitCode: -1 };
  if (outcome.exitCode === null) return { success: false, error: `was killed by ${outcome.signal ?? 'a signal'}`, exitCode: -1 };
  const exitCode = outcome.exitCode;
  if ((invocation as CursorInvocation).claude) return interpretClaudeHook(event, outcome, exitCode);
  if (exitCode !== 0 && exitCode !== 2) return { success: false, error: `exited with code ${exitCode}`, exitCode };
  const text = outcome.stdout.trim();
  const base = { success: true, exitCode };
  if (text === '') return base;
  try {
    const parsed: unknown = JSON.parse(text);
    if (isPlainObject(parsed)) return { ...base, output: parsed, outputFormat: 'json' };
  } catch {
    // Not JSON: kept as text; on a permission event aggregate.ts reads it as a schema mismatch (deny).
  }
  return { ...base, output: text, outputFormat: 'text' };
}

const textOf = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** A Claude Code hook's end in Claude Code's terms (exit 2 = stderr to the agent; JSON only on exit 0), in Cursor's fields. */
function interpretClaudeHook(event: string, outcome: ProcessOutcome, exitCode: number): Interpretation {
  const kind = cursorEvent(event)?.kind ?? 'observe';
  if (exitCode === 2) {
    const reason = textOf(outcome.stderr.trim());
    const output = restate(kind, { decision: 'block', ...(reason ? { reason } : {}) }, true);
    return { success: true, exitCode, ...(output ? { output, outputFormat: 'json' as const } : {}) };
  }
  if (exitCode !== 0) return { success: false, error: `exited with code ${exitCode}`, exitCode };
  const json = parseJsonOutput(outcome.stdout);
  // Claude Code reads plain text as no decision; so does hookrun for its hooks under Cursor.
  if (!json) return { success: true, exitCode };
  const output = restate(kind, json, false);
  return { success: true, exitCode, ...(output ? { output, outputFormat: 'json' as const } : {}) };
}

/** Claude Code's answer fields as the Cursor fields with the same effect on this kind of event. */
function restate(kind: string, json: JsonObject, exit2: boolean): JsonObject | undefined {
  const hso = isPlainObject(json.hookSpecificOutput) ? json.hookSpecificOutput : {};
  const reason = textOf(hso.permissionDecisionReason) ?? textOf(json.reason) ?? textOf(json.stopReason);
  const messages = reason ? { user_message: reason, agent_message: reason } : {};
  if (kind === 'permission') {
    const decision = hso.permissionDecision;
    if (decision === 'allow' || decision === 'deny' || decision === 'ask') return { permission: decision, ...messages };
    if (json.decision === 'block') return { permission: 'deny', ...messages };
    if (json.decision === 'approve') return { permission: 'allow', ...messages };
    return undefined;
  }
  if (kind === 'prompt') {
    if (json.decision === 'block' || json.continue === false) return { continue: false, ...(reason ? { user_message: reason } : {}) };
    return undefined;
  }
  if (kind === 'followup') {
    // Stop's "block" keeps the agent going with the reason: Cursor's follow-up message.
    return json.decision === 'block' && reason ? { followup_message: reason } : undefined;
  }
  if (kind === 'context' && !exit2) {
    const context = textOf(hso.additionalContext);
    return context ? { additional_context: context } : undefined;
  }
  return undefined;
}
