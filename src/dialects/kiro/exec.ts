// How Kiro CLI starts a hook and reads its end (docs/sources.md §A.3; docs/kiro.md "Running the hooks", "Output"): `bash -c` (Windows: `cmd /C`) in the
// workspace with the full environment plus USER_PROMPT; one stream kept (stdout on exit 0, else stderr),
// cut to max_output_size bytes on a character boundary with " ... truncated" appended.
import { applyEnvPolicy, copyEnvironment } from '../../exec/env.js';
import type { Context } from '../../pipeline/context.js';
import type { HookInvocation, Interpretation } from '../dialect.js';
import { KIRO_PROMPT_EVENTS } from './events.js';
import type { JsonObject, PlannedHook, ProcessOutcome, EnvPolicy } from '../../pipeline/types.js';

export const KIRO_DEFAULT_TIMEOUT_MS = 30_000;
export const KIRO_DEFAULT_MAX_OUTPUT_SIZE = 10_240;
export const KIRO_DEFAULT_CACHE_TTL_SECONDS = 0;
const TRUNCATION_SUFFIX = ' ... truncated';
/** USER_PROMPT carries at most this many bytes of the prompt. */
const USER_PROMPT_MAX_BYTES = 4096;

/** The longest prefix of `text` whose UTF-8 encoding fits in `maxBytes` (never splits a character). */
export function utf8Prefix(text: string, maxBytes: number): string {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= maxBytes) return text;
  let end = Math.max(0, maxBytes);
  // Back up over continuation bytes (10xxxxxx) to the start of the character that does not fit.
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end).toString('utf8');
}

/**
 * Kiro's output limit: a cut on a character boundary, and the suffix when anything was dropped. `longer`
 * says the text is already a prefix of what the hook wrote (hookrun's capture cap cut it first).
 */
export function truncateOutput(text: string, maxBytes: number, longer = false): string {
  return longer || Buffer.byteLength(text, 'utf8') > maxBytes ? `${utf8Prefix(text, maxBytes)}${TRUNCATION_SUFFIX}` : text;
}

/** The prompt as USER_PROMPT: at most 4096 bytes, control characters other than \n, \r and \t removed. */
export function sanitizeUserPrompt(prompt: string): string {
  // Unicode's Cc category, which is what Rust's char::is_control tests.
  return utf8Prefix(prompt, USER_PROMPT_MAX_BYTES).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g, '');
}

/** The hook definition as Kiro holds it after defaults: what the cache key and the runner use. */
export interface KiroHookDefinition {
  command: string;
  matcher?: string;
  timeout_ms: number;
  max_output_size: number;
  cache_ttl_seconds: number;
}

export function kiroDefinition(hook: PlannedHook): KiroHookDefinition {
  const config = hook.entry.config;
  const definition: KiroHookDefinition = {
    command: config.command ?? '',
    timeout_ms: numberOr(config.timeout_ms, KIRO_DEFAULT_TIMEOUT_MS),
    max_output_size: numberOr(config.max_output_size, KIRO_DEFAULT_MAX_OUTPUT_SIZE),
    cache_ttl_seconds: numberOr(config.cache_ttl_seconds, KIRO_DEFAULT_CACHE_TTL_SECONDS),
  };
  if (typeof hook.entry.matcher === 'string') definition.matcher = hook.entry.matcher;
  return definition;
}

export function buildKiroInvocation(hook: PlannedHook, input: JsonObject, ctx: Context, policy?: EnvPolicy): HookInvocation {
  const definition = kiroDefinition(hook);
  // Kiro passes its whole environment; --clean-env / --env-allow narrow it as for every dialect.
  const env = applyEnvPolicy(policy, ctx.env, () => copyEnvironment(ctx.env));
  if (KIRO_PROMPT_EVENTS.has(hook.entry.event) && typeof input.prompt === 'string') {
    env.USER_PROMPT = sanitizeUserPrompt(input.prompt);
  }
  const windows = ctx.platform === 'win32';
  return {
    command: definition.command,
    file: windows ? 'cmd' : 'bash',
    args: windows ? ['/C', definition.command] : ['-c', definition.command],
    // The agent spawns hooks in its own working directory, which is what `cwd` in the payload reports.
    cwd: ctx.cwd,
    env,
    stdin: JSON.stringify(input),
    timeoutMs: definition.timeout_ms,
    outputLimitBytes: definition.max_output_size,
  };
}

/** A finished hook as Kiro sees it: the kept stream, cut to size, as the text output. */
export function interpretKiro(outcome: ProcessOutcome, invocation: HookInvocation): Interpretation {
  if (outcome.spawnError !== undefined) return { success: false, error: outcome.spawnError, exitCode: -1 };
  if (outcome.timedOut) {
    return { success: false, error: `command timed out after ${invocation.timeoutMs} ms`, exitCode: -1 };
  }
  // A hook ended by a signal has no exit code; Kiro counts it as -1, a failure like any other.
  const exitCode = outcome.exitCode ?? -1;
  const kept = exitCode === 0 ? outcome.stdout : outcome.stderr;
  const cut = exitCode === 0 ? outcome.stdoutTruncated : outcome.stderrTruncated;
  const limit = invocation.outputLimitBytes ?? KIRO_DEFAULT_MAX_OUTPUT_SIZE;
  return { success: exitCode === 0, exitCode, output: truncateOutput(kept, limit, cut), outputFormat: 'text' };
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}
