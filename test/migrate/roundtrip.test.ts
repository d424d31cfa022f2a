// The round trip of issue 6: a Claude Code config, migrated to Gemini CLI settings, gives the same
// block/allow/stop decisions on the same events. Both sides run through the real bin: the Claude dialect on
// .claude/settings.json, then `migrate --write`, then the Gemini dialect on .gemini/settings.json.
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hookrun, makeSandbox, type Sandbox } from '../helpers/cli.js';

// Hook scripts written the portable way: deny by exit 2 + stderr, or by top-level {"decision":"block"}, which
// both agents read the same (Gemini CLI ignores hookSpecificOutput.permissionDecision, so migrate warns about it).
const scripts: Record<string, string> = {
  'guard.js': `const i = JSON.parse(require('fs').readFileSync(0, 'utf8'));
require('fs').writeFileSync(process.env.MARK + '/fired-guard-' + i.hook_event_name, '');
if (/rm -rf/.test(i.tool_input.command)) { process.stderr.write('no rm -rf'); process.exit(2); }`,
  'secrets.js': `const i = JSON.parse(require('fs').readFileSync(0, 'utf8'));
if (String(i.tool_input.file_path).endsWith('.env')) console.log(JSON.stringify({ decision: 'block', reason: 'no secrets' }));`,
  'prompt.js': `const i = JSON.parse(require('fs').readFileSync(0, 'utf8'));
if (/password/.test(i.prompt)) { process.stderr.write('do not paste passwords'); process.exit(2); }`,
  'stop.js': `const i = JSON.parse(require('fs').readFileSync(0, 'utf8'));
if (!i.stop_hook_active) { process.stderr.write('run the tests first'); process.exit(2); }`,
  'halt.js': `console.log(JSON.stringify({ continue: false, stopReason: 'network is off limits' }));`,
  'start.js': `require('fs').writeFileSync(process.env.MARK + '/fired-start-' + JSON.parse(require('fs').readFileSync(0, 'utf8')).source, '');`,
};

const node = (script: string) => ({ type: 'command', command: `node "$CLAUDE_PROJECT_DIR/hooks/${script}"`, timeout: 20 });
const claudeSettings = {
  hooks: {
    PreToolUse: [
      { matcher: 'Bash', hooks: [node('guard.js')] },
      { matcher: 'Edit|MultiEdit|Write', hooks: [node('secrets.js')] },
      { matcher: 'WebFetch|WebSearch', hooks: [node('halt.js')] },
    ],
    UserPromptSubmit: [{ hooks: [node('prompt.js')] }],
    Stop: [{ hooks: [node('stop.js')] }],
    SessionStart: [{ matcher: 'startup|resume', hooks: [node('start.js')] }],
  },
};

interface Side {
  event: string;
  tool?: string;
}
const tool = (name: string, input: Record<string, unknown>) => ['--tool', name, '--tool-input', JSON.stringify(input)];

// claude side, gemini side, the shared input flags, the expected exit code on both.
const cases: [string, Side, Side, string[], number][] = [
  [
    'a destructive shell command is blocked',
    { event: 'PreToolUse', tool: 'Bash' },
    { event: 'BeforeTool', tool: 'run_shell_command' },
    ['--tool-input', '{"command":"rm -rf /"}'],
    2,
  ],
  ['a harmless shell command proceeds', { event: 'PreToolUse', tool: 'Bash' }, { event: 'BeforeTool', tool: 'run_shell_command' }, ['--tool-input', '{"command":"ls"}'], 0],
  ['writing .env is blocked', { event: 'PreToolUse', tool: 'Write' }, { event: 'BeforeTool', tool: 'write_file' }, ['--tool-input', '{"file_path":"/p/.env","content":"x"}'], 2],
  ['editing source proceeds', { event: 'PreToolUse', tool: 'Edit' }, { event: 'BeforeTool', tool: 'replace' }, ['--tool-input', '{"file_path":"/p/a.ts"}'], 0],
  ['fetching the web stops the agent', { event: 'PreToolUse', tool: 'WebFetch' }, { event: 'BeforeTool', tool: 'web_fetch' }, ['--tool-input', '{"url":"https://x"}'], 4],
  ['an unmatched tool proceeds', { event: 'PreToolUse', tool: 'Read' }, { event: 'BeforeTool', tool: 'read_file' }, ['--tool-input', '{"file_path":"/p/.env"}'], 0],
  ['a prompt with a password is blocked', { event: 'UserPromptSubmit' }, { event: 'BeforeAgent' }, ['--prompt', 'my password is x'], 2],
  ['an ordinary prompt proceeds', { event: 'UserPromptSubmit' }, { event: 'BeforeAgent' }, ['--prompt', 'hello'], 0],
  ['the first stop is blocked', { event: 'Stop' }, { event: 'AfterAgent' }, ['--event', '{"stop_hook_active":false}'], 2],
  ['the retried stop proceeds', { event: 'Stop' }, { event: 'AfterAgent' }, ['--event', '{"stop_hook_active":true}'], 0],
];

let sb: Sandbox;
let migrateStderr = '';

beforeAll(async () => {
  sb = await makeSandbox();
  for (const [name, body] of Object.entries(scripts)) await sb.write(path.join(sb.ws, 'hooks', name), body);
  await sb.write(path.join(sb.ws, '.claude/settings.json'), JSON.stringify(claudeSettings, null, 2));
  const migrated = await hookrun(['migrate', '--from', 'claude', '--write', '--cwd', sb.ws], { env: sb.env });
  expect(migrated.exitCode, migrated.stderr).toBe(0);
  migrateStderr = migrated.stderr;
});
afterAll(() => sb?.cleanup());

const env = () => ({ ...sb.env, MARK: sb.root });

describe('Claude config → migrate → Gemini: same decisions', () => {
  test('every hook was carried over', () => {
    expect(migrateStderr).toMatch(/6 of 6 hook\(s\) carried over/);
  });

  test.each(cases)('%s', async (_name, claude, gemini, input, exit) => {
    const claudeRun = await hookrun(
      ['run', claude.event, '--dialect', 'claude', ...(claude.tool ? ['--tool', claude.tool] : []), ...input, '--trust-workspace', '--cwd', sb.ws, '-q'],
      { env: env() },
    );
    const geminiRun = await hookrun(['run', gemini.event, ...(gemini.tool ? ['--tool', gemini.tool] : []), ...input, '--trust-workspace', '--cwd', sb.ws, '-q'], { env: env() });
    expect(claudeRun.exitCode, `claude: ${claudeRun.stdout}${claudeRun.stderr}`).toBe(exit);
    expect(geminiRun.exitCode, `gemini: ${geminiRun.stdout}${geminiRun.stderr}`).toBe(exit);
  });

  test('a lifecycle alternation fires on the same sources in both (Gemini CLI compares exactly)', async () => {
    for (const source of ['resume', 'clear']) {
      for (const [dialect, event] of [
        ['claude', 'SessionStart'],
        ['gemini', 'SessionStart'],
      ] as const) {
        const marker = path.join(sb.root, `fired-start-${source}`);
        rmSync(marker, { force: true });
        const result = await hookrun(['run', event, '--dialect', dialect, '--source', source, '--trust-workspace', '--cwd', sb.ws, '-q'], { env: env() });
        expect(result.exitCode, result.stderr).toBe(0);
        expect(existsSync(marker), `${dialect} ${source}`).toBe(source === 'resume');
      }
    }
  });

  test('tool hooks see their own agent’s tool names and event names', async () => {
    await hookrun(['run', 'PreToolUse', '--dialect', 'claude', ...tool('Bash', { command: 'ls' }), '--trust-workspace', '--cwd', sb.ws, '-q'], { env: env() });
    await hookrun(['run', 'BeforeTool', ...tool('run_shell_command', { command: 'ls' }), '--trust-workspace', '--cwd', sb.ws, '-q'], { env: env() });
    expect(existsSync(path.join(sb.root, 'fired-guard-PreToolUse'))).toBe(true);
    expect(existsSync(path.join(sb.root, 'fired-guard-BeforeTool'))).toBe(true);
  });
});
