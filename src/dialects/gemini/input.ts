// Gemini CLI event input: type-check the event's fields, then fill the base fields the agent always
// sends, in its key order (docs/sources.md §G1.1): session_id, transcript_path, cwd, hook_event_name, timestamp.
import type { Context } from '../../pipeline/context.js';
import { inputError } from '../../pipeline/errors.js';
import type { JsonObject } from '../../pipeline/types.js';
import { describeType, setOwn } from '../../pipeline/event/json.js';
import { isoTimestamp, randomUuid } from '../../boot/builtins.js';
import { eventFieldOrder, eventSchema, isGeminiEvent } from './input-schemas.js';

interface Issue {
  code: string;
  path: PropertyKey[];
  expected?: string;
  values?: unknown[];
  message?: string;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) value = (value as Record<PropertyKey, unknown> | undefined)?.[key];
  return value;
}

function issueMessage(event: string, input: JsonObject, issue: Issue): string {
  const field = issue.path.map(String).join('.');
  const got = valueAt(input, issue.path);
  if (issue.code === 'invalid_type') {
    return `${event} event field "${field}" must be ${issue.expected === 'record' ? 'object' : issue.expected}, got ${describeType(got)}`;
  }
  if (issue.code === 'invalid_value' && issue.values) {
    const allowed = issue.values.map((v) => JSON.stringify(v)).join(', ');
    return `${event} event field "${field}" must be one of ${allowed}, got ${JSON.stringify(got)}`;
  }
  return `${event} event field "${field}" is invalid: ${issue.message ?? issue.code}`;
}

export function completeGeminiInput(event: string, input: JsonObject, ctx: Context): JsonObject {
  if (!isGeminiEvent(event)) throw inputError(`unknown Gemini CLI event "${event}"`);
  const checked = eventSchema(event).safeParse(input);
  if (!checked.success) {
    const issue = checked.error.issues[0] as unknown as Issue;
    throw inputError(issueMessage(event, input, issue));
  }
  const { session_id, transcript_path, cwd, hook_event_name, timestamp, ...specific } = input;
  const completed: JsonObject = {
    session_id: session_id ?? randomUuid(),
    transcript_path: transcript_path ?? '',
    cwd: cwd ?? ctx.cwd,
    hook_event_name: hook_event_name ?? event,
    timestamp: timestamp ?? isoTimestamp(ctx.now()),
  };
  // What Gemini's event builders do with a field left out or empty: AfterAgent always carries
  // stop_hook_active (false by default); a falsy original_request_name is not sent (`...(name && {...})`).
  if (event === 'AfterAgent' && !Object.hasOwn(specific, 'stop_hook_active')) specific.stop_hook_active = false;
  if ((event === 'BeforeTool' || event === 'AfterTool') && Object.hasOwn(specific, 'original_request_name') && !specific.original_request_name) {
    delete specific.original_request_name;
  }
  // The event's own fields in the agent's order, whatever order they were given in; fields the agent
  // does not send (hookrun passes them on) come last, as given.
  for (const field of eventFieldOrder(event)) if (Object.hasOwn(specific, field)) completed[field] = specific[field];
  for (const [field, value] of Object.entries(specific)) if (!Object.hasOwn(completed, field)) setOwn(completed, field, value);
  return completed;
}
