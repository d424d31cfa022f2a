// Factory Droid 0.225.2's events (docs/droid.md; observed in the real binary, shared/spec/real-agents/
// copilot-droid-auggie.md §2): Claude Code's names, Claude Code's stdin fields, so Claude's input checks
// apply; only the tool events consult a matcher.
import type { Context } from '../../pipeline/context.js';
import type { JsonObject } from '../../pipeline/types.js';
import { completeClaudeInput } from '../claude/events.js';

export const DROID_EVENTS = ['PreToolUse', 'PostToolUse', 'Notification', 'UserPromptSubmit', 'Stop', 'SubagentStop', 'PreCompact', 'SessionStart', 'SessionEnd'] as const;

/** Events whose matcher is compared with `tool_name`; elsewhere Droid's matchers are not consulted (docs/droid.md). */
export const DROID_TOOL_EVENTS: ReadonlySet<string> = new Set(['PreToolUse', 'PostToolUse']);

/** Events where exit 2 blocks (its stderr the reason); elsewhere it is a warning. */
export const DROID_EXIT2_BLOCKS: ReadonlySet<string> = new Set(['PreToolUse', 'PostToolUse', 'UserPromptSubmit', 'Stop', 'SubagentStop']);

/** Exit 3: Droid's AgentAbortError, the run ends. */
export const DROID_ABORT_EXIT = 3;

export function completeDroidInput(event: string, input: JsonObject, ctx: Context): JsonObject {
  return completeClaudeInput(event, input, ctx);
}
