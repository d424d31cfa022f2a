#!/usr/bin/env node
// The bin only runs the bundled CLI (through V8's code cache, see src/boot/) and sets the exit code from what main returns.
// CommonJS (bin/package.json): an ES module entry would start Node's ESM loader, ~20 internal modules more per run.
const path = require('node:path');
const { runBundledCli } = require('../dist/boot.cjs');

runBundledCli(path.join(__dirname, '..', 'dist', 'hookrun.cjs'), process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
