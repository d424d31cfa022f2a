// Kiro CLI 3's hook files (docs/sources.md §K2.1, §K2.2, §K2.10; docs/kiro.md "Kiro CLI 3 hook files"): `<workspace>/.kiro/hooks/*.json`
// by file name, then `~/.kiro/hooks/*.json` (the engine resolves `~` from the OS home, not KIRO_HOME),
// all merged. A file is `{"version": "v1", "hooks": [...]}` checked against the engine's schema: a
// mismatch drops the whole file (the engine logs it, the user sees nothing), the other files load.
import path from 'node:path';
import type { Context } from '../../pipeline/context.js';
import { configError, formatJsonPath, HookrunError } from '../../pipeline/errors.js';
import { findNode, isPlainObject, parseJsonc, type JsoncDocument } from '../../files/jsonc.js';
import { decideWorkspaceTrust, untrustedMessage, admitEntries, type GatedEntries } from '../../trust/workspace.js';
import type { Diagnostic, Location, RegistryEntry, ResolvedConfig, SettingsFileInfo } from '../../pipeline/types.js';
import type { LoadOptions } from '../dialect.js';
import { KIRO3_TRIGGER_NAMES, KIRO3_TRIGGERS, kiro3TriggerOf } from './kiro3-events.js';
import { readInputFile } from '../../files/read-input.js';
import * as observed from '../../files/journal.js';
import { kiro3HookDirectories } from './configured.js';

export { kiro3HookDirectories };

/** Seconds (docs/kiro.md "Kiro CLI 3 hook files"). */
export const KIRO3_DEFAULT_TIMEOUT_SECONDS = 60;
/** `timeout: 0` is "no timeout": the longest delay a Node timer takes. */
export const KIRO3_NO_TIMEOUT_MS = 2 ** 31 - 1;
const MAX_FILE_BYTES = 4 * 1024 * 1024;
const HOOK_KEYS: ReadonlySet<string> = new Set(['name', 'description', 'trigger', 'matcher', 'action', 'timeout', 'enabled', 'confirm']);

export interface Kiro3File {
  path: string;
  scope: 'workspace' | 'global';
}

export function kiro3HookFiles(ctx: Context): Kiro3File[] {
  return kiro3HookDirectories(ctx).flatMap(({ scope, dir }) => listJsonFiles(dir).map((name): Kiro3File => ({ path: path.join(dir, name), scope })));
}

export interface LoadedKiro3File {
  file: Kiro3File;
  error?: HookrunError;
  /** The file could not be read at all (permissions, not a regular file, too big). */
  unreadable?: boolean;
  entries: RegistryEntry[];
  diagnostics: Diagnostic[];
}

const typeOf = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

export function readKiro3File(file: Kiro3File): LoadedKiro3File {
  const loaded: LoadedKiro3File = { file, entries: [], diagnostics: [] };
  try {
    const stat = observed.statOrThrow(file.path);
    if (!stat.isFile() || stat.size > MAX_FILE_BYTES) loaded.unreadable = true;
    if (!stat.isFile()) throw configError(`${file.path} is not a regular file; hookrun reads only regular hook files`, at0(file.path));
    if (stat.size > MAX_FILE_BYTES) throw configError(`${file.path} is ${stat.size} bytes, over hookrun's limit of ${MAX_FILE_BYTES}`, at0(file.path));
    let text: string;
    try {
      text = readInputFile(file.path, 'utf8');
    } catch (error) {
      loaded.unreadable = true;
      throw error;
    }
    // The engine is JavaScript: JSON.parse, so no comments and no trailing commas.
    const doc = parseJsonc(text, file.path, { comments: false });
    loaded.entries = registerHooks(doc, file, loaded.diagnostics);
  } catch (error) {
    loaded.error =
      error instanceof HookrunError ? error : configError(`${file.path}: cannot read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`, at0(file.path));
    loaded.entries = [];
    loaded.diagnostics = [];
  }
  return loaded;
}

function at0(file: string): Location {
  return { file, line: 0, column: 0, path: [] };
}

function literal(doc: JsoncDocument, at: (string | number)[]): string {
  const node = doc.tree ? findNode(doc.tree, at) : undefined;
  return node ? doc.text.slice(node.offset, node.offset + node.length) : '';
}

function registerHooks(doc: JsoncDocument, file: Kiro3File, diagnostics: Diagnostic[]): RegistryEntry[] {
  const where = (at: (string | number)[], key = false) => doc.locate(at, { key });
  const warn = (code: string, message: string, location: Location, fix?: string) => diagnostics.push({ code, severity: 'warning', message, location, ...(fix ? { fix } : {}) });
  const root = doc.value;
  if (!isPlainObject(root)) throw configError(`a Kiro hook file must be a JSON object {"version": "v1", "hooks": [...]}, got ${typeOf(root)}`, where([]));
  if (root.version !== 'v1') {
    throw configError(
      root.version === undefined ? 'the file has no "version": Kiro CLI 3 needs "version": "v1"' : `"version" must be "v1", got ${JSON.stringify(root.version)}`,
      where(root.version === undefined ? [] : ['version']),
    );
  }
  const hooks = root.hooks;
  if (!Array.isArray(hooks) || hooks.length === 0) {
    throw configError(
      hooks === undefined
        ? 'the file has no "hooks" array'
        : Array.isArray(hooks)
          ? '"hooks" is empty: Kiro CLI 3 needs at least one hook'
          : `"hooks" must be an array, got ${typeOf(hooks)}`,
      where(hooks === undefined ? [] : ['hooks']),
    );
  }
  for (const key of Object.keys(root)) {
    if (key !== 'version' && key !== 'hooks' && key !== '$schema') warn('kiro3-unknown-key', `"${key}" is not a Kiro hook-file field; Kiro CLI ignores it`, where([key], true));
  }
  // Checked whole before any entry is kept: one bad hook costs the file (the engine validates the file against one schema).
  const entries: RegistryEntry[] = [];
  hooks.forEach((raw, i) => {
    const at = ['hooks', i];
    const label = formatJsonPath(at);
    if (!isPlainObject(raw)) throw configError(`${label} must be an object, got ${typeOf(raw)}`, where(at));
    const need = (field: string, type: 'string' | 'object') => {
      const value = raw[field];
      const ok = type === 'object' ? isPlainObject(value) : typeof value === type;
      if (!ok)
        throw configError(
          value === undefined ? `${label} has no "${field}" (required)` : `${label}.${field} must be ${type === 'object' ? 'an object' : `a ${type}`}, got ${typeOf(value)}`,
          where(value === undefined ? at : [...at, field]),
        );
      return value;
    };
    const name = need('name', 'string') as string;
    const triggerText = need('trigger', 'string') as string;
    const action = need('action', 'object') as Record<string, unknown>;
    for (const [field, type] of [
      ['description', 'string'],
      ['matcher', 'string'],
      ['enabled', 'boolean'],
    ] as const) {
      const value = raw[field];
      if (value !== undefined && typeof value !== type) throw configError(`${label}.${field} must be a ${type}, got ${typeOf(value)}`, where([...at, field]));
    }
    const timeout = raw.timeout;
    if (timeout !== undefined && (typeof timeout !== 'number' || !Number.isInteger(timeout) || timeout < 0)) {
      throw configError(`${label}.timeout must be a whole number of seconds >= 0, got ${literal(doc, [...at, 'timeout']) || typeOf(timeout)}`, where([...at, 'timeout']));
    }
    const actionType = action.type;
    if (actionType === 'command') {
      if (typeof action.command !== 'string')
        throw configError(`${label}.action.command must be a string, got ${typeOf(action.command)}`, where([...at, 'action', action.command === undefined ? 'type' : 'command']));
    } else if (actionType === 'agent') {
      if (typeof action.prompt !== 'string')
        throw configError(`${label}.action.prompt must be a string, got ${typeOf(action.prompt)}`, where([...at, 'action', action.prompt === undefined ? 'type' : 'prompt']));
    } else {
      throw configError(
        `${label}.action.type must be "command" or "agent", got ${JSON.stringify(actionType ?? null)}`,
        where([...at, 'action', ...(actionType === undefined ? [] : ['type'])]),
      );
    }
    for (const key of Object.keys(raw)) {
      if (!HOOK_KEYS.has(key)) warn('kiro3-unknown-key', `${label}: "${key}" is not a Kiro hook field; Kiro CLI ignores it`, where([...at, key], true));
    }
    const trigger = kiro3TriggerOf(triggerText);
    if (trigger === undefined) {
      warn('kiro3-unknown-trigger', `${label}.trigger "${triggerText}" is no Kiro CLI 3 trigger: the hook never fires`, where([...at, 'trigger']), suggestTrigger(triggerText));
      return;
    }
    if (raw.confirm !== undefined) {
      warn('kiro3-confirm-ignored', `${label}.confirm: hookrun cannot ask the user, so the hook runs without asking`, where([...at, 'confirm'], true));
    }
    const spec = KIRO3_TRIGGERS[trigger]!;
    if (typeof raw.matcher === 'string' && spec.matcherField === undefined) {
      warn(
        'kiro3-matcher-ignored',
        `${label}.matcher: Kiro CLI 3 evaluates no matcher on ${trigger}${trigger === 'UserPromptSubmit' ? " (its docs say the prompt text; the engine's code tests nothing)" : ''}, so the hook fires every time`,
        where([...at, 'matcher']),
        'remove the matcher, or test the input inside the command',
      );
    }
    if (actionType === 'agent' && trigger === 'Stop') {
      warn('kiro3-agent-on-stop', `${label}: Stop runs command actions only; this agent action never fires`, where([...at, 'action']));
    }
    if (timeout === 0) warn('kiro3-no-timeout', `${label}.timeout is 0: Kiro never stops this hook; a hang blocks the agent`, where([...at, 'timeout']));
    if (trigger !== triggerText) {
      // An alias works; only the PascalCase name is documented.
      diagnostics.push({
        code: 'kiro3-trigger-alias',
        severity: 'info',
        message: `${label}.trigger "${triggerText}" is the engine's alias of ${trigger}`,
        location: where([...at, 'trigger']),
      });
    }
    const seconds = typeof timeout === 'number' ? timeout : KIRO3_DEFAULT_TIMEOUT_SECONDS;
    entries.push({
      event: trigger,
      config: {
        type: actionType,
        command: actionType === 'command' ? (action.command as string) : '',
        ...(actionType === 'agent' ? { prompt: action.prompt as string } : {}),
        timeout: seconds === 0 ? KIRO3_NO_TIMEOUT_MS : seconds * 1000,
        hookName: name,
      },
      source: file.scope,
      layer: file.scope === 'workspace' ? 'workspace' : 'user',
      matcher: spec.matcherField === undefined ? undefined : raw.matcher,
      sequential: true,
      enabled: raw.enabled !== false,
      displayName: name,
      location: where(at),
    });
  });
  return entries;
}

function suggestTrigger(text: string): string {
  const lower = text.toLowerCase();
  const same = KIRO3_TRIGGER_NAMES.find((name) => name.toLowerCase() === lower || KIRO3_TRIGGERS[name]!.aliases.some((a) => a.toLowerCase() === lower));
  return same ? `write "${same}"` : `triggers: ${KIRO3_TRIGGER_NAMES.join(', ')}`;
}

export async function loadKiro3Config(ctx: Context, options: LoadOptions): Promise<ResolvedConfig> {
  const diagnostics: Diagnostic[] = [];
  const files: SettingsFileInfo[] = [];
  const gathered: GatedEntries = { entries: [], considered: [], heldBack: [] };
  const { entries, considered, heldBack } = gathered;
  const trust = decideWorkspaceTrust(ctx, { trustWorkspace: options.trustWorkspace });
  if (options.agent !== undefined) {
    diagnostics.push({
      code: 'kiro3-agent-ignored',
      severity: 'warning',
      message: `--agent ${options.agent} is ignored: Kiro CLI 3 hook files apply to every agent (agent-embedded hooks run with the camelCase triggers)`,
    });
  }
  for (const file of kiro3HookFiles(ctx)) {
    const loaded = readKiro3File(file);
    const layer = file.scope === 'workspace' ? 'workspace' : 'user';
    if (loaded.error) {
      diagnostics.push({
        code: 'kiro3-file-dropped',
        severity: 'warning',
        message: droppedKiro3FileMessage(loaded.error),
        location: loaded.error.location ?? at0(file.path),
      });
      files.push({ layer, path: file.path, exists: true, loaded: false, note: 'rejected: no hook from it runs' });
      continue;
    }
    diagnostics.push(...loaded.diagnostics);
    const gated = file.scope === 'workspace' && !trust.trusted;
    files.push({ layer, path: file.path, exists: true, loaded: !gated, ...(gated ? { note: 'untrusted folder: not loaded' } : {}) });
    admitEntries(gathered, loaded.entries, gated, trust);
  }
  if (heldBack.length > 0) diagnostics.push({ code: 'untrusted-project-hooks', severity: 'warning', message: untrustedMessage(ctx, trust, heldBack) });
  const config: ResolvedConfig = { dialect: 'kiro', hooksEnabled: true, trust, entries, diagnostics, files, merged: {} };
  if (options.keepInactive) config.considered = considered;
  return config;
}

function listJsonFiles(dir: string): string[] {
  try {
    return observed
      .listDirEntries(dir)
      .filter((e) => (e.isFile() || e.isSymbolicLink()) && e.name.endsWith('.json'))
      .map((e) => e.name)
      .sort();
  } catch {
    return [];
  }
}

/** What `run` says about a hook file Kiro CLI 3 skips. */
export function droppedKiro3FileMessage(error: HookrunError): string {
  return `${error.message} — Kiro CLI skips the whole file (its log says "Hook file does not match v2 schema"; nothing tells the user); the other hook files still load`;
}
