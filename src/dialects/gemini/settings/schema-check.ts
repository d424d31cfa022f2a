// The settings check every run makes: schema.ts's rules (the documented schema, in full zod, from
// which JSON Schema is generated), restated in zod/mini. Full zod with its locales costs a run tens of
// milliseconds to load; zod/mini is already there for the event schemas. Same engine, same English
// messages, so the same issues and cast data: test/dialects/gemini/settings/schema-check.test.ts holds the two
// schemas to that on generated settings.
//
// Gemini CLI validates each file against its whole settings schema, so a file that is invalid only
// in, say, `general` is used uncast. hookrun checks `hooks`, `hooksConfig` and `security` in depth
// and every other top-level key for its type only (TOP_LEVEL_KEYS below).
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';
import type { JsonObject } from '../../../types.js';
import { HOOK_EVENTS, type HookEventName } from '../events.js';

// zod/mini ships without messages: install full zod's English ones, process-wide, as loading full zod
// did (event input errors read them too).
z.config(en());

/** Where a number is expected, a string that spells one is cast ("300" → 300), as Gemini does. */
export function castNumber(value: unknown): unknown {
  if (typeof value !== 'string' || value.trim() === '') return value;
  const number = Number(value);
  return Number.isNaN(number) ? value : number;
}

/** Where a boolean is expected, "true"/"false" in any case, trimmed, are cast. */
export function castBoolean(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const word = value.trim().toLowerCase();
  return word === 'true' ? true : word === 'false' ? false : value;
}

/**
 * The schema defaults Gemini seeds the merge with (schema.ts's `default` metadata, as data), as a fresh
 * settings object, like Gemini's getDefaultsFromSchema (in its key order), for the keys hookrun reads.
 */
export function settingsDefaults(): JsonObject {
  return {
    security: { folderTrust: { enabled: true }, environmentVariableRedaction: { allowed: [], blocked: [], enabled: false } },
    hooksConfig: { enabled: true, disabled: [], notifications: true },
    hooks: Object.fromEntries(HOOK_EVENTS.map((event) => [event, []])),
  };
}

/** What zod's messages call a JSON value's type ("received array"). */
export function jsonTypeName(value: unknown): string {
  if (value === null) return 'null';
  return Array.isArray(value) ? 'array' : typeof value;
}

/** Telemetry is a boolean (cast like any other) or an object; one message says both. */
export function telemetryError(issue: { input?: unknown }): string {
  return `Invalid input: expected boolean or object, received ${jsonTypeName(issue.input)}`;
}

/**
 * Every top-level key of Gemini CLI's settings schema (getSettingsSchema(), in its order) and what
 * hookrun checks there: `deep` for the three keys hooks depend on, otherwise only the type that
 * Gemini's zod schema gives the key at that level. `object` is z.object(...).passthrough() (or a
 * z.record for mcpServers: the same verdict on any JSON value), `strings` an array of strings,
 * `boolean` a boolean (strings cast), `telemetry` Gemini's TelemetrySettings special case: a
 * boolean (cast) or an object. Optional means absent: JSON null fails, as in Gemini. What lies below
 * these keys is not checked.
 * Read from google-gemini/gemini-cli packages/cli/src/config/settingsSchema.ts at 0027ff71c1 and
 * settings-validation.ts (04fbf50725, and a later copy that casts strings the way the snapshot
 * hookrun follows does), then compared with an older and a newer copy of settingsSchema.ts. Left
 * out, because a wrong "invalid" makes hookrun predict the opposite of Gemini CLI: `billing` (not in
 * the older copy) and `contextManagement` (only in the newer one). `adminPolicyPaths` is not in the
 * older copy either, but hookrun's merge already knew it from the snapshot.
 */
export const TOP_LEVEL_KEYS = {
  mcpServers: 'object',
  policyPaths: 'strings',
  adminPolicyPaths: 'strings',
  general: 'object',
  output: 'object',
  ui: 'object',
  ide: 'object',
  privacy: 'object',
  telemetry: 'telemetry',
  model: 'object',
  modelConfigs: 'object',
  agents: 'object',
  context: 'object',
  tools: 'object',
  mcp: 'object',
  useWriteTodos: 'boolean',
  security: 'deep',
  advanced: 'object',
  experimental: 'object',
  extensions: 'object',
  skills: 'object',
  hooksConfig: 'deep',
  hooks: 'deep',
  admin: 'object',
} as const;

export type TopLevelType = (typeof TOP_LEVEL_KEYS)[keyof typeof TOP_LEVEL_KEYS];

function buildSchema() {
  const castToNumber = z.pipe(z.transform(castNumber), z.number());
  const castToBoolean = z.pipe(z.transform(castBoolean), z.boolean());
  const number = () => z.optional(castToNumber);
  const boolean = () => z.optional(castToBoolean);
  const strings = () => z.optional(z.array(z.string()));
  const hook = z.looseObject({
    type: z.optional(z.string()),
    command: z.optional(z.string()),
    name: z.optional(z.string()),
    description: z.optional(z.string()),
    timeout: number(),
    env: z.optional(z.unknown()),
  });
  const definitions = z.optional(
    z.array(z.looseObject({ matcher: z.optional(z.string()), sequential: z.optional(z.unknown()), hooks: z.optional(z.array(hook)) })),
  );
  const events = Object.fromEntries(HOOK_EVENTS.map((event) => [event, definitions])) as Record<HookEventName, typeof definitions>;
  const deep = {
    hooksConfig: z.optional(z.looseObject({ enabled: boolean(), disabled: strings(), notifications: boolean() })),
    hooks: z.optional(z.catchall(z.object(events), z.array(z.unknown()))),
    security: z.optional(
      z.looseObject({
        folderTrust: z.optional(z.looseObject({ enabled: boolean() })),
        environmentVariableRedaction: z.optional(z.looseObject({ allowed: strings(), blocked: strings(), enabled: boolean() })),
      }),
    ),
  };
  // One instance per type, shared by the keys: a run builds this schema on every event.
  const byType = {
    object: z.optional(z.looseObject({})),
    strings: strings(),
    boolean: boolean(),
    telemetry: z.optional(z.union([castToBoolean, z.looseObject({})], { error: telemetryError })),
  };
  // Gemini's key order: a valid file's cast data comes out in it (then the keys it does not know).
  const shape = Object.fromEntries(
    Object.entries(TOP_LEVEL_KEYS).map(([key, type]) => [key, type === 'deep' ? deep[key as keyof typeof deep] : byType[type]]),
  ) as typeof deep & Record<string, (typeof byType)[keyof typeof byType]>;
  return z.looseObject(shape);
}

let schema: ReturnType<typeof buildSchema> | undefined;

export interface SettingsIssue {
  path: (string | number)[];
  message: string;
}

export interface SettingsValidation {
  valid: boolean;
  /** The cast data when the file validates, otherwise the input unchanged. */
  data: JsonObject;
  issues: SettingsIssue[];
}

/** Checks one settings file. Gemini uses the cast values only when the whole file validates. */
export function validateSettings(settings: JsonObject): SettingsValidation {
  // Built on first use: a run without settings files never needs it.
  schema ??= buildSchema();
  const result = schema.safeParse(settings);
  if (result.success) return { valid: true, data: result.data as JsonObject, issues: [] };
  const issues = result.error.issues.map((issue) => ({
    path: issue.path.map((part) => (typeof part === 'number' ? part : String(part))),
    message: issue.message,
  }));
  return { valid: false, data: settings, issues };
}
