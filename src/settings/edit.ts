// Changing one value in a JSONC settings file in place; the rest of the file (comments, key order,
// formatting) is left byte for byte as it was. Array elements are added and removed at the offsets
// of jsonc-parser's syntax tree; a missing key is created with jsonc-parser's modify.
import { applyEdits, findNodeAtLocation, modify, parseTree, type Edit, type FormattingOptions, type Node } from 'jsonc-parser';
import type { JsonPath } from './jsonc.js';

/** Sets the value at `path`, creating the objects on the way when they are missing. */
export function setJsoncValue(text: string, path: JsonPath, value: unknown): string {
  return editInPlace(text, path, value);
}

/**
 * Appends `value` to the array at `path` (creating the array, and its parents, when missing). The
 * new element copies the layout of the last one: on its own line with the same indentation, or
 * inline after ", ". A comment after the last element stays on that element's line.
 */
export function appendToJsoncArray(text: string, path: JsonPath, value: unknown): string {
  const array = nodeAt(text, path);
  if (!array || array.type !== 'array') return setJsoncValue(text, path, [value]);
  const json = JSON.stringify(value);
  const items = array.children ?? [];
  const last = items[items.length - 1];
  if (!last) return splice(text, array.offset + 1, 0, json);
  const lastEnd = last.offset + last.length;
  const ownLine = lineOf(text, last.offset) !== lineOf(text, items.length > 1 ? items[items.length - 2]!.offset : array.offset);
  const separator = ownLine ? `${eolOf(text)}${indentOf(text, last.offset)}` : items.length > 1 && !/,\s/.test(text.slice(items[items.length - 2]!.offset, last.offset)) ? '' : ' ';
  const insertAt = ownLine ? endOfLineComment(text, lastEnd) : lastEnd;
  return splice(splice(text, insertAt, 0, `${separator}${json}`), lastEnd, 0, ',');
}

/**
 * Removes the element at `index` of the array at `path`, with its comma, the comment that ends its
 * line and, when it had a line of its own, that line; the other elements keep their text.
 */
export function removeFromJsoncArray(text: string, path: JsonPath, index: number): string {
  const array = nodeAt(text, path);
  const items = array?.type === 'array' ? (array.children ?? []) : [];
  const item = items[index];
  if (!array || !item) return text;
  if (items.length === 1) return splice(text, array.offset + 1, array.length - 2, '');
  const next = items[index + 1];
  // Not the last: everything up to the next element goes (the comma and the rest of the line included).
  if (next) return splice(text, item.offset, next.offset - item.offset, '');
  // The last, on a line of its own: that line (from the line break before it) and the comma before it.
  const previous = items[index - 1]!;
  const previousEnd = previous.offset + previous.length;
  const lineStart = text.lastIndexOf('\n', item.offset - 1);
  if (lineStart > previousEnd && /^[ \t]*$/.test(text.slice(lineStart + 1, item.offset))) {
    const start = trimCarriageReturn(text, lineStart);
    const removed = splice(text, start, endOfLineComment(text, item.offset + item.length) - start, '');
    const comma = text.indexOf(',', previousEnd);
    return comma >= 0 && comma < start ? splice(removed, comma, 1, '') : removed;
  }
  // The last, sharing a line with the one before: from the end of that one (the comma included).
  return splice(text, previousEnd, item.offset + item.length - previousEnd, '');
}

function splice(text: string, offset: number, length: number, insert: string): string {
  return text.slice(0, offset) + insert + text.slice(offset + length);
}

const lineOf = (text: string, offset: number): number => text.slice(0, offset).split('\n').length;

const eolOf = (text: string): string => (text.includes('\r\n') ? '\r\n' : '\n');

function indentOf(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart, offset))![0];
}

/** The offset after `// comment` that follows `offset` on the same line, else `offset` itself. */
function endOfLineComment(text: string, offset: number): number {
  const match = /^[ \t]*\/\/[^\r\n]*/.exec(text.slice(offset));
  return match ? offset + match[0].length : offset;
}

function trimCarriageReturn(text: string, newline: number): number {
  return text[newline - 1] === '\r' ? newline - 1 : newline;
}

/**
 * jsonc-parser formats an inserted value line by line, which also rewrites text sharing those lines
 * (a one-line file would be reformatted whole). The formatted edit is used only when it stays
 * inside the node being changed; otherwise the value goes in unformatted, touching nothing else.
 */
function editInPlace(text: string, path: JsonPath, value: unknown): string {
  const region = deepestNode(text, path);
  const formatted = modify(text, path, value, { formattingOptions: detectFormatting(text) });
  if (region && formatted.every((edit) => within(edit, region))) return applyEdits(text, formatted);
  return applyEdits(text, modify(text, path, value, {}));
}

function within(edit: Edit, node: Node): boolean {
  return edit.offset >= node.offset && edit.offset + edit.length <= node.offset + node.length;
}

function nodeAt(text: string, path: JsonPath): Node | undefined {
  const root = parseTree(text);
  return root ? findNodeAtLocation(root, path) : undefined;
}

/** The innermost existing container on `path`: the one an edit of `path` has to change. */
function deepestNode(text: string, path: JsonPath): Node | undefined {
  const root = parseTree(text);
  if (!root) return undefined;
  for (let length = path.length - 1; length > 0; length--) {
    const node = findNodeAtLocation(root, path.slice(0, length));
    if (node) return node;
  }
  return root;
}

/** The file's own indentation (tabs, or the smallest indent in spaces) and line ending. */
export function detectFormatting(text: string): FormattingOptions {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  // Lines that start with `*` or `/` are comment bodies, not JSON indentation.
  const indents = [...text.matchAll(/^([ \t]+)[^\s*/]/gm)].map((match) => match[1]!);
  if (indents.some((indent) => indent.startsWith('\t'))) return { insertSpaces: false, tabSize: 1, eol };
  const spaces = indents.map((indent) => indent.length).filter((n) => n > 0);
  return { insertSpaces: true, tabSize: spaces.length > 0 ? Math.min(...spaces) : 2, eol };
}
