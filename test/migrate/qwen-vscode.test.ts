// `hookrun migrate` to and from Qwen Code and VS Code (issue 34): the real bin against real temp folders.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { hookrun, makeSandbox, type Sandbox } from '../helpers/cli.js';

const sandboxes: Sandbox[] = [];
afterAll(() => Promise.all(sandboxes.map((s) => s.cleanup())));

async function sandbox(files: Record<string, string>): Promise<Sandbox> {
  const sb = await makeSandbox();
  sandboxes.push(sb);
  for (const [file, text] of Object.entries(files)) await sb.write(path.join(sb.ws, file), text);
  return sb;
}

const migrate = (sb: Sandbox, ...args: string[]) => hookrun(['migrate', ...args, '--cwd', sb.ws], { env: sb.env });
const codes = (stdout: string): string[] => (JSON.parse(stdout) as { findings: { code: string }[] }).findings.map((f) => f.code);

const claudeHooks = {
  PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: '$CLAUDE_PROJECT_DIR/guard.sh', timeout: 10 }] }],
  Stop: [{ hooks: [{ type: 'command', command: 'echo done', timeout: 20 }] }],
};

test('claude → qwen → claude: Qwen tool names and seconds, and back to the same hooks', async () => {
  const sb = await sandbox({ '.claude/settings.json': JSON.stringify({ hooks: claudeHooks }) });
  const there = await migrate(sb, '--from', 'claude', '--to', 'qwen', '--write');
  expect(there.exitCode, there.stderr).toBe(0);
  const qwen = JSON.parse(readFileSync(path.join(sb.ws, '.qwen/settings.json'), 'utf8'));
  expect(qwen).toEqual({
    hooks: {
      PreToolUse: [{ matcher: 'run_shell_command', hooks: [{ type: 'command', command: '"$QWEN_PROJECT_DIR"/guard.sh', timeout: 10 }] }],
      Stop: [{ hooks: [{ type: 'command', command: 'echo done', timeout: 20 }] }],
    },
  });
  const back = await migrate(sb, '--from', 'qwen', '--to', 'claude');
  expect(back.exitCode, back.stderr).toBe(0);
  expect(JSON.parse(back.stdout)).toEqual({
    hooks: {
      PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: '"$CLAUDE_PROJECT_DIR"/guard.sh', timeout: 10 }] }],
      Stop: [{ hooks: [{ type: 'command', command: 'echo done', timeout: 20 }] }],
    },
  });
});

test("--from qwen: a Claude alias matcher, a timeout of 1000 or more read as milliseconds (said), the engine's keys passed over", async () => {
  const settings = { hooks: { enabled: true, PreToolUse: [{ matcher: 'Bash|Edit', hooks: [{ type: 'command', command: 'g.sh', timeout: 5000 }] }] } };
  const sb = await sandbox({ '.qwen/settings.json': JSON.stringify(settings) });
  const result = await migrate(sb, '--from', 'qwen', '--to', 'claude', '--json');
  expect(result.exitCode, result.stderr).toBe(0);
  const report = JSON.parse(result.stdout);
  expect(report.settings.hooks.PreToolUse).toEqual([{ matcher: 'Bash|Edit|MultiEdit', hooks: [{ type: 'command', command: 'g.sh', timeout: 5 }] }]);
  expect(codes(result.stdout)).toContain('timeout-read-as-ms');
  expect(codes(result.stdout)).not.toContain('unknown-event');
});

test('--write into an existing .qwen/settings.json keeps its comments, settings and hooks', async () => {
  const original = [
    '{',
    '  // the team model: do not change',
    '  "model": { "name": "qwen3-coder" },',
    '  "hooks": {',
    '    /* ours */',
    '    "Stop": [{ "hooks": [{ "type": "command", "command": "mine.sh" }] }]',
    '  }',
    '}',
    '',
  ].join('\n');
  const sb = await sandbox({ '.claude/settings.json': JSON.stringify({ hooks: claudeHooks }), '.qwen/settings.json': original });
  const result = await migrate(sb, '--from', 'claude', '--to', 'qwen', '--write');
  expect(result.exitCode, result.stderr).toBe(0);
  const text = readFileSync(path.join(sb.ws, '.qwen/settings.json'), 'utf8');
  expect(text).toContain('// the team model: do not change');
  expect(text).toContain('/* ours */');
  expect(text).toContain('"command": "mine.sh"');
  expect(text).toContain('"model": { "name": "qwen3-coder" }');
  expect(text).toContain('"run_shell_command"');
  expect(text).toContain('echo done');
});

test('gemini → vscode: flat entries in .github/hooks/migrated-from-gemini.json; the tool matcher cannot be carried and says so', async () => {
  const gemini = {
    hooks: {
      BeforeTool: [{ matcher: 'run_shell_command', hooks: [{ type: 'command', command: 'guard.sh', timeout: 5000 }] }],
      SessionStart: [{ hooks: [{ type: 'command', command: 'hello.sh' }] }],
    },
  };
  const sb = await sandbox({ '.gemini/settings.json': JSON.stringify(gemini) });
  const result = await migrate(sb, '--from', 'gemini', '--to', 'vscode', '--write');
  expect(result.exitCode, result.stderr).toBe(0);
  expect(JSON.parse(readFileSync(path.join(sb.ws, '.github/hooks/migrated-from-gemini.json'), 'utf8'))).toEqual({
    hooks: {
      PreToolUse: [{ type: 'command', command: 'guard.sh', timeout: 5 }],
      SessionStart: [{ type: 'command', command: 'hello.sh', timeout: 60 }],
    },
  });
  expect(result.stderr).toMatch(/VS Code ignores matchers on PreToolUse: the matcher cannot be carried, so the hook now runs for every tool \[matcher-dropped\]/);
});

test('claude → vscode: an unnarrowed hook carries no matcher note; VS Code already loading .claude/settings.json is said', async () => {
  const sb = await sandbox({ '.claude/settings.json': JSON.stringify({ hooks: { Stop: claudeHooks.Stop } }) });
  const result = await migrate(sb, '--from', 'claude', '--to', 'vscode', '--json');
  expect(result.exitCode, result.stderr).toBe(0);
  expect(codes(result.stdout)).not.toContain('matcher-dropped');
  expect(codes(result.stdout)).toContain('runs-twice');
});

test("vscode → claude: camelCase events, flat and grouped entries, this OS's command carried and the others noted", async () => {
  const own = ({ linux: 'linux', darwin: 'osx', win32: 'windows' } as Record<string, string>)[process.platform] ?? 'linux';
  const other = own === 'windows' ? 'osx' : 'windows';
  const file = {
    hooks: {
      preToolUse: [{ type: 'command', command: 'any.sh', [own]: 'mine.sh', [other]: 'theirs', timeoutSec: 7, cwd: 'scripts' }],
      Stop: [{ matcher: 'ignored', hooks: [{ type: 'command', command: 'stop.sh' }] }],
    },
  };
  const sb = await sandbox({ '.github/hooks/team.json': `// VS Code reads JSONC\n${JSON.stringify(file)}`, '.claude/settings.local.json': '{}' });
  const result = await migrate(sb, '--from', 'vscode', '--to', 'claude', '--json');
  expect(result.exitCode, result.stderr).toBe(0);
  const report = JSON.parse(result.stdout);
  expect(report.settings.hooks).toEqual({
    PreToolUse: [{ hooks: [{ type: 'command', command: 'mine.sh', timeout: 7 }] }],
    Stop: [{ hooks: [{ type: 'command', command: 'stop.sh', timeout: 30 }] }],
  });
  expect(codes(result.stdout)).toEqual(expect.arrayContaining(['per-os-not-carried', 'cwd-not-carried', 'matcher-dropped', 'other-agent-file']));
  const perOs = report.findings.find((f: { code: string }) => f.code === 'per-os-not-carried');
  expect(perOs.message).toContain(`"${other}"`);
  expect(perOs.message).toContain('"command"');
});

test('--from vscode with no hook file: exit 1 naming .github/hooks', async () => {
  const sb = await sandbox({ '.claude/settings.json': '{}' });
  const result = await migrate(sb, '--from', 'vscode', '--to', 'claude');
  expect(result.exitCode).toBe(1);
  expect(result.stderr).toMatch(/no VS Code hook files found: expected .*\.github\/hooks\/\*\.json/);
});
