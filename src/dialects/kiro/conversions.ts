// Kiro CLI (agent files) → Gemini CLI, one call each: its triggers, tools and matchers as views of the one
// vocabulary (src/migrate/maps.ts and matchers.ts hold the mechanism).
import { eventMap, type EventMapping, toolMap } from '../../migrate/maps.js';
import { compose, type MatcherConversion, readToolMatcher, writeToolMatcher } from '../../migrate/matchers.js';

/** Kiro CLI agent-file triggers (camelCase) with their Gemini CLI event. */
export const KIRO_EVENT_MAP: Readonly<Record<string, EventMapping>> = eventMap('kiro', ['agentSpawn', 'userPromptSubmit', 'preToolUse', 'postToolUse', 'stop']);

/** Kiro CLI tool names, canonical and alias alike → Gemini CLI tool names ([]: no equivalent). */
export const KIRO_TOOL_MAP: Readonly<Record<string, readonly string[]>> = toolMap('kiro');

/** Kiro CLI agent-file matcher → Gemini tool regex. */
export function convertKiroMatcher(matcher: string | undefined): MatcherConversion {
  return compose(readToolMatcher('kiro', matcher, undefined, 'kiro-glob'), (m) => writeToolMatcher('gemini', m));
}
