// Claude Code's settings as Claude Code reads them for hooks (kiro-claude-hooks.md B.1, B.2): the user,
// project, local and managed files, each checked on its own; hooks from every file merge (nothing is
// overridden); `disableAllHooks` and `allowManagedHooksOnly` decide which of them may run.
import fs from 'node:fs';
import path from 'node:path';
import { type Context, homeDir } from '../../context.js';
import { configError, HookrunError } from '../../errors.js';
import { isPlainObject, parseJsoncObject, type JsoncDocument, type JsonPath } from '../../settings/jsonc.js';
import type { Diagnostic, HookConfig, JsonObject, Layer, Location, RegistryEntry, ResolvedConfig, SettingsFileInfo } from '../../types.js';
import { CLAUDE_EVENTS, CLAUDE_UNRUN_EVENTS, eventRule, isClaudeEvent } from './events.js';
import { classifyMatcher } from './matcher.js';
import type { ClaudeProfile } from './version.js';

export type ClaudeLayer = Extract<Layer, 'user' | 'project' | 'local' | 'managed'>;

/** Listing order: lowest precedence first, as Claude Code lists its setting sources; managed last. */
export const CLAUDE_LAYERS: readonly ClaudeLayer[] = ['user', 'project', 'local', 'managed'];

/** Overrides the managed-settings path, so tests (and people) need not touch /etc. */
export const MANAGED_SETTINGS_ENV = 'HOOKRUN_CLAUDE_MANAGED_SETTINGS';

/** Handler types Claude Code knows; hookrun runs `command` only. */
const HANDLER_TYPES = new Set(['command', 'http', 'mcp_tool', 'prompt', 'agent']);

export interface ClaudeSettingsFile {
  layer: ClaudeLayer;
  path: string;
  exists: boolean;
  skipped?: string;
  doc?: JsoncDocument & { value: JsonObject };
}

/** ResolvedConfig plus the Claude Code version whose rules apply; the dialect's other members read it back. */
export interface ClaudeResolvedConfig extends ResolvedConfig {
  claude: {
    profile: ClaudeProfile;
    /** The home directory `~/` in `if` path rules stands for. */
    home: string;
  };
}

export function isClaudeConfig(config: ResolvedConfig): config is ClaudeResolvedConfig {
  return typeof (config as Partial<ClaudeResolvedConfig>).claude === 'object';
}

export function claudeSettingsPaths(ctx: Context): Record<ClaudeLayer, string> {
  const configDir = ctx.env.CLAUDE_CONFIG_DIR || path.join(homeDir(ctx), '.claude');
  return {
    user: path.join(configDir, 'settings.json'),
    project: path.join(ctx.cwd, '.claude', 'settings.json'),
    local: path.join(ctx.cwd, '.claude', 'settings.local.json'),
    managed: ctx.env[MANAGED_SETTINGS_ENV] || defaultManagedPath(ctx.platform),
  };
}

function defaultManagedPath(platform: NodeJS.Platform): string {
  if (platform === 'darwin') return '/Library/Application Support/ClaudeCode/managed-settings.json';
  if (platform === 'win32') return 'C:\\Program Files\\ClaudeCode\\managed-settings.json';
  return '/etc/claude-code/managed-settings.json';
}

/** Reads every settings file; a file that does not parse is fatal (exit 1), naming file:line:column. */
export function readClaudeSettings(ctx: Context): ClaudeSettingsFile[] {
  const paths = claudeSettingsPaths(ctx);
  const sameAsUser = realpathOr(paths.project) === realpathOr(paths.user);
  return CLAUDE_LAYERS.map((layer): ClaudeSettingsFile => {
    const file = paths[layer];
    const exists = fs.existsSync(file);
    if (layer === 'project' && sameAsUser) return { layer, path: file, exists, skipped: 'it is the user settings file' };
    if (!exists) return { layer, path: file, exists };
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      throw configError(`cannot read ${file} (${code})`, { file, line: 0, column: 0, path: [] });
    }
    return { layer, path: file, exists, doc: parseJsoncObject(text, file, 'Claude Code settings must be a JSON object.') };
  });
}

export function loadClaudeConfig(ctx: Context, profile: ClaudeProfile): ClaudeResolvedConfig {
  let files: ClaudeSettingsFile[];
  try {
    files = readClaudeSettings(ctx);
  } catch (error) {
    if (error instanceof HookrunError) throw error;
    throw configError(String(error));
  }
  const config: ClaudeResolvedConfig = {
    dialect: 'claude',
    hooksEnabled: true,
    trust: {
      trusted: true,
      by: 'dialect',
      detail: 'Claude Code runs a folder’s hooks without a trust prompt when run non-interactively (-p)',
    },
    entries: [],
    diagnostics: [],
    files: files.map(fileInfo),
    merged: mergedSettings(files),
    claude: { profile, home: homeDir(ctx) },
  };

  const gate = hookGate(files);
  if (gate.allDisabled) {
    config.hooksEnabled = false;
    config.diagnostics.push({ code: 'hooks-disabled', severity: 'info', message: gate.allDisabled.message, location: gate.allDisabled.location });
  }
  for (const file of files) {
    if (!file.doc) continue;
    registerFile(file, profile, config, gate.blocks(file.layer));
  }
  if (gate.nonManagedNote) config.diagnostics.push(gate.nonManagedNote);
  return config;
}

interface Gate {
  allDisabled?: { message: string; location?: Location };
  nonManagedNote?: Diagnostic;
  /** Why hooks of this layer may not run, if they may not. */
  blocks(layer: ClaudeLayer): string | undefined;
}

/**
 * `disableAllHooks`: the value after precedence (managed > local > project > user); from a non-managed file it
 * cannot disable managed hooks. `allowManagedHooksOnly` (managed only) holds back every other file's hooks.
 */
function hookGate(files: ClaudeSettingsFile[]): Gate {
  const byPrecedence = [...files].filter((f) => f.doc).reverse();
  const setter = byPrecedence.find((f) => typeof f.doc!.value.disableAllHooks === 'boolean');
  const disabled = setter?.doc!.value.disableAllHooks === true;
  const managed = files.find((f) => f.layer === 'managed' && f.doc);
  const managedOnly = managed?.doc!.value.allowManagedHooksOnly === true;
  const where = (f: ClaudeSettingsFile, key: string): Location => f.doc!.locate([key]);

  if (disabled && setter!.layer === 'managed') {
    return {
      allDisabled: { message: `disableAllHooks is true in the managed settings ${setter!.path}: no hook runs.`, location: where(setter!, 'disableAllHooks') },
      blocks: () => `disableAllHooks is true in the managed settings ${setter!.path}`,
    };
  }
  if (disabled) {
    const reason = `disableAllHooks is true in ${setter!.path} (it cannot disable managed hooks)`;
    return {
      nonManagedNote: { code: 'hooks-disabled', severity: 'info', message: `${reason}: only managed hooks run.`, location: where(setter!, 'disableAllHooks') },
      blocks: (layer) => (layer === 'managed' ? undefined : reason),
    };
  }
  if (managedOnly) {
    const reason = `allowManagedHooksOnly is true in the managed settings ${managed!.path}`;
    return {
      nonManagedNote: { code: 'managed-hooks-only', severity: 'info', message: `${reason}: only managed hooks run.`, location: where(managed!, 'allowManagedHooksOnly') },
      blocks: (layer) => (layer === 'managed' ? undefined : reason),
    };
  }
  return { blocks: () => undefined };
}

function registerFile(file: ClaudeSettingsFile, profile: ClaudeProfile, config: ClaudeResolvedConfig, blocked: string | undefined): void {
  const doc = file.doc!;
  const hooks = doc.value.hooks;
  if (hooks === undefined) return;
  const warn = (code: string, message: string, at: JsonPath, severity: Diagnostic['severity'] = 'warning', key = false) => {
    config.diagnostics.push({ code, severity, message, location: doc.locate(at, { key }) });
  };
  if (!isPlainObject(hooks)) {
    warn('hooks-not-object', `"hooks" must be an object of event names, got ${typeName(hooks)}; its hooks are ignored`, ['hooks']);
    return;
  }
  for (const [event, groups] of Object.entries(hooks)) {
    const at: JsonPath = ['hooks', event];
    if (!isClaudeEvent(event)) {
      if (CLAUDE_UNRUN_EVENTS.includes(event)) {
        warn('event-not-supported', `hookrun does not run Claude Code's ${event} event; these hooks are listed but never run`, at, 'info', true);
      } else {
        const near = [...CLAUDE_EVENTS, ...CLAUDE_UNRUN_EVENTS].find((e) => e.toLowerCase() === event.toLowerCase());
        const hint = near ? ` (event names are case-sensitive: did you mean "${near}"?)` : '';
        warn('invalid-event-name', `unknown Claude Code hook event "${event}"${hint}; its hooks never run`, at, 'warning', true);
      }
      continue;
    }
    if (!Array.isArray(groups)) {
      warn('event-not-array', `hooks.${event} must be an array of matcher groups, got ${typeName(groups)}`, at);
      continue;
    }
    groups.forEach((group: unknown, g) => registerGroup(event, group, [...at, g], { file, profile, config, blocked, warn }));
  }
}

interface GroupContext {
  file: ClaudeSettingsFile;
  profile: ClaudeProfile;
  config: ClaudeResolvedConfig;
  blocked: string | undefined;
  warn: (code: string, message: string, at: JsonPath, severity?: Diagnostic['severity']) => void;
}

function registerGroup(event: string, group: unknown, at: JsonPath, c: GroupContext): void {
  const where = formatPath(at);
  if (!isPlainObject(group) || !Array.isArray(group.hooks)) {
    c.warn('invalid-definition', `${where} must be an object with a "hooks" array (a matcher group), got ${JSON.stringify(group)}`, at);
    return;
  }
  const matcher = group.matcher;
  if (matcher !== undefined && typeof matcher !== 'string') {
    c.warn('invalid-matcher', `${where}.matcher must be a string, got ${typeName(matcher)}; the group is skipped`, [...at, 'matcher']);
    return;
  }
  checkMatcher(event, matcher, [...at, 'matcher'], c);
  group.hooks.forEach((handler: unknown, h) => {
    const entry = registerHandler(event, handler, matcher, [...at, 'hooks', h], c);
    if (entry) c.config.entries.push(entry);
  });
}

function checkMatcher(event: string, matcher: string | undefined, at: JsonPath, c: GroupContext): void {
  if (matcher === undefined || matcher === '' || matcher === '*') return;
  const rule = eventRule(event)!;
  const ignored = !rule.matcherField || (rule.matcherSince === 'current' && c.profile.generation === 'classic');
  if (ignored) {
    c.warn('matcher-ignored', `${formatPath(at)}: ${event} has no matcher in Claude Code ${c.profile.label}; "${matcher}" is ignored and the hooks always run`, at, 'info');
    return;
  }
  const kind = classifyMatcher(matcher, c.profile);
  if (kind.kind === 'regex' && kind.error) {
    c.warn('invalid-regex-matcher', `${formatPath(at)}: "${matcher}" is not a valid regular expression (${kind.error}); Claude Code never matches it`, at);
  }
}

function registerHandler(event: string, handler: unknown, matcher: unknown, at: JsonPath, c: GroupContext): RegistryEntry | undefined {
  const where = formatPath(at);
  if (!isPlainObject(handler)) {
    c.warn('invalid-hook-entry', `${where} must be a hook handler object, got ${JSON.stringify(handler)}`, at);
    return undefined;
  }
  const type = handler.type;
  if (typeof type !== 'string' || !HANDLER_TYPES.has(type)) {
    const near = typeof type === 'string' && HANDLER_TYPES.has(type.toLowerCase()) ? ` (types are lower-case: "${type.toLowerCase()}")` : '';
    c.warn('invalid-hook-type', `${where}.type must be one of command, http, mcp_tool, prompt, agent, got ${JSON.stringify(type)}${near}; the handler is skipped`, [...at, 'type']);
    return undefined;
  }
  if (type !== 'command') {
    c.warn('unsupported-hook-type', `${where}: hookrun runs command hooks only; this "${type}" hook is not run`, [...at, 'type']);
    return undefined;
  }
  if (typeof handler.command !== 'string' || handler.command === '') {
    c.warn('missing-command', `${where}.command must be a non-empty string; the handler is skipped`, at);
    return undefined;
  }
  const config: HookConfig = { ...handler, type, command: handler.command };
  delete config.timeout;
  if (handler.timeout !== undefined) {
    if (typeof handler.timeout === 'number' && Number.isFinite(handler.timeout) && handler.timeout > 0) {
      config.timeout = handler.timeout * 1000;
    } else {
      c.warn('invalid-timeout', `${where}.timeout must be a positive number of seconds, got ${JSON.stringify(handler.timeout)}; the default applies`, [...at, 'timeout']);
    }
  }
  if (typeof handler.timeout === 'number' && handler.timeout > 3600) {
    c.warn('timeout-looks-like-ms', `${where}.timeout is ${handler.timeout} seconds (${(handler.timeout / 3600).toFixed(1)} h): Claude Code reads seconds, not milliseconds`, [...at, 'timeout']);
  }
  if (c.profile.generation === 'classic') {
    for (const field of ['if', 'args'] as const) {
      if (handler[field] !== undefined) {
        c.warn('field-needs-current', `${where}.${field} is ignored by classic Claude Code; pass --claude-version current (or a version ≥ 2.1.3) to apply it`, [...at, field]);
      }
    }
  }
  if (handler.args !== undefined && (!Array.isArray(handler.args) || !handler.args.every((a) => typeof a === 'string'))) {
    c.warn('invalid-args', `${where}.args must be an array of strings; the handler is skipped`, [...at, 'args']);
    return undefined;
  }
  if (handler.if !== undefined && typeof handler.if !== 'string') {
    c.warn('invalid-if', `${where}.if must be one permission rule string such as "Bash(git *)"; the handler is skipped`, [...at, 'if']);
    return undefined;
  }
  const entry: RegistryEntry = {
    event,
    config,
    source: c.file.layer,
    layer: c.file.layer,
    matcher,
    sequential: undefined,
    enabled: c.blocked === undefined,
    displayName: handler.command,
    location: c.file.doc!.locate(at),
  };
  if (c.blocked) entry.config = { ...config, disabledBecause: c.blocked };
  return entry;
}

/** Ordinary keys follow precedence (managed > local > project > user); `hooks` is not merged here. */
function mergedSettings(files: ClaudeSettingsFile[]): JsonObject {
  const merged: JsonObject = {};
  for (const file of files) {
    if (!file.doc) continue;
    for (const [key, value] of Object.entries(file.doc.value)) if (key !== 'hooks') merged[key] = value;
  }
  return merged;
}

function fileInfo(file: ClaudeSettingsFile): SettingsFileInfo {
  const info: SettingsFileInfo = { layer: file.layer, path: file.path, exists: file.exists, loaded: Boolean(file.doc) };
  if (file.skipped) info.note = `not read: ${file.skipped}`;
  else if (!file.exists) info.note = 'not found';
  return info;
}

function formatPath(at: JsonPath): string {
  return at.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

function typeName(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

function realpathOr(target: string): string {
  try {
    return fs.realpathSync(target);
  } catch {
    return path.resolve(target);
  }
}
