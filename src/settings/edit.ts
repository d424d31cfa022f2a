// Changing one value in a JSONC settings file in place: jsonc-parser computes the text edit, the
// rest of the file (comments, key order, formatting) is left byte for byte as it was.
import { applyEdits, findNodeAtLocation, modify, parseTree, type Edit, type FormattingOptions, type Node } from 'jsonc-parser';
import type { JsonPath } from './jsonc.js';

/** Sets the value at `path`, creating the objects on the way when they are missing. */
export function setJsoncValue(text: string, path: JsonPath, value: unknown): string {
  return editInPlace(text, path, value, false);
}

/** Appends `value` to the array at `path` (creating the array, and its parents, when missing). */
export function appendToJsoncArray(text: string, path: JsonPath, value: unknown): string {
  const array = nodeAt(text, path);
  if (!array) return setJsoncValue(text, path, [value]);
  return editInPlace(text, [...path, -1], value, true);
}

/** Removes the element at `index` of the array at `path`. */
export function removeFromJsoncArray(text: string, path: JsonPath, index: number): string {
  return editInPlace(text, [...path, index], undefined, false);
}

/**
 * jsonc-parser formats an inserted value line by line, which also rewrites text sharing those lines
 * (a one-line file would be reformatted whole). The formatted edit is used only when it stays
 * inside the node being changed; otherwise the value goes in unformatted, touching nothing else.
 */
function editInPlace(text: string, path: JsonPath, value: unknown, isArrayInsertion: boolean): string {
  const region = deepestNode(text, path);
  const formatted = modify(text, path, value, { formattingOptions: detectFormatting(text), isArrayInsertion });
  if (region && formatted.every((edit) => within(edit, region))) return applyEdits(text, formatted);
  return applyEdits(text, modify(text, path, value, { isArrayInsertion }));
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
