// Gemini CLI's configuration as Gemini CLI resolves it: four settings files read, checked and
// merged (system defaults → user → workspace → system), folder trust decided from the files
// the workspace cannot edit, then the hook registry built from the merged `hooks` (settings
// hooks, only in a trusted folder) and from active extensions.
import fs from 'node:fs';
import path from 'node:path';
import { geminiHome, type Context } from '../context.js';
import { configError, formatJsonPath, HookrunError } from '../errors.js';
import { decideFolderTrust } from '../trust/folders.js';
import type { Diagnostic, JsonObject, Layer, Location, ResolvedConfig, SettingsFileInfo, TrustDecision } from '../types.js';
import { expandEnvInObject } from './expand.js';
import { loadExtensions } from './extensions.js';
import { isPlainObject, parseJsoncObject, type JsoncDocument } from './jsonc.js';
import { mergeHookSlots, mergeSettings } from './merge.js';
import { registerHooks } from './registry.js';
import { settingsDefaults, validateSettings } from './schema-check.js';

export type SettingsLayerName = Exclude<Layer, 'extension'>;

/** The settings layers in merge order: later files win for single values. */
export const SETTINGS_LAYERS: readonly SettingsLayerName[] = ['systemDefaults', 'user', 'workspace', 'system'];

export type GeminiSettingsPaths = Record<SettingsLayerName, string>;

export interface GeminiLoadOptions {
  /** `--trust-workspace`: trust the folder for this run. */
  trustWorkspace?: boolean;
}

/** One settings file, read and checked on its own (what `validate` reports per file). */
export interface SettingsLayer {
  layer: SettingsLayerName;
  path: string;
  exists: boolean;
  /** Set when Gemini does not read this file at all (the workspace when cwd is the home directory). */
  skipped?: string;
  /** The parsed text with positions; absent when the file is missing, skipped or unreadable. */
  doc?: JsoncDocument;
  /** Environment-expanded settings, with strings cast when the file validates; {} when absent. */
  settings: JsonObject;
  /** The file passed schema validation (true for a missing or skipped file). */
  valid: boolean;
  /** Schema findings (warnings). */
  diagnostics: Diagnostic[];
  /** A read or parse failure: fatal for Gemini CLI. */
  error?: HookrunError;
}

export function geminiSettingsPaths(ctx: Context): GeminiSettingsPaths {
  const system = ctx.env.GEMINI_CLI_SYSTEM_SETTINGS_PATH || defaultSystemSettingsPath(ctx.platform);
  return {
    systemDefaults: ctx.env.GEMINI_CLI_SYSTEM_DEFAULTS_PATH || path.join(path.dirname(system), 'system-defaults.json'),
    user: path.join(geminiHome(ctx), '.gemini', 'settings.json'),
    workspace: path.join(ctx.cwd, '.gemini', 'settings.json'),
    system,
  };
}

function defaultSystemSettingsPath(platform: NodeJS.Platform): string {
  if (platform === 'darwin') return '/Library/Application Support/GeminiCli/settings.json';
  if (platform === 'win32') return 'C:\\ProgramData\\gemini-cli\\settings.json';
  return '/etc/gemini-cli/settings.json';
}

/** Gemini does not read `<cwd>/.gemini/settings.json` when cwd is the home directory (it is the user file). */
export function workspaceIsHome(ctx: Context): boolean {
  return realpathOr(ctx.cwd) === realpathOr(geminiHome(ctx));
}

/** Reads every layer in merge order. Never throws: problems are in each layer's `error`/`diagnostics`. */
export function loadSettingsLayers(ctx: Context): SettingsLayer[] {
  const paths = geminiSettingsPaths(ctx);
  const skipWorkspace = workspaceIsHome(ctx);
  return SETTINGS_LAYERS.map((layer) => {
    if (layer === 'workspace' && skipWorkspace) {
      return { ...emptyLayer(layer, paths[layer], fs.existsSync(paths[layer])), skipped: 'the workspace is the home directory' };
    }
    return loadSettingsLayer(ctx, layer, paths[layer]);
  });
}

/** One file: read, parse (JSONC), require an object, expand environment variables, validate. */
export function loadSettingsLayer(ctx: Context, layer: SettingsLayerName, file: string): SettingsLayer {
  if (!fs.existsSync(file)) return emptyLayer(layer, file, false);
  try {
    const doc = parseJsoncObject(fs.readFileSync(file, 'utf8'), file, 'Settings file is not a valid JSON object.');
    const validation = validateSettings(expandEnvInObject(doc.value, ctx.env));
    const diagnostics = validation.issues.map((issue): Diagnostic => ({
      code: 'schema-invalid',
      severity: 'warning',
      message: `Invalid configuration in ${file}: ${formatJsonPath(issue.path) || '(root)'}: ${issue.message}. Gemini CLI uses this file as written (no string is cast to a number or boolean).`,
      location: doc.locate(issue.path),
    }));
    return { layer, path: file, exists: true, doc, settings: validation.data, valid: validation.valid, diagnostics };
  } catch (error) {
    return { ...emptyLayer(layer, file, true), error: asConfigError(error, file) };
  }
}

export async function loadGeminiConfig(ctx: Context, opts: GeminiLoadOptions = {}): Promise<ResolvedConfig> {
  const layers = loadSettingsLayers(ctx);
  throwFatal(layers);
  const defaults = settingsDefaults();
  const byName = (name: SettingsLayerName) => layers.find((layer) => layer.layer === name)!;
  // Trust is decided before the workspace file counts: a workspace cannot vouch for itself.
  const trustSettings = mergeSettings(defaults, ...(['systemDefaults', 'user', 'system'] as const).map((name) => byName(name).settings));
  const trust = decideFolderTrust(ctx, trustSettings, opts);
  const included = layers.filter((layer) => layer.layer !== 'workspace' || trust.trusted);
  const merged = mergeSettings(defaults, ...included.map((layer) => layer.settings));

  const config: ResolvedConfig = {
    dialect: 'gemini',
    hooksEnabled: hooksEnabled(merged),
    trust,
    entries: [],
    diagnostics: layers.flatMap((layer) => layer.diagnostics),
    files: layers.map((layer) => fileInfo(layer, trust)),
    merged,
  };
  if (!config.hooksEnabled) {
    config.diagnostics.push(hooksDisabledDiagnostic(included));
    return config;
  }
  registerSettingsHooks(ctx, config, included);
  registerExtensionHooks(ctx, config);
  return config;
}

function registerSettingsHooks(ctx: Context, config: ResolvedConfig, included: SettingsLayer[]): void {
  if (!config.trust.trusted) {
    config.diagnostics.push(untrustedDiagnostic(ctx, config.trust));
    return;
  }
  const slots = mergeHookSlots(
    included.map((layer) => ({
      layer: layer.layer,
      hooks: layer.settings.hooks,
      locate: (sub, options) => layer.doc?.locate(['hooks', ...sub], options),
    })),
  );
  const registry = registerHooks({ slots, source: 'project', disabled: disabledList(config.merged) });
  config.entries.push(...registry.entries);
  config.diagnostics.push(...registry.diagnostics);
}

function registerExtensionHooks(ctx: Context, config: ResolvedConfig): void {
  const scan = loadExtensions(ctx, { merged: config.merged, trusted: config.trust.trusted });
  config.diagnostics.push(...scan.diagnostics);
  for (const extension of scan.extensions) {
    if (!extension.active) {
      if (extension.slots.length > 0) config.diagnostics.push(inactiveExtensionDiagnostic(extension.name, extension.hooksFile));
      continue;
    }
    const registry = registerHooks({
      slots: extension.slots,
      source: 'extensions',
      disabled: disabledList(config.merged),
      extension: extension.name,
    });
    config.entries.push(...registry.entries);
    config.diagnostics.push(...registry.diagnostics);
  }
}

function hooksConfigOf(merged: JsonObject): JsonObject {
  return isPlainObject(merged.hooksConfig) ? merged.hooksConfig : {};
}

/** `hooksConfig.enabled ?? true`, then used as a truthy flag (so an uncast "false" string enables hooks). */
function hooksEnabled(merged: JsonObject): boolean {
  return Boolean(hooksConfigOf(merged).enabled ?? true);
}

function disabledList(merged: JsonObject): unknown {
  return hooksConfigOf(merged).disabled || [];
}

function fileInfo(layer: SettingsLayer, trust: TrustDecision): SettingsFileInfo {
  const info: SettingsFileInfo = { layer: layer.layer, path: layer.path, exists: layer.exists, loaded: layer.exists && !layer.skipped };
  if (layer.skipped) info.note = `not read: ${layer.skipped}`;
  else if (!layer.exists) info.note = 'not found';
  else if (layer.layer === 'workspace' && !trust.trusted) {
    info.loaded = false;
    info.note = 'ignored: the folder is not trusted';
  }
  return info;
}

function hooksDisabledDiagnostic(included: SettingsLayer[]): Diagnostic {
  const diagnostic: Diagnostic = {
    code: 'hooks-disabled',
    severity: 'info',
    message: 'Hooks are disabled (hooksConfig.enabled is false): Gemini CLI runs no hook at all, extension hooks included.',
  };
  const setter = [...included].reverse().find((layer) => {
    const hooksConfig = layer.settings.hooksConfig;
    return isPlainObject(hooksConfig) && hooksConfig.enabled !== undefined;
  });
  const location = setter?.doc?.locate(['hooksConfig', 'enabled']);
  if (location) diagnostic.location = location;
  return diagnostic;
}

function untrustedDiagnostic(ctx: Context, trust: TrustDecision): Diagnostic {
  return {
    code: 'untrusted-folder',
    severity: 'warning',
    message:
      `Project hooks disabled because the folder is not trusted. No settings hook runs here (system, user and workspace ones alike; extension hooks still do)` +
      `${trust.detail ? ` [${trust.detail}]` : ''}. To trust ${ctx.cwd}: pass --trust-workspace, set GEMINI_CLI_TRUST_WORKSPACE=true, ` +
      `or run \`hookrun trust --folder ${ctx.cwd}\`.`,
  };
}

function inactiveExtensionDiagnostic(name: string, hooksFile: string): Diagnostic {
  return {
    code: 'extension-inactive',
    severity: 'info',
    message: `Extension "${name}" is disabled for this folder; its hooks are not loaded.`,
    location: { file: hooksFile, line: 0, column: 0, path: [] },
  };
}

function throwFatal(layers: SettingsLayer[]): void {
  const errors = layers.flatMap((layer) => (layer.error ? [layer.error] : []));
  if (errors.length === 0) return;
  if (errors.length === 1) throw errors[0]!;
  throw configError(errors.map((error) => error.message).join('\n'), errors[0]!.location);
}

function emptyLayer(layer: SettingsLayerName, file: string, exists: boolean): SettingsLayer {
  return { layer, path: file, exists, settings: {}, valid: true, diagnostics: [] };
}

function asConfigError(error: unknown, file: string): HookrunError {
  if (error instanceof HookrunError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const location: Location = { file, line: 0, column: 0, path: [] };
  return configError(`Error in ${file}: ${message}`, location);
}

function realpathOr(target: string): string {
  const resolved = path.resolve(target);
  try {
    return fs.realpathSync(resolved);
  } catch {
    return resolved;
  }
}
