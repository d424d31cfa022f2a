// Kiro CLI 3's standalone hook files (`.kiro/hooks/*.json`): the trigger table the loader, planner and
// aggregator read (docs/kiro.md "Kiro CLI 3 hook files"; docs/sources.md §K2.3–2.7).
// A PascalCase trigger on the command line selects these files.
import type { Context } from '../../pipeline/context.js';
import { inputError } from '../../pipeline/errors.js';
import { describeType, isPlainObject } from '../../pipeline/event/json.js';
import type { JsonObject } from '../../pipeline/types.js';
import { randomUuid } from '../../boot/builtins.js';

export interface Kiro3Trigger {
  /** Other spellings the engine accepts in a hook file's `trigger`. */
  aliases: readonly string[];
  /** The payload field a `matcher` is tested against; none: the matcher is not evaluated. */
  matcherField?: 'tool_name' | 'file_path';
  /** Exit 2 blocks, with stderr as the reason. */
  exit2Blocks: boolean;
  /** Exit-0 stdout becomes model context. */
  stdoutIsContext: boolean;
  /** Payload fields this trigger adds, with their JSON types (checked when present). */
  fields: Readonly<Record<string, 'string' | 'object' | 'boolean'>>;
}

const tool = { tool_name: 'string', tool_input: 'object' } as const;
const task = { spec_name: 'string', task_name: 'string' } as const;

export const KIRO3_TRIGGERS: Readonly<Record<string, Kiro3Trigger>> = {
  SessionStart: { aliases: ['sessionStart', 'agentSpawn'], exit2Blocks: false, stdoutIsContext: true, fields: {} },
  // The docs say the matcher tests the prompt; the engine evaluates none (Kiro#10211), which hookrun follows.
  UserPromptSubmit: { aliases: ['promptSubmit', 'userPromptSubmit'], exit2Blocks: true, stdoutIsContext: true, fields: { prompt: 'string' } },
  PreToolUse: { aliases: ['preToolUse'], matcherField: 'tool_name', exit2Blocks: true, stdoutIsContext: false, fields: tool },
  PostToolUse: { aliases: ['postToolUse'], matcherField: 'tool_name', exit2Blocks: false, stdoutIsContext: false, fields: { ...tool, tool_response: 'object' } },
  Stop: { aliases: ['agentStop', 'stop', 'SessionEnd'], exit2Blocks: false, stdoutIsContext: false, fields: { user_decision: 'string' } },
  PreTaskExec: { aliases: ['preTaskExecution'], exit2Blocks: true, stdoutIsContext: false, fields: task },
  PostTaskExec: { aliases: ['postTaskExecution'], exit2Blocks: false, stdoutIsContext: false, fields: { ...task, task_success: 'boolean' } },
  PostFileCreate: { aliases: ['fileCreated'], matcherField: 'file_path', exit2Blocks: false, stdoutIsContext: false, fields: { file_path: 'string' } },
  PostFileSave: { aliases: ['fileEdited', 'AfterFileEdit'], matcherField: 'file_path', exit2Blocks: false, stdoutIsContext: false, fields: { file_path: 'string' } },
  PostFileDelete: { aliases: ['fileDeleted'], matcherField: 'file_path', exit2Blocks: false, stdoutIsContext: false, fields: { file_path: 'string' } },
  Manual: { aliases: ['userTriggered'], exit2Blocks: false, stdoutIsContext: false, fields: {} },
};

export const KIRO3_TRIGGER_NAMES: readonly string[] = Object.keys(KIRO3_TRIGGERS);

export function isKiro3Trigger(event: string): boolean {
  return Object.hasOwn(KIRO3_TRIGGERS, event);
}

/** The trigger a hook file's `trigger` value means (PascalCase or an engine alias), if any. */
export function kiro3TriggerOf(value: string): string | undefined {
  if (isKiro3Trigger(value)) return value;
  return KIRO3_TRIGGER_NAMES.find((name) => KIRO3_TRIGGERS[name]!.aliases.includes(value));
}

/** Triggers whose block (exit 2, or Stop's decision) the agent acts on. */
export function kiro3CanBlock(trigger: string): boolean {
  return trigger === 'Stop' || KIRO3_TRIGGERS[trigger]?.exit2Blocks === true;
}

function jsonType(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : isPlainObject(value) ? 'object' : typeof value;
}

/** docs/kiro.md "Kiro CLI 3 hook files": the payload as sent, with only a missing `session_id`, `hook_event_name` and `cwd` filled. */
export function completeKiro3Input(event: string, input: JsonObject, ctx: Context): JsonObject {
  const trigger = KIRO3_TRIGGERS[event];
  if (!trigger) throw inputError(`unknown Kiro CLI 3 trigger "${event}"`);
  const fields: Record<string, string> = { session_id: 'string', hook_event_name: 'string', cwd: 'string', ...trigger.fields };
  for (const [field, type] of Object.entries(fields)) {
    const value = input[field];
    if (value !== undefined && jsonType(value) !== type)
      throw inputError(`${event} event field "${field}" must be ${type === 'object' ? 'an object' : `a ${type}`}, got ${describeType(value)}`);
  }
  const { session_id, hook_event_name, cwd, ...specific } = input;
  return { session_id: session_id ?? `sess_${randomUuid()}`, hook_event_name: hook_event_name ?? event, cwd: cwd ?? ctx.cwd, ...specific };
}
