// Claude Code's planner, pure: (settings, event, input) → plan. Every matching handler runs, in parallel;
// a handler defined identically more than once runs once (docs/sources.md §B.5, §B.9).
import type { Diagnostic, JsonObject, Plan, PlannedHook, RegistryEntry, ResolvedConfig, SkippedEntry } from '../../pipeline/types.js';
import { eventKnownIn, eventRule, isClaudeEvent } from './events.js';
import { matchClaude, matchIf, type MatchVerdict } from './matcher.js';
import { isClaudeConfig } from './settings.js';
import { DEFAULT_PROFILE, has, type ClaudeProfile } from './version.js';
import { hangingHook } from '../../pipeline/regex.js';

export function profileOf(config: ResolvedConfig): ClaudeProfile {
  return isClaudeConfig(config) ? config.claude.profile : DEFAULT_PROFILE;
}

/** What makes two handlers "the same handler" for deduplication. */
function handlerKey(entry: RegistryEntry): string {
  const c = entry.config;
  // A plugin's copy of a handler stays separate from the settings files' copies (hooks reference).
  const owner = entry.layer === 'plugin' ? (entry.extension ?? 'plugin') : null;
  return JSON.stringify([owner, c.type, c.command ?? null, c.args ?? null, c.shell ?? null, c.if ?? null, c.url ?? null]);
}

/** The matcher verdict for one entry (the group's matcher against the event's matcher field). */
export function matcherVerdict(entry: RegistryEntry, event: string, input: JsonObject, profile: ClaudeProfile): MatchVerdict {
  const rule = eventRule(event);
  const matcher = typeof entry.matcher === 'string' ? entry.matcher : undefined;
  if (!rule?.matcherField || (rule.matcherSince === 'current' && profile.generation === 'classic')) {
    return { matches: true, rule: `${event} has no matcher in Claude Code ${profile.label}, so every hook runs` };
  }
  const raw = input[rule.matcherField];
  if (typeof raw !== 'string' || raw === '') {
    return { matches: true, rule: `the event has no ${rule.matcherField}, so matchers are not consulted` };
  }
  const value = rule.matcherBasename ? raw.slice(raw.replace(/[\\/]+$/, '').lastIndexOf('/') + 1) : raw;
  return matchClaude(matcher, value, rule.matcherBasename ? `basename of ${rule.matcherField}` : rule.matcherField, profile, rule.narrowMatcher === true);
}

/** The handler's `if` (current generation only): tool events check the call, other events never run it. */
export function ifVerdict(entry: RegistryEntry, event: string, input: JsonObject, profile: ClaudeProfile, home: string): MatchVerdict | undefined {
  const condition = entry.config.if;
  if (typeof condition !== 'string' || !has(profile, 'ifField')) return undefined;
  if (!eventRule(event)?.tool) return { matches: false, rule: `a handler with "if" never runs on ${event} (not a tool event)` };
  const toolName = input.tool_name;
  if (typeof toolName !== 'string' || toolName === '') return { matches: true, rule: `the event has no tool_name, so "if" is not consulted` };
  const toolInput = input.tool_input;
  return matchIf(condition, {
    toolName,
    toolInput: typeof toolInput === 'object' && toolInput !== null ? (toolInput as Record<string, unknown>) : {},
    cwd: typeof input.cwd === 'string' ? input.cwd : '/',
    home,
    unanchoredDirs: !has(profile, 'ifDirAnchored'),
  });
}

export function planClaude(config: ResolvedConfig, event: string, input: JsonObject): Plan {
  const profile = profileOf(config);
  const home = isClaudeConfig(config) ? config.claude.home : '/';
  const skipped: SkippedEntry[] = [];
  const hooks: PlannedHook[] = [];
  const seen = new Map<string, RegistryEntry>();
  const warnings: Diagnostic[] = [];
  if (isClaudeEvent(event) && !eventKnownIn(event, profile)) {
    const since = eventRule(event)!.since!.join('.');
    const warning = {
      code: 'event-not-in-version',
      severity: 'warning' as const,
      message: `Claude Code ${profile.label} has no ${event} event (added in ${since}); it would run none of these hooks`,
    };
    for (const entry of config.entries) if (entry.event === event) skipped.push({ entry, reason: 'matcher', detail: warning.message });
    return { event, hooks, sequential: false, parallelBecause: 'Claude Code runs every matching hook in parallel', skipped, warnings: [warning] };
  }
  for (const entry of config.entries) {
    if (entry.event !== event) continue;
    if (!entry.enabled) {
      skipped.push({ entry, reason: 'disabled', detail: String(entry.config.disabledBecause ?? 'disabled') });
      continue;
    }
    const verdict = matcherVerdict(entry, event, input, profile);
    if (!verdict.matches) {
      skipped.push({ entry, reason: 'matcher', detail: verdict.rule });
      continue;
    }
    const condition = ifVerdict(entry, event, input, profile, home);
    if (condition && !condition.matches) {
      skipped.push({ entry, reason: 'matcher', detail: condition.rule });
      continue;
    }
    const key = handlerKey(entry);
    const first = seen.get(key);
    if (first) {
      const where = first.location ? ` (${first.location.file}:${first.location.line})` : '';
      skipped.push({ entry, reason: 'duplicate', detail: `the same handler is already planned${where}; Claude Code runs it once` });
      continue;
    }
    seen.set(key, entry);
    const hung = verdict.hangs ? verdict : condition?.hangs ? condition : undefined;
    if (hung) {
      const { hook, warning } = hangingHook(entry, hooks.length, hung.rule);
      hooks.push(hook);
      warnings.push(warning);
      continue;
    }
    hooks.push({ entry, index: hooks.length });
  }
  return { event, hooks, sequential: false, parallelBecause: 'Claude Code runs every matching hook in parallel', skipped, ...(warnings.length > 0 ? { warnings } : {}) };
}
