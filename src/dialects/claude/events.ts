// Claude Code's events as data (docs/sources.md §B.3, §B.4, §B.6, §B.7): what each matcher is compared
// with, what exit code 2 does, whether plain stdout becomes context, whether `decision: "block"` blocks,
// and the input fields, checked with zod/mini (every field optional: hookrun is often run by hand).
import * as z from 'zod/mini';
import type { Context } from '../../pipeline/context.js';
import { inputError } from '../../pipeline/errors.js';
import { describeType } from '../../pipeline/event/json.js';
import type { JsonObject } from '../../pipeline/types.js';
import { has, type ClaudeProfile, type Generation, type Version } from './version.js';
import { randomUuid } from '../../boot/builtins.js';

/**
 * What exit code 2 does, and where its stderr goes (B.6):
 * - `deny-tool`: the tool call is blocked; stderr → Claude as the denial reason (PreToolUse).
 * - `deny-permission`: the permission is denied; stderr → Claude (PermissionRequest, classic).
 * - `block`: the action is blocked; stderr → Claude or the user, as the event's `reason` goes.
 * - `feedback`: cannot block (it already happened); stderr → Claude next to the result.
 * - `user`: cannot block; stderr is shown to the user only.
 * - `ignored`: exit code and stderr are ignored.
 */
export type Exit2Effect = 'deny-tool' | 'deny-permission' | 'block' | 'feedback' | 'user' | 'ignored' | 'error';
// `error`: like any other non-zero exit code, a non-blocking error (PostModelSwitch).

/** Handler types an event runs (hooks reference §Prompt-based hooks): all five, or command/http/mcp_tool, or command/mcp_tool. */
export type HandlerTypes = 'all' | 'chm' | 'cm';

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
  plainContext?: ByGeneration<boolean>;
  /** The Claude Code version that added the event (changelog); absent: known to every current version. */
  since?: Version;
  /** Universal fields Claude Code discards from this event's output (current). */
  drops?: readonly ('continue' | 'systemMessage')[];
  /** Every JSON field of this event's output is discarded (current); the exit code still counts as it says. */
  jsonIgnored?: boolean;
  /** The matcher is compared with the basename of the field's value (FileChanged: file_path). */
  matcherBasename?: boolean;
  /** Only `[A-Za-z0-9_|]` makes an exact list; a comma, space or hyphen puts the matcher on the regex path. */
  narrowMatcher?: boolean;
  /** On exit 2 the hook's hookSpecificOutput is ignored (Elicitation, ElicitationResult). */
  exit2DropsSpecific?: boolean;
  /** A timed-out hook blocks the action (PreModelSwitch). */
  timeoutBlocks?: boolean;
  /** permissionDecision deny/ask blocks (PreModelSwitch). */
  permissionBlocks?: boolean;
  /** Handler types the event runs; default all five. */
  types?: HandlerTypes;
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
    drops: ['continue', 'systemMessage'],
    types: 'chm',
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
    types: 'chm',
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
    // Blocking from 2.1.105 (version.ts `preCompactBlocks`); interpret.ts downgrades it before.
    exit2: { classic: 'user', current: 'block' },
    decisionBlocks: { classic: false, current: true },
    drops: ['continue', 'systemMessage'],
    types: 'chm',
    fields: { trigger: str(), custom_instructions: str() },
  },
  // Setup's plain stdout goes to the debug log only (hooks reference §Setup decision control).
  Setup: { matcherField: 'trigger', exit2: 'user', plainContext: { classic: true, current: false }, since: [2, 1, 10], types: 'cm', fields: { trigger: str() } },
  SessionStart: {
    matcherField: 'source',
    exit2: 'user',
    plainContext: true,
    types: 'cm',
    fields: { source: str(), model: str(), agent_type: str() },
  },
  SessionEnd: { matcherField: 'reason', matcherSince: 'current', exit2: 'user', jsonIgnored: true, types: 'chm', fields: { reason: str() } },
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
    since: [2, 1, 89],
    fields: { ...toolFields, reason: str() },
  },
  PostToolBatch: { exit2: 'block', decisionBlocks: true, fields: { tool_calls: z.optional(z.array(z.unknown())) } },
  // "Claude Code ignores continue: false from this event and Claude keeps working".
  TaskCreated: { exit2: 'block', decisionBlocks: true, drops: ['continue'], since: [2, 1, 84], fields: {} },
  TaskCompleted: { exit2: 'block', decisionBlocks: true, since: [2, 1, 33], fields: {} },
  TeammateIdle: { exit2: 'block', decisionBlocks: true, since: [2, 1, 33], fields: {} },
  StopFailure: {
    matcherField: 'error',
    narrowMatcher: true,
    exit2: 'ignored',
    outputIgnored: true,
    since: [2, 1, 78],
    types: 'chm',
    fields: { error: str(), error_details: str() },
  },
  ConfigChange: {
    matcherField: 'source',
    exit2: 'block',
    decisionBlocks: true,
    drops: ['continue', 'systemMessage'],
    since: [2, 1, 49],
    types: 'chm',
    fields: { source: str(), file_path: str() },
  },
  CwdChanged: { exit2: 'user', drops: ['continue'], since: [2, 1, 83], types: 'chm', fields: { old_cwd: str(), new_cwd: str() } },
  // The path is the last non-empty stdout line (command) or hookSpecificOutput.worktreePath (http); none fails.
  WorktreeCreate: { exit2: 'block', failsOnNonZero: true, drops: ['continue', 'systemMessage'], since: [2, 1, 50], types: 'chm', fields: { name: str() } },
  WorktreeRemove: { exit2: 'ignored', jsonIgnored: true, since: [2, 1, 50], types: 'chm', fields: { worktree_path: str() } },
  PostCompact: {
    matcherField: 'trigger',
    exit2: 'user',
    drops: ['continue', 'systemMessage'],
    since: [2, 1, 76],
    types: 'chm',
    fields: { trigger: str(), compact_summary: str() },
  },
  MessageDisplay: { exit2: 'ignored', currentTimeoutSec: 10, drops: ['continue', 'systemMessage'], since: [2, 1, 152], types: 'chm', fields: {} },
  Elicitation: {
    matcherField: 'mcp_server_name',
    exit2: 'block',
    decisionBlocks: true,
    exit2DropsSpecific: true,
    drops: ['continue', 'systemMessage'],
    since: [2, 1, 76],
    types: 'chm',
    fields: { mcp_server_name: str() },
  },
  ElicitationResult: {
    matcherField: 'mcp_server_name',
    exit2: 'block',
    decisionBlocks: true,
    exit2DropsSpecific: true,
    drops: ['continue', 'systemMessage'],
    since: [2, 1, 76],
    types: 'chm',
    fields: { mcp_server_name: str() },
  },
  InstructionsLoaded: {
    matcherField: 'load_reason',
    exit2: 'ignored',
    jsonIgnored: true,
    since: [2, 1, 69],
    types: 'chm',
    fields: { file_path: str(), memory_type: str(), load_reason: str() },
  },
  DirectoryAdded: {
    matcherField: 'source',
    exit2: 'ignored',
    drops: ['continue'],
    since: [2, 1, 219],
    types: 'chm',
    fields: { directory: str(), source: str() },
  },
  FileChanged: {
    matcherField: 'file_path',
    matcherBasename: true,
    narrowMatcher: true,
    exit2: 'user',
    drops: ['continue'],
    since: [2, 1, 83],
    types: 'chm',
    fields: { file_path: str(), event: str() },
  },
  // After the v2.1.240 docs snapshot (hookassert 2.1.251 spec, third-party notes): inferred.
  PreModelSwitch: {
    matcherField: 'to_model',
    exit2: 'block',
    decisionBlocks: true,
    permissionBlocks: true,
    timeoutBlocks: true,
    currentTimeoutSec: 30,
    since: [2, 1, 251],
    fields: { from_model: str(), to_model: str() },
  },
  PostModelSwitch: { matcherField: 'to_model', exit2: 'error', plainContext: true, since: [2, 1, 251], fields: { from_model: str(), to_model: str() } },
} satisfies Record<string, ClaudeEventRule>;

export type ClaudeEventName = keyof typeof EVENTS;

/** Events whose hooks' `onFailure` Claude Code ignores: a failing hook there never blocks. */
export const ON_FAILURE_IGNORED: ReadonlySet<string> = new Set(['Stop', 'SubagentStop', 'TaskCompleted', 'TeammateIdle']);

/** Every event `hookrun run --dialect claude` can fire: the classic thirteen first. */
export const CLAUDE_EVENTS = Object.keys(EVENTS) as ClaudeEventName[];

export function isClaudeEvent(name: string): name is ClaudeEventName {
  return Object.hasOwn(EVENTS, name);
}

export function eventRule(event: string): ClaudeEventRule | undefined {
  return isClaudeEvent(event) ? (EVENTS[event] as ClaudeEventRule) : undefined;
}

/** Does this Claude Code version have the event? (An event newer than the version is unknown to it.) */
export function eventKnownIn(event: ClaudeEventName, profile: ClaudeProfile): boolean {
  const since = (EVENTS[event] as ClaudeEventRule).since;
  if (!since) return true;
  return profile.version ? has(profile, since) : true;
}

const TYPES: Readonly<Record<HandlerTypes, readonly string[]>> = {
  all: ['command', 'http', 'mcp_tool', 'prompt', 'agent'],
  chm: ['command', 'http', 'mcp_tool'],
  cm: ['command', 'mcp_tool'],
};

/** Does Claude Code run this handler type on this event? */
export function handlerTypeRuns(event: string, type: string): boolean {
  return TYPES[eventRule(event)?.types ?? 'all'].includes(type);
}

export function byGeneration<T>(value: ByGeneration<T>, generation: Generation): T {
  return typeof value === 'object' && value !== null && 'classic' in value ? value[generation] : value;
}

const base = {
  session_id: str(),
  transcript_path: str(),
  cwd: str(),
  prompt_id: str(),
  permission_mode: str(),
  effort: z.optional(object()),
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
  // prompt_id, effort (and agent_id/agent_type in a subagent) describe the caller's session: passed on where
  // the 2.1.328 binary puts them, never made up.
  const { session_id, transcript_path, cwd, prompt_id, permission_mode, effort, hook_event_name, ...specific } = input;
  const completed: JsonObject = {
    session_id: session_id ?? randomUuid(),
    transcript_path: transcript_path ?? '',
    cwd: cwd ?? ctx.cwd,
  };
  if (prompt_id !== undefined) completed.prompt_id = prompt_id;
  const rule = EVENTS[event] as ClaudeEventRule;
  if (permission_mode !== undefined || rule.permissionMode) completed.permission_mode = permission_mode ?? 'default';
  if (effort !== undefined) completed.effort = effort;
  completed.hook_event_name = hook_event_name ?? event;
  return { ...completed, ...specific };
}
