// Claude Code's settings as Claude Code reads them for hooks (docs/sources.md §B.1, §B.2): the user,
// project, local and managed files, each checked on its own; hooks from every file merge (nothing is
// overridden); `disableAllHooks` and `allowManagedHooksOnly` decide which of them may run.
import path from 'node:path';
import { type Context, homeDir } from '../../pipeline/context.js';
import { configError, HookrunError } from '../../pipeline/errors.js';
import { isPlainObject, parseJsoncObject, type JsoncDocument, type JsonPath } from '../../files/jsonc.js';
import type { Diagnostic, HookConfig, JsonObject, Layer, Location, RegistryEntry, ResolvedConfig, SettingsFileInfo } from '../../pipeline/types.js';
import { CLAUDE_EVENTS, eventKnownIn, eventRule, handlerTypeRuns, isClaudeEvent, ON_FAILURE_IGNORED } from './events.js';
import { classifyMatcher } from './matcher.js';
import { has, SINCE, type ClaudeProfile } from './version.js';
import { readInputFile } from '../../files/read-input.js';
import { depthOverflow } from '../../files/json-depth.js';
import { boundedTest } from '../../pipeline/regex.js';
import { admitEntries, decideWorkspaceTrust, untrustedMessage, type GatedEntries } from '../../trust/workspace.js';
import type { DroppedHookCodes, LoadOptions } from '../dialect.js';
import { claudeTrustRecord } from './trust.js';
import * as observed from '../../files/journal.js';

import { claudeSettingsPaths, type ClaudeLayer } from './configured.js';

export { claudeSettingsPaths, type ClaudeLayer };

/** Listing order: lowest precedence first, as Claude Code lists its setting sources; managed last. */
const CLAUDE_LAYERS: readonly ClaudeLayer[] = ['user', 'project', 'local', 'managed'];

/** Handler types Claude Code knows; hookrun runs `command` and `http`. */
const HANDLER_TYPES = new Set(['command', 'http', 'mcp_tool', 'prompt', 'agent']);

/** Loader findings that, before 2.1.122, made Claude Code ignore the whole file ("a malformed hooks entry"). */
const MALFORMED = new Set([
  'event-not-array',
  'invalid-definition',
  'invalid-matcher',
  'invalid-hook-entry',
  'invalid-hook-type',
  'missing-command',
  'invalid-args',
  'invalid-if',
  'invalid-url',
]);

/** The codes with which the loader skips configured hooks (explain lists them as the event's unregistered hooks). */
export const CLAUDE_DROPPED_HOOK_CODES: DroppedHookCodes = {
  unknownEvent: 'invalid-event-name',
  exact: ['event-not-array', 'invalid-definition', 'invalid-hook-entry', 'invalid-hook-type', 'missing-command'],
};

export interface ClaudeSettingsFile {
  layer: ClaudeLayer;
  path: string;
  exists: boolean;
  skipped?: string;
  doc?: JsoncDocument & { value: JsonObject };
  /** The file is not strict JSON (or not an object), so Claude Code drops it whole: why, and where. */
  dropped?: HookrunError;
}

/** ResolvedConfig plus the Claude Code version whose rules apply; the dialect's other members read it back. */
export interface ClaudeResolvedConfig extends ResolvedConfig {
  claude: {
    profile: ClaudeProfile;
    /** The home directory `~/` in `if` path rules stands for. */
    home: string;
    /** `allowedHttpHookUrls` merged across files (arrays concatenate); undefined when no file sets it. */
    httpUrls?: string[];
    /** `httpHookAllowedEnvVars` merged across files; undefined when no file sets it. */
    httpEnvVars?: string[];
  };
}

export function isClaudeConfig(config: ResolvedConfig): config is ClaudeResolvedConfig {
  return typeof (config as Partial<ClaudeResolvedConfig>).claude === 'object';
}

/**
 * Reads every settings file (or these layers, in this order: Cursor reads Claude Code's local, project and
 * user files). A file that does not parse is fatal (exit 1), naming file:line:column; with `strict`, as
 * Claude Code reads them, it must be strict JSON (no comments) and one that is not is dropped, not fatal.
 */
export function readClaudeSettings(ctx: Context, layers: readonly ClaudeLayer[] = CLAUDE_LAYERS, { strict = false } = {}): ClaudeSettingsFile[] {
  const paths = claudeSettingsPaths(ctx);
  const sameAsUser = realpathOr(paths.project) === realpathOr(paths.user);
  return layers.map((layer): ClaudeSettingsFile => {
    const file = paths[layer];
    const exists = observed.exists(file);
    if (layer === 'project' && sameAsUser) return { layer, path: file, exists, skipped: 'it is the user settings file' };
    if (!exists) return { layer, path: file, exists };
    let text: string;
    try {
      text = readInputFile(file, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      throw configError(`cannot read ${file} (${code})`, { file, line: 0, column: 0, path: [] });
    }
    const notObject = 'Claude Code settings must be a JSON object.';
    // Deeper than hookrun reads is hookrun's own limit, not Claude Code's: an error, not a dropped file.
    if (!strict || depthOverflow(text) !== -1) return { layer, path: file, exists, doc: parseJsoncObject(text, file, notObject) };
    try {
      return { layer, path: file, exists, doc: parseJsoncObject(text, file, notObject, { comments: false }) };
    } catch (error) {
      if (!(error instanceof HookrunError)) throw error;
      return { layer, path: file, exists, dropped: error };
    }
  });
}

/**
 * The loud warning for a file Claude Code drops whole: a guard the user believes active does not run. A
 * comment is the usual cause (Gemini CLI and Cursor accept them), so the message says when it is one.
 */
function droppedFileWarning(file: ClaudeSettingsFile): Diagnostic {
  const error = file.dropped!;
  // The parser's message names the file and place, which the warning's location already gives.
  let cause = error.message.replace(/^Error in \S+: /, '').replace(` in ${file.path}:${error.location?.line}:${error.location?.column}`, '');
  try {
    parseJsoncObject(readInputFile(file.path, 'utf8'), file.path, '');
    cause = 'it has comments, and Claude Code reads its settings as strict JSON (a // or /* */ comment is enough)';
  } catch {
    // Not only comments: the parser's own message says what is wrong.
  }
  const where = error.location ? 'this file' : file.path;
  const message = `Claude Code skips ${where} whole: ${cause}; none of its hooks (or other settings) apply`;
  return { code: 'settings-file-dropped', severity: 'warning', message, ...(error.location ? { location: error.location } : {}) };
}

/** The layers whose files are inside the workspace: their hooks run only in a trusted folder. */
const PROJECT_LAYERS: ReadonlySet<Layer> = new Set(['project', 'local']);

export async function loadClaudeConfig(ctx: Context, profile: ClaudeProfile, options: Pick<LoadOptions, 'trustWorkspace' | 'keepInactive'> = {}): Promise<ClaudeResolvedConfig> {
  let files: ClaudeSettingsFile[];
  try {
    files = readClaudeSettings(ctx, CLAUDE_LAYERS, { strict: true });
  } catch (error) {
    if (error instanceof HookrunError) throw error;
    throw configError(String(error));
  }
  // Claude Code under -p runs a folder's hooks unasked; hookrun does not (docs/safety.md "Trust in every dialect").
  const trust = decideWorkspaceTrust(ctx, { trustWorkspace: options.trustWorkspace, agentRecord: () => claudeTrustRecord(ctx) });
  const config: ClaudeResolvedConfig = {
    dialect: 'claude',
    hooksEnabled: true,
    trust,
    entries: [],
    diagnostics: [],
    files: files.map(fileInfo),
    merged: mergedSettings(files),
    claude: { profile, home: homeDir(ctx) },
  };
  const httpUrls = mergedList(files, 'allowedHttpHookUrls');
  if (httpUrls) config.claude.httpUrls = httpUrls;
  const httpEnvVars = mergedList(files, 'httpHookAllowedEnvVars');
  if (httpEnvVars) config.claude.httpEnvVars = httpEnvVars;

  for (const file of files) if (file.dropped) config.diagnostics.push(droppedFileWarning(file));
  const gate = hookGate(files);
  if (gate.allDisabled) {
    config.hooksEnabled = false;
    config.diagnostics.push({ code: 'hooks-disabled', severity: 'info', message: gate.allDisabled.message, location: gate.allDisabled.location });
  }
  for (const file of files) {
    if (!file.doc) continue;
    registerFile(file, profile, config, gate.blocks(file.layer));
  }
  if (has(profile, 'skillsDirPlugins')) {
    const { loadPlugins } = await import('./plugins.js');
    loadPlugins(ctx, files, config, gate.blocks('plugin'), registerHooksObject);
  }
  if (gate.nonManagedNote) config.diagnostics.push(gate.nonManagedNote);
  holdBackProjectHooks(ctx, config, options.keepInactive === true);
  return config;
}

/** In an untrusted folder, the hooks of the project and local files are considered, not registered. */
function holdBackProjectHooks(ctx: Context, config: ClaudeResolvedConfig, keepInactive: boolean): void {
  const gathered: GatedEntries = { entries: [], considered: [], heldBack: [] };
  const gated = (layer: Layer) => !config.trust.trusted && PROJECT_LAYERS.has(layer);
  for (const entry of config.entries) admitEntries(gathered, [entry], gated(entry.layer) && entry.enabled, config.trust);
  config.entries = gathered.entries;
  if (keepInactive) config.considered = gathered.considered;
  for (const file of config.files) {
    if (file.loaded && gated(file.layer)) file.note = 'untrusted folder: its hooks do not run';
  }
  if (gathered.heldBack.length > 0) {
    const first = gathered.considered.find((c) => c.inactive)?.entry.location;
    config.diagnostics.push({
      code: 'untrusted-project-hooks',
      severity: 'warning',
      message: `${untrustedMessage(ctx, config.trust, gathered.heldBack)}; accepting Claude Code's trust dialog for the folder trusts it too`,
      ...(first ? { location: first } : {}),
    });
  }
}

interface Gate {
  allDisabled?: { message: string; location?: Location };
  nonManagedNote?: Diagnostic;
  /** Why hooks of this layer may not run, if they may not. */
  blocks(layer: ClaudeLayer | 'plugin'): string | undefined;
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
  if (doc.value.hooks === undefined) return;
  registerHooksObject(doc.value.hooks, { file: file.path, layer: file.layer, source: file.layer, locate: doc.locate, prefix: ['hooks'] }, profile, config, blocked);
}

/** Where a hooks object comes from: a settings file's `hooks`, or a plugin's hooks file. */
export interface HooksOrigin {
  file: string;
  layer: Layer;
  source: string;
  locate: JsoncDocument['locate'];
  /** The JSON path of the hooks object inside its file. */
  prefix: JsonPath;
  /** A plugin's id (`name@skills-dir`) and root, for its entries. */
  plugin?: { id: string; root: string; data: string };
}

export type RegisterHooks = (hooks: unknown, origin: HooksOrigin, profile: ClaudeProfile, config: ClaudeResolvedConfig, blocked: string | undefined) => void;

export const registerHooksObject: RegisterHooks = (hooks, origin, profile, config, blocked) => {
  const before = config.entries.length;
  const broken: string[] = [];
  const warn = (code: string, message: string, at: JsonPath, severity: Diagnostic['severity'] = 'warning', key = false) => {
    config.diagnostics.push({ code, severity, message, location: origin.locate(at, { key }) });
    if (MALFORMED.has(code) && profile.version && !has(profile, 'malformedEntrySkipped')) broken.push(message);
  };
  const prefix = origin.prefix;
  if (!isPlainObject(hooks)) {
    warn('hooks-not-object', `"hooks" must be an object of event names, got ${typeName(hooks)}; its hooks are ignored`, prefix);
    return;
  }
  for (const [event, groups] of Object.entries(hooks)) {
    const at: JsonPath = [...prefix, event];
    if (!isClaudeEvent(event) || !eventKnownIn(event, profile)) {
      const near = CLAUDE_EVENTS.find((e) => e.toLowerCase() === event.toLowerCase() && e !== event);
      const hint = near ? ` (event names are case-sensitive: did you mean "${near}"?)` : '';
      const which = isClaudeEvent(event)
        ? `Claude Code ${profile.label} has no hook event "${event}" (added in ${eventRule(event)!.since!.join('.')})`
        : `unknown Claude Code hook event "${event}"${hint}`;
      warn('invalid-event-name', `${which}; its hooks never run`, at, 'warning', true);
      if (profile.version && !has(profile, 'unknownEventSkipped')) broken.push(`unknown event "${event}"`);
      continue;
    }
    if (!Array.isArray(groups)) {
      warn('event-not-array', `hooks.${event} must be an array of matcher groups, got ${typeName(groups)}`, at);
      continue;
    }
    groups.forEach((group: unknown, g) => registerGroup(event, group, [...at, g], { origin, profile, config, blocked, warn }));
  }
  if (broken.length > 0) {
    // Claude Code before 2.1.101 (unknown events) / 2.1.122 (malformed entries) dropped the whole file.
    config.entries.length = before;
    config.diagnostics.push({
      code: 'settings-file-ignored',
      severity: 'warning',
      message: `Claude Code ${profile.label} ignores every hook in ${origin.file} because of ${broken[0]} (later versions skip only the bad entry)`,
      location: origin.locate(prefix, { key: true }),
    });
  }
};

interface GroupContext {
  origin: HooksOrigin;
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
  const kind = classifyMatcher(matcher, c.profile, rule.narrowMatcher === true);
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
  if (!handlerTypeRuns(event, type)) {
    c.warn('hook-type-unsupported-on-event', `${where}: Claude Code does not run "${type}" hooks on ${event}; the handler is skipped`, [...at, 'type']);
    return undefined;
  }
  if (type === 'prompt' || type === 'agent' || type === 'mcp_tool') {
    const why = type === 'mcp_tool' ? 'it needs a connected MCP server' : 'it needs a model';
    c.warn('unsupported-hook-type', `${where}: hookrun does not run "${type}" hooks (${why}); it is skipped and the other hooks decide`, [...at, 'type']);
    return undefined;
  }
  if (type === 'http') {
    if (typeof handler.url !== 'string' || !/^https?:\/\//i.test(handler.url)) {
      c.warn('invalid-url', `${where}.url must be an http:// or https:// URL; the handler is skipped`, at);
      return undefined;
    }
    if (handler.headers !== undefined && (!isPlainObject(handler.headers) || !Object.values(handler.headers).every((v) => typeof v === 'string'))) {
      c.warn('invalid-headers', `${where}.headers must be an object of strings; the headers are not sent`, [...at, 'headers']);
    }
  } else if (typeof handler.command !== 'string' || handler.command === '') {
    c.warn('missing-command', `${where}.command must be a non-empty string; the handler is skipped`, at);
    return undefined;
  }
  const config: HookConfig = { ...handler, type };
  delete config.timeout;
  if (handler.timeout !== undefined) {
    if (typeof handler.timeout === 'number' && Number.isFinite(handler.timeout) && handler.timeout > 0) {
      config.timeout = handler.timeout * 1000;
    } else {
      c.warn('invalid-timeout', `${where}.timeout must be a positive number of seconds, got ${JSON.stringify(handler.timeout)}; the default applies`, [...at, 'timeout']);
    }
  }
  if (typeof handler.timeout === 'number' && handler.timeout > 3600) {
    c.warn('timeout-looks-like-ms', `${where}.timeout is ${handler.timeout} seconds (${(handler.timeout / 3600).toFixed(1)} h): Claude Code reads seconds, not milliseconds`, [
      ...at,
      'timeout',
    ]);
  }
  for (const [field, feature] of [
    ['if', 'ifField'],
    ['args', 'execForm'],
  ] as const) {
    if (handler[field] !== undefined && !has(c.profile, feature)) {
      const since = SINCE[feature].join('.');
      c.warn(
        'field-needs-current',
        `${where}.${field} is ignored by Claude Code ${c.profile.label} (it arrived in ${since}); pass --claude-version current (or a version ≥ ${since}) to apply it`,
        [...at, field],
      );
    }
  }
  checkOnFailure(event, handler, at, c);
  if (handler.args !== undefined && (!Array.isArray(handler.args) || !handler.args.every((a) => typeof a === 'string'))) {
    c.warn('invalid-args', `${where}.args must be an array of strings; the handler is skipped`, [...at, 'args']);
    return undefined;
  }
  if (handler.if !== undefined && typeof handler.if !== 'string') {
    c.warn('invalid-if', `${where}.if must be one permission rule string such as "Bash(git *)"; the handler is skipped`, [...at, 'if']);
    return undefined;
  }
  if (typeof handler.if === 'string' && has(c.profile, 'ifField')) checkIf(event, handler.if, matcher, [...at, 'if'], c);
  const entry = handlerEntry(event, config, matcher, c.origin, at, type === 'http' ? `POST ${String(handler.url)}` : String(handler.command), c.blocked);
  if (c.origin.plugin) {
    entry.extension = c.origin.plugin.id;
    entry.config = { ...entry.config, plugin: c.origin.plugin };
  }
  if (c.blocked) entry.config = { ...config, disabledBecause: c.blocked };
  return entry;
}

/** The registry entry of one handler of a matcher group, whichever agent reads the shape (groups.ts too). */
export function handlerEntry(
  event: string,
  config: HookConfig,
  matcher: unknown,
  origin: Pick<HooksOrigin, 'source' | 'layer' | 'locate'>,
  at: JsonPath,
  displayName: string,
  blocked: string | undefined,
): RegistryEntry {
  return { event, config, source: origin.source, layer: origin.layer, matcher, sequential: undefined, enabled: blocked === undefined, displayName, location: origin.locate(at) };
}

/** `onFailure` ("continue", the default, or "block"): where it does nothing, say so. */
function checkOnFailure(event: string, handler: JsonObject, at: JsonPath, c: GroupContext): void {
  const value = handler.onFailure;
  if (value === undefined) return;
  const where = `${formatPath(at)}.onFailure`;
  const field = [...at, 'onFailure'];
  if (value !== 'continue' && value !== 'block') {
    c.warn('invalid-on-failure', `${where} must be "continue" or "block", got ${JSON.stringify(value)}; a failure of this hook does not block`, field);
  } else if (!has(c.profile, 'onFailure')) {
    const since = SINCE.onFailure.join('.');
    c.warn(
      'field-needs-current',
      `${where} is not known to Claude Code ${c.profile.label} (first seen in ${since}); pass --claude-version current (or ${since}) to apply it`,
      field,
    );
  } else if (value === 'block' && (ON_FAILURE_IGNORED.has(event) || handler.async === true || handler.asyncRewake === true)) {
    const why = ON_FAILURE_IGNORED.has(event) ? `Claude Code ignores it on ${event}` : 'Claude Code ignores it on an async hook';
    c.warn('on-failure-ignored', `${where} is "block", but ${why}: a failure of this hook never blocks`, field);
  }
}

/** `if` rules Claude Code accepts but that never let the hook run. */
function checkIf(event: string, condition: string, matcher: unknown, at: JsonPath, c: GroupContext): void {
  const where = formatPath(at);
  if (!eventRule(event)!.tool) {
    c.warn('if-never-runs', `${where}: ${event} is not a tool event, and Claude Code never runs a hook with "if" there`, at);
    return;
  }
  if (/&&|\|\||\)\s*[,;|]/.test(condition.replace(/\([^()]*\)/g, '()'))) {
    c.warn('if-never-matches', `${where}: "${condition}" is more than one permission rule; "if" takes exactly one (split the hook)`, at);
    return;
  }
  const tool = /^\s*([^\s()]+)/.exec(condition)?.[1];
  if (tool === undefined || typeof matcher !== 'string') return;
  const kind = classifyMatcher(matcher, c.profile);
  if (kind.kind === 'list' && !kind.items.includes(tool)) {
    c.warn('if-never-matches', `${where}: "${condition}" names ${tool}, but the group's matcher "${matcher}" never selects ${tool}, so the hook never runs`, at);
  } else if (kind.kind === 'regex' && kind.regex && boundedTest(kind.regex, tool) === false) {
    c.warn('if-never-matches', `${where}: "${condition}" names ${tool}, but the group's matcher /${matcher}/ does not match ${tool}, so the hook never runs`, at);
  }
}

/** A list setting whose arrays merge across files (settings reference); undefined when no file sets it. */
function mergedList(files: ClaudeSettingsFile[], key: string): string[] | undefined {
  let list: string[] | undefined;
  for (const file of files) {
    const value = file.doc?.value[key];
    if (Array.isArray(value)) list = [...(list ?? []), ...value.filter((v): v is string => typeof v === 'string')];
  }
  return list;
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
  // A dropped file was read and checked: its warning says the rest.
  if (file.skipped) info.note = `not read: ${file.skipped}`;
  else if (!file.exists) info.note = 'not found';
  return info;
}

function formatPath(at: JsonPath): string {
  return at.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

export function typeName(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

export function realpathOr(target: string): string {
  try {
    return observed.realpath(target);
  } catch {
    return path.resolve(target);
  }
}
