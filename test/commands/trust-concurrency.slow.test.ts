// 20 hookrun processes writing trustedFolders.json at once (each `trust --folder` on its own path): the
// lock makes every read-modify-write see the previous one, so no rule is lost and the file stays valid.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { lockPathFor } from '../../src/files/lock.js';
import { hookrun, makeSandbox, type Sandbox } from '../helpers/cli.js';

let sb: Sandbox;
beforeAll(async () => {
  sb = await makeSandbox();
});
afterAll(() => sb.cleanup());

test('20 concurrent `hookrun trust --folder` on different paths lose no update', async () => {
  const file = sb.env.GEMINI_CLI_TRUSTED_FOLDERS_PATH!;
  // An existing rule with a comment must survive all of them too.
  fs.writeFileSync(file, '{\n  // kept\n  "/already/there": "DO_NOT_TRUST"\n}\n');
  const folders = Array.from({ length: 20 }, (_, i) => path.join(sb.root, `project-${i}`));
  folders.forEach((folder) => fs.mkdirSync(folder));
  const started = performance.now();
  const results = await Promise.all(folders.map((folder) => hookrun(['trust', '--folder', folder], { env: sb.env, timeoutMs: 60_000 })));
  const ms = performance.now() - started;
  expect(results.map((r) => r.exitCode)).toEqual(folders.map(() => 0));
  const text = fs.readFileSync(file, 'utf8');
  expect(text).toContain('// kept');
  const rules = JSON.parse(text.replace('// kept', ''));
  expect(rules).toEqual({ '/already/there': 'DO_NOT_TRUST', ...Object.fromEntries(folders.map((folder) => [folder, 'TRUST_FOLDER'])) });
  expect(fs.existsSync(lockPathFor(file))).toBe(false);
  expect(fs.readdirSync(sb.root).filter((name) => name.includes('.tmp.'))).toEqual([]);
  console.log(`[measure] 20 concurrent trust --folder: ${Math.round(ms)} ms`);
}, 120_000);
