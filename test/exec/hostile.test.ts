// Slow, hostile hooks (each case takes seconds): a flood of output, and hookrun itself being interrupted while
// hooks run. Kept in their own file so they can run apart from the quick exec tests.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runProcess } from '../../src/exec/process.js';
import { bash, groupHasLiveMember, hookEnv, tempDir, waitForGroupGone } from '../helpers/hooks.js';

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

describe('hookrun interrupted while hooks run', () => {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const driver = path.join(dir, 'driver.mjs');

  // A miniature CLI: install the signal cleanup, run one hook that records its pgid, wait.
  beforeAll(async () => {
    const entry = path.join(dir, 'driver-entry.ts');
    const processModule = path.resolve(here, '../../src/exec/process.ts');
    fs.writeFileSync(
      entry,
      `import { runProcess, terminateAllOnSignals } from ${JSON.stringify(processModule)};
       terminateAllOnSignals();
       const [command, graceMs] = JSON.parse(process.argv[2]);
       const outcome = await runProcess({ file: 'bash', args: ['-c', command], cwd: process.cwd(), env: process.env,
                                          input: '', timeoutMs: 60_000, graceMs });
       console.log(JSON.stringify(outcome));`,
    );
    await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', outfile: driver, logLevel: 'silent' });
  });

  async function interrupt(command: string, graceMs: number, sig: NodeJS.Signals) {
    const pidFile = path.join(dir, `pgid-${sig}`);
    const child = spawn(process.execPath, [driver, JSON.stringify([`echo $$ > ${pidFile}; ${command}`, graceMs])], {
      cwd: dir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    const deadline = Date.now() + 10_000;
    while (!fs.existsSync(pidFile) || fs.readFileSync(pidFile, 'utf8').trim() === '') {
      if (Date.now() > deadline) throw new Error(`hook never started: ${output}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const pgid = Number(fs.readFileSync(pidFile, 'utf8').trim());
    await new Promise((r) => setTimeout(r, 100)); // let bash install its trap
    const sentAt = Date.now();
    child.kill(sig);
    const result = await exited;
    // The CLI may still print what it has before the re-raised signal ends it.
    const outcome = output.trim() ? (JSON.parse(output.trim().split('\n').pop()!) as Record<string, unknown>) : {};
    return { ...result, pgid, tookMs: Date.now() - sentAt, outcome };
  }

  test('SIGINT: the hook group is terminated, then hookrun dies by SIGINT (shell sees 130)', async () => {
    const result = await interrupt('sleep 30 & sleep 30; wait', 5000, 'SIGINT');
    expect(result.signal).toBe('SIGINT');
    expect(result.outcome).toMatchObject({ signal: 'SIGTERM', killed: false, timedOut: false });
    expect(groupHasLiveMember(result.pgid)).toBe(false);
    expect(await waitForGroupGone(result.pgid)).toBe(true);
  }, 20_000);

  test('SIGTERM with a hook ignoring SIGTERM: SIGKILL after the grace period, then hookrun dies by SIGTERM (143)', async () => {
    const result = await interrupt("trap '' TERM; sleep 30", 300, 'SIGTERM');
    expect(result.signal).toBe('SIGTERM');
    expect(result.outcome).toMatchObject({ signal: 'SIGKILL', killed: true });
    expect(result.tookMs).toBeGreaterThanOrEqual(250);
    expect(groupHasLiveMember(result.pgid)).toBe(false);
    expect(await waitForGroupGone(result.pgid)).toBe(true);
  }, 20_000);
});
