// GitHub Copilot CLI's hook sources in the order Copilot CLI 1.0.102 loads and runs them (docs/copilot.md):
// policy files (HOOKRUN_COPILOT_POLICY_DIR, default /etc/github-copilot/policy.d/*.json), the user's
// `$COPILOT_HOME/hooks/*.json` (default ~/.copilot), the inline `hooks` of the user's `settings.json`, the
// repository's `.github/hooks/*.json`, the Claude Code files `.claude/settings.json` and
// `.claude/settings.local.json`, then the inline `hooks` of `.github/copilot/settings.json` and
// `settings.local.json`. Each folder of hook files is read in reverse alphabetical order, as the binary
// runs them. A structural error (invalid JSON, a bad `version`, an event list that is not an array) drops
// that file; an item error drops the item; inline settings hooks with any item error are dropped whole.
// Each drop is a warning here (an error in `validate`); repository files wait for trust.
import type fs from 'node:fs';
import path from 'node:path';
import { homeDir, type Context } from '../../pipeline/context.js';
import { configError, formatJsonPath, type HookrunError } from '../../pipeline/errors.js';
import { isPlainObject, type JsoncDocument } from '../../files/jsonc.js';
import { admitEntries, decideWorkspaceTrust, untrustedMessage, type GatedEntries } from '../../trust/workspace.js';
import type { ConsideredEntry, Diagnostic, Layer, Location, RegistryEntry, ResolvedConfig, SettingsFileInfo } from '../../pipeline/types.js';
import type { LoadOptions } from '../dialect.js';
import { canonicalEvent, COPILOT_EVENTS_TABLE, isPascalName } from './events.js';
import { claudeSettingsPaths } from '../claude/settings.js';
import { loadHookFile, type LoadedHookFile } from '../../files/read-input.js';
import { completeHints, hintSink, timeoutInOtherUnit, type ForeignEventLookup, type PendingHint } from '../../migrate/loader-hints.js';
import * as observed from '../../files/journal.js';
import { copilotHome, jsonFiles, repositorySettingsFiles, userSettingsFile } from './configured.js';

export const COPILOT_DEFAULT_TIMEOUT_SECONDS = 30;
const POLICY_DIR_ENV = 'HOOKRUN_COPILOT_POLICY_DIR';
const DEFAULT_POLICY_DIR = '/etc/github-copilot/policy.d';
/** Files bigger than this are not read (a hook file is a few kilobytes; a huge one is a mistake or an attack). */

export type CopilotScope = 'policy' | 'user' | 'user-settings' | 'repository' | 'claude' | 'repository-settings';

export interface CopilotSource {
  path: string;
  scope: CopilotScope;
  /** A hook file (`{version, hooks}`), a settings file whose `hooks` are inline, or a Claude Code settings file. */
  kind: 'hooks' | 'settings' | 'claude';
  /** Inside the workspace: runs only in a trusted folder. */
  project: boolean;
}

const LAYER: Readonly<Record<CopilotScope, Layer>> = {
  policy: 'system',
  user: 'user',
  'user-settings': 'user',
  repository: 'workspace',
  claude: 'workspace',
  'repository-settings': 'workspace',
};

function policyDir(ctx: Context): string {
  const override = ctx.env[POLICY_DIR_ENV];
  return override !== undefined && override !== '' ? override : DEFAULT_POLICY_DIR;
}

/** Every source in Copilot's load order, which is also the order its hooks run in. */
export function copilotSources(ctx: Context): CopilotSource[] {
  const hooks = (dir: string, scope: CopilotScope, project: boolean) => jsonFiles(dir).map((p): CopilotSource => ({ path: p, scope, kind: 'hooks', project }));
  const [repoSettings, localSettings] = repositorySettingsFiles(ctx) as [string, string];
  // Claude Code's project and local files; Copilot does not read the user's ~/.claude/settings.json.
  const claude = claudeSettingsPaths(ctx);
  return [
    ...hooks(policyDir(ctx), 'policy', false),
    ...hooks(path.join(copilotHome(ctx), 'hooks'), 'user', false),
    { path: userSettingsFile(ctx), scope: 'user-settings', kind: 'settings', project: false },
    ...hooks(path.join(ctx.cwd, '.github', 'hooks'), 'repository', true),
    { path: claude.project, scope: 'claude', kind: 'claude', project: true },
    { path: claude.local, scope: 'claude', kind: 'claude', project: true },
    { path: repoSettings, scope: 'repository-settings', kind: 'settings', project: true },
    { path: localSettings, scope: 'repository-settings', kind: 'settings', project: true },
  ];
}

/** One source as Copilot would load it; `error`: Copilot rejects the whole file (or, for a settings file, its whole `hooks`). */
export interface LoadedCopilotFile extends LoadedHookFile {
  source: CopilotSource;
  /** Items Copilot drops (each an error in `validate`) and what it ignores without a word. */
  diagnostics: Diagnostic[];
  /** The file's top-level `disableAllHooks: true`, where it is written. */
  disableAllHooks?: Location;
  /** Hints of unknown event keys still to complete (src/migrate/loader-hints.ts): their warnings are in `diagnostics`. */
  pendingHints: PendingHint[];
}

const typeOf = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

function at0(file: string): Location {
  return { file, line: 0, column: 0, path: [] };
}

/** A path shown to people: relative inside the workspace, `~/…` inside the home directory. */
export function shownPath(file: string, ctx: Context): string {
  const rel = path.relative(ctx.cwd, file);
  if (!rel.startsWith('..') && !path.isAbsolute(rel)) return rel;
  const home = homeDir(ctx);
  const inHome = path.relative(home, file);
  return !inHome.startsWith('..') && !path.isAbsolute(inHome) ? `~/${inHome}` : file;
}

/** Why Copilot would refuse a policy file (docs/sources.md §X3.1: root-owned, not group- or world-writable). */
function unsafePolicy(file: string, ctx: Context): string | undefined {
  let stat: fs.Stats;
  try {
    stat = observed.statOrThrow(file);
  } catch {
    return undefined;
  }
  if ((stat.mode & 0o022) !== 0) return `it is group- or world-writable (mode ${(stat.mode & 0o777).toString(8)})`;
  // Under an overridden folder (tests, a packaged policy) ownership is the caller's business.
  if (ctx.env[POLICY_DIR_ENV] === undefined && typeof stat.uid === 'number' && stat.uid !== 0 && ctx.platform !== 'win32') return `it is not owned by root (uid ${stat.uid})`;
  return undefined;
}

/** `foreignEvent`: the cross-agent lookup, when the caller has it loaded; without it, hints wait in `pendingHints`. */
export function readCopilotFile(source: CopilotSource, ctx: Context, foreignEvent?: ForeignEventLookup): LoadedCopilotFile {
  const loaded: LoadedCopilotFile = { source, exists: false, entries: [], diagnostics: [], pendingHints: [] };
  const hint = hintSink(foreignEvent, loaded.pendingHints);
  return loadHookFile(source.path, loaded, {
    refuse: () => {
      const unsafe = source.scope === 'policy' ? unsafePolicy(source.path, ctx) : undefined;
      return unsafe ? configError(`policy file ${source.path} is not used: ${unsafe}`, at0(source.path)) : undefined;
    },
    register: (doc) => {
      parseSource(doc, source, ctx, loaded, hint);
      return loaded.entries;
    },
  });
}

const ENTRY_FIELDS = [
  'type',
  'bash',
  'powershell',
  'command',
  'exec',
  'args',
  'cwd',
  'env',
  'timeoutSec',
  'timeout',
  'matcher',
  'url',
  'headers',
  'allowedEnvVars',
  'prompt',
] as const;

/** "a Gemini CLI event", "a Cursor or Kiro CLI event": whose event a foreign name is. */
function whoseEvent(labels: string): string {
  const who = labels.replace(/, ([^,]*)$/, ' or $1');
  return `${/^[AEIOU]/.test(who) ? 'an' : 'a'} ${who} event`;
}

function unknownEventHint(key: string, foreignEvent: ForeignEventLookup): string {
  // Another agent's name, and Copilot's event at that moment: the one cross-agent vocabulary (src/dialects/vocabularies.ts).
  const other = foreignEvent('copilot', key);
  if (other?.here) return `"${key}" is ${whoseEvent(other.labels)}; Copilot's event at that moment is "${other.here}"`;
  if (other?.near) return `"${key}" is ${whoseEvent(other.labels)}; ${other.near.why}`;
  const fold = key.toLowerCase();
  const near = Object.keys(COPILOT_EVENTS_TABLE)
    .flatMap((camel) => [camel, COPILOT_EVENTS_TABLE[camel]!.pascal ?? camel])
    .find((name) => name.toLowerCase() === fold);
  if (near) return `Copilot's event names are case-sensitive: write "${near}"`;
  return `Copilot's events: ${Object.keys(COPILOT_EVENTS_TABLE).join(', ')} (or their PascalCase aliases)`;
}

/** Fills `loaded` from a parsed hook or settings file; a structural error throws (the file, or its hooks, is dropped). */
function parseSource(doc: JsoncDocument, source: CopilotSource, ctx: Context, loaded: LoadedCopilotFile, hint: (complete: PendingHint) => void): void {
  const where = (at: (string | number)[], key = false) => doc.locate(at, { key });
  const warn = (code: string, message: string, location: Location, fix?: string) =>
    loaded.diagnostics.push({ code, severity: 'warning', message, location, ...(fix ? { fix } : {}) });
  const root = doc.value;
  if (!isPlainObject(root)) throw configError(`the file must be a JSON object {"version": 1, "hooks": {...}}, got ${typeOf(root)}`, where([]));
  if (source.kind === 'hooks') {
    if (root.version === undefined) {
      warn('copilot-missing-version', `${shownPath(source.path, ctx)} has no "version"; Copilot's hook files say "version": 1`, where([]), 'add "version": 1');
    } else if (root.version !== 1) {
      throw configError(`"version" is ${JSON.stringify(root.version)}: Copilot reads only version 1 hook files and rejects this one`, where(['version']));
    }
  }
  if (root.disableAllHooks !== undefined) {
    if (typeof root.disableAllHooks !== 'boolean') {
      warn('copilot-unknown-key', `"disableAllHooks" must be true or false, got ${typeOf(root.disableAllHooks)}; hookrun ignores it`, where(['disableAllHooks']));
    } else if (root.disableAllHooks) {
      loaded.disableAllHooks = where(['disableAllHooks'], true);
    }
  }
  const hooks = root.hooks;
  if (hooks === undefined) return;
  if (!isPlainObject(hooks)) throw configError(`"hooks" must be an object of event names, got ${typeOf(hooks)}`, where(['hooks']));
  const items: Diagnostic[] = [];
  for (const [key, list] of Object.entries(hooks)) {
    const event = canonicalEvent(key);
    if (!Array.isArray(list)) throw configError(`hooks.${key} must be an array of hook entries, got ${typeOf(list)}: Copilot rejects the whole file`, where(['hooks', key]));
    if (event === undefined) {
      // The warning takes its place now; its fix once the vocabulary is at hand (src/migrate/loader-hints.ts).
      const unknown: Diagnostic = {
        code: 'copilot-unknown-event',
        severity: 'warning',
        message: `hooks.${key}: Copilot has no "${key}" event, so nothing under it runs`,
        location: where(['hooks', key], true),
        fix: '',
      };
      loaded.diagnostics.push(unknown);
      hint((foreignEvent) => {
        unknown.fix = unknownEventHint(key, foreignEvent);
      });
      continue;
    }
    const drop = (item: unknown, at: (string | number)[], why: string) =>
      items.push({
        code: 'copilot-item-dropped',
        severity: 'warning',
        message: `${formatJsonPath(at)}: ${why}; Copilot drops this entry (the others load)`,
        location: where(at),
        ...itemFix(item),
      });
    const add = (item: unknown, at: (string | number)[], groupMatcher?: string) => {
      const parsed = parseEntry(item, at, event, key, source, ctx, where, warn, groupMatcher);
      if (typeof parsed === 'string') drop(item, at, parsed);
      else loaded.entries.push(parsed);
    };
    list.forEach((item, i) => {
      const at = ['hooks', key, i];
      if (!isPlainObject(item) || item.hooks === undefined) return add(item, at);
      // A Claude Code group {matcher, hooks: [...]}: Copilot takes one level of it, each inner entry with the group's matcher.
      if (!Array.isArray(item.hooks)) return drop(item, at, `"hooks" must be an array of hook entries, got ${typeOf(item.hooks)}`);
      if (item.matcher !== undefined && typeof item.matcher !== 'string') return drop(item, at, `"matcher" must be a string, got ${typeOf(item.matcher)}`);
      for (const extra of Object.keys(item)) {
        if (extra !== 'matcher' && extra !== 'hooks')
          warn('copilot-unknown-key', `${formatJsonPath([...at, extra])}: Copilot ignores "${extra}" on a group of hooks`, where([...at, extra], true));
      }
      item.hooks.forEach((inner: unknown, j: number) => {
        const innerAt = [...at, 'hooks', j];
        if (isPlainObject(inner) && inner.hooks !== undefined) return drop(inner, innerAt, 'nested hooks deeper than one level are not supported');
        add(inner, innerAt, item.matcher as string | undefined);
      });
    });
  }
  if (items.length > 0 && source.kind === 'settings') {
    // Inline settings hooks are strict: one bad entry rejects the whole field (docs/sources.md §X3.2).
    loaded.diagnostics.push(
      ...items.map((d) => ({ ...d, message: d.message.replace('Copilot drops this entry (the others load)', 'Copilot rejects the whole "hooks" of this settings file') })),
    );
    throw configError(`"hooks" has ${items.length} invalid entr${items.length === 1 ? 'y' : 'ies'}: Copilot rejects inline settings hooks whole`, where(['hooks']));
  }
  loaded.diagnostics.push(...items);
}

function itemFix(item: unknown): { fix?: string } {
  if (isPlainObject(item) && item.hooks !== undefined) return { fix: 'one level of grouping at most: {"matcher": "bash", "hooks": [{"type": "command", "bash": "./guard.sh"}]}' };
  if (isPlainObject(item) && item.matcher === '') return { fix: 'leave "matcher" out to run on every call' };
  if (isPlainObject(item) && item.exec !== undefined && ['bash', 'powershell', 'command'].some((f) => item[f] !== undefined)) {
    return { fix: 'keep either "exec" (with "args") or the shell command' };
  }
  return { fix: 'write {"type": "command", "bash": "<command>", "timeoutSec": 30}' };
}

const isStringRecord = (value: unknown): value is Record<string, string> => isPlainObject(value) && Object.values(value).every((v) => typeof v === 'string');

/** One entry as a registry entry, or why Copilot drops it. */
function parseEntry(
  item: unknown,
  at: (string | number)[],
  event: string,
  key: string,
  source: CopilotSource,
  ctx: Context,
  where: (at: (string | number)[], key?: boolean) => Location,
  warn: (code: string, message: string, location: Location, fix?: string) => void,
  groupMatcher?: string,
): RegistryEntry | string {
  if (!isPlainObject(item)) return `an entry must be an object, got ${typeOf(item)}`;
  const type = item.type ?? 'command';
  if (type !== 'command' && type !== 'http' && type !== 'prompt') return `"type" is ${JSON.stringify(type)}: Copilot knows "command", "http" and "prompt"`;
  for (const field of ['bash', 'powershell', 'command', 'exec', 'cwd', 'matcher', 'url', 'prompt'] as const) {
    if (item[field] !== undefined && typeof item[field] !== 'string') return `"${field}" must be a string, got ${typeOf(item[field])}`;
  }
  for (const field of ['args', 'allowedEnvVars'] as const) {
    const value = item[field];
    if (value !== undefined && !(Array.isArray(value) && value.every((v) => typeof v === 'string'))) return `"${field}" must be an array of strings, got ${typeOf(value)}`;
  }
  for (const field of ['env', 'headers'] as const) {
    if (item[field] !== undefined && !isStringRecord(item[field])) return `"${field}" must be an object of string values`;
  }
  for (const field of ['timeoutSec', 'timeout'] as const) {
    const value = item[field];
    if (value !== undefined && (typeof value !== 'number' || !Number.isFinite(value) || value <= 0))
      return `"${field}" must be a positive number of seconds, got ${JSON.stringify(value)}`;
  }
  if (type === 'command' && ['bash', 'powershell', 'command', 'exec'].every((f) => item[f] === undefined)) return 'a command entry needs "bash", "powershell", "command" or "exec"';
  if (item.exec !== undefined && ['bash', 'powershell', 'command'].some((f) => item[f] !== undefined))
    return 'it has both "exec" and a shell command ("bash", "powershell" or "command"), which Copilot refuses';
  const matcher = item.matcher ?? groupMatcher;
  if (matcher === '') return 'its matcher is empty, which Copilot refuses ("matcher cannot be empty")';
  if (type === 'http' && item.url === undefined) return 'an http entry needs "url"';
  if (type === 'prompt') {
    if (item.prompt === undefined) return 'a prompt entry needs "prompt"';
    if (event !== 'sessionStart') return `prompt entries run only on sessionStart, not ${key}`;
  }
  for (const extra of Object.keys(item)) {
    if ((ENTRY_FIELDS as readonly string[]).includes(extra)) continue;
    warn('copilot-unknown-key', `${formatJsonPath([...at, extra])}: Copilot ignores "${extra}" on a hook entry`, where([...at, extra], true));
  }
  const spec = COPILOT_EVENTS_TABLE[event]!;
  if (matcher !== undefined && spec.matcherField === undefined) {
    const matcherAt = item.matcher !== undefined ? [...at, 'matcher'] : [...at.slice(0, -2), 'matcher'];
    warn(
      'copilot-matcher-ignored',
      `${formatJsonPath(matcherAt)}: Copilot ignores a matcher on ${key}, so this hook runs on every ${key}`,
      where(matcherAt, true),
      'remove the matcher (Copilot filters only preToolUse, permissionRequest, postToolUse, preCompact, subagentStart and notification), or test the payload inside the hook',
    );
  }
  const seconds = (item.timeoutSec ?? item.timeout) as number | undefined;
  const timeoutKey = item.timeoutSec !== undefined ? 'timeoutSec' : 'timeout';
  const instead = timeoutInOtherUnit('s', seconds);
  if (seconds !== undefined && instead !== undefined) {
    warn(
      'copilot-timeout-ms',
      `${formatJsonPath([...at, timeoutKey])} is ${seconds}: Copilot reads it as seconds (${(seconds / 60).toFixed(0)} minutes); it looks like milliseconds`,
      where([...at, timeoutKey]),
      `write "timeoutSec": ${instead} for ${seconds} ms`,
    );
  }
  const shellCommand = (item.bash ?? item.command) as string | undefined;
  const exec = item.exec as string | undefined;
  const label = shownPath(source.path, ctx);
  const config: RegistryEntry['config'] = {
    type: type as string,
    command:
      type === 'command'
        ? (shellCommand ?? (exec !== undefined ? [exec, ...((item.args as string[] | undefined) ?? [])].join(' ') : (item.powershell as string)))
        : type === 'http'
          ? (item.url as string)
          : (item.prompt as string),
    timeout: (seconds ?? COPILOT_DEFAULT_TIMEOUT_SECONDS) * 1000,
    pascal: isPascalName(key),
    writtenEvent: key,
    // The file as Copilot names it in an errored hook's reason, and the folder it gives as COPILOT_HOOK_DIR.
    sourceFile: label,
    hookDir: path.dirname(source.path),
  };
  for (const field of ['bash', 'powershell', 'exec', 'args', 'cwd', 'url', 'headers', 'allowedEnvVars', 'prompt'] as const) {
    if (item[field] !== undefined) config[field] = item[field];
  }
  if (item.command !== undefined) config.commandField = item.command;
  if (item.env !== undefined) config.env = item.env as Record<string, string>;
  const unrunnable = copilotCannotRun(config);
  if (unrunnable !== undefined) config.unrunnable = unrunnable;
  const errored = copilotErrors(config, ctx.platform);
  if (errored !== undefined) config.errored = errored;
  return {
    event,
    config,
    source: source.scope,
    layer: LAYER[source.scope],
    matcher,
    sequential: true,
    enabled: true,
    displayName: `${label}:${formatJsonPath(at)}`,
    location: where(at),
  };
}

/** Entries Copilot loads but hookrun does not start. */
function copilotCannotRun(c: RegistryEntry['config']): string | undefined {
  if (c.type === 'http') return 'an http hook: hookrun does not POST Copilot http hooks (yet); Copilot would';
  if (c.type === 'prompt') return 'a prompt hook submits text to the model, which hookrun cannot do';
  return undefined;
}

/** A command entry with nothing to run on this platform: Copilot starts nothing and counts the hook as errored. */
function copilotErrors(c: RegistryEntry['config'], platform: NodeJS.Platform): string | undefined {
  if (c.type !== 'command' || c.exec !== undefined || c.commandField !== undefined) return undefined;
  if (platform === 'win32' ? c.powershell !== undefined : c.bash !== undefined) return undefined;
  return platform === 'win32' ? 'it has no "powershell" or "command" to run on Windows' : 'it has only a "powershell" command, which Copilot does not run on this platform';
}

export function disableIgnoredMessage(source: CopilotSource, ctx: Context): string {
  return `${shownPath(source.path, ctx)} sets "disableAllHooks": true, which Copilot ignores in the user's settings: every hook still runs (set it in .github/copilot/settings.json, or in each hook file)`;
}

/** What `run` says about a file (or settings hooks) Copilot rejects. */
export function droppedMessage(source: CopilotSource, error: HookrunError, ctx: Context): string {
  const what = source.kind === 'settings' ? `the inline hooks of ${shownPath(source.path, ctx)}` : shownPath(source.path, ctx);
  return `${error.message} — Copilot drops ${what} (no hook from it runs); the other hook files still load`;
}

export async function loadCopilotConfig(ctx: Context, options: LoadOptions): Promise<ResolvedConfig> {
  const diagnostics: Diagnostic[] = [];
  const files: SettingsFileInfo[] = [];
  const trust = decideWorkspaceTrust(ctx, { trustWorkspace: options.trustWorkspace });
  const gathered: GatedEntries = { entries: [], considered: [], heldBack: [] };
  const loadedAll = copilotSources(ctx).map((source) => readCopilotFile(source, ctx));
  for (const loaded of loadedAll) await completeHints(loaded.pendingHints);
  // disableAllHooks in the repository's settings turns off every source but policy files; in the user's
  // ~/.copilot/settings.json Copilot ignores it. An untrusted folder's settings have no say over the user's hooks.
  let disabledBy: { file: string; location: Location } | undefined;
  for (const loaded of loadedAll) {
    if (loaded.source.kind !== 'settings' || !loaded.disableAllHooks) continue;
    if (loaded.source.scope === 'user-settings') {
      diagnostics.push({ code: 'copilot-disable-ignored', severity: 'warning', message: disableIgnoredMessage(loaded.source, ctx), location: loaded.disableAllHooks });
      continue;
    }
    if (loaded.source.project && !trust.trusted) {
      diagnostics.push({
        code: 'copilot-hooks-disabled',
        severity: 'warning',
        message: `${shownPath(loaded.source.path, ctx)} sets "disableAllHooks": true, but the folder is not trusted, so hookrun does not let it turn off your hooks`,
        location: loaded.disableAllHooks,
      });
      continue;
    }
    disabledBy ??= { file: loaded.source.path, location: loaded.disableAllHooks };
  }
  const inactive = (entries: readonly RegistryEntry[], detail: string, location: Location): ConsideredEntry[] =>
    entries.map((entry) => ({ entry, inactive: { reason: 'hooks-disabled', detail, location } }));
  for (const loaded of loadedAll) {
    const { source } = loaded;
    if (!loaded.exists) continue;
    const layer = LAYER[source.scope];
    if (loaded.error) {
      diagnostics.push(...loaded.diagnostics, {
        code: 'copilot-file-dropped',
        severity: 'warning',
        message: droppedMessage(source, loaded.error, ctx),
        location: loaded.error.location ?? at0(source.path),
      });
      files.push({ layer, path: source.path, exists: true, loaded: false, note: 'rejected: no hook from it runs' });
      continue;
    }
    diagnostics.push(...loaded.diagnostics);
    if (loaded.disableAllHooks && source.kind !== 'settings') {
      gathered.considered.push(...inactive(loaded.entries, `"disableAllHooks": true in ${shownPath(source.path, ctx)}`, loaded.disableAllHooks));
      files.push({ layer, path: source.path, exists: true, loaded: false, note: 'disableAllHooks: true' });
      continue;
    }
    if (disabledBy && source.scope !== 'policy') {
      gathered.considered.push(...inactive(loaded.entries, `"disableAllHooks": true in ${shownPath(disabledBy.file, ctx)} (policy hooks still run)`, disabledBy.location));
      files.push({ layer, path: source.path, exists: true, loaded: false, note: `disabled by ${disabledBy.file}` });
      continue;
    }
    const gated = source.project && !trust.trusted;
    files.push({ layer, path: source.path, exists: true, loaded: !gated, ...(gated ? { note: 'untrusted folder: not loaded' } : {}) });
    admitEntries(gathered, loaded.entries, gated, trust);
  }
  if (gathered.heldBack.length > 0) {
    diagnostics.push({ code: 'untrusted-project-hooks', severity: 'warning', message: untrustedMessage(ctx, trust, gathered.heldBack) });
  }
  const config: ResolvedConfig = { dialect: 'copilot', hooksEnabled: true, trust, entries: gathered.entries, diagnostics, files, merged: {} };
  if (options.keepInactive) config.considered = gathered.considered;
  return config;
}
