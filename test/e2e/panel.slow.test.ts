// 20 `hookrun disable` processes at once, each with its own name: every name must land, once.
// Slow (20 real CLI processes on a shared machine), so it lives in its own file.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { hookrun, makeSandbox, type Sandbox } from '../helpers/cli.js';

const sandboxes: Sandbox[] = [];
afterAll(() => Promise.all(sandboxes.map((s) => s.cleanup())));

test('20 concurrent disables on different names all land, starting from no settings file', async () => {
  const sb = await makeSandbox();
  sandboxes.push(sb);
  const file = path.join(sb.ws, '.gemini', 'settings.json');
  const names = Array.from({ length: 20 }, (_, i) => `hook-${i}`);
  const results = await Promise.all(names.map((name) => hookrun(['disable', name, '--cwd', sb.ws], { env: { ...sb.env, GEMINI_CLI_TRUST_WORKSPACE: 'true' }, timeoutMs: 60_000 })));
  results.forEach((r, i) => {
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toBe(`Hook "${names[i]}" disabled by adding it to the disabled list in workspace (${file}) settings.\n`);
  });
  const disabled: string[] = JSON.parse(readFileSync(file, 'utf8')).hooksConfig.disabled;
  expect([...disabled].sort()).toEqual([...names].sort());
  expect(readdirSync(path.dirname(file))).toEqual(['settings.json']);
}, 120_000);
