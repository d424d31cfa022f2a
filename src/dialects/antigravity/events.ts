// Antigravity CLI's (agy) hook events: the table the loader, planner, aggregator and outcome read
// (docs/antigravity.md "Event input"; docs/sources.md §K1.2–1.7).
import type { Context } from '../../pipeline/context.js';
import { inputError } from '../../pipeline/errors.js';
import { describeType, isPlainObject } from '../../pipeline/event/json.js';
import type { JsonObject } from '../../pipeline/types.js';
import { randomUuid } from '../../boot/builtins.js';

export interface AgyEvent {
  /** Its array holds groups `{matcher, hooks}` (tool events) rather than handlers. */
  grouped: boolean;
  /** What a hook's answer can do to the agent, for the outcome and `--fail-closed`. */
  blocks: 'deny' | 'continue' | 'none';
  /** Event-specific payload fields and their JSON types (checked when present). */
  fields: Readonly<Record<string, 'string' | 'number' | 'boolean' | 'object' | 'array'>>;
}

const common = {
  conversationId: 'string',
  workspacePaths: 'array',
  transcriptPath: 'string',
  artifactDirectoryPath: 'string',
  modelName: 'string',
} as const;

export const AGY_EVENTS_TABLE: Readonly<Record<string, AgyEvent>> = {
  PreToolUse: { grouped: true, blocks: 'deny', fields: { toolCall: 'object', stepIdx: 'number' } },
  PostToolUse: { grouped: true, blocks: 'none', fields: { toolCall: 'object', stepIdx: 'number', error: 'string' } },
  PreInvocation: { grouped: false, blocks: 'none', fields: { invocationNum: 'number', initialNumSteps: 'number' } },
  PostInvocation: { grouped: false, blocks: 'none', fields: { invocationNum: 'number', initialNumSteps: 'number' } },
  Stop: {
    grouped: false,
    blocks: 'continue',
    fields: { executionNum: 'number', terminationReason: 'string', error: 'string', fullyIdle: 'boolean' },
  },
  // Bound by agy's loader though not documented or seen firing (docs/sources.md §K1.3): its handlers run, the outcome is always proceed.
  SessionStart: { grouped: false, blocks: 'none', fields: {} },
};

export const AGY_EVENTS: readonly string[] = Object.keys(AGY_EVENTS_TABLE);

/** The event an object key binds to: Go's encoding/json matches struct fields case-insensitively. */
export function agyEventForKey(key: string): string | undefined {
  const lower = key.toLowerCase();
  return AGY_EVENTS.find((name) => name.toLowerCase() === lower);
}

/** Decisions a PreToolUse handler may give, strictest first (docs/antigravity.md "Matching, running, answers"). */
export const PRE_TOOL_DECISIONS = ['deny', 'force_ask', 'ask', 'allow'] as const;
export type PreToolDecision = (typeof PRE_TOOL_DECISIONS)[number];

function jsonType(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : isPlainObject(value) ? 'object' : typeof value;
}

/**
 * Checks the types of the fields agy sends (all optional: hookrun is run by hand with partial events)
 * and fills only the missing common fields; agy payloads carry no event name, so none is added.
 */
export function completeAgyInput(event: string, raw: JsonObject, ctx: Context): JsonObject {
  const input = foldToolFlags(raw);
  const spec = AGY_EVENTS_TABLE[event];
  if (!spec) throw inputError(`unknown Antigravity CLI event "${event}"`);
  const fields: Record<string, string> = { ...common, ...spec.fields };
  for (const [field, type] of Object.entries(fields)) {
    const value = input[field];
    if (value === undefined || jsonType(value) === type) continue;
    throw inputError(`${event} event field "${field}" must be ${type === 'array' ? 'an array' : `a ${type}`}, got ${describeType(value)}`);
  }
  const toolCall = input.toolCall;
  if (isPlainObject(toolCall) && toolCall.name !== undefined && typeof toolCall.name !== 'string') {
    throw inputError(`${event} event field "toolCall.name" must be a string, got ${describeType(toolCall.name)}`);
  }
  return {
    ...input,
    conversationId: input.conversationId ?? randomUuid(),
    workspacePaths: input.workspacePaths ?? [ctx.cwd],
    transcriptPath: input.transcriptPath ?? '',
    artifactDirectoryPath: input.artifactDirectoryPath ?? '',
    modelName: input.modelName ?? '',
  };
}

/** Where `--tool` / `--tool-input` put their values; completeAgyInput moves them into `toolCall` (docs/antigravity.md "Event input"). */
export const AGY_TOOL_FLAG_FIELD = '__agyTool';
export const AGY_TOOL_INPUT_FLAG_FIELD = '__agyToolArgs';

/** `--tool` / `--tool-input` set `toolCall.name` / `toolCall.args`. */
function foldToolFlags(input: JsonObject): JsonObject {
  const { __agyTool, __agyToolArgs, ...rest } = input;
  if (__agyTool === undefined && __agyToolArgs === undefined) return input;
  const toolCall = isPlainObject(rest.toolCall) ? { ...rest.toolCall } : {};
  if (__agyTool !== undefined) toolCall.name = __agyTool;
  if (__agyToolArgs !== undefined) toolCall.args = __agyToolArgs;
  return { ...rest, toolCall };
}
