// JSON parsing that says where it failed: event JSON comes from arguments, files and stdin, and a
// user who mistyped it needs the line and column, not just "Unexpected token".
import { inputError } from '../errors.js';
import { parseJsonBounded } from '../../files/json-depth.js';
import { jsonErrorOffset } from './json-position.js';

/** 1-based line and column of a character offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/**
 * JSON.parse, turning a syntax error into an input error at `origin:line:column`. A byte-order mark
 * before the JSON is skipped (editors on Windows write one). The message never repeats the input:
 * an event carries secrets, and V8's `"<the text>" is not valid JSON` would print them on stderr.
 */
export function parseJson(text: string, origin: string): unknown {
  // Dropped, not counted: an editor does not show the mark as a column either.
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return parseJsonBounded(source);
  } catch (error) {
    const { offset, reason } = describeJsonError((error as Error).message, source);
    const { line, column } = lineColumn(source, offset);
    throw inputError(`${origin}:${line}:${column}: invalid JSON: ${reason}`, {
      file: origin,
      line,
      column,
      path: [],
    });
  }
}

/**
 * Where a JSON.parse error happened and what it is, in words that quote none of the input: V8 echoes
 * the text (`Unexpected token 'a', "abc…" is not valid JSON`) and names the offending character; a
 * letter or digit of a secret is said to be one, punctuation (a stray `'`) is shown.
 */
export function describeJsonError(message: string, text: string): { offset: number; reason: string } {
  const at = /at position (\d+)/.exec(message);
  let offset = at ? Number(at[1]) : -1;
  let reason = message
    .replace(/^JSON\.parse: /, '')
    .replace(/, (\.\.\.)?".*"(\.\.\.)? is not valid JSON$/s, '')
    .replace(/ (in JSON )?at position \d+.*$/s, '')
    .replace(/^(\.\.\.)?"[^]*"(\.\.\.)? is not valid JSON$/, 'not valid JSON')
    // A message never carries a raw line break.
    .replace(/\r?\n/g, ' ');
  const token = /^Unexpected token '([^]*)'$/.exec(reason);
  if (token) {
    const ch = token[1]!;
    reason = /^[\p{L}\p{N}]/u.test(ch) ? `unexpected ${/^\p{N}/u.test(ch) ? 'digit' : 'letter'}` : `unexpected character ${JSON.stringify(ch)}`;
  }
  if (offset === -1) offset = jsonErrorOffset(text);
  return { offset, reason };
}

/**
 * Sets `key` as an own property, as a spread or JSON.parse does: plain assignment of `__proto__`
 * (a key JSON may hold) would change the object's prototype instead and lose the key.
 */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}

/**
 * Any JSON value as text for people: `String()` where it works, else JSON (`String()` throws on an
 * object whose toString and valueOf are not functions, and `{"toString": false}` is valid JSON).
 */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return String(value);
  } catch {
    return JSON.stringify(value) ?? typeof value;
  }
}

export function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
