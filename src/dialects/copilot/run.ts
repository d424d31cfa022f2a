// How Copilot starts an entry and reads its end (Copilot CLI 1.0.102, docs/copilot.md): `bash -c` (Windows:
// `powershell -Command`), or `exec` + `args` with no shell, in the entry's `cwd` resolved against the
// repository root, with the variables Copilot sets for every hook and the entry's `env` (taken literally),
// the payload on stdin (the VS Code format for PascalCase and Claude Code entries) and `timeoutSec`
// seconds. Exit 0: stdout, with `{"type":"progress"}` lines removed, is one JSON object. Exit 2 denies on
// preToolUse (with a fixed reason unless the JSON gives one) and permissionRequest, turns stderr into
// guidance on postToolUseFailure, still lets userPromptSubmitted's JSON count, and is a warning elsewhere.
// Any other failure is logged and ignored, except that a crashed preToolUse or permissionRequest hook
// denies the call; a timeout never does.
import path from 'node:path';
import type { Context } from '../../pipeline/context.js';
import { applyEnvPolicy, copyEnvironment } from '../../exec/env.js';
import { isPlainObject } from '../../files/jsonc.js';
import type { JsonObject, PlannedHook, ProcessOutcome, ResolvedConfig } from '../../pipeline/types.js';
import type { HookInvocation, Interpretation } from '../dialect.js';
import { canonicalEvent, pascalPayload } from './events.js';
import { COPILOT_DEFAULT_TIMEOUT_SECONDS } from './settings.js';

/** Copilot's reason when a preToolUse hook exits 2 without giving one in its JSON (stderr is not used). */
const EXIT2_REASON = 'hook exited with code 2';
/** Copilot's message when a permissionRequest hook exits 2 without giving one. */
const PERMISSION_EXIT2_MESSAGE = 'Permission denied by hook.';
/** Copilot's message when a permissionRequest hook crashes: it denies. */
const PERMISSION_FAILED_MESSAGE = 'Permission request hook failed';

/** Copilot's reason when a preToolUse hook crashes, naming the file the hook came from. */
const erroredReason = (file: string | undefined): string =>
  file === undefined ? 'Denied by preToolUse hook (hook errored)' : `Denied by preToolUse hook from ${JSON.stringify(file)} (hook errored)`;

export interface CopilotInvocation extends HookInvocation {
  /** The entry was written under the PascalCase name: VS Code-format payload and output. */
  pascal: boolean;
  /** The hook's file as Copilot names it in an errored hook's reason. */
  sourceFile?: string;
}

const sourceOf = (c: PlannedHook['entry']['config']): { sourceFile?: string } => (typeof c.sourceFile === 'string' ? { sourceFile: c.sourceFile } : {});

const isCopilotInvocation = (invocation: HookInvocation): invocation is CopilotInvocation => typeof (invocation as CopilotInvocation).pascal === 'boolean';

/** Copilot's own settings in its environment, which it does not pass on to hooks (the provider's key among them). */
const isCopilotOwnVariable = (name: string): boolean => name.startsWith('COPILOT_PROVIDER_') || name === 'COPILOT_OFFLINE';

export function copilotInvocation(hook: PlannedHook, input: JsonObject, config: ResolvedConfig, ctx: Context): CopilotInvocation {
  const c = hook.entry.config;
  const windows = ctx.platform === 'win32';
  const env = applyEnvPolicy(config.envPolicy, ctx.env, () => copyEnvironment(ctx.env));
  for (const name of Object.keys(env)) if (isCopilotOwnVariable(name)) delete env[name];
  // What Copilot sets for every hook: the repository root (under both agents' names), the hook file's folder, and itself.
  env.COPILOT_PROJECT_DIR = ctx.cwd;
  env.CLAUDE_PROJECT_DIR = ctx.cwd;
  if (typeof c.hookDir === 'string') env.COPILOT_HOOK_DIR = c.hookDir;
  env.COPILOT_CLI = '1';
  // `env` values reach the hook as written: Copilot expands no `$VAR`, `${VAR}` or `%VAR%` in them.
  Object.assign(env, (c.env as Record<string, string> | undefined) ?? {});
  const cwd = typeof c.cwd === 'string' ? path.resolve(ctx.cwd, c.cwd) : ctx.cwd;
  const pascal = c.pascal === true;
  const stdin = JSON.stringify(pascal ? pascalPayload(String(c.writtenEvent ?? hook.entry.event), input) : input);
  const timeoutMs = typeof c.timeout === 'number' ? c.timeout : COPILOT_DEFAULT_TIMEOUT_SECONDS * 1000;
  const shell = (windows ? (c.powershell ?? c.commandField) : (c.bash ?? c.commandField)) as string | undefined;
  if (shell === undefined && typeof c.exec === 'string') {
    const args = (c.args as string[] | undefined) ?? [];
    return { command: [c.exec, ...args].join(' '), file: c.exec, args, cwd, env, stdin, timeoutMs, pascal, ...sourceOf(c) };
  }
  // With nothing for this platform (a powershell-only entry on Linux) nothing starts (answerCopilot); the command is shown as written.
  const command = shell ?? '';
  return {
    command: shell ?? String(c.command ?? ''),
    file: windows ? 'powershell' : 'bash',
    args: windows ? ['-NoProfile', '-Command', command] : ['-c', command],
    cwd,
    env,
    stdin,
    timeoutMs,
    pascal,
    ...sourceOf(c),
  };
}

/** stdout as Copilot parses it: single-line progress objects removed, the rest one JSON object (or nothing). */
export function parseCopilotStdout(stdout: string): { json?: JsonObject; text?: string } {
  const kept = stdout.split('\n').filter((line) => {
    const trimmed = line.trim();
    if (!trimmed.startsWith('{')) return true;
    try {
      const value: unknown = JSON.parse(trimmed);
      return !(isPlainObject(value) && value.type === 'progress');
    } catch {
      return true;
    }
  });
  const rest = kept.join('\n').trim();
  if (rest === '') return {};
  try {
    const value: unknown = JSON.parse(rest);
    if (isPlainObject(value)) return { json: value };
  } catch {
    // Unparseable output is no output to Copilot; kept as text for the report.
  }
  return { text: rest };
}

/**
 * A PascalCase (or Claude Code) entry answers in the VS Code (Claude-like) shape; read as the camelCase
 * fields Copilot acts on. On userPromptSubmitted Copilot reads only the top-level `decision`, not
 * `hookSpecificOutput.additionalContext`.
 */
function fromPascalOutput(event: string, output: JsonObject): JsonObject {
  const out: JsonObject = { ...output };
  const specific = output.hookSpecificOutput;
  delete out.hookSpecificOutput;
  if (!isPlainObject(specific)) return out;
  const fields = event === 'userPromptSubmitted' ? [] : (['permissionDecision', 'permissionDecisionReason', 'additionalContext'] as const);
  for (const field of fields) {
    if (specific[field] !== undefined) out[field] = specific[field];
  }
  if (specific.updatedInput !== undefined) out.modifiedArgs = specific.updatedInput;
  const decision = specific.decision;
  if (isPlainObject(decision)) {
    for (const field of ['behavior', 'message', 'interrupt'] as const) if (decision[field] !== undefined) out[field] = decision[field];
  }
  return out;
}

/**
 * A hook that crashed (a non-zero exit other than 2, a signal, a program that cannot start, nothing to run
 * on this platform): Copilot denies a preToolUse call, naming the hook's file, and a permission request;
 * elsewhere it logs the failure and goes on.
 */
function erroredHook(event: string, error: string, exitCode: number, sourceFile: string | undefined): Interpretation {
  if (event === 'preToolUse') {
    return {
      success: false,
      error: `${error}: Copilot denies the call`,
      exitCode,
      output: { permissionDecision: 'deny', permissionDecisionReason: erroredReason(sourceFile) },
      outputFormat: 'json',
    };
  }
  if (event === 'permissionRequest') {
    return { success: false, error: `${error}: Copilot denies the permission`, exitCode, output: { behavior: 'deny', message: PERMISSION_FAILED_MESSAGE }, outputFormat: 'json' };
  }
  return { success: false, error, exitCode };
}

/** An entry Copilot counts as errored without starting anything (only a `powershell` command on Linux). */
export function answerCopilot(hook: PlannedHook): Interpretation | undefined {
  const c = hook.entry.config;
  if (typeof c.errored !== 'string') return undefined;
  return erroredHook(canonicalEvent(hook.entry.event) ?? hook.entry.event, c.errored, -1, sourceOf(c).sourceFile);
}

/** Events whose exit 2 is a warning in Copilot 1.0.102 but whose stdout JSON is still read (the agent tier saw each). */
const JSON_ON_EXIT_2: ReadonlySet<string> = new Set(['userPromptSubmitted', 'postToolUse', 'agentStop', 'sessionStart']);

const nonEmpty = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

export function interpretCopilot(event: string, outcome: ProcessOutcome, invocation: HookInvocation): Interpretation {
  const copilot = isCopilotInvocation(invocation) ? invocation : undefined;
  const errored = (error: string, exitCode: number) => erroredHook(event, error, exitCode, copilot?.sourceFile);
  if (outcome.spawnError !== undefined) return errored(`could not start: ${outcome.spawnError}`, -1);
  if (outcome.timedOut) {
    return {
      success: false,
      error: `timed out after ${invocation.timeoutMs / 1000} s (Copilot ignores a hook that times out${event === 'preToolUse' ? ' and lets the call pass' : ''})`,
      exitCode: -1,
    };
  }
  if (outcome.exitCode === null) return errored(`was killed by ${outcome.signal ?? 'a signal'}`, -1);
  const exitCode = outcome.exitCode;
  const { json: raw, text } = parseCopilotStdout(outcome.stdout);
  const json = raw && copilot?.pascal ? fromPascalOutput(event, raw) : raw;
  if (exitCode === 0) {
    if (json) return { success: true, exitCode, output: json, outputFormat: 'json' };
    if (text !== undefined) return { success: true, exitCode, output: text, outputFormat: 'text' };
    return { success: true, exitCode };
  }
  if (exitCode === 2) {
    const stderr = outcome.stderr.trim();
    if (event === 'preToolUse') {
      return {
        success: true,
        exitCode,
        output: { ...json, permissionDecision: 'deny', permissionDecisionReason: nonEmpty(json?.permissionDecisionReason) ?? EXIT2_REASON },
        outputFormat: 'json',
      };
    }
    if (event === 'permissionRequest')
      return { success: true, exitCode, output: { ...json, behavior: 'deny', message: nonEmpty(json?.message) ?? PERMISSION_EXIT2_MESSAGE }, outputFormat: 'json' };
    if (event === 'postToolUseFailure')
      return stderr === '' ? { success: true, exitCode } : { success: true, exitCode, output: { additionalContext: stderr }, outputFormat: 'json' };
    // A warning in Copilot, but the JSON printed with it still counts (a modifiedPrompt, a block, a context is used).
    if (JSON_ON_EXIT_2.has(event) && json) return { success: true, exitCode, output: json, outputFormat: 'json' };
    return { success: false, exitCode, error: 'exited with code 2: a warning in Copilot on this event (its output is not used)' };
  }
  return errored(`exited with code ${exitCode}`, exitCode);
}
