// OpenAI Codex CLI's events as data (docs/codex.md; checked against the real Codex CLI 0.169.0): what each
// matcher is compared with, what plain stdout and exit code 2 do, which output keys the event's strict
// schema admits and which of them Codex then refuses, whether `continue: false` is honoured, and the input
// fields (checked with zod/mini, every field optional: hookrun is often run by hand).
import * as z from 'zod/mini';
import type { Context } from '../../pipeline/context.js';
import { inputError } from '../../pipeline/errors.js';
import { describeType } from '../../pipeline/event/json.js';
import type { JsonObject } from '../../pipeline/types.js';
import { randomUuid } from '../../boot/builtins.js';

/**
 * What exit code 2 does (with non-empty stderr; empty stderr is a failed run everywhere):
 * - `deny-tool`: the tool call is blocked, stderr is the reason (PreToolUse).
 * - `deny-permission`: the approval is denied with stderr (PermissionRequest).
 * - `feedback`: stderr is fed back to the model; nothing is blocked (PostToolUse).
 * - `block`: blocked (UserPromptSubmit) or continued with stderr as the prompt (Stop, SubagentStop).
 * - `failed`: no exit-2 rule: a failed run like any other non-zero exit.
 */
export type CodexExit2 = 'deny-tool' | 'deny-permission' | 'feedback' | 'block' | 'failed';

/** What exit-0 stdout that is not JSON does: context for the model, nothing, or a failed run. */
export type CodexPlainText = 'context' | 'ignored' | 'invalid';

export interface CodexEventRule {
  /** Input field the matcher is compared with; absent: the matcher is ignored (and never validated). */
  matcherField?: string;
  exit2: CodexExit2;
  plain: CodexPlainText;
  /** Top-level output keys the schema admits besides `systemMessage`; absent: no output schema (output ignored). */
  keys?: readonly string[];
  /** The values `decision` may take (when `keys` has it): a wrong one voids the output. */
  decisions?: readonly string[];
  /** hookSpecificOutput keys besides `hookEventName`; absent: no hookSpecificOutput. */
  specific?: readonly string[];
  /** `continue: false` stops Codex (else it is refused, ignored, or read otherwise: see `unsupported`, run.ts). */
  stops?: boolean;
  /**
   * Universal fields the schema admits but Codex refuses when set ("unsupported"): `continue` when false,
   * `stopReason` when not null, `suppressOutput` when true. The output is then void (a failed run).
   */
  unsupported?: readonly UniversalField[];
  /** The event can block (what `--fail-closed` turns a failure into). */
  blocks?: boolean;
  /** Codex sends `permission_mode` / `turn_id` / `model` with this event. */
  permissionMode?: boolean;
  turnId?: boolean;
  model?: boolean;
  fields: Record<string, z.ZodMiniType>;
}

const str = () => z.optional(z.string());
const nullableStr = () => z.optional(z.nullable(z.string()));
const bool = () => z.optional(z.boolean());
const UNIVERSAL = ['continue', 'stopReason', 'suppressOutput'] as const;
export type UniversalField = (typeof UNIVERSAL)[number];
const BLOCK = ['block'];

const toolFields = { tool_name: str(), tool_input: z.optional(z.unknown()), tool_use_id: str() };
const agentFields = { agent_id: str(), agent_type: str() };

const EVENTS = {
  SessionStart: {
    matcherField: 'source',
    exit2: 'failed',
    plain: 'context',
    keys: UNIVERSAL,
    specific: ['additionalContext'],
    stops: true,
    permissionMode: true,
    model: true,
    fields: { source: str() },
  },
  SessionEnd: { exit2: 'failed', plain: 'ignored', fields: { reason: str() } },
  UserPromptSubmit: {
    exit2: 'block',
    plain: 'context',
    keys: [...UNIVERSAL, 'decision', 'reason'],
    decisions: BLOCK,
    specific: ['additionalContext'],
    stops: true,
    blocks: true,
    permissionMode: true,
    turnId: true,
    model: true,
    fields: { prompt: str() },
  },
  PreToolUse: {
    matcherField: 'tool_name',
    exit2: 'deny-tool',
    plain: 'ignored',
    keys: [...UNIVERSAL, 'decision', 'reason'],
    // `approve` is read only to be refused, unless hookSpecificOutput decides (run.ts).
    decisions: ['block', 'approve'],
    specific: ['permissionDecision', 'permissionDecisionReason', 'updatedInput', 'additionalContext'],
    unsupported: UNIVERSAL,
    blocks: true,
    permissionMode: true,
    turnId: true,
    model: true,
    fields: toolFields,
  },
  PermissionRequest: {
    matcherField: 'tool_name',
    exit2: 'deny-permission',
    plain: 'ignored',
    keys: UNIVERSAL,
    specific: ['decision'],
    unsupported: UNIVERSAL,
    blocks: true,
    permissionMode: true,
    turnId: true,
    model: true,
    fields: { tool_name: str(), tool_input: z.optional(z.unknown()) },
  },
  PostToolUse: {
    matcherField: 'tool_name',
    exit2: 'feedback',
    plain: 'ignored',
    keys: [...UNIVERSAL, 'decision', 'reason'],
    decisions: BLOCK,
    specific: ['additionalContext', 'updatedMCPToolOutput'],
    unsupported: ['suppressOutput'],
    // `continue: false` does not end the turn: its reason replaces the tool output (run.ts), so no `stops`.
    permissionMode: true,
    turnId: true,
    model: true,
    fields: { ...toolFields, tool_response: z.optional(z.unknown()) },
  },
  Stop: {
    exit2: 'block',
    plain: 'invalid',
    keys: [...UNIVERSAL, 'decision', 'reason'],
    decisions: BLOCK,
    stops: true,
    blocks: true,
    permissionMode: true,
    turnId: true,
    model: true,
    fields: { stop_hook_active: bool(), last_assistant_message: nullableStr() },
  },
  SubagentStart: {
    matcherField: 'agent_type',
    exit2: 'failed',
    plain: 'context',
    keys: UNIVERSAL,
    specific: ['additionalContext'],
    permissionMode: true,
    turnId: true,
    model: true,
    fields: agentFields,
  },
  SubagentStop: {
    matcherField: 'agent_type',
    exit2: 'block',
    plain: 'invalid',
    keys: [...UNIVERSAL, 'decision', 'reason'],
    decisions: BLOCK,
    stops: true,
    blocks: true,
    permissionMode: true,
    turnId: true,
    model: true,
    fields: { ...agentFields, agent_transcript_path: nullableStr(), stop_hook_active: bool(), last_assistant_message: nullableStr() },
  },
  // Sources disagree on compact matchers (docs/sources.md §X1.4); hookrun follows the dispatcher: `trigger`.
  PreCompact: { matcherField: 'trigger', exit2: 'failed', plain: 'ignored', keys: UNIVERSAL, stops: true, turnId: true, model: true, fields: { trigger: str() } },
  PostCompact: { matcherField: 'trigger', exit2: 'failed', plain: 'ignored', keys: UNIVERSAL, stops: true, turnId: true, model: true, fields: { trigger: str() } },
  // Only systemMessage; non-JSON stdout is an error ("Interrupt hook returned non-JSON stdout").
  Interrupt: { exit2: 'failed', plain: 'invalid', keys: [], turnId: true, model: true, fields: {} },
} satisfies Record<string, CodexEventRule>;

export type CodexEventName = keyof typeof EVENTS;

/** Every event `hookrun run --dialect codex` can fire, as Codex spells them. */
export const CODEX_EVENTS = Object.keys(EVENTS) as CodexEventName[];

export function isCodexEvent(name: string): name is CodexEventName {
  return Object.hasOwn(EVENTS, name);
}

export function codexEventRule(event: string): CodexEventRule | undefined {
  return isCodexEvent(event) ? (EVENTS[event] as CodexEventRule) : undefined;
}

/** The snake_case label Codex uses in `[hooks.state]` keys (`pre_tool_use`). */
export function eventLabel(event: string): string {
  return event.replace(/(?<=[a-z])(?=[A-Z])/g, '_').toLowerCase();
}

/** What Codex fills when the agent itself sends the event (docs/codex.md "Events and input"). */
const CODEX_DEFAULT_MODEL = 'gpt-5-codex';

const base = {
  session_id: str(),
  transcript_path: nullableStr(),
  cwd: str(),
  hook_event_name: str(),
  model: str(),
  permission_mode: str(),
  turn_id: str(),
};

const schemas = new Map<string, z.ZodMiniType>();

function schemaOf(event: CodexEventName): z.ZodMiniType {
  let schema = schemas.get(event);
  if (!schema) {
    schema = z.looseObject({ ...base, ...EVENTS[event].fields });
    schemas.set(event, schema);
  }
  return schema;
}

/** Type-checks the event's fields, then fills what Codex always sends, in its key order. */
export function completeCodexInput(event: string, input: JsonObject, ctx: Context): JsonObject {
  if (!isCodexEvent(event)) throw inputError(`unknown Codex event "${event}"`);
  const checked = schemaOf(event).safeParse(input);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    const field = issue.path.map(String).join('.');
    let got: unknown = input;
    for (const key of issue.path) got = (got as Record<PropertyKey, unknown> | undefined)?.[key];
    const expected = 'expected' in issue ? String(issue.expected) : 'valid';
    throw inputError(`${event} event field "${field}" must be ${expected}, got ${describeType(got)}`);
  }
  const rule = EVENTS[event] as CodexEventRule;
  const { session_id, transcript_path, cwd, hook_event_name, model, permission_mode, turn_id, ...specific } = input;
  const completed: JsonObject = {
    session_id: session_id ?? randomUuid(),
    transcript_path: transcript_path ?? null,
    cwd: cwd ?? ctx.cwd,
    hook_event_name: hook_event_name ?? event,
  };
  if (model !== undefined || rule.model) completed.model = model ?? CODEX_DEFAULT_MODEL;
  if (permission_mode !== undefined || rule.permissionMode) completed.permission_mode = permission_mode ?? 'default';
  if (turn_id !== undefined || rule.turnId) completed.turn_id = turn_id ?? randomUuid();
  return { ...completed, ...specific };
}
