// JSON with comments, read the way Gemini CLI reads it: strip `//` and `/* */` comments
// (strip-json-comments, which blanks them out so offsets do not move), then JSON.parse.
// So comments are allowed but trailing commas are a fatal error. jsonc-parser supplies the
// parse tree that turns a JSON path back into a line and column for diagnostics.
import { parseTree, type Node, type ParseError } from 'jsonc-parser';
import { configError } from '../pipeline/errors.js';
import type { JsonObject, Location } from '../pipeline/types.js';
import { parseJsonBounded } from './json-depth.js';

export type JsonPath = (string | number)[];

export interface JsoncDocument {
  file: string;
  text: string;
  value: unknown;
  /** jsonc-parser's syntax tree of the text (for walking every node with its offset). */
  tree: Node | undefined;
  /** Location of the value at `path`; with `key: true`, of the property name that holds it. */
  locate(path: JsonPath, options?: { key?: boolean }): Location;
}

export interface JsoncOptions {
  /** Gemini parses extension files with plain JSON.parse: no comments there. */
  comments?: boolean;
}

/**
 * Parses JSONC text; a syntax error throws a config error naming file:line:column.
 *
 * The value comes from JSON.parse. The syntax tree that maps a path back to a line and column is built
 * only when a position is first read: `locate` hands out locations whose line and column are worked
 * out on first access. Every run records where each hook was written, and almost no run reads it, so
 * a run pays for JSON.parse alone (jsonc-parser's tree cost several times as much).
 */
export function parseJsonc(text: string, file: string, options: JsoncOptions = {}): JsoncDocument {
  const source = options.comments === false ? text : stripJsonComments(text);
  const value = parseOrThrow(source, file);
  let root: Node | undefined | null = null;
  let lines: number[] | undefined;
  const tree = (): Node | undefined => {
    if (root === null) root = parseTree(source, [], { allowTrailingComma: false, disallowComments: true });
    return root;
  };
  const position = (path: JsonPath, key: boolean): { line: number; column: number } => {
    const top = tree();
    const node = top ? findNode(top, path) : undefined;
    const target = key && node?.parent?.type === 'property' ? node.parent : node;
    if (!target) return { line: 0, column: 0 };
    lines ??= lineStarts(text);
    return offsetToLineColumn(lines, target.offset);
  };
  return {
    file,
    text,
    value,
    get tree() {
      return tree();
    },
    locate(path, { key = false } = {}) {
      return lazyLocation(file, path, () => position(path, key));
    },
  };
}

/** A location whose line and column are worked out when first read (they read like plain properties). */
function lazyLocation(file: string, path: JsonPath, find: () => { line: number; column: number }): Location {
  let found: { line: number; column: number } | undefined;
  return {
    file,
    get line() {
      return (found ??= find()).line;
    },
    get column() {
      return (found ??= find()).column;
    },
    path,
  };
}

/** parseJsonc, then the root must be a plain object (Gemini's rule for settings-like files). */
export function parseJsoncObject(text: string, file: string, notObjectMessage: string, options: JsoncOptions = {}): JsoncDocument & { value: JsonObject } {
  const doc = parseJsonc(text, file, options);
  if (!isPlainObject(doc.value)) {
    throw configError(`Error in ${file}: ${notObjectMessage}`, doc.locate([]));
  }
  return doc as JsoncDocument & { value: JsonObject };
}

export function isPlainObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Blanks out comments the way strip-json-comments 3.1.1 does (every non-whitespace
 * character of a comment becomes a space), so every offset keeps its line and column.
 * Its rules, scanned a span at a time (a file is read on every run, and can be large): a quote not
 * preceded by an odd number of backslashes toggles "in a string"; outside strings `//` comments
 * out to the end of the line and `/*` up to the next `*\/` (or the end of the text).
 */
export function stripJsonComments(text: string): string {
  // Every comment starts with `//` or `/*`: a text with neither (most settings files) has none.
  if (!text.includes('//') && !text.includes('/*')) return text;
  const special = /["/]/g;
  let out = '';
  let copied = 0;
  let inString = false;
  for (let i = 0; i < text.length; ) {
    if (inString) {
      const quote = text.indexOf('"', i);
      if (quote === -1) break;
      if (!isEscapedQuote(text, quote)) inString = false;
      i = quote + 1;
      continue;
    }
    special.lastIndex = i;
    const found = special.exec(text);
    if (!found) break;
    const at = found.index;
    const next = text[at + 1];
    if (found[0] === '"') {
      if (!isEscapedQuote(text, at)) inString = true;
      i = at + 1;
    } else if (next === '/' || next === '*') {
      // The opener and the body (up to the newline, kept, or past `*\/`, blanked too) become spaces.
      const line = next === '/';
      const close = text.indexOf(line ? '\n' : '*/', at + 2);
      const bodyEnd = close === -1 ? text.length : close;
      out += `${text.slice(copied, at)}  ${blank(text.slice(at + 2, bodyEnd))}`;
      copied = i = bodyEnd;
      if (!line && close !== -1) {
        out += '  ';
        copied = i = close + 2;
      }
    } else {
      i = at + 1;
    }
  }
  return out + text.slice(copied);
}

const blank = (comment: string): string => comment.replace(/\S/g, ' ');

function isEscapedQuote(text: string, quoteIndex: number): boolean {
  let backslashes = 0;
  for (let i = quoteIndex - 1; text[i] === '\\'; i--) backslashes++;
  return backslashes % 2 === 1;
}

const BOM = '\uFEFF';

function parseOrThrow(source: string, file: string): unknown {
  try {
    return parseJsonBounded(source);
  } catch (error) {
    const raw = error instanceof Error ? error.message : String(error);
    const offset = errorOffset(raw, source);
    const where = { file, ...offsetToLineColumn(lineStarts(source), offset), path: [] };
    // V8 would quote the invisible character itself ("Unexpected token '\uFEFF'"); JSON.parse, and so
    // Gemini CLI, refuses a BOM like any other stray character, so only the wording changes.
    const message =
      offset === 0 && source.startsWith(BOM)
        ? 'a byte-order mark (U+FEFF) at the start of the file, which Gemini CLI does not accept (save it as UTF-8 without BOM)'
        : shortParseMessage(raw);
    throw configError(`${message} in ${file}:${where.line}:${where.column}`, where);
  }
}

/** V8 names the position for most errors; otherwise ask jsonc-parser where it stopped. */
function errorOffset(message: string, source: string): number {
  const fromMessage = /at position (\d+)/.exec(message);
  if (fromMessage) return Number(fromMessage[1]);
  const errors: ParseError[] = [];
  parseTree(source, errors, { allowTrailingComma: false, disallowComments: true });
  return errors[0]?.offset ?? source.length;
}

/** Drops V8's echo of the whole input (`..., "<text>" is not valid JSON`) and the position suffix; shows control characters escaped. */
function shortParseMessage(message: string): string {
  return message
    .replace(/, ".*" is not valid JSON$/s, '')
    .replace(/ in JSON at position \d+( \(line \d+ column \d+\))?$/, '')
    .trim()
    .replace(/[\u0000-\u001f]/g, (ch) => JSON.stringify(ch).slice(1, -1));
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

function offsetToLineColumn(starts: number[], offset: number): { line: number; column: number } {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid]! <= offset) low = mid;
    else high = mid - 1;
  }
  return { line: low + 1, column: offset - starts[low]! + 1 };
}

/** Like jsonc-parser's findNodeAtLocation, but a duplicated key resolves to its last occurrence, as JSON.parse keeps. */
export function findNode(root: Node, path: JsonPath): Node | undefined {
  let node: Node | undefined = root;
  for (const segment of path) {
    if (!node?.children) return undefined;
    if (typeof segment === 'number') {
      node = node.type === 'array' ? node.children[segment] : undefined;
    } else if (node.type === 'object') {
      const matches: Node[] = node.children.filter((p) => p.children?.[0]?.value === segment);
      node = matches[matches.length - 1]?.children?.[1];
    } else {
      return undefined;
    }
  }
  return node;
}
