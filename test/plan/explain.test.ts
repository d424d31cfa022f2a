// explain's reasons, one per case, from real settings files through the loader and the Gemini planner.
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { gemini } from '../../src/dialects/gemini/index.js';
import { describePlan } from '../../src/pipeline/describe.js';
import { explainPlan } from '../../src/pipeline/explain.js';
import { renderExplainText } from '../../src/render/explain.js';
import { loadGeminiConfig } from '../../src/dialects/gemini/settings/load.js';
import type { JsonObject } from '../../src/pipeline/types.js';
import { makeSandbox, type Sandbox } from '../dialects/gemini/sandbox.js';

let s: Sandbox;
beforeEach(async () => {
  s = await makeSandbox();
});
afterEach(() => s.cleanup());

const TRUSTED = { GEMINI_CLI_TRUST_WORKSPACE: 'true' };

async function explain(event: string, fields: JsonObject, env: Record<string, string> = TRUSTED) {
  const ctx = s.ctx({ env });
  const input = gemini.completeInput(event, { ...fields, session_id: 's1' }, ctx);
  const config = await loadGeminiConfig(ctx, { keepInactive: true });
  const plan = gemini.plan(config, event, input);
  return explainPlan(gemini, config, plan, describePlan(gemini, config, plan, input, ctx), input);
}

const cmd = (command: string, extra: JsonObject = {}) => ({ type: 'command', command, ...extra });
const at = (file: string, line: number, column: number) => ({ file, line, column });

async function writeExtension(name: string, hooks: unknown): Promise<void> {
  const dir = path.join(s.home, '.gemini', 'extensions', name);
  await s.writeJson(path.join(dir, 'gemini-extension.json'), { name, version: '1.0.0' });
  await s.writeJson(path.join(dir, 'hooks', 'hooks.json'), { hooks });
}

describe('explain: one reason each', () => {
  test('fires, with the matcher rule that let it through and the command as it will run', async () => {
    await s.writeJson(s.workspaceSettings, { hooks: { BeforeTool: [{ matcher: 'write_.*', hooks: [cmd('echo $GEMINI_SESSION_ID', { name: 'a' })] }] } });
    const e = await explain('BeforeTool', { tool_name: 'write_file' });
    expect(e.hooks).toEqual([
      {
        name: 'a',
        command: 'echo $GEMINI_SESSION_ID',
        source: 'project',
        layer: 'workspace',
        ...at(s.workspaceSettings, 7, 11),
        matcher: 'write_.*',
        fires: true,
        order: 0,
        runs: 'echo s1',
        detail: 'regex /write_.*/ (unanchored) matches tool "write_file"',
      },
    ]);
    expect(e).toMatchObject({ subject: { tool_name: 'write_file' }, fires: 1, mode: 'parallel' });
  });

  test('matcher: the rule applied (regex for tools, exact string for lifecycle events)', async () => {
    await s.writeJson(s.workspaceSettings, {
      hooks: { BeforeTool: [{ matcher: 'read_file', hooks: [cmd('r.sh')] }], SessionStart: [{ matcher: 'startup|resume', hooks: [cmd('s.sh')] }] },
    });
    const tool = await explain('BeforeTool', { tool_name: 'write_file' });
    expect(tool.hooks[0]).toMatchObject({ fires: false, reason: 'matcher', detail: 'regex /read_file/ (unanchored) does not match tool "write_file"' });
    const session = await explain('SessionStart', { source: 'startup' });
    expect(session.hooks[0]).toMatchObject({
      fires: false,
      reason: 'matcher',
      detail: 'source "startup" does not equal matcher "startup|resume" (exact string, no regex)',
    });
  });

  test('disabled: names the file and position of the hooksConfig.disabled element', async () => {
    await s.writeJson(s.userSettings, { hooksConfig: { disabled: ['x', 'audit'] } });
    await s.writeJson(s.workspaceSettings, { hooks: { BeforeAgent: [{ hooks: [cmd('a.sh', { name: 'audit' })] }] } });
    const e = await explain('BeforeAgent', { prompt: 'hi' });
    expect(e.hooks[0]).toMatchObject({
      fires: false,
      reason: 'disabled',
      detail: `"audit" is listed in hooksConfig.disabled in ${s.userSettings}:5:7`,
      disabledBy: [at(s.userSettings, 5, 7)],
    });
  });

  test('disabled: an extension hook names the settings file that disables it too', async () => {
    await s.writeJson(s.userSettings, { hooksConfig: { disabled: ['e.sh'] } });
    await writeExtension('ext', { BeforeAgent: [{ hooks: [cmd('e.sh')] }] });
    const e = await explain('BeforeAgent', {});
    expect(e.hooks).toMatchObject([{ extension: 'ext', reason: 'disabled', disabledBy: [at(s.userSettings, 4, 7)] }]);
  });

  test('duplicate: names the hook kept instead, with its position', async () => {
    await s.writeJson(s.userSettings, { hooks: { BeforeAgent: [{ hooks: [cmd('a.sh')] }] } });
    await s.writeJson(s.workspaceSettings, { hooks: { BeforeAgent: [{ hooks: [cmd('a.sh')] }] } });
    const e = await explain('BeforeAgent', {});
    expect(e.hooks.map((h) => [h.layer, h.fires, h.reason])).toEqual([
      ['user', true, undefined],
      ['workspace', false, 'duplicate'],
    ]);
    expect(e.hooks[1]!.duplicateOf).toEqual({ name: 'a.sh', ...at(s.userSettings, 6, 11) });
    expect(e.hooks[1]!.detail).toBe(`same name:command as an earlier hook (${s.userSettings}:6:11); the first one wins`);
  });

  test('planner-error: a non-string matcher fails the whole event, as in the agent', async () => {
    await s.writeJson(s.workspaceSettings, { hooks: { BeforeTool: [{ matcher: 42, hooks: [cmd('a.sh')] }, { hooks: [cmd('b.sh')] }] } });
    const e = await explain('BeforeTool', { tool_name: 'x' });
    expect(e.error).toMatch(/^matcher 42 is not a string/);
    expect(e.hooks.map((h) => h.reason)).toEqual(['planner-error', 'planner-error']);
  });

  test('hooks-disabled: hooksConfig.enabled false, with where it is set; extension hooks too', async () => {
    await s.writeJson(s.workspaceSettings, { hooksConfig: { enabled: false }, hooks: { SessionStart: [{ hooks: [cmd('w.sh')] }] } });
    await writeExtension('ext', { SessionStart: [{ hooks: [cmd('e.sh')] }] });
    const e = await explain('SessionStart', { source: 'startup' });
    expect(e.hooksEnabled).toBe(false);
    expect(e.hooks.map((h) => [h.name, h.reason, h.ifActive?.fires])).toEqual([
      ['w.sh', 'hooks-disabled', true],
      ['e.sh', 'hooks-disabled', true],
    ]);
    expect(e.hooks[0]!.detail).toBe(`hooksConfig.enabled is false (${s.workspaceSettings}:3:16): Gemini CLI runs no hook at all`);
  });

  test('untrusted-folder: the workspace hooks still listed, with what they would do once trusted', async () => {
    await s.writeJson(s.workspaceSettings, {
      hooks: {
        BeforeTool: [
          { matcher: 'write_file', hooks: [cmd('w.sh')] },
          { matcher: 'read_file', hooks: [cmd('r.sh')] },
        ],
      },
    });
    const e = await explain('BeforeTool', { tool_name: 'write_file' }, {});
    expect(e).toMatchObject({ trusted: false, fires: 0 });
    expect(e.hooks.map((h) => [h.name, h.reason, h.ifActive])).toEqual([
      ['w.sh', 'untrusted-folder', { fires: true, detail: 'regex /write_file/ (unanchored) matches tool "write_file"' }],
      ['r.sh', 'untrusted-folder', { fires: false, reason: 'matcher', detail: 'regex /read_file/ (unanchored) does not match tool "write_file"' }],
    ]);
    expect(e.hooks[0]!.detail).toMatch(/^the folder is not trusted \(no rule in .*trustedFolders\.json covers .*\): Gemini CLI loads no settings hook here/);
  });

  test('extension-inactive: an extension disabled for this folder', async () => {
    await writeExtension('ext', { BeforeAgent: [{ hooks: [cmd('e.sh')] }] });
    await s.writeJson(path.join(s.home, '.gemini', 'extensions', 'extension-enablement.json'), { ext: { overrides: [`!${s.workspace}/`] } });
    const e = await explain('BeforeAgent', {});
    expect(e.hooks).toMatchObject([{ name: 'e.sh', source: 'extensions', extension: 'ext', fires: false, reason: 'extension-inactive', ifActive: { fires: true } }]);
    expect(e.hooks[0]!.detail).toContain('extension "ext" is disabled for this folder');
  });

  test('a hook the registry drops is listed as not registered, with its position', async () => {
    await s.writeJson(s.workspaceSettings, {
      hooks: { BeforeAgent: [{ hooks: [{ type: 'Command', command: 'x.sh' }] }], AfterAgent: [{ hooks: [{ type: 'Command', command: 'y.sh' }] }] },
    });
    const e = await explain('BeforeAgent', {});
    expect(e.hooks).toEqual([]);
    expect(e.unregistered).toEqual([expect.objectContaining({ code: 'invalid-hook-type', location: expect.objectContaining({ file: s.workspaceSettings, line: 6 }) })]);
    expect(e.diagnostics.map((d) => d.code)).toEqual(['invalid-hook-type']);
  });
});

describe('mode', () => {
  test('sequential: which hook asked for it, and where', async () => {
    await s.writeJson(s.workspaceSettings, { hooks: { BeforeAgent: [{ hooks: [cmd('a.sh')] }, { sequential: true, hooks: [cmd('b.sh')] }] } });
    const e = await explain('BeforeAgent', {});
    expect(e.mode).toBe('sequential');
    expect(e.modeBecause).toBe(`"b.sh" (${s.workspaceSettings}:15:11) is in a definition with "sequential": true, so every hook of the event runs one after another`);
  });

  test('parallel: "sequential": "true" is a string, which Gemini ignores', async () => {
    await s.writeJson(s.workspaceSettings, { hooks: { BeforeAgent: [{ sequential: 'true', hooks: [cmd('a.sh'), cmd('b.sh')] }] } });
    const e = await explain('BeforeAgent', {});
    expect(e.mode).toBe('parallel');
    expect(e.modeBecause).toBe(`"sequential": "true" on "a.sh"'s definition is not the boolean true, which is all Gemini CLI accepts`);
  });

  test('parallel: the only sequential definition has no hook in the plan', async () => {
    await s.writeJson(s.workspaceSettings, {
      hooks: { BeforeTool: [{ matcher: 'read_file', sequential: true, hooks: [cmd('r.sh')] }, { hooks: [cmd('a.sh'), cmd('b.sh')] }] },
    });
    const e = await explain('BeforeTool', { tool_name: 'write_file' });
    expect(e.modeBecause).toBe('only "r.sh", which is not in the plan (matcher), comes from a definition with "sequential": true');
  });
});

describe('text', () => {
  test('one block per hook, reasons in words, no colour when asked for none', async () => {
    await s.writeJson(s.userSettings, { hooksConfig: { disabled: ['lint'] } });
    await s.writeJson(s.workspaceSettings, {
      hooks: {
        BeforeTool: [
          { matcher: 'write_file', hooks: [cmd('a.sh', { name: 'audit' }), cmd('l.sh', { name: 'lint' })] },
          { matcher: 'read_file', hooks: [cmd('r.sh')] },
        ],
      },
    });
    const out = renderExplainText(await explain('BeforeTool', { tool_name: 'write_file' }), false);
    expect(out).toBe(
      [
        'BeforeTool (tool_name "write_file"): 1 of 3 configured hook(s) fire, parallel',
        `  ✓ 1. audit  workspace       ${s.workspaceSettings}:7:11`,
        '         fires: regex /write_file/ (unanchored) matches tool "write_file"',
        '         $ a.sh',
        `  ✗    lint   workspace       ${s.workspaceSettings}:12:11`,
        `         disabled by hooksConfig.disabled in ${s.userSettings}:4:7`,
        `  ✗    r.sh   workspace       ${s.workspaceSettings}:22:11`,
        '         matcher did not match: regex /read_file/ (unanchored) does not match tool "write_file"',
        '',
      ].join('\n'),
    );
  });
});
