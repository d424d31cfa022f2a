// OpenAI Codex CLI (`--dialect codex`, docs/codex.md): each member delegates to the module under codex/
// that holds the rule; where Codex speaks Claude Code's protocol, those modules use Claude's code.
import { defineDialect } from '../dialect.js';
import { aggregateCodex, codexFailClosed, outcomeCodex } from './aggregate.js';
import { CODEX_EVENTS, completeCodexInput } from './events.js';
import { planCodex } from './plan.js';
import { codexInvocation, interpretCodex } from './run.js';
import { loadCodexConfig } from './settings.js';
import { CLAUDE_ANSWER_FORMAT } from '../claude/answer-format.js';
import { configuredAt } from './configured.js';

export const codex = defineDialect({
  name: 'codex',
  agentName: 'Codex CLI',
  events: CODEX_EVENTS,
  completeInput: completeCodexInput,
  loadConfig: loadCodexConfig,
  plan: planCodex,
  invocation: codexInvocation,
  interpret: interpretCodex,
  aggregate: aggregateCodex,
  outcome: outcomeCodex,
  // Codex CLI answers in Claude Code's fields (docs/codex.md).
  ...CLAUDE_ANSWER_FORMAT,
  failClosed: codexFailClosed,
  configuredAt,
  migrate: () => import('./migrate.js'),
  async validator() {
    const { CODEX_FINDING_CODES, validateCodex } = await import('./validate.js');
    return { codes: CODEX_FINDING_CODES, validate: (ctx, options) => validateCodex(ctx, { ignore: options.ignore }) };
  },
  noHookSwitch: 'Codex CLI has no per-hook switch hookrun edits: set `enabled = false` under [hooks.state."<key>"] in ~/.codex/config.toml, or remove the hook from its hooks.json',
  trustNote: "Codex CLI's own project trust (trust_level in ~/.codex/config.toml) is read first",
});
