// config.toml for the Codex dialect: parsed with smol-toml (loaded only when a config.toml exists, so a
// run without one, and every other dialect, never reads the parser), and a locator that turns a path
// such as hooks.PreToolUse[0].hooks[1].timeout back into a line and column for the messages.
import { parse, TomlError } from 'smol-toml';
import { configError } from '../../pipeline/errors.js';
import type { JsonPath } from '../../files/jsonc.js';
import type { JsonObject, Location } from '../../pipeline/types.js';

/** The parsed file; a syntax error is a config error at file:line:column (Codex refuses to start). */
export function parseToml(text: string, file: string): JsonObject {
  try {
    return parse(text) as JsonObject;
  } catch (error) {
    if (!(error instanceof TomlError)) throw error;
    const message = error.message.split('\n')[0]!.trim();
    throw configError(`not valid TOML (${message}); Codex does not start with it ("Error loading config.toml")`, {
      file,
      line: error.line,
      column: error.column,
      path: [],
    });
  }
}

const HEADER = /^\s*(\[\[?)\s*([^\]]+?)\s*\]\]?\s*(?:#.*)?$/;
const KEY = /^(\s*)("[^"]*"|'[^']*'|[A-Za-z0-9_-]+)\s*=/;

const unquote = (part: string): string => part.trim().replace(/^"(.*)"$|^'(.*)'$/, '$1$2');

/**
 * Where each table, array-of-tables element and key of the `[hooks]` tree starts. Best effort: hooks
 * written as inline tables are located at the nearest enclosing header or key.
 */
export function tomlLocator(text: string, file: string): (at: JsonPath, key?: boolean) => Location {
  const positions = new Map<string, { line: number; column: number }>();
  const counts = new Map<string, number>();
  let table: JsonPath = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const header = HEADER.exec(raw);
    if (header) {
      const parts = header[2]!.split('.').map(unquote);
      const array = header[1] === '[[';
      // Rebuild the path with the element index of every array of tables along it (the counters are
      // keyed by that path, so the handlers of each group count from 0).
      const resolved: JsonPath = [];
      parts.forEach((part, i) => {
        resolved.push(part);
        const prefix = JSON.stringify(resolved);
        const last = i === parts.length - 1;
        if (array && last) {
          const n = counts.get(prefix) ?? 0;
          counts.set(prefix, n + 1);
          resolved.push(n);
        } else if (counts.has(prefix)) {
          resolved.push(counts.get(prefix)! - 1);
        }
      });
      table = resolved;
      const id = JSON.stringify(table);
      if (!positions.has(id)) positions.set(id, { line, column: raw.indexOf('[') + 1 });
      return;
    }
    const key = KEY.exec(raw);
    if (key) positions.set(JSON.stringify([...table, unquote(key[2]!)]), { line, column: key[1]!.length + 1 });
  });
  return (at) => {
    for (let n = at.length; n > 0; n--) {
      const found = positions.get(JSON.stringify(at.slice(0, n)));
      if (found) return { file, ...found, path: at };
    }
    return { file, line: 1, column: 1, path: at };
  };
}
