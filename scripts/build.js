// Bundles src/ into dist/ with esbuild, as CommonJS so the bin can run it through V8's code cache
// (src/boot/code-cache.ts; Node 20 can cache `vm.Script` code, not ES modules):
// - dist/hookrun.cjs: the whole CLI in one file. Each command's and dialect's dynamic import() becomes
//   a lazily initialised module inside the bundle, so a command still evaluates only its own code.
// - dist/boot.cjs: the small loader the bin requires; it is not cached itself.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { build } from 'esbuild';

await rm('dist', { recursive: true, force: true });

// jsonc-parser declares no "sideEffects", so esbuild would keep every module its index imports, and
// its formatter builds ~240 KB of whitespace strings at load. Nothing in it has side effects: declaring
// that lets esbuild keep only the modules that are used (the parser and scanner on the run path).
const sideEffectFree = {
  name: 'side-effect-free-packages',
  setup(build) {
    build.onResolve({ filter: /.*/ }, async (args) => {
      const inside = /^jsonc-parser(\/|$)/.test(args.path) || (args.importer.includes('/node_modules/jsonc-parser/') && args.path.startsWith('.'));
      if (!inside || args.pluginData?.sideEffectFree) return undefined;
      const resolved = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: { sideEffectFree: true } });
      return { ...resolved, sideEffects: false };
    });
  },
};

const common = {
  plugins: [sideEffectFree],
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  packages: 'bundle',
  // Prefer ES module builds: jsonc-parser's "main" is a UMD file whose dynamic requires a bundle can't follow.
  mainFields: ['module', 'main'],
  // cosmiconfig requires the TypeScript compiler lazily, only to load a .ts config file; bundling it would add 9 MB.
  external: ['typescript'],
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
  // ES module sources may use import.meta; in a CommonJS bundle it has to be spelled out (PREAMBLE).
  define: {
    'import.meta.url': '__hookrunImportMeta.url',
    'import.meta.filename': '__filename',
    'import.meta.dirname': '__dirname',
  },
});

// vm.Script has no module loader behind it: an import() left in the bundle would fail at run time.
for (const [file, output] of Object.entries(cli.metafile.outputs)) {
  // typescript is cosmiconfig's, only for a .ts config file (kept external above); such a file is reported as unloadable.
  const left = output.imports.filter((entry) => entry.kind === 'dynamic-import' && !entry.path.startsWith('node:') && entry.path !== 'typescript');
  if (left.length > 0) throw new Error(`${file}: dynamic import of ${left.map((entry) => entry.path).join(', ')} is not bundled`);
}

await build({
  ...common,
  entryPoints: { boot: 'src/boot/bin.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.cjs' },
});

// Added after esbuild's "use strict" (a banner would go before it and turn strict mode off), on the
// same line so that the source map's lines still match.
// - esbuild gives each module's default import of a Node built-in (`import fs from 'node:fs'`) its own
//   copy of the module object: one getter per property (hundreds for fs and process), rebuilt in every
//   importing module on every start. An object that inherits from the module reads the same.
const PREAMBLE = [
  'var __hookrunImportMeta = { get url() { return require("node:url").pathToFileURL(__filename).href; } };',
  'var __nodeBuiltin = (mod) => Object.create(mod, { default: { value: mod, enumerable: true } });',
].join(' ');
for (const file of ['dist/hookrun.cjs', 'dist/boot.cjs']) {
  const code = await readFile(file, 'utf8');
  if (!code.startsWith('"use strict";\n')) throw new Error(`${file}: expected esbuild's "use strict" first`);
  const patched = code.replace(/__toESM\(require\("(node:[a-z_/]+)"\), 1\)/g, '__nodeBuiltin(require("$1"))');
  await writeFile(file, `"use strict"; ${PREAMBLE}\n${patched.slice('"use strict";\n'.length)}`);
}
