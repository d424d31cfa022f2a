// Changing one value in a JSONC settings file in place; the rest of the file (comments, key order,
// formatting) stays byte for byte as it was. jsonc-parser's syntax tree gives the offsets, and the
// edits are applied with its applyEdits. Its `modify` is not used: when it adds a key it reformats
// the lines it touches, joining a one-line object into a block and moving a `// comment` from the
// end of the previous property to after the new one. Where an object has a key twice, the edit goes to
// the last one, which is what JSON.parse (and Gemini CLI) reads.
import { applyEdits, createScanner, parseTree, type Edit, type FormattingOptions, type Node } from 'jsonc-parser';
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
  if (array?.type !== 'array') return setJsoncValue(text, path, [value]);
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
 * Removes the element at `index` of the array at `path` (see removeJsoncChild for what goes with it).
 */
export function removeFromJsoncArray(text: string, path: JsonPath, index: number): string {
  const array = nodeAt(text, path);
  if (array?.type !== 'array' || !array.children?.[index]) return text;
  return removeJsoncChild(text, array, index);
}

/**
 * Removes child `index` of an array (an element) or an object (a property, key to value), keeping
 * every comment that is not on the child's own lines. The rule:
 *
 * - The child's own lines run from the line of its first character to the line of the comma that
 *   separates it from the next child (to its own last line when it is the last child).
 * - Not the last child: the child and its comma go. When the child starts its line (only indentation
 *   before it) and nothing but spaces and comments follows the comma on that line, those whole lines
 *   go, with their line break and any `// comment` after the comma (it describes the child). Otherwise
 *   only the child, its comma and the spaces after the comma go: a comment after the comma on the
 *   next child's line belongs to the next child and stays.
 * - The last child: the comma before it goes (just that character, so a comment after it on the
 *   previous child's line stays), and the child with the same whole-line rule; otherwise the child
 *   and the spaces before it on its line.
 * - Comments on any other line (a header above the child, a comment before the next child) stay.
 *
 * jsonc-parser's `modify(..., undefined)` instead cuts from the previous child's end to the next
 * child's start, taking comments that belong to the neighbours with it.
 */
export function removeJsoncChild(text: string, container: Node, index: number): string {
  const items = container.children ?? [];
  const item = items[index]!;
  const start = item.offset;
  const end = item.offset + item.length;
  const next = items[index + 1];
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const startsLine = /^[ \t]*$/.test(text.slice(lineStart, start));
  // A comma right after the child (the separator, or a stray trailing comma after the last one).
  const commaAfter = commaBetween(text, end, next ? next.offset : container.offset + container.length - 1);
  const childEnd = commaAfter === undefined ? end : commaAfter + 1;
  const lineEnd = lineEndAfter(text, childEnd);
  // Only spaces and comments from the child's end to the end of its line, and the next token later.
  const ownsRestOfLine = lineEnd !== undefined && onlyTrivia(text, childEnd, lineEnd);
  if (next) {
    if (startsLine && ownsRestOfLine) return text.slice(0, lineStart) + text.slice(lineEnd! + 1);
    const after = childEnd + /^[ \t]*/.exec(text.slice(childEnd))![0].length;
    return text.slice(0, start) + text.slice(after);
  }
  const previous = items[index - 1];
  const commaBefore = previous ? commaBetween(text, previous.offset + previous.length, start) : undefined;
  let out: string;
  if (startsLine && ownsRestOfLine) {
    out = text.slice(0, lineStart) + text.slice(lineEnd! + 1);
  } else {
    const floor = commaBefore !== undefined ? commaBefore + 1 : previous ? previous.offset + previous.length : container.offset + 1;
    let from = start;
    while (from > floor && (text[from - 1] === ' ' || text[from - 1] === '\t')) from--;
    out = text.slice(0, from) + text.slice(childEnd);
  }
  // The comma before sits before everything cut above, so its offset is unchanged.
  return commaBefore === undefined ? out : out.slice(0, commaBefore) + out.slice(commaBefore + 1);
}

// jsonc-parser's SyntaxKind is an ambient const enum (not importable under verbatimModuleSyntax).
const SyntaxKind = { CommaToken: 5, LineCommentTrivia: 12, BlockCommentTrivia: 13, LineBreakTrivia: 14, Trivia: 15 } as const;

/** The offset of the comma that is the first token in [from, to), skipping spaces and comments. */
function commaBetween(text: string, from: number, to: number): number | undefined {
  const scanner = createScanner(text, true);
  scanner.setPosition(from);
  const kind: number = scanner.scan();
  const at = scanner.getTokenOffset();
  return kind === SyntaxKind.CommaToken && at < to ? at : undefined;
}

/** The offset of the line break ending the line `offset` is on (undefined: the text ends first). */
function lineEndAfter(text: string, offset: number): number | undefined {
  const at = text.indexOf('\n', offset);
  return at < 0 ? undefined : at;
}

/** Is [from, to] nothing but spaces and comments that end on this line? */
function onlyTrivia(text: string, from: number, to: number): boolean {
  const scanner = createScanner(text, false);
  scanner.setPosition(from);
  for (;;) {
    const kind: number = scanner.scan();
    const offset = scanner.getTokenOffset();
    if (offset >= to) return true;
    if (kind === SyntaxKind.Trivia) continue;
    if (kind === SyntaxKind.LineBreakTrivia) return true;
    if (kind === SyntaxKind.LineCommentTrivia) continue;
    // A block comment counts only when it closes on this line.
    if (kind === SyntaxKind.BlockCommentTrivia) {
      if (offset + scanner.getTokenLength() > to) return false;
      continue;
    }
    return false;
  }
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
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}: ${inline(v)}`)
      .join(', ')}}`;
  }
  return JSON.stringify(value);
}

const insert = (offset: number, content: string): Edit => ({ offset, length: 0, content });

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
  // A loop, not Math.min(...spaces): a file of 100,000 hooks has more lines than a call takes arguments.
  let smallest = Infinity;
  for (const indent of indents) if (indent.length > 0 && indent.length < smallest) smallest = indent.length;
  return { insertSpaces: true, tabSize: smallest === Infinity ? 2 : smallest, eol };
}
