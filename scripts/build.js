// Bundles src/ into dist/ with esbuild, as CommonJS so the bin can run it through V8's code cache
// (src/boot/code-cache.ts; Node 20 can cache `vm.Script` code, not ES modules):
// - dist/hookrun.cjs: the whole CLI in one file. Each command's and dialect's dynamic import() becomes
//   a lazily initialised module inside the bundle, so a command still evaluates only its own code.
// - dist/boot.cjs: the small loader the bin requires; it is not cached itself.
import { rm } from 'node:fs/promises';
import { build } from 'esbuild';

await rm('dist', { recursive: true, force: true });

const common = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  packages: 'bundle',
  // Prefer ES module builds: jsonc-parser's "main" is a UMD file whose dynamic requires a bundle can't follow.
  mainFields: ['module', 'main'],
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
};

const cli = await build({
  ...common,
  entryPoints: { hookrun: 'src/cli.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.cjs' },
  sourcemap: 'linked',
  // ES module sources may use import.meta; in a CommonJS bundle it has to be spelled out.
  define: {
    'import.meta.url': '__hookrunImportMetaUrl',
    'import.meta.filename': '__filename',
    'import.meta.dirname': '__dirname',
  },
  banner: { js: 'var __hookrunImportMetaUrl = require("node:url").pathToFileURL(__filename).href;' },
});

// vm.Script has no module loader behind it: an import() left in the bundle would fail at run time.
for (const [file, output] of Object.entries(cli.metafile.outputs)) {
  const left = output.imports.filter((entry) => entry.kind === 'dynamic-import' && !entry.path.startsWith('node:'));
  if (left.length > 0) throw new Error(`${file}: dynamic import of ${left.map((entry) => entry.path).join(', ')} is not bundled`);
}

await build({
  ...common,
  entryPoints: { boot: 'src/boot/bin.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.cjs' },
});
