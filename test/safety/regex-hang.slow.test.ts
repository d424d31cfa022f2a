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

// Second round: no quantified group at all, only many unbounded quantifiers in a row. Polynomial, so the
// first bound let a short value (an ordinary tool name) run directly, and `.*` thirty times hangs on it.
const POLYNOMIAL = `${'.*'.repeat(30)}Z`;
/** Long enough (17 characters and more) for `.*` thirty times to backtrack for hours. */
const LONG_TOOL = 'mcp__server__some_long_tool_name';
/** Kiro's globs are not regexes: `*x` twenty times compiles to the same kind of pattern, on a name of 40 x. */
const KIRO_GLOB = `${'*x'.repeat(20)}*Z`;

describe('class 4, second round: many unbounded quantifiers on an ordinary tool name, in every dialect', () => {
  const cases: { dialect: string; files: Record<string, unknown>; args: string[]; agent: RegExp }[] = [
    {
      dialect: 'gemini',
      files: { 'ws/.gemini/settings.json': { hooks: { BeforeTool: [{ matcher: POLYNOMIAL, hooks: [{ type: 'command', name: 'slow', command: 'echo {}' }] }] } } },
      args: ['BeforeTool', '--tool', 'run_shell_command'],
      agent: /Gemini CLI would hang here/,
    },
    {
      dialect: 'claude',
      files: { 'ws/.claude/settings.json': { hooks: { PreToolUse: [{ matcher: POLYNOMIAL, hooks: [{ type: 'command', command: 'echo {}' }] }] } } },
      args: ['PreToolUse', '--tool', 'mcp__server__tool'],
      agent: /Claude Code would hang here/,
    },
    {
      dialect: 'claude',
      files: { 'ws/.claude/settings.json': { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', if: `Bash(${'*a'.repeat(30)}Z)`, command: 'echo {}' }] }] } } },
      args: ['PreToolUse', '--tool', 'Bash', '--tool-input', JSON.stringify({ command: 'a'.repeat(40) }), '--claude-version', 'current'],
      agent: /Claude Code would hang here/,
    },
    {
      dialect: 'codex',
      files: { 'ws/.codex/hooks.json': { hooks: { PreToolUse: [{ matcher: POLYNOMIAL, hooks: [{ type: 'command', command: 'echo {}' }] }] } } },
      args: ['PreToolUse', '--tool', LONG_TOOL],
      agent: /Codex's Rust regex engine answers it in linear time/,
    },
    {
      dialect: 'copilot',
      files: { 'ws/.github/hooks/h.json': { version: 1, hooks: { preToolUse: [{ matcher: POLYNOMIAL, bash: 'echo {}' }] } } },
      args: ['preToolUse', '--event', JSON.stringify({ toolName: LONG_TOOL, toolArgs: {} })],
      agent: /Copilot CLI would hang here/,
    },
    {
      dialect: 'cursor',
      files: { 'ws/.cursor/hooks.json': { version: 1, hooks: { preToolUse: [{ matcher: POLYNOMIAL, command: 'echo {}' }] } } },
      args: ['preToolUse', '--tool', LONG_TOOL],
      agent: /Cursor would hang here/,
    },
    {
      dialect: 'kiro',
      files: {
        'home/.kiro/settings/cli.json': { 'chat.defaultAgent': 'dev' },
        'ws/.kiro/agents/dev.json': { name: 'dev', hooks: { preToolUse: [{ matcher: KIRO_GLOB, command: 'echo {}' }] } },
      },
      args: ['preToolUse', '--tool', 'x'.repeat(40)],
      agent: /Kiro CLI's glob matcher \(Rust regex\) answers it in linear time/,
    },
  ];

  test.each(cases)('$dialect: run reports the hook as one that cannot run; explain and validate end', async ({ dialect, files, args, agent }) => {
    const w = await makeWorkspace();
    try {
      for (const [relative, content] of Object.entries(files)) await w.write(path.join(w.root, relative), JSON.stringify(content));
      const common = ['--dialect', dialect, ...TRUST];
      const run = await w.run(['run', ...args, ...common, '--json']);
      expect(run.exitCode, run.stderr).toBe(0);
      expect(run.stderr).toMatch(/did not finish within 250 ms/);
      expect(run.stderr).toMatch(agent);
      const result = (JSON.parse(run.stdout) as { results: { success: boolean; error?: string }[] }).results[0]!;
      expect(result.success).toBe(false);
      expect(result.error).toMatch(agent);
      const explain = await w.run(['explain', ...args, ...common]);
      expect(explain.exitCode, explain.stderr).toBe(0);
      expect(explain.stdout).toMatch(/did not finish within 250 ms/);
      const validate = await w.run(['validate', '--dialect', dialect]);
      // Ended (exit 0, 1 with findings): a timeout of the harness would be -1.
      expect([0, 1]).toContain(validate.exitCode);
    } finally {
      await w.cleanup();
    }
  });
});
