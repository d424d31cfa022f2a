// Codex CLI's hook files as Codex discovers them (docs/sources.md §X1.1, §X1.2): next to every config layer, lowest
// precedence first (system, user, then the project `.codex/` folders from the repository root down to
// the workspace), both `hooks.json` and the `[hooks]` tables of `config.toml`. Nothing overrides: every
// hook of every file runs. A hooks source that does not deserialize is dropped with a warning, as Codex
// drops it; an unparseable config.toml is fatal (Codex refuses to start). TOML is read by toml.ts,
// which is loaded only when a config.toml exists.
import path from 'node:path';
import type { Context } from '../../pipeline/context.js';
import { configError, formatJsonPath, HookrunError } from '../../pipeline/errors.js';
import { isPlainObject, parseJsonc, type JsonPath } from '../../files/jsonc.js';
import { admitEntries, decideWorkspaceTrust, folderTrust, untrustedMessage, type GatedEntries } from '../../trust/workspace.js';
import type { Diagnostic, JsonObject, Location, RegistryEntry, ResolvedConfig, SettingsFileInfo, TrustDecision } from '../../pipeline/types.js';
import type { LoadOptions } from '../dialect.js';
import { CODEX_EVENTS, codexEventRule, eventLabel, isCodexEvent } from './events.js';
import { codexMatcher } from './matcher.js';
import { readInputFile } from '../../files/read-input.js';
import { completeHints, timeoutInOtherUnit, type PendingHint } from '../../migrate/loader-hints.js';
import * as observed from '../../files/journal.js';
import { type CodexFolder, type CodexLayer, codexFolders, codexHome, gitRoot } from './configured.js';

export { type CodexFolder, type CodexLayer, codexFolders };

/** Seconds (`timeout_sec.unwrap_or(600).max(1)`). */
export const CODEX_DEFAULT_TIMEOUT_SEC = 600;
/** A timeout at or above this many seconds is probably milliseconds (validate's trap). */
const MS_LOOKING_TIMEOUT_SEC = 1000;

/** A hooks source: one hooks.json, or the `[hooks]` of one config.toml. */
export interface CodexSource {
  layer: CodexLayer;
  file: string;
  form: 'json' | 'toml';
  exists: boolean;
  /** Why Codex loads nothing from it (a warning; the other sources still load). */
  dropped?: { message: string; location: Location };
  entries: RegistryEntry[];
  /** What Codex skips inside a source that loads: a group, a handler, an event key. */
  diagnostics: Diagnostic[];
  /** `[hooks.state]` of a config.toml: per-hook switches. */
  state?: JsonObject;
  /** The parsed config.toml (for the user layer's `[projects]` trust record and `[features]`). */
  toml?: JsonObject;
  /** A config.toml that is not TOML: Codex does not start (fatal unless it is an untrusted project's). */
  unparseable?: boolean;
}

const at0 = (file: string): Location => ({ file, line: 0, column: 0, path: [] });
const typeName = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

type Locate = (at: JsonPath, key?: boolean) => Location;

/** Reads one layer folder: its hooks.json, then its config.toml (the order Codex reports them in). */
export async function readCodexFolder(folder: CodexFolder, options: { fatalToml: boolean }): Promise<CodexSource[]> {
  const json = path.join(folder.dir, 'hooks.json');
  const toml = path.join(folder.dir, 'config.toml');
  const hints: PendingHint[] = [];
  const sources: CodexSource[] = [readHooksJson(folder.layer, json, hints)];
  sources.push(await readConfigToml(folder.layer, toml, options.fatalToml, hints));
  await completeHints(hints);
  const [a, b] = sources as [CodexSource, CodexSource];
  if (a.exists && b.exists && !a.dropped && !b.dropped && b.entries.length + b.diagnostics.length > 0 && a.entries.length > 0) {
    b.diagnostics.unshift({
      code: 'codex-both-forms',
      severity: 'warning',
      message: `loading hooks from both ${json} and the [hooks] of ${toml}; Codex loads both too, but prefer a single representation for this layer`,
      location: b.entries[0]?.location ?? at0(toml),
    });
  }
  return sources;
}

function readText(file: string): string | undefined | HookrunError {
  try {
    if (!observed.statOrThrow(file).isFile()) return configError(`${file} is not a regular file`, at0(file));
    return readInputFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    return configError(`cannot read ${file} (${code ?? (error as Error).message})`, at0(file));
  }
}

/** The top-level keys of a hooks.json; any other drops the file. */
const HOOKS_FILE_KEYS: readonly string[] = ['description', 'hooks'];

function readHooksJson(layer: CodexLayer, file: string, hints: PendingHint[]): CodexSource {
  const source: CodexSource = { layer, file, form: 'json', exists: false, entries: [], diagnostics: [] };
  const text = readText(file);
  if (text === undefined) return source;
  source.exists = true;
  if (text instanceof HookrunError) return drop(source, text);
  try {
    // serde_json: no comments, no trailing commas.
    const doc = parseJsonc(text, file, { comments: false });
    const locate: Locate = (at, key = false) => doc.locate(at, { key });
    if (!isPlainObject(doc.value)) throw configError(`the file must be a JSON object {"hooks": {...}}, got ${typeName(doc.value)}`, locate([]));
    // Codex 0.169.0 refuses any other top-level key ("unknown field `version`, expected `description` or `hooks`").
    for (const key of Object.keys(doc.value)) {
      if (!HOOKS_FILE_KEYS.includes(key)) throw configError(`unknown top-level field "${key}": Codex reads only "description" and "hooks" here`, locate([key], true));
    }
    const description = doc.value.description;
    if (description !== undefined && description !== null && typeof description !== 'string') {
      throw configError(`"description" must be a string, got ${typeName(description)}`, locate(['description']));
    }
    if (doc.value.hooks !== undefined) registerHooks(doc.value.hooks, source, ['hooks'], locate, hints);
  } catch (error) {
    if (!(error instanceof HookrunError)) throw error;
    return drop(source, error);
  }
  return source;
}

async function readConfigToml(layer: CodexLayer, file: string, fatal: boolean, hints: PendingHint[]): Promise<CodexSource> {
  const source: CodexSource = { layer, file, form: 'toml', exists: false, entries: [], diagnostics: [] };
  const text = readText(file);
  if (text === undefined) return source;
  source.exists = true;
  if (text instanceof HookrunError) {
    if (fatal) throw text;
    return drop(source, text);
  }
  const { parseToml, tomlLocator } = await import('./toml.js');
  let value: JsonObject;
  try {
    value = parseToml(text, file);
  } catch (error) {
    if (!(error instanceof HookrunError) || fatal) throw error;
    // An untrusted project's config.toml (or validate): Codex never reads it, so it cannot stop Codex.
    source.unparseable = true;
    return drop(source, error);
  }
  source.toml = value;
  const hooks = value.hooks;
  if (hooks === undefined) return source;
  const locate = tomlLocator(text, file);
  try {
    if (!isPlainObject(hooks)) throw configError(`[hooks] must be a table of events, got ${typeName(hooks)}`, locate(['hooks']));
    const { state, ...events } = hooks;
    if (state !== undefined) {
      if (!isPlainObject(state)) throw configError(`[hooks.state] must be a table of hook keys, got ${typeName(state)}`, locate(['hooks', 'state']));
      source.state = state;
    }
    registerHooks(events, source, ['hooks'], locate, hints);
  } catch (error) {
    if (!(error instanceof HookrunError)) throw error;
    return drop(source, error, 'failed to parse TOML hooks in');
  }
  return source;
}

function drop(source: CodexSource, error: HookrunError, what = 'failed to parse hooks config'): CodexSource {
  source.entries = [];
  source.diagnostics = [];
  source.dropped = {
    message: `${what} ${source.file}: ${error.message}; Codex loads no hook from it (the other hook files still load)`,
    location: error.location ?? at0(source.file),
  };
  return source;
}

/** Codex's handler types; it runs `command` and skips the rest. */
const HANDLER_TYPES = new Set(['command', 'prompt', 'agent', 'mcp_tool']);

/** Registers every handler of a `hooks` object; a structural error throws (the whole source is dropped). An unknown event's words wait in `hints`. */
function registerHooks(hooks: unknown, source: CodexSource, prefix: JsonPath, locate: Locate, hints: PendingHint[]): void {
  if (!isPlainObject(hooks)) throw configError(`${formatJsonPath(prefix)} must be an object of event names, got ${typeName(hooks)}`, locate(prefix));
  const skip = (code: string, message: string, at: JsonPath, fix?: string, key = false) =>
    source.diagnostics.push({ code, severity: 'warning', message, location: locate(at, key), ...(fix ? { fix } : {}) });
  for (const [event, groups] of Object.entries(hooks)) {
    const at: JsonPath = [...prefix, event];
    if (!isCodexEvent(event)) {
      // The warning takes its place now; its words once the vocabulary is at hand (src/migrate/loader-hints.ts).
      const unknown: Diagnostic = { code: 'codex-unknown-event', severity: 'warning', message: '', location: locate(at, true), fix: '' };
      source.diagnostics.push(unknown);
      hints.push((foreignEvent) => {
        const near = CODEX_EVENTS.find((e) => e.toLowerCase() === event.toLowerCase());
        // Another agent's name, and Codex's event at that moment: the one cross-agent vocabulary (src/dialects/vocabularies.ts).
        const foreign = foreignEvent('codex', event);
        const meant = near ?? foreign?.here;
        const whose = foreign ? ` (an event of another agent: ${foreign.labels})` : near ? ' (event names are case-sensitive)' : '';
        unknown.message = `Codex has no hook event "${event}"${whose}; its hooks never run`;
        unknown.fix = meant
          ? `rename it to "${meant}"`
          : foreign?.near
            ? `${foreign.near.why}; Codex's events: ${CODEX_EVENTS.join(', ')}`
            : `Codex's events: ${CODEX_EVENTS.join(', ')}`;
      });
      continue;
    }
    if (!Array.isArray(groups)) throw configError(`${formatJsonPath(at)} must be an array of matcher groups, got ${typeName(groups)}`, locate(at));
    groups.forEach((group: unknown, g) => registerGroup(event, group, [...at, g], g, source, locate, skip));
  }
}

function registerGroup(
  event: string,
  group: unknown,
  at: JsonPath,
  g: number,
  source: CodexSource,
  locate: Locate,
  skip: (code: string, message: string, at: JsonPath, fix?: string) => void,
): void {
  if (!isPlainObject(group)) throw configError(`${formatJsonPath(at)} must be a matcher group {"matcher", "hooks"}, got ${typeName(group)}`, locate(at));
  const matcher = group.matcher;
  if (matcher !== undefined && matcher !== null && typeof matcher !== 'string') {
    throw configError(`${formatJsonPath([...at, 'matcher'])} must be a string, got ${typeName(matcher)}`, locate([...at, 'matcher']));
  }
  const handlers = group.hooks ?? [];
  if (!Array.isArray(handlers)) throw configError(`${formatJsonPath([...at, 'hooks'])} must be an array of handlers, got ${typeName(handlers)}`, locate([...at, 'hooks']));
  const rule = codexEventRule(event)!;
  // Events without a matcher never validate it (test user_prompt_submit_ignores_invalid_matcher_during_discovery).
  if (typeof matcher === 'string' && rule.matcherField) {
    const compiled = codexMatcher(matcher);
    if (compiled.kind === 'regex' && compiled.error) {
      skip(
        'codex-invalid-matcher',
        `invalid matcher ${JSON.stringify(matcher)} at ${formatJsonPath([...at, 'matcher'])}: ${compiled.error}; Codex drops this group (${handlers.length} hook${handlers.length === 1 ? '' : 's'})`,
        [...at, 'matcher'],
        'write a Rust regex (no look-around, no backreferences), or a name list such as "Bash|apply_patch"',
      );
      return;
    }
  } else if (typeof matcher === 'string' && matcher !== '' && matcher !== '*') {
    source.diagnostics.push({
      code: 'codex-matcher-ignored',
      severity: 'info',
      message: `${formatJsonPath([...at, 'matcher'])}: ${event} has no matcher in Codex; "${matcher}" is ignored and the hooks always run`,
      location: locate([...at, 'matcher']),
    });
  }
  handlers.forEach((handler: unknown, h) => {
    const entry = registerHandler(event, handler, typeof matcher === 'string' ? matcher : undefined, [...at, 'hooks', h], `${g}:${h}`, source, locate, skip);
    if (entry) source.entries.push(entry);
  });
}

function registerHandler(
  event: string,
  handler: unknown,
  matcher: string | undefined,
  at: JsonPath,
  indexes: string,
  source: CodexSource,
  locate: Locate,
  skip: (code: string, message: string, at: JsonPath, fix?: string) => void,
): RegistryEntry | undefined {
  const where = formatJsonPath(at);
  if (!isPlainObject(handler)) throw configError(`${where} must be a handler object {"type": "command", "command": ...}, got ${typeName(handler)}`, locate(at));
  const type = handler.type;
  if (typeof type !== 'string' || !HANDLER_TYPES.has(type)) {
    throw configError(`${where}.type must be one of ${[...HANDLER_TYPES].join(', ')}, got ${JSON.stringify(type)}`, locate([...at, 'type']));
  }
  for (const field of ['command', 'commandWindows', 'statusMessage'] as const) {
    if (handler[field] !== undefined && typeof handler[field] !== 'string') {
      throw configError(`${where}.${field} must be a string, got ${typeName(handler[field])}`, locate([...at, field]));
    }
  }
  if (handler.async !== undefined && typeof handler.async !== 'boolean') throw configError(`${where}.async must be true or false`, locate([...at, 'async']));
  const timeout = handler.timeout;
  if (timeout !== undefined && timeout !== null && (typeof timeout !== 'number' || !Number.isInteger(timeout) || timeout < 0)) {
    throw configError(`${where}.timeout must be a whole number of seconds, got ${JSON.stringify(timeout)}`, locate([...at, 'timeout']));
  }
  if (type !== 'command') {
    const why = type === 'mcp_tool' ? 'hookrun does not call MCP tools' : '"prompt hooks are not supported yet", Codex says, and it skips them';
    skip('codex-handler-skipped', `${where}: a "${type}" handler is skipped (${why})`, [...at, 'type']);
    return undefined;
  }
  if (typeof handler.command !== 'string') throw configError(`${where}.command is missing: a command handler needs one`, locate(at));
  if (handler.command.trim() === '') {
    skip('codex-empty-command', `${where}.command is empty; Codex skips the handler`, [...at, 'command']);
    return undefined;
  }
  const seconds = typeof timeout === 'number' ? Math.max(1, timeout) : CODEX_DEFAULT_TIMEOUT_SEC;
  if (typeof timeout === 'number' && timeout < 1) {
    skip('codex-timeout-raised', `${where}.timeout is ${timeout}; Codex raises it to 1 second`, [...at, 'timeout'], 'write a timeout of at least 1 (seconds)');
  }
  const instead = timeoutInOtherUnit('s', timeout, { atLeast: MS_LOOKING_TIMEOUT_SEC });
  if (instead !== undefined) {
    skip(
      'codex-timeout-looks-like-ms',
      `${where}.timeout is ${timeout} seconds (${((timeout as number) / 60).toFixed(0)} min): Codex reads seconds, not milliseconds`,
      [...at, 'timeout'],
      `if you meant ${timeout} ms, write "timeout": ${instead}`,
    );
  }
  return {
    event,
    config: {
      type,
      command: handler.command,
      timeout: seconds * 1000,
      ...(typeof handler.commandWindows === 'string' ? { commandWindows: handler.commandWindows } : {}),
      ...(handler.async === true ? { async: true } : {}),
      ...(typeof handler.statusMessage === 'string' ? { statusMessage: handler.statusMessage } : {}),
      stateKey: `${source.file}:${eventLabel(event)}:${indexes}`,
    },
    source: `${source.layer} ${source.form === 'json' ? 'hooks.json' : 'config.toml'}`,
    layer: source.layer,
    matcher,
    sequential: undefined,
    enabled: true,
    displayName: handler.command,
    location: locate(at),
  };
}

/** Codex's own trust record: `[projects."<dir>"] trust_level` in the user config.toml, for the workspace, else its repository root. */
function codexProjectTrust(ctx: Context, userToml: JsonObject | undefined, file: string): TrustDecision | undefined {
  const projects = userToml?.projects;
  if (!isPlainObject(projects)) return undefined;
  const root = gitRoot(ctx.cwd);
  for (const dir of root && root !== ctx.cwd ? [ctx.cwd, root] : [ctx.cwd]) {
    const record = projects[dir];
    if (!isPlainObject(record) || typeof record.trust_level !== 'string') continue;
    const trusted = record.trust_level === 'trusted';
    return { trusted, by: 'file', detail: `trust_level = "${record.trust_level}" for [projects."${dir}"] in ${file}` };
  }
  return undefined;
}

/** The project trust decision: --trust-workspace / HOOKRUN_TRUST_WORKSPACE, else Codex's record, else hookrun's. */
function decideTrust(ctx: Context, options: LoadOptions, userToml: JsonObject | undefined, file: string): TrustDecision {
  const own = decideWorkspaceTrust(ctx, { trustWorkspace: options.trustWorkspace });
  if (own.by === 'flag' || own.by === 'env') return own;
  return codexProjectTrust(ctx, userToml, file) ?? own;
}

/** `[hooks.state."<key>"] enabled = false` in these config.toml files turns that hook off. */
function applyState(entries: readonly RegistryEntry[], sources: readonly CodexSource[]): void {
  for (const source of sources) {
    if (!source.state) continue;
    for (const entry of entries) {
      const state = source.state[String(entry.config.stateKey)];
      if (isPlainObject(state) && state.enabled === false) {
        entry.enabled = false;
        entry.config.disabledBecause = `enabled = false in [hooks.state."${String(entry.config.stateKey)}"] of ${source.file}`;
      }
    }
  }
}

/** The hook keys with a `trusted_hash` in these config.toml files, and the file that sets `bypass_hook_trust = true` (which Codex ignores). */
export function reviewRecords(sources: readonly CodexSource[]): { hashed: Set<string>; ignoredBypass?: string } {
  const hashed = new Set<string>();
  let ignoredBypass: string | undefined;
  for (const source of sources) {
    for (const [key, state] of Object.entries(source.state ?? {})) if (isPlainObject(state) && typeof state.trusted_hash === 'string') hashed.add(key);
    if (source.toml?.bypass_hook_trust === true) ignoredBypass = source.file;
  }
  return ignoredBypass ? { hashed, ignoredBypass } : { hashed };
}

/** How many unreviewed hooks the review warning names before it counts the rest. */
const REVIEW_LISTED = 5;

/**
 * Codex's hook review: an unmanaged hook runs only once `/hooks` has stored its `trusted_hash` under
 * `[hooks.state."<key>"]` (the user's config.toml; the system's is read too, as for `enabled`), and only
 * while the hash still fits the hook; `codex exec` skips any other hook without a word. hookrun runs them all,
 * as `--dangerously-bypass-hook-trust` does, and says which ones Codex would skip: those with no record.
 * It cannot recompute the hash (Codex's serialisation is not public), so a recorded hook counts as reviewed.
 */
function reviewDiagnostic(entries: readonly RegistryEntry[], sources: readonly CodexSource[], userToml: string): Diagnostic | undefined {
  if (entries.length === 0) return undefined;
  const { hashed, ignoredBypass } = reviewRecords(sources);
  const unreviewed = entries.filter((e) => !hashed.has(String(e.config.stateKey)));
  const reviewed = entries.length - unreviewed.length;
  const unchecked = `${reviewed} with a trusted_hash run in Codex only while unchanged since their review, which hookrun cannot check`;
  if (unreviewed.length === 0) return { code: 'codex-hooks-review-unchecked', severity: 'info', message: `every Codex hook here was reviewed in /hooks: the ${unchecked}` };
  const at = (e: RegistryEntry) => `${e.event} at ${e.location ? `${e.location.file}:${e.location.line}:${e.location.column}` : e.source}`;
  const more = unreviewed.length > REVIEW_LISTED ? `, and ${unreviewed.length - REVIEW_LISTED} more` : '';
  const listed = unreviewed.slice(0, REVIEW_LISTED).map(at).join(', ') + more;
  const bypass = ignoredBypass ? `; bypass_hook_trust = true in ${ignoredBypass} does not change that, Codex ignores it` : '';
  return {
    code: 'codex-hooks-unreviewed',
    severity: 'warning',
    message:
      `codex exec would skip ${unreviewed.length} of ${entries.length} Codex hook(s) without a word: they were never reviewed in Codex's /hooks ` +
      `(no trusted_hash under [hooks.state."<file>:<event>:<group>:<handler>"] in ${userToml}): ${listed}${bypass}. ` +
      `hookrun runs them, as codex --dangerously-bypass-hook-trust does${reviewed > 0 ? `; the other ${unchecked}` : ''}. ` +
      'To run them in Codex, trust them in its /hooks review; enabled = false under [hooks.state] still turns a hook off in both',
  };
}

/** `[features] hooks = false` (or the deprecated `codex_hooks`) in the last config.toml that sets it. */
function featureOff(sources: readonly CodexSource[]): string | undefined {
  let off: string | undefined;
  for (const source of sources) {
    const features = source.toml?.features;
    if (!isPlainObject(features)) continue;
    const key = typeof features.hooks === 'boolean' ? 'hooks' : typeof features.codex_hooks === 'boolean' ? 'codex_hooks' : undefined;
    if (key) off = features[key] === false ? `[features] ${key} = false in ${source.file}` : undefined;
  }
  return off;
}

export interface CodexSources {
  sources: CodexSource[];
  trust: TrustDecision;
  /** The trust of the folder a project source is in (the workspace, or a parent up to the repository root). */
  trustOf: (source: CodexSource) => TrustDecision;
}

/** The folder whose `.codex/` holds the source. */
const projectFolderOf = (source: CodexSource): string => path.dirname(path.dirname(source.file));

/** Every hooks source of every layer, and the project trust decision. */
async function readCodexSources(ctx: Context, options: LoadOptions): Promise<CodexSources> {
  const folders = codexFolders(ctx);
  const userFolder = folders.find((f) => f.layer === 'user')!;
  const sources: CodexSource[] = [];
  let trust: TrustDecision | undefined;
  let trustOfDir: ((dir: string) => TrustDecision) | undefined;
  for (const folder of folders) {
    if (folder.layer === 'project' && trust === undefined) {
      const user = sources.find((s) => s.layer === 'user' && s.form === 'toml');
      const userToml = path.join(userFolder.dir, 'config.toml');
      trust = decideTrust(ctx, options, user?.toml, userToml);
      // Each parent folder is asked for its own trust: trusting p/sub does not run p/.codex's hooks.
      trustOfDir = folderTrust(ctx, trust, (at) => decideTrust(at, {}, user?.toml, userToml));
    }
    const trusted = folder.layer !== 'project' || trustOfDir!(path.dirname(folder.dir)).trusted;
    sources.push(...(await readCodexFolder(folder, { fatalToml: trusted })));
  }
  const workspace = trust ?? decideWorkspaceTrust(ctx, { trustWorkspace: options.trustWorkspace });
  return { sources, trust: workspace, trustOf: (source) => (source.layer === 'project' && trustOfDir ? trustOfDir(projectFolderOf(source)) : workspace) };
}

export async function loadCodexConfig(ctx: Context, options: LoadOptions): Promise<ResolvedConfig> {
  const { sources, trust, trustOf } = await readCodexSources(ctx, options);
  /** Hooks held back, by the folder whose trust held them back. */
  const heldBack = new Map<string, { trust: TrustDecision; names: string[] }>();
  const diagnostics: Diagnostic[] = [];
  const files: SettingsFileInfo[] = [];
  const gathered: GatedEntries = { entries: [], considered: [], heldBack: [] };
  for (const source of sources) {
    if (!source.exists) {
      files.push({ layer: source.layer, path: source.file, exists: false, loaded: false, note: 'not found' });
      continue;
    }
    if (source.dropped) {
      diagnostics.push({ code: 'codex-source-dropped', severity: 'warning', ...source.dropped });
      files.push({ layer: source.layer, path: source.file, exists: true, loaded: false, note: 'dropped: no hook from it runs' });
      continue;
    }
    diagnostics.push(...source.diagnostics);
    const decision = trustOf(source);
    const gated = source.layer === 'project' && !decision.trusted;
    files.push({ layer: source.layer, path: source.file, exists: true, loaded: !gated, ...(gated ? { note: 'untrusted folder: not loaded' } : {}) });
    const before = gathered.heldBack.length;
    admitEntries(gathered, source.entries, gated, decision);
    if (gathered.heldBack.length > before) {
      const folder = projectFolderOf(source);
      const held = heldBack.get(folder) ?? { trust: decision, names: [] };
      held.names.push(...gathered.heldBack.slice(before));
      heldBack.set(folder, held);
    }
  }
  const active = sources.filter((s) => !s.dropped && !(s.layer === 'project' && !trustOf(s).trusted));
  // Only the user's and the system's: a repository must not switch off the user's own guards.
  applyState(
    gathered.entries,
    active.filter((s) => s.layer !== 'project'),
  );
  const off = featureOff(active);
  if (off) {
    for (const entry of gathered.entries) {
      entry.enabled = false;
      entry.config.disabledBecause = off;
    }
    diagnostics.push({ code: 'hooks-disabled', severity: 'info', message: `${off}: no Codex hook runs` });
  }
  for (const [folder, held] of heldBack) {
    diagnostics.push({
      code: 'untrusted-project-hooks',
      severity: 'warning',
      message: `${untrustedMessage(ctx, held.trust, held.names, folder)}, or trust the project in Codex: trust_level = "trusted" under [projects."${folder}"] in ${path.join(codexHome(ctx), 'config.toml')}`,
    });
  }
  if (!off) {
    const review = reviewDiagnostic(
      gathered.entries.filter((e) => e.enabled),
      active.filter((s) => s.layer !== 'project'),
      path.join(codexHome(ctx), 'config.toml'),
    );
    if (review) diagnostics.push(review);
  }
  const config: ResolvedConfig = { dialect: 'codex', hooksEnabled: off === undefined, trust, entries: gathered.entries, diagnostics, files, merged: {} };
  if (options.keepInactive) config.considered = gathered.considered;
  return config;
}
