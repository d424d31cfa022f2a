// JSON parsing that says where it failed: event JSON comes from arguments, files and stdin, and a
// user who mistyped it needs the line and column, not just "Unexpected token".
import { inputError } from '../errors.js';
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

/** JSON.parse, turning a syntax error into an input error at `origin:line:column`. */
export function parseJson(text: string, origin: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    const at = /at position (\d+)/.exec(message);
    const offset = at ? Number(at[1]) : jsonErrorOffset(text);
    const { line, column } = lineColumn(text, offset);
    // V8 quotes the text after the token (`Unexpected token 'o', "not json\n" is not valid JSON`): the
    // position says where, and a message never carries a raw line break.
    const reason = message
      .replace(/ (in JSON )?at position \d+.*$/s, '')
      .replace(/^JSON\.parse: /, '')
      .replace(/, ".*" is not valid JSON$/s, '')
      .replace(/\r?\n/g, ' ');
    throw inputError(`${origin}:${line}:${column}: invalid JSON: ${reason}`, {
      file: origin,
      line,
      column,
      path: [],
    });
  }
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
