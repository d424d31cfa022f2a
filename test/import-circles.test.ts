// No import circles in src/: every module's imports that run (static, and the import() of a lazy load),
// followed through the tree, never come back to it. A circle makes load order matter (a module seen
// half-initialised) and hides which layer is below which: the registry (dialects/index.ts) above the
// names (dialects/names.ts), the mechanisms below the dialects. `import type` never runs and is left out.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const SRC = fileURLToPath(new URL('../src', import.meta.url));
const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts'))
  .map((file) => file.split(path.sep).join('/'));
const RUNS = /^\s*(?:import|export)\b(?!\s+type\b)[^'"]*?\bfrom\s*['"](\.[^'"]+)['"]|^\s*import\s*['"](\.[^'"]+)['"]|\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/gm;

function importsOf(file: string): string[] {
  const text = readFileSync(path.join(SRC, file), 'utf8');
  return [...text.matchAll(RUNS)].map((m) => path.posix.normalize(path.posix.join(path.posix.dirname(file), m[1] ?? m[2] ?? m[3]!)).replace(/\.js$/, '.ts'));
}

/** Each circle found, as the files around it (depth-first search over the import graph). */
function circles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue;
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

test('src/ has no import circle, lazy loads included', () => {
  const graph = new Map(files.map((file) => [file, importsOf(file)]));
  expect(graph.get('dialects/index.ts')).toContain('dialects/names.ts');
  expect(circles(graph).map((circle) => circle.join(' -> '))).toEqual([]);
});

test('the search finds a circle where there is one', () => {
  expect(
    circles(
      new Map([
        ['a.ts', ['b.ts']],
        ['b.ts', ['c.ts']],
        ['c.ts', ['a.ts']],
      ]),
    ),
  ).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
  expect(
    circles(
      new Map([
        ['a.ts', ['b.ts']],
        ['b.ts', []],
      ]),
    ),
  ).toEqual([]);
});
