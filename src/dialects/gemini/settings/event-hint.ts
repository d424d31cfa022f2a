// What to say about an event key Gemini CLI does not know: whose name it is (another agent's, from the
// one vocabulary, src/dialects/vocabularies.ts), or the slip it looks like (case, a typo). Loaded only when
// a settings file holds such a key, so an ordinary run never loads the vocabulary (docs/perf.md).
import type { Diagnostic } from '../../../pipeline/types.js';
import { foreignEventHint } from '../../../migrate/cross-agent.js';
import { HOOK_EVENTS, type HookEventName } from '../events.js';
import { nearest } from '../../../render/near-miss.js';
import { type AgentName, counterpart, MIGRATION_AGENTS, VOCABULARY } from '../../../migrate/lookup.js';

/** Another agent's event name → the Gemini CLI event for that moment, from the one vocabulary (src/dialects/vocabularies.ts). */
function foreignNames(agent: AgentName): Readonly<Record<string, HookEventName>> {
  const out: Record<string, HookEventName> = {};
  for (const entry of VOCABULARY[agent].events) {
    const gemini = counterpart(agent, entry.name, 'gemini');
    if (gemini && !Object.hasOwn(out, entry.name) && !VOCABULARY.gemini.events.some((e) => e.name === entry.name)) out[entry.name] = gemini as HookEventName;
  }
  return out;
}

/** Claude Code events with the Gemini CLI event that fires at the same moment (PermissionRequest has none: docs/migrate.md). */
const CLAUDE_EVENTS: Readonly<Record<string, HookEventName>> = foreignNames('claude');

/** Kiro CLI triggers with their Gemini CLI event. */
const KIRO_EVENTS: Readonly<Record<string, HookEventName>> = foreignNames('kiro');

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

/** The registry's base message for an unknown key (settings/registry.ts), whose key this reads back. */
const INVALID_EVENT = /^Invalid hook event name: "(.*)" from /s;

/** " (… did you mean "X"?)", or whose name it is when Gemini CLI has no counterpart; '' when nothing fits. */
function eventNameHint(key: string): string {
  const suggestion = suggestEventName(key);
  // Another agent's name with no Gemini counterpart (Claude's PermissionRequest): say whose it is and why.
  return suggestion ? ` (${suggestion.because}: did you mean "${suggestion.name}"?)` : foreignEventHint('gemini', key);
}

/** Adds the hint to each `invalid-event-name` warning the registry left with its base message. */
export function addEventNameHints(diagnostics: readonly Diagnostic[]): void {
  for (const diagnostic of diagnostics) {
    if (diagnostic.code !== 'invalid-event-name') continue;
    const key = INVALID_EVENT.exec(diagnostic.message)?.[1];
    if (key !== undefined) diagnostic.message += eventNameHint(key);
  }
}
