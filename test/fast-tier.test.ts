// The fast tier (`npm run test:fast`, vitest.config.ts FAST_TESTS) is unit tests only: each of its files
// starts no process (no hookrun bin, no hook, no serve client, no child_process or execa) and every
// pattern names at least one file, so the tier neither slows down nor quietly empties.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { FAST_TESTS } from '../vitest.config.js';
import { REPO } from './helpers/cli.js';

const STARTS_A_PROCESS = /helpers\/cli\.js|helpers\/hooks\.js|node:child_process|\bexeca\b|ServeClient|\brunPlan\b|\bexecuteEvent\b|\bnew Session\b|\brunEvent\b/;

/** The files a pattern of the list names: `{a,b}` and `*` within the last path segment, as the list writes them. */
function filesOf(pattern: string): string[] {
  const dir = path.dirname(pattern);
  const [prefix = '', choices = '', suffix = ''] = path.basename(pattern).split(/[{}]/);
  const names = choices === '' ? [prefix] : choices.split(',').map((choice) => prefix + choice + suffix);
  const wanted = names.map((name) => new RegExp(`^${name.replace(/[.]/g, '\\.').replace(/\*/g, '[^/]*')}$`));
  return readdirSync(path.join(REPO, dir))
    .filter((file) => wanted.some((re) => re.test(file)))
    .map((file) => path.join(dir, file));
}

test('every fast-tier pattern names files, and none of them starts a process', () => {
  const offenders: string[] = [];
  for (const pattern of FAST_TESTS) {
    const files = filesOf(pattern);
    expect(files.length, pattern).toBeGreaterThan(0);
    for (const file of files) if (STARTS_A_PROCESS.test(readFileSync(path.join(REPO, file), 'utf8'))) offenders.push(file);
  }
  expect(offenders).toEqual([]);
});
