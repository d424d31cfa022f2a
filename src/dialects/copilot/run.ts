// How Copilot starts an entry and reads its end (SOURCES 3.2, 3.5; INTERFACE "How hooks run"): `bash -c`
// (Windows: `powershell -Command`), or `exec` + `args` with no shell, in the entry's `cwd` resolved against
// the repository root, with `env` added, the payload on stdin (the VS Code format for PascalCase entries)
// and `timeoutSec` seconds. Exit 0: stdout, with `{"type":"progress"}` lines removed, is one JSON object.
// Exit 2 denies on preToolUse and permissionRequest, turns stderr into guidance on postToolUseFailure, and
// is a warning elsewhere. Any other failure is logged and ignored, except that a preToolUse hook that
// crashes denies the call; a timeout never does.
import path from 'node:path';
import type { Context } from '../../context.js';
import { applyEnvPolicy, copyEnvironment } from '../../exec/env.js';
import { isPlainObject } from '../../settings/jsonc.js';
import type { JsonObject, PlannedHook, ProcessOutcome, ResolvedConfig } from '../../types.js';
import type { HookInvocation, Interpretation } from '../dialect.js';
import { pascalPayload } from './events.js';
import { COPILOT_DEFAULT_TIMEOUT_SECONDS } from './settings.js';

/** The reason Copilot gives when a preToolUse command hook crashes (INTERFACE). */
const ERRORED_REASON = 'Denied by preToolUse hook (hook errored)';

export interface CopilotInvocation extends HookInvocation {
  /** The entry was written under the PascalCase name: VS Code-format payload and output. */
  pascal: boolean;
}

const isCopilotInvocation = (invocation: HookInvocation): invocation is CopilotInvocation => typeof (invocation as CopilotInvocation).pascal === 'boolean';

/** `$VAR` and `${VAR}` in an entry's `env` values, from the environment the hook inherits (unset: empty). */
function expandVariables(value: string, env: Readonly<Record<string, string>>): string {
  return value.replace(/\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))/g, (_m, braced: string | undefined, bare: string | undefined) => env[(braced ?? bare)!] ?? '');
}

export function copilotInvocation(hook: PlannedHook, input: JsonObject, config: ResolvedConfig, ctx: Context): CopilotInvocation {
  const c = hook.entry.config;
  const windows = ctx.platform === 'win32';
  const base = applyEnvPolicy(config.envPolicy, ctx.env, () => copyEnvironment(ctx.env));
  const env = { ...base };
  for (const [key, value] of Object.entries((c.env as Record<string, string> | undefined) ?? {})) env[key] = expandVariables(value, base);
  const cwd = typeof c.cwd === 'string' ? path.resolve(ctx.cwd, c.cwd) : ctx.cwd;
  const pascal = c.pascal === true;
  const stdin = JSON.stringify(pascal ? pascalPayload(String(c.writtenEvent ?? hook.entry.event), input) : input);
  const timeoutMs = typeof c.timeout === 'number' ? c.timeout : COPILOT_DEFAULT_TIMEOUT_SECONDS * 1000;
  const shell = (windows ? (c.powershell ?? c.commandField) : (c.bash ?? c.commandField)) as string | undefined;
  if (shell === undefined && typeof c.exec === 'string') {
    const args = (c.args as string[] | undefined) ?? [];
    return { command: [c.exec, ...args].join(' '), file: c.exec, args, cwd, env, stdin, timeoutMs, pascal };
  }
  const command = shell ?? '';
  return {
    command,
    file: windows ? 'powershell' : 'bash',
    args: windows ? ['-NoProfile', '-Command', command] : ['-c', command],
    cwd,
    env,
    stdin,
    timeoutMs,
    pascal,
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

/** A PascalCase entry answers in the VS Code (Claude-like) shape; read as the camelCase fields Copilot acts on. */
function fromPascalOutput(output: JsonObject): JsonObject {
  const out: JsonObject = { ...output };
  const specific = output.hookSpecificOutput;
  delete out.hookSpecificOutput;
  if (!isPlainObject(specific)) return out;
  for (const field of ['permissionDecision', 'permissionDecisionReason', 'additionalContext'] as const) {
    if (specific[field] !== undefined) out[field] = specific[field];
  }
  if (specific.updatedInput !== undefined) out.modifiedArgs = specific.updatedInput;
  const decision = specific.decision;
  if (isPlainObject(decision)) {
    for (const field of ['behavior', 'message', 'interrupt'] as const) if (decision[field] !== undefined) out[field] = decision[field];
  }
  return out;
}

export function interpretCopilot(event: string, outcome: ProcessOutcome, invocation: HookInvocation): Interpretation {
  const pascal = isCopilotInvocation(invocation) && invocation.pascal;
  const denyErrored = (error: string, exitCode: number): Interpretation =>
    event === 'preToolUse'
      ? { success: false, error: `${error}: Copilot denies the call`, exitCode, output: { permissionDecision: 'deny', permissionDecisionReason: ERRORED_REASON }, outputFormat: 'json' }
      : { success: false, error, exitCode };
  if (outcome.spawnError !== undefined) return denyErrored(`could not start: ${outcome.spawnError}`, -1);
  if (outcome.timedOut) {
    return { success: false, error: `timed out after ${invocation.timeoutMs / 1000} s (Copilot ignores a hook that times out${event === 'preToolUse' ? ' and lets the call pass' : ''})`, exitCode: -1 };
  }
  if (outcome.exitCode === null) return denyErrored(`was killed by ${outcome.signal ?? 'a signal'}`, -1);
  const exitCode = outcome.exitCode;
  const { json: raw, text } = parseCopilotStdout(outcome.stdout);
  const json = raw && pascal ? fromPascalOutput(raw) : raw;
  if (exitCode === 0) {
    if (json) return { success: true, exitCode, output: json, outputFormat: 'json' };
    if (text !== undefined) return { success: true, exitCode, output: text, outputFormat: 'text' };
    return { success: true, exitCode };
  }
  if (exitCode === 2) {
    const stderr = outcome.stderr.trim();
    if (event === 'preToolUse') {
      const given = typeof json?.permissionDecisionReason === 'string' && json.permissionDecisionReason !== '' ? json.permissionDecisionReason : undefined;
      return { success: true, exitCode, output: { ...json, permissionDecision: 'deny', permissionDecisionReason: given ?? (stderr !== '' ? stderr : 'hook exited with code 2') }, outputFormat: 'json' };
    }
    if (event === 'permissionRequest') return { success: true, exitCode, output: { ...json, behavior: 'deny' }, outputFormat: 'json' };
    if (event === 'postToolUseFailure') return stderr === '' ? { success: true, exitCode } : { success: true, exitCode, output: { additionalContext: stderr }, outputFormat: 'json' };
    return { success: false, exitCode, error: 'exited with code 2: a warning in Copilot on this event (its output is not used)' };
  }
  return denyErrored(`exited with code ${exitCode}`, exitCode);
}
