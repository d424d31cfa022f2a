// `hookrun schema`: JSON Schema generated from the zod schemas, never written by hand.
import { fixtureJsonSchema } from '../fixtures/schema.js';
import type { IO } from '../io.js';
import { reportJsonSchema } from '../render/report-schema.js';
import { settingsJsonSchema } from '../dialects/gemini/settings/json-schema.js';

export const SCHEMAS = {
  settings: settingsJsonSchema,
  report: reportJsonSchema,
  fixture: fixtureJsonSchema,
} as const;

export type SchemaName = keyof typeof SCHEMAS;

/** The schema as committed under schema/<name>.schema.json: two-space JSON and a final newline. */
export function schemaText(name: SchemaName): string {
  return `${JSON.stringify(SCHEMAS[name](), null, 2)}\n`;
}

export function schemaCommand(name: SchemaName, io: IO): number {
  io.stdout(schemaText(name));
  return 0;
}
