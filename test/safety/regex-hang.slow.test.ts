// Issue 18, class 4: a catastrophic regex matcher never hangs hookrun. Each case pays the 250 ms match
// budget at least once, so they live in a slow file; every case still ends in seconds.
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

const CATASTROPHIC = '^(\\w|[a-z_]|[a-z_]|.)*Z$';
const TRUST = ['--trust-workspace'];

async function geminiSettings(w: Workspace, matcher: string): Promise<void> {
  await w.settings({
    hooks: {
      BeforeTool: [
        { matcher, hooks: [{ type: 'command', name: 'slow', command: `echo '{"decision":"deny","reason":"slow"}'` }] },
        { matcher: '^(read_file|run_shell_command)+$', hooks: [{ type: 'command', name: 'fine', command: `echo '{"systemMessage":"fine ran"}'` }] },
      ],
    },
  });
}

describe('class 4: a runaway matcher is stopped and reported', () => {
  test('run: the hook cannot run (fail-open, named with file:line), the others run; --fail-closed blocks', async ({ w }) => {
    await geminiSettings(w, CATASTROPHIC);
    const r = await w.run(['run', 'BeforeTool', '--tool', 'run_shell_command', ...TRUST]);
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout).systemMessage).toBe('fine ran');
    expect(r.stderr).toMatch(/settings\.json:\d+:\d+: hook "slow": its matcher .* did not finish within 250 ms on "run_shell_command": Gemini CLI would hang here/);
    expect(r.durationMs).toBeLessThan(30_000);
    const closed = await w.run(['run', 'BeforeTool', '--tool', 'run_shell_command', '--fail-closed', '-q', ...TRUST]);
    expect(closed.exitCode).toBe(2);
    const json = await w.run(['run', 'BeforeTool', '--tool', 'run_shell_command', '--json', ...TRUST]);
    const slow = JSON.parse(json.stdout).results.find((result: { name: string }) => result.name === 'slow');
    expect(slow.success).toBe(false);
    expect(slow.error).toMatch(/Gemini CLI would hang here/);
  });

  test('validate reports the matcher as an error, explain and --dry-run end', async ({ w }) => {
    await geminiSettings(w, CATASTROPHIC);
    const validate = await w.run(['validate']);
    expect(validate.exitCode).toBe(1);
    expect(validate.stdout).toMatch(/settings\.json:\d+:\d+: error: matcher .* Gemini CLI would hang here.*\[matcher-hangs\]/);
    const explain = await w.run(['explain', 'BeforeTool', '--tool', 'run_shell_command', ...TRUST]);
    expect(explain.exitCode).toBe(0);
    expect(explain.stdout).toMatch(/Gemini CLI would hang here/);
    const dry = await w.run(['run', 'BeforeTool', '--tool', 'run_shell_command', '--dry-run', ...TRUST]);
    expect(dry.exitCode).toBe(0);
  });

  test('variants: other nested quantifiers stop too; an ordinary grouped matcher still decides', async ({ w }) => {
    for (const matcher of ['^(\\w+)+Z$', '^([a-z_]+)*Q$']) {
      await geminiSettings(w, matcher);
      const r = await w.run(['run', 'BeforeTool', '--tool', 'run_shell_command_with_a_long_mcp_tool_name', ...TRUST]);
      expect(r.exitCode, matcher).toBe(0);
      expect(r.stderr, matcher).toMatch(/did not finish within 250 ms/);
    }
    await geminiSettings(w, '^(run_shell_command|read_file)$');
    const r = await w.run(['run', 'BeforeTool', '--tool', 'run_shell_command', ...TRUST]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).not.toMatch(/did not finish/);
  });

  test('Claude Code: the same matcher in .claude/settings.json', async ({ w }) => {
    await w.write(
      path.join(w.ws, '.claude', 'settings.json'),
      JSON.stringify({ hooks: { PreToolUse: [{ matcher: CATASTROPHIC, hooks: [{ type: 'command', command: 'echo ok' }] }] } }),
    );
    const r = await w.run(['run', 'PreToolUse', '--dialect', 'claude', '--tool', 'mcp__server__some_long_tool_name', ...TRUST]);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toMatch(/did not finish within 250 ms .*Claude Code would hang here/);
  });
});
