// OpenAI Codex CLI (`--dialect codex`, docs/codex.md): each member delegates to the module under codex/
// that holds the rule; where Codex speaks Claude Code's protocol, those modules use Claude's code.
import type { Dialect } from '../dialect.js';
import { aggregateCodex, codexFailClosed, outcomeCodex } from './aggregate.js';
import { CODEX_EVENTS, completeCodexInput } from './events.js';
import { planCodex } from './plan.js';
import { codexInvocation, interpretCodex } from './run.js';
import { codexConfiguredFile, codexFolders, loadCodexConfig } from './settings.js';
import { claudeWords } from '../claude/words.js';

export const codex: Dialect = {
  name: 'codex',
  events: CODEX_EVENTS,
  flagFields: {
    tool: 'tool_name',
    toolInput: 'tool_input',
    toolResponse: 'tool_response',
    prompt: 'prompt',
    source: 'source',
    reason: 'reason',
    trigger: 'trigger',
  },
  completeInput: completeCodexInput,
  loadConfig: loadCodexConfig,
  plan: planCodex,
  invocation: codexInvocation,
  interpret: interpretCodex,
  // Every hook sees the event as Codex sent it.
  chain: (_event, input) => input,
  aggregate: aggregateCodex,
  outcome: outcomeCodex,
  // Codex CLI answers in Claude Code's fields (docs/codex.md).
  answerWords: claudeWords,
  failClosed: codexFailClosed,
  configuredAt(ctx) {
    const folders = codexFolders(ctx);
    return {
      workspace: codexConfiguredFile(folders.filter((f) => f.layer === 'project').reverse()),
      user: codexConfiguredFile(folders.filter((f) => f.layer === 'user')),
    };
  },
  migration: async () => (await import('./migrate.js')).migration,
  agentName: 'Codex CLI',
  async validator() {
    const { CODEX_FINDING_CODES, validateCodex } = await import('./validate.js');
    return { codes: CODEX_FINDING_CODES, validate: (ctx, options) => validateCodex(ctx, { ignore: options.ignore }) };
  },
  trustRecords: ['folder-rules'],
  noHookSwitch: 'Codex CLI has no per-hook switch hookrun edits: set `enabled = false` under [hooks.state."<key>"] in ~/.codex/config.toml, or remove the hook from its hooks.json',
  trustNote: "Codex CLI's own project trust (trust_level in ~/.codex/config.toml) is read first",
};
