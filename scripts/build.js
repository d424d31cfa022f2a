// Bundles src/ into dist/ with esbuild, as CommonJS so the bin can run it through V8's code cache
// (src/boot/; Node 20 caches the code of a `vm.Script`, not of ES modules):
// - dist/hookrun.cjs and dist/chunk-*.cjs: the CLI, split where its dynamic import()s are, so that a
//   command reads, compiles and evaluates only the modules it reaches (`run` never reads full zod,
//   yaml or smol-toml). esbuild splits only ES module output, so the chunks are built as ES modules
//   and then each is rewritten as a CommonJS module; src/boot/bin.ts loads them, each with its cache.
// - dist/boot.cjs: the small loader the bin requires; it is not cached itself.
import { execFileSync } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { build, transform } from 'esbuild';

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

// Split into chunks, a module lives in one chunk, with every statement that any command uses. Two
// packages would thus drag code that only other commands use onto `run`'s path, so the modules that
// read settings get a copy of their own (a namespace), tree-shaken to what those importers use:
// - zod/mini (settings, events: every command) shares zod's core with full zod (JSON Schema,
//   fixtures): the core would go in whole (~670 KB, a third of it JSON Schema code). The two copies
//   never meet: schemas of one are never mixed with the other's.
// - jsonc-parser as src/files/jsonc.ts reads it (scanner and parser) versus as the settings editor
//   uses it (modify, format): the formatter builds ~240 KB of whitespace strings when it loads.
const COPIES = [
  { namespace: 'zod-mini', starts: (args) => args.path === 'zod/mini' || args.path.startsWith('zod/v4/locales/') },
  { namespace: 'jsonc-read', starts: (args) => args.path === 'jsonc-parser' && /[/\\]src[/\\]settings[/\\]jsonc\.ts$/.test(args.importer), sideEffects: false },
];
const copies = {
  name: 'run-path-copies',
  setup(build) {
    build.onResolve({ filter: /.*/ }, async (args) => {
      if (args.pluginData?.copy) return undefined;
      const copy = COPIES.find((c) => c.namespace === args.namespace) ?? COPIES.find((c) => c.starts(args));
      if (!copy) return undefined;
      const resolved = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: { copy: true } });
      if (resolved.errors.length > 0) return { errors: resolved.errors };
      return { path: resolved.path, namespace: copy.namespace, sideEffects: copy.sideEffects ?? resolved.sideEffects };
    });
    for (const { namespace } of COPIES) {
      build.onLoad({ filter: /.*/, namespace }, async (args) => ({ contents: await readFile(args.path, 'utf8'), resolveDir: path.dirname(args.path), loader: 'js' }));
    }
  },
};

// chalk works out at load time whether stdout and stderr support colour, which loads node:tty (and with it
// node:net): ~9 ms of every run. hookrun never asks chalk to detect anything (every Chalk it makes is given
// its level, from the --color/NO_COLOR/TTY rules in src/cli/io.ts), so chalk gets "no support detected".
const chalkNoDetection = {
  name: 'chalk-no-detection',
  setup(build) {
    build.onResolve({ filter: /^#supports-color$/ }, (args) => (/[/\\]chalk[/\\]/.test(args.importer) ? { path: 'supports-color', namespace: 'chalk-no-detection' } : undefined));
    build.onLoad({ filter: /.*/, namespace: 'chalk-no-detection' }, () => ({ contents: 'export default { stdout: false, stderr: false };', loader: 'js' }));
  },
};

// commander requires node:child_process when it loads, for executable subcommands, which hookrun does not
// have. That module (with node:net and the streams) is most of what an event no hook matches would load
// for nothing, so commander gets it when it would spawn. The build fails if commander's line changes.
const commanderLazySpawn = {
  name: 'commander-lazy-child-process',
  setup(build) {
    build.onLoad({ filter: /[/\\]commander[/\\]lib[/\\]command\.js$/ }, async (args) => {
      const line = "const childProcess = require('node:child_process');";
      const text = await readFile(args.path, 'utf8');
      if (!text.includes(line)) throw new Error(`${args.path}: expected \`${line}\` (a new commander? check scripts/build.js)`);
      return { contents: text.replace(line, "const childProcess = { get spawn() { return require('node:child_process').spawn; } };"), loader: 'js' };
    });
  },
};

// `import text from './file.js?raw'` is the file's text, as Vite (the tests) reads it: the plugin sources that
// `hookrun bridge` writes out (src/bridge/, src/hosts/), bundled into the bridge command's chunk only.
const rawText = {
  name: 'raw-text',
  setup(build) {
    build.onResolve({ filter: /\?raw$/ }, (args) => ({ path: path.resolve(args.resolveDir, args.path.slice(0, -'?raw'.length)), namespace: 'raw-text' }));
    build.onLoad({ filter: /.*/, namespace: 'raw-text' }, async (args) => ({ contents: await readFile(args.path, 'utf8'), loader: 'text' }));
  },
};

const common = {
  plugins: [rawText, copies, sideEffectFree, commanderLazySpawn, chalkNoDetection],
  bundle: true,
  platform: 'node',
  target: 'node20',
  packages: 'bundle',
  // Prefer ES module builds: jsonc-parser's "main" is a UMD file whose dynamic requires a bundle can't follow.
  mainFields: ['module', 'main'],
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
};

const split = await build({
  ...common,
  entryPoints: { hookrun: 'src/cli/main.ts', index: 'src/index.ts' },
  format: 'esm',
  splitting: true,
  outdir: 'dist',
  chunkNames: 'chunk-[hash]',
  // Named .cjs from the start, so that no rewrite of the import paths moves a column the maps point at.
  outExtension: { '.js': '.cjs' },
  // A map per chunk (src/ positions); each is carried through the CommonJS rewrite into the pack's map.
  sourcemap: 'external',
  sourcesContent: false,
  write: false,
  // ES module sources may use import.meta; in a CommonJS module it has to be spelled out (PREAMBLE).
  define: {
    'import.meta.url': '__hookrunImportMeta.url',
    'import.meta.filename': '__filename',
    'import.meta.dirname': '__dirname',
  },
});

// The boot loader resolves only these between chunks; anything else left to a loader would fail at run time.
const isBuiltin = (id) => id.startsWith('node:') || builtinModules.includes(id);
const CHUNK = /^\.\/(hookrun|index|chunk-[A-Z0-9]+)\.cjs$/;
for (const [file, output] of Object.entries(split.metafile.outputs)) {
  const left = output.imports.filter((entry) => !isBuiltin(entry.path) && !CHUNK.test(`./${path.basename(entry.path)}`));
  if (left.length > 0) throw new Error(`${file}: import of ${left.map((entry) => entry.path).join(', ')} is not bundled`);
}

// Added after esbuild's "use strict" (a banner would go before it and turn strict mode off), on the
// same line so that nothing below moves.
// - esbuild gives each module's default import of a Node built-in (`import fs from 'node:fs'`) its own
//   copy of the module object: one getter per property (hundreds for fs and process), rebuilt in every
//   importing module on every start. An object that inherits from the module reads the same. Its name
//   is as long as `__toESM`, which it replaces, so that no column the source map points at moves.
const PREAMBLE = [
  'var __hookrunImportMeta = { get url() { return require("node:url").pathToFileURL(__filename).href; } };',
  'var __nodeM = (mod) => Object.create(mod, { default: { value: mod, enumerable: true } });',
].join(' ');

// ES modules are strict mode code; as CommonJS they must say so (esbuild's CommonJS output of the
// boot loader starts with "use strict", its rewrite of an ES module does not).
function cjsName(file) {
  return path.basename(file);
}

/** The code with the preamble, and how many lines that added above it (for its source map). */
function patch(code) {
  const strict = code.startsWith('"use strict";\n');
  const body = strict ? code.slice('"use strict";\n'.length) : code;
  return { code: `"use strict"; ${PREAMBLE}\n${body.replace(/__toESM(\(require\("node:[a-z_/]+"\)(, ?1)?\))/g, '__nodeM$1')}`, linesAdded: strict ? 0 : 1 };
}

/** A source map whose code got `lines` more lines at its top. */
function shiftMap(map, lines) {
  return { ...map, mappings: ';'.repeat(lines) + map.mappings };
}

// Each chunk as CommonJS code, by its file name (chunk-X.cjs), with its source map (positions in src/).
const chunks = new Map();
const maps = new Map(split.outputFiles.filter((output) => output.path.endsWith('.map')).map((output) => [output.path.slice(0, -'.map'.length), output.text]));
for (const output of split.outputFiles) {
  if (output.path.endsWith('.map')) continue;
  // esbuild marks where each source module starts (`// src/exec/process.ts`); the rewrite keeps only
  // "legal" comments (`//!`), so the marks are made legal: a line in a pack shows its module. The marks
  // are lines of their own, so no code moves. The chunk's map goes in as an inline input map, which
  // esbuild's rewrite composes with its own: the map that comes out points at src/.
  const map = maps.get(output.path);
  if (!map) throw new Error(`${output.path}: esbuild wrote no source map`);
  const esm = `${output.text.replace(/^\/\/# sourceMappingURL=.*$/m, '').replace(/^\/\/ ((?:src|node_modules)\/\S+)$/gm, '//! $1')}\n//# sourceMappingURL=data:application/json;base64,${Buffer.from(map).toString('base64')}\n`;
  // A dynamic import of a chunk becomes a require that the boot loader serves (vm.Script has no module
  // loader): esbuild writes `Promise.resolve().then(() => __toESM(require("./chunk-X.cjs")))`, mapped.
  const cjs = await transform(esm, {
    loader: 'js',
    format: 'cjs',
    target: 'node20',
    supported: { 'dynamic-import': false },
    // Whitespace only (names stay): the run pack is 392 KB instead of 535, less to read and check at
    // every start; a stack trace reads through the maps (src/boot/stack-map.ts), and the marks keep their lines.
    minifyWhitespace: true,
    legalComments: 'inline',
    sourcemap: 'external',
    sourcefile: path.basename(output.path),
  });
  if (/\bimport\(["']\.\//.test(cjs.code)) throw new Error(`${output.path}: a relative dynamic import is left`);
  const { code, linesAdded } = patch(cjs.code);
  chunks.set(cjsName(output.path), { code, map: shiftMap(JSON.parse(cjs.map), linesAdded) });
}

// What `hookrun run` needs, read from one file: the entry, the run command and the Gemini dialect, and
// every chunk they import statically. One file, one cache, one compile: each file read costs a run
// about a millisecond, and `run` is paid on every event. The other commands' chunks stay apart.
// The Gemini dialect's configured.ts too: detection (every run given no --dialect) asks it first.
const HOT = ['src/cli/commands/run.ts', 'src/dialects/gemini/index.ts', 'src/dialects/gemini/configured.ts'];
const outputs = Object.entries(split.metafile.outputs).filter(([file]) => file.endsWith('.cjs'));
const hot = new Set();
const visit = (file) => {
  if (hot.has(cjsName(file))) return;
  hot.add(cjsName(file));
  const output = split.metafile.outputs[file];
  for (const entry of output.imports) if (entry.kind === 'import-statement' && !entry.external) visit(entry.path);
};
visit(outputs.find(([, output]) => output.entryPoint === 'src/cli/main.ts')[0]);
for (const source of HOT) {
  const found = outputs.find(([, output]) => output.entryPoint === source);
  if (!found) throw new Error(`${source}: no chunk starts there (is it still imported dynamically?)`);
  visit(found[0]);
}

// Every file in dist/ is a pack: `module.exports = { "chunk-X.cjs": function (exports, require, module,
// __filename, __dirname) { … } }`, modules by name, evaluated only when required (src/boot/bin.ts).
// Written as the CommonJS wrapper function itself, which the boot loader compiles without copying it.
// Beside each pack, its source map (dist/<pack>.map): an index map, one section per chunk at the line
// where its code starts. Nothing reads it on a normal run (no sourceMappingURL comment, so Node never
// looks); src/boot/stack-map.ts reads it when hookrun prints an internal error.
async function writePack(file, names) {
  const lines = ['(function (exports, require, module, __filename, __dirname) { "use strict";', 'module.exports = {'];
  const sections = [];
  names.forEach((name, i) => {
    lines.push(`${JSON.stringify(name)}: function (exports, require, module, __filename, __dirname) {`);
    const { code, map } = chunks.get(name);
    sections.push({ offset: { line: lines.length, column: 0 }, map });
    lines.push(...code.split('\n'));
    lines.push(i === names.length - 1 ? '}' : '},');
  });
  lines.push('};', '})');
  await writeFile(file, lines.join('\n'));
  await writeFile(`${file}.map`, JSON.stringify({ version: 3, file: path.basename(file), sections }));
}
await mkdir('dist', { recursive: true });
await writePack('dist/hookrun.cjs', ['hookrun.cjs', ...[...hot].filter((name) => name !== 'hookrun.cjs').sort()]);
for (const name of chunks.keys()) if (!hot.has(name)) await writePack(path.join('dist', name), [name]);

await build({
  ...common,
  entryPoints: { boot: 'src/boot/bin.ts' },
  format: 'cjs',
  outdir: 'dist',
  outExtension: { '.js': '.cjs' },
  // Linked by no comment either: src/boot/stack-map.ts finds dist/boot.cjs.map beside it.
  sourcemap: 'external',
  sourcesContent: false,
});
const boot = patch((await readFile('dist/boot.cjs', 'utf8')).replace(/\n\/\/# sourceMappingURL=.*\n?$/, '\n'));
await writeFile('dist/boot.cjs', boot.code);
await writeFile('dist/boot.cjs.map', JSON.stringify(shiftMap(JSON.parse(await readFile('dist/boot.cjs.map', 'utf8')), boot.linesAdded)));

// The library (`import … from 'hookrun'`, src/index.ts): an ES module of a few lines that loads the
// packs through the boot loader on the first call, so importing hookrun costs an agent almost nothing
// until it asks for an event. Its exports are src/index.ts's (test/library checks that they agree).
const LIBRARY_EXPORTS = ['createSession', 'planEvent', 'runEvent'];
await writeFile(
  'dist/index.js',
  `// Built by scripts/build.js: the library entry (src/index.ts), loaded on first use.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
const require = createRequire(import.meta.url);
let library;
function load() {
  if (!library) {
    const { chunkLoader } = require('./boot.cjs');
    const loader = chunkLoader(fileURLToPath(new URL('.', import.meta.url)), { env: process.env });
    // The modules the library shares with \`hookrun run\` live in the run pack.
    loader.read('hookrun.cjs');
    library = loader.load('index.cjs');
  }
  return library;
}
${LIBRARY_EXPORTS.map((name) => `export ${name === 'createSession' ? '' : 'async '}function ${name}(...args) { return load().${name}(...args); }`).join('\n')}
`,
);

// The library's types, emitted from its source (tsconfig.types.json: src/index.ts and what it names).
execFileSync(process.execPath, [path.join('node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.types.json'], { stdio: 'inherit' });
