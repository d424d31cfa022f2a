// An agent's events and tool names with the reference agent's (DEFAULT_DIALECT, Gemini CLI), as views of the
// one vocabulary (vocabulary.ts): nothing here is a table of its own, and no agent is named. The views of a
// given agent are in its folder (src/dialects/claude/conversions.ts, src/dialects/kiro/conversions.ts).
import { DEFAULT_DIALECT } from '../dialects/names.js';
import { canonicalTools, readEvent, toolNames, VOCABULARY, writeEvent, type AgentName, type MatcherKind } from './lookup.js';

export interface EventMapping {
  /** The reference agent's event. */
  gemini: string;
  kind: MatcherKind;
  note?: string;
}

/** `agent`'s events (those of `names`, when given) with the reference agent's event that carries each. */
export function eventMap(agent: AgentName, names?: readonly string[]): Record<string, EventMapping> {
  const out: Record<string, EventMapping> = {};
  for (const entry of VOCABULARY[agent].events) {
    if ((names && !names.includes(entry.name)) || readEvent(agent, entry.name) !== entry) continue;
    const gemini = writeEvent(DEFAULT_DIALECT, entry.event);
    if (!gemini) continue;
    const note = entry.note ?? gemini.note;
    out[entry.name] = note ? { gemini: gemini.name, kind: gemini.matcher, note } : { gemini: gemini.name, kind: gemini.matcher };
  }
  return out;
}

/** `agent`'s tool names, canonical and alias alike → the reference agent's tool names ([]: no equivalent). */
export function toolMap(agent: AgentName): Record<string, readonly string[]> {
  return Object.fromEntries(Object.keys(VOCABULARY[agent].tools).map((name) => [name, [...new Set(canonicalTools(agent, name)!.flatMap((t) => toolNames(DEFAULT_DIALECT, t)))]]));
}
