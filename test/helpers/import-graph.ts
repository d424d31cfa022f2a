// The import graph of some entry points as the build packs them (esbuild, bundled and split, nothing
// written), for the tests that hold what a command may load (docs/perf.md, "The modules the `run` path
// may load").
import { build } from 'esbuild';
import { REPO } from './cli.js';

export interface ImportGraph {
  /** Source files whose code is in the entry chunks or in what they import statically, sorted. */
  eager: string[];
  /** Source files whose code is in any chunk, dynamic import() targets included. */
  output: string[];
  /** Every file esbuild visited, including those tree-shaken away. */
  visited: string[];
}

export async function importGraph(entryPoints: readonly string[]): Promise<ImportGraph> {
  const result = await build({
    entryPoints: [...entryPoints],
    absWorkingDir: REPO,
    bundle: true,
    write: false,
    outdir: 'out',
    format: 'esm',
    splitting: true,
    platform: 'node',
    packages: 'bundle',
    mainFields: ['module', 'main'],
    metafile: true,
    logLevel: 'silent',
    // A `?raw` import is a file's text (scripts/build.js bundles it as such), not a module of the graph.
    plugins: [{ name: 'raw-text', setup: (b) => b.onResolve({ filter: /\?raw$/ }, (args) => ({ path: args.path, external: true })) }],
  });
  const outputs = result.metafile.outputs;
  const withCode = (keys: string[]) =>
    [
      ...new Set(
        keys.flatMap((key) =>
          Object.entries(outputs[key]!.inputs)
            .filter(([, input]) => input.bytesInOutput > 0)
            .map(([file]) => file),
        ),
      ),
    ].sort();
  // A dynamic import() target is an entry point of its own for esbuild: start from the named ones only.
  const stack = Object.keys(outputs).filter((key) => entryPoints.includes(outputs[key]!.entryPoint ?? ''));
  const seen = new Set<string>();
  while (stack.length > 0) {
    const key = stack.pop()!;
    if (seen.has(key)) continue;
    seen.add(key);
    for (const imported of outputs[key]!.imports) if (imported.kind === 'import-statement' && !imported.external) stack.push(imported.path);
  }
  return { eager: withCode([...seen]), output: withCode(Object.keys(outputs)), visited: Object.keys(result.metafile.inputs) };
}
