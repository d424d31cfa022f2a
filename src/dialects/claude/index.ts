// Claude Code (`--dialect claude`): each member delegates to the module under claude/ that holds the rule.
import type { Dialect } from '../dialect.js';
import { aggregateClaude, outcomeClaude } from './aggregate.js';
import { CLAUDE_EVENTS, completeClaudeInput } from './events.js';
import { interpretClaude } from './interpret.js';
import { claudeInvocation } from './invocation.js';
import { planClaude } from './plan.js';
import { loadClaudeConfig } from './settings.js';
import { resolveClaudeProfile } from './version.js';

export const claude: Dialect = {
  name: 'claude',
  events: CLAUDE_EVENTS,
  flagFields: {
    tool: 'tool_name',
    toolInput: 'tool_input',
    prompt: 'prompt',
    source: 'source',
    reason: 'reason',
    trigger: 'trigger',
  },
  completeInput: completeClaudeInput,
  loadConfig: async (ctx, options) => loadClaudeConfig(ctx, resolveClaudeProfile(options.agentVersion, ctx.env)),
  plan: planClaude,
  invocation: claudeInvocation,
  interpret: interpretClaude,
  // Claude Code has no sequential mode: every hook sees the original input.
  chain: (_event, input) => input,
  aggregate: aggregateClaude,
  outcome: outcomeClaude,
};
