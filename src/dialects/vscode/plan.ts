// VS Code's planner, pure: every hook of the event runs, whatever a matcher says (VS Code parses Claude Code's
// matchers and ignores them), in the order the files were loaded (workspace first); in parallel, the answers
// merged afterwards (docs/vscode.md: a choice where the docs are silent).
import type { JsonObject, Plan, PlannedHook, ResolvedConfig, SkippedEntry } from '../../pipeline/types.js';

export function planVscode(config: ResolvedConfig, event: string, _input: JsonObject): Plan {
  const hooks: PlannedHook[] = [];
  const skipped: SkippedEntry[] = [];
  for (const entry of config.entries) {
    if (entry.event !== event) continue;
    if (!entry.enabled) skipped.push({ entry, reason: 'disabled', detail: String(entry.config.disabledBecause ?? 'disabled') });
    else hooks.push({ entry, index: hooks.length });
  }
  return { event, hooks, sequential: false, parallelBecause: 'VS Code runs every hook of the event and merges the answers', skipped };
}
