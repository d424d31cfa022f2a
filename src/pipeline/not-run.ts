// The hooks configured for one event that would run here but that the agent does not register or plan:
// a folder not trusted, hooks switched off (all of them, an inactive extension's, or one by one). Pure:
// the planner `run` uses, fed them as if they were active, says which of them this event would fire, so
// a guard whose matcher does not match this call is not news.
import type { Dialect } from '../dialects/dialect.js';
import type { ConsideredEntry, InactiveReason, JsonObject, Plan, RegistryEntry, ResolvedConfig } from './types.js';

/** Why a configured hook of the event did not run (the verdict's `notRun[].why`). */
export type NotRunWhy = 'untrusted' | 'held-back' | 'cannot-start' | 'timed-out' | 'disabled' | 'dropped-file';

export interface NotRunHook {
  /** The hook's display name; `*` for every hook of a settings file the agent skips whole. */
  hook: string;
  /** The settings layer it comes from (user, workspace, system, extension, …); for a dropped file, the file. */
  source: string;
  why: NotRunWhy;
  /** In words, with how to change it where there is a way. */
  detail: string;
  file?: string;
}

const INACTIVE_WHY: Readonly<Record<InactiveReason, NotRunWhy>> = {
  'untrusted-folder': 'untrusted',
  'hooks-disabled': 'disabled',
  'extension-inactive': 'disabled',
};

export function notRunHook(entry: RegistryEntry, why: NotRunWhy, detail: string): NotRunHook {
  const hook: NotRunHook = { hook: entry.displayName, source: entry.layer, why, detail };
  if (entry.location?.file) hook.file = entry.location.file;
  return hook;
}

/** `config` loaded with `keepInactive`: the event's unregistered or switched-off hooks that its planner would fire. */
export function unplannedHooks(dialect: Dialect, config: ResolvedConfig, plan: Plan, input: JsonObject): NotRunHook[] {
  const event = plan.event;
  const considered: ConsideredEntry[] = (config.considered ?? config.entries.map((entry) => ({ entry }))).filter((c) => c.entry.event === event);
  const off = new Map<RegistryEntry, { why: NotRunWhy; detail: string }>();
  for (const c of considered) if (c.inactive) off.set(c.entry, { why: INACTIVE_WHY[c.inactive.reason], detail: c.inactive.detail });
  for (const s of plan.skipped) if (s.reason === 'disabled') off.set(s.entry, { why: 'disabled', detail: s.detail });
  if (off.size === 0) return [];
  // A switched-off entry, switched on for the question; the copy answers for the original.
  const original = new Map<RegistryEntry, RegistryEntry>();
  const entries = considered.map(({ entry }) => {
    if (!off.has(entry) || entry.enabled) return entry;
    const on = { ...entry, enabled: true };
    original.set(on, entry);
    return on;
  });
  const wouldRun = dialect.plan({ ...config, entries }, event, input);
  return wouldRun.hooks.flatMap(({ entry }) => {
    const own = original.get(entry) ?? entry;
    const why = off.get(own);
    return why ? [notRunHook(own, why.why, why.detail)] : [];
  });
}
