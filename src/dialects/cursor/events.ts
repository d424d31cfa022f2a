// Cursor's hook events (docs/cursor.md "Events"; docs/sources.md §X2.3–2.5):
// the table the loader, planner, aggregator, outcome and validator read. camelCase names, exactly as
// Cursor spells them; what each event's answer can do; which payload field its matcher reads.
import type { Context } from '../../pipeline/context.js';
import { inputError } from '../../pipeline/errors.js';
import { describeType, isPlainObject } from '../../pipeline/event/json.js';
import type { JsonObject } from '../../pipeline/types.js';
import { randomUuid } from '../../boot/builtins.js';

/**
 * What a hook's answer does on this event: `permission` {permission, user_message, agent_message};
 * `prompt` {continue, user_message}; `followup` {followup_message}; `context` {additional_context, env};
 * `observe`: nothing (logged).
 */
export type CursorEventKind = 'permission' | 'prompt' | 'followup' | 'context' | 'observe';

type FieldType = 'string' | 'number' | 'boolean' | 'object' | 'array';

export interface CursorEvent {
  kind: CursorEventKind;
  /** The payload field a matcher is tested against; absent: sources name none, and hookrun ignores the matcher. */
  matcherField?: string;
  /** Event-specific payload fields and their JSON types (checked when present). */
  fields: Readonly<Record<string, FieldType | readonly FieldType[]>>;
}

const tool = { tool_name: 'string', tool_input: ['object', 'string'], tool_use_id: 'string', cwd: 'string' } as const;

const CURSOR_EVENTS_TABLE: Readonly<Record<string, CursorEvent>> = {
  sessionStart: { kind: 'context', fields: {} },
  sessionEnd: { kind: 'observe', fields: {} },
  preToolUse: { kind: 'permission', matcherField: 'tool_name', fields: tool },
  postToolUse: { kind: 'context', matcherField: 'tool_name', fields: tool },
  postToolUseFailure: { kind: 'observe', matcherField: 'tool_name', fields: tool },
  subagentStart: { kind: 'permission', fields: {} },
  subagentStop: { kind: 'followup', fields: { status: 'string', loop_count: 'number' } },
  beforeShellExecution: { kind: 'permission', matcherField: 'command', fields: { command: 'string', cwd: 'string', sandbox: 'boolean' } },
  afterShellExecution: { kind: 'observe', matcherField: 'command', fields: { command: 'string', output: 'string', duration: 'number' } },
  beforeMCPExecution: { kind: 'permission', matcherField: 'tool_name', fields: { tool_name: 'string', tool_input: ['object', 'string'], url: 'string', command: 'string' } },
  afterMCPExecution: { kind: 'observe', matcherField: 'tool_name', fields: { tool_name: 'string', tool_input: ['object', 'string'], result_json: 'string', duration: 'number' } },
  beforeReadFile: { kind: 'permission', fields: { file_path: 'string', content: 'string', attachments: 'array' } },
  afterFileEdit: { kind: 'observe', fields: { file_path: 'string', edits: 'array' } },
  beforeSubmitPrompt: { kind: 'prompt', fields: { prompt: 'string', attachments: 'array' } },
  preCompact: { kind: 'observe', fields: {} },
  stop: { kind: 'followup', fields: { status: 'string', loop_count: 'number' } },
  afterAgentResponse: { kind: 'observe', fields: {} },
  afterAgentThought: { kind: 'observe', fields: {} },
  beforeTabFileRead: { kind: 'observe', fields: { file_path: 'string', content: 'string' } },
  afterTabFileEdit: { kind: 'observe', fields: { file_path: 'string', edits: 'array' } },
  workspaceOpen: { kind: 'observe', fields: {} },
};

export const CURSOR_EVENTS: readonly string[] = Object.keys(CURSOR_EVENTS_TABLE);

export function cursorEvent(event: string): CursorEvent | undefined {
  return Object.hasOwn(CURSOR_EVENTS_TABLE, event) ? CURSOR_EVENTS_TABLE[event] : undefined;
}

/** Cursor's stop / subagentStop follow-ups per hook, when its entry says nothing (docs/sources.md §X2.2). */
export const DEFAULT_LOOP_LIMIT = 5;

/**
 * The Cursor event a Claude Code hook event fires on when Cursor loads Claude Code's hooks
 * (`--third-party-hooks`); Claude events missing here never fire under Cursor. Also the hint for a
 * Claude or Gemini name written in a Cursor file.
 */
export const CLAUDE_TO_CURSOR: Readonly<Record<string, string>> = {
  PreToolUse: 'preToolUse',
  PostToolUse: 'postToolUse',
  PostToolUseFailure: 'postToolUseFailure',
  UserPromptSubmit: 'beforeSubmitPrompt',
  Stop: 'stop',
  SubagentStart: 'subagentStart',
  SubagentStop: 'subagentStop',
  SessionStart: 'sessionStart',
  SessionEnd: 'sessionEnd',
  PreCompact: 'preCompact',
};

/** Spellings of Cursor's own events that are nobody's (another agent's names are in its row, src/dialects/<name>/vocabulary.ts). */
const SLIPS: Readonly<Record<string, string>> = {
  afterShellExecute: 'afterShellExecution',
  beforeShellExecute: 'beforeShellExecution',
};

/** Cursor's event for a name it does not dispatch that is a slip of its own: a case slip, or a known misspelling. */
export function nearestCursorEvent(name: string): string | undefined {
  if (Object.hasOwn(SLIPS, name)) return SLIPS[name];
  const lower = name.toLowerCase();
  return CURSOR_EVENTS.find((event) => event.toLowerCase() === lower);
}

/** What hookrun puts in `cursor_version` when the payload has none (no Cursor is running). */
const HOOKRUN_CURSOR_VERSION = '0.0.0-hookrun';

function jsonType(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : isPlainObject(value) ? 'object' : typeof value;
}

const common: Readonly<Record<string, FieldType | readonly FieldType[]>> = {
  conversation_id: 'string',
  generation_id: 'string',
  model: 'string',
  hook_event_name: 'string',
  cursor_version: 'string',
  workspace_roots: 'array',
  user_email: 'string',
};

/**
 * Checks the types of the fields Cursor sends (all optional: hookrun is run by hand with partial
 * events) and fills the missing common ones as Cursor would (docs/cursor.md "Events": hookrun fills only what is
 * missing"); unknown fields pass through.
 */
export function completeCursorInput(event: string, input: JsonObject, ctx: Context): JsonObject {
  const spec = cursorEvent(event);
  if (!spec) throw inputError(`unknown Cursor event "${event}"`);
  for (const [field, type] of Object.entries({ ...common, ...spec.fields })) {
    const value = input[field];
    if (value === undefined) continue;
    const types: readonly string[] = typeof type === 'string' ? [type] : type;
    if (types.includes(jsonType(value))) continue;
    // Cursor sends null for what it does not know (transcript_path, model).
    if (value === null) continue;
    const expected = types.map((t) => (t === 'array' || t === 'object' ? `an ${t}` : `a ${t}`)).join(' or ');
    throw inputError(`${event} event field "${field}" must be ${expected}, got ${describeType(value)}`);
  }
  return {
    conversation_id: input.conversation_id ?? randomUuid(),
    generation_id: input.generation_id ?? randomUuid(),
    hook_event_name: input.hook_event_name ?? event,
    workspace_roots: input.workspace_roots ?? [ctx.cwd],
    cursor_version: input.cursor_version ?? HOOKRUN_CURSOR_VERSION,
    ...input,
  };
}
