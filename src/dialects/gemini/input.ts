// Gemini CLI event input: type-check the event's fields, then fill the base fields the agent always
// sends, in its key order (docs/sources.md §G1.1): session_id, transcript_path, cwd, hook_event_name, timestamp.
import fs from 'node:fs';
import type { Context } from '../../pipeline/context.js';
import { inputError } from '../../pipeline/errors.js';
import type { JsonObject } from '../../pipeline/types.js';
import { describeType, setOwn } from '../../pipeline/event/json.js';
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

let uuids = 0;

/**
 * A random (version 4) UUID, as crypto.randomUUID makes for Gemini's session ids. The first one of a
 * process takes its 16 random bytes from /dev/urandom where there is one: node:crypto costs a run ~3 ms
 * to load. A process that asks again (`serve`, the library) is resident, and crypto.randomUUID, which
 * draws from a buffer it refills, saves it three system calls per event.
 */
export function randomUuid(): string {
  if (uuids++ > 0) return process.getBuiltinModule('node:crypto').randomUUID();
  const bytes = Buffer.alloc(16);
  try {
    const fd = fs.openSync('/dev/urandom', 'r');
    try {
      if (fs.readSync(fd, bytes, 0, 16, null) !== 16) throw new Error('short read');
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return process.getBuiltinModule('node:crypto').randomUUID();
  }
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * `date.toISOString()`, read from the UTC fields: the first toISOString of a process makes V8 load the
 * local time zone (/etc/localtime through ICU, ~0.7 ms of every event) that a UTC string never uses.
 * Years outside 0–9999 (written with a sign and six digits) are left to toISOString.
 */
export function isoTimestamp(date: Date): string {
  const year = date.getUTCFullYear();
  if (!(year >= 0 && year <= 9999)) return date.toISOString();
  const two = (n: number) => (n < 10 ? `0${n}` : String(n));
  const ms = date.getUTCMilliseconds();
  return (
    `${String(year).padStart(4, '0')}-${two(date.getUTCMonth() + 1)}-${two(date.getUTCDate())}` +
    `T${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}.${String(ms).padStart(3, '0')}Z`
  );
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
