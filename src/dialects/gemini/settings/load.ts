// Gemini CLI's configuration as Gemini CLI resolves it: four settings files read, checked and
// merged (system defaults → user → workspace → system), folder trust decided from the files
// the workspace cannot edit, then the hook registry built from the merged `hooks` (settings
// hooks, only in a trusted folder) and from active extensions. From 0.60.0 on, a system file that
// is not root-owned and locked down is skipped as if absent (system-file.ts).
import path from 'node:path';
import { geminiHome, type Context } from '../../../pipeline/context.js';
import { configError, formatJsonPath, formatLocation, HookrunError } from '../../../pipeline/errors.js';
import { derived, readParsed } from '../../../files/cache.js';
import { decideFolderTrust, RESTRICTED_MODE, type TrustOptions } from '../trust/folders.js';
import type { ConsideredEntry, Diagnostic, JsonObject, Location, RegistryEntry, ResolvedConfig, SettingsFileInfo, TrustDecision } from '../../../pipeline/types.js';
import { geminiStartupEnvironment } from './env-file.js';
import { expandEnvInObject } from './expand.js';
import { extensionsDir, loadExtensions, type ExtensionHooks } from './extensions.js';
import { isPlainObject, parseJsonc, type JsoncDocument } from '../../../files/jsonc.js';
import { mergeHookSlots, mergeSettings, type LayerHooks } from './merge.js';
import { registerHooks, type HookSlot, type RegistryOutput } from './registry.js';
import { settingsDefaults, type SettingsValidation, validateSettings } from './schema-check.js';
import * as observed from '../../../files/journal.js';
import { type GeminiSettingsPaths, geminiSettingsPaths, type SettingsLayerName } from '../configured.js';

export { type GeminiSettingsPaths, geminiSettingsPaths, type SettingsLayerName };
import { geminiHas, resolveGeminiProfile, type GeminiProfile } from '../version.js';
import { systemFileProblem } from './system-file.js';

const SETTINGS_LAYERS: readonly SettingsLayerName[] = ['systemDefaults', 'user', 'workspace', 'system'];

export interface GeminiLoadOptions {
  /** `--trust-workspace`: trust the folder for this run. */
  trustWorkspace?: boolean;
  /** Also build `considered`: the hooks that are not registered (hooks disabled, untrusted folder, inactive extension), marked why. */
  keepInactive?: boolean;
  /** `--gemini-version`: the release whose rules apply (default: HOOKRUN_GEMINI_VERSION, else the newest checked). */
  version?: string;
}

/** One settings file, read and checked on its own (what `validate` reports per file). */
export interface SettingsLayer {
  layer: SettingsLayerName;
  path: string;
  exists: boolean;
  /** Set when Gemini does not read this file at all (the workspace when cwd is the home directory, an insecure system file). */
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
  /** What kind of failure `error` is, as a stable diagnostic code. */
  errorCode?: SettingsErrorCode;
}

export type SettingsErrorCode = 'settings-unreadable' | 'settings-syntax-error' | 'settings-not-object';

/** Gemini does not read `<cwd>/.gemini/settings.json` when cwd is the home directory (it is the user file). */
export function workspaceIsHome(ctx: Context): boolean {
  return realpathOr(ctx.cwd) === realpathOr(geminiHome(ctx));
}

/**
 * Reads every layer in merge order, as the release `profile` reads them (default: the one HOOKRUN_GEMINI_VERSION
 * names, else the newest checked). Never throws for a file: problems are in each layer's `error`/`diagnostics`.
 */
export function loadSettingsLayers(ctx: Context, profile: GeminiProfile = resolveGeminiProfile(undefined, ctx.env)): SettingsLayer[] {
  const paths = geminiSettingsPaths(ctx);
  const skipWorkspace = workspaceIsHome(ctx);
  const secureSystemFiles = geminiHas(profile, 'secureSystemFiles');
  return SETTINGS_LAYERS.map((layer) => {
    if (layer === 'workspace' && skipWorkspace) {
      return { ...emptyLayer(layer, paths[layer], observed.exists(paths[layer])), skipped: 'the workspace is the home directory' };
    }
    if ((layer === 'system' || layer === 'systemDefaults') && secureSystemFiles) {
      // Checked before the file is read: Gemini CLI reads nothing of an insecure file, not even its syntax.
      const problem = systemFileProblem(paths[layer], ctx.platform);
      if (problem) return insecureSystemLayer(layer, paths[layer], problem, profile);
    }
    return loadSettingsLayer(ctx, layer, paths[layer]);
  });
}

/** What Gemini CLI calls each system file in its warning. */
const SYSTEM_FILE_LABEL = { system: 'system settings', systemDefaults: 'system defaults' } as const;

/** A system file Gemini CLI skips: read as absent, with the warning naming the file and the check it failed. */
function insecureSystemLayer(layer: 'system' | 'systemDefaults', file: string, problem: string, profile: GeminiProfile): SettingsLayer {
  const label = SYSTEM_FILE_LABEL[layer];
  const diagnostic: Diagnostic = {
    code: 'system-file-insecure',
    severity: 'warning',
    message:
      `Gemini CLI ${profile.version.join('.')} skips this ${label} file, so nothing in it applies (no hook, no hooksConfig, no security setting): ${problem}. ` +
      `From 0.60.0 on, Gemini CLI reads a system file only when it and every folder above it are owned by root (uid 0) and writable by neither group nor others, ` +
      `and otherwise warns "Security Warning: Skipping ${label} file". To have it read, make the file and those folders root-owned without group or other write ` +
      `(sudo chown root:root, sudo chmod go-w); to follow Gemini CLI 0.59 or older, which reads it anyway: --gemini-version 0.59.0.`,
    location: { file, line: 0, column: 0, path: [] },
  };
  return { ...emptyLayer(layer, file, true), skipped: `not root-owned and locked down (${problem})`, diagnostics: [diagnostic] };
}

/** One file: read, parse (JSONC), require an object, expand environment variables, validate. */
function loadSettingsLayer(ctx: Context, layer: SettingsLayerName, file: string): SettingsLayer {
  const failed = (errorCode: SettingsErrorCode, error: unknown): SettingsLayer => ({
    ...emptyLayer(layer, file, true),
    error: asConfigError(error, file),
    errorCode,
  });
  let parsed: ParsedLayer;
  try {
    // Kept between the events of a server while the file is unchanged (src/files/cache.ts).
    parsed = readParsed(file, parseLayerText);
  } catch (error) {
    return failed('settings-unreadable', error);
  }
  if (parsed === 'missing') return emptyLayer(layer, file, false);
  if ('syntaxError' in parsed) return failed('settings-syntax-error', parsed.syntaxError);
  const { doc } = parsed;
  if (!isPlainObject(doc.value)) {
    return failed('settings-not-object', configError(`Error in ${file}: Settings file is not a valid JSON object.`, doc.locate([])));
  }
  const validation = validateLayer(doc, ctx.env);
  const diagnostics = validation.issues.map(
    (issue): Diagnostic => ({
      code: 'schema-invalid',
      severity: 'warning',
      message: `Invalid configuration in ${file}: ${formatJsonPath(issue.path) || '(root)'}: ${issue.message}. Gemini CLI uses this file as written (no string is cast to a number or boolean).`,
      location: doc.locate(issue.path),
    }),
  );
  return { layer, path: file, exists: true, doc, settings: validation.data, valid: validation.valid, diagnostics };
}

/**
 * The file's settings expanded and validated, kept with its parse (src/files/cache.ts) for as long as
 * the expansion gives the same text: most files expand no variable, and for them the key is empty.
 */
function validateLayer(doc: JsoncDocument, env: Context['env']): SettingsValidation {
  const expanded = expandEnvInObject(doc.value, env);
  return derived(doc, expanded === doc.value ? '' : JSON.stringify(expanded), validateSettings, expanded as JsonObject);
}

type ParsedLayer = 'missing' | { doc: JsoncDocument } | { syntaxError: unknown };

/** A settings file's text as JSONC; a syntax error is a result, so that it is kept like a parse. */
function parseLayerText(text: string | undefined, file: string): ParsedLayer {
  if (text === undefined) return 'missing';
  try {
    return { doc: parseJsonc(text, file) };
  } catch (error) {
    return { syntaxError: error };
  }
}

export async function loadGeminiConfig(ctx: Context, opts: GeminiLoadOptions = {}): Promise<ResolvedConfig> {
  const profile = resolveGeminiProfile(opts.version, ctx.env);
  const layers = loadSettingsLayers(ctx, profile);
  throwFatal(layers);
  const trust = decideGeminiTrust(ctx, layers, { ...opts, profile });
  const included = layers.filter((layer) => layer.layer !== 'workspace' || trust.trusted);
  const merged = mergeLayers(included);
  throwIf(startUpBlocker(merged, included));

  const config: ResolvedConfig = {
    dialect: 'gemini',
    hooksEnabled: hooksEnabled(merged),
    trust,
    entries: [],
    diagnostics: layers.flatMap((layer) => layer.diagnostics),
    files: layers.map((layer) => fileInfo(layer, trust)),
    merged,
  };
  const considered: ConsideredEntry[] | undefined = opts.keepInactive ? [] : undefined;
  if (!config.hooksEnabled) {
    const diagnostic = hooksDisabledDiagnostic(included);
    config.diagnostics.push(diagnostic);
    if (considered) config.considered = hooksDisabledEntries(ctx, config, layers, diagnostic);
    return config;
  }
  // Hooks inherit Gemini's environment as its start-up leaves it; with hooks off nothing runs.
  const startup = geminiStartupEnvironment(ctx, { trusted: trust.trusted, merged });
  if (startup) {
    config.agentEnv = startup.env;
    if (startup.file !== undefined) config.envFile = startup.file;
    if (startup.withheld) config.envWithheld = startup.withheld;
    config.diagnostics.push(...startup.diagnostics);
  }
  const workspace = layers.find((layer) => layer.layer === 'workspace');
  if (trust.trusted && workspace?.doc) config.projectHooks = workspace.settings.hooks;
  registerSettingsHooks(ctx, config, included, considered && { layers, considered });
  registerExtensionHooks(ctx, config, included, considered);
  if (config.diagnostics.some((d) => d.code === 'invalid-event-name')) (await import('./event-hint.js')).addEventNameHints(config.diagnostics);
  throwIf(disabledListBlocker(merged, included, config.entries.length));
  if (considered) config.considered = considered;
  return config;
}

/** Why Gemini CLI cannot start: its message, at the value that stops it. */
export interface StartUpBlocker {
  message: string;
  location?: Location;
}

/**
 * Sections Gemini CLI reads without a guard while it starts, each with the key it reads there
 * (`hooksConfig.enabled`, `security.disableYoloMode` in config.ts; `advanced.dnsResolutionOrder`,
 * `security.auth.selectedType` in gemini.tsx; `tools.exclude` in config.ts): a null the merge leaves
 * there stops it before any hook. Another non-object (`5`, `"x"`) reads as undefined and does not.
 */
const READ_AT_START: readonly (readonly [section: readonly string[], read: string])[] = [
  [['hooksConfig'], 'enabled'],
  [['security'], 'disableYoloMode'],
  [['advanced'], 'dnsResolutionOrder'],
  [['tools'], 'exclude'],
  [['security', 'auth'], 'selectedType'],
];

export function startUpBlocker(merged: JsonObject, layers: readonly SettingsLayer[]): StartUpBlocker | undefined {
  for (const [section, read] of READ_AT_START) {
    const value = section.reduce<unknown>((parent, key) => (isPlainObject(parent) ? parent[key] : undefined), merged);
    if (value !== null) continue;
    const name = section.join('.');
    return blockerAt(
      layers,
      [...section],
      (set) => set === null,
      `"${name}" is null, and Gemini CLI reads ${name}.${read} when it starts: it stops there, before any hook. Make it an object ({}) or remove it.`,
    );
  }
  return undefined;
}

/**
 * `hooksConfig.disabled` that is neither a list nor a string (`5`, `true`, `{}`: possible when an
 * earlier file's non-object `hooksConfig` took the default list away) has no `includes`: Gemini CLI
 * calls it for the first hook it registers, and start-up fails there. Only with a hook registered.
 */
export function disabledListBlocker(merged: JsonObject, layers: readonly SettingsLayer[], registered: number): StartUpBlocker | undefined {
  const list = disabledList(merged);
  if (registered === 0 || Array.isArray(list) || typeof list === 'string') return undefined;
  return blockerAt(
    layers,
    ['hooksConfig', 'disabled'],
    (value) => value !== undefined,
    `hooksConfig.disabled is ${JSON.stringify(list)}, not a list: Gemini CLI calls disabled.includes(name) for the first hook it registers and fails at start-up, before any hook. Make it a list of names.`,
  );
}

/** The blocker placed at the last layer whose value at `at` is `set` (the one the merge kept). */
function blockerAt(layers: readonly SettingsLayer[], at: string[], set: (value: unknown) => boolean, problem: string): StartUpBlocker {
  const valueIn = (settings: JsonObject) => at.reduce<unknown>((value, key) => (isPlainObject(value) ? value[key] : undefined), settings);
  const layer = [...layers].reverse().find((candidate) => set(valueIn(candidate.settings)));
  const location = layer?.doc?.locate(at);
  return { message: `Error in ${location ? formatLocation(location) : (layer?.path ?? 'the settings')}: ${problem}`, ...(location ? { location } : {}) };
}

function throwIf(blocker: StartUpBlocker | undefined): void {
  if (blocker) throw configError(blocker.message, blocker.location);
}

/** Folder trust, decided from the layers a workspace cannot edit (system defaults, user, system). Throws on a broken trustedFolders.json. */
export function decideGeminiTrust(ctx: Context, layers: readonly SettingsLayer[], opts: TrustOptions = {}): TrustDecision {
  const outside = layers.filter((layer) => layer.layer !== 'workspace');
  return decideFolderTrust(ctx, mergeLayers(outside), opts);
}

/** Schema defaults, then the layers in order: Gemini's merged settings. */
export function mergeLayers(layers: readonly SettingsLayer[]): JsonObject {
  return mergeSettings(settingsDefaults(), ...layers.map((layer) => layer.settings));
}

/** The registry rules over these layers' `hooks`, merged the way Gemini merges them (one layer alone for a per-file view). */
function registerLayers(layers: readonly SettingsLayer[], disabled: unknown): RegistryOutput {
  const slots = mergeHookSlots(layers.map(layerHooks));
  return registerHooks({ slots, source: 'project', disabled });
}

/** The registry rules over one extension's hooks.json. */
function registerExtension(extension: ExtensionHooks, disabled: unknown): RegistryOutput {
  return registerHooks({ slots: extension.slots, source: 'extensions', disabled, extension: extension.name });
}

/** One layer's `hooks` as registry slots, with the merge's quirks (a non-array event value is wrapped). */
export function layerSlots(layer: SettingsLayer): HookSlot[] {
  return mergeHookSlots([layerHooks(layer)]);
}

function layerHooks(layer: SettingsLayer): LayerHooks {
  return {
    layer: layer.layer,
    hooks: layer.settings.hooks,
    locate: (sub, options) => layer.doc?.locate(['hooks', ...sub], options),
  };
}

/** What `keepInactive` needs besides the included layers: all of them, and where to put every entry. */
interface KeepInactive {
  layers: SettingsLayer[];
  considered: ConsideredEntry[];
}

function registerSettingsHooks(ctx: Context, config: ResolvedConfig, included: SettingsLayer[], keep?: KeepInactive): void {
  if (!config.trust.trusted) {
    config.diagnostics.push(untrustedDiagnostic(ctx, config.trust));
    if (keep) {
      // What trusting the folder would register: every layer, the workspace file included.
      const inactive = { reason: 'untrusted-folder' as const, detail: untrustedDetail(ctx, config.trust) };
      for (const entry of settingsRegistry(keep.layers).entries) keep.considered.push({ entry, inactive });
    }
    return;
  }
  const registry = settingsRegistry(included, config.merged);
  config.entries.push(...registry.entries);
  config.diagnostics.push(...registry.diagnostics);
  keep?.considered.push(...registry.entries.map((entry) => ({ entry })));
}

/** The registry Gemini builds from these settings files' `hooks`, each disabled entry knowing which list disabled it. */
function settingsRegistry(layers: SettingsLayer[], merged: JsonObject = mergeLayers(layers)): RegistryOutput {
  const registry = registerLayers(layers, disabledList(merged));
  markDisabledBy(registry.entries, layers);
  return registry;
}

function registerExtensionHooks(ctx: Context, config: ResolvedConfig, included: SettingsLayer[], considered?: ConsideredEntry[]): void {
  const scan = loadExtensions(ctx, { merged: config.merged, trusted: config.trust.trusted });
  config.diagnostics.push(...scan.diagnostics);
  for (const extension of scan.extensions) {
    if (!extension.active) {
      if (extension.slots.length > 0) config.diagnostics.push(inactiveExtensionDiagnostic(extension.name, extension.hooksFile));
      if (considered) {
        const inactive = { reason: 'extension-inactive' as const, detail: inactiveExtensionDetail(ctx, extension.name) };
        for (const entry of extensionRegistry(extension, config.merged, included).entries) considered.push({ entry, inactive });
      }
      continue;
    }
    const registry = extensionRegistry(extension, config.merged, included);
    config.entries.push(...registry.entries);
    config.diagnostics.push(...registry.diagnostics);
    considered?.push(...registry.entries.map((entry) => ({ entry })));
  }
}

/** An extension's registry; `layers` are the settings files whose `hooksConfig.disabled` applies. */
function extensionRegistry(extension: ExtensionHooks, merged: JsonObject, layers: SettingsLayer[]): RegistryOutput {
  const registry = registerExtension(extension, disabledList(merged));
  markDisabledBy(registry.entries, layers);
  return registry;
}

/** With `hooksConfig.enabled` false nothing is registered; these are the hooks that setting switched off. */
function hooksDisabledEntries(ctx: Context, config: ResolvedConfig, layers: SettingsLayer[], diagnostic: Diagnostic): ConsideredEntry[] {
  const where = diagnostic.location ? ` (${formatLocation(diagnostic.location)})` : '';
  const untrusted = config.trust.trusted ? '' : '; the folder is not trusted either';
  const inactive = {
    reason: 'hooks-disabled' as const,
    detail: `hooksConfig.enabled is false${where}: Gemini CLI runs no hook at all${untrusted}`,
    ...(diagnostic.location ? { location: diagnostic.location } : {}),
  };
  // Every layer, the workspace included even in an untrusted folder: what switching hooks on (and trusting) would register.
  const settings = settingsRegistry(layers);
  const scan = loadExtensions(ctx, { merged: config.merged, trusted: config.trust.trusted });
  const included = layers.filter((layer) => layer.layer !== 'workspace' || config.trust.trusted);
  const extensions = scan.extensions.flatMap((extension) => extensionRegistry(extension, config.merged, included).entries);
  return [...settings.entries, ...extensions].map((entry) => ({ entry, inactive }));
}

/** Records where `hooksConfig.disabled` names each disabled entry (the lists are unioned, so possibly several files). */
function markDisabledBy(entries: RegistryEntry[], layers: SettingsLayer[]): void {
  for (const entry of entries) {
    if (entry.enabled) continue;
    const places = layers.flatMap((layer) => disabledLocations(layer, entry.displayName));
    if (places.length > 0) entry.disabledBy = places;
  }
}

function disabledLocations(layer: SettingsLayer, name: string): Location[] {
  const hooksConfig = layer.settings.hooksConfig;
  if (!isPlainObject(hooksConfig) || !layer.doc) return [];
  const list = hooksConfig.disabled;
  if (Array.isArray(list)) return list.flatMap((item, index) => (item === name ? [layer.doc!.locate(['hooksConfig', 'disabled', index])] : []));
  if (typeof list === 'string' && list.includes(name)) return [layer.doc.locate(['hooksConfig', 'disabled'])];
  return [];
}

function hooksConfigOf(merged: JsonObject): JsonObject {
  return isPlainObject(merged.hooksConfig) ? merged.hooksConfig : {};
}

/** `hooksConfig.enabled ?? true`, then used as a truthy flag (so an uncast "false" string enables hooks). */
export function hooksEnabled(merged: JsonObject): boolean {
  return Boolean(hooksConfigOf(merged).enabled ?? true);
}

/** Merged `hooksConfig.disabled` (normally a string array; `|| []` as Gemini reads it). */
export function disabledList(merged: JsonObject): unknown {
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

export function hooksDisabledDiagnostic(included: readonly SettingsLayer[]): Diagnostic {
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

export function untrustedDiagnostic(ctx: Context, trust: TrustDecision): Diagnostic {
  const how =
    trust.detail === RESTRICTED_MODE
      ? `GEMINI_RESTRICTED_MODE=true makes Gemini CLI (0.59.0 and later) treat every folder as untrusted, whatever --trust-workspace, GEMINI_CLI_TRUST_WORKSPACE or trustedFolders.json say (a headless run refuses to start): unset it to trust ${ctx.cwd}.`
      : `To trust ${ctx.cwd}: pass --trust-workspace, set GEMINI_CLI_TRUST_WORKSPACE=true, or run \`hookrun trust --folder ${ctx.cwd}\`.`;
  return {
    code: 'untrusted-folder',
    severity: 'warning',
    message:
      `Project hooks disabled because the folder is not trusted. No settings hook runs here (system, user and workspace ones alike; extension hooks still do)` +
      `${trust.detail ? ` [${trust.detail}]` : ''}. ${how}`,
  };
}

function untrustedDetail(ctx: Context, trust: TrustDecision): string {
  const how = trust.detail === RESTRICTED_MODE ? 'unset GEMINI_RESTRICTED_MODE' : 'pass --trust-workspace or set GEMINI_CLI_TRUST_WORKSPACE=true';
  return `the folder is not trusted${trust.detail ? ` (${trust.detail})` : ''}: Gemini CLI loads no settings hook here; to trust ${ctx.cwd} ${how}`;
}

function inactiveExtensionDetail(ctx: Context, name: string): string {
  return `extension "${name}" is disabled for this folder (${path.join(extensionsDir(ctx), 'extension-enablement.json')}); its hooks are not loaded`;
}

export function inactiveExtensionDiagnostic(name: string, hooksFile: string): Diagnostic {
  return {
    code: 'extension-inactive',
    severity: 'info',
    message: `Extension "${name}" is disabled for this folder; its hooks are not loaded.`,
    location: { file: hooksFile, line: 0, column: 0, path: [] },
  };
}

/** What to do about a settings file that does not parse: `validate`'s fix, and the same words in every command's error. */
export const SETTINGS_SYNTAX_FIX = 'Fix the JSON at that position: comments (// and /* */) are allowed, trailing commas and single quotes are not.';

/**
 * The one wording of a settings file that stopped the load, for run, list, explain and the switches:
 * `file:line:column: what. how to fix it` (validate shows the same fix on its own line).
 */
function fatalSettingsError(layer: SettingsLayer): HookrunError {
  const error = layer.error!;
  if (layer.errorCode !== 'settings-syntax-error' || !error.location || error.location.line === 0) return error;
  const where = formatLocation(error.location);
  const what = error.message.replace(` in ${where}`, '').replace(/\.$/, '');
  return configError(`${where}: ${what}. ${SETTINGS_SYNTAX_FIX}`, error.location);
}

function throwFatal(layers: SettingsLayer[]): void {
  const errors = layers.flatMap((layer) => (layer.error ? [fatalSettingsError(layer)] : []));
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
  // A directory where the settings file should be: said as such, not as EISDIR.
  if ((error as NodeJS.ErrnoException).code === 'EISDIR') return configError(`${file} is a directory, not a settings file`, location);
  return configError(`Error in ${file}: ${message}`, location);
}

function realpathOr(target: string): string {
  const resolved = path.resolve(target);
  try {
    return observed.realpathNative(resolved);
  } catch {
    return resolved;
  }
}
