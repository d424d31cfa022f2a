// Claude Code's events as data (kiro-claude-hooks.md B.3, B.4, B.6, B.7): what each matcher is compared
// with, what exit code 2 does, whether plain stdout becomes context, whether `decision: "block"` blocks,
// and the input fields, checked with zod/mini (every field optional: hookrun is often run by hand).
import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import type { Context } from '../../context.js';
import { inputError } from '../../errors.js';
import { describeType } from '../../event/json.js';
import type { JsonObject } from '../../types.js';
import type { Generation } from './version.js';

/**
 * What exit code 2 does, and where its stderr goes (B.6):
 * - `deny-tool`: the tool call is blocked; stderr → Claude as the denial reason (PreToolUse).
 * - `deny-permission`: the permission is denied; stderr → Claude (PermissionRequest, classic).
 * - `block`: the action is blocked; stderr → Claude or the user, as the event's `reason` goes.
 * - `feedback`: cannot block (it already happened); stderr → Claude next to the result.
 * - `user`: cannot block; stderr is shown to the user only.
 * - `ignored`: exit code and stderr are ignored.
 */
export type Exit2Effect = 'deny-tool' | 'deny-permission' | 'block' | 'feedback' | 'user' | 'ignored';

type ByGeneration<T> = T | { classic: T; current: T };

export interface ClaudeEventRule {
  /** Input field the matcher is compared with; absent: the matcher is ignored. */
  matcherField?: string;
  /** Classic Claude Code consulted matchers only on tool events, Notification, PreCompact, SessionStart and Setup. */
  matcherSince?: Generation;
  /** A tool event: the handler's `if` is evaluated (current); elsewhere a handler with `if` never runs. */
  tool?: boolean;
  exit2: ByGeneration<Exit2Effect>;
  /** Plain (non-JSON) stdout on exit 0 becomes context for Claude. */
  plainContext?: boolean;
  /** Top-level `decision: "block"` blocks the action (exit code 2 of hookrun). */
  decisionBlocks?: ByGeneration<boolean>;
  /** Any non-zero exit code fails the action (WorktreeCreate). */
  failsOnNonZero?: boolean;
  /** Output and exit code are ignored entirely. */
  outputIgnored?: boolean;
  /** The event's own default timeout in seconds (current generation), below the 600 s default. */
  currentTimeoutSec?: number;
  /** Claude sends `permission_mode` with this event. */
  permissionMode?: boolean;
  fields: Record<string, z.ZodMiniType>;
}

const object = () => z.record(z.string(), z.unknown());
const str = () => z.optional(z.string());
const bool = () => z.optional(z.boolean());

const toolFields = {
  tool_name: str(),
  tool_input: z.optional(object()),
  tool_use_id: str(),
};

const EVENTS = {
  PreToolUse: { matcherField: 'tool_name', tool: true, exit2: 'deny-tool', permissionMode: true, fields: toolFields },
  PermissionRequest: {
    matcherField: 'tool_name',
    tool: true,
    exit2: { classic: 'deny-permission', current: 'ignored' },
    permissionMode: true,
    fields: { ...toolFields, permission_suggestions: z.optional(z.array(z.unknown())) },
  },
  PostToolUse: {
    matcherField: 'tool_name',
    tool: true,
    exit2: 'feedback',
    permissionMode: true,
    fields: { ...toolFields, tool_response: z.optional(z.unknown()), duration_ms: z.optional(z.number()) },
  },
  PostToolUseFailure: {
    matcherField: 'tool_name',
    tool: true,
    exit2: 'feedback',
    permissionMode: true,
    fields: { ...toolFields, error: str(), is_interrupt: bool(), duration_ms: z.optional(z.number()) },
  },
  Notification: {
    matcherField: 'notification_type',
    exit2: { classic: 'user', current: 'ignored' },
    fields: { message: str(), title: str(), notification_type: str() },
  },
  UserPromptSubmit: {
    exit2: 'block',
    plainContext: true,
    decisionBlocks: true,
    currentTimeoutSec: 30,
    permissionMode: true,
    fields: { prompt: str() },
  },
  Stop: {
    exit2: 'block',
    decisionBlocks: true,
    permissionMode: true,
    fields: { stop_hook_active: bool(), last_assistant_message: str() },
  },
  SubagentStart: {
    matcherField: 'agent_type',
    matcherSince: 'current',
    exit2: 'user',
    fields: { agent_id: str(), agent_type: str() },
  },
  SubagentStop: {
    matcherField: 'agent_type',
    matcherSince: 'current',
    exit2: 'block',
    decisionBlocks: true,
    permissionMode: true,
    fields: {
      stop_hook_active: bool(),
      agent_id: str(),
      agent_type: str(),
      agent_transcript_path: str(),
      last_assistant_message: str(),
    },
  },
  PreCompact: {
    matcherField: 'trigger',
    exit2: { classic: 'user', current: 'block' },
    decisionBlocks: { classic: false, current: true },
    fields: { trigger: str(), custom_instructions: str() },
  },
  Setup: { matcherField: 'trigger', exit2: 'user', plainContext: true, fields: { trigger: str() } },
  SessionStart: {
    matcherField: 'source',
    exit2: 'user',
    plainContext: true,
    fields: { source: str(), model: str(), agent_type: str() },
  },
  SessionEnd: { matcherField: 'reason', matcherSince: 'current', exit2: 'user', fields: { reason: str() } },
  // Added in the current generation (B.3); the same tables apply.
  UserPromptExpansion: {
    matcherField: 'command_name',
    exit2: 'block',
    plainContext: true,
    decisionBlocks: true,
    fields: { expansion_type: str(), command_name: str(), command_args: str(), command_source: str(), prompt: str() },
  },
  PermissionDenied: {
    matcherField: 'tool_name',
    tool: true,
    exit2: 'ignored',
    fields: { ...toolFields, reason: str() },
  },
  PostToolBatch: { exit2: 'block', decisionBlocks: true, fields: { tool_calls: z.optional(z.array(z.unknown())) } },
  TaskCreated: { exit2: 'block', decisionBlocks: true, fields: {} },
  TaskCompleted: { exit2: 'block', decisionBlocks: true, fields: {} },
  TeammateIdle: { exit2: 'block', decisionBlocks: true, fields: {} },
  StopFailure: { matcherField: 'error', exit2: 'ignored', outputIgnored: true, fields: { error: str(), error_details: str() } },
  ConfigChange: { matcherField: 'source', exit2: 'block', decisionBlocks: true, fields: { source: str() } },
  CwdChanged: { exit2: 'user', fields: {} },
  WorktreeCreate: { exit2: 'block', failsOnNonZero: true, fields: {} },
  WorktreeRemove: { exit2: 'ignored', fields: { worktree_path: str() } },
  PostCompact: { matcherField: 'trigger', exit2: 'user', fields: { trigger: str(), compact_summary: str() } },
  MessageDisplay: { exit2: 'ignored', currentTimeoutSec: 10, fields: {} },
  Elicitation: { matcherField: 'mcp_server_name', exit2: 'block', decisionBlocks: true, fields: { mcp_server_name: str() } },
  ElicitationResult: {
    matcherField: 'mcp_server_name',
    exit2: 'block',
    decisionBlocks: true,
    fields: { mcp_server_name: str() },
  },
} satisfies Record<string, ClaudeEventRule>;

export type ClaudeEventName = keyof typeof EVENTS;

/** Every event `hookrun run --dialect claude` can fire: the classic thirteen first. */
export const CLAUDE_EVENTS = Object.keys(EVENTS) as ClaudeEventName[];

/** Events Claude Code has that hookrun does not run (their matcher inputs are not pinned down); settings may name them. */
export const CLAUDE_UNRUN_EVENTS: readonly string[] = ['InstructionsLoaded', 'DirectoryAdded', 'FileChanged'];

export function isClaudeEvent(name: string): name is ClaudeEventName {
  return Object.hasOwn(EVENTS, name);
}

export function eventRule(event: string): ClaudeEventRule | undefined {
  return isClaudeEvent(event) ? (EVENTS[event] as ClaudeEventRule) : undefined;
}

export function byGeneration<T>(value: ByGeneration<T>, generation: Generation): T {
  return typeof value === 'object' && value !== null && 'classic' in value ? value[generation] : value;
}

const base = {
  session_id: str(),
  transcript_path: str(),
  cwd: str(),
  permission_mode: str(),
  hook_event_name: str(),
};

const schemas = new Map<string, z.ZodMiniType>();

function schemaOf(event: ClaudeEventName): z.ZodMiniType {
  let schema = schemas.get(event);
  if (!schema) {
    schema = z.looseObject({ ...base, ...EVENTS[event].fields });
    schemas.set(event, schema);
  }
  return schema;
}

interface Issue {
  code: string;
  path: PropertyKey[];
  expected?: string;
  message?: string;
}

/** Type-checks the event's fields, then fills the common fields in Claude Code's key order (B.4). */
export function completeClaudeInput(event: string, input: JsonObject, ctx: Context): JsonObject {
  if (!isClaudeEvent(event)) throw inputError(`unknown Claude Code event "${event}"`);
  const checked = schemaOf(event).safeParse(input);
  if (!checked.success) {
    const issue = checked.error.issues[0] as unknown as Issue;
    const field = issue.path.map(String).join('.');
    let got: unknown = input;
    for (const key of issue.path) got = (got as Record<PropertyKey, unknown> | undefined)?.[key];
    const expected = issue.expected === 'record' ? 'object' : issue.expected;
    throw inputError(
      issue.code === 'invalid_type'
        ? `${event} event field "${field}" must be ${expected}, got ${describeType(got)}`
        : `${event} event field "${field}" is invalid: ${issue.message ?? issue.code}`,
    );
  }
  const { session_id, transcript_path, cwd, permission_mode, hook_event_name, ...specific } = input;
  const completed: JsonObject = {
    session_id: session_id ?? randomUUID(),
    transcript_path: transcript_path ?? '',
    cwd: cwd ?? ctx.cwd,
  };
  const rule = EVENTS[event] as ClaudeEventRule;
  if (permission_mode !== undefined || rule.permissionMode) completed.permission_mode = permission_mode ?? 'default';
  completed.hook_event_name = hook_event_name ?? event;
  return { ...completed, ...specific };
}
