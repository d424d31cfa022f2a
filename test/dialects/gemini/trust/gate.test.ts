// Gemini CLI's project-hook fingerprint gate under hookrun's policies: which project hooks are held
// back, what is said, what is recorded.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadGeminiConfig } from '../../../../src/dialects/gemini/settings/load.js';
import { projectRootKey, trustedHooksPath } from '../../../../src/dialects/gemini/trust/hooks.js';
import { gateProjectHooks, geminiProjectHooksWarning } from '../../../../src/dialects/gemini/trust/gate.js';
import { holdBackReason, type HookTrustPolicy } from '../../../../src/trust/policy.js';
import { makeSandbox, type Sandbox } from '../sandbox.js';

let s: Sandbox;
beforeEach(async () => {
  s = await makeSandbox();
  // The system file below sits in the temp dir: Gemini CLI 0.59.0 reads it, 0.60.0 and later skip it as insecure.
  s.env.HOOKRUN_GEMINI_VERSION = '0.59.0';
  await s.writeJson(s.workspaceSettings, {
    hooks: {
      BeforeTool: [
        {
          hooks: [
            { type: 'command', name: 'guard', command: './guard.sh' },
            { type: 'command', command: 'echo ok' },
          ],
        },
      ],
    },
  });
  await s.writeJson(s.userSettings, { hooks: { BeforeTool: [{ hooks: [{ type: 'command', command: 'user.sh' }] }] } });
});
afterEach(async () => {
  await s.cleanup();
});

type Env = Record<string, string | undefined>;
const trustFile = () => s.writeJson(s.trustedFolders, { [s.workspace]: 'TRUST_FOLDER' });
const record = (keys: string[]) => s.writeJson(trustedHooksPath(s.ctx()), { [projectRootKey(s.ctx())]: keys });

async function gate(policy: HookTrustPolicy, env: Env = {}, options = {}, settings?: unknown) {
  if (settings) await s.writeJson(s.systemSettings, settings);
  const ctx = s.ctx({ env });
  const config = await loadGeminiConfig(ctx, options);
  return { config, gate: gateProjectHooks(ctx, config, policy) };
}

describe('block (default) in a folder trusted through trustedFolders.json', () => {
  it('holds back exactly the unrecorded workspace hooks, and says how to trust them', async () => {
    await trustFile();
    await record(['guard:./guard.sh']);
    const { config, gate: g } = await gate('block');
    expect(g.applies).toBe(true);
    expect([...g.heldBack.keys()]).toEqual([':echo ok']);
    const byCommand = (command: string) => config.entries.find((entry) => entry.config.command === command)!;
    const [guard, echo, user] = [byCommand('./guard.sh'), byCommand('echo ok'), byCommand('user.sh')];
    expect(holdBackReason(g, guard)).toBeUndefined();
    expect(holdBackReason(g, echo)).toMatch(/^held back by hookrun: project hook "echo ok" is not trusted \(new\).*hookrun trust --hooks -C /);
    // User and system hooks are not project hooks: Gemini never fingerprints them.
    expect(holdBackReason(g, user)).toBeUndefined();
    expect(g.diagnostics).toMatchObject([{ code: 'project-hooks-held-back', severity: 'warning' }]);
    expect(g.diagnostics[0]!.message).toContain(`hookrun trust --hooks -C ${s.workspace}`);
    expect(g.record).toBeUndefined();
  });

  it('everything recorded: nothing held back, nothing said', async () => {
    await trustFile();
    await record(['guard:./guard.sh', ':echo ok']);
    const { gate: g } = await gate('block');
    expect(g.heldBack.size).toBe(0);
    expect(g.diagnostics).toEqual([]);
  });

  it('an invalid trusted_hooks.json counts as empty (as in Gemini CLI) and is named with its position', async () => {
    await trustFile();
    await s.write(trustedHooksPath(s.ctx()), '{"x": [');
    const { gate: g } = await gate('block');
    expect(g.heldBack.size).toBe(2);
    expect(g.diagnostics[0]).toMatchObject({
      code: 'trusted-hooks-invalid',
      location: { file: trustedHooksPath(s.ctx()), line: 1, column: 8 },
    });
  });
});

describe('trust that is not recorded in trustedFolders.json covers the hooks (contract)', () => {
  it.each([
    ['--trust-workspace', {}, { trustWorkspace: true }, undefined],
    ['GEMINI_CLI_TRUST_WORKSPACE=true', { GEMINI_CLI_TRUST_WORKSPACE: 'true' }, {}, undefined],
    ['folder trust switched off', {}, {}, { security: { folderTrust: { enabled: false } } }],
  ])('%s: nothing held back; an info names what Gemini will warn about', async (_name, env, options, settings) => {
    const { gate: g } = await gate('block', env, options, settings);
    expect(g.applies).toBe(false);
    expect(g.heldBack.size).toBe(0);
    expect(g.diagnostics).toMatchObject([{ code: 'project-hooks-unrecorded', severity: 'info' }]);
  });
});

describe("warn: Gemini CLI's behaviour", () => {
  it('its exact warning, then record', async () => {
    await trustFile();
    const { gate: g } = await gate('warn');
    expect(g.heldBack.size).toBe(0);
    expect(g.record).toBeTypeOf('function');
    expect(g.diagnostics).toEqual([
      {
        code: 'project-hooks-detected',
        severity: 'warning',
        message:
          'WARNING: The following project-level hooks have been detected in this workspace:\n  - guard\n  - echo ok\n\n' +
          'These hooks will be executed. If you did not configure these hooks or do not trust this project,\n' +
          'please review the project settings (.gemini/settings.json) and remove them.',
      },
    ]);
  });

  it('applies whatever trusted the folder, as Gemini checks in any trusted folder', async () => {
    const { gate: g } = await gate('warn', { GEMINI_CLI_TRUST_WORKSPACE: 'true' });
    expect(g.record).toBeTypeOf('function');
  });

  it('does not record over an invalid trusted_hooks.json', async () => {
    await trustFile();
    await s.write(trustedHooksPath(s.ctx()), 'garbage');
    const { gate: g } = await gate('warn');
    expect(g.record).toBeUndefined();
    expect(g.diagnostics.map((d) => d.code)).toEqual(['trusted-hooks-invalid', 'project-hooks-detected']);
  });
});

describe('no check at all, as in Gemini CLI', () => {
  it('in an untrusted folder (no settings hook runs there anyway)', async () => {
    const { gate: g } = await gate('block');
    expect(g).toMatchObject({ applies: false, diagnostics: [] });
    expect(g.record).toBeUndefined();
    expect(g.assessment).toBeUndefined();
  });

  it('with hooks disabled', async () => {
    await trustFile();
    const { gate: g } = await gate('warn', {}, {}, { hooksConfig: { enabled: false } });
    expect(g).toMatchObject({ applies: false, diagnostics: [] });
    expect(g.record).toBeUndefined();
  });
});

describe('geminiProjectHooksWarning', () => {
  it('one line per hook', () => {
    expect(geminiProjectHooksWarning(['a'])).toBe(
      'WARNING: The following project-level hooks have been detected in this workspace:\n  - a\n\nThese hooks will be executed. If you did not configure these hooks or do not trust this project,\nplease review the project settings (.gemini/settings.json) and remove them.',
    );
  });
});
