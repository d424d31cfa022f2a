// validate's cross-agent traps (issue 17): a hook written for another agent (its event name, its timeout unit,
// its tool names or matcher syntax) is named, with this agent's equivalent. The mechanism is pure
// (src/migrate/cross-agent.ts); the validators of claude, kiro and antigravity report it, end to end here.
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { crossAgentTraps, foreignEventHint } from '../../src/migrate/cross-agent.js';
import { hookrun, makeSandbox, type Sandbox } from '../helpers/cli.js';

const sandboxes: Sandbox[] = [];
afterAll(() => Promise.all(sandboxes.map((s) => s.cleanup())));

describe('crossAgentTraps', () => {
  test.each([
    ['antigravity', { event: 'BeforeTool' }, 'foreign-event', /"BeforeTool" is Gemini CLI's name; Antigravity CLI calls that moment "PreToolUse"/],
    ['claude', { event: 'BeforeAgent' }, 'foreign-event', /Claude Code calls that moment "UserPromptSubmit"/],
    ['gemini', { event: 'PermissionRequest' }, 'foreign-event', /Gemini CLI has no permission-decision hook/],
    ['codex', { event: 'preToolUse' }, 'foreign-event', /Codex CLI calls that moment "PreToolUse"/],
    ['antigravity', { event: 'PreToolUse', timeout: 30000 }, 'timeout-unit', /30000 is read as 30000 seconds .* looks like milliseconds/],
    ['gemini', { event: 'BeforeTool', timeout: 5 }, 'timeout-unit', /5 is read as 5 milliseconds/],
    ['copilot', { event: 'preToolUse', timeout: 10000 }, 'timeout-unit', /timeoutSec 10000/],
    [
      'antigravity',
      { event: 'PreToolUse', matcher: 'run_shell_command' },
      'foreign-matcher',
      /"run_shell_command" is Gemini CLI's tool name; Antigravity CLI calls it "run_command"/,
    ],
    ['claude', { event: 'PreToolUse', matcher: 'Edit|write_file' }, 'foreign-matcher', /Claude Code calls it "Write"/],
    ['kiro', { event: 'PreToolUse', matcher: 'Bash' }, 'foreign-matcher', /Kiro CLI calls it "execute_bash"/],
    ['claude', { event: 'PreToolUse', matcher: 'mcp_github_create' }, 'foreign-matcher', /Gemini CLI's name for an MCP tool; Claude Code names it "mcp__github__create"/],
    ['claude', { event: 'PreToolUse', matcher: 'fs_*' }, 'foreign-matcher', /looks like a glob/],
  ] as const)('%s %j: %s', (agent, hook, code, message) => {
    const traps = crossAgentTraps(agent, hook);
    expect(traps.map((t) => t.code)).toEqual([code]);
    expect(traps[0]!.message).toMatch(message);
    expect(traps[0]!.severity).toBe('warning');
  });

  test.each([
    ['gemini', { event: 'BeforeTool', timeout: 5000, matcher: 'run_shell_command' }],
    ['claude', { event: 'PreToolUse', timeout: 30, matcher: 'Bash|Edit' }],
    ['antigravity', { event: 'PreToolUse', timeout: 10, matcher: 'run_command|view_file' }],
    ['kiro', { event: 'PreToolUse', timeout: 60, matcher: '^execute_bash$' }],
    ['claude', { event: 'NoSuchEvent' }],
  ] as const)('%s %j: no trap', (agent, hook) => {
    expect(crossAgentTraps(agent, hook)).toEqual([]);
  });

  test('an event name nobody uses gets no hint', () => {
    expect(foreignEventHint('gemini', 'Nope')).toBe('');
  });
});

describe('validate reports them', () => {
  async function validate(dialect: string, files: Record<string, string>) {
    const sb = await makeSandbox();
    sandboxes.push(sb);
    for (const [file, text] of Object.entries(files)) await sb.write(path.join(sb.ws, file), text);
    const result = await hookrun(['validate', '--dialect', dialect, '--format', 'json', '--cwd', sb.ws], { env: sb.env });
    return { result, findings: JSON.parse(result.stdout).findings as { code: string; message: string; location?: { file: string; line: number } }[] };
  }

  test('--dialect antigravity: a Gemini hook pasted into hooks.json', async () => {
    const { findings } = await validate('antigravity', {
      '.agents/hooks.json': JSON.stringify(
        {
          guard: {
            PreToolUse: [{ matcher: 'run_shell_command', hooks: [{ type: 'command', command: 'g.sh', timeout: 5000 }] }],
            BeforeAgent: [{ type: 'command', command: 'p.sh' }],
          },
        },
        null,
        2,
      ),
    });
    const traps = findings.filter((f) => ['foreign-event', 'timeout-unit', 'foreign-matcher'].includes(f.code));
    expect(traps.map((f) => f.code).sort()).toEqual(['foreign-event', 'foreign-matcher', 'timeout-unit']);
    expect(traps.find((f) => f.code === 'foreign-event')!.message).toMatch(/"BeforeAgent" is Gemini CLI's name; Antigravity CLI has no event for that moment/);
    expect(traps.every((f) => f.location?.file.endsWith(path.join('.agents', 'hooks.json')))).toBe(true);
  });

  test('--dialect claude: a Gemini event and tool name', async () => {
    const { findings } = await validate('claude', {
      '.claude/settings.json': JSON.stringify(
        {
          hooks: {
            BeforeTool: [{ hooks: [{ type: 'command', command: 'a' }] }],
            PreToolUse: [{ matcher: 'run_shell_command', hooks: [{ type: 'command', command: 'b', timeout: 2000 }] }],
          },
        },
        null,
        2,
      ),
    });
    const codes = findings.map((f) => f.code);
    expect(codes).toEqual(expect.arrayContaining(['invalid-event-name', 'foreign-event', 'foreign-matcher', 'timeout-unit']));
    expect(findings.find((f) => f.code === 'foreign-matcher')!.message).toMatch(/Claude Code calls it "Bash"/);
  });

  test('--dialect kiro: a Claude trigger and matcher in a Kiro CLI 3 file', async () => {
    const { findings } = await validate('kiro', {
      '.kiro/hooks/a.json': JSON.stringify(
        {
          version: 'v1',
          hooks: [
            { name: 'g', trigger: 'PreToolUse', matcher: 'Bash', action: { type: 'command', command: 'g.sh' }, timeout: 30000 },
            { name: 'p', trigger: 'BeforeAgent', action: { type: 'command', command: 'p.sh' } },
          ],
        },
        null,
        2,
      ),
    });
    const codes = findings.map((f) => f.code);
    expect(codes).toEqual(expect.arrayContaining(['kiro3-unknown-trigger', 'foreign-event', 'foreign-matcher', 'timeout-unit']));
    expect(findings.find((f) => f.code === 'foreign-event')!.message).toMatch(/Kiro CLI calls that moment "UserPromptSubmit"/);
  });

  test('--ignore takes the trap codes', async () => {
    const sb = await makeSandbox();
    sandboxes.push(sb);
    await sb.write(path.join(sb.ws, '.agents/hooks.json'), JSON.stringify({ g: { PreToolUse: [{ matcher: '*', hooks: [{ type: 'command', command: 'g.sh', timeout: 5000 }] }] } }));
    const result = await hookrun(['validate', '--dialect', 'antigravity', '--format', 'json', '--ignore', 'timeout-unit', '--cwd', sb.ws], { env: sb.env });
    expect(result.stderr).not.toMatch(/unknown/);
    expect(JSON.parse(result.stdout).findings.map((f: { code: string }) => f.code)).not.toContain('timeout-unit');
  });
});
