// Claude Code (`--dialect claude`): each member delegates to the module under claude/ that holds the rule.
import { defineDialect } from '../dialect.js';
import { claudeFailClosed } from './fail-closed.js';
import { aggregateClaudeCode, outcomeClaude } from './aggregate.js';
import { CLAUDE_ANSWER_FORMAT } from './answer-format.js';
import { CLAUDE_EVENTS, completeClaudeInput } from './events.js';
import { interpretClaude } from './interpret.js';
import { claudeInvocation } from './invocation.js';
import { planClaude, profileOf } from './plan.js';
import { CLAUDE_DROPPED_HOOK_CODES, loadClaudeConfig } from './settings.js';
import { configuredAt } from './configured.js';
import { resolveClaudeProfile } from './version.js';

export const claude = defineDialect({
  name: 'claude',
  agentName: 'Claude Code',
  events: CLAUDE_EVENTS,
  completeInput: completeClaudeInput,
  loadConfig: async (ctx, options) => loadClaudeConfig(ctx, resolveClaudeProfile(options.claudeVersion, ctx.env), options),
  droppedHookCodes: CLAUDE_DROPPED_HOOK_CODES,
  plan: planClaude,
  invocation: claudeInvocation,
  interpret: interpretClaude,
  aggregate: aggregateClaudeCode,
  outcome: (event, output, config) => outcomeClaude(event, output, config && profileOf(config)),
  ...CLAUDE_ANSWER_FORMAT,
  failClosed: claudeFailClosed,
  configuredAt,
  migrate: () => import('./migrate.js'),
  async validator() {
    const { CLAUDE_FINDING_CODES, validateClaude } = await import('./validate.js');
    return {
      codes: Object.keys(CLAUDE_FINDING_CODES),
      rules: CLAUDE_FINDING_CODES,
      validate: (ctx, options) => validateClaude(ctx, { ignore: options.ignore, ...(options.claudeVersion !== undefined ? { version: options.claudeVersion } : {}) }),
    };
  },
  trustNote: "Claude Code's own record, its accepted trust dialog (hasTrustDialogAccepted in ~/.claude.json), is read first",
  noHookSwitch: 'Claude Code has no per-hook switch: remove the hook from its settings file, or set "disableAllHooks": true to turn every hook off',
});
