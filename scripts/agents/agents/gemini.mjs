// Gemini CLI (@google/gemini-cli): Gemini API through GOOGLE_GEMINI_BASE_URL with API-key auth in the user
// settings; hooks in <ws>/.gemini/settings.json; `gemini -p --yolo -o stream-json`, a fixed model so no
// routing request is made (shared/spec/real-agents/gemini.md).
import path from 'node:path';

export default {
  name: 'gemini',
  runnable: true,
  dialect: 'gemini',
  wire: 'gemini',
  events: { start: 'SessionStart', prompt: 'BeforeAgent', pre: 'BeforeTool', post: 'AfterTool', stop: 'AfterAgent', end: 'SessionEnd' },
  tools: { shell: 'run_shell_command', other: 'write_file' },
  shellCall: (command) => ({ name: 'run_shell_command', args: { command } }),
  timeoutUnit: 1000,
  /** A BeforeTool ask in a headless --yolo run waits forever for a confirmation (gemini.md §6.1). */
  skip: (scenario) => (scenario.hooks.some((h) => h.answer.intent === 'ask') ? 'ask hangs a headless run (gemini.md §6.1)' : undefined),
  answer(event, intent, tok) {
    switch (intent) {
      case 'deny':
        return { decision: 'deny', reason: tok('rsn') };
      case 'allow':
        return { decision: 'allow', reason: tok('rsn') };
      case 'ask':
        return { decision: 'ask', reason: tok('rsn') };
      case 'block':
        return { decision: 'block', reason: tok('rsn') };
      case 'context':
        return { hookSpecificOutput: { hookEventName: event, additionalContext: tok('ctx') } };
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
        ...(h.matcher === undefined ? {} : { matcher: h.matcher }),
        hooks: [{ type: 'command', command: h.command, ...(h.timeout === undefined ? {} : { timeout: h.timeout }) }],
      }));
    }
    return { files: { '.gemini/settings.json': `${JSON.stringify({ hooks }, null, 2)}\n` } };
  },
  agentHomeFiles: () => ({
    '.gemini/settings.json': `${JSON.stringify({
      security: { auth: { selectedType: 'gemini-api-key' } },
      privacy: { usageStatisticsEnabled: false },
      telemetry: { enabled: false },
      general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
    })}\n`,
  }),
  bin: (dir) => path.join(dir, 'node_modules/@google/gemini-cli/bundle/gemini.js'),
  command: ({ port, home }) => ({
    args: ['-p', 'do the thing', '--yolo', '-m', 'gemini-2.5-flash', '-o', 'stream-json'],
    env: { HOME: home, GOOGLE_GEMINI_BASE_URL: `http://127.0.0.1:${port}`, GEMINI_API_KEY: 'dummy-key', GEMINI_CLI_TRUST_WORKSPACE: 'true' },
  }),
  visibleText: (run) => run.stdout + run.stderr,
  sawAsk: () => false,
  /** stream-json reports a blocked prompt as a warning; a stopped one says nothing (gemini.md §6.9). */
  promptOutcome: (run) => (run.stdout.includes('"Agent execution blocked:') ? 2 : 4),
  /** An AfterTool block replaces the tool's result: hookrun's Gemini dialect exits 2 for it. */
  postOutcome: (run) => (run.stdout.includes('"output":"Tool result blocked:') ? 2 : 0),
  stopOutcome: () => 0,
  stopUnobservable: 'a stop at the end of a -p run shows nothing in stream-json: 0 here means the run ended, not that no hook asked to stop',
};
