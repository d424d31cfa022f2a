// Per-event input schemas (Gemini CLI, docs/sources.md §G1). They check the types of the fields the agent sends;
// every field is optional (hookrun is often run by hand with a partial event) and unknown fields pass
// through untouched. zod/mini keeps the start-up cost of the `run` path low.
import * as z from 'zod/mini';

const object = () => z.record(z.string(), z.unknown());

// Every schema below is built when an event first needs it (eventSchema): a run checks one event, and
// building all eleven at load was ~70 zod objects on every run's path.
const base = () => ({
  session_id: z.optional(z.string()),
  transcript_path: z.optional(z.string()),
  cwd: z.optional(z.string()),
  hook_event_name: z.optional(z.string()),
  timestamp: z.optional(z.string()),
});

const toolFields = () => ({
  tool_name: z.optional(z.string()),
  tool_input: z.optional(object()),
  mcp_context: z.optional(object()),
  original_request_name: z.optional(z.string()),
});

const llmRequest = () =>
  z.looseObject({
    model: z.optional(z.string()),
    messages: z.optional(z.array(z.looseObject({ role: z.optional(z.string()), content: z.optional(z.unknown()) }))),
    config: z.optional(object()),
  });

// Each event's fields in the order the agent writes them to a hook's stdin (docs/sources.md §G1.2).
const eventFields = {
  BeforeTool: toolFields,
  AfterTool: () => ({
    tool_name: z.optional(z.string()),
    tool_input: z.optional(object()),
    tool_response: z.optional(
      z.looseObject({
        llmContent: z.optional(z.unknown()),
        returnDisplay: z.optional(z.unknown()),
        error: z.optional(z.looseObject({ message: z.optional(z.string()), type: z.optional(z.string()) })),
      }),
    ),
    mcp_context: z.optional(object()),
    original_request_name: z.optional(z.string()),
  }),
  BeforeAgent: () => ({ prompt: z.optional(z.string()) }),
  AfterAgent: () => ({
    prompt: z.optional(z.string()),
    prompt_response: z.optional(z.string()),
    stop_hook_active: z.optional(z.boolean()),
  }),
  SessionStart: () => ({ source: z.optional(z.enum(['startup', 'resume', 'clear'])) }),
  SessionEnd: () => ({ reason: z.optional(z.enum(['exit', 'clear', 'logout', 'prompt_input_exit', 'other'])) }),
  PreCompress: () => ({ trigger: z.optional(z.enum(['manual', 'auto'])) }),
  Notification: () => ({
    notification_type: z.optional(z.literal('ToolPermission')),
    message: z.optional(z.string()),
    details: z.optional(object()),
  }),
  BeforeModel: () => ({ llm_request: z.optional(llmRequest()) }),
  AfterModel: () => ({
    llm_request: z.optional(llmRequest()),
    llm_response: z.optional(
      z.looseObject({
        text: z.optional(z.string()),
        candidates: z.optional(z.array(object())),
        usageMetadata: z.optional(object()),
      }),
    ),
  }),
  BeforeToolSelection: () => ({ llm_request: z.optional(llmRequest()) }),
} as const;

export type GeminiEventName = keyof typeof eventFields;

/** The 11 Gemini CLI events, in the spec's order. */
export const GEMINI_EVENTS = Object.keys(eventFields) as GeminiEventName[];

export function isGeminiEvent(name: string): name is GeminiEventName {
  return Object.hasOwn(eventFields, name);
}

const schemas = new Map<string, { schema: z.ZodMiniType; fields: readonly string[] }>();

function built(event: GeminiEventName) {
  let found = schemas.get(event);
  if (!found) {
    const fields = eventFields[event]();
    found = { schema: z.looseObject({ ...base(), ...fields }), fields: Object.keys(fields) };
    schemas.set(event, found);
  }
  return found;
}

/** The input schema of one event (built on first use: a run needs only one). */
export function eventSchema(event: GeminiEventName): z.ZodMiniType {
  return built(event).schema;
}

/** The event's own fields (after the base ones), in the order the agent writes them. */
export function eventFieldOrder(event: GeminiEventName): readonly string[] {
  return built(event).fields;
}
