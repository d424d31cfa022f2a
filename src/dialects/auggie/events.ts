// Augment Auggie 0.36.0's events (docs/auggie.md; shared/spec/real-agents/copilot-droid-auggie.md §3):
// Claude Code's names but PromptSubmit for the prompt, and its own stdin: `hook_event_name`,
// `conversation_id`, `workspace_roots`, then the event's fields (`tool_name`, `tool_input`, `tool_output`,
// `tool_error`, `is_mcp_tool`; PromptSubmit `user_prompt`; Stop `agent_stop_cause`).
import { randomUUID } from 'node:crypto';
import type { Context } from '../../pipeline/context.js';
import { inputError } from '../../pipeline/errors.js';
import { describeType, isPlainObject } from '../../pipeline/event/json.js';
import type { JsonObject } from '../../pipeline/types.js';

export const AUGGIE_EVENTS = ['PreToolUse', 'PostToolUse', 'Stop', 'SessionStart', 'SessionEnd', 'Notification', 'PromptSubmit'] as const;

/** Events whose matcher is compared with `tool_name`. */
export const AUGGIE_TOOL_EVENTS: ReadonlySet<string> = new Set(['PreToolUse', 'PostToolUse']);

/** Claude Code's name for each Auggie event, whose outcome rule Auggie shares. */
export function claudeEventOf(event: string): string {
  return event === 'PromptSubmit' ? 'UserPromptSubmit' : event;
}

/** The workspace root Auggie reports (the first of `workspace_roots`), else hookrun's cwd. */
export function workspaceRoot(input: JsonObject, ctx: Context): string {
  const roots = input.workspace_roots;
  return Array.isArray(roots) && typeof roots[0] === 'string' && roots[0] !== '' ? roots[0] : ctx.cwd;
}

const FIELD_TYPES: Readonly<Record<string, 'string' | 'object' | 'boolean'>> = {
  tool_name: 'string',
  tool_input: 'object',
  is_mcp_tool: 'boolean',
  user_prompt: 'string',
  conversation_id: 'string',
};

export function completeAuggieInput(event: string, input: JsonObject, ctx: Context): JsonObject {
  for (const [field, type] of Object.entries(FIELD_TYPES)) {
    const value = input[field];
    if (value === undefined) continue;
    if (type === 'object' ? !isPlainObject(value) : typeof value !== type) throw inputError(`${event} event field "${field}" must be ${type}, got ${describeType(value)}`);
  }
  const { hook_event_name, conversation_id, workspace_roots, ...specific } = input;
  return { hook_event_name: hook_event_name ?? event, conversation_id: conversation_id ?? randomUUID(), workspace_roots: workspace_roots ?? [ctx.cwd], ...specific };
}
