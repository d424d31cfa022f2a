// Settings Gemini CLI cannot start with: sections it reads without a guard while it starts. A null
// left there by the merge stops the agent before any hook, so hookrun stops too (exit 1, with where).
import { afterEach, beforeEach, expect, test } from 'vitest';
import type { HookrunError } from '../../../../src/pipeline/errors.js';
import { loadGeminiConfig } from '../../../../src/dialects/gemini/settings/load.js';
import { makeSandbox, type Sandbox } from '../sandbox.js';

let s: Sandbox;
beforeEach(async () => {
  s = await makeSandbox();
});
afterEach(() => s.cleanup());

const TRUSTED = { GEMINI_CLI_TRUST_WORKSPACE: 'true' };
const hooks = { BeforeTool: [{ hooks: [{ type: 'command', command: 'x' }] }] };
const loadError = (env: Record<string, string> = TRUSTED) =>
  loadGeminiConfig(s.ctx({ env })).then(
    () => undefined,
    (error: unknown) => error as HookrunError,
  );

test.each(['hooksConfig', 'security', 'advanced', 'tools'])('"%s": null is a configuration error at its place', async (key) => {
  await s.write(s.workspaceSettings, `{\n  "hooks": ${JSON.stringify(hooks)},\n  "${key}": null\n}\n`);
  const error = await loadError();
  expect(error?.kind).toBe('config');
  expect(error?.message).toContain(`Error in ${s.workspaceSettings}:3:${`  "${key}": `.length + 1}: "${key}" is null, and Gemini CLI reads ${key}.`);
  expect(error?.location).toMatchObject({ file: s.workspaceSettings, line: 3, column: `  "${key}": `.length + 1 });
});

test('"security.auth": null stops it too (gemini.tsx reads security.auth.selectedType), even with hooks off', async () => {
  await s.write(s.workspaceSettings, `{\n  "hooksConfig": { "enabled": false },\n  "security": {\n    "auth": null\n  }\n}\n`);
  const error = await loadError();
  expect(error?.kind).toBe('config');
  expect(error?.message).toContain(`Error in ${s.workspaceSettings}:4:13: "security.auth" is null, and Gemini CLI reads security.auth.selectedType`);
});

test.each([
  ['advanced', 5],
  ['tools', 'x'],
  ['security', { auth: 'x' }],
])('"%s" that is another non-object reads as undefined there and stops nothing', async (key, value) => {
  await s.writeJson(s.workspaceSettings, { [key]: value, hooks });
  expect((await loadGeminiConfig(s.ctx({ env: TRUSTED }))).entries).toHaveLength(1);
});

test('a later layer that makes it an object again is what the agent reads', async () => {
  await s.writeJson(s.userSettings, { hooksConfig: null });
  await s.writeJson(s.workspaceSettings, { hooksConfig: { enabled: true }, hooks });
  const config = await loadGeminiConfig(s.ctx({ env: TRUSTED }));
  expect(config.entries).toHaveLength(1);
});

test("an untrusted workspace's null is not read, so it stops nothing", async () => {
  await s.writeJson(s.workspaceSettings, { hooksConfig: null });
  const config = await loadGeminiConfig(s.ctx({ env: { GEMINI_CLI_TRUST_WORKSPACE: 'false' } }));
  expect(config.hooksEnabled).toBe(true);
});

test('an empty object or a missing section is fine', async () => {
  await s.writeJson(s.workspaceSettings, { hooksConfig: {}, hooks });
  expect((await loadGeminiConfig(s.ctx({ env: TRUSTED }))).entries).toHaveLength(1);
});

test('hooksConfig.disabled that is not a list stops the agent once a hook is registered; a string list matches names as text', async () => {
  await s.writeJson(s.userSettings, { hooksConfig: [] });
  await s.writeJson(s.workspaceSettings, { hooksConfig: { disabled: 5 }, hooks });
  const error = await loadError();
  expect(error?.kind).toBe('config');
  expect(error?.message).toContain('hooksConfig.disabled is 5, not a list');
  expect(error?.location).toMatchObject({ file: s.workspaceSettings });

  await s.writeJson(s.workspaceSettings, { hooksConfig: { disabled: 5 } });
  expect((await loadGeminiConfig(s.ctx({ env: TRUSTED }))).entries).toEqual([]);

  // "zz".includes([]) looks for "" (always there); "n5".includes(5) looks for "5".
  const named = (name: unknown) => ({ BeforeTool: [{ hooks: [{ type: 'command', command: 'x', name }] }] });
  for (const [disabled, name] of [
    ['zz', []],
    ['n5', 5],
  ] as const) {
    await s.writeJson(s.userSettings, { hooksConfig: 'off' });
    await s.writeJson(s.workspaceSettings, { hooksConfig: { disabled }, hooks: named(name) });
    const config = await loadGeminiConfig(s.ctx({ env: TRUSTED }));
    expect(config.entries.map((entry) => entry.enabled)).toEqual([false]);
  }
});
