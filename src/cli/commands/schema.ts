// `hookrun schema`: JSON Schema generated from the zod schemas, never written by hand.
import { DEFAULT_DIALECT } from '../../dialects/index.js';
import { SETTINGS_SCHEMAS } from '../../dialects/settings-schemas.js';
import { HookrunError } from '../../pipeline/errors.js';
import { fixtureJsonSchema } from '../../testing/schema.js';
import type { IO } from '../io.js';
import { reportJsonSchema, verdictJsonSchema } from '../../render/report-schema.js';

/** The settings schema is the default dialect's (Gemini CLI, hookrun's reference), built in its folder. */
async function settingsJsonSchema(): Promise<Record<string, unknown>> {
  const build = SETTINGS_SCHEMAS[DEFAULT_DIALECT];
  if (!build) throw new HookrunError('internal', `the ${DEFAULT_DIALECT} dialect has no settings schema`);
  return build();
}

export const SCHEMAS = {
  settings: settingsJsonSchema,
  report: reportJsonSchema,
  fixture: fixtureJsonSchema,
  verdict: verdictJsonSchema,
} as const;

export type SchemaName = keyof typeof SCHEMAS;

/** The schema as committed under schema/<name>.schema.json: two-space JSON and a final newline. */
export async function schemaText(name: SchemaName): Promise<string> {
  return `${JSON.stringify(await SCHEMAS[name](), null, 2)}\n`;
}

export async function schemaCommand(name: SchemaName, io: IO): Promise<number> {
  io.stdout(await schemaText(name));
  return 0;
}
