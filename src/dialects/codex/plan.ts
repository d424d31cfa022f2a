// Codex's planner, pure: every enabled handler whose group matches runs, all at once; identical handlers
// are not deduplicated (test select_handlers_keeps_duplicate_stop_handlers). A group with an invalid
// matcher was dropped by the loader.
import type { Diagnostic, JsonObject, Plan, PlannedHook, ResolvedConfig, SkippedEntry } from '../../pipeline/types.js';
import { hangingHook } from '../../pipeline/regex.js';
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
  const hooks: PlannedHook[] = [];
  const skipped: SkippedEntry[] = [];
  const warnings: Diagnostic[] = [];
  for (const entry of config.entries) {
    if (entry.event !== event) continue;
    if (!entry.enabled) {
      skipped.push({ entry, reason: 'disabled', detail: String(entry.config.disabledBecause ?? 'disabled') });
      continue;
    }
    const verdict = codexVerdict(event, entry.matcher, input);
    if (!verdict.matches) {
      skipped.push({ entry, reason: 'matcher', detail: verdict.rule });
      continue;
    }
    if (verdict.hangs) {
      const { hook, warning } = hangingHook(entry, hooks.length, verdict.rule);
      hooks.push(hook);
      warnings.push(warning);
      continue;
    }
    hooks.push({ entry, index: hooks.length, because: verdict.rule });
  }
  return { event, hooks, sequential: false, parallelBecause: PARALLEL, skipped, ...(warnings.length > 0 ? { warnings } : {}) };
}
