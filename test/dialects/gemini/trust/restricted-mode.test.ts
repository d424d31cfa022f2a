// GEMINI_RESTRICTED_MODE=true (Gemini CLI 0.59.0 and later): every folder is untrusted, whatever
// trustedFolders.json, GEMINI_CLI_TRUST_WORKSPACE or --trust-workspace say, so no settings hook runs. Only
// the exact string "true" counts. Through the real bin, against real files.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hookrun, makeSandbox, type Sandbox } from '../../../helpers/cli.js';

let sb: Sandbox;
beforeAll(async () => {
  sb = await makeSandbox();
  await sb.write(path.join(sb.ws, 'hooks', 'deny.sh'), '#!/usr/bin/env bash\ncat >/dev/null\necho \'{"decision":"deny","reason":"project hook ran"}\'\n', 0o755);
  await sb.write(
    path.join(sb.ws, '.gemini', 'settings.json'),
    JSON.stringify({ hooks: { BeforeTool: [{ hooks: [{ type: 'command', command: '$GEMINI_PROJECT_DIR/hooks/deny.sh' }] }] } }),
  );
  await sb.write(sb.env.GEMINI_CLI_TRUSTED_FOLDERS_PATH!, JSON.stringify({ [sb.ws]: 'TRUST_FOLDER' }));
});
afterAll(() => sb.cleanup());

/** `--hook-trust warn`: the project hook is new to trusted_hooks.json, and Gemini CLI runs it after a warning. */
const run = (env: Record<string, string>, extra: string[] = []) =>
  hookrun(['run', 'BeforeTool', '--tool', 'run_shell_command', '--tool-input', '{"command":"ls"}', '-C', sb.ws, '--hook-trust', 'warn', ...extra], {
    env: { ...sb.env, ...env },
  });

describe('GEMINI_RESTRICTED_MODE', () => {
  test('unset, the folder trusted in trustedFolders.json runs its project hook', async () => {
    const r = await run({});
    expect(JSON.parse(r.stdout)).toMatchObject({ decision: 'deny', reason: 'project hook ran' });
    expect(r.exitCode).toBe(2);
  });

  test.each([
    ['a trustedFolders.json rule', {}, []],
    ['GEMINI_CLI_TRUST_WORKSPACE=true', { GEMINI_CLI_TRUST_WORKSPACE: 'true' }, []],
    ['--trust-workspace', {}, ['--trust-workspace']],
    ['HOOKRUN_TRUST_WORKSPACE=true', { HOOKRUN_TRUST_WORKSPACE: 'true' }, []],
  ])('"true": untrusted whatever %s says, no settings hook runs, and stderr says how to undo it', async (_what, env, extra) => {
    const r = await run({ GEMINI_RESTRICTED_MODE: 'true', ...env }, extra);
    expect(r.stdout.trim()).toBe('{}');
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toContain('[GEMINI_RESTRICTED_MODE=true]');
    expect(r.stderr).toContain(`unset it to trust ${sb.ws}`);
  });

  test('user hooks do not run either: an untrusted folder registers no settings hook', async () => {
    const user = path.join(sb.home, '.gemini', 'settings.json');
    await sb.write(user, JSON.stringify({ hooks: { BeforeTool: [{ hooks: [{ type: 'command', command: 'echo \'{"decision":"deny","reason":"user hook"}\'' }] }] } }));
    try {
      expect((await run({ GEMINI_RESTRICTED_MODE: 'true' })).stdout.trim()).toBe('{}');
      expect(JSON.parse((await run({})).stdout)).toMatchObject({ decision: 'deny' });
    } finally {
      await sb.write(user, '{}');
    }
  });

  test.each(['1', 'TRUE', 'True', 'yes', ' true', ''])('%j is not "true": the folder stays trusted', async (value) => {
    const r = await run({ GEMINI_RESTRICTED_MODE: value });
    expect(JSON.parse(r.stdout)).toMatchObject({ decision: 'deny', reason: 'project hook ran' });
  });

  test('Gemini CLI 0.58 and older ignore it; 0.59.0 is the first to honour it', async () => {
    expect((await run({ GEMINI_RESTRICTED_MODE: 'true' }, ['--gemini-version', '0.58.0'])).exitCode).toBe(2);
    expect((await run({ GEMINI_RESTRICTED_MODE: 'true' }, ['--gemini-version', '0.59.0'])).exitCode).toBe(0);
  });

  test('validate and explain see the folder untrusted, and say why', async () => {
    const env = { ...sb.env, GEMINI_RESTRICTED_MODE: 'true' };
    const validate = await hookrun(['validate', '--dialect', 'gemini', '--json', '-C', sb.ws], { env });
    const findings = (JSON.parse(validate.stdout) as { findings: { code: string; message: string }[] }).findings;
    expect(findings.find((f) => f.code === 'untrusted-folder')?.message).toContain('GEMINI_RESTRICTED_MODE=true');
    const explain = await hookrun(['explain', 'BeforeTool', '--tool', 'run_shell_command', '-C', sb.ws, '--trust-workspace', '--json'], { env });
    expect(explain.stdout).toContain('unset GEMINI_RESTRICTED_MODE');
  });
});
