// Changing one value in a JSONC settings file in place; the rest of the file (comments, key order,
// formatting) stays byte for byte as it was. jsonc-parser's syntax tree gives the offsets, and the
// edits are applied with its applyEdits. Its `modify` is not used: when it adds a key it reformats
// the lines it touches, joining a one-line object into a block and moving a `// comment` from the
// end of the previous property to after the new one. Where an object has a key twice, the edit goes to
// the last one, which is what JSON.parse (and Gemini CLI) reads.
import { applyEdits, parseTree, type Edit, type FormattingOptions, type Node } from 'jsonc-parser';
import { findNode, type JsonPath } from './jsonc.js';

/**
 * Sets the value at `path`. An existing value is replaced where it stands; a missing one is added
 * as the last key of the innermost existing object, creating the objects in between. Every object
 * on the way must exist as an object or not at all (callers check that first).
 */
export function setJsoncValue(text: string, path: JsonPath, value: unknown): string {
  const root = parseTree(text);
  if (!root) throw new Error('not a JSON document');
  const node = findNode(root, path);
  if (node) {
    const multiline = text.slice(node.offset, node.offset + node.length).includes('\n');
    return applyEdits(text, [{ offset: node.offset, length: node.length, content: render(text, value, indentOf(text, node.offset), multiline) }]);
  }
  let depth = path.length - 1;
  let parent: Node | undefined = root;
  for (; depth > 0; depth--) {
    parent = findNode(root, path.slice(0, depth));
    if (parent) break;
  }
  parent ??= root;
  if (parent.type !== 'object') throw new Error(`cannot add "${String(path[depth])}": its parent is not an object`);
  let nested = value;
  for (let i = path.length - 1; i > depth; i--) nested = { [String(path[i])]: nested };
  return applyEdits(text, addProperty(text, parent, String(path[depth]), nested));
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
  if (!last) return applyEdits(text, [insert(array.offset + 1, json)]);
  const lastEnd = last.offset + last.length;
  const previous = items.length > 1 ? items[items.length - 2]! : undefined;
  if (lineOf(text, last.offset) !== lineOf(text, previous?.offset ?? array.offset)) {
    return applyEdits(text, [insert(lastEnd, ','), insert(endOfLineComment(text, lastEnd), `${eolOf(text)}${indentOf(text, last.offset)}${json}`)]);
  }
  const tight = previous !== undefined && !/,\s/.test(text.slice(previous.offset, last.offset));
  return applyEdits(text, [insert(lastEnd, `,${tight ? '' : ' '}${json}`)]);
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
  if (items.length === 1) return applyEdits(text, [remove(array.offset + 1, array.offset + array.length - 1)]);
  const next = items[index + 1];
  // Not the last: everything up to the next element goes (the comma and the rest of the line included).
  if (next) return applyEdits(text, [remove(item.offset, next.offset)]);
  const previous = items[index - 1]!;
  const previousEnd = previous.offset + previous.length;
  const lineStart = text.lastIndexOf('\n', item.offset - 1);
  // The last, on a line of its own: that line (from the line break before it) and the comma before it.
  if (lineStart > previousEnd && /^[ \t]*$/.test(text.slice(lineStart + 1, item.offset))) {
    const start = text[lineStart - 1] === '\r' ? lineStart - 1 : lineStart;
    const edits = [remove(start, endOfLineComment(text, item.offset + item.length))];
    const comma = text.indexOf(',', previousEnd);
    if (comma >= 0 && comma < start) edits.push(remove(comma, comma + 1));
    return applyEdits(text, edits);
  }
  // The last, sharing a line with the one before: from the end of that one (the comma included).
  return applyEdits(text, [remove(previousEnd, item.offset + item.length)]);
}

/** The edits that add `"key": value` as the last property of `object`, in the object's own layout. */
function addProperty(text: string, object: Node, key: string, value: unknown): Edit[] {
  const unit = indentUnit(detectFormatting(text));
  const eol = eolOf(text);
  const props = object.children ?? [];
  const last = props[props.length - 1];
  const property = (indent: string, multiline: boolean) => `${JSON.stringify(key)}: ${render(text, value, indent, multiline)}`;
  if (last) {
    const lastEnd = last.offset + last.length;
    const previousStart = props.length > 1 ? props[props.length - 2]!.offset : object.offset;
    if (lineOf(text, last.offset) === lineOf(text, previousStart)) return [insert(lastEnd, `, ${property('', false)}`)];
    const indent = indentOf(text, last.offset);
    return [insert(lastEnd, ','), insert(endOfLineComment(text, lastEnd), `${eol}${indent}${property(indent, true)}`)];
  }
  const close = object.offset + object.length - 1;
  const closeLineStart = text.lastIndexOf('\n', close - 1) + 1;
  const indent = indentOf(text, object.offset) + unit;
  if (closeLineStart > object.offset && /^[ \t]*$/.test(text.slice(closeLineStart, close))) {
    return [insert(closeLineStart, `${indent}${property(indent, true)}${eol}`)];
  }
  // An empty `{}`: the root opens into a block, a nested one stays on its line.
  if (!object.parent) return [insert(close, `${eol}${indent}${property(indent, true)}${eol}${indentOf(text, object.offset)}`)];
  return [insert(close, property('', false))];
}

/** JSON for `value`: one line (`{"a": [1, 2]}`) or a block indented like the file, starting at `indent`. */
function render(text: string, value: unknown, indent: string, multiline: boolean): string {
  if (!multiline) return inline(value);
  const eol = eolOf(text);
  return JSON.stringify(value, null, indentUnit(detectFormatting(text)))
    .split('\n')
    .join(`${eol}${indent}`);
}

function inline(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(inline).join(', ')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${inline(v)}`).join(', ')}}`;
  }
  return JSON.stringify(value);
}

const insert = (offset: number, content: string): Edit => ({ offset, length: 0, content });
const remove = (start: number, end: number): Edit => ({ offset: start, length: end - start, content: '' });

function nodeAt(text: string, path: JsonPath): Node | undefined {
  const root = parseTree(text);
  return root ? findNode(root, path) : undefined;
}

const lineOf = (text: string, offset: number): number => text.slice(0, offset).split('\n').length;

const eolOf = (text: string): string => (text.includes('\r\n') ? '\r\n' : '\n');

/** The whitespace that starts the line `offset` is on. */
function indentOf(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart, offset))![0];
}

/** The offset after `// comment` that follows `offset` on the same line, else `offset` itself. */
function endOfLineComment(text: string, offset: number): number {
  const match = /^[ \t]*\/\/[^\r\n]*/.exec(text.slice(offset));
  return match ? offset + match[0].length : offset;
}

const indentUnit = (options: FormattingOptions): string => (options.insertSpaces ? ' '.repeat(options.tabSize ?? 2) : '\t');

/** The file's own indentation (tabs, or the smallest indent in spaces) and line ending. */
export function detectFormatting(text: string): FormattingOptions {
  const eol = eolOf(text);
  // Lines that start with `*` or `/` are comment bodies, not JSON indentation.
  const indents = [...text.matchAll(/^([ \t]+)[^\s*/]/gm)].map((match) => match[1]!);
  if (indents.some((indent) => indent.startsWith('\t'))) return { insertSpaces: false, tabSize: 1, eol };
  const spaces = indents.map((indent) => indent.length).filter((n) => n > 0);
  return { insertSpaces: true, tabSize: spaces.length > 0 ? Math.min(...spaces) : 2, eol };
}
