// Claude Code's and Kiro CLI's events and tool names with Gemini CLI's, as views of the one vocabulary
// (vocabulary.ts): nothing here is a table of its own.
import { canonicalTools, readEvent, toolNames, VOCABULARY, writeEvent, type AgentName, type MatcherKind } from './lookup.js';

export interface EventMapping {
  gemini: string;
  kind: MatcherKind;
  note?: string;
}

function eventMap(agent: AgentName, names?: readonly string[]): Record<string, EventMapping> {
  const out: Record<string, EventMapping> = {};
  for (const entry of VOCABULARY[agent].events) {
    if ((names && !names.includes(entry.name)) || readEvent(agent, entry.name) !== entry) continue;
    const gemini = writeEvent('gemini', entry.event);
    if (!gemini) continue;
    const note = entry.note ?? gemini.note;
    out[entry.name] = note ? { gemini: gemini.name, kind: gemini.matcher, note } : { gemini: gemini.name, kind: gemini.matcher };
  }
  return out;
}

/** Claude Code events with the Gemini CLI event that carries them. */
export const CLAUDE_EVENT_MAP: Readonly<Record<string, EventMapping>> = eventMap('claude');

/** Kiro CLI agent-file triggers (camelCase) with their Gemini CLI event. */
export const KIRO_EVENT_MAP: Readonly<Record<string, EventMapping>> = eventMap('kiro', ['agentSpawn', 'userPromptSubmit', 'preToolUse', 'postToolUse', 'stop']);

/** Claude Code built-in tools → the Gemini CLI tool name (null: Gemini has no such tool). */
export const CLAUDE_TOOL_MAP: Readonly<Record<string, string | null>> = Object.fromEntries(
  Object.keys(VOCABULARY.claude.tools).map((name) => [name, canonicalTools('claude', name)!.flatMap((t) => toolNames('gemini', t))[0] ?? null]),
);

/** Kiro CLI tool names, canonical and alias alike → Gemini CLI tool names ([]: no equivalent). */
export const KIRO_TOOL_MAP: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  Object.keys(VOCABULARY.kiro.tools).map((name) => [name, [...new Set(canonicalTools('kiro', name)!.flatMap((t) => toolNames('gemini', t)))]]),
);
