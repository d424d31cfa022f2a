// A slow, hostile hook (seconds): a flood of output. Kept in its own file so it can run apart from the quick
// exec tests. hookrun itself interrupted is tried through the real CLI in test/safety/faults.alone.test.ts.
import fs from 'node:fs';
import { afterAll, describe, expect, test } from 'vitest';
import { runProcess } from '../../src/exec/process.js';
import { bash, hookEnv, tempDir } from '../helpers/hooks.js';

const dir = tempDir('hookrun-hostile-');
const env = hookEnv(dir);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('a hook writing 200 MB', () => {
  test('is read to the end with bounded memory; capture capped and flagged', async () => {
    const cap = 1024 * 1024;
    const before = process.memoryUsage().rss;
    const outcome = await runProcess({
      ...bash('head -c 200000000 /dev/zero; echo done >&2'),
      cwd: dir,
      env,
      input: '',
      timeoutMs: 60_000,
      maxCaptureBytes: cap,
    });
    const growth = process.memoryUsage().rss - before;
    expect(outcome).toMatchObject({ exitCode: 0, stdoutTruncated: true, stderrTruncated: false, stderr: 'done\n' });
    expect(outcome.stdout.length).toBe(cap);
    // Generous: the point is "not ~200 MB". Chunks pass through and are dropped.
    expect(growth).toBeLessThan(100 * 1024 * 1024);
  }, 60_000);
});
