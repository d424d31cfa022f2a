// The part of Gemini CLI's settings schema that hookrun reads, as zod. It mirrors how Gemini
// validates a settings file: every key optional, unknown keys kept, `hooks.<Event>` holds hook
// definitions, any other `hooks.<key>` must be an array, and where a number or boolean is
// expected a string that spells one is cast ("300" → 300, "1e999" → Infinity, "TRUE" → true; " true "
// is not cast: Gemini does not trim). Validation only warns; the cast values are used only when the
// whole file validates (Gemini's quirk).
// Defaults are metadata (not zod `.default()`), so validating a file never injects values into it.
// This is the documented schema (descriptions, defaults, JSON Schema); the other top-level keys are
// described by their type only here (TOP_LEVEL_KEYS). Runs check every file against the whole of
// Gemini's schema (schema-check.ts over gemini-schema.ts), held to this one's results by tests on
// the keys described here.
import { z } from 'zod';
import type { JsonObject } from '../../../pipeline/types.js';
import { GEMINI_DEFAULT_TIMEOUT_MS } from '../traps.js';
import { HOOK_EVENTS, type HookEventName } from '../events.js';
import { castBoolean, castNumber, jsonTypeName, telemetryError, TOP_LEVEL_KEYS, type TopLevelType } from './schema-check.js';

export { HOOK_EVENTS, type HookEventName } from '../events.js';
export { settingsDefaults, validateSettings, type SettingsIssue, type SettingsValidation } from './schema-check.js';

// zod 3's number (Gemini's): zod 4's z.number() refuses the Infinity a cast "Infinity" or "1e999" gives.
const number = () =>
  z.preprocess(castNumber, z.union([z.number(), z.literal([Infinity, -Infinity])], { error: (issue) => `Invalid input: expected number, received ${jsonTypeName(issue.input)}` }));
const boolean = () => z.preprocess(castBoolean, z.boolean());
const stringArray = () => z.array(z.string());

export const EVENT_DESCRIPTIONS: Readonly<Record<HookEventName, string>> = {
  BeforeTool: 'Hooks that run before a tool executes; they can block it, ask for confirmation or rewrite its input.',
  AfterTool: 'Hooks that run after a tool executes; they can replace its result, add context or request a follow-up tool call.',
  BeforeAgent: 'Hooks that run once per user turn before the agent loop; they can block the prompt or add context.',
  AfterAgent: 'Hooks that run when the agent finishes a turn; a block forces a retry.',
  Notification: 'Hooks that run when a tool asks for permission (advisory only; matchers are ignored).',
  SessionStart: 'Hooks that run when a session starts (matcher: "startup", "resume" or "clear", compared exactly).',
  SessionEnd: 'Hooks that run when a session ends (matcher: "exit" or "clear", compared exactly).',
  PreCompress: 'Hooks that run before chat history compression (matcher: "manual" or "auto", compared exactly).',
  BeforeModel: 'Hooks that run before each model request; they can block it or override parts of the request.',
  AfterModel: 'Hooks that run after each streamed model response chunk; they can replace the response.',
  BeforeToolSelection: 'Hooks that run before tool selection; they can restrict which tools the model may call.',
};

export const hookConfigSchema = z
  .looseObject({
    name: z.string().optional().describe('Name shown in reports and matched by hooksConfig.disabled (default: the command; "unknown-hook" for a plugin hook).'),
    type: z.string().optional().describe('Hook type, case-sensitive: "command" (Gemini CLI silently drops e.g. "Command").'),
    command: z.string().optional().describe('Shell command (bash -c; PowerShell on Windows). Receives the event JSON on stdin, answers on stdout.'),
    description: z.string().optional().describe('What the hook does.'),
    timeout: number().optional().describe('Timeout in milliseconds.').meta({ default: GEMINI_DEFAULT_TIMEOUT_MS }),
    env: z.unknown().optional().describe('Extra environment variables (object of strings), applied last. Not validated by Gemini CLI.'),
  })
  .describe('One hook.');

export const hookDefinitionSchema = z
  .looseObject({
    matcher: z
      .string()
      .optional()
      .describe(
        'Tool events: unanchored regular expression tested against the tool name. SessionStart/SessionEnd/PreCompress: exact string. Other events: ignored. Empty or "*" matches everything.',
      ),
    sequential: z.unknown().optional().describe('Only the JSON boolean true counts: then every hook of the event runs one after another. Not validated by Gemini CLI.'),
    hooks: z.array(hookConfigSchema).optional().describe('The hooks to run when the matcher matches.'),
  })
  .describe('A hook definition: a matcher and the hooks it triggers.');

const hookDefinitionArray = (event: HookEventName) => z.array(hookDefinitionSchema).optional().describe(EVENT_DESCRIPTIONS[event]).meta({ default: [] });

const eventShape = Object.fromEntries(HOOK_EVENTS.map((event) => [event, hookDefinitionArray(event)])) as Record<HookEventName, ReturnType<typeof hookDefinitionArray>>;

export const hooksSchema = z
  .object(eventShape)
  .catchall(z.array(z.unknown()))
  .optional()
  .describe('Hook definitions per event. Any other key must hold an array and is ignored (unknown event names are skipped).')
  .meta({ default: {} });

export const hooksConfigSchema = z
  .looseObject({
    enabled: boolean().optional().describe('Turns the whole hook system on or off (extension hooks included).').meta({ default: true }),
    disabled: stringArray().optional().describe('Hook names (or commands, for hooks without a name) that must not run. Merged across all settings files.').meta({ default: [] }),
    notifications: boolean().optional().describe('Show an indicator while hooks run (Gemini CLI UI only).').meta({ default: true }),
  })
  .optional()
  .describe('Settings of the hook system itself.')
  .meta({ default: {} });

const securitySchema = z
  .looseObject({
    folderTrust: z
      .looseObject({
        enabled: boolean()
          .optional()
          .describe('When true, settings hooks run only in folders trusted in trustedFolders.json. Read from system and user settings only.')
          .meta({ default: true }),
      })
      .optional()
      .describe('Folder trust settings.')
      .meta({ default: {} }),
    environmentVariableRedaction: z
      .looseObject({
        allowed: stringArray().optional().describe('Environment variables always passed to hooks.').meta({ default: [] }),
        blocked: stringArray().optional().describe('Environment variables never passed to hooks.').meta({ default: [] }),
        enabled: boolean().optional().describe('Remove variables that look like secrets from the environment hooks receive.').meta({ default: false }),
      })
      .optional()
      .describe('Redaction of the environment passed to hooks.')
      .meta({ default: {} }),
  })
  .optional()
  .describe('Security settings.')
  .meta({ default: {} });

type TypeOnlyKey = { [K in keyof typeof TOP_LEVEL_KEYS]: (typeof TOP_LEVEL_KEYS)[K] extends 'deep' ? never : K }[keyof typeof TOP_LEVEL_KEYS];

/** What each type-only key holds, in a few words (facts from Gemini CLI's schema). */
const TYPE_ONLY_DESCRIPTIONS: Readonly<Record<TypeOnlyKey, string>> = {
  mcpServers: 'MCP server configurations, by server name.',
  policyPaths: 'Extra policy files or directories to load.',
  adminPolicyPaths: 'Extra admin policy files or directories to load.',
  general: 'General settings (editor, approval mode, updates, checkpointing, ...).',
  output: 'Output settings (format).',
  ui: 'User interface settings.',
  ide: 'IDE integration settings.',
  privacy: 'Privacy settings.',
  telemetry: 'Telemetry: a boolean, or an object of telemetry settings.',
  billing: 'Billing settings (overage strategy, Vertex AI request types).',
  model: 'Model settings (name, session turns, compression, ...).',
  modelConfigs: 'Model configurations (aliases and overrides).',
  agents: 'Subagent settings.',
  context: 'Context settings (context file names, included directories, file filtering).',
  tools: 'Tool settings (sandbox, shell, allowed and excluded tools).',
  mcp: 'MCP settings (server command, allowed and excluded servers).',
  useWriteTodos: 'Whether the write_todos tool is enabled.',
  advanced: 'Advanced settings.',
  experimental: 'Experimental features.',
  extensions: 'Extension settings.',
  skills: 'Agent skill settings.',
  contextManagement: 'Context management settings (history window, message limits, tool output distillation and masking).',
  admin: 'Settings set by enterprise admins.',
};

const typeOnly: Record<Exclude<TopLevelType, 'deep'>, () => z.ZodType> = {
  object: () => z.looseObject({}).optional(),
  strings: () => stringArray().optional(),
  boolean: () => boolean().optional(),
  telemetry: () => z.union([boolean(), z.looseObject({})], { error: telemetryError }).optional(),
};

const deepKeys = { hooksConfig: hooksConfigSchema, hooks: hooksSchema, security: securitySchema };

export const geminiSettingsSchema = z
  .looseObject(
    Object.fromEntries(
      Object.entries(TOP_LEVEL_KEYS).map(([key, type]) => [
        key,
        type === 'deep'
          ? deepKeys[key as keyof typeof deepKeys]
          : typeOnly[type]().describe(`${TYPE_ONLY_DESCRIPTIONS[key as TypeOnlyKey]} Described here by its type only; checked in full, as Gemini CLI checks it.`),
      ]),
    ) as typeof deepKeys & Record<TypeOnlyKey, z.ZodType>,
  )
  .describe("Gemini CLI settings (settings.json): the keys hookrun reads, and the type of every other top-level key of Gemini CLI's schema. Unknown keys are allowed and ignored.");

/** The defaults this schema documents (its `default` metadata), as a settings object. */
export function schemaDefaults(): JsonObject {
  return defaultsOf(geminiSettingsSchema.shape);
}

function defaultsOf(shape: Record<string, z.ZodType>): JsonObject {
  const defaults: JsonObject = {};
  for (const [key, field] of Object.entries(shape)) {
    const inner = field instanceof z.ZodOptional ? field.unwrap() : field;
    const value = field.meta()?.default;
    // Only objects that document a default are seeded: the type-only keys are not (hookrun reads nothing in them).
    if (inner instanceof z.ZodObject && value !== undefined) {
      defaults[key] = defaultsOf(inner.shape as Record<string, z.ZodType>);
      continue;
    }
    if (value !== undefined) defaults[key] = structuredClone(value);
  }
  return defaults;
}
