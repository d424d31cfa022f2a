// The hook part of a settings file as typed in an editor: the schema `hookrun schema settings`
// prints and schema/settings.schema.json holds. Stricter than what Gemini CLI accepts when loading
// (it keeps unknown keys and casts "300" to 300) because an editor should flag what Gemini would
// ignore or drop: unknown events and keys, `"type": "Command"`, `"sequential": "true"`. Each key
// keeps the description and default of the loader's schema (schema.ts). A module of its own so
// that `run` never builds it.
import { z } from 'zod';
import { EVENT_DESCRIPTIONS, HOOK_EVENTS, hookConfigSchema, hookDefinitionSchema, hooksConfigSchema, hooksSchema, type HookEventName } from './schema.js';

/** `schema` with the documentation (description, default) of `original`, plus `extra`. */
function documentedLike<T extends z.ZodType>(original: z.ZodType, schema: T, extra: Record<string, unknown> = {}): T {
  return schema.meta({ ...original.meta(), ...extra }) as T;
}

const hookShape = hookConfigSchema.shape;
const definitionShape = hookDefinitionSchema.shape;
const hooksConfigShape = hooksConfigSchema.unwrap().shape;

const authoredHookSchema = z
  .strictObject({
    type: documentedLike(hookShape.type, z.enum(['command', 'plugin'])),
    command: documentedLike(hookShape.command, z.string().min(1)),
    name: hookShape.name,
    description: hookShape.description,
    timeout: documentedLike(hookShape.timeout, z.number().positive().optional()),
    env: documentedLike(hookShape.env, z.record(z.string(), z.string()).optional(), { default: {} }),
  })
  .meta({ id: 'Hook', description: 'One hook: a command Gemini CLI runs with the event JSON on stdin.' });

const authoredDefinitionSchema = z
  .strictObject({
    matcher: documentedLike(definitionShape.matcher, z.string().optional(), { default: '' }),
    sequential: documentedLike(definitionShape.sequential, z.boolean().optional(), { default: false }),
    hooks: documentedLike(definitionShape.hooks, z.array(authoredHookSchema)),
  })
  .meta({ id: 'HookDefinition', description: hookDefinitionSchema.description });

const authoredEvents = Object.fromEntries(
  HOOK_EVENTS.map((event) => [event, z.array(authoredDefinitionSchema).optional().describe(EVENT_DESCRIPTIONS[event]).meta({ default: [] })]),
) as Record<HookEventName, z.ZodOptional<z.ZodArray<typeof authoredDefinitionSchema>>>;

export const authoredSettingsSchema = z
  .looseObject({
    hooksConfig: documentedLike(
      hooksConfigSchema,
      z
        .strictObject({
          enabled: documentedLike(hooksConfigShape.enabled, z.boolean().optional()),
          disabled: documentedLike(hooksConfigShape.disabled, z.array(z.string()).optional()),
          notifications: documentedLike(hooksConfigShape.notifications, z.boolean().optional()),
        })
        .optional(),
    ),
    hooks: documentedLike(hooksSchema, z.strictObject(authoredEvents).optional(), {
      description: 'Hook definitions per event (exact, case-sensitive event names; hooks.enabled and hooks.disabled are not settings: see hooksConfig).',
    }),
  })
  .meta({
    title: 'Gemini CLI settings: hooks',
    description: 'The hooks and hooksConfig keys of a Gemini CLI settings.json (other settings are allowed and not described here).',
  });

/** JSON Schema of the hook part of a settings file, for editors (`hookrun schema settings`). */
export function settingsJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(authoredSettingsSchema) as Record<string, unknown>;
}
