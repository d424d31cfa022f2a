// Cursor's hook files (docs/sources.md §X2.1, §X2.2; docs/cursor.md "Files", "File format"): the enterprise file, the
// project's `.cursor/hooks.json` and the user's `~/.cursor/hooks.json`, highest priority first; every
// matching hook of every file runs. `{ "version": 1, "hooks": { "<event>": [ {command, matcher?,
// timeout?, failClosed?, loop_limit?, type?} ] } }`, flat entries. With `--third-party-hooks` Claude Code's
// settings files load below Cursor's own, through the Claude dialect's loader.
//
// No source says what Cursor does with a hooks.json it cannot parse: hookrun exits 1 naming
// file:line:column (hookrun's choice, docs/cursor.md "File format"). An entry Cursor could not run is skipped with a warning; what
// Cursor ignores without a word (unknown keys and events, a Claude-shaped group) is a warning too.
import path from 'node:path';
import type { Context } from '../../pipeline/context.js';
import { configError, formatJsonPath } from '../../pipeline/errors.js';
import { isPlainObject, type JsoncDocument } from '../../files/jsonc.js';
import { admitEntries, decideWorkspaceTrust, untrustedMessage, type GatedEntries } from '../../trust/workspace.js';
import type { Diagnostic, Layer, Location, RegistryEntry, ResolvedConfig, SettingsFileInfo } from '../../pipeline/types.js';
import type { LoadOptions } from '../dialect.js';
import { CURSOR_EVENTS, cursorEvent, DEFAULT_LOOP_LIMIT, nearestCursorEvent } from './events.js';
import { loadHookFile, type LoadedHookFile } from '../../files/read-input.js';
import { completeHints, hintSink, timeoutInOtherUnit, type ForeignEventLookup, type PendingHint } from '../../migrate/loader-hints.js';
import { type CursorFile, type CursorSource, cursorHookFiles } from './configured.js';

export { type CursorFile, type CursorSource, cursorHookFiles };

/** Seconds: Cursor's "platform default" is not published (hookrun's choice, docs/cursor.md "File format"). */
export const CURSOR_DEFAULT_TIMEOUT_SECONDS = 60;
/** `--third-party-hooks` as an environment variable. */
const THIRD_PARTY_ENV = 'HOOKRUN_CURSOR_THIRD_PARTY';
/** A timeout at or above this many seconds is most likely meant as milliseconds (a third-party guide says ms). */
const TIMEOUT_LOOKS_LIKE_MS = 1000;
/** Files bigger than this are not read (a hooks file is a few kilobytes; a huge one is a mistake or an attack). */

const LAYER: Readonly<Record<CursorSource, Layer>> = { enterprise: 'system', project: 'workspace', user: 'user' };

export function thirdPartyHooksOn(ctx: Context, options: Pick<LoadOptions, 'thirdPartyHooks'>): boolean {
  return options.thirdPartyHooks === true || ctx.env[THIRD_PARTY_ENV] === '1' || ctx.env[THIRD_PARTY_ENV] === 'true';
}

/** One file as hookrun reads it for Cursor: its entries, or why it cannot be read at all. */
/** One file as hookrun reads it for Cursor: its entries, or why it cannot be read at all (hookrun refuses it, exit 1). */
export interface LoadedCursorFile extends LoadedHookFile {
  file: CursorFile;
  /** What Cursor ignores or cannot run, at file:line:column. */
  diagnostics: Diagnostic[];
  /** Hints of unknown event keys still to complete (src/migrate/loader-hints.ts): their warnings are in `diagnostics`. */
  pendingHints: PendingHint[];
}

const typeOf = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

const ENTRY_FIELDS = new Set(['command', 'type', 'timeout', 'matcher', 'failClosed', 'loop_limit', 'prompt', 'model']);

/** `foreignEvent`: the cross-agent lookup, when the caller has it loaded; without it, hints wait in `pendingHints`. */
export function readCursorFile(file: CursorFile, foreignEvent?: ForeignEventLookup): LoadedCursorFile {
  const loaded: LoadedCursorFile = { file, exists: false, entries: [], diagnostics: [], pendingHints: [] };
  const hint = hintSink(foreignEvent, loaded.pendingHints);
  // Strict JSON: hookrun does not know that Cursor accepts comments, so it accepts none.
  return loadHookFile(file.path, loaded, { register: (doc) => registerFile(doc, file, loaded.diagnostics, hint) });
}

function at0(file: string): Location {
  return { file, line: 0, column: 0, path: [] };
}

type Warn = (code: string, message: string, location: Location, fix?: string, severity?: Diagnostic['severity']) => void;

function registerFile(doc: JsoncDocument, file: CursorFile, diagnostics: Diagnostic[], hint: (complete: PendingHint) => void): RegistryEntry[] {
  const where = (at: (string | number)[], key = false) => doc.locate(at, { key });
  const warn: Warn = (code, message, location, fix, severity = 'warning') => diagnostics.push({ code, severity, message, location, ...(fix ? { fix } : {}) });
  const root = doc.value;
  if (!isPlainObject(root)) throw configError(`${file.path} must be a JSON object {"version": 1, "hooks": {...}}, got ${typeOf(root)}`, where([]));
  for (const key of Object.keys(root)) {
    if (key !== 'version' && key !== 'hooks') warn('cursor-unknown-key', `"${key}": Cursor's hooks.json has only "version" and "hooks"; "${key}" is ignored`, where([key], true));
  }
  if (root.version === undefined) {
    warn('cursor-version', `${file.path} has no "version": Cursor's hooks.json starts with "version": 1`, where([]), 'add "version": 1');
  } else if (root.version !== 1) {
    warn(
      'cursor-version',
      `"version" is ${JSON.stringify(root.version)}: the only version Cursor documents is 1; hookrun reads the file as version 1`,
      where(['version']),
      'write "version": 1',
    );
  }
  const hooks = root.hooks;
  if (hooks === undefined) return [];
  if (!isPlainObject(hooks)) throw configError(`"hooks" must be an object of event names, got ${typeOf(hooks)}`, where(['hooks']));
  const entries: RegistryEntry[] = [];
  for (const [event, list] of Object.entries(hooks)) {
    const at = ['hooks', event];
    if (!cursorEvent(event)) {
      // The warning takes its place now; its words once the vocabulary is at hand (src/migrate/loader-hints.ts).
      const unknown: Diagnostic = { code: 'cursor-unknown-event', severity: 'warning', message: '', location: where(at, true) };
      diagnostics.push(unknown);
      hint((foreignEvent) => {
        // Another agent's name first (the one cross-agent vocabulary, src/dialects/vocabularies.ts), then a slip of Cursor's own.
        const near = foreignEvent('cursor', event)?.here ?? nearestCursorEvent(event);
        const more = near ? `; Cursor's event is "${near}" (camelCase, Cursor's own names)` : `; Cursor's events: ${CURSOR_EVENTS.join(', ')}`;
        unknown.message = `hooks.${event}: Cursor has no "${event}" event, so these hooks never run${more}`;
        if (near) unknown.fix = `rename "${event}" to "${near}"`;
      });
      continue;
    }
    if (!Array.isArray(list)) throw configError(`${formatJsonPath(at)} must be an array of hook entries, got ${typeOf(list)}`, where(at));
    list.forEach((raw, i) => {
      const entry = registerEntry(doc, file, event, raw, [...at, i], warn);
      if (entry) entries.push(entry);
    });
  }
  return entries;
}

function registerEntry(doc: JsoncDocument, file: CursorFile, event: string, raw: unknown, at: (string | number)[], warn: Warn): RegistryEntry | undefined {
  const where = (p: (string | number)[], key = false) => doc.locate(p, { key });
  const name = formatJsonPath(at);
  if (!isPlainObject(raw)) {
    warn('cursor-invalid-entry', `${name} must be a hook entry object {"command": ...}, got ${typeOf(raw)}; it is skipped`, where(at));
    return undefined;
  }
  if (Array.isArray(raw.hooks) && raw.command === undefined) {
    warn(
      'cursor-claude-group-shape',
      `${name} is a Claude Code matcher group {"matcher", "hooks": [...]}; Cursor's entries are flat, so it runs nothing`,
      where(at),
      `write each handler as its own entry: {"command": ..., "matcher": ${JSON.stringify(typeof raw.matcher === 'string' ? raw.matcher : '...')}}`,
    );
    return undefined;
  }
  for (const key of Object.keys(raw)) {
    if (ENTRY_FIELDS.has(key)) continue;
    const near = key === 'fail_closed' || key === 'failclosed' ? 'failClosed' : key === 'loopLimit' ? 'loop_limit' : undefined;
    warn('cursor-unknown-key', `${formatJsonPath([...at, key])}: Cursor ignores "${key}" on a hook entry`, where([...at, key], true), near ? `rename it "${near}"` : undefined);
  }
  const type = raw.type ?? 'command';
  if (type !== 'command' && type !== 'prompt') {
    warn(
      'cursor-invalid-entry',
      `${formatJsonPath([...at, 'type'])} is ${JSON.stringify(type)}: Cursor's hook types are "command" and "prompt"; the entry is skipped`,
      where([...at, 'type']),
    );
    return undefined;
  }
  const command = raw.command;
  if (type === 'command' && (typeof command !== 'string' || command.trim() === '')) {
    warn(
      'cursor-missing-command',
      `${name}.command must be a non-empty string, got ${command === undefined ? 'nothing' : JSON.stringify(command)}; the entry runs nothing`,
      where(at),
    );
    return undefined;
  }
  const matcher = raw.matcher;
  if (matcher !== undefined && typeof matcher !== 'string') {
    warn(
      'cursor-invalid-matcher',
      `${formatJsonPath([...at, 'matcher'])} must be a string (a regular expression), got ${typeOf(matcher)}; the entry is skipped`,
      where([...at, 'matcher']),
    );
    return undefined;
  }
  let timeout = CURSOR_DEFAULT_TIMEOUT_SECONDS;
  if (raw.timeout !== undefined) {
    if (typeof raw.timeout === 'number' && Number.isFinite(raw.timeout) && raw.timeout > 0) {
      timeout = raw.timeout;
      const instead = timeoutInOtherUnit('s', raw.timeout, { atLeast: TIMEOUT_LOOKS_LIKE_MS });
      if (instead !== undefined) {
        warn(
          'cursor-timeout-looks-like-ms',
          `${formatJsonPath([...at, 'timeout'])} is ${raw.timeout} seconds (${(raw.timeout / 60).toFixed(0)} min): Cursor reads seconds, not milliseconds`,
          where([...at, 'timeout']),
          `write ${instead} for ${raw.timeout} ms`,
        );
      }
    } else {
      warn(
        'cursor-invalid-timeout',
        `${formatJsonPath([...at, 'timeout'])} must be a positive number of seconds, got ${JSON.stringify(raw.timeout)}; hookrun uses ${CURSOR_DEFAULT_TIMEOUT_SECONDS} s`,
        where([...at, 'timeout']),
      );
    }
  }
  let failClosed = false;
  if (raw.failClosed !== undefined) {
    if (typeof raw.failClosed === 'boolean') failClosed = raw.failClosed;
    else
      warn(
        'cursor-invalid-fail-closed',
        `${formatJsonPath([...at, 'failClosed'])} must be true or false, got ${JSON.stringify(raw.failClosed)}; the hook fails open`,
        where([...at, 'failClosed']),
      );
  }
  const kind = cursorEvent(event)!.kind;
  if (failClosed && kind !== 'permission' && kind !== 'prompt') {
    warn(
      'cursor-fail-closed-ignored',
      `${formatJsonPath([...at, 'failClosed'])}: ${event} cannot block, so failClosed has no effect`,
      where([...at, 'failClosed']),
      undefined,
      'info',
    );
  }
  let loopLimit: number | null = DEFAULT_LOOP_LIMIT;
  if (Object.hasOwn(raw, 'loop_limit')) {
    const value = raw.loop_limit;
    if (kind !== 'followup') {
      warn(
        'cursor-loop-limit-ignored',
        `${formatJsonPath([...at, 'loop_limit'])}: only stop and subagentStop send follow-ups; loop_limit is ignored on ${event}`,
        where([...at, 'loop_limit'], true),
      );
    } else if (value === null || (typeof value === 'number' && Number.isInteger(value) && value >= 0)) {
      loopLimit = value;
    } else {
      warn(
        'cursor-invalid-loop-limit',
        `${formatJsonPath([...at, 'loop_limit'])} must be a whole number of follow-ups or null (no cap), got ${JSON.stringify(value)}; hookrun uses ${DEFAULT_LOOP_LIMIT}`,
        where([...at, 'loop_limit']),
      );
    }
  }
  return {
    event,
    config: {
      type,
      command: typeof command === 'string' ? command : '',
      timeout: timeout * 1000,
      origin: 'cursor',
      failClosed,
      loopLimit,
      hooksDir: file.source === 'project' ? path.dirname(path.dirname(file.path)) : path.dirname(file.path),
    },
    source: file.source,
    layer: LAYER[file.source],
    matcher,
    sequential: undefined,
    enabled: true,
    displayName: typeof command === 'string' && command.trim() !== '' ? command : name,
    location: where(at),
  };
}

export async function loadCursorConfig(ctx: Context, options: LoadOptions): Promise<ResolvedConfig> {
  const diagnostics: Diagnostic[] = [];
  const files: SettingsFileInfo[] = [];
  const trust = decideWorkspaceTrust(ctx, { trustWorkspace: options.trustWorkspace });
  const gathered: GatedEntries = { entries: [], considered: [], heldBack: [] };
  for (const file of cursorHookFiles(ctx)) {
    const loaded = readCursorFile(file);
    if (!loaded.exists) continue;
    await completeHints(loaded.pendingHints);
    const layer = LAYER[file.source];
    const gated = file.source === 'project' && !trust.trusted;
    if (loaded.error) {
      // A file hookrun would run and cannot read is refused; one an untrusted folder holds back is only reported.
      if (!gated) throw loaded.error;
      diagnostics.push({ code: 'cursor-file-unreadable', severity: 'warning', message: loaded.error.message, location: loaded.error.location ?? at0(file.path) });
      files.push({ layer, path: file.path, exists: true, loaded: false, note: 'untrusted folder, and unreadable' });
      continue;
    }
    diagnostics.push(...loaded.diagnostics);
    files.push({ layer, path: file.path, exists: true, loaded: !gated, ...(gated ? { note: 'untrusted folder: not loaded' } : {}) });
    admitEntries(gathered, loaded.entries, gated, trust);
  }
  if (thirdPartyHooksOn(ctx, options)) {
    const { loadClaudeHooksForCursor } = await import('./third-party.js');
    loadClaudeHooksForCursor(ctx, options, trust, { gathered, diagnostics, files });
  } else if (options.keepInactive) {
    const { claudeFilesNotLoaded } = await import('./third-party.js');
    diagnostics.push(...claudeFilesNotLoaded(ctx));
  }
  if (gathered.heldBack.length > 0) {
    diagnostics.push({ code: 'untrusted-project-hooks', severity: 'warning', message: untrustedMessage(ctx, trust, gathered.heldBack) });
  }
  const config: ResolvedConfig = { dialect: 'cursor', hooksEnabled: true, trust, entries: gathered.entries, diagnostics, files, merged: {} };
  if (options.keepInactive) config.considered = gathered.considered;
  return config;
}

/** What a loader for Cursor collects; the third-party loader adds to it. */
export interface CursorGathering {
  gathered: GatedEntries;
  diagnostics: Diagnostic[];
  files: SettingsFileInfo[];
}
