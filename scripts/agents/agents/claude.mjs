// Claude Code (@anthropic-ai/claude-code): Anthropic Messages SSE; hooks in <ws>/.claude/settings.json; run with
// -p and stream-json (shared/spec/real-agents/claude.md). As root, --allowedTools instead of skip-permissions.
import path from 'node:path';
import { claudeStyleAnswer, claudeStyleGroups } from './shared.mjs';

export default {
  name: 'claude',
  runnable: true,
  dialect: 'claude',
  wire: 'anthropic',
  events: { start: 'SessionStart', prompt: 'UserPromptSubmit', pre: 'PreToolUse', post: 'PostToolUse', stop: 'Stop', end: 'SessionEnd' },
  tools: { shell: 'Bash', other: 'Write' },
  shellCall: (command) => ({ name: 'Bash', args: { command, description: 'run it' } }),
  timeoutUnit: 1,
  answer: claudeStyleAnswer,
  dialectArgs: (version) => ['--claude-version', version],
  hookFiles(groups) {
    // A PermissionRequest logger shows an `ask`: it fires only when the tool reached the permission prompt.
    const all = [...groups, { event: 'PermissionRequest', hooks: [{ name: 'permreq', command: 'sh @ROOT@/ws/.tier/log.sh permreq' }] }];
    return { files: { '.claude/settings.json': `${JSON.stringify({ hooks: claudeStyleGroups(all) }, null, 2)}\n` } };
  },
  bin: (dir) => path.join(dir, 'node_modules/@anthropic-ai/claude-code/bin/claude.exe'),
  command: ({ port, home }) => ({
    args: ['-p', 'do the thing', '--output-format', 'stream-json', '--verbose', '--allowedTools', 'Bash,Write,Edit,Read', '--include-hook-events', '--permission-prompts', 'none'],
    env: {
      HOME: home,
      ANTHROPIC_BASE_URL: `http://127.0.0.1:${port}`,
      ANTHROPIC_API_KEY: 'dummy',
      DISABLE_AUTOUPDATER: '1',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      DISABLE_TELEMETRY: '1',
      DISABLE_ERROR_REPORTING: '1',
    },
  }),
  /** What the user sees: stream-json lines other than the hook echo (--include-hook-events) and init. */
  visibleText(run) {
    return (
      lines(run.stdout)
        .filter((m) => !(m.type === 'system' && (m.subtype === 'init' || String(m.subtype).startsWith('hook'))))
        .map((m) => JSON.stringify(m))
        .join('\n') + run.stderr
    );
  },
  sawAsk: (run) => run.fired.has('permreq'),
  /** UserPromptSubmit without a model request: blocked (2) or stopped (4), from prompt_submit_outcome. */
  promptOutcome: (run) => (run.stdout.includes('"stopped_by_hook"') ? 4 : 2),
  stopOutcome: (run) => (lines(run.stdout).some((m) => m.type === 'result' && m.terminal_reason === 'stop_hook_prevented') ? 4 : 0),
};

function lines(text) {
  return text.split('\n').flatMap((line) => {
    try {
      return [JSON.parse(line)];
    } catch {
      return [];
    }
  });
}
