// Merging migrated hooks into a Gemini settings file without disturbing it: new definitions are appended to
// the existing `hooks.<Event>` arrays (never replacing an event), text edits keep every comment and the
// file's own layout, hooks already present (same event, matcher and command) are not added again, and the
// file is replaced atomically (temp file + rename, same mode).
import { applyEdits, findNodeAtLocation, type FormattingOptions, modify, type Node, parseTree } from 'jsonc-parser';
import { configError, formatLocation } from '../pipeline/errors.js';
import { isPlainObject, parseJsoncObject } from '../files/jsonc.js';
import type { JsonObject } from '../pipeline/types.js';
import type { WritePlan } from './model.js';
import type { GeminiHooks } from './result.js';

export interface MergeOutcome {
  text: string;
  /** Hooks written. */
  added: number;
  /** Hooks left out because the file already has them. */
  present: number;
}

const matcherKey = (matcher: unknown): string => (typeof matcher === 'string' && matcher.trim() !== '*' ? matcher.trim() : '');

/** An entry of an event's array: a matcher group `{matcher, hooks: [...]}`, or a flat handler (Cursor, Copilot, Antigravity's flat events). */
export type EventEntry = { matcher?: string; hooks: readonly object[] } | JsonObject;

/** How an event's entries are merged into a file. */
export interface MergeOptions {
  /** Path of the object whose keys are events (default `["hooks"]`). */
  root?: string[];
  /** The agent reads comments in this file (Gemini, Claude: JSONC; the others: strict JSON). */
  comments?: boolean;
  /** The whole file when it does not exist yet, around the events object (default `{ hooks }`). */
  fresh?: (events: Record<string, EventEntry[]>) => JsonObject;
}

const isGroup = (entry: unknown): entry is { matcher?: unknown; hooks: unknown[] } => isPlainObject(entry) && Array.isArray(entry.hooks);
const entryHooks = (entry: EventEntry): readonly unknown[] => (isGroup(entry) ? entry.hooks : [entry]);
const countEntryHooks = (events: Record<string, readonly EventEntry[]>): number =>
  Object.values(events).reduce((n, list) => n + list.reduce((m, e) => m + entryHooks(e).length, 0), 0);

/** The file Cursor and Copilot both write: `{"version": 1, "hooks": {...}}`. */
export const versionOneFile = (hooks: Record<string, EventEntry[]>): JsonObject => ({ version: 1, hooks });

/**
 * How a writer's events land in `file`: the fragment shown is the file as it would be written new, and
 * the merge appends them as {@link mergeEventEntries} does with the same options.
 */
export function planEventsWrite(file: string, events: Record<string, EventEntry[]>, carried: number, options: MergeOptions = {}): WritePlan {
  return {
    file,
    fragment: options.fresh ? options.fresh(events) : nest(options.root ?? ['hooks'], events),
    hooks: countEntryHooks(events),
    carried,
    merge: (original) => mergeEventEntries(original, file, events, options),
  };
}

/** The command a handler runs, whatever the agent calls the field. */
export function commandOf(handler: unknown): string | undefined {
  if (!isPlainObject(handler)) return undefined;
  if (typeof handler.command === 'string') return handler.command;
  if (typeof handler.bash === 'string') return handler.bash;
  return isPlainObject(handler.action) && typeof handler.action.command === 'string' ? handler.action.command : undefined;
}

/** The settings text with the hooks merged in. `original` undefined: the file does not exist yet. */
export function mergeHooksIntoSettings(original: string | undefined, file: string, hooks: GeminiHooks, options: MergeOptions = {}): MergeOutcome {
  return mergeEventEntries(original, file, hooks, options);
}

/** Appends each event's entries to `<root>.<event>` of the file, leaving out hooks it already has. */
function mergeEventEntries(original: string | undefined, file: string, events: Record<string, readonly EventEntry[]>, options: MergeOptions = {}): MergeOutcome {
  const root = options.root ?? ['hooks'];
  const total = countEntryHooks(events);
  if (original === undefined || original.trim() === '') {
    const body = events as Record<string, EventEntry[]>;
    const fresh = options.fresh ? options.fresh(body) : nest(root, body);
    return { text: total === 0 ? (original ?? '') : `${JSON.stringify(fresh, null, 2)}\n`, added: total, present: 0 };
  }
  // Same reading rules as the agent: comments where it allows them, trailing commas and non-objects are errors.
  const doc = parseJsoncObject(original, file, 'The file is not a valid JSON object.', { comments: options.comments ?? true });
  let container: unknown = doc.value;
  for (let i = 0; i < root.length && container !== undefined; i++) {
    const next: unknown = isPlainObject(container) ? container[root[i]!] : undefined;
    if (next !== undefined && !isPlainObject(next)) {
      const at = doc.locate(root.slice(0, i + 1));
      throw configError(`cannot merge into ${formatLocation(at)}: "${root.slice(0, i + 1).join('.')}" is not an object; fix it first`, at);
    }
    container = next;
  }
  const existing = isPlainObject(container) ? container : undefined;
  const style = detectStyle(original);
  let text = original;
  let added = 0;
  let present = 0;
  for (const [event, entries] of Object.entries(events)) {
    const current = existing ? existing[event] : undefined;
    if (current !== undefined && !Array.isArray(current)) {
      const at = doc.locate([...root, event]);
      throw configError(`cannot merge into ${formatLocation(at)}: ${[...root, event].join('.')} is not an array; fix it first`, at);
    }
    const fresh: EventEntry[] = [];
    for (const entry of entries) {
      const matcher = isGroup(entry) ? entry.matcher : (entry as JsonObject).matcher;
      const have = commandsFor(current ?? [], matcher);
      const left = entryHooks(entry).filter((hook) => !have.has(commandOf(hook) ?? ''));
      present += entryHooks(entry).length - left.length;
      if (left.length === 0) continue;
      fresh.push(isGroup(entry) ? { ...entry, hooks: left } : entry);
    }
    if (fresh.length === 0) continue;
    added += fresh.reduce((n, d) => n + entryHooks(d).length, 0);
    for (const entry of fresh) text = appendDefinition(text, [...root, event], entry, style);
  }
  return { text, added, present };
}

/** Appends items to the array at `at` (Kiro CLI 3's `hooks` list), leaving out those whose `key` the array already has. */
export function mergeArrayItems(
  original: string | undefined,
  file: string,
  at: string[],
  items: readonly JsonObject[],
  key: (item: unknown) => string,
  fresh: (items: JsonObject[]) => JsonObject,
): MergeOutcome {
  if (original === undefined || original.trim() === '') {
    return { text: items.length === 0 ? (original ?? '') : `${JSON.stringify(fresh([...items]), null, 2)}\n`, added: items.length, present: 0 };
  }
  const doc = parseJsoncObject(original, file, 'The file is not a valid JSON object.', { comments: false });
  let current: unknown = doc.value;
  for (const step of at) current = isPlainObject(current) ? current[step] : undefined;
  if (current !== undefined && !Array.isArray(current)) {
    const where = doc.locate(at);
    throw configError(`cannot merge into ${formatLocation(where)}: "${at.join('.')}" is not an array; fix it first`, where);
  }
  const have = new Set((current ?? []).map(key));
  const left = items.filter((item) => !have.has(key(item)));
  const style = detectStyle(original);
  let text = original;
  for (const item of left) text = appendDefinition(text, at, item, style);
  return { text, added: left.length, present: items.length - left.length };
}

function nest(root: string[], value: unknown): JsonObject {
  let out: unknown = value;
  for (let i = root.length - 1; i >= 0; i--) out = { [root[i]!]: out };
  return out as JsonObject;
}

/** Commands of existing entries with the same matcher (an empty, absent or `*` matcher all mean "every"). */
function commandsFor(entries: unknown[], matcher: unknown): Set<string> {
  const key = matcherKey(matcher);
  const commands = new Set<string>();
  for (const entry of entries) {
    if (!isPlainObject(entry) || matcherKey(entry.matcher) !== key) continue;
    for (const hook of isGroup(entry) ? entry.hooks : [entry]) {
      const command = commandOf(hook);
      if (command !== undefined) commands.add(command);
    }
  }
  return commands;
}

interface Style {
  unit: string;
  eol: string;
}

function detectStyle(text: string): Style {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  let unit: string | undefined;
  for (const line of text.split(/\r?\n/)) {
    const lead = /^([ \t]+)\S/.exec(line)?.[1];
    if (!lead) continue;
    if (lead.startsWith('\t')) return { unit: '\t', eol };
    if (unit === undefined || lead.length < unit.length) unit = lead;
  }
  return { unit: unit ?? '  ', eol };
}

function formatting(style: Style): FormattingOptions {
  return { insertSpaces: style.unit !== '\t', tabSize: style.unit === '\t' ? 1 : style.unit.length, eol: style.eol };
}

function appendDefinition(text: string, at: string[], definition: unknown, style: Style): string {
  const tree = parseTree(text);
  if (!tree) return text;
  // The deepest part of the path that exists, and what to add below it.
  for (let depth = at.length; depth >= 0; depth--) {
    const node = depth === 0 ? tree : findNodeAtLocation(tree, at.slice(0, depth));
    if (!node) continue;
    const rest = at.slice(depth);
    if (rest.length === 0) {
      if (node.type !== 'array') return text;
      return appendChild(text, node, (indent) => indentJson(definition, indent, style), style) ?? edit(text, [...at, -1], definition, style);
    }
    if (node.type !== 'object') return text;
    const value = nest(rest.slice(1), [definition]);
    const property = (indent: string) => `${JSON.stringify(rest[0])}: ${indentJson(value, indent, style)}`;
    return appendChild(text, node, property, style) ?? edit(text, at.slice(0, depth + 1), value, style);
  }
  return text;
}

/**
 * Appends after the container's last child, on a line of its own at that child's indentation, keeping a
 * comment that follows the last child on its line. Undefined when the layout is not one child per line
 * (empty or single-line containers): then jsonc-parser's own edit (which reformats that line) is used.
 */
function appendChild(text: string, container: Node, content: (indent: string) => string, style: Style): string | undefined {
  const last = container.children?.[container.children.length - 1];
  if (!last) return undefined;
  const lineStart = text.lastIndexOf('\n', last.offset - 1) + 1;
  const indent = text.slice(lineStart, last.offset);
  if (!/^[ \t]*$/.test(indent)) return undefined;
  const end = last.offset + last.length;
  let lineEnd = text.indexOf('\n', end);
  if (lineEnd < 0) lineEnd = text.length;
  if (text[lineEnd - 1] === '\r') lineEnd--;
  const rest = text.slice(end, lineEnd);
  if (!/^\s*(\/\/.*|\/\*.*\*\/\s*)?$/.test(rest)) return undefined;
  return `${text.slice(0, end)},${rest}${style.eol}${indent}${content(indent)}${text.slice(lineEnd)}`;
}

function edit(text: string, at: (string | number)[], value: unknown, style: Style): string {
  return applyEdits(text, modify(text, at, value, { formattingOptions: formatting(style) }));
}

/** JSON.stringify with the file's indent unit, every line after the first shifted to `indent`. */
function indentJson(value: unknown, indent: string, style: Style): string {
  return JSON.stringify(value, null, style.unit).split('\n').join(`${style.eol}${indent}`);
}

/** The target file's `hooksConfig.enabled === false` means Gemini CLI would run none of these hooks. */
export function hooksDisabledIn(text: string | undefined): boolean {
  if (!text) return false;
  try {
    const value = parseJsoncObject(text, 'settings', 'x').value as JsonObject;
    return isPlainObject(value.hooksConfig) && value.hooksConfig.enabled === false;
  } catch {
    return false;
  }
}
