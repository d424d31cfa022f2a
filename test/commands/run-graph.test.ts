// The modules `hookrun run` may load are a documented list (docs/perf.md, "The modules the `run` path
// may load"): this test builds the run path's import graph (the entry, the run command and the Gemini
// dialect, static imports only: what scripts/build.js packs into dist/hookrun.cjs) and fails on any
// module the list does not name, such as another dialect's folder, migrate or the http client.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { REPO } from '../helpers/cli.js';
import { importGraph } from '../helpers/import-graph.js';

const ENTRIES = ['src/cli/main.ts', 'src/cli/commands/run.ts', 'src/dialects/gemini/index.ts'];

/** The patterns of docs/perf.md's list: a trailing `/` is a folder, `*` any characters but `/`. */
function allowedPatterns(): RegExp[] {
  const doc = readFileSync(path.join(REPO, 'docs', 'perf.md'), 'utf8');
  const block = /<!-- run-path-modules[^>]*-->\n```\n([\s\S]*?)\n```/.exec(doc);
  if (!block) throw new Error('docs/perf.md: the run-path-modules list is missing');
  return block[1]!.split('\n').map((line) => {
    const body = line
      .trim()
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '[^/]*');
    return new RegExp(`^${body}${line.endsWith('/') ? '' : '$'}`);
  });
}

test('a Gemini run loads only the documented modules: no other dialect, no migrate, no http client, no lock', async () => {
  const graph = await importGraph(ENTRIES);
  // zod's locales: without the build's plugins (scripts/build.js) esbuild keeps them all; that only
  // English is left in the build is run-startup.test.ts's check.
  const loaded = graph.eager.filter((file) => file.startsWith('src/') || !file.includes('zod/v4/locales/'));
  const allowed = allowedPatterns();
  expect(loaded).toContain('src/dialects/gemini/plan.ts');
  expect(loaded.filter((file) => !allowed.some((pattern) => pattern.test(file)))).toEqual([]);
  // The list itself keeps these out: a line that let them in would be caught here.
  const forbidden =
    /^src\/(dialects\/(?!gemini\/|index\.ts|names\.ts|kit\/|[^/]+\/options\.ts$|[^/]+\/configured\.ts$|detect\.ts|dialect\.ts|secrets\.ts)|migrate\/|exec\/http\.ts|files\/lock\.ts|cli\/commands\/(?!run\.ts)|testing\/)/;
  expect(loaded.filter((file) => forbidden.test(file))).toEqual([]);
  // And the graph really reaches what is kept lazy, so the check above is not vacuous.
  expect(graph.visited.some((file) => file.startsWith('src/dialects/claude/'))).toBe(true);
  expect(graph.visited).toContain('src/exec/http.ts');
});

// Cursor's, Copilot's and Codex's loaders warn of another agent's event names and timeout units. The
// event hint needs the cross-agent vocabulary; a run whose files have no unknown key must not load it
// (src/migrate/loader-hints.ts). Before, every run of these dialects read and evaluated its two packs.
test.each(['cursor', 'copilot', 'codex'])('a %s run loads the cross-agent vocabulary only through import(), for an unknown event key', async (dialect) => {
  const graph = await importGraph([...ENTRIES, `src/dialects/${dialect}/index.ts`]);
  expect(graph.eager).toContain(`src/dialects/${dialect}/settings.ts`);
  expect(graph.eager).toContain('src/migrate/loader-hints.ts');
  expect(graph.eager.filter((file) => /^src\/migrate\/(vocabulary|cross-agent)\.ts$/.test(file))).toEqual([]);
  // Reached lazily all the same, so the check above is not vacuous.
  expect(graph.output).toContain('src/migrate/vocabulary.ts');
});
