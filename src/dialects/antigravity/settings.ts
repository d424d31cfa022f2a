// Antigravity CLI's hook files (docs/sources.md §K1.1, §K1.2, §K1.10; docs/antigravity.md "Files", "File format and loading"): one `hooks.json` per
// customization root (`.agents/`, `.agent/`, `_agents/`, `_agent/`) in the workspace and each parent up
// to the repository root, then the global `~/.gemini/config/hooks.json`; all merged, none overrides.
// agy decodes each file with Go's strict encoding/json into named hook specs: any rejection drops the
// whole file, silently. hookrun drops it too and says why and where; unknown keys and events, which agy
// ignores without a word, get a warning.
import path from 'node:path';
import { homeDir, type Context } from '../../pipeline/context.js';
import { configError, formatJsonPath, type HookrunError } from '../../pipeline/errors.js';
import { findNode, isPlainObject, type JsoncDocument } from '../../files/jsonc.js';
import { admitEntries, decideWorkspaceTrust, folderTrust, untrustedMessage, type GatedEntries } from '../../trust/workspace.js';
import type { Diagnostic, JsonObject, Layer, Location, RegistryEntry, ResolvedConfig, SettingsFileInfo, TrustDecision } from '../../pipeline/types.js';
import type { LoadOptions } from '../dialect.js';
import { AGY_EVENTS, AGY_EVENTS_TABLE, agyEventForKey } from './events.js';
import { loadHookFile, type LoadedHookFile } from '../../files/read-input.js';
import * as observed from '../../files/journal.js';
import { type AgyFile, agyGlobalHooksFile, agyHookFiles } from './configured.js';

export { type AgyFile, agyHookFiles };

/** Seconds (D9). */
export const AGY_DEFAULT_TIMEOUT_SECONDS = 30;
/** Files bigger than this are not read (a hooks file is a few kilobytes; a huge one is a mistake or an attack). */
const INT32_MAX = 2 ** 31 - 1;
const INT32_MIN = -(2 ** 31);

/** Places other sources name for the global file, which agy does not read (docs/sources.md §K1.1). */
function unreadGlobalFiles(ctx: Context): string[] {
  const gemini = path.join(homeDir(ctx), '.gemini');
  return [path.join(gemini, 'antigravity-cli', 'hooks.json'), path.join(gemini, 'hooks.json')];
}

/** One file as agy would load it: its handlers, or why the whole file is dropped. */
export interface LoadedAgyFile extends LoadedHookFile {
  file: AgyFile;
  /** What agy ignores without a word: unknown keys and events, a matcher on a flat event, ... */
  diagnostics: Diagnostic[];
}

type Where = (at: (string | number)[], key?: boolean) => Location;

const typeOf = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/** Keys of an object grouped by the field they bind to, case-insensitively, as Go's decoder does (the last one wins). */
function fieldKeys(object: JsonObject, fields: readonly string[]): { bound: Map<string, string>; unknown: string[]; shadowed: [hidden: string, by: string][] } {
  const bound = new Map<string, string>();
  const unknown: string[] = [];
  const shadowed: [string, string][] = [];
  for (const key of Object.keys(object)) {
    const field = fields.find((f) => f.toLowerCase() === key.toLowerCase());
    if (!field) {
      unknown.push(key);
      continue;
    }
    const earlier = bound.get(field);
    if (earlier !== undefined) shadowed.push([earlier, key]);
    bound.set(field, key);
  }
  return { bound, unknown, shadowed };
}

const HANDLER_FIELDS = ['type', 'command', 'prompt', 'model', 'timeout'] as const;
const GROUP_FIELDS = ['matcher', 'hooks'] as const;

export function readAgyFile(file: AgyFile): LoadedAgyFile {
  const loaded: LoadedAgyFile = { file, exists: false, entries: [], diagnostics: [] };
  // Go's encoding/json: no comments, no trailing commas, no NaN; JSON.parse refuses the same.
  return loadHookFile(file.path, loaded, { register: (doc) => registerHooks(doc, file, loaded.diagnostics) });
}

function at0(file: string): Location {
  return { file, line: 0, column: 0, path: [] };
}

function literal(doc: JsoncDocument, at: (string | number)[]): string {
  const node = doc.tree ? findNode(doc.tree, at) : undefined;
  return node ? doc.text.slice(node.offset, node.offset + node.length) : '';
}

/** Every handler of the file as a registry entry; a rejection throws (agy drops the file). */
function registerHooks(doc: JsoncDocument, file: AgyFile, diagnostics: Diagnostic[]): RegistryEntry[] {
  const where: Where = (at, key = false) => doc.locate(at, { key });
  const root = doc.value;
  if (root === null) return [];
  if (!isPlainObject(root)) {
    throw configError(`the file must be a JSON object of hook names, got ${typeOf(root)}: agy loads no hook from it`, where([]));
  }
  const warn = (code: string, message: string, location: Location, fix?: string) => diagnostics.push({ code, severity: 'warning', message, location, ...(fix ? { fix } : {}) });
  const entries: RegistryEntry[] = [];
  for (const [name, spec] of Object.entries(root)) {
    if (spec === null) continue;
    if (!isPlainObject(spec)) {
      const event = agyEventForKey(name);
      const hint =
        event !== undefined
          ? `: "${name}" is read as a hook name, not an event. Put the events inside a named hook: {"my-hook": {"${event}": [...]}}`
          : name === 'enabled'
            ? ': every top-level key is a hook name, so "enabled" belongs inside a named hook'
            : '; a hook spec is an object such as {"PreToolUse": [...]}';
      throw configError(`hook "${name}" must be an object, got ${typeOf(spec)}${hint}`, where([name]));
    }
    const events = [...AGY_EVENTS];
    const { bound, unknown, shadowed } = fieldKeys(spec, ['enabled', ...events]);
    for (const [hidden, by] of shadowed) {
      warn(
        'agy-duplicate-key',
        `${label(name, hidden)} is replaced by "${by}" (agy's decoder ignores case, and the last one wins): nothing under "${hidden}" runs`,
        where([name, hidden], true),
        `merge the two into one "${by}"`,
      );
    }
    let enabled = true;
    const enabledKey = bound.get('enabled');
    if (enabledKey !== undefined) {
      const value = spec[enabledKey];
      if (value !== null && typeof value !== 'boolean') throw configError(`${label(name, enabledKey)} must be true or false, got ${typeOf(value)}`, where([name, enabledKey]));
      if (value === false) enabled = false;
    }
    for (const key of unknown) {
      warn(
        'agy-unknown-key',
        `${label(name, key)}: agy ignores "${key}" (not an event it dispatches, nor "enabled"); nothing under it runs`,
        where([name, key], true),
        suggestKey(key),
      );
    }
    for (const event of events) {
      const key = bound.get(event);
      if (key === undefined) continue;
      const list = spec[key];
      if (list === null) continue;
      if (!Array.isArray(list)) throw configError(`${label(name, key)} must be an array, got ${typeOf(list)}`, where([name, key]));
      if (key !== event) {
        warn(
          'agy-event-case',
          `${label(name, key)}: agy binds "${key}" to ${event} (its decoder ignores case); write "${event}"`,
          where([name, key], true),
          `rename "${key}" to "${event}"`,
        );
      }
      const push = (handler: unknown, at: (string | number)[], matcher: string | undefined) => {
        const entry = registerHandler(doc, file, name, event, handler, at, matcher, enabled, warn);
        if (entry) entries.push(entry);
      };
      list.forEach((item, g) => {
        const at = [name, key, g];
        if (!AGY_EVENTS_TABLE[event]!.grouped) {
          push(item, at, undefined);
          return;
        }
        if (item === null) return;
        if (!isPlainObject(item)) throw configError(`${formatJsonPath(at)} must be a group object {"matcher", "hooks"}, got ${typeOf(item)}`, where(at));
        const group = fieldKeys(item, GROUP_FIELDS);
        const matcherKey = group.bound.get('matcher');
        const matcher = matcherKey === undefined ? null : item[matcherKey];
        if (matcher !== null && typeof matcher !== 'string') {
          throw configError(`${formatJsonPath([...at, matcherKey!])} must be a string, got ${typeOf(matcher)}`, where([...at, matcherKey!]));
        }
        const hooksKey = group.bound.get('hooks');
        const hooks = hooksKey === undefined ? null : item[hooksKey];
        if (hooks !== null && !Array.isArray(hooks)) {
          throw configError(`${formatJsonPath([...at, hooksKey!])} must be an array of handlers, got ${typeOf(hooks)}`, where([...at, hooksKey!]));
        }
        const looksLikeHandler = group.unknown.some((k) => ['command', 'type', 'timeout'].includes(k.toLowerCase()));
        for (const extra of group.unknown) {
          warn(
            'agy-unknown-key',
            `${formatJsonPath([...at, extra])}: agy ignores "${extra}" on a ${event} group (a group has only "matcher" and "hooks")`,
            where([...at, extra], true),
            looksLikeHandler ? `move the handler into the group's hooks: {"matcher": "*", "hooks": [{"type": "command", "command": ...}]}` : undefined,
          );
        }
        if (looksLikeHandler && (hooks === null || hooks.length === 0)) {
          warn(
            'agy-handler-not-in-group',
            `${formatJsonPath(at)} is a handler written where ${event} takes a group: agy runs nothing for it`,
            where(at),
            `wrap it: {"matcher": "*", "hooks": [ ...this handler... ]}`,
          );
        }
        (hooks ?? []).forEach((handler, h) => push(handler, [...at, hooksKey!, h], matcher ?? ''));
      });
    }
  }
  return entries;
}

function label(name: string, key: string): string {
  return formatJsonPath([name, key]);
}

function suggestKey(key: string): string | undefined {
  const lower = key.toLowerCase();
  const known: Record<string, string> = {
    beforetool: 'PreToolUse',
    aftertool: 'PostToolUse',
    beforemodel: 'PreInvocation',
    aftermodel: 'PostInvocation',
    afteragent: 'Stop',
    sessionend: 'Stop',
    userpromptsubmit: 'PreInvocation',
    beforeagent: 'PreInvocation',
  };
  const event = known[lower];
  return event ? `agy has no ${key} event; the nearest is "${event}"` : `events agy dispatches: ${AGY_EVENTS.filter((e) => e !== 'SessionStart').join(', ')}`;
}

function registerHandler(
  doc: JsoncDocument,
  file: AgyFile,
  name: string,
  event: string,
  raw: unknown,
  at: (string | number)[],
  matcher: string | undefined,
  enabled: boolean,
  warn: (code: string, message: string, location: Location, fix?: string) => void,
): RegistryEntry | undefined {
  const where = (p: (string | number)[], key = false) => doc.locate(p, { key });
  const handler: JsonObject = raw === null ? {} : (raw as JsonObject);
  if (raw !== null && !isPlainObject(raw)) throw configError(`${formatJsonPath(at)} must be a handler object {"type", "command", "timeout"}, got ${typeOf(raw)}`, where(at));
  const { bound, unknown } = fieldKeys(handler, HANDLER_FIELDS);
  const field = (f: (typeof HANDLER_FIELDS)[number]) => {
    const key = bound.get(f);
    return key === undefined ? { key: undefined, value: null } : { key, value: handler[key] };
  };
  for (const f of ['type', 'command', 'prompt', 'model'] as const) {
    const { key, value } = field(f);
    if (value !== null && typeof value !== 'string') throw configError(`${formatJsonPath([...at, key!])} must be a string, got ${typeOf(value)}`, where([...at, key!]));
  }
  const type = (field('type').value as string | null) ?? '';
  if (type !== '' && type !== 'command' && type !== 'prompt') {
    throw configError(
      `${formatJsonPath([...at, field('type').key!])} is "${type}": agy accepts only "command" (or "prompt"), exactly so spelled`,
      where([...at, field('type').key!]),
    );
  }
  const isPrompt = type === 'prompt';
  if (!isPrompt) {
    for (const f of ['prompt', 'model'] as const) {
      const { key, value } = field(f);
      if (value !== null) throw configError(`${formatJsonPath([...at, key!])}: a command handler cannot carry "${f}" (agy rejects the file)`, where([...at, key!], true));
    }
  } else if (field('command').value !== null) {
    throw configError(
      `${formatJsonPath([...at, field('command').key!])}: a prompt handler cannot carry "command" (agy rejects the file)`,
      where([...at, field('command').key!], true),
    );
  }
  let timeoutSeconds: number | undefined;
  const timeout = field('timeout');
  if (timeout.value !== null) {
    const text = literal(doc, [...at, timeout.key!]);
    const value = typeof timeout.value === 'number' ? timeout.value : NaN;
    if (!/^-?\d+$/.test(text) || value > INT32_MAX || value < INT32_MIN) {
      throw configError(
        `${formatJsonPath([...at, timeout.key!])} must be a whole number of seconds (a 32-bit integer written as digits), got ${text || typeOf(timeout.value)}`,
        where([...at, timeout.key!]),
      );
    }
    timeoutSeconds = value;
  }
  for (const key of unknown) {
    warn('agy-unknown-key', `${formatJsonPath([...at, key])}: agy ignores "${key}" on a handler (it knows type, command, timeout)`, where([...at, key], true));
  }
  if (matcher === undefined && isPlainObject(raw) && unknown.some((k) => k.toLowerCase() === 'matcher' || k.toLowerCase() === 'hooks')) {
    warn(
      'agy-matcher-ignored',
      `${formatJsonPath(at)}: ${event} is a flat list of handlers; agy ignores a "matcher" or "hooks" here, and the handler runs on every ${event}`,
      where(at),
      'remove the matcher (only PreToolUse and PostToolUse groups have one)',
    );
  }
  const command = (field('command').value as string | null) ?? '';
  const location = where(at);
  if (timeoutSeconds !== undefined && timeoutSeconds <= 0) {
    warn(
      'agy-timeout-default',
      `${formatJsonPath([...at, timeout.key!])} is ${timeoutSeconds}: agy's meaning is undocumented; hookrun uses the default ${AGY_DEFAULT_TIMEOUT_SECONDS} s`,
      where([...at, timeout.key!]),
    );
  }
  return {
    event,
    config: {
      type: isPrompt ? 'prompt' : 'command',
      command,
      timeout: (timeoutSeconds !== undefined && timeoutSeconds > 0 ? timeoutSeconds : AGY_DEFAULT_TIMEOUT_SECONDS) * 1000,
      hookName: name,
      hooksDir: path.dirname(file.path),
    },
    source: file.scope,
    layer: file.scope === 'workspace' ? 'workspace' : 'user',
    matcher,
    sequential: true,
    enabled,
    displayName: formatJsonPath(at),
    location,
  };
}

export async function loadAgyConfig(ctx: Context, options: LoadOptions): Promise<ResolvedConfig> {
  const diagnostics: Diagnostic[] = [];
  const files: SettingsFileInfo[] = [];
  const trust = decideWorkspaceTrust(ctx, { trustWorkspace: options.trustWorkspace });
  const trustOf = folderTrust(ctx, trust);
  const gathered: GatedEntries = { entries: [], considered: [], heldBack: [] };
  const { entries, considered } = gathered;
  /** Hooks held back, by the folder whose trust held them back. */
  const heldBack = new Map<string, { trust: TrustDecision; names: string[] }>();
  for (const file of agyHookFiles(ctx)) {
    const loaded = readAgyFile(file);
    if (!loaded.exists) continue;
    const layer: Layer = file.scope === 'workspace' ? 'workspace' : 'user';
    if (loaded.error) {
      diagnostics.push({
        code: 'agy-file-dropped',
        severity: 'warning',
        message: droppedFileMessage(loaded.error),
        location: loaded.error.location ?? at0(file.path),
      });
      files.push({ layer, path: file.path, exists: true, loaded: false, note: 'rejected: no hook from it runs' });
      continue;
    }
    diagnostics.push(...loaded.diagnostics);
    // The customization root's folder (`<dir>/.agents/hooks.json`): the workspace, or a parent up to the repository root.
    const folder = path.dirname(path.dirname(file.path));
    const folderDecision = file.scope === 'workspace' ? trustOf(folder) : trust;
    const gated = file.scope === 'workspace' && !folderDecision.trusted;
    files.push({ layer, path: file.path, exists: true, loaded: !gated, ...(gated ? { note: 'untrusted folder: not loaded' } : {}) });
    const before = gathered.heldBack.length;
    admitEntries(gathered, loaded.entries, gated, folderDecision);
    if (gathered.heldBack.length > before) {
      const held = heldBack.get(folder) ?? { trust: folderDecision, names: [] };
      held.names.push(...gathered.heldBack.slice(before));
      heldBack.set(folder, held);
    }
  }
  for (const [folder, held] of heldBack) {
    diagnostics.push({ code: 'untrusted-project-hooks', severity: 'warning', message: untrustedMessage(ctx, held.trust, held.names, folder) });
  }
  diagnostics.push(...unreadGlobalFileDiagnostics(ctx));
  const config: ResolvedConfig = { dialect: 'antigravity', hooksEnabled: true, trust, entries, diagnostics, files, merged: {} };
  if (options.keepInactive) config.considered = considered;
  return config;
}

/** A warning for each place other guides name for the global file that exists: agy does not read it. */
export function unreadGlobalFileDiagnostics(ctx: Context): Diagnostic[] {
  return unreadGlobalFiles(ctx)
    .filter((other) => observed.exists(other))
    .map((other) => ({
      code: 'agy-global-file-not-read',
      severity: 'warning' as const,
      message: `${other} is not read: agy's global hooks file is ${agyGlobalHooksFile(ctx)} (some guides name this path; agy ignores it)`,
      location: at0(other),
      fix: `move its hooks to ${agyGlobalHooksFile(ctx)}`,
    }));
}

/** What `run` says about a file agy rejects. */
export function droppedFileMessage(error: HookrunError): string {
  return `${error.message} — agy drops the whole file without a word (every hook in it stops running); the other hook files still load`;
}
