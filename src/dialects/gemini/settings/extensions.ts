// Extension hooks, found the way Gemini CLI's ExtensionManager finds them:
// every directory under <geminiHome>/.gemini/extensions/ with a `gemini-extension.json`
// manifest (name and version required) is an installed extension; a
// `.gemini-extension-install.json` of type "link" points at the real directory. Its hooks live
// in `hooks/hooks.json` (plain JSON, `{"hooks": {...}}`), where `${extensionPath}`,
// `${workspacePath}`, `${/}`, `${pathSeparator}` and the extension's setting variables are
// substituted. Settings declared in the manifest (`settings[].envVar`) that have a value are
// added to every command hook's `env`. Setting values come from `.env` files: the extension's
// own (<extensions>/<name>/.env) and, in a trusted folder, the workspace's `.env`; secrets Gemini
// keeps in the system keychain are not read. An extension is active unless
// `extension-enablement.json` disables it for the workspace (last matching rule wins).
import path from 'node:path';
import { geminiHome, type Context } from '../../../pipeline/context.js';
import { HookrunError } from '../../../pipeline/errors.js';
import type { Diagnostic, JsonObject, Location } from '../../../pipeline/types.js';
import { parseDotenv } from './dotenv.js';
import { expandEnvInObject } from './expand.js';
import { isPlainObject, parseJsonc } from '../../../files/jsonc.js';
import { slotsFromObject, type HookSlot } from './registry.js';
import { readInputFile } from '../../../files/read-input.js';
import { parseJsonBounded } from '../../../files/json-depth.js';
import * as observed from '../../../files/journal.js';
import { codeVariableClass } from '../../../exec/env.js';
import { addSecrets } from '../../../render/mask.js';
import { geminiSecrets } from '../secrets.js';
import { boundedTest, REGEX_BUDGET_MS } from '../../../pipeline/regex.js';

export interface ExtensionHooks {
  name: string;
  /** The directory the extension is loaded from (the link target for linked extensions). */
  path: string;
  hooksFile: string;
  active: boolean;
  slots: HookSlot[];
}

export interface ExtensionScan {
  extensions: ExtensionHooks[];
  diagnostics: Diagnostic[];
}

export interface ExtensionScanOptions {
  /** Merged settings (security.allowedExtensions, security.blockGitExtensions, experimental.extensionConfig). */
  merged: JsonObject;
  /** Folder trust: the workspace `.env` is read only in a trusted folder. */
  trusted: boolean;
}

const MANIFEST = 'gemini-extension.json';
const INSTALL_METADATA = '.gemini-extension-install.json';
const ENABLEMENT = 'extension-enablement.json';

export function extensionsDir(ctx: Context): string {
  return path.join(geminiHome(ctx), '.gemini', 'extensions');
}

export function loadExtensions(ctx: Context, options: ExtensionScanOptions): ExtensionScan {
  const scan: ExtensionScan = { extensions: [], diagnostics: [] };
  const dir = extensionsDir(ctx);
  if (!observed.exists(dir)) return scan;
  let entries: string[];
  try {
    entries = observed.listDir(dir);
  } catch (error) {
    scan.diagnostics.push(extensionWarning('extension-skipped', `Cannot list extensions in ${dir}: ${errorMessage(error)}`, dir));
    return scan;
  }
  const enablement = readEnablement(dir, scan.diagnostics);
  for (const entry of entries) {
    const extensionDir = path.join(dir, entry);
    try {
      const extension = loadExtension(ctx, extensionDir, options, scan);
      if (extension) {
        const enabled = isEnabled(enablement, extension.name, ctx.cwd);
        // A rule that cannot be decided leaves the extension off: Gemini CLI would hang on it at start-up.
        if (enabled === undefined)
          skip(
            scan,
            extensionDir,
            `a rule for "${extension.name}" in ${ENABLEMENT} did not finish matching within ${REGEX_BUDGET_MS} ms (Gemini CLI would hang here); hookrun leaves the extension disabled`,
          );
        extension.active = enabled === true;
        scan.extensions.push(extension);
      }
    } catch (error) {
      skip(scan, extensionDir, errorMessage(error));
    }
  }
  return scan;
}

function loadExtension(ctx: Context, dir: string, options: ExtensionScanOptions, scan: ExtensionScan): ExtensionHooks | undefined {
  if (!observed.statOrThrow(dir).isDirectory()) return undefined;
  const install = readJsonQuietly(path.join(dir, INSTALL_METADATA));
  if (!isAllowed(dir, install, options.merged, scan)) return undefined;
  const effectivePath = install?.type === 'link' && typeof install.source === 'string' ? install.source : dir;

  let manifest = readManifest(effectivePath, ctx.cwd);
  const name = String(manifest.name);
  if (scan.extensions.some((extension) => extension.name === name)) {
    throw new Error(`Extension with name ${name} already was loaded.`);
  }
  const { env: settingsEnv, workspace: fromWorkspace } = extensionSettingsEnv(ctx, dir, manifest, options, scan);
  manifest = expandEnvInObject(manifest, { ...ctx.env, ...settingsEnv });

  const hooksFile = path.join(effectivePath, 'hooks', 'hooks.json');
  const context = { extensionPath: effectivePath, workspacePath: ctx.cwd, ...settingsEnv, '/': path.sep, pathSeparator: path.sep };
  const hooks = readExtensionHooks(hooksFile, context, scan.diagnostics, fromWorkspace);
  if (hooks) addSettingsToHookEnv(hooks.value, manifest, settingsEnv);
  return {
    name: String(manifest.name),
    path: effectivePath,
    hooksFile,
    active: true,
    slots: hooks ? slotsFromObject(hooks.value, 'extension', hooks.locate) : [],
  };
}

/** security.allowedExtensions (regexes over the install source) wins over security.blockGitExtensions. */
function isAllowed(dir: string, install: JsonObject | undefined, merged: JsonObject, scan: ExtensionScan): boolean {
  const security = isPlainObject(merged.security) ? merged.security : {};
  const allowed = security.allowedExtensions;
  if (Array.isArray(allowed) && allowed.length > 0) {
    const source = install?.source;
    if (typeof source !== 'string' || source === '') {
      skip(scan, dir, `The ${INSTALL_METADATA} file is missing or misconfigured.`);
      return false;
    }
    let unfinished = false;
    for (const pattern of allowed) {
      const matches = boundedTest(new RegExp(String(pattern)), source);
      if (matches) return true;
      if (matches === undefined) unfinished = true;
    }
    if (unfinished) {
      skip(
        scan,
        dir,
        `an "allowedExtensions" pattern did not finish matching within ${REGEX_BUDGET_MS} ms on ${JSON.stringify(source)} (Gemini CLI would hang here), and no other pattern allows it.`,
      );
      return false;
    }
    skip(scan, dir, 'This extension is not allowed by the "allowedExtensions" security setting.');
    return false;
  }
  if ((install?.type === 'git' || install?.type === 'github-release') && security.blockGitExtensions) {
    skip(scan, dir, 'Extensions from remote sources is disallowed by your current settings.');
    return false;
  }
  return true;
}

function readManifest(dir: string, workspace: string): JsonObject {
  const file = path.join(dir, MANIFEST);
  if (!observed.exists(file)) throw new Error(`Configuration file not found at ${file}`);
  try {
    const raw: unknown = parseJsonBounded(readInputFile(file, 'utf8'));
    const manifest = isPlainObject(raw) ? raw : {};
    if (!manifest.name || !manifest.version) {
      throw new Error(`Invalid configuration in ${file}: missing ${!manifest.name ? '"name"' : '"version"'}`);
    }
    return hydrate(manifest, { extensionPath: dir, workspacePath: workspace, '/': path.sep, pathSeparator: path.sep }) as JsonObject;
  } catch (error) {
    throw new Error(`Failed to load extension config from ${file}: ${errorMessage(error)}`);
  }
}

/**
 * The extension's setting values: its own .env, then (trusted folders only) the workspace .env. A value
 * the workspace file gives to a variable that makes programs run code (exec/env.ts) is left out: that file
 * is the repository's, and the value would reach the extension's hooks.
 */
/** The extension's setting values (its own .env, then the workspace's), and those the workspace's .env supplied. */
function extensionSettingsEnv(
  ctx: Context,
  dir: string,
  manifest: JsonObject,
  options: ExtensionScanOptions,
  scan: ExtensionScan,
): { env: Record<string, string>; workspace: Record<string, string> } {
  const name = String(manifest.name);
  const experimental = isPlainObject(options.merged.experimental) ? options.merged.experimental : {};
  if (!(experimental.extensionConfig ?? true)) return { env: {}, workspace: {} };
  const user = readDotenv(path.join(path.dirname(dir), name, '.env'));
  const workspaceFile = path.join(ctx.cwd, '.env');
  const workspace = options.trusted ? readDotenv(workspaceFile) : {};
  const withheld = Object.keys(workspace).filter((key) => codeVariableClass(key) !== undefined);
  for (const key of withheld) delete workspace[key];
  // Said only for the settings the extension declares: only those would reach its hooks' environment.
  const declared = new Set(Array.isArray(manifest.settings) ? manifest.settings.map((setting) => String((setting as { envVar?: unknown } | null)?.envVar)) : []);
  if (withheld.some((key) => declared.has(key))) {
    const message = `${workspaceFile} sets ${withheld.filter((key) => declared.has(key)).join(', ')}, which make programs run code; Gemini CLI would give them to extension "${name}" as its settings, hookrun leaves them out (set them in the extension's own .env)`;
    scan.diagnostics.push(extensionWarning('env-file-code-variable', message, workspaceFile));
  }
  // The values are secrets by the environment's rules too (an API key is what such a setting holds).
  addSecrets(geminiSecrets({ ...ctx, env: { ...user, ...workspace } }));
  return { env: { ...user, ...workspace }, workspace };
}

interface ExtensionHooksFile {
  value: JsonObject;
  locate: (subPath: (string | number)[], options?: { key?: boolean }) => Location;
}

/**
 * `fromWorkspace`: setting values a workspace `.env` supplied. A command that names one (`${NAME}`) gets it
 * pasted raw at load, as Gemini does; the hook records it (`pastedValues`) so that the safe expansion treats
 * that text as a value, never as the command's own syntax.
 */
function readExtensionHooks(file: string, context: Record<string, string>, diagnostics: Diagnostic[], fromWorkspace: Record<string, string> = {}): ExtensionHooksFile | undefined {
  let text: string;
  try {
    text = readInputFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    diagnostics.push(extensionWarning('extension-hooks-unreadable', `Failed to load extension hooks from ${file}: ${errorMessage(error)}`, file));
    return undefined;
  }
  try {
    const doc = parseJsonc(text, file, { comments: false });
    const hooks = isPlainObject(doc.value) ? doc.value.hooks : undefined;
    if (!isPlainObject(hooks)) {
      const message = `Invalid hooks configuration in ${file}: "hooks" property must be an object`;
      diagnostics.push({ code: 'extension-hooks-invalid', severity: 'warning', message, location: doc.locate(['hooks']) });
      return undefined;
    }
    const value = hydrate(hooks, context) as JsonObject;
    markPastedValues(hooks, value, fromWorkspace);
    return { value, locate: (sub, options) => doc.locate(['hooks', ...sub], options) };
  } catch (error) {
    const location = error instanceof HookrunError ? error.location : undefined;
    const warning = extensionWarning('extension-hooks-unreadable', `Failed to load extension hooks from ${file}: ${errorMessage(error)}`, file);
    if (location) warning.location = location;
    diagnostics.push(warning);
    return undefined;
  }
}

/** For each command hook whose raw command names a workspace-supplied setting, the values pasted into it. */
function markPastedValues(raw: JsonObject, hydrated: JsonObject, fromWorkspace: Record<string, string>): void {
  const keys = Object.keys(fromWorkspace).filter((key) => fromWorkspace[key] !== '');
  if (keys.length === 0) return;
  for (const [event, definitions] of Object.entries(raw)) {
    if (!Array.isArray(definitions)) continue;
    definitions.forEach((definition: unknown, d) => {
      const handlers = isPlainObject(definition) && Array.isArray(definition.hooks) ? definition.hooks : [];
      handlers.forEach((handler: unknown, h) => {
        if (!isPlainObject(handler) || typeof handler.command !== 'string') return;
        const named = keys.filter((key) => (handler.command as string).includes(`\${${key}}`));
        const target = ((hydrated[event] as JsonObject[] | undefined)?.[d]?.hooks as JsonObject[] | undefined)?.[h];
        if (named.length > 0 && isPlainObject(target)) target.pastedValues = named.map((key) => ({ variable: `{${key}}`, value: fromWorkspace[key]! }));
      });
    });
  }
}

/** Gemini's loop, kept as is: a malformed definition makes it throw, which skips the whole extension. */
function addSettingsToHookEnv(hooks: JsonObject, manifest: JsonObject, settingsEnv: Record<string, string>): void {
  if (!Array.isArray(manifest.settings)) return;
  const hookEnv: Record<string, string> = {};
  for (const setting of manifest.settings as { envVar?: unknown }[]) {
    const envVar = String(setting?.envVar);
    const value = Object.hasOwn(settingsEnv, envVar) ? settingsEnv[envVar] : undefined;
    if (value !== undefined) hookEnv[envVar] = value;
  }
  if (Object.keys(hookEnv).length === 0) return;
  // biome-ignore lint/suspicious/noExplicitAny: an extension's hooks.json is unchecked JSON here; each use below checks its shape
  for (const definitions of Object.values(hooks) as any[]) {
    if (!definitions) continue;
    for (const definition of definitions) {
      for (const hook of definition.hooks) {
        if (hook.type === 'command') hook.env = { ...hook.env, ...hookEnv };
      }
    }
  }
}

/** `${name}` (up to the first `}`) replaced when the context has it; keys that could touch prototypes dropped. */
export function hydrate(value: unknown, context: Record<string, string>): unknown {
  if (typeof value === 'string') {
    return value.replace(/\$\{(.*?)\}/g, (match, key: string) => (Object.hasOwn(context, key) ? context[key]! : match));
  }
  if (Array.isArray(value)) return value.map((item) => hydrate(item, context));
  if (isPlainObject(value)) {
    const entries = Object.entries(value).filter(([key]) => !UNSAFE_KEYS.has(key));
    return Object.fromEntries(entries.map(([key, item]) => [key, hydrate(item, context)]));
  }
  return value;
}

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

type Enablement = Record<string, unknown>;

function readEnablement(dir: string, diagnostics: Diagnostic[]): Enablement {
  const file = path.join(dir, ENABLEMENT);
  try {
    const value: unknown = parseJsonBounded(readInputFile(file, 'utf8'));
    return isPlainObject(value) ? value : {};
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      diagnostics.push(extensionWarning('extension-enablement-unreadable', `Failed to read extension enablement config. ${errorMessage(error)}`, file));
    }
    return {};
  }
}

/**
 * Gemini's ExtensionEnablementManager.isEnabled without `-e` overrides: enabled unless the last matching rule
 * says `!`; undefined when a rule did not finish matching within hookrun's regex budget.
 */
export function isEnabled(enablement: Enablement, name: string, workspace: string): boolean | undefined {
  const entry = enablement[name];
  const overrides = isPlainObject(entry) && Array.isArray(entry.overrides) ? entry.overrides : [];
  const target = withSlashes(workspace);
  let enabled = true;
  for (const rule of overrides) {
    if (typeof rule !== 'string') continue;
    const disable = rule.startsWith('!');
    const base = disable ? rule.slice(1) : rule;
    const matches = boundedTest(ruleRegex(base), target);
    if (matches === undefined) return undefined;
    if (matches) enabled = !disable;
  }
  return enabled;
}

function withSlashes(dir: string): string {
  let result = dir.replace(/\\/g, '/');
  if (!result.startsWith('/')) result = `/${result}`;
  if (!result.endsWith('/')) result = `${result}/`;
  return result;
}

/** A rule is a path glob where `*` (with the slash before it) is an optional "and anything below". */
function ruleRegex(glob: string): RegExp {
  const escaped = glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/(\/?)\*/g, '($1.*)?');
  return new RegExp(`^${escaped}$`);
}

function readJsonQuietly(file: string): JsonObject | undefined {
  try {
    const value: unknown = parseJsonBounded(readInputFile(file, 'utf8'));
    return isPlainObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function readDotenv(file: string): Record<string, string> {
  try {
    return parseDotenv(readInputFile(file, 'utf8'));
  } catch {
    return {};
  }
}

function skip(scan: ExtensionScan, dir: string, reason: string): void {
  scan.diagnostics.push(extensionWarning('extension-skipped', `Warning: Skipping extension in ${dir}: ${reason}`, dir));
}

function extensionWarning(code: string, message: string, file: string): Diagnostic {
  return { code, severity: 'warning', message, location: { file, line: 0, column: 0, path: [] } };
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
