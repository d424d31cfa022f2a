// VS Code's hook files (docs/vscode.md; vscode-docs agent-customization/hooks.md "Hook file locations"): the
// locations of `chat.hookFilesLocations`, by default the workspace's `.github/hooks` folder (every `*.json`
// in it), `.claude/settings.local.json`, `.claude/settings.json`, then the user's `~/.copilot/hooks` and
// `~/.claude/settings.json`. The workspace's `.vscode/settings.json` may add locations (a folder or a
// `.json` file, relative to the workspace or `~/`) or switch one off with `false`. Workspace hooks come
// first ("take precedence over user hooks"). Each file holds `hooks.<Event>`: flat command entries (VS
// Code's and Copilot CLI's form) or Claude Code's matcher groups, whose matchers VS Code parses and ignores.
import path from 'node:path';
import { homeDir, type Context } from '../../pipeline/context.js';
import { configError, formatJsonPath, HookrunError } from '../../pipeline/errors.js';
import { isPlainObject, parseJsoncObject, type JsoncDocument, type JsonPath } from '../../files/jsonc.js';
import { admitEntries, decideWorkspaceTrust, untrustedMessage, type GatedEntries } from '../../trust/workspace.js';
import type { Diagnostic, Layer, RegistryEntry, ResolvedConfig, SettingsFileInfo } from '../../pipeline/types.js';
import type { LoadOptions } from '../dialect.js';
import { readInputFile } from '../../files/read-input.js';
import * as observed from '../../files/journal.js';
import { LOCATIONS_SETTING, workspaceSettingsFile } from './configured.js';
import { VSCODE_EVENTS, vscodeEventOf } from './events.js';

export { workspaceSettingsFile };

export const VSCODE_DEFAULT_TIMEOUT_SEC = 30;

/** The default of `chat.hookFilesLocations`, plus the user's Copilot hooks folder the docs' table lists. */
const DEFAULT_LOCATIONS: readonly string[] = ['.github/hooks', '.claude/settings.local.json', '.claude/settings.json', '~/.copilot/hooks', '~/.claude/settings.json'];

/** The per-OS command keys and the platform each is for (Copilot CLI's `bash`/`powershell` map onto them). */
const OS_KEY: Readonly<Partial<Record<NodeJS.Platform, 'windows' | 'linux' | 'osx'>>> = { win32: 'windows', linux: 'linux', darwin: 'osx' };

export interface VscodeLocation {
  /** As written in the setting (`.github/hooks`, `~/.claude/settings.json`). */
  written: string;
  path: string;
  /** Inside the workspace: its hooks wait for trust. */
  project: boolean;
}

/** The enabled locations: the defaults, with the workspace setting's `true` added and `false` removed. */
export function vscodeLocations(ctx: Context, diagnostics: Diagnostic[] = []): VscodeLocation[] {
  const enabled = new Map<string, boolean>(DEFAULT_LOCATIONS.map((l) => [l, true]));
  const file = workspaceSettingsFile(ctx);
  if (observed.exists(file)) {
    try {
      const doc = parseJsoncObject(readInputFile(file, 'utf8'), file, 'VS Code settings must be a JSON object.');
      const value = doc.value[LOCATIONS_SETTING];
      if (isPlainObject(value)) {
        for (const [written, on] of Object.entries(value)) if (typeof on === 'boolean') enabled.set(written, on);
      } else if (value !== undefined) {
        diagnostics.push({
          code: 'vscode-invalid-setting',
          severity: 'warning',
          message: `"${LOCATIONS_SETTING}" must be an object of paths to true or false; the defaults apply`,
          location: doc.locate([LOCATIONS_SETTING]),
        });
      }
    } catch (error) {
      if (!(error instanceof HookrunError)) throw error;
      diagnostics.push({
        code: 'vscode-invalid-setting',
        severity: 'warning',
        message: `${error.message}; the default hook locations apply`,
        ...(error.location ? { location: error.location } : {}),
      });
    }
  }
  const home = homeDir(ctx);
  const locations: VscodeLocation[] = [];
  for (const [written, on] of enabled) {
    if (!on) continue;
    // Only relative and `~` paths are supported (the docs); an absolute one is taken as written.
    const user = written === '~' || written.startsWith('~/');
    locations.push({ written, path: user ? path.join(home, written.slice(1)) : path.resolve(ctx.cwd, written), project: !user });
  }
  // Workspace locations before the user's, each group in the setting's order.
  return [...locations.filter((l) => l.project), ...locations.filter((l) => !l.project)];
}

/** A location's files: a folder's `*.json` files in name order, or the file itself. */
function filesOf(location: VscodeLocation): string[] {
  if (observed.statOf(location.path)?.isDirectory() !== true) return [location.path];
  return observed
    .listDir(location.path)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => path.join(location.path, name));
}

export interface VscodeFile {
  path: string;
  location: VscodeLocation;
  exists: boolean;
  entries: RegistryEntry[];
  diagnostics: Diagnostic[];
  /** Why the whole file is not used. */
  error?: HookrunError;
}

export function readVscodeFiles(ctx: Context, diagnostics: Diagnostic[] = []): VscodeFile[] {
  const seen = new Set<string>();
  const files: VscodeFile[] = [];
  for (const location of vscodeLocations(ctx, diagnostics)) {
    for (const file of filesOf(location)) {
      if (seen.has(file)) continue;
      seen.add(file);
      files.push(readFile(file, location, ctx));
    }
  }
  return files;
}

function readFile(file: string, location: VscodeLocation, ctx: Context): VscodeFile {
  const loaded: VscodeFile = { path: file, location, exists: observed.exists(file), entries: [], diagnostics: [] };
  if (!loaded.exists) return loaded;
  try {
    const doc = parseJsoncObject(readInputFile(file, 'utf8'), file, 'A hook file must be a JSON object {"hooks": {...}}.');
    register(doc, loaded, ctx.platform);
  } catch (error) {
    if (!(error instanceof HookrunError)) throw error;
    loaded.error = error;
  }
  return loaded;
}

function register(doc: JsoncDocument & { value: Record<string, unknown> }, loaded: VscodeFile, platform: NodeJS.Platform): void {
  const warn = (code: string, message: string, at: JsonPath, severity: Diagnostic['severity'] = 'warning', fix?: string) =>
    loaded.diagnostics.push({ code, severity, message, location: doc.locate(at), ...(fix ? { fix } : {}) });
  const hooks = doc.value.hooks;
  if (hooks === undefined) return;
  if (!isPlainObject(hooks)) throw configError(`"hooks" must be an object of event names`, doc.locate(['hooks']));
  for (const [key, list] of Object.entries(hooks)) {
    const at: JsonPath = ['hooks', key];
    const event = vscodeEventOf(key);
    if (event === undefined) {
      warn('vscode-unknown-event', `hooks.${key}: VS Code has no "${key}" hook event, so nothing under it runs`, at, 'warning', `VS Code's events: ${VSCODE_EVENTS.join(', ')}`);
      continue;
    }
    if (!Array.isArray(list)) {
      warn('vscode-invalid-hook', `hooks.${key} must be an array of hook commands; it is skipped`, at);
      continue;
    }
    list.forEach((item: unknown, i) => {
      const itemAt = [...at, i];
      if (isPlainObject(item) && Array.isArray(item.hooks)) {
        // A Claude Code matcher group: its hooks load, its matcher is ignored.
        if (typeof item.matcher === 'string' && item.matcher !== '' && item.matcher !== '*') {
          warn(
            'vscode-matcher-ignored',
            `${formatJsonPath([...itemAt, 'matcher'])}: VS Code ignores matchers, so these hooks run on every ${event} whatever "${item.matcher}" says`,
            [...itemAt, 'matcher'],
            'info',
            'test tool_name inside the hook script',
          );
        }
        item.hooks.forEach((inner: unknown, j: number) => add(inner, [...itemAt, 'hooks', j]));
      } else add(item, itemAt);
    });
    function add(item: unknown, itemAt: JsonPath): void {
      const entry = parseEntry(item, itemAt, event!, loaded, platform, warn);
      if (entry) loaded.entries.push({ ...entry, location: doc.locate(itemAt) });
    }
  }
}

type Warn = (code: string, message: string, at: JsonPath, severity?: Diagnostic['severity'], fix?: string) => void;

/** The per-OS command fields an entry may carry: VS Code's own and Copilot CLI's. */
export const PER_OS_FIELDS = ['windows', 'linux', 'osx', 'bash', 'powershell'] as const;

/**
 * The command VS Code runs for an entry on `platform`: the OS's own field, else Copilot CLI's (`powershell`
 * stands for `windows`, `bash` for `osx` and `linux`), else `command`; with the per-OS fields written.
 */
export function vscodeCommandFor(item: Record<string, unknown>, platform: NodeJS.Platform): { command: unknown; own?: 'windows' | 'linux' | 'osx'; overrides: string[] } {
  const own = OS_KEY[platform];
  const perOs = own === undefined ? undefined : (item[own] ?? (own === 'windows' ? item.powershell : item.bash));
  return { command: perOs ?? item.command, ...(own ? { own } : {}), overrides: PER_OS_FIELDS.filter((k) => item[k] !== undefined) };
}

function parseEntry(item: unknown, at: JsonPath, event: string, loaded: VscodeFile, platform: NodeJS.Platform, warn: Warn): RegistryEntry | undefined {
  const where = formatJsonPath(at);
  if (!isPlainObject(item)) {
    warn('vscode-invalid-hook', `${where} must be a hook command object; it is skipped`, at);
    return undefined;
  }
  if ((item.type ?? 'command') !== 'command') {
    warn('vscode-invalid-hook', `${where}.type is ${JSON.stringify(item.type)}: VS Code runs only "command" hooks; it is skipped`, [...at, 'type']);
    return undefined;
  }
  const { command, own, overrides } = vscodeCommandFor(item, platform);
  if (typeof command !== 'string' || command.trim() === '') {
    const message =
      overrides.length > 0
        ? `${where} has only ${overrides.map((k) => `"${k}"`).join(', ')} and no "command" or "${own ?? 'command'}" for this platform (${platform}), so VS Code runs nothing here`
        : `${where} has no "command"; it is skipped`;
    warn('vscode-no-command-for-os', message, at, 'warning', `add "command" (every platform) or "${own ?? 'command'}"`);
    return undefined;
  }
  const seconds = item.timeout ?? item.timeoutSec;
  let timeout = VSCODE_DEFAULT_TIMEOUT_SEC * 1000;
  if (seconds !== undefined) {
    if (typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0) timeout = seconds * 1000;
    else
      warn('vscode-invalid-timeout', `${where}.timeout must be a positive number of seconds; the default ${VSCODE_DEFAULT_TIMEOUT_SEC} s applies`, [
        ...at,
        item.timeout !== undefined ? 'timeout' : 'timeoutSec',
      ]);
  }
  if (typeof seconds === 'number' && seconds >= 1000) {
    warn(
      'vscode-timeout-ms',
      `${where}.timeout is ${seconds}: VS Code reads seconds (${(seconds / 60).toFixed(0)} minutes); it looks like milliseconds`,
      [...at, item.timeout !== undefined ? 'timeout' : 'timeoutSec'],
      'warning',
      `write ${Math.max(1, Math.round(seconds / 1000))} for ${seconds} ms`,
    );
  }
  const config: RegistryEntry['config'] = { type: 'command', command, timeout };
  if (typeof item.cwd === 'string') config.cwd = item.cwd;
  if (isPlainObject(item.env) && Object.values(item.env).every((v) => typeof v === 'string')) config.env = item.env as Record<string, string>;
  else if (item.env !== undefined) warn('vscode-invalid-hook', `${where}.env must be an object of strings; it is not applied`, [...at, 'env']);
  const layer: Layer = loaded.location.project ? 'workspace' : 'user';
  return { event, config, source: loaded.location.written, layer, matcher: undefined, sequential: undefined, enabled: true, displayName: command };
}

export async function loadVscodeConfig(ctx: Context, options: LoadOptions): Promise<ResolvedConfig> {
  const diagnostics: Diagnostic[] = [];
  const trust = decideWorkspaceTrust(ctx, { trustWorkspace: options.trustWorkspace });
  const gathered: GatedEntries = { entries: [], considered: [], heldBack: [] };
  const info: SettingsFileInfo[] = [];
  for (const file of readVscodeFiles(ctx, diagnostics)) {
    const layer: Layer = file.location.project ? 'workspace' : 'user';
    if (!file.exists) continue;
    diagnostics.push(...file.diagnostics);
    if (file.error) {
      diagnostics.push({
        code: 'vscode-file-dropped',
        severity: 'warning',
        message: `${file.error.message}; no hook of ${file.path} runs`,
        ...(file.error.location ? { location: file.error.location } : {}),
      });
      info.push({ layer, path: file.path, exists: true, loaded: false, note: 'not valid: no hook from it runs' });
      continue;
    }
    const gated = file.location.project && !trust.trusted;
    info.push({ layer, path: file.path, exists: true, loaded: !gated, ...(gated ? { note: 'untrusted folder: its hooks do not run' } : {}) });
    admitEntries(gathered, file.entries, gated, trust);
  }
  if (gathered.heldBack.length > 0) diagnostics.push({ code: 'untrusted-project-hooks', severity: 'warning', message: untrustedMessage(ctx, trust, gathered.heldBack) });
  const config: ResolvedConfig = { dialect: 'vscode', hooksEnabled: true, trust, entries: gathered.entries, diagnostics, files: info, merged: {} };
  if (options.keepInactive) config.considered = gathered.considered;
  return config;
}
