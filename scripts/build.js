// Bundles src/ into dist/ with esbuild: one file to load per command instead of hundreds of modules.
// Dynamic imports (one per command and dialect) become separate chunks, so `run` loads only its code.
import { rm } from 'node:fs/promises';
import { build } from 'esbuild';

// Chunk names carry content hashes: start clean so stale chunks never linger.
await rm('dist', { recursive: true, force: true });

await build({
  entryPoints: { hookrun: 'src/cli.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'bundle',
  // Prefer ES module builds: jsonc-parser's "main" is a UMD file whose dynamic requires a bundle can't follow.
  mainFields: ['module', 'main'],
  // cosmiconfig requires the TypeScript compiler lazily, only to load a .ts config file; bundling it would add 9 MB.
  external: ['typescript'],
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
  // Bundled CommonJS dependencies still call require(); give them one.
  banner: { js: "import { createRequire as __hookrunRequire } from 'node:module'; const require = __hookrunRequire(import.meta.url);" },
});
