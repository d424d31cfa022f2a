// `hookrun migrate` end to end: the real bin against real files in temp directories.
import { readFileSync, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { hookrun, makeSandbox, type Sandbox } from '../helpers/cli.js';

const sandboxes: Sandbox[] = [];
afterAll(() => Promise.all(sandboxes.map((s) => s.cleanup())));

async function sandbox(files: Record<string, string> = {}): Promise<Sandbox> {
  const sb = await makeSandbox();
  sandboxes.push(sb);
  for (const [file, text] of Object.entries(files)) await sb.write(file.startsWith('~/') ? path.join(sb.home, file.slice(2)) : path.join(sb.ws, file), text);
  return sb;
}

const migrate = (sb: Sandbox, ...args: string[]) => hookrun(['migrate', ...args, '--cwd', sb.ws], { env: sb.env });

const claudeSettings = JSON.stringify({
  hooks: {
    PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: '$CLAUDE_PROJECT_DIR/hooks/guard.sh', timeout: 10 }] }],
    SubagentStop: [{ hooks: [{ type: 'command', command: 'echo done' }] }],
    PermissionRequest: [{ hooks: [{ type: 'command', command: 'ask.sh' }] }],
  },
});
const localSettings = JSON.stringify({ hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', command: 'check-prompt', if: 'x' }] }] } });

describe('hookrun migrate --from claude', () => {
  test('prints the Gemini settings on stdout and the report on stderr; writes nothing', async () => {
    const sb = await sandbox({ '.claude/settings.json': claudeSettings, '.claude/settings.local.json': localSettings });
    const result = await migrate(sb, '--from', 'claude');
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      hooks: {
        BeforeTool: [{ matcher: '^run_shell_command$', hooks: [{ type: 'command', command: '$GEMINI_PROJECT_DIR/hooks/guard.sh', timeout: 10_000 }] }],
        AfterAgent: [{ hooks: [{ type: 'command', command: 'echo done' }] }],
        BeforeAgent: [{ hooks: [{ type: 'command', command: 'check-prompt' }] }],
      },
    });
    // Issue 13: PermissionRequest decides the permission dialog; Gemini's Notification only observes it.
    expect(result.stderr).toMatch(/PermissionRequest: hook "ask\.sh" not migrated: Gemini CLI has no permission-decision hook/);
    expect(result.stderr).toMatch(/settings\.local\.json/);
    expect(result.stderr).toMatch(/3 of 4 hook\(s\) carried over/);
    expect(existsSync(path.join(sb.ws, '.gemini'))).toBe(false);
  });

  test('--json: result and report in one object, each finding with a code and a place', async () => {
    const sb = await sandbox({
      '.claude/settings.json': claudeSettings,
      '~/.claude/settings.json': JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'mine' }] }] } }),
    });
    const result = await migrate(sb, '--from', 'claude', '--json', '--claude-version', 'current');
    expect(result.exitCode, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report).toMatchObject({ from: 'claude', counts: { found: 3, carried: 2, skipped: 1 } });
    // The current generation's default timeout is written explicitly (Gemini's default is 60 s).
    expect(report.settings.hooks.AfterAgent[0].hooks[0].timeout).toBe(600_000);
    const codes = report.findings.map((f: { code: string }) => f.code);
    expect(codes).toEqual(expect.arrayContaining(['no-gemini-event', 'event-differs', 'other-scope', 'claude-output-fields']));
    const skipped = report.findings.find((f: { code: string }) => f.code === 'no-gemini-event');
    expect(skipped.location).toMatchObject({ file: path.join(sb.ws, '.claude/settings.json'), line: 1 });
    // User hooks are reported, never copied into the workspace.
    expect(JSON.stringify(report.settings)).not.toContain('mine');
  });

  test('--write merges into a commented settings file, keeps the comments, and is idempotent', async () => {
    const original = `{
  // team settings
  "hooks": {
    "BeforeTool": [
      { "matcher": "write_file", "hooks": [{ "type": "command", "command": "mine" }] } // ours
    ]
  }
}
`;
    const sb = await sandbox({ '.claude/settings.json': claudeSettings, '.gemini/settings.json': original });
    const target = path.join(sb.ws, '.gemini/settings.json');
    const first = await migrate(sb, '--from', 'claude', '--write');
    expect(first.exitCode, first.stderr).toBe(0);
    expect(first.stdout).toBe('');
    expect(first.stderr).toMatch(/wrote 2 hook\(s\) to/);
    const written = readFileSync(target, 'utf8');
    expect(written).toContain('// team settings');
    expect(written).toContain('"command": "mine" }] }, // ours');
    expect(written).toContain('"command": "$GEMINI_PROJECT_DIR/hooks/guard.sh"');
    const mtime = statSync(target).mtimeMs;

    const second = await migrate(sb, '--from', 'claude', '--write');
    expect(second.exitCode).toBe(0);
    expect(second.stderr).toMatch(/nothing to write: .* already has all 2 hook\(s\)/);
    expect(readFileSync(target, 'utf8')).toBe(written);
    expect(statSync(target).mtimeMs).toBe(mtime);

    // Gemini (as hookrun's Gemini dialect) accepts the result.
    const check = await hookrun(['run', 'BeforeTool', '--tool', 'run_shell_command', '--dry-run', '--trust-workspace', '--cwd', sb.ws], { env: sb.env });
    expect(check.exitCode, check.stderr).toBe(0);
    expect(JSON.parse(check.stdout).hooks.map((h: { name: string }) => h.name)).toEqual(['$GEMINI_PROJECT_DIR/hooks/guard.sh']);
  });

  test.each([
    ['no Claude settings', {}, ['--from', 'claude'], /no Claude Code project settings found: expected .*\.claude\/settings\.json/],
    ['a settings file that does not parse', { '.claude/settings.json': '{\n  "hooks": {\n' }, ['--from', 'claude'], /settings\.json:3:1/],
    ['no --from', { '.claude/settings.json': '{}' }, [], /required option '--from <agent>' not specified/],
    ['an unknown --from', { '.claude/settings.json': '{}' }, ['--from', 'nobody'], /Allowed choices are gemini, claude, kiro, antigravity, codex, cursor, copilot/],
    ['--agent with --from claude', { '.claude/settings.json': '{}' }, ['--from', 'claude', '--agent', 'x'], /--agent applies to --from kiro only/],
    ['a bad --claude-version', { '.claude/settings.json': '{}' }, ['--from', 'claude', '--claude-version', 'x'], /--claude-version must be/],
  ])('%s: exit 1 with a clear message', async (_name, files, args, message) => {
    const sb = await sandbox(files);
    const result = await migrate(sb, ...args);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(message);
    expect(result.stdout).toBe('');
  });

  test('a target that cannot be merged is left untouched', async () => {
    const bad = '{ "hooks": { "BeforeTool": {} } }\n';
    const sb = await sandbox({ '.claude/settings.json': claudeSettings, '.gemini/settings.json': bad });
    const result = await migrate(sb, '--from', 'claude', '--write');
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(/cannot merge into .*settings\.json:1:28: hooks\.BeforeTool is not an array/);
    expect(readFileSync(path.join(sb.ws, '.gemini/settings.json'), 'utf8')).toBe(bad);
  });
});

const agent = (hooks: unknown, name?: string) => JSON.stringify(name ? { name, hooks } : { hooks });

describe('hookrun migrate --from kiro', () => {
  test('one agent: converted, with Kiro defaults and caching reported', async () => {
    const sb = await sandbox({
      '.kiro/agents/dev.json': agent({
        preToolUse: [{ matcher: 'shell', command: 'guard', timeout_ms: 500 }],
        agentSpawn: [{ command: 'git status', cache_ttl_seconds: 60 }],
      }),
    });
    const result = await migrate(sb, '--from', 'kiro');
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      hooks: {
        BeforeTool: [{ matcher: '^run_shell_command$', hooks: [{ type: 'command', command: 'guard', timeout: 500 }] }],
        SessionStart: [{ hooks: [{ type: 'command', command: 'git status', timeout: 30_000 }] }],
      },
    });
    expect(result.stderr).toMatch(/cache_ttl_seconds 60 is not carried/);
  });

  test('several agents: --agent picks one; without it, an error lists them', async () => {
    const files = {
      '.kiro/agents/a.json': agent({ stop: [{ command: 'from-a' }] }),
      '.kiro/agents/b.json': agent({ stop: [{ command: 'from-b' }] }, 'bee'),
    };
    const sb = await sandbox(files);
    const none = await migrate(sb, '--from', 'kiro');
    expect(none.exitCode).toBe(1);
    expect(none.stderr).toMatch(/several Kiro agents found; pick one with --agent NAME: a \(.*\), bee \(/);
    const picked = await migrate(sb, '--from', 'kiro', '--agent', 'bee');
    expect(picked.exitCode, picked.stderr).toBe(0);
    expect(picked.stdout).toContain('from-b');
    const unknown = await migrate(sb, '--from', 'kiro', '--agent', 'zed');
    expect(unknown.exitCode).toBe(1);
    // The Kiro dialect's own selection (settings.ts) and its message.
    expect(unknown.stderr).toMatch(/no Kiro agent named "zed"\. Agents: a/);
  });

  test('the workspace agent shadows a global one of the same name; the default agent setting picks', async () => {
    const sb = await sandbox({
      '.kiro/agents/dev.json': agent({ stop: [{ command: 'workspace-dev' }] }),
      '~/.kiro/agents/dev.json': agent({ stop: [{ command: 'global-dev' }] }),
      '~/.kiro/agents/other.json': agent({ stop: [{ command: 'global-other' }] }),
      // Kiro reads the dotted key (the dialect's readDefaultAgent); the old reader also took a nested object.
      '~/.kiro/settings/cli.json': JSON.stringify({ 'chat.defaultAgent': 'dev' }),
    });
    const result = await migrate(sb, '--from', 'kiro');
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain('workspace-dev');
    expect(result.stdout).not.toContain('global-dev');
    expect(result.stderr).toMatch(/Agent conflict for dev/);
  });

  test.each([
    ['no agents at all', {}, /no Kiro agent files found/],
    ['an agent file that is not JSON', { '.kiro/agents/x.json': '{ // no comments in Kiro\n}' }, /x\.json:1:3/],
  ])('%s: exit 1', async (_name, files, message) => {
    const sb = await sandbox(files);
    const result = await migrate(sb, '--from', 'kiro');
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(message);
  });
});
