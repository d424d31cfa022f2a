// `hookrun schema settings`: the JSON Schema of an agent's hook settings that hookrun generates for
// editors, for each dialect that has one, by registry name. Not a Dialect member: whatever a dialect's
// object reaches, even through import(), is in the import graph of `run` and `validate`, and these schemas
// are built with full zod, which neither may reach (test/commands/run-startup.test.ts).
import type { DialectName } from './index.js';

export const SETTINGS_SCHEMAS: Partial<Record<DialectName, () => Promise<Record<string, unknown>>>> = {
  gemini: async () => (await import('./gemini/settings/json-schema.js')).settingsJsonSchema(),
};
