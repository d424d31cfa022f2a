// Reading the cross-agent vocabulary: an agent's event for a moment, its tools, the names other agents use.
// The mechanism (types, canonical moments, the row builder) is vocabulary.ts, re-exported here; the rows are
// in the dialect folders, joined by the registry (src/dialects/vocabularies.ts).
import { VOCABULARY } from '../dialects/vocabularies.js';
import { type AgentEvent, type AgentName, type CanonicalEvent, MIGRATION_AGENTS } from './vocabulary.js';

export * from './vocabulary.js';
export { VOCABULARY };

/** Every entry of `agent`'s table spelled `name` (exact case); several when one name covers several moments. */
function agentEvents(agent: AgentName, name: string): AgentEvent[] {
  return VOCABULARY[agent].events.filter((e) => e.name === name);
}

/** The entry for `name` as migrate reads it: the one that is written (the primary moment), else the first. */
export function readEvent(agent: AgentName, name: string): AgentEvent | undefined {
  const entries = agentEvents(agent, name);
  return entries.find((e) => !e.readOnly) ?? entries[0];
}

/** The event `agent` writes for a canonical moment (undefined: the agent has none). */
export function writeEvent(agent: AgentName, event: CanonicalEvent): AgentEvent | undefined {
  const entries = VOCABULARY[agent].events.filter((e) => e.event === event);
  return entries.find((e) => !e.readOnly && !e.tools && !e.mcpOnly) ?? entries.find((e) => !e.tools && !e.mcpOnly);
}

/** `to`'s name for the moment `name` stands for in `from` (through the canonical set), when it has one. */
export function counterpart(from: AgentName, name: string, to: AgentName): string | undefined {
  const entry = readEvent(from, name);
  return entry ? writeEvent(to, entry.event)?.name : undefined;
}

/**
 * A moment that has no true counterpart in an agent but an event there fires at about the same time, with
 * why it is not the same (say it; never map a hook onto it), from each row's `nearMisses`. Issue 13: Claude
 * Code's PermissionRequest decides the permission dialog; Gemini CLI's Notification fires when that dialog
 * opens but cannot decide anything.
 */
export const NEAR_MISSES: Readonly<Partial<Record<CanonicalEvent, Readonly<Partial<Record<AgentName, { name: string; why: string }>>>>>> = (() => {
  const misses: Partial<Record<CanonicalEvent, Partial<Record<AgentName, { name: string; why: string }>>>> = {};
  for (const agent of MIGRATION_AGENTS) {
    for (const [event, miss] of Object.entries(VOCABULARY[agent].nearMisses ?? {}) as [CanonicalEvent, { name: string; why: string }][]) {
      misses[event] = { ...misses[event], [agent]: miss };
    }
  }
  return misses;
})();

/** Canonical tools `agent` names with `name` (undefined: not a tool the vocabulary knows). */
export function canonicalTools(agent: AgentName, name: string): readonly string[] | undefined {
  const tools = VOCABULARY[agent].tools;
  return Object.hasOwn(tools, name) ? tools[name] : undefined;
}

/** `agent`'s names for a canonical tool, aliases left out ([]: the agent has no such tool). */
export function toolNames(agent: AgentName, canonical: string): string[] {
  const vocab = VOCABULARY[agent];
  const aliases = new Set(vocab.toolAliases ?? []);
  return Object.entries(vocab.tools)
    .filter(([name, tools]) => tools.includes(canonical) && !aliases.has(name))
    .map(([name]) => name);
}

/** Every event name of every agent but `agent`, with the agents that spell it so. */
export function foreignEventNames(agent: AgentName): Map<string, AgentName[]> {
  const own = new Set(VOCABULARY[agent].events.map((e) => e.name));
  const names = new Map<string, AgentName[]>();
  for (const other of MIGRATION_AGENTS) {
    if (other === agent) continue;
    for (const e of VOCABULARY[other].events) {
      if (own.has(e.name)) continue;
      const list = names.get(e.name) ?? [];
      if (!list.includes(other)) list.push(other);
      names.set(e.name, list);
    }
  }
  return names;
}
