// Gemini CLI's settings merge (customDeepMerge): objects merge key by key, later sources win
// for everything else, except where the schema names a strategy: CONCAT for the arrays under
// `hooks`, UNION for `hooksConfig.disabled` (and a few lists hookrun does not read).
// Two quirks kept on purpose: a non-array value merged into an array is wrapped first (so
// `hooks.BeforeTool: {…}` becomes a one-element array), and an unknown `hooks.<key>` gets no
// strategy at all (later files replace it).
import type { JsonObject, Layer } from '../../../pipeline/types.js';
import type { HookSlot, Locator, SourcedValue } from './registry.js';
import { HOOK_EVENTS, isHookEventName } from '../events.js';

export type MergeStrategy = 'concat' | 'union' | 'shallow';

const STRATEGIES: Record<string, MergeStrategy> = {
  'hooksConfig.disabled': 'union',
  mcpServers: 'shallow',
  policyPaths: 'union',
  adminPolicyPaths: 'union',
  'advanced.excludedEnvVars': 'union',
  'extensions.disabled': 'union',
  'extensions.workspacesWithMigrationNudge': 'union',
  'skills.disabled': 'union',
};

function mergeStrategyFor(path: readonly string[]): MergeStrategy | undefined {
  if (path.length === 2 && path[0] === 'hooks' && isHookEventName(path[1]!)) return 'concat';
  return STRATEGIES[path.join('.')];
}

/** Merges settings objects in order (schema defaults first); the sources are not modified. */
export function mergeSettings(...sources: JsonObject[]): JsonObject {
  const result: JsonObject = {};
  for (const source of sources) mergeInto(result, source, []);
  return result;
}

function isMergeableObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function mergeInto(target: JsonObject, source: JsonObject, path: string[]): void {
  for (const key of Object.keys(source)) {
    // JSON.parse makes `__proto__` an own key; Gemini skips it to avoid prototype pollution.
    if (key === '__proto__') continue;
    const value = source[key];
    if (value === undefined) continue;
    const keyPath = [...path, key];
    const current = target[key];
    const strategy = mergeStrategyFor(keyPath);

    if (strategy === 'shallow' && current && value) {
      target[key] = { ...(isMergeableObject(current) ? current : {}), ...(isMergeableObject(value) ? value : {}) };
    } else if (Array.isArray(current) && (strategy === 'concat' || strategy === 'union')) {
      const combined = current.concat(Array.isArray(value) ? value : [value]);
      target[key] = strategy === 'union' ? [...new Set(combined)] : combined;
    } else if (isMergeableObject(current) && isMergeableObject(value)) {
      mergeInto(current, value, keyPath);
    } else if (isMergeableObject(value)) {
      const fresh: JsonObject = {};
      target[key] = fresh;
      mergeInto(fresh, value, keyPath);
    } else {
      target[key] = Array.isArray(value) ? [...value] : value;
    }
  }
}

/** One settings file's `hooks` value, with where it came from. */
export interface LayerHooks {
  layer: Layer;
  hooks: unknown;
  /** Locates a path below the file's `hooks` key. */
  locate: Locator;
}

/**
 * The merged `hooks` object as registry slots, each definition still knowing its file and
 * position. Follows mergeSettings exactly for this one key: schema defaults seed the eleven
 * events with empty arrays (so they come first, in schema order), event arrays concatenate
 * (a non-array value is wrapped), any other key is replaced by later files.
 */
export function mergeHookSlots(layers: LayerHooks[]): HookSlot[] {
  let slots: Map<string, HookSlot> | undefined = new Map(HOOK_EVENTS.map((event) => [event, { key: event, items: [] }]));
  let replacement: unknown;
  for (const { layer, hooks, locate } of layers) {
    if (hooks === undefined) continue;
    if (!isMergeableObject(hooks)) {
      slots = undefined;
      replacement = hooks;
      continue;
    }
    slots ??= new Map();
    for (const key of Object.keys(hooks)) {
      if (key === '__proto__' || hooks[key] === undefined) continue;
      mergeSlot(slots, key, hooks[key], layer, locate);
    }
  }
  return slots ? [...slots.values()] : slotsOfNonObject(replacement);
}

function mergeSlot(slots: Map<string, HookSlot>, key: string, value: unknown, layer: Layer, locate: Locator): void {
  const current = slots.get(key);
  const sourced = (index?: number): SourcedValue => ({
    value: index === undefined ? value : (value as unknown[])[index],
    layer,
    locate: (sub, options) => locate(index === undefined ? [key, ...sub] : [key, index, ...sub], options),
  });
  const items = Array.isArray(value) ? value.map((_, index) => sourced(index)) : undefined;
  if (current?.items && mergeStrategyFor(['hooks', key]) === 'concat') {
    current.items.push(...(items ?? [sourced()]));
    current.keyLocation ??= locate([key], { key: true });
    return;
  }
  const slot: HookSlot = { key, value };
  if (items) slot.items = items;
  const keyLocation = locate([key], { key: true });
  if (keyLocation) slot.keyLocation = keyLocation;
  slots.set(key, slot);
}

/** `settings.hooks || {}` when a file replaced `hooks` with a non-object: Object.entries of it. */
function slotsOfNonObject(value: unknown): HookSlot[] {
  if (!value) return [];
  return Object.entries(value as object).map(([key, item]) => ({ key, value: item }));
}
