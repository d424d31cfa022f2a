// Qwen Code's planner, pure (hookPlanner.ts, hook-matcher.ts; docs/qwen.md): a group's matcher against the
// event's target (the tool, or the lifecycle value Claude Code matches on), with Claude Code's tool names as
// exact aliases of Qwen's; a handler defined twice runs once (the engine's getHookKey: name and command);
// the plan is sequential when any matching group says `sequential: true`, else parallel.
import type { JsonObject, Plan, PlannedHook, RegistryEntry, ResolvedConfig, SkippedEntry } from '../../pipeline/types.js';
import { qwenMatcherField } from './events.js';
import type { ListOrRegex } from '../../migrate/matchers.js';

/**
 * Qwen's tool names and the Claude Code names that match them exactly (hook-matcher.ts `aliases`; `Bash` →
 * `run_shell_command` observed on 0.24.4, the rest from Qwen's tool names).
 */
const CLAUDE_ALIASES: Readonly<Record<string, readonly string[]>> = {
  run_shell_command: ['Bash'],
  read_file: ['Read'],
  write_file: ['Write'],
  edit: ['Edit', 'MultiEdit'],
  glob: ['Glob'],
  grep_search: ['Grep'],
  list_directory: ['LS'],
  web_fetch: ['WebFetch'],
  web_search: ['WebSearch'],
  todo_write: ['TodoWrite'],
  task: ['Task', 'Agent'],
};

/**
 * migrate's reading of a tool matcher by the same rule as {@link matchesQwenPattern}: empty/`*`/`.*` all; a name
 * or a `|` list of plain names is exact (a Claude Code alias read as Qwen's tool), anything else a regex.
 */
export function classifyQwenMatcher(matcher: string): ListOrRegex {
  const pattern = matcher.trim();
  if (pattern === '' || pattern === '*' || pattern === '.*') return { kind: 'all' };
  const items =
    pattern.startsWith('^') || pattern.startsWith('(')
      ? [pattern]
      : pattern
          .split(/(?<!\\)\|/)
          .map((entry) => entry.trim())
          .filter((entry) => entry !== '');
  if (items.length > 0 && items.every((item) => /^[A-Za-z0-9_]+$/.test(item))) {
    const qwenName = (item: string) => Object.keys(CLAUDE_ALIASES).find((tool) => CLAUDE_ALIASES[tool]!.includes(item)) ?? item;
    return { kind: 'list', items: items.map(qwenName) };
  }
  try {
    return { kind: 'regex', regex: new RegExp(items.join('|')) };
  } catch (error) {
    return { kind: 'regex', error: (error as Error).message };
  }
}

/** hook-matcher.ts matchesHookPattern: empty/`*`/`.*` all; exact (or alias); a `|` list of exact names; else an unanchored regex. */
export function matchesQwenPattern(matcher: string, subject: string): boolean {
  const pattern = matcher.trim();
  if (pattern === '' || pattern === '*' || pattern === '.*') return true;
  const exact = [subject, ...(CLAUDE_ALIASES[subject] ?? [])];
  if (exact.includes(pattern)) return true;
  let expression = pattern;
  if (pattern.includes('|') && !pattern.startsWith('^') && !pattern.startsWith('(')) {
    const alternatives = pattern
      .split(/(?<!\\)\|/)
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '');
    if (alternatives.some((entry) => entry === '*' || entry === '.*' || exact.includes(entry))) return true;
    if (alternatives.length === 0) return false;
    expression = alternatives.join('|');
  }
  try {
    return new RegExp(expression).test(subject);
  } catch {
    // An invalid expression matches nothing.
    return false;
  }
}

function matches(entry: RegistryEntry, event: string, input: JsonObject): { matches: boolean; rule: string } {
  const field = qwenMatcherField(event);
  if (entry.matcher === undefined || entry.matcher === null) return { matches: true, rule: 'no matcher' };
  if (typeof entry.matcher !== 'string') return { matches: false, rule: `matcher ${JSON.stringify(entry.matcher)} is not a string` };
  if (field === undefined) return { matches: true, rule: `${event} has no matcher target, so every hook runs` };
  const subject = input[field];
  if (typeof subject !== 'string' || subject === '') return { matches: true, rule: `the event has no ${field}, so matchers are not consulted` };
  const hit = matchesQwenPattern(entry.matcher, subject);
  return { matches: hit, rule: `matcher "${entry.matcher}" ${hit ? 'matches' : 'does not match'} ${field} "${subject}"` };
}

const hookKey = (entry: RegistryEntry): string => JSON.stringify([entry.config.name ?? null, entry.config.command ?? entry.config.url ?? null]);

export function planQwen(config: ResolvedConfig, event: string, input: JsonObject): Plan {
  const hooks: PlannedHook[] = [];
  const skipped: SkippedEntry[] = [];
  const seen = new Set<string>();
  let sequentialBecause: string | undefined;
  for (const entry of config.entries) {
    if (entry.event !== event) continue;
    if (!entry.enabled) {
      skipped.push({ entry, reason: 'disabled', detail: String(entry.config.disabledBecause ?? 'disabled') });
      continue;
    }
    const verdict = matches(entry, event, input);
    if (!verdict.matches) {
      skipped.push({ entry, reason: 'matcher', detail: verdict.rule });
      continue;
    }
    const key = hookKey(entry);
    if (seen.has(key)) {
      skipped.push({ entry, reason: 'duplicate', detail: 'the same hook (name and command) is already planned; Qwen Code runs it once' });
      continue;
    }
    seen.add(key);
    if (entry.sequential === true && sequentialBecause === undefined) sequentialBecause = `${entry.displayName} has "sequential": true`;
    hooks.push({ entry, index: hooks.length });
  }
  const sequential = sequentialBecause !== undefined;
  return {
    event,
    hooks,
    sequential,
    ...(sequential ? { sequentialBecause } : { parallelBecause: 'no matching definition says "sequential": true' }),
    skipped,
  };
}
