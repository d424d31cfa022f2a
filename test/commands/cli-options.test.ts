// Numeric options and the capture limit through the real bin: what `--max-output 0` means, and that
// an empty value is refused instead of read as 0.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hookrun, makeSandbox, type Sandbox } from '../helpers/cli.js';

let sb: Sandbox;
beforeAll(async () => {
  sb = await makeSandbox();
  await sb.write(path.join(sb.ws, 'hooks', 'deny.sh'), `#!/bin/sh\ncat >/dev/null\necho '{"decision":"deny","reason":"no"}'\n`, 0o755);
  await sb.write(path.join(sb.ws, 'hooks', 'quiet.sh'), `#!/bin/sh\ncat >/dev/null\n`, 0o755);
  const settings = {
    hooks: {
      BeforeTool: [
        { matcher: 'deny_tool', hooks: [{ type: 'command', command: '$GEMINI_PROJECT_DIR/hooks/deny.sh' }] },
        { matcher: 'quiet_tool', hooks: [{ type: 'command', command: '$GEMINI_PROJECT_DIR/hooks/quiet.sh' }] },
      ],
    },
  };
  await sb.write(path.join(sb.ws, '.gemini', 'settings.json'), JSON.stringify(settings));
});
afterAll(() => sb.cleanup());

const run = (tool: string, extra: string[]) => hookrun(['run', 'BeforeTool', '--tool', tool, '-C', sb.ws, '--trust-workspace', ...extra], { env: sb.env });

describe('--max-output 0 keeps nothing, so any output is cut', () => {
  test.each([['0'], ['5']])('--max-output %s --fail-closed: the cut hook is a failure that blocks (exit 2)', async (limit) => {
    const r = await run('deny_tool', ['--max-output', limit, '--fail-closed', '--json']);
    expect(r.exitCode).toBe(2);
    const report = JSON.parse(r.stdout) as { results: { success: boolean; error?: string; stdoutTruncated: boolean }[] };
    expect(report.results[0]).toMatchObject({ success: false, stdoutTruncated: true, error: expect.stringMatching(/^stdout exceeded hookrun's capture limit/) });
  });
  test('without --fail-closed a cut hook fails open (exit 0)', async () => {
    expect((await run('deny_tool', ['--max-output', '0'])).exitCode).toBe(0);
  });
  test('a hook that prints nothing is not cut by --max-output 0', async () => {
    const r = await run('quiet_tool', ['--max-output', '0', '--fail-closed', '--json']);
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ results: [{ success: true, stdoutTruncated: false }] });
  });
});

describe('whole-number options refuse what is not written in digits', () => {
  test.each([
    ['run', '--max-output', ''],
    ['run', '--grace', ''],
    ['run', '--max-output', ' '],
    ['run', '--grace', '1e3'],
    ['test', '--max-output', ''],
    ['test', '--grace', ''],
  ])('%s %s %j: a usage error', async (command, option, value) => {
    const args = command === 'run' ? ['run', 'BeforeTool', '--tool', 'quiet_tool', '--trust-workspace'] : ['test', '--ci'];
    const r = await hookrun([...args, '-C', sb.ws, option, value], { env: sb.env });
    expect(r.exitCode).not.toBe(0);
    expect(r.stderr).toContain(`${option} must be a whole number, got "${value}"`);
  });
});

describe('hookrun test: nothing ran is exit 2, never the "a case failed" 1', () => {
  test.each([
    ['-C a missing directory', ['test', '--ci', '-C', '/nonexistent/hookrun-test-dir']],
    ['an unknown reporter', ['test', '--ci', '--reporter', 'xml']],
    ['an unknown option', ['test', '--ci', '--bogus']],
    ['a bad --grace', ['test', '--ci', '--grace', 'soon']],
    ['--from-captures with fixture paths', ['test', '--from-captures', 'caps', 'a.hooktest.yaml']],
    ['-C a missing directory with --from-captures', ['test', '--from-captures', '-C', '/nonexistent/hookrun-test-dir']],
  ])('%s', async (_name, args) => {
    const r = await hookrun(args, { env: sb.env, cwd: sb.ws });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).not.toBe('');
  });
  test('--help still exits 0', async () => {
    expect((await hookrun(['test', '--help'], { env: sb.env, cwd: sb.ws })).exitCode).toBe(0);
  });
});
