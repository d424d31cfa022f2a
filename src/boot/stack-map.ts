// Source positions for an internal error's stack trace. The build runs dist/*.cjs, so a stack names
// lines of a pack; scripts/build.js writes each pack's source map beside it (dist/<pack>.map, with no
// sourceMappingURL comment, so Node never reads it). This module reads a map only when hookrun prints
// an internal error, and rewrites each frame it can place: `(…/dist/hookrun.cjs:4174:16)` becomes
// `(…/src/cli/main.ts:717:15)`. A normal run never loads it (cli.ts imports it when it prints such an error).
import fs from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';

/** `file:line:column` of a frame in a .cjs file (with or without the parentheses around it). */
const FRAME = /((?:\/|[A-Za-z]:\\)[^\s()]*\.cjs):(\d+):(\d+)/g;

/** The stack with every frame that a pack's source map places rewritten to its source; never throws. */
function mapStack(stack: string): string {
  const maps = new Map<string, SourceMap | undefined>();
  try {
    return stack.replace(FRAME, (frame: string, file: string, line: string, column: string) => {
      if (!maps.has(file)) maps.set(file, readMap(file));
      const map = maps.get(file);
      // Stack positions count from 1, the map's from 0.
      const entry = map?.findEntry(Number(line) - 1, Number(column) - 1) as Partial<{ originalSource: string; originalLine: number; originalColumn: number }> | undefined;
      if (!entry?.originalSource || entry.originalLine === undefined || entry.originalColumn === undefined) return frame;
      return `${sourcePath(file, entry.originalSource)}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
    });
  } catch {
    return stack;
  }
}

/** The stack of what was thrown, mapped; a non-error as its text. */
export function mappedStackOf(error: unknown): string {
  const stack = (error as Error | undefined)?.stack;
  return typeof stack === 'string' ? mapStack(stack) : String(error);
}

function readMap(file: string): SourceMap | undefined {
  try {
    return new SourceMap(JSON.parse(fs.readFileSync(`${file}.map`, 'utf8')));
  } catch {
    // No map (a build without them, a copied pack) or an unreadable one: the frame stays as it is.
    return undefined;
  }
}

/** A map's source, relative to the map's file (esbuild writes `../src/cli/main.ts`), as an absolute path. */
function sourcePath(file: string, source: string): string {
  if (source.startsWith('file://')) return new URL(source).pathname;
  // The build's private copies of a package (zod-mini:, jsonc-read:) name the file after a namespace.
  const plain = source.replace(/^[a-z-]+:(?=\/)/, '');
  return path.resolve(path.dirname(file), plain);
}
