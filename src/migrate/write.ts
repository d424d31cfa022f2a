// Merging migrated hooks into a Gemini settings file without disturbing it: new definitions are appended to
// the existing `hooks.<Event>` arrays (never replacing an event), text edits keep every comment and the
// file's own layout, hooks already present (same event, matcher and command) are not added again, and the
// file is replaced atomically (temp file + rename, same mode).
import { writeFileAtomic as writeAtomically } from '../trust/atomic.js';
import { applyEdits, findNodeAtLocation, type FormattingOptions, modify, type Node, parseTree } from 'jsonc-parser';
import { configError, formatLocation } from '../errors.js';
import { isPlainObject, parseJsoncObject } from '../settings/jsonc.js';
import type { JsonObject } from '../types.js';
import type { GeminiDefinition, GeminiHooks } from './result.js';

export interface MergeOutcome {
  text: string;
  /** Hooks written. */
  added: number;
  /** Hooks left out because the file already has them. */
  present: number;
}

export function countHooks(hooks: GeminiHooks): number {
  return Object.values(hooks).reduce((n, defs) => n + defs.reduce((m, d) => m + d.hooks.length, 0), 0);
}

const matcherKey = (matcher: unknown): string => (typeof matcher === 'string' && matcher.trim() !== '*' ? matcher.trim() : '');

/** The settings text with the hooks merged in. `original` undefined: the file does not exist yet. */
export function mergeHooksIntoSettings(original: string | undefined, file: string, hooks: GeminiHooks): MergeOutcome {
  if (original === undefined || original.trim() === '') {
    const added = countHooks(hooks);
    return { text: added === 0 ? (original ?? '') : `${JSON.stringify({ hooks }, null, 2)}\n`, added, present: 0 };
  }
  // Same reading rules as Gemini CLI: comments allowed, trailing commas and non-objects are errors.
  const doc = parseJsoncObject(original, file, 'Settings file is not a valid JSON object.');
  const existingHooks = doc.value.hooks;
  if (existingHooks !== undefined && !isPlainObject(existingHooks)) {
    const at = doc.locate(['hooks']);
    throw configError(`cannot merge into ${formatLocation(at)}: "hooks" is not an object; fix it first`, at);
  }
  const style = detectStyle(original);
  let text = original;
  let added = 0;
  let present = 0;
  for (const [event, definitions] of Object.entries(hooks)) {
    const current = isPlainObject(existingHooks) ? existingHooks[event] : undefined;
    if (current !== undefined && !Array.isArray(current)) {
      const at = doc.locate(['hooks', event]);
      throw configError(`cannot merge into ${formatLocation(at)}: hooks.${event} is not an array; fix it first`, at);
    }
    const fresh: GeminiDefinition[] = [];
    for (const definition of definitions) {
      const have = commandsFor(current ?? [], definition.matcher);
      const hooksLeft = definition.hooks.filter((hook) => !have.has(hook.command));
      present += definition.hooks.length - hooksLeft.length;
      if (hooksLeft.length > 0) fresh.push({ ...definition, hooks: hooksLeft });
    }
    if (fresh.length === 0) continue;
    added += fresh.reduce((n, d) => n + d.hooks.length, 0);
    for (const definition of fresh) text = appendDefinition(text, event, definition, style);
  }
  return { text, added, present };
}

/** Commands of existing definitions with the same matcher (an empty, absent or `*` matcher all mean "every"). */
function commandsFor(definitions: unknown[], matcher: string | undefined): Set<string> {
  const key = matcherKey(matcher);
  const commands = new Set<string>();
  for (const definition of definitions) {
    if (!isPlainObject(definition) || matcherKey(definition.matcher) !== key || !Array.isArray(definition.hooks)) continue;
    for (const hook of definition.hooks) if (isPlainObject(hook) && typeof hook.command === 'string') commands.add(hook.command);
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

function appendDefinition(text: string, event: string, definition: GeminiDefinition, style: Style): string {
  const tree = parseTree(text);
  if (!tree) return text;
  const array = findNodeAtLocation(tree, ['hooks', event]);
  if (array?.type === 'array') {
    return appendChild(text, array, (indent) => indentJson(definition, indent, style), style) ?? edit(text, ['hooks', event, -1], definition, style);
  }
  const hooksNode = findNodeAtLocation(tree, ['hooks']);
  if (hooksNode?.type === 'object') {
    const property = (indent: string) => `${JSON.stringify(event)}: ${indentJson([definition], indent, style)}`;
    return appendChild(text, hooksNode, property, style) ?? edit(text, ['hooks', event], [definition], style);
  }
  const property = (indent: string) => `"hooks": ${indentJson({ [event]: [definition] }, indent, style)}`;
  return appendChild(text, tree, property, style) ?? edit(text, ['hooks'], { [event]: [definition] }, style);
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

/** Replaces the settings file atomically (the one writer in trust/atomic.ts); a new file gets the usual 0644. */
export function writeFileAtomic(file: string, text: string): void {
  writeAtomically(file, text, 0o644);
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
