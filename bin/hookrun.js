#!/usr/bin/env node
// The bin only runs the bundled CLI (through V8's code cache, see src/boot/) and sets the exit code from what main returns.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const { runBundledCli } = createRequire(import.meta.url)('../dist/boot.cjs');
process.exitCode = await runBundledCli(fileURLToPath(new URL('../dist/hookrun.cjs', import.meta.url)), process.argv.slice(2));
