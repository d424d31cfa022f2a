// The plan as data people and programs read: what `--dry-run` prints and what `--json` reports embed.
// It is built from the very plan and invocations that `run` executes.
import type { Context } from './context.js';
import type { Dialect } from '../dialects/dialect.js';
import type { Diagnostic, JsonObject, Plan, RegistryEntry, ResolvedConfig } from './types.js';

export interface HookDescription {
  index: number;
  name: string;
  /** The command after variable expansion, as the shell receives it. */
  command: string;
  configuredCommand: string | undefined;
  source: string;
  layer: string;
  file?: string;
  line?: number;
  column?: number;
  matcher: unknown;
  /** Why the matcher let it through (the rule applied). */
  matched?: string;
  timeoutMs: number;
  /** Keys of the hook's own `env` (values are not printed: they may hold secrets). */
  envKeys: string[];
  /** The directory the hook runs in. */
  cwd: string;
  extension?: string;
  /** Set when `run` will not start this hook because its fingerprint is not trusted: why, and how to trust it. */
  heldBack?: string;
}

export interface SkippedDescription {
  name: string;
  reason: string;
  detail: string;
  file?: string;
  line?: number;
  column?: number;
  /** For a duplicate: the hook kept instead. */
  duplicateOf?: { name: string; file?: string; line?: number; column?: number };
}

export interface PlanDescription {
  dialect: string;
  event: string;
  hooksEnabled: boolean;
  trusted: boolean;
  trustedBy: string;
  mode: 'parallel' | 'sequential';
  modeBecause: string;
  hooks: HookDescription[];
  skipped: SkippedDescription[];
  error?: string;
  diagnostics: Diagnostic[];
}

/** Only `"sequential": true` (the boolean) in the definition of a planned hook makes the agent run hooks one by one. */
function whyParallel(plan: Plan): string {
  const lookalike = plan.hooks.find((h) => h.entry.sequential !== undefined && h.entry.sequential !== true && h.entry.sequential !== false);
  if (lookalike) {
    return `"sequential": ${JSON.stringify(lookalike.entry.sequential)} on "${lookalike.entry.displayName}"'s definition is not the boolean true, which is all Gemini CLI accepts`;
  }
  const unplanned = plan.skipped.find((s) => s.entry.sequential === true);
  if (unplanned) {
    return `only "${unplanned.entry.displayName}", which is not in the plan (${unplanned.reason}), comes from a definition with "sequential": true`;
  }
  return 'no hook in the plan comes from a definition with "sequential": true';
}

/** Where an entry was defined, as plain properties: a copy (a spread) reads the values. */
export function entryPlace(entry: RegistryEntry): { file?: string; line?: number; column?: number } {
  return placeOn({}, entry);
}

/**
 * Adds where `entry` was defined (`file`, `line`, `column`) to `target`, in place. The line and column
 * stay getters of the settings file's location, which works them out when first read: working them
 * out parses the file's tree, ~1.5 ms that a run printing no place (most runs) would pay for every
 * hook the event skips.
 */
function placeOn<T extends object>(target: T, entry: RegistryEntry): T & { file?: string; line?: number; column?: number } {
  const loc = entry.location;
  if (!loc) return target;
  return Object.defineProperties(target, {
    file: { value: loc.file, enumerable: true, writable: true, configurable: true },
    line: { get: () => loc.line, enumerable: true, configurable: true },
    column: { get: () => loc.column, enumerable: true, configurable: true },
  });
}

export function describePlan(dialect: Dialect, config: ResolvedConfig, plan: Plan, input: JsonObject, ctx: Context): PlanDescription {
  const hooks = plan.hooks.map((hook): HookDescription => {
    const invocation = dialect.invocation(hook, input, config, ctx);
    if (invocation.warnings) config.diagnostics.push(...invocation.warnings);
    const identity = {
      index: hook.index,
      name: hook.entry.displayName,
      command: invocation.command,
      configuredCommand: hook.entry.config.command,
      source: hook.entry.source,
      layer: hook.entry.layer,
    };
    const description: HookDescription = Object.assign(placeOn(identity, hook.entry), {
      matcher: hook.entry.matcher,
      timeoutMs: invocation.timeoutMs,
      envKeys: Object.keys(hook.entry.config.env ?? {}),
      cwd: invocation.cwd,
    });
    if (hook.because) description.matched = hook.because;
    if (hook.entry.extension) description.extension = hook.entry.extension;
    return description;
  });
  const description: PlanDescription = {
    dialect: dialect.name,
    event: plan.event,
    hooksEnabled: config.hooksEnabled,
    trusted: config.trust.trusted,
    trustedBy: config.trust.by,
    mode: plan.sequential ? 'sequential' : 'parallel',
    modeBecause: plan.sequential ? (plan.sequentialBecause ?? 'a definition asks for it') : (plan.parallelBecause ?? whyParallel(plan)),
    hooks,
    skipped: plan.skipped.map((s) => {
      const skipped: SkippedDescription = placeOn({ name: s.entry.displayName, reason: s.reason, detail: s.detail }, s.entry);
      if (s.against) skipped.duplicateOf = placeOn({ name: s.against.displayName }, s.against);
      return skipped;
    }),
    diagnostics: config.diagnostics,
  };
  if (plan.error) description.error = plan.error;
  return description;
}
