// Claude Code → Gemini CLI, one call each: its events, tools, commands and matchers as views of the one
// vocabulary (src/migrate/maps.ts, matchers.ts, command.ts hold the mechanism), and Claude's exec form as
// one shell command (its migrate reader's).
import { quote } from 'shell-quote';
import { type CommandConversion, convertCommand } from '../../migrate/command.js';
import type { AgentEvent, AgentName } from '../../migrate/lookup.js';
import { eventMap, type EventMapping, toolMap } from '../../migrate/maps.js';
import { compose, type MatcherClassifier, type MatcherConversion, readToolMatcher, readValuesMatcher, writeToolMatcher, writeValuesMatcher } from '../../migrate/matchers.js';

/** Claude Code events with the Gemini CLI event that carries them. */
export const CLAUDE_EVENT_MAP: Readonly<Record<string, EventMapping>> = eventMap('claude');

/** Claude Code built-in tools → the Gemini CLI tool name (null: Gemini has no such tool). */
export const CLAUDE_TOOL_MAP: Readonly<Record<string, string | null>> = Object.fromEntries(Object.entries(toolMap('claude')).map(([name, tools]) => [name, tools[0] ?? null]));

/** Claude Code command text → Gemini CLI. */
export function convertClaudeCommand(command: string): CommandConversion {
  return convertCommand(command, 'claude', 'gemini');
}

/**
 * Claude's exec form (`command` + `args`, no shell) as one shell command: every argument single-quoted where
 * needed, `${CLAUDE_PROJECT_DIR}` spliced in double quotes, so spaces stay one argument; then translated for `to`.
 */
export function execFormToShell(command: string, args: readonly string[], to: AgentName = 'gemini'): CommandConversion {
  const word = (text: string): string =>
    text
      .split('${CLAUDE_PROJECT_DIR}')
      .map((piece) => (piece === '' ? '' : quote([piece])))
      .join('"${CLAUDE_PROJECT_DIR}"');
  return convertCommand([command, ...args].map(word).join(' '), 'claude', to);
}

/** Claude Code tool matcher (PreToolUse, PostToolUse) → Gemini tool regex. */
export function convertClaudeToolMatcher(matcher: string | undefined, classify: MatcherClassifier): MatcherConversion {
  return compose(readToolMatcher('claude', matcher, classify), (m) => writeToolMatcher('gemini', m));
}

/** Claude lifecycle matcher (SessionStart source, SessionEnd reason, PreCompact trigger) → Gemini exact strings. */
export function convertLifecycleMatcher(matcher: string | undefined, claudeEvent: AgentEvent, geminiEvent: AgentEvent, classify: MatcherClassifier): MatcherConversion {
  return compose(readValuesMatcher('claude', claudeEvent, matcher, classify), (m) => writeValuesMatcher('gemini', geminiEvent, m));
}
