// Codex's planner, pure: every enabled handler whose group matches runs, all at once; identical handlers
// are not deduplicated (test select_handlers_keeps_duplicate_stop_handlers). A group with an invalid
// matcher was dropped by the loader.
import type { JsonObject, Plan, ResolvedConfig } from '../../pipeline/types.js';
import { planGroups } from '../claude/groups.js';
import type { MatchVerdict } from '../claude/matcher.js';
import { codexEventRule } from './events.js';
import { matchCodex, matchCodexTool } from './matcher.js';

const PARALLEL = 'Codex starts every matching hook at once';

function codexVerdict(event: string, matcher: unknown, input: JsonObject): MatchVerdict {
  const field = codexEventRule(event)?.matcherField;
  if (!field) return { matches: true, rule: `${event} has no matcher in Codex, so every hook runs` };
  const value = input[field];
  if (typeof value !== 'string') return { matches: true, rule: `the event has no ${field}, so matchers are not consulted` };
  const pattern = typeof matcher === 'string' ? matcher : undefined;
  return field === 'tool_name' ? matchCodexTool(pattern, value, field) : matchCodex(pattern, value, field);
}

export function planCodex(config: ResolvedConfig, event: string, input: JsonObject): Plan {
  return planGroups(config, event, input, (entry) => codexVerdict(event, entry.matcher, input), PARALLEL);
}
