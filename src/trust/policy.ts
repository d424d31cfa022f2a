// What `run` does with project hooks whose fingerprint is new or changed (docs/safety.md "The policy of `run`",
// "`hookrun trust`"), as a mechanism: the policy `--hook-trust` / HOOKRUN_HOOK_TRUST chooses, and the gate
// a dialect with a fingerprint record returns (Dialect.gateProjectHooks; Gemini CLI's trusted_hooks.json
// in the Gemini dialect's trust/gate.ts), which the pipeline asks before it starts each planned hook.
//
//   block (default)  a new or changed project hook does not run until the user trusts it
//                    (`hookrun trust --hooks`); stderr names it and that command.
//   warn             the agent's own behaviour (Gemini CLI: its warning, word for word, then every
//                    project hook is recorded as trusted and runs).
import { quote } from 'shell-quote';
import type { Context } from '../pipeline/context.js';
import { usageError } from '../pipeline/errors.js';
import type { Diagnostic, RegistryEntry } from '../pipeline/types.js';

export const HOOK_TRUST_POLICIES = ['block', 'warn'] as const;
export type HookTrustPolicy = (typeof HOOK_TRUST_POLICIES)[number];
export const HOOK_TRUST_ENV = 'HOOKRUN_HOOK_TRUST';

/** `--hook-trust` wins over HOOKRUN_HOOK_TRUST; the default is `block`. */
export function resolveHookTrustPolicy(flag: string | undefined, ctx: Context): HookTrustPolicy {
  if (flag !== undefined) return checkPolicy(flag, '--hook-trust');
  const fromEnv = ctx.env[HOOK_TRUST_ENV];
  if (fromEnv !== undefined && fromEnv !== '') return checkPolicy(fromEnv, HOOK_TRUST_ENV);
  return 'block';
}

function checkPolicy(value: string, where: string): HookTrustPolicy {
  if ((HOOK_TRUST_POLICIES as readonly string[]).includes(value)) return value as HookTrustPolicy;
  throw usageError(`${where} must be one of ${HOOK_TRUST_POLICIES.join(', ')}, got "${value}"`);
}

export interface HookTrustGate {
  policy: HookTrustPolicy;
  /** True when the policy guards this run (the folder is trusted through the agent's recorded trust). */
  applies: boolean;
  /** The dialect's key of a hook (Gemini CLI's `name:command`): what `heldBack` is keyed by. */
  keyOf(entry: RegistryEntry): string;
  /** Hook key → why it is held back (only with `block`). */
  heldBack: Map<string, string>;
  diagnostics: Diagnostic[];
  /** With `warn`: records every project hook as trusted; run calls it (a dry run does not). */
  record?: () => Promise<unknown>;
}

/** The command a user runs to trust this workspace's hooks, quoted for a POSIX shell. */
export function trustHooksCommand(ctx: Context): string {
  return `hookrun trust --hooks -C ${quote([ctx.cwd])}`;
}

/** Why this planned hook must not run, if the gate holds it back. */
export function holdBackReason(gate: HookTrustGate | undefined, entry: RegistryEntry): string | undefined {
  if (!gate || gate.heldBack.size === 0 || entry.layer !== 'workspace') return undefined;
  return gate.heldBack.get(gate.keyOf(entry));
}
