// What `validate` looks at, read and normalised once: every settings layer (parsed with positions,
// whatever the folder trust), every installed extension's hooks, and the hook registry rules applied
// per file and per definition. The rules in rules/ only read this model; nothing here judges.
import { loadTrustedHooks, projectRootKey } from '../trust/hooks.js';
import type { Context } from '../../../pipeline/context.js';
import { HookrunError } from '../../../pipeline/errors.js';
import { geminiStartupEnvironment } from '../settings/env-file.js';
import { loadExtensions, type ExtensionHooks } from '../settings/extensions.js';
import { decideGeminiTrust, disabledList, hooksEnabled, layerSlots, loadSettingsLayers, mergeLayers, type SettingsLayer } from '../settings/load.js';
import { registerHooks, type HookSlot, type Locator } from '../settings/registry.js';
import { addEventNameHints } from '../settings/event-hint.js';
import { isHookEventName, type HookEventName } from '../events.js';
import type { Diagnostic, JsonObject, Layer, Location, RegistryEntry, TrustDecision } from '../../../pipeline/types.js';
import { resolveGeminiProfile, type GeminiProfile } from '../version.js';

/** One hook definition (`{matcher, sequential, hooks: [...]}`) as written in one file. */
export interface Definition {
  event: HookEventName;
  layer: Layer;
  source: 'project' | 'extensions';
  /** The definition as loaded (environment-expanded; hydrated for extensions). */
  value: unknown;
  /** Locates a path below this definition in its file. */
  locate: Locator;
  /** The hooks of this definition that Gemini CLI registers (invalid ones are diagnostics instead). */
  entries: RegistryEntry[];
  extension?: string;
}

export interface ValidationModel {
  ctx: Context;
  layers: SettingsLayer[];
  /** All layers merged, the workspace included whatever the trust: the configuration as written. */
  merged: JsonObject;
  hooksEnabled: boolean;
  /** Undefined when trustedFolders.json is broken (a diagnostic says so). */
  trust?: TrustDecision;
  extensions: ExtensionHooks[];
  definitions: Definition[];
  /** Every registered hook in run order: settings layers in merge order, then extensions. */
  entries: RegistryEntry[];
  /** What the loader itself reports: layer failures, schema issues, registry skips, extension problems, the .env file. */
  diagnostics: Diagnostic[];
  /** Workspace hooks already recorded in trusted_hooks.json (undefined: no such file). */
  trustedHooks: TrustedHooksFile;
}

export interface TrustedHooksFile {
  file: string;
  /** The `name:command` keys recorded for this workspace. */
  keys: ReadonlySet<string>;
}

export function collectGemini(ctx: Context, profile: GeminiProfile = resolveGeminiProfile(undefined, ctx.env)): ValidationModel {
  const layers = loadSettingsLayers(ctx, profile);
  const diagnostics: Diagnostic[] = [];
  for (const layer of layers) {
    if (layer.error) diagnostics.push(layerErrorDiagnostic(layer, layer.error));
    diagnostics.push(...layer.diagnostics);
  }
  const checked = layers.filter((layer) => !layer.skipped);
  const merged = mergeLayers(checked);
  const trust = trustOf(ctx, layers, diagnostics, profile);
  const disabled = disabledList(merged);
  if (trust) {
    // The .env file Gemini CLI would load (its start-up settings hold the workspace file only when trusted).
    const startupLayers = checked.filter((layer) => layer.layer !== 'workspace' || trust.trusted);
    diagnostics.push(...(geminiStartupEnvironment(ctx, { trusted: trust.trusted, merged: mergeLayers(startupLayers) })?.diagnostics ?? []));
  }

  const definitions: Definition[] = [];
  for (const layer of checked) {
    register(layerSlots(layer), { layer: layer.layer, source: 'project', disabled }, definitions, diagnostics);
  }
  const scan = loadExtensions(ctx, { merged, trusted: trust?.trusted ?? false });
  diagnostics.push(...scan.diagnostics);
  for (const extension of scan.extensions) {
    register(extension.slots, { layer: 'extension', source: 'extensions', disabled, extension: extension.name }, definitions, diagnostics);
  }
  return {
    ctx,
    layers,
    merged,
    hooksEnabled: hooksEnabled(merged),
    ...(trust ? { trust } : {}),
    extensions: scan.extensions,
    definitions,
    entries: definitions.flatMap((definition) => definition.entries),
    diagnostics,
    trustedHooks: readTrustedHooks(ctx),
  };
}

interface RegisterOptions {
  layer: Layer;
  source: 'project' | 'extensions';
  disabled: unknown;
  extension?: string;
}

/** The registry rules, one definition at a time, so every entry stays tied to the definition it came from. */
function register(slots: HookSlot[], options: RegisterOptions, definitions: Definition[], diagnostics: Diagnostic[]): void {
  const input = { source: options.source, disabled: options.disabled, ...(options.extension ? { extension: options.extension } : {}) };
  for (const slot of slots) {
    if (!slot.items || !isHookEventName(slot.key)) {
      const found = registerHooks({ ...input, slots: [slot] }).diagnostics;
      addEventNameHints(found);
      diagnostics.push(...found);
      continue;
    }
    for (const item of slot.items) {
      const registry = registerHooks({ ...input, slots: [{ key: slot.key, items: [item] }] });
      diagnostics.push(...registry.diagnostics);
      const definition: Definition = {
        event: slot.key,
        layer: options.layer,
        source: options.source,
        value: item.value,
        locate: item.locate,
        entries: registry.entries,
      };
      if (options.extension) definition.extension = options.extension;
      definitions.push(definition);
    }
  }
}

function trustOf(ctx: Context, layers: SettingsLayer[], diagnostics: Diagnostic[], profile: GeminiProfile): TrustDecision | undefined {
  try {
    return decideGeminiTrust(ctx, layers, { profile });
  } catch (error) {
    if (!(error instanceof HookrunError)) throw error;
    const diagnostic: Diagnostic = { code: 'trusted-folders-invalid', severity: 'error', message: error.message };
    if (error.location) diagnostic.location = error.location;
    diagnostics.push(diagnostic);
    return undefined;
  }
}

function layerErrorDiagnostic(layer: SettingsLayer, error: HookrunError): Diagnostic {
  const location: Location = error.location ?? { file: layer.path, line: 0, column: 0, path: [] };
  return { code: layer.errorCode ?? 'settings-unreadable', severity: 'error', message: error.message, location };
}

/** Gemini reads the file with JSON.parse and treats any failure as "nothing trusted yet" (dialects/gemini/trust/hooks.ts reads it). */
function readTrustedHooks(ctx: Context): TrustedHooksFile {
  const loaded = loadTrustedHooks(ctx);
  return { file: loaded.file, keys: new Set(loaded.projects[projectRootKey(ctx)] ?? []) };
}
