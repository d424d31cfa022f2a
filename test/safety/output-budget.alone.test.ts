// "Safe by default, second round", class 9: the capture cap is shared by all the hooks of one event, so
// memory no longer grows with the hook count (8 hooks near the cap peaked at 468 MiB, 32 printing past it
// at 1185 MiB). Alone: each case measures hookrun's peak RSS, which other suites on the box would disturb.
import { describe, expect, test, vi } from 'vitest';
import { makeWorkspace, runMeasured } from './support.js';

vi.setConfig({ testTimeout: 180_000 });

const flood = (i: number, bytes: number) => ({ type: 'command', name: `flood-${i}`, command: `head -c ${bytes} /dev/zero | tr '\\0' a` });
const MiB = 1024 * 1024;

describe('class 9: the output cap is per event, not per stream', () => {
  test.for([
    [8, 20_000_000],
    [32, 20_000_000],
    [8, 16_000_000],
    [32, 16_000_000],
  ] as const)('%i hooks each printing %i bytes: peak RSS stays under 250 MiB, every flood is cut', async ([hooks, bytes]) => {
    const w = await makeWorkspace();
    try {
      await w.settings({ hooks: { BeforeTool: [{ hooks: Array.from({ length: hooks }, (_, i) => flood(i, bytes)) }] } });
      const run = await runMeasured(['-C', w.ws, 'run', 'BeforeTool', '--tool', 't', '--trust-workspace', '--json'], w.env);
      console.log(`[measure] ${hooks} hooks × ${bytes} bytes: peak RSS ${Math.round(run.peakKiB / 1024)} MiB (${run.how}), ${Math.round(run.ms)} ms`);
      expect(run.code, run.stderr).toBe(0);
      const report = JSON.parse(run.stdout) as { results: { success: boolean; stdoutTruncated: boolean }[] };
      // At most one hook keeps all it printed (16,000,000 bytes fit the 16 MiB of the event); the rest are cut.
      expect(report.results.filter((r) => r.stdoutTruncated).length).toBeGreaterThanOrEqual(hooks - 1);
      expect(run.peakKiB / 1024).toBeLessThan(250);
    } finally {
      await w.cleanup();
    }
  });

  test("a guard's short answer among floods is read whole (its share is its own); a lone big answer keeps the whole cap", async () => {
    const w = await makeWorkspace();
    try {
      const guard = { type: 'command', name: 'guard', command: `sleep 1; echo '{"decision":"deny","reason":"guarded"}'` };
      await w.settings({ hooks: { BeforeTool: [{ hooks: [...Array.from({ length: 8 }, (_, i) => flood(i, 20_000_000)), guard] }] } });
      const run = await runMeasured(['-C', w.ws, 'run', 'BeforeTool', '--tool', 't', '--trust-workspace', '--json'], w.env);
      const report = JSON.parse(run.stdout) as { outcome: string; results: { name: string; success: boolean }[] };
      expect(report.outcome).toBe('block');
      expect(report.results.find((r) => r.name === 'guard')?.success).toBe(true);
      const big = { type: 'command', name: 'big', command: `node -e 'process.stdout.write(JSON.stringify({systemMessage: "x".repeat(${10 * MiB})}))'` };
      await w.settings({ hooks: { BeforeTool: [{ hooks: [big, { type: 'command', name: 'small', command: 'echo {}' }] }] } });
      const alone = await runMeasured(['-C', w.ws, 'run', 'BeforeTool', '--tool', 't', '--trust-workspace'], w.env);
      expect(alone.code, alone.stderr).toBe(0);
      expect((JSON.parse(alone.stdout) as { systemMessage: string }).systemMessage).toHaveLength(10 * MiB);
    } finally {
      await w.cleanup();
    }
  });
});
