// Names people write instead of Gemini CLI's: other agents' event names, wrong case, typos.
// Used by the registry's warnings (so `run` says it too) and by `validate`'s fix suggestions.
import { HOOK_EVENTS, type HookEventName } from '../events.js';
import { type AgentName, counterpart, MIGRATION_AGENTS, VOCABULARY } from '../../../migrate/vocabulary.js';

/** Another agent's event name → the Gemini CLI event for that moment, from the one vocabulary (src/migrate/vocabulary.ts). */
function foreignNames(agent: AgentName): Readonly<Record<string, HookEventName>> {
  const out: Record<string, HookEventName> = {};
  for (const entry of VOCABULARY[agent].events) {
    const gemini = counterpart(agent, entry.name, 'gemini');
    if (gemini && !Object.hasOwn(out, entry.name) && !VOCABULARY.gemini.events.some((e) => e.name === entry.name)) out[entry.name] = gemini as HookEventName;
  }
  return out;
}

/** Claude Code events with the Gemini CLI event that fires at the same moment (PermissionRequest has none: docs/migrate.md). */
export const CLAUDE_EVENTS: Readonly<Record<string, HookEventName>> = foreignNames('claude');

/** Kiro CLI triggers with their Gemini CLI event. */
export const KIRO_EVENTS: Readonly<Record<string, HookEventName>> = foreignNames('kiro');

/** Other agents in the order a shared name is attributed: Claude Code and Kiro CLI first, then the rest. */
const OTHERS: readonly AgentName[] = ['claude', 'kiro', ...MIGRATION_AGENTS.filter((a) => a !== 'gemini' && a !== 'claude' && a !== 'kiro')];

export interface NameSuggestion {
  name: string;
  /** Why this name: the other agent it comes from, or the kind of slip. */
  because: string;
}

/** The Gemini event name someone most likely meant by `key` (undefined when nothing is close). */
export function suggestEventName(key: string): NameSuggestion | undefined {
  for (const agent of OTHERS) {
    const gemini = agent === 'claude' ? CLAUDE_EVENTS[key] : agent === 'kiro' ? KIRO_EVENTS[key] : foreignNames(agent)[key];
    if (gemini) return { name: gemini, because: `"${key}" is ${VOCABULARY[agent].label}'s name` };
  }
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
