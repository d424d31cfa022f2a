// Gemini CLI's hook registry (hookRegistry.ts), as a pure function: walk a `hooks` object in
// key order and keep every hook Gemini would register, in the same order. Every entry Gemini
// skips (most of them only at debug level, i.e. silently) becomes a warning with a stable code,
// Gemini's own message text and the file position of the offending value.
import type { Diagnostic, HookConfig, JsonObject, Layer, Location, RegistryEntry } from '../../../pipeline/types.js';
import { textOf } from '../../../pipeline/event/json.js';
import type { JsonPath } from '../../../files/jsonc.js';
import { isHookEventName } from '../events.js';
import type { DroppedHookCodes } from '../../dialect.js';

/** Finds the file position of a path below a value (relative to that value); `key` for the property name. */
export type Locator = (subPath: JsonPath, options?: { key?: boolean }) => Location | undefined;

/** One definition (an element of a `hooks.<Event>` array) and where it was written. */
export interface SourcedValue {
  value: unknown;
  layer: Layer;
  locate: Locator;
}

/** One key of a `hooks` object: an array of definitions (`items`) or any other value. */
export interface HookSlot {
  key: string;
  items?: SourcedValue[];
  value?: unknown;
  /** Where the key itself was written (for diagnostics about the key). */
  keyLocation?: Location;
}

export interface RegistryInput {
  slots: HookSlot[];
  /** Gemini's source label: "project" for every settings file, "extensions" for extension hooks. */
  source: 'project' | 'extensions';
  /** Merged `hooksConfig.disabled` (normally a string array). */
  disabled: unknown;
  extension?: string;
}

export interface RegistryOutput {
  entries: RegistryEntry[];
  diagnostics: Diagnostic[];
}

/** The codes below with which Gemini skips configured hooks (explain lists them as the event's unregistered hooks). */
export const GEMINI_DROPPED_HOOK_CODES: DroppedHookCodes = {
  unknownEvent: 'invalid-event-name',
  exact: ['event-not-array', 'invalid-definition', 'invalid-hook-entry', 'invalid-hook-type', 'missing-command', 'missing-name'],
};

/** `hooks` keys that Gemini skips without a word (they belong in `hooksConfig`). */
const CONFIG_KEYS = new Set(['enabled', 'disabled', 'notifications']);

const HOOK_TYPES = new Set(['command', 'plugin', 'runtime']);

export function registerHooks(input: RegistryInput): RegistryOutput {
  const out: RegistryOutput = { entries: [], diagnostics: [] };
  for (const slot of input.slots) registerSlot(slot, input, out);
  return out;
}

function registerSlot(slot: HookSlot, input: RegistryInput, out: RegistryOutput): void {
  const { key } = slot;
  if (CONFIG_KEYS.has(key)) {
    warn(out, 'ignored-hooks-key', ignoredKeyMessage(key), slot.keyLocation);
    return;
  }
  if (!isHookEventName(key)) {
    warn(out, 'invalid-event-name', invalidEventMessage(key, input.source), slot.keyLocation);
    return;
  }
  if (!slot.items) {
    const message = `Hook definitions for event "${key}" from source "${input.source}" is not an array. Skipping.`;
    warn(out, 'event-not-array', message, slot.keyLocation);
    return;
  }
  for (const definition of slot.items) registerDefinition(key, definition, input, out);
}

function registerDefinition(event: string, definition: SourcedValue, input: RegistryInput, out: RegistryOutput): void {
  const value = definition.value;
  if (!isObjectLike(value) || !Array.isArray(value.hooks)) {
    const message = `Discarding invalid hook definition for ${event} from ${input.source}: ${show(value)}`;
    warn(out, 'invalid-definition', message, definition.locate([]));
    return;
  }
  value.hooks.forEach((hook: unknown, index: number) => {
    const location = definition.locate(['hooks', index]);
    if (!isObjectLike(hook)) {
      const message = `Discarding invalid hook configuration for ${event} from ${input.source}: ${show(hook)}`;
      warn(out, 'invalid-hook-entry', message, location);
      return;
    }
    const problem = hookConfigProblem(hook, event, input.source);
    if (problem) {
      warn(out, problem.code, problem.message, location);
      return;
    }
    if (hook.type === 'runtime') {
      const message = `Runtime hook "${textOf(hook.name)}" for ${event} from ${input.source} is registered, but Gemini CLI runs a runtime hook by calling an in-process function that settings cannot define: it always fails and its command never runs.`;
      warn(out, 'runtime-hook-in-settings', message, location);
    }
    out.entries.push(entryFor(event, hook, value, definition.layer, location, input));
  });
}

function entryFor(event: string, hook: JsonObject, definition: JsonObject, layer: Layer, location: Location | undefined, input: RegistryInput): RegistryEntry {
  // Gemini's getHookName: only a command hook falls back to its command (a plugin hook is "unknown-hook").
  const name = hook.type === 'command' ? hook.name || hook.command || 'unknown-command' : hook.name || 'unknown-hook';
  const entry: RegistryEntry = {
    event,
    config: { ...hook } as HookConfig,
    source: input.source,
    layer,
    matcher: definition.matcher,
    sequential: definition.sequential,
    enabled: !listIncludes(input.disabled, name),
    displayName: textOf(name),
  };
  if (location) entry.location = location;
  if (input.extension !== undefined) entry.extension = input.extension;
  return entry;
}

/** Gemini's validateHookConfig, as a reason (or none). */
function hookConfigProblem(hook: JsonObject, event: string, source: string): { code: string; message: string } | undefined {
  const type = hook.type;
  if (!type || typeof type !== 'string' || !HOOK_TYPES.has(type)) {
    return { code: 'invalid-hook-type', message: invalidTypeMessage(event, source, type) };
  }
  if (type === 'command' && !hook.command) {
    return { code: 'missing-command', message: `Command hook ${event} from ${source} missing command field` };
  }
  if (type === 'runtime' && !hook.name) {
    return { code: 'missing-name', message: `Runtime hook ${event} from ${source} missing name field` };
  }
  return undefined;
}

function invalidTypeMessage(event: string, source: string, type: unknown): string {
  const base = `Invalid hook ${event} from ${source} type: ${textOf(type)}`;
  const suggestion = typeof type === 'string' && HOOK_TYPES.has(type.toLowerCase()) ? `; types are case-sensitive, use "${type.toLowerCase()}"` : '';
  return `${base} (Gemini CLI skips this hook without a visible warning${suggestion})`;
}

/** Gemini CLI's message; what the key looks like is added by settings/event-hint.ts, loaded only when needed. */
function invalidEventMessage(key: string, source: string): string {
  return `Invalid hook event name: "${key}" from ${source} config. Skipping.`;
}

function ignoredKeyMessage(key: string): string {
  return `"hooks.${key}" is ignored by Gemini CLI; the setting is "hooksConfig.${key}".`;
}

function warn(out: RegistryOutput, code: string, message: string, location: Location | undefined): void {
  const diagnostic: Diagnostic = { code, severity: 'warning', message };
  if (location) diagnostic.location = location;
  out.diagnostics.push(diagnostic);
}

/** Gemini checks `typeof x === 'object'` and truthiness: arrays pass as objects too. */
function isObjectLike(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null;
}

/**
 * `disabledHooks.includes(name)` as the agent evaluates it: an array's, or a string's, which makes the
 * name text first (`"n5".includes(5)` is true, `"zz".includes([])` tests for "" and is always true).
 * Any other list has no `includes`: the agent fails at start-up (see disabledListBlocker).
 */
function listIncludes(list: unknown, name: unknown): boolean {
  if (Array.isArray(list)) return list.includes(name);
  if (typeof list !== 'string') return false;
  try {
    return list.includes(String(name));
  } catch {
    // A name whose text cannot be made ({"toString": false}): the agent's includes throws too.
    return false;
  }
}

function show(value: unknown): string {
  if (value === undefined) return 'undefined';
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

/** The slots of a `hooks` object read from one file (an extension's hooks.json). */
export function slotsFromObject(hooks: JsonObject, layer: Layer, locate: Locator): HookSlot[] {
  return Object.keys(hooks).map((key) => {
    const value = hooks[key];
    const slot: HookSlot = { key, value };
    const keyLocation = locate([key], { key: true });
    if (keyLocation) slot.keyLocation = keyLocation;
    if (Array.isArray(value)) {
      slot.items = value.map((item, index) => ({ value: item, layer, locate: (sub) => locate([key, index, ...sub]) }));
    }
    return slot;
  });
}
