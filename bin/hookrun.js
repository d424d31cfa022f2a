#!/usr/bin/env node
// The bin only loads the bundled CLI and sets the exit code from what main returns.
import { main } from '../dist/hookrun.js';

process.exitCode = await main(process.argv.slice(2));
