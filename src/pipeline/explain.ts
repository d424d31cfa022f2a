// `explain` as data: every configured hook of one event, whether it fires and why (not). Built
// from the plan the dialect's planner made (the one `run` executes) and, for hooks that never
// reached the registry, from a second call of that same planner as if they had.
import type { Dialect, DroppedHookCodes } from '../dialects/dialect.js';
import type { ConsideredEntry, Diagnostic, InactiveReason, JsonObject, Plan, RegistryEntry, ResolvedConfig, SkippedEntry } from './types.js';
import { entryPlace, type PlanDescription } from './describe.js';

export type ExplainReason = SkippedEntry['reason'] | InactiveReason;

interface Place {
  file?: string;
  line?: number;
  column?: number;
}

export interface ExplainedHook extends Place {
  name: string;
  /** The command as configured (after load-time environment expansion). */
  command: string | undefined;
  source: string;
  layer: string;
  extension?: string;
  matcher: unknown;
  fires: boolean;
  /** Position in the plan, i.e. the index of its result in `run --json`; only for hooks that fire. */
  order?: number;
  /** The command as the shell receives it; only for hooks that fire. */
  runs?: string;
  /** Why it does not fire; absent when it fires. */
  reason?: ExplainReason;
  /** For a hook that fires: the matcher rule that let it through. Otherwise: why not, in words. */
  detail: string;
  /** `disabled`: every `hooksConfig.disabled` element that names it. */
  disabledBy?: Place[];
  /** `duplicate`: the hook that is kept instead. */
  duplicateOf?: Place & { name: string };
  /** A hook that is not registered: what the planner would do with it if it were. */
  ifActive?: { fires: boolean; reason?: SkippedEntry['reason']; detail: string };
}

export interface Explanation {
  dialect: string;
  event: string;
  /** What matchers are compared with, e.g. { tool_name: "write_file" }. */
  subject: JsonObject;
  hooksEnabled: boolean;
  trusted: boolean;
  trustedBy: string;
  mode: 'parallel' | 'sequential';
  modeBecause: string;
  /** Every configured hook of the event, in registry order. */
  hooks: ExplainedHook[];
  fires: number;
  /** The planner failed the whole event (the agent runs no hook for it). */
  error?: string;
  /** Hook definitions of this event the registry dropped (invalid type, missing command, ...). */
  unregistered: Diagnostic[];
  diagnostics: Diagnostic[];
}

const SUBJECT_FIELDS = ['tool_name', 'source', 'reason', 'trigger'] as const;

export function explainPlan(dialect: Dialect, config: ResolvedConfig, plan: Plan, description: PlanDescription, input: JsonObject): Explanation {
  const event = plan.event;
  const dropped = dialect.droppedHookCodes;
  const considered: ConsideredEntry[] = (config.considered ?? config.entries.map((entry) => ({ entry }))).filter((c) => c.entry.event === event);
  const inactive = considered.filter((c) => c.inactive);
  // The same planner, fed the would-be registry: what each unregistered hook would do once active.
  const hypothetical = inactive.length > 0 ? dialect.plan({ ...config, entries: considered.map((c) => c.entry) }, event, input) : undefined;

  const hooks = considered.map((c): ExplainedHook => {
    const base = baseOf(c.entry);
    if (c.inactive) {
      const hook: ExplainedHook = { ...base, fires: false, reason: c.inactive.reason, detail: c.inactive.detail };
      if (hypothetical) hook.ifActive = verdictIn(hypothetical, c.entry);
      return hook;
    }
    const planned = plan.hooks.find((h) => h.entry === c.entry);
    if (planned) {
      const hook: ExplainedHook = { ...base, fires: true, order: planned.index, detail: planned.because ?? 'matched' };
      const described = description.hooks.find((h) => h.index === planned.index);
      if (described) hook.runs = described.command;
      return hook;
    }
    const skipped = plan.skipped.find((s) => s.entry === c.entry);
    const hook: ExplainedHook = { ...base, fires: false, reason: skipped?.reason ?? 'planner-error', detail: skipped?.detail ?? 'not planned' };
    if (skipped?.reason === 'disabled' && c.entry.disabledBy) hook.disabledBy = c.entry.disabledBy.map((l) => ({ file: l.file, line: l.line, column: l.column }));
    if (skipped?.against) hook.duplicateOf = { name: skipped.against.displayName, ...entryPlace(skipped.against) };
    return hook;
  });

  const subject: JsonObject = {};
  for (const field of SUBJECT_FIELDS) if (input[field] !== undefined) subject[field] = input[field];
  const explanation: Explanation = {
    dialect: dialect.name,
    event,
    subject,
    hooksEnabled: config.hooksEnabled,
    trusted: config.trust.trusted,
    trustedBy: config.trust.by,
    mode: description.mode,
    modeBecause: description.modeBecause,
    hooks,
    fires: hooks.filter((h) => h.fires).length,
    unregistered: config.diagnostics.filter((d) => aboutEvent(d, event, dropped)),
    diagnostics: config.diagnostics.filter((d) => !aboutEvent(d, event, dropped)),
  };
  if (plan.error) explanation.error = plan.error;
  return explanation;
}

function baseOf(entry: RegistryEntry): Omit<ExplainedHook, 'fires' | 'detail'> {
  const base: Omit<ExplainedHook, 'fires' | 'detail'> = {
    name: entry.displayName,
    command: entry.config.command,
    source: entry.source,
    layer: entry.layer,
    ...entryPlace(entry),
    matcher: entry.matcher ?? null,
  };
  if (entry.extension) base.extension = entry.extension;
  return base;
}

function verdictIn(plan: Plan, entry: RegistryEntry): NonNullable<ExplainedHook['ifActive']> {
  const planned = plan.hooks.find((h) => h.entry === entry);
  if (planned) return { fires: true, detail: planned.because ?? 'matched' };
  const skipped = plan.skipped.find((s) => s.entry === entry);
  return skipped ? { fires: false, reason: skipped.reason, detail: skipped.detail } : { fires: false, detail: 'not planned' };
}

/** A loader's drop (one of the dialect's codes) located under `hooks.<event>` (or, an unknown event, under a key that differs from it only in case). */
function aboutEvent(diagnostic: Diagnostic, event: string, dropped: DroppedHookCodes | undefined): boolean {
  const [root, key] = diagnostic.location?.path ?? [];
  const unknownEvent = diagnostic.code === dropped?.unknownEvent;
  if (!(unknownEvent || dropped?.exact.includes(diagnostic.code)) || root !== 'hooks' || typeof key !== 'string') return false;
  return key === event || (unknownEvent && key.toLowerCase() === event.toLowerCase());
}
