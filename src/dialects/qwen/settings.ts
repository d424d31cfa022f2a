// Qwen Code's settings as it reads them for hooks (docs/qwen.md): Gemini CLI's layers under Qwen's names,
// `<workspace>/.qwen/settings.json` (project), `~/.qwen/settings.json` (user; QWEN_HOME moves it) and the
// system file (QWEN_CODE_SYSTEM_SETTINGS_PATH), each JSONC. Hooks of every file register, kept apart by
// source and in Qwen's priority: project first, then user, then system. Top-level `disableAllHooks: true`
// turns every hook off. Each handler's `timeout` is in seconds, but a value of 1000 or more keeps its old
// millisecond meaning (hook-timeout.ts). Qwen runs a project's hooks without asking (its folder trust is off
// by default); hookrun does not: project hooks wait for trust (docs/safety.md "Trust in every dialect").
import type { Context } from '../../pipeline/context.js';
import { configError, formatJsonPath, HookrunError } from '../../pipeline/errors.js';
import { isPlainObject, parseJsoncObject, type JsoncDocument, type JsonPath } from '../../files/jsonc.js';
import { admitEntries, decideWorkspaceTrust, untrustedMessage, type GatedEntries } from '../../trust/workspace.js';
import type { Diagnostic, JsonObject, Location, RegistryEntry, ResolvedConfig, SettingsFileInfo } from '../../pipeline/types.js';
import type { LoadOptions } from '../dialect.js';
import { readInputFile } from '../../files/read-input.js';
import * as observed from '../../files/journal.js';
import { qwenSettingsPaths } from './configured.js';
import { GEMINI_NAMES, qwenEvent, QWEN_EVENTS } from './events.js';

export { qwenSettingsPaths };
import { realpathOr, typeName } from '../claude/settings.js';

export type { QwenLayer } from './configured.js';
import type { QwenLayer } from './configured.js';

/** Qwen's registry order: the project's hooks first, the system's last. */
const QWEN_LAYERS: readonly QwenLayer[] = ['project', 'user', 'system'];

/** Handler types Qwen Code knows; hookrun runs `command` and `http`. */
const HANDLER_TYPES = new Set(['command', 'http', 'prompt', 'function']);

/** A configured timeout at or above this is milliseconds (hook-timeout.ts LEGACY_MILLISECOND_TIMEOUT_THRESHOLD). */
export const LEGACY_MS_THRESHOLD = 1000;

interface QwenFile {
  layer: QwenLayer;
  path: string;
  exists: boolean;
  doc?: JsoncDocument & { value: JsonObject };
}

function readFiles(ctx: Context): QwenFile[] {
  const paths = qwenSettingsPaths(ctx);
  const user = realpathOr(paths.user);
  return QWEN_LAYERS.map((layer): QwenFile => {
    const file = paths[layer];
    const exists = observed.exists(file);
    // In the home directory the project file is the user file: read once, as the user's.
    if (!exists || (layer === 'project' && realpathOr(file) === user)) return { layer, path: file, exists };
    let text: string;
    try {
      text = readInputFile(file, 'utf8');
    } catch (error) {
      throw configError(`cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)})`, { file, line: 0, column: 0, path: [] });
    }
    return { layer, path: file, exists, doc: parseJsoncObject(text, file, 'Qwen Code settings must be a JSON object.') };
  });
}

export async function loadQwenConfig(ctx: Context, options: LoadOptions): Promise<ResolvedConfig> {
  let files: QwenFile[];
  try {
    files = readFiles(ctx);
  } catch (error) {
    if (error instanceof HookrunError) throw error;
    throw configError(String(error));
  }
  const trust = decideWorkspaceTrust(ctx, { trustWorkspace: options.trustWorkspace });
  const diagnostics: Diagnostic[] = [];
  const gathered: GatedEntries = { entries: [], considered: [], heldBack: [] };
  const disabled = disabledBy(files, trust.trusted, diagnostics);
  for (const file of files) {
    if (!file.doc) continue;
    const entries = registerFile(file, diagnostics);
    if (disabled) {
      gathered.considered.push(...entries.map((entry) => ({ entry, inactive: { reason: 'hooks-disabled' as const, detail: disabled.detail, location: disabled.location } })));
      continue;
    }
    admitEntries(gathered, entries, file.layer === 'project' && !trust.trusted, trust);
  }
  if (gathered.heldBack.length > 0) diagnostics.push({ code: 'untrusted-project-hooks', severity: 'warning', message: untrustedMessage(ctx, trust, gathered.heldBack) });
  const info = files.map((file): SettingsFileInfo => {
    const gated = file.layer === 'project' && !trust.trusted && file.doc !== undefined;
    return {
      layer: file.layer,
      path: file.path,
      exists: file.exists,
      loaded: file.doc !== undefined && !gated,
      ...(!file.exists ? { note: 'not found' } : gated ? { note: 'untrusted folder: its hooks do not run' } : {}),
    };
  });
  const merged: JsonObject = {};
  for (const file of [...files].reverse()) if (file.doc) for (const [key, value] of Object.entries(file.doc.value)) if (key !== 'hooks') merged[key] = value;
  const config: ResolvedConfig = { dialect: 'qwen', hooksEnabled: !disabled, trust, entries: gathered.entries, diagnostics, files: info, merged };
  if (options.keepInactive) config.considered = gathered.considered;
  return config;
}

/**
 * `disableAllHooks: true` in any file read turns every hook off; an untrusted project's file has no say over
 * the user's hooks (hookrun's choice: an unasked folder cannot switch off your guards).
 */
function disabledBy(files: QwenFile[], trusted: boolean, diagnostics: Diagnostic[]): { detail: string; location: Location } | undefined {
  for (const file of files) {
    const value = file.doc?.value.disableAllHooks;
    if (value === undefined) continue;
    const location = file.doc!.locate(['disableAllHooks'], { key: true });
    if (typeof value !== 'boolean') {
      diagnostics.push({
        code: 'qwen-invalid-setting',
        severity: 'warning',
        message: `"disableAllHooks" must be true or false, got ${JSON.stringify(value)}; it is ignored`,
        location,
      });
      continue;
    }
    if (!value) continue;
    if (file.layer === 'project' && !trusted) {
      diagnostics.push({
        code: 'hooks-disabled',
        severity: 'warning',
        message: `${file.path} sets "disableAllHooks": true, but the folder is not trusted, so hookrun does not let it turn off your hooks`,
        location,
      });
      continue;
    }
    diagnostics.push({ code: 'hooks-disabled', severity: 'info', message: `"disableAllHooks": true in ${file.path}: no hook runs`, location });
    return { detail: `"disableAllHooks": true in ${file.path}`, location };
  }
  return undefined;
}

function registerFile(file: QwenFile, diagnostics: Diagnostic[]): RegistryEntry[] {
  const doc = file.doc!;
  const hooks = doc.value.hooks;
  const entries: RegistryEntry[] = [];
  if (hooks === undefined) return entries;
  const warn = (code: string, message: string, at: JsonPath, key = false, fix?: string) =>
    diagnostics.push({ code, severity: 'warning', message, location: doc.locate(at, { key }), ...(fix ? { fix } : {}) });
  if (!isPlainObject(hooks)) {
    warn('qwen-invalid-hooks', `"hooks" must be an object of event names, got ${typeName(hooks)}; no hook of this file runs`, ['hooks']);
    return entries;
  }
  for (const [event, groups] of Object.entries(hooks)) {
    const at: JsonPath = ['hooks', event];
    // The engine's config keys, skipped as Gemini CLI's are.
    if (event === 'enabled' || event === 'disabled' || event === 'notifications') continue;
    if (!qwenEvent(event)) {
      const gemini = GEMINI_NAMES[event];
      const near = QWEN_EVENTS.find((e) => e.toLowerCase() === event.toLowerCase());
      const fix = gemini
        ? `"${event}" is Gemini CLI's name; Qwen Code's event at that moment is "${gemini}"`
        : near
          ? `event names are case-sensitive: write "${near}"`
          : `Qwen Code's events: ${QWEN_EVENTS.join(', ')}`;
      warn('qwen-unknown-event', `hooks.${event}: Qwen Code has no "${event}" event ("Invalid hook event name"), so nothing under it runs`, at, true, fix);
      continue;
    }
    if (!Array.isArray(groups)) {
      warn('qwen-invalid-definition', `hooks.${event} must be an array of hook definitions, got ${typeName(groups)}; it is skipped`, at);
      continue;
    }
    groups.forEach((group: unknown, g) => {
      const groupAt = [...at, g];
      if (!isPlainObject(group) || !Array.isArray(group.hooks)) {
        warn('qwen-invalid-definition', `${formatJsonPath(groupAt)} must be an object with a "hooks" array, got ${JSON.stringify(group)}; it is skipped`, groupAt);
        return;
      }
      group.hooks.forEach((handler: unknown, h) => {
        const entry = registerHandler(event, handler, group, file, [...groupAt, 'hooks', h], warn);
        if (entry) entries.push(entry);
      });
    });
  }
  return entries;
}

type Warn = (code: string, message: string, at: JsonPath, key?: boolean, fix?: string) => void;

function registerHandler(event: string, handler: unknown, group: JsonObject, file: QwenFile, at: JsonPath, warn: Warn): RegistryEntry | undefined {
  const where = formatJsonPath(at);
  if (!isPlainObject(handler)) {
    warn('qwen-invalid-hook', `${where} must be a hook object, got ${JSON.stringify(handler)}; it is skipped`, at);
    return undefined;
  }
  const type = handler.type;
  if (typeof type !== 'string' || !HANDLER_TYPES.has(type)) {
    warn('qwen-invalid-hook', `${where}.type must be one of command, http, prompt, got ${JSON.stringify(type)}; it is skipped`, [...at, 'type']);
    return undefined;
  }
  if (type === 'prompt' || type === 'function') {
    warn(
      'unsupported-hook-type',
      `${where}: hookrun does not run "${type}" hooks (${type === 'prompt' ? 'it needs a model' : 'it lives in an SDK process'}); it is skipped and the other hooks decide`,
      [...at, 'type'],
    );
    return undefined;
  }
  if (type === 'http' && (typeof handler.url !== 'string' || !/^https?:\/\//i.test(handler.url))) {
    warn('qwen-invalid-hook', `${where}.url must be an http:// or https:// URL; it is skipped`, at);
    return undefined;
  }
  if (type === 'command' && (typeof handler.command !== 'string' || handler.command.trim() === '')) {
    warn('qwen-invalid-hook', `${where}.command must be a non-empty string; it is skipped`, at);
    return undefined;
  }
  if (handler.args !== undefined && !(Array.isArray(handler.args) && handler.args.every((a) => typeof a === 'string'))) {
    warn('qwen-invalid-hook', `${where}.args must be an array of strings; it is skipped`, [...at, 'args']);
    return undefined;
  }
  const config: RegistryEntry['config'] = { ...handler, type };
  delete config.timeout;
  const timeout = handler.timeout;
  if (timeout !== undefined) {
    if (typeof timeout !== 'number' || !Number.isFinite(timeout) || timeout <= 0) {
      warn('qwen-invalid-timeout', `${where}.timeout must be a positive number of seconds, got ${JSON.stringify(timeout)}; the default applies`, [...at, 'timeout']);
    } else {
      config.timeout = timeout >= LEGACY_MS_THRESHOLD ? timeout : timeout * 1000;
      // The number as written, for validate's unit traps.
      config.writtenTimeout = timeout;
    }
  }
  if (handler.env !== undefined && !(isPlainObject(handler.env) && Object.values(handler.env).every((v) => typeof v === 'string'))) {
    warn('qwen-invalid-hook', `${where}.env must be an object of strings; it is not applied`, [...at, 'env']);
    delete config.env;
  }
  const name = typeof handler.name === 'string' && handler.name !== '' ? handler.name : undefined;
  return {
    event,
    config,
    source: file.layer,
    layer: file.layer,
    matcher: group.matcher,
    sequential: group.sequential,
    enabled: true,
    displayName: name ?? (type === 'http' ? `POST ${String(handler.url)}` : String(handler.command)),
    location: file.doc!.locate(at),
  };
}
