// "Safe by default, second round", class 9, the parts that take seconds by nature: the stale-lock rule as
// docs/safety.md states it, through the real bin (the waits are the rule, so they are measured against a
// run of the same command without a lock, made just before under the same load).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test as base, vi } from 'vitest';
import { makeWorkspace, type Workspace } from './support.js';

vi.setConfig({ testTimeout: 120_000 });

const test = base.extend<{ w: Workspace }>({
  // eslint-disable-next-line no-empty-pattern
  w: async ({}, use) => {
    const w = await makeWorkspace();
    await use(w);
    await w.cleanup();
  },
});

const SETTINGS = { hooks: { BeforeTool: [{ hooks: [{ type: 'command', name: 'guard', command: 'true' }] }] } };

describe('class 9: a lock that names no process is stale after 5 s, one from another host after 30 s', () => {
  test('an empty lock (what a full disk leaves) delays an edit by 5 s, not 10', async ({ w }) => {
    await w.settings(SETTINGS);
    const baseline = await w.run(['disable', 'guard']);
    expect(baseline.exitCode, baseline.stderr).toBe(0);
    const lock = path.join(w.ws, '.gemini', 'settings.json.lock');
    fs.writeFileSync(lock, '');
    // Left 4 s ago: stale 1 s into the edit under the 5 s rule, 6 s into it under the old 10 s one.
    const left = new Date(Date.now() - 4_000);
    fs.utimesSync(lock, left, left);
    const waited = await w.run(['enable', 'guard']);
    expect(waited.exitCode, waited.stderr).toBe(0);
    expect(fs.existsSync(lock)).toBe(false);
    expect(waited.durationMs - baseline.durationMs).toBeLessThan(3_500);
  });

  test('a fresh lock of another host is not taken over at 10 s: the edit gives up and says when it would be', async ({ w }) => {
    await w.settings(SETTINGS);
    const lock = path.join(w.ws, '.gemini', 'settings.json.lock');
    fs.writeFileSync(lock, JSON.stringify({ pid: 4242, host: 'elsewhere.invalid', token: 't', since: '2026-01-01T00:00:00.000Z' }));
    const result = await w.run(['disable', 'guard']);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('held by process 4242 on elsewhere.invalid');
    expect(result.stderr).toContain('taken over once not refreshed for 30 s');
    expect(fs.readFileSync(path.join(w.ws, '.gemini', 'settings.json'), 'utf8')).not.toContain('disabled');
  });
});
