// GitHub Copilot CLI (@github/copilot): OpenAI chat completions in offline BYOK mode; hooks in
// <ws>/.github/hooks/*.json (a trusted folder); `copilot -p` (shared/spec/real-agents/copilot-droid-auggie.md).
import path from 'node:path';

export default {
  name: 'copilot',
  runnable: true,
  dialect: 'copilot',
  wire: 'chat',
  events: { start: 'sessionStart', prompt: 'userPromptSubmitted', pre: 'preToolUse', post: 'postToolUse', stop: 'agentStop', end: 'sessionEnd' },
  tools: { shell: 'bash', other: 'view' },
  shellCall: (command) => ({ name: 'bash', args: { command, description: 'run it' } }),
  timeoutUnit: 1,
  answer(event, intent, tok) {
    switch (intent) {
      case 'deny':
        return event === 'preToolUse' ? { permissionDecision: 'deny', permissionDecisionReason: tok('rsn') } : { decision: 'block', reason: tok('rsn') };
      case 'allow':
        return { permissionDecision: 'allow', permissionDecisionReason: tok('rsn') };
      case 'ask':
        return { permissionDecision: 'ask', permissionDecisionReason: tok('rsn') };
      case 'block':
        return { decision: 'block', reason: tok('rsn') };
      case 'context':
        return { additionalContext: tok('ctx') };
      case 'stop':
        return { continue: false, stopReason: tok('stop') };
      case 'system':
        return { systemMessage: tok('sys') };
      default:
        throw new Error(`unknown intent ${intent}`);
    }
  },
  dialectArgs: () => [],
  hookFiles(groups) {
    const hooks = {};
    for (const group of groups) {
      hooks[group.event] = group.hooks.map((h) => ({
        type: 'command',
        bash: h.command,
        ...(h.matcher === undefined ? {} : { matcher: h.matcher }),
        ...(h.timeout === undefined ? {} : { timeoutSec: h.timeout }),
      }));
    }
    return { files: { '.github/hooks/tier.json': `${JSON.stringify({ version: 1, hooks }, null, 2)}\n` } };
  },
  bin: (dir) => path.join(dir, 'node_modules/@github/copilot/npm-loader.js'),
  command: ({ port, home }) => ({
    args: ['-p', 'do the thing', '--allow-all-tools', '--trust-folder', '--no-auto-update'],
    env: {
      HOME: home,
      COPILOT_OFFLINE: 'true',
      COPILOT_PROVIDER_BASE_URL: `http://127.0.0.1:${port}/v1`,
      COPILOT_MODEL: 'gpt-4.1',
      COPILOT_PROVIDER_API_KEY: 'sk-fake',
    },
  }),
  /** Its answer and block texts; `! …` lines are warnings (a hook's non-blocking stderr), as hookrun's stderr. */
  visibleText: (run) =>
    run.stdout +
    run.stderr
      .split('\n')
      .filter((line) => !line.startsWith('! '))
      .join('\n'),
  /** In -p mode an ask becomes a deny that says it could not ask. */
  sawAsk: (run) => run.modelText.includes('unable to ask user for confirmation'),
  promptOutcome: () => 2,
  stopOutcome: () => 0,
};
