// Every example ships a hooks.hooktest.yaml; `hookrun test` must pass them all through the real CLI,
// as a user's CI would run it.
import path from 'node:path';
import { expect, test } from 'vitest';
import { REPO, hookrun, makeSandbox } from '../helpers/cli.js';

test('hookrun test --ci examples/ passes every example fixture', async () => {
  const sb = await makeSandbox();
  try {
    const r = await hookrun(['test', '--ci', path.join(REPO, 'examples')], { env: sb.env, timeoutMs: 120_000 });
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^\d+ passed, 0 failed$/m);
    expect(r.stdout).not.toMatch(/^0 passed/m);
    expect(r.exitCode).toBe(0);
  } finally {
    await sb.cleanup();
  }
}, 180_000);
