// The bridge in the real hosts: every scenario of scripts/bridge/scenarios.mjs in each pinned host binary (from
// the npm registry, installed by scripts/bridge/install.mjs, which .ci/run runs), offline against the fake model
// on 127.0.0.1, through the same runner as `npm run test:hosts`. A host that is not installed here is skipped,
// and the test's name says how to install it.
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { describe, expect, test } from 'vitest';
import { REPO } from '../helpers/cli.js';

const HOSTS = { opencode: ['opencode-ai', '1.18.33'], pi: ['@mariozechner/pi-coding-agent', '0.73.1'], kilo: ['@kilocode/cli', '7.7.7'] } as const;
const cache = process.env.HOOKRUN_AGENTS_CACHE ?? path.join(os.homedir(), '.cache', 'hookrun-agents');
const SCENARIOS = [
  'guard-blocks-rm-rf',
  'rewrite-applies',
  'context-reaches-model',
  'session-and-prompt',
  'untrusted-project',
  'fail-closed-without-hookrun',
  'fail-open-without-hookrun',
];

interface Result {
  scenario: string;
  pass: boolean;
  checks: [string, boolean][];
  exitCode: number | null;
}

describe.each(Object.entries(HOSTS))('the bridge in the real %s', (host, [pkg, version]) => {
  const installed = existsSync(path.join(cache, `${pkg.replace('/', '+')}@${version}`, '.done'));
  const name = installed ? `every scenario passes in ${pkg}@${version}` : `${pkg}@${version} is not installed here (node scripts/bridge/install.mjs ${host}), so not run`;
  test.skipIf(!installed)(
    name,
    async () => {
      const out = await mkdtemp(path.join(os.tmpdir(), 'hookrun-hosts-'));
      try {
        const json = path.join(out, 'results.json');
        const run = await execa(process.execPath, [path.join(REPO, 'scripts/bridge/run.mjs'), host, '--json', json], { reject: false, timeout: 900_000 });
        const results: Result[] = JSON.parse(readFileSync(json, 'utf8'));
        expect(results.map((r) => r.scenario)).toEqual(SCENARIOS);
        const failed = results.flatMap((r) => r.checks.filter(([, ok]) => !ok).map(([what]) => `${r.scenario}: not ${what}`));
        expect(failed, run.stdout).toEqual([]);
        expect(run.exitCode).toBe(0);
      } finally {
        await rm(out, { recursive: true, force: true });
      }
    },
    900_000,
  );
});
