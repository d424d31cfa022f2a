// Gemini CLI's planner (docs/sources.md §G4), pure: (registry, event, input) → plan. `run`, `--dry-run` and
// `explain` all call this one function, so what they show is what runs.
import { formatLocation } from '../../pipeline/errors.js';
import type { Diagnostic, JsonObject, Plan, PlannedHook, RegistryEntry, ResolvedConfig, SkippedEntry } from '../../pipeline/types.js';
import { exactMatcherTrap, timeoutTrap, type Trap } from './traps.js';
import { boundedTest, hangingHook, hangReason } from '../../pipeline/regex.js';

/** Source priority of the agent's planner; settings hooks are all "project", so order is merge order. */
const SOURCE_PRIORITY: Readonly<Record<string, number>> = {
  runtime: 0,
  project: 1,
  user: 2,
  system: 3,
  extensions: 4,
};

/** What a matcher is compared with, per event. */
export type MatcherContext =
  | { kind: 'tool'; value: string }
  | { kind: 'exact'; field: string; value: string }
  /** The event has a context, but no value in it: a matcher is still read (`.trim()`), then matches. */
  | { kind: 'unset'; why: string }
  /** The event has no context: matchers are not read at all. */
  | { kind: 'none'; why: string };

const EXACT_FIELDS: Readonly<Record<string, string>> = {
  SessionStart: 'source',
  SessionEnd: 'reason',
  PreCompress: 'trigger',
};

export function matcherContext(event: string, input: JsonObject): MatcherContext {
  if (event === 'BeforeTool' || event === 'AfterTool') {
    const tool = input.tool_name;
    return typeof tool === 'string' && tool !== ''
      ? { kind: 'tool', value: tool }
      : { kind: 'unset', why: 'the event has no tool_name, and the agent compares a matcher with a tool name only when there is one: it matches' };
  }
  const field = EXACT_FIELDS[event];
  if (field !== undefined) {
    const value = input[field];
    return typeof value === 'string' && value !== ''
      ? { kind: 'exact', field, value }
      : { kind: 'unset', why: `the event has no ${field}, and the agent compares a matcher with it only when there is one: it matches` };
  }
  return { kind: 'none', why: `${event} ignores matchers` };
}

/** `hangs`: the regex did not finish within hookrun's budget (Gemini CLI would hang there); the rule says so. */
export type MatchVerdict = { matches: true; rule: string; hangs?: true } | { matches: false; rule: string } | { error: string };

/** One matcher against the event's context, with the rule that decided (for explain). */
export function matchEntry(matcher: unknown, context: MatcherContext): MatchVerdict {
  if (!matcher) return { matches: true, rule: 'no matcher: matches everything' };
  if (context.kind === 'none') return { matches: true, rule: context.why };
  if (typeof matcher !== 'string') {
    // The agent calls matcher.trim() here; on a non-string that throws and the whole event fails.
    return { error: `matcher ${JSON.stringify(matcher)} is not a string` };
  }
  const pattern = matcher.trim();
  if (pattern === '' || pattern === '*') return { matches: true, rule: `matcher "${matcher}" matches everything` };
  if (context.kind === 'unset') return { matches: true, rule: context.why };
  if (context.kind === 'exact') {
    const matches = pattern === context.value;
    return {
      matches,
      rule: `${context.field} "${context.value}" ${matches ? 'equals' : 'does not equal'} matcher "${pattern}" (exact string, no regex)`,
    };
  }
  let regex: RegExp | undefined;
  try {
    regex = new RegExp(pattern);
  } catch {
    const matches = pattern === context.value;
    return {
      matches,
      rule: `matcher "${pattern}" is not a valid regex, so it is compared as a string: tool "${context.value}" ${matches ? 'equals' : 'differs'}`,
    };
  }
  const matches = boundedTest(regex, context.value);
  if (matches === undefined) return { matches: true, rule: hangReason(pattern, context.value, 'Gemini CLI'), hangs: true };
  return {
    matches,
    rule: `regex /${pattern}/ (unanchored) ${matches ? 'matches' : 'does not match'} tool "${context.value}"`,
  };
}

/**
 * Gemini's de-duplication key (getHookKey): name and command, the command only for a `command` hook (a
 * plugin or runtime hook's key is its name alone, so two unnamed plugin hooks are one). A template
 * string, as the agent's: a name that cannot become text throws here, as it does there.
 */
export const dedupKey = (entry: RegistryEntry): string => `${entry.config.name || ''}:${entry.config.type === 'command' ? entry.config.command || '' : ''}`;

export function planGemini(config: ResolvedConfig, event: string, input: JsonObject): Plan {
  const skipped: SkippedEntry[] = [];
  const candidates = config.entries
    .filter((entry) => entry.event === event)
    .map((entry, order) => ({ entry, order }))
    .sort((a, b) => (SOURCE_PRIORITY[a.entry.source] ?? 9) - (SOURCE_PRIORITY[b.entry.source] ?? 9) || a.order - b.order)
    .map(({ entry }) => entry);

  const enabled: RegistryEntry[] = [];
  for (const entry of candidates) {
    if (entry.enabled) enabled.push(entry);
    else skipped.push({ entry, reason: 'disabled', detail: disabledDetail(entry) });
  }

  const context = matcherContext(event, input);
  const matching: { entry: RegistryEntry; rule: string; hangs?: true }[] = [];
  for (const entry of enabled) {
    const verdict = matchEntry(entry.matcher, context);
    if ('error' in verdict) {
      const error = `${verdict.error}: Gemini CLI's planner fails on it and runs no hook for ${event}`;
      for (const e of enabled) skipped.push({ entry: e, reason: 'planner-error', detail: error });
      return { event, hooks: [], sequential: false, skipped, error };
    }
    if (verdict.matches) matching.push({ entry, rule: verdict.rule, ...(verdict.hangs ? { hangs: verdict.hangs } : {}) });
    else skipped.push({ entry, reason: 'matcher', detail: verdict.rule });
  }

  const seen = new Map<string, RegistryEntry>();
  const hooks: PlannedHook[] = [];
  let keys: string[];
  try {
    keys = matching.map(({ entry }) => dedupKey(entry));
  } catch (thrown) {
    if (!(thrown instanceof TypeError)) throw thrown;
    const error = `a hook's name or command cannot be made text (${thrown.message}): Gemini CLI's planner fails on it and runs no hook for ${event}`;
    for (const { entry } of matching) skipped.push({ entry, reason: 'planner-error', detail: error });
    return { event, hooks: [], sequential: false, skipped, error };
  }
  const hangs: Diagnostic[] = [];
  for (const [i, { entry, rule, hangs: hung }] of matching.entries()) {
    const key = keys[i]!;
    const first = seen.get(key);
    if (first) {
      const where = first.location ? ` (${formatLocation(first.location)})` : '';
      skipped.push({ entry, reason: 'duplicate', detail: `same name:command as an earlier hook${where}; the first one wins`, against: first });
      continue;
    }
    seen.set(key, entry);
    if (hung) {
      // Gemini CLI would never get past this matcher; hookrun fails this hook as one that cannot run.
      const { hook, warning } = hangingHook(entry, hooks.length, rule);
      hooks.push(hook);
      hangs.push(warning);
      continue;
    }
    hooks.push({ entry, index: hooks.length, because: rule });
  }

  const asker = hooks.find((h) => h.entry.sequential === true);
  const plan: Plan = { event, hooks, sequential: asker !== undefined, skipped };
  const warnings = [...hangs, ...trapsMet(event, hooks, skipped)];
  if (warnings.length > 0) plan.warnings = warnings;
  if (asker) {
    const where = asker.entry.location ? ` (${formatLocation(asker.entry.location)})` : '';
    plan.sequentialBecause = `"${asker.entry.displayName}"${where} is in a definition with "sequential": true, so every hook of the event runs one after another`;
  }
  return plan;
}

/**
 * The traps this event meets, said on stderr by `run` (README.md: it "warns about the quirks that are traps"): a hook its matcher
 * keeps from ever firing on an exact-string event, and a planned hook whose timeout Gemini CLI reads
 * as milliseconds that cannot be what was meant.
 */
function trapsMet(event: string, hooks: readonly PlannedHook[], skipped: readonly SkippedEntry[]): Diagnostic[] {
  const warnings: Diagnostic[] = [];
  const warn = (entry: RegistryEntry, trap: Trap | undefined): void => {
    if (!trap) return;
    const warning: Diagnostic = { code: trap.code, severity: 'warning', message: `hook "${entry.displayName}": ${trap.message}`, fix: trap.fix };
    if (entry.location) warning.location = entry.location;
    warnings.push(warning);
  };
  for (const { entry, reason } of skipped) {
    if (reason === 'matcher' && typeof entry.matcher === 'string') warn(entry, exactMatcherTrap(event, entry.matcher.trim()));
  }
  for (const { entry } of hooks) warn(entry, timeoutTrap(entry.config.timeout));
  return warnings;
}

function disabledDetail(entry: RegistryEntry): string {
  const where = entry.disabledBy?.length ? ` in ${entry.disabledBy.map(formatLocation).join(' and ')}` : '';
  return `"${entry.displayName}" is listed in hooksConfig.disabled${where}`;
}
