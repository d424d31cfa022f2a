// How Augment Auggie 0.36.0 starts a hook and reads its end (docs/auggie.md, observed): no shell, ever:
// `command` and its `args` are spawned directly (a command with spaces and no `args` is split on blanks and
// quotes; a `.sh` script is run with bash), `${VAR}` in either replaced from the environment; cwd the
// event's `cwd`, else the workspace root; `timeout` in milliseconds (default 60 000), a timed-out hook fails
// open; the environment plus AUGMENT_PROJECT_DIR, AUGMENT_CONVERSATION_ID, AUGMENT_HOOK_EVENT and
// AUGMENT_TOOL_NAME. Exit 0: the JSON is checked strictly, and a hookSpecificOutput without hookEventName
// voids the whole answer; exit 2 blocks PreToolUse (stderr the reason) and is a warning elsewhere; any
// other exit is a warning. The answer comes out in Claude Code's vocabulary for the merge.
import type { Context } from '../../pipeline/context.js';
import { applyEnvPolicy, copyEnvironment } from '../../exec/env.js';
import { isPlainObject } from '../../pipeline/event/json.js';
import type { JsonObject, PlannedHook, ProcessOutcome, ResolvedConfig } from '../../pipeline/types.js';
import { parseJsonOutput } from '../claude/interpret.js';
import type { HookInvocation, Interpretation } from '../dialect.js';
import { workspaceRoot } from './events.js';
import { AUGGIE_DEFAULT_TIMEOUT_MS } from './settings.js';

/** A command line split as Auggie splits one without `args`: on blanks, a quoted stretch ('…' or "…") kept whole. */
export function splitCommand(command: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quote: string | undefined;
  for (const char of command) {
    if (quote !== undefined) {
      if (char === quote) quote = undefined;
      else word = (word ?? '') + char;
    } else if (char === '"' || char === "'") {
      quote = char;
      word ??= '';
    } else if (/\s/.test(char)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else {
      word = (word ?? '') + char;
    }
  }
  if (word !== undefined) words.push(word);
  return words;
}

/** `${NAME}` replaced by the variable's value ("" when unset); no other shell syntax means anything. */
export function expandVariables(text: string, env: Readonly<Record<string, string | undefined>>): string {
  return text.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_all, name: string) => env[name] ?? '');
}

export function auggieInvocation(hook: PlannedHook, input: JsonObject, config: ResolvedConfig, ctx: Context): HookInvocation {
  const c = hook.entry.config;
  const root = workspaceRoot(input, ctx);
  const env = applyEnvPolicy(config.envPolicy, ctx.env, () => copyEnvironment(ctx.env));
  env.AUGMENT_PROJECT_DIR = root;
  if (typeof input.conversation_id === 'string') env.AUGMENT_CONVERSATION_ID = input.conversation_id;
  env.AUGMENT_HOOK_EVENT = hook.entry.event;
  if (typeof input.tool_name === 'string') env.AUGMENT_TOOL_NAME = input.tool_name;
  const expand = (text: string) => expandVariables(text, ctx.env);
  const words = Array.isArray(c.args) ? [String(c.command ?? ''), ...(c.args as string[])].map(expand) : splitCommand(expand(String(c.command ?? '')));
  const [first = '', ...rest] = words;
  const [file, args] = first.endsWith('.sh') ? ['bash', [first, ...rest]] : [first, rest];
  return {
    command: words.map((w) => (/[\s'"]/.test(w) || w === '' ? JSON.stringify(w) : w)).join(' '),
    file,
    args,
    cwd: typeof input.cwd === 'string' && input.cwd !== '' ? input.cwd : root,
    env,
    stdin: JSON.stringify(input, null, 2),
    timeoutMs: typeof c.timeout === 'number' ? c.timeout : AUGGIE_DEFAULT_TIMEOUT_MS,
  };
}

/** Why Auggie's output schema refuses this answer (then none of it counts); undefined when it passes. */
export function auggieSchemaProblem(output: JsonObject): string | undefined {
  for (const [key, type] of [
    ['continue', 'boolean'],
    ['suppressOutput', 'boolean'],
    ['stopReason', 'string'],
    ['systemMessage', 'string'],
    ['reason', 'string'],
  ] as const) {
    if (output[key] !== undefined && typeof output[key] !== type) return `"${key}" must be a ${type}`;
  }
  const hso = output.hookSpecificOutput;
  if (hso === undefined) return undefined;
  if (!isPlainObject(hso)) return '"hookSpecificOutput" must be an object';
  if (typeof hso.hookEventName !== 'string') return '"hookSpecificOutput" has no "hookEventName"';
  if (hso.permissionDecision !== undefined && !['allow', 'deny', 'ask'].includes(hso.permissionDecision as string))
    return '"hookSpecificOutput.permissionDecision" must be allow, deny or ask';
  return undefined;
}

export function interpretAuggie(event: string, outcome: ProcessOutcome, invocation: HookInvocation): Interpretation {
  if (outcome.spawnError !== undefined) return { success: false, exitCode: -1, error: `could not start: ${outcome.spawnError} (Auggie runs the command without a shell)` };
  if (outcome.timedOut) return { success: false, exitCode: -1, error: `timed out after ${invocation.timeoutMs} ms: killed, no answer (Auggie fails open)` };
  if (outcome.exitCode === null) return { success: false, exitCode: -1, error: `killed by ${outcome.signal ?? 'a signal'}: no answer` };
  const exitCode = outcome.exitCode;
  const stderr = outcome.stderr.trim();
  if (exitCode === 2 && event === 'PreToolUse') {
    const output = { hookSpecificOutput: { hookEventName: event, permissionDecision: 'deny', permissionDecisionReason: stderr || 'PreToolUse hook returned blocking error' } };
    return { success: false, exitCode, output, outputFormat: 'text' };
  }
  if (exitCode !== 0) return { success: false, exitCode, error: `exited ${exitCode}: a non-blocking error in Auggie${stderr ? `: ${stderr.split('\n')[0]}` : ''}` };
  if (outcome.stdoutTruncated && outcome.stdoutCutBlanksOnly !== true)
    return { success: false, exitCode, error: "stdout exceeded hookrun's capture limit (--max-output) and was cut; the output was not parsed" };
  const json = parseJsonOutput(outcome.stdout);
  if (!json) return { success: true, exitCode };
  const problem = auggieSchemaProblem(json);
  if (problem) return { success: false, exitCode, error: `the answer fails Auggie's output schema (${problem}), so Auggie ignores all of it` };
  const output: JsonObject = { ...json };
  if (isPlainObject(output.hookSpecificOutput)) output.hookSpecificOutput = { ...output.hookSpecificOutput, hookEventName: event };
  return { success: true, exitCode, output, outputFormat: 'json' };
}
