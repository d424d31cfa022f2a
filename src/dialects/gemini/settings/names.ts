// Names people write instead of Gemini CLI's: other agents' event names, wrong case, typos.
// Used by the registry's warnings (so `run` says it too) and by `validate`'s fix suggestions.
import { HOOK_EVENTS, type HookEventName } from '../events.js';

/** Claude Code events with the Gemini CLI event that fires at the same moment (docs/sources.md §G8, plus later Claude events). */
export const CLAUDE_EVENTS: Readonly<Record<string, HookEventName>> = {
  PreToolUse: 'BeforeTool',
  PostToolUse: 'AfterTool',
  PostToolUseFailure: 'AfterTool',
  UserPromptSubmit: 'BeforeAgent',
  Stop: 'AfterAgent',
  SubagentStop: 'AfterAgent',
  PreCompact: 'PreCompress',
  PermissionRequest: 'Notification',
};

/** Kiro CLI triggers (camelCase) with their Gemini CLI event. */
export const KIRO_EVENTS: Readonly<Record<string, HookEventName>> = {
  agentSpawn: 'SessionStart',
  userPromptSubmit: 'BeforeAgent',
  preToolUse: 'BeforeTool',
  postToolUse: 'AfterTool',
  stop: 'AfterAgent',
};

export interface NameSuggestion {
  name: string;
  /** Why this name: the other agent it comes from, or the kind of slip. */
  because: string;
}

/** The Gemini event name someone most likely meant by `key` (undefined when nothing is close). */
export function suggestEventName(key: string): NameSuggestion | undefined {
  if (Object.hasOwn(CLAUDE_EVENTS, key)) return { name: CLAUDE_EVENTS[key]!, because: `"${key}" is Claude Code's name` };
  if (Object.hasOwn(KIRO_EVENTS, key)) return { name: KIRO_EVENTS[key]!, because: `"${key}" is Kiro CLI's name` };
  const near = nearest(key, HOOK_EVENTS);
  if (!near) return undefined;
  const because = near.toLowerCase() === key.toLowerCase() ? 'event names are case-sensitive' : 'closest event name';
  return { name: near, because };
}

/** The candidate closest to `word` (case-insensitive edit distance), when close enough to be a slip. */
export function nearest(word: string, candidates: readonly string[]): string | undefined {
  const lower = word.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = editDistance(lower, candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  // A third of the word may differ: "BeforeTol" → BeforeTool, but "Nope" suggests nothing.
  return best !== undefined && bestDistance <= Math.max(1, Math.floor(word.length / 3)) ? best : undefined;
}

/** Levenshtein distance. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost));
    }
    previous = current;
  }
  return previous[b.length]!;
}
