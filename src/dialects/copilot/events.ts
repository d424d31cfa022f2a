// GitHub Copilot CLI's hook events as data (docs/copilot.md; checked against Copilot CLI 1.0.102): each
// camelCase event, its PascalCase (VS Code-compatible) alias, the payload fields it carries, the field its
// matcher is compared with, and what its output can do. The loader, planner, runner, aggregator and
// outcome all read this table.
import type { Context } from '../../pipeline/context.js';
import { inputError } from '../../pipeline/errors.js';
import { describeType, isPlainObject } from '../../pipeline/event/json.js';
import type { JsonObject } from '../../pipeline/types.js';
import { randomUuid } from '../../boot/builtins.js';

type FieldType = 'string' | 'number' | 'boolean' | 'object' | 'any';

export interface CopilotEvent {
  /** The VS Code-compatible name that selects the same event with the snake_case payload; absent: none. */
  pascal?: string;
  /** Payload field the matcher is compared with (a whole-string regex); absent: Copilot ignores matchers here. */
  matcherField?: string;
  /** PascalCase entries of this event match Claude-style (`*`, exact names or `|` lists on either tool name). */
  claudeMatcher?: boolean;
  /** What the merged output can make Copilot do, for the outcome and `--fail-closed`. */
  blocks: 'tool' | 'permission' | 'stop' | 'prompt' | 'none';
  /** Output fields Copilot reads from a command hook; empty: the output is not processed. */
  outputs: readonly string[];
  /** Event-specific payload fields and their JSON types (checked when present). */
  fields: Readonly<Record<string, FieldType>>;
}

const tool = { toolName: 'string', toolArgs: 'any' } as const;

export const COPILOT_EVENTS_TABLE: Readonly<Record<string, CopilotEvent>> = {
  sessionStart: { pascal: 'SessionStart', blocks: 'none', outputs: ['additionalContext'], fields: { source: 'string', initialPrompt: 'string' } },
  sessionEnd: { pascal: 'SessionEnd', blocks: 'none', outputs: [], fields: { reason: 'string' } },
  userPromptSubmitted: { pascal: 'UserPromptSubmit', blocks: 'prompt', outputs: ['decision', 'reason', 'modifiedPrompt', 'additionalContext'], fields: { prompt: 'string' } },
  userPromptTransformed: { blocks: 'none', outputs: ['modifiedTransformedPrompt'], fields: { prompt: 'string', transformedPrompt: 'string' } },
  preToolUse: {
    pascal: 'PreToolUse',
    matcherField: 'toolName',
    claudeMatcher: true,
    blocks: 'tool',
    outputs: ['permissionDecision', 'permissionDecisionReason', 'modifiedArgs', 'additionalContext'],
    fields: tool,
  },
  permissionRequest: {
    pascal: 'PermissionRequest',
    matcherField: 'toolName',
    claudeMatcher: true,
    blocks: 'permission',
    outputs: ['behavior', 'message', 'interrupt'],
    fields: { hookName: 'string', toolName: 'string', toolInput: 'any', toolArgs: 'any', permissionSuggestions: 'any' },
  },
  postToolUse: {
    pascal: 'PostToolUse',
    matcherField: 'toolName',
    claudeMatcher: true,
    blocks: 'none',
    outputs: ['modifiedResult', 'additionalContext', 'decision', 'reason'],
    fields: { ...tool, toolResult: 'object' },
  },
  postToolUseFailure: { pascal: 'PostToolUseFailure', blocks: 'none', outputs: ['additionalContext'], fields: { ...tool, error: 'any' } },
  agentStop: { pascal: 'Stop', blocks: 'stop', outputs: ['decision', 'reason'], fields: { transcriptPath: 'string', stopReason: 'string', stop_hook_active: 'boolean' } },
  subagentStart: {
    pascal: 'SubagentStart',
    matcherField: 'agentName',
    blocks: 'none',
    outputs: ['additionalContext'],
    fields: { transcriptPath: 'string', agentName: 'string', agentDisplayName: 'string', agentDescription: 'string' },
  },
  subagentStop: {
    pascal: 'SubagentStop',
    blocks: 'stop',
    outputs: ['decision', 'reason', 'modifiedResponse'],
    fields: { agentId: 'string', agentType: 'string', agentName: 'string', response: 'any', stop_hook_active: 'boolean' },
  },
  errorOccurred: { blocks: 'none', outputs: [], fields: { error: 'any', errorContext: 'any', recoverable: 'boolean' } },
  preCompact: { pascal: 'PreCompact', matcherField: 'trigger', blocks: 'none', outputs: [], fields: { trigger: 'string', customInstructions: 'string' } },
  notification: {
    pascal: 'Notification',
    matcherField: 'notification_type',
    blocks: 'none',
    outputs: ['additionalContext'],
    fields: { message: 'string', title: 'string', notification_type: 'string' },
  },
};

/** The camelCase names, in the table's order. */
const COPILOT_CAMEL_EVENTS: readonly string[] = Object.keys(COPILOT_EVENTS_TABLE);

const PASCAL_TO_CAMEL: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(COPILOT_EVENTS_TABLE).flatMap(([camel, spec]) => (spec.pascal ? [[spec.pascal, camel]] : [])),
);

/** Every name `hookrun run` accepts: the camelCase events, then their PascalCase aliases. */
export const COPILOT_EVENTS: readonly string[] = [...COPILOT_CAMEL_EVENTS, ...Object.keys(PASCAL_TO_CAMEL)];

/** The camelCase event a name (either spelling) stands for; undefined for a name Copilot does not know. */
export function canonicalEvent(name: string): string | undefined {
  if (Object.hasOwn(COPILOT_EVENTS_TABLE, name)) return name;
  return PASCAL_TO_CAMEL[name];
}

export function isPascalName(name: string): boolean {
  return Object.hasOwn(PASCAL_TO_CAMEL, name);
}

function eventSpec(name: string): CopilotEvent | undefined {
  const camel = canonicalEvent(name);
  return camel === undefined ? undefined : COPILOT_EVENTS_TABLE[camel];
}

/**
 * Copilot's runtime tool names and the Claude names a PascalCase hook sees (docs/sources.md §X3.3); a name not in the
 * table (an MCP tool, a newer tool) is passed on unchanged.
 */
const CLAUDE_TOOL_NAMES: Readonly<Record<string, string>> = {
  bash: 'Bash',
  powershell: 'Bash',
  view: 'Read',
  create: 'Write',
  edit: 'Edit',
  str_replace_editor: 'Edit',
  apply_patch: 'Edit',
  grep: 'Grep',
  rg: 'Grep',
  glob: 'Glob',
  web_fetch: 'WebFetch',
  task: 'Agent',
};

export function claudeToolName(tool: string): string {
  return Object.hasOwn(CLAUDE_TOOL_NAMES, tool) ? CLAUDE_TOOL_NAMES[tool]! : tool;
}

function jsonType(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : isPlainObject(value) ? 'object' : typeof value;
}

/**
 * Checks the types of the payload fields Copilot sends (all optional: hookrun is run by hand with partial
 * events) and fills only what is missing, as Copilot would: `sessionId`, `timestamp` (epoch ms), `cwd`,
 * and permissionRequest's leading `hookName`.
 */
export function completeCopilotInput(event: string, input: JsonObject, ctx: Context): JsonObject {
  const spec = eventSpec(event);
  if (!spec) throw inputError(`unknown Copilot event "${event}"`);
  const fields: Record<string, FieldType> = { sessionId: 'string', timestamp: 'number', cwd: 'string', ...spec.fields };
  for (const [field, type] of Object.entries(fields)) {
    const value = input[field];
    if (value === undefined || type === 'any' || jsonType(value) === type) continue;
    throw inputError(`${event} event field "${field}" must be ${type === 'object' ? 'an object' : `a ${type}`}, got ${describeType(value)}`);
  }
  return {
    ...(spec === COPILOT_EVENTS_TABLE.permissionRequest && input.hookName === undefined ? { hookName: 'permissionRequest' } : {}),
    ...input,
    sessionId: input.sessionId ?? randomUuid(),
    timestamp: input.timestamp ?? ctx.now().getTime(),
    cwd: input.cwd ?? ctx.cwd,
  };
}

const snake = (key: string): string => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * The VS Code-compatible payload a PascalCase entry receives: snake_case fields, `hook_event_name`, an ISO
 * `timestamp`, and for tool events `tool_name` as Claude names the tool and `tool_input` (docs/sources.md §X3.3).
 */
export function pascalPayload(event: string, input: JsonObject): JsonObject {
  const camel = canonicalEvent(event);
  const name = camel === undefined ? event : (COPILOT_EVENTS_TABLE[camel]!.pascal ?? event);
  const out: JsonObject = { hook_event_name: name };
  for (const [key, value] of Object.entries(input)) {
    switch (key) {
      case 'sessionId':
        out.session_id = value;
        break;
      case 'timestamp':
        out.timestamp = typeof value === 'number' && Number.isFinite(value) ? new Date(value).toISOString() : value;
        break;
      case 'toolName':
        out.tool_name = typeof value === 'string' ? claudeToolName(value) : value;
        break;
      case 'toolArgs':
      case 'toolInput':
        if (key === 'toolInput' || out.tool_input === undefined) out.tool_input = parsedArgs(value);
        break;
      case 'toolResult':
        out.tool_response = value;
        break;
      case 'hook_event_name':
      case 'hookName':
        break;
      default:
        out[snake(key)] = value;
    }
  }
  return out;
}

/** Older Copilot releases sent `toolArgs` as a JSON string; VS Code's format carries an object. */
function parsedArgs(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    const parsed: unknown = JSON.parse(value);
    return isPlainObject(parsed) ? parsed : value;
  } catch {
    return value;
  }
}
