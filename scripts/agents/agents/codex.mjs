// Codex CLI (@openai/codex): OpenAI Responses SSE through a model_providers entry; user hooks in
// $CODEX_HOME/hooks.json; `codex exec` with the hook-trust bypass (shared/spec/real-agents/codex.md).
import path from 'node:path';
import { claudeStyleAnswer, claudeStyleGroups } from './shared.mjs';

export default {
  name: 'codex',
  runnable: true,
  dialect: 'codex',
  wire: 'responses',
  events: { start: 'SessionStart', prompt: 'UserPromptSubmit', pre: 'PreToolUse', post: 'PostToolUse', stop: 'Stop', end: 'SessionEnd' },
  tools: { shell: 'Bash', other: 'apply_patch' },
  shellCall: (command) => ({ name: 'exec_command', args: { cmd: command } }),
  timeoutUnit: 1,
  answer: claudeStyleAnswer,
  dialectArgs: () => [],
  hookFiles: (groups) => ({ homeFiles: { '.codex/hooks.json': `${JSON.stringify({ hooks: claudeStyleGroups(groups) }, null, 2)}\n` } }),
  /** The provider entry names the fake server's port, so it is the agent's alone and not part of a case. */
  agentHomeFiles: (port) => ({
    '.codex/config.toml': [
      'model = "mock-model"',
      'model_provider = "mock"',
      '[model_providers.mock]',
      'name = "mock"',
      `base_url = "http://127.0.0.1:${port}/v1"`,
      'wire_api = "responses"',
      'request_max_retries = 0',
      'stream_max_retries = 0',
      '',
    ].join('\n'),
  }),
  bin: (dir) => path.join(dir, 'node_modules/@openai/codex/bin/codex.js'),
  command: ({ home }) => ({
    args: ['exec', '--skip-git-repo-check', '--dangerously-bypass-approvals-and-sandbox', '--dangerously-bypass-hook-trust', 'do the thing'],
    env: { HOME: home, CODEX_HOME: path.join(home, '.codex') },
  }),
  visibleText: (run) => run.stdout + run.stderr,
  sawAsk: () => false,
  /** exec prints each hook's status: `hook: UserPromptSubmit Blocked` or `… Stopped`. */
  promptOutcome: (run) => (/hook: UserPromptSubmit Stopped/.test(run.stderr) ? 4 : 2),
  stopOutcome: (run) => (/hook: Stop Stopped/.test(run.stderr) ? 4 : 0),
};
