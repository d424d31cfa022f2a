#!/usr/bin/env node
// The bin only runs the bundled CLI (through V8's code cache, see src/boot/) and sets the exit code from what main returns.
// CommonJS (bin/package.json): an ES module entry would start Node's ESM loader, ~20 internal modules more per run.
const path = require('node:path');

const dist = path.join(__dirname, '..', 'dist');
let boot;
try {
  boot = require('../dist/boot.cjs');
} catch (error) {
  if (error.code !== 'MODULE_NOT_FOUND') throw error;
  // A clone (or a git URL install) has no dist/: nothing builds it at install time, on purpose.
  process.stderr.write(`hookrun: error: ${dist} is not built; run \`npm ci && npm run build\` in ${path.dirname(dist)} (README: Install)\n`);
  process.exitCode = 1;
}
if (boot) {
  boot.runBundledCli(path.join(dist, 'hookrun.cjs'), process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
