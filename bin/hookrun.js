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
    // Exit without letting Node tear the heap down: ~3 ms of every run that nobody waits for (docs/perf.md,
    // "Ninth round"). On the next turn of the loop, so that what is queued behind main (a nextTick's warning,
    // an unhandled rejection, which then still exits 1) runs first; at once if nothing is left to wait for
    // (no write queued, no hook's pipe still closing), else when the loop is empty, as Node would have.
    setImmediate(() => {
      if (process.getActiveResourcesInfo().length === 0) process.exit(code);
      else process.once('beforeExit', () => process.exit(code));
    });
  });
}
