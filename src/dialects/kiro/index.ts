// Kiro CLI (and Amazon Q Developer CLI) agent-embedded hooks: each member delegates to the stage module
// that holds the rule (kiro-claude-hooks.md, part A).
import { aggregateKiro, outcomeKiro } from './aggregate.js';
import { completeKiroInput, KIRO_EVENTS } from './events.js';
import { buildKiroInvocation, interpretKiro } from './exec.js';
import { createKiroCache } from './cache.js';
import { planKiro } from './plan.js';
import { loadKiroConfig } from './settings.js';
import type { Dialect } from '../dialect.js';

export const kiro: Dialect = {
  name: 'kiro',
  events: KIRO_EVENTS,
  flagFields: {
    tool: 'tool_name',
    toolInput: 'tool_input',
    prompt: 'prompt',
    // Kiro events have no such fields; the flags still set them, and they pass through to the hooks.
    source: 'source',
    reason: 'reason',
    trigger: 'trigger',
  },
  completeInput: completeKiroInput,
  loadConfig: (ctx, options) => loadKiroConfig(ctx, { agent: options.agent }),
  plan: planKiro,
  invocation: (hook, input, config, ctx) => buildKiroInvocation(hook, input, ctx, config.envPolicy),
  interpret: (_event, outcome, invocation) => interpretKiro(outcome, invocation),
  // Kiro runs every hook of a trigger at once; nothing is ever chained.
  chain: (_event, input) => input,
  aggregate: aggregateKiro,
  outcome: outcomeKiro,
  resultCache: (_config, ctx) => createKiroCache(ctx),
};
