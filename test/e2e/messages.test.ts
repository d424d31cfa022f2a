// Messages a newcomer met (issue 19, item 6), through the real bin: a JSON error at the position where
// it is and on one line; one wording of a settings parse error in every command, with validate's fix; a
// directory where settings.json should be said as such.
import { mkdir } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { hookrun, makeSandbox, type Sandbox } from '../helpers/cli.js';

let sb: Sandbox;
beforeEach(async () => {
  sb = await makeSandbox();
});
afterEach(() => sb.cleanup());

const run = (...args: string[]) => hookrun(args, { env: sb.env, cwd: sb.root });

describe('event JSON errors', () => {
  test('a file holding "not json" is reported at 1:2, on one line', async () => {
    await sb.write('ev.json', 'not json\n');
    const result = await run('run', 'BeforeTool', '--event-file', 'ev.json', '-C', sb.ws);
    expect(result.stderr).toBe('hookrun: error: ev.json:1:2: invalid JSON: unexpected letter\n');
    expect(result.exitCode).toBe(1);
  });

  test.each([
    ['nope', '--event:1:2:'],
    ['{"a": tru}', '--event:1:10:'],
    ['[1 2]', '--event:1:4:'],
    ['{\n  "a": 1\n  "b": 2\n}', '--event:3:3:'],
  ])('--event %j: the error is where the bad character is', async (text, at) => {
    const result = await run('run', 'BeforeTool', '--event', text, '-C', sb.ws);
    expect(result.stderr.startsWith(`hookrun: error: ${at} invalid JSON: `)).toBe(true);
    expect(result.stderr.trimEnd()).not.toContain('\n');
    expect(result.exitCode).toBe(1);
  });
});

describe('settings errors', () => {
  const FIX = 'Fix the JSON at that position: comments (// and /* */) are allowed, trailing commas and single quotes are not.';

  test("run, list, disable and explain word a parse error as one: position first, then validate's fix", async () => {
    const file = await sb.write('ws/.gemini/settings.json', '{"hooks": {"BeforeTool": [],}}');
    for (const args of [['run', 'BeforeTool', '--tool', 'x'], ['list'], ['disable', 'x'], ['explain', 'BeforeTool']]) {
      const result = await run(...args, '-C', sb.ws);
      expect(result.stderr).toBe(`hookrun: error: ${file}:1:29: Expected double-quoted property name. ${FIX}\n`);
      expect(result.exitCode).toBe(1);
    }
    expect((await run('validate', '-C', sb.ws)).stdout).toContain(`  fix: ${FIX}`);
  });

  test('a directory in place of settings.json is said to be one', async () => {
    await mkdir(`${sb.ws}/.gemini/settings.json`, { recursive: true });
    const result = await run('run', 'BeforeTool', '--tool', 'x', '-C', sb.ws);
    expect(result.stderr).toBe(`hookrun: error: ${sb.ws}/.gemini/settings.json is a directory, not a settings file\n`);
    expect(result.exitCode).toBe(1);
    const validate = await run('validate', '-C', sb.ws);
    expect(validate.stdout).toContain('is a directory, not a settings file [settings-unreadable]');
    expect(validate.stdout).toContain('fix: Remove the directory, or put the settings file in its place.');
    expect(validate.stdout).not.toContain('EISDIR');
    expect(validate.exitCode).toBe(2);
  });
});

describe('the run report', () => {
  test('a block is "blocked", a timeout "failed" with its value, plain text said naturally', async () => {
    await sb.write(
      'ws/.gemini/settings.json',
      JSON.stringify({
        hooks: {
          BeforeTool: [
            {
              hooks: [
                { type: 'command', name: 'blocker', command: 'echo nope >&2; exit 2' },
                { type: 'command', name: 'sleepy', command: 'sleep 5', timeout: 300 },
                { type: 'command', name: 'texty', command: 'echo hello' },
              ],
            },
          ],
        },
      }),
    );
    const result = await run('run', 'BeforeTool', '--tool', 'x', '--trust-workspace', '--fail-closed', '-C', sb.ws);
    expect(result.stderr).toContain('→ deny: nope (from plain-text output)\n');
    expect(result.stderr).toContain('→ allow: hello (from plain-text output)\n');
    expect(result.stderr).toContain('hookrun: hook(s) [blocker] blocked event BeforeTool (exit 2)\n');
    expect(result.stderr).toContain('hookrun: hook(s) [sleepy] failed for event BeforeTool\n');
    expect(result.stderr).toContain('hookrun: --fail-closed: "sleepy" timed out after 300 ms\n');
    expect(result.stderr).not.toContain('Hook timed out');
    expect(result.stderr).not.toContain(': (plain text)');
    expect(result.exitCode).toBe(2);
  });

  test('a held-back hook is "held back", not "failed"', async () => {
    await sb.write('trustedFolders.json', JSON.stringify({ [sb.ws]: 'TRUST_FOLDER' }));
    await sb.write('ws/.gemini/settings.json', JSON.stringify({ hooks: { BeforeTool: [{ hooks: [{ type: 'command', name: 'guard', command: 'exit 0' }] }] } }));
    const result = await run('run', 'BeforeTool', '--tool', 'x', '-C', sb.ws);
    expect(result.stderr).toContain('hookrun: hook(s) [guard] held back for event BeforeTool: not trusted, not run\n');
    expect(result.stderr).not.toContain('failed for event');
  });
});
