// Bundles src/ into dist/ with esbuild: one file to load per command instead of hundreds of modules.
// Dynamic imports (one per command and dialect) become separate chunks, so `run` loads only its code.
import { build } from 'esbuild';

await build({
  entryPoints: { hookrun: 'src/cli.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'bundle',
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
  // Bundled CommonJS dependencies still call require(); give them one.
  banner: { js: "import { createRequire as __hookrunRequire } from 'node:module'; const require = __hookrunRequire(import.meta.url);" },
});
