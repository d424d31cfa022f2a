// The Kiro cache across processes where real time or many processes are involved: a TTL running out
// (a 1.1 s sleep) and several hookrun runs at once sharing one cache directory.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { counting, output, sandbox } from '../../helpers/kiro.js';

describe.concurrent('cache_ttl_seconds across processes (spec A.9), slow cases', () => {
  test('hit within the TTL (the stored output is reused), miss after it, and --no-cache neither reads nor writes', async () => {
    const sb = await sandbox();
    const long = counting(sb.root, 'long', { cache_ttl_seconds: 300 });
    const short = counting(sb.root, 'short', { cache_ttl_seconds: 1 });
    await sb.write('ws/.kiro/agents/dev.json', { hooks: { userPromptSubmit: [long, short] } });
    type Report = { results: { command: string; cached?: boolean; output?: string }[] };
    const report = async (extra: string[] = []) => JSON.parse((await sb.run(['userPromptSubmit', '--json', ...extra])).stdout) as Report;
    const resultOf = (r: Report, hook: { command: string }) => r.results.find((x) => x.command === hook.command);

    await sb.run(['userPromptSubmit']);
    const second = await sb.run(['userPromptSubmit'], { quiet: false });
    expect(await sb.count('long')).toBe(1);
    expect(output(second).contextOutputs).toContain('result-1\n');
    expect(second.stderr).toContain('[cached]');
    expect(resultOf(await report(), long)).toMatchObject({ cached: true, output: 'result-1\n' });

    // A lower bound on elapsed time, so this holds however slow the machine is.
    await new Promise((r) => setTimeout(r, 1100));
    const third = await report();
    expect(resultOf(third, short)?.cached).toBeUndefined();
    expect(resultOf(third, long)?.cached).toBe(true);

    expect(resultOf(await report(['--no-cache']), long)?.cached).toBeUndefined();
    expect(await sb.count('long')).toBe(2);
    // --no-cache did not store its result: the first entry is still the one served.
    expect(resultOf(await report(), long)).toMatchObject({ cached: true, output: 'result-1\n' });
  }, 120_000);

  test('concurrent runs share the cache safely', async () => {
    const sb = await sandbox();
    await sb.write('ws/.kiro/agents/dev.json', { hooks: { userPromptSubmit: [counting(sb.root, 'h', { cache_ttl_seconds: 300 }, 'echo same')] } });
    const results = await Promise.all(Array.from({ length: 6 }, () => sb.run(['userPromptSubmit'])));
    for (const result of results) {
      expect(result.exitCode, result.stderr).toBe(0);
      expect(output(result).contextOutputs).toEqual(['same\n']);
    }
    const files = await readdir(path.join(sb.home, '.cache', 'hookrun', 'kiro'));
    expect(files.filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(files).toHaveLength(1);
    const spawned = await sb.count('h');
    await sb.run(['userPromptSubmit']);
    expect(await sb.count('h')).toBe(spawned);
  }, 120_000);
});
