// Kiro CLI event input (docs/kiro.md "Events and their input"): the five camelCase triggers, a type check of the fields each one
// sends, then the two base fields every payload carries (`hook_event_name`, `cwd`) in front.
// Every field is optional (hookrun is often run by hand with a partial event); unknown fields pass.
import * as z from 'zod/mini';
import type { Context } from '../../pipeline/context.js';
import { inputError } from '../../pipeline/errors.js';
import type { JsonObject } from '../../pipeline/types.js';
import { describeType } from '../../pipeline/event/json.js';

const object = () => z.record(z.string(), z.unknown());

const base = {
  hook_event_name: z.optional(z.string()),
  cwd: z.optional(z.string()),
  // Kiro CLI 2.x adds it in interactive sessions; the Rust Q CLI never sends it.
  session_id: z.optional(z.string()),
};

const tool = {
  tool_name: z.optional(z.string()),
  tool_input: z.optional(object()),
};

const eventFields = {
  // `prompt` too when a user message is pending (the trigger is evaluated lazily at the first request).
  agentSpawn: { prompt: z.optional(z.string()) },
  userPromptSubmit: { prompt: z.optional(z.string()) },
  preToolUse: tool,
  postToolUse: {
    ...tool,
    tool_response: z.optional(
      z.looseObject({
        success: z.optional(z.boolean()),
        result: z.optional(z.array(z.unknown())),
        error: z.optional(z.array(z.unknown())),
      }),
    ),
  },
  stop: {},
} as const;

export type KiroEventName = keyof typeof eventFields;

/** The five triggers of agent-embedded hooks, exact (case-sensitive) spelling. */
export const KIRO_EVENTS = Object.keys(eventFields) as KiroEventName[];

export function isKiroEvent(name: string): name is KiroEventName {
  return Object.hasOwn(eventFields, name);
}

/** Triggers whose hooks see a tool, so their matchers are consulted. */
export const KIRO_TOOL_EVENTS: ReadonlySet<string> = new Set(['preToolUse', 'postToolUse']);

/** Triggers that export the prompt as USER_PROMPT when one is present. */
export const KIRO_PROMPT_EVENTS: ReadonlySet<string> = new Set(['agentSpawn', 'userPromptSubmit']);

interface Issue {
  code: string;
  path: PropertyKey[];
  expected?: string;
  message?: string;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) value = (value as Record<PropertyKey, unknown> | undefined)?.[key];
  return value;
}

export function completeKiroInput(event: string, input: JsonObject, ctx: Context): JsonObject {
  if (!isKiroEvent(event)) throw inputError(`unknown Kiro CLI event "${event}"`);
  const checked = z.looseObject({ ...base, ...eventFields[event] }).safeParse(input);
  if (!checked.success) {
    const issue = checked.error.issues[0] as unknown as Issue;
    const field = issue.path.map(String).join('.');
    const expected = issue.expected === 'record' ? 'object' : issue.expected;
    throw inputError(
      issue.code === 'invalid_type'
        ? `${event} event field "${field}" must be ${expected}, got ${describeType(valueAt(input, issue.path))}`
        : `${event} event field "${field}" is invalid: ${issue.message ?? issue.code}`,
    );
  }
  const { hook_event_name, cwd, ...specific } = input;
  return { hook_event_name: hook_event_name ?? event, cwd: cwd ?? ctx.cwd, ...specific };
}
