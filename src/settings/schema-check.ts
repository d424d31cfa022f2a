// The settings check every run makes: schema.ts's rules (the documented schema, in full zod, from
// which JSON Schema is generated), restated in zod/mini. Full zod with its locales costs a run tens of
// milliseconds to load; zod/mini is already there for the event schemas. Same engine, same English
// messages, so the same issues and cast data: test/settings/schema-check.test.ts holds the two
// schemas to that on generated settings.
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';
import type { JsonObject } from '../types.js';
import { HOOK_EVENTS, type HookEventName } from './events.js';

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
 * settings object, like Gemini's getDefaultsFromSchema.
 */
export function settingsDefaults(): JsonObject {
  return {
    hooksConfig: { enabled: true, disabled: [], notifications: true },
    hooks: Object.fromEntries(HOOK_EVENTS.map((event) => [event, []])),
    security: { folderTrust: { enabled: true }, environmentVariableRedaction: { allowed: [], blocked: [], enabled: false } },
  };
}

function buildSchema() {
  const number = () => z.optional(z.pipe(z.transform(castNumber), z.number()));
  const boolean = () => z.optional(z.pipe(z.transform(castBoolean), z.boolean()));
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
  return z.looseObject({
    hooksConfig: z.optional(z.looseObject({ enabled: boolean(), disabled: strings(), notifications: boolean() })),
    hooks: z.optional(z.catchall(z.object(events), z.array(z.unknown()))),
    security: z.optional(
      z.looseObject({
        folderTrust: z.optional(z.looseObject({ enabled: boolean() })),
        environmentVariableRedaction: z.optional(z.looseObject({ allowed: strings(), blocked: strings(), enabled: boolean() })),
      }),
    ),
  });
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
