// Kiro CLI (and Amazon Q Developer CLI) agent-embedded hooks: each member delegates to the stage module
// that holds the rule (kiro-claude-hooks.md, part A).
import { aggregateKiro, outcomeKiro } from '../aggregate/kiro.js';
import { completeKiroInput, KIRO_EVENTS } from '../event/kiro.js';
import { buildKiroInvocation, interpretKiro } from '../exec/kiro.js';
import { createKiroCache } from '../exec/kiro-cache.js';
import { planKiro } from '../plan/kiro.js';
import { discoverAgents, loadKiroConfig } from '../settings/kiro.js';
import type { Dialect } from './dialect.js';

export const kiro: Dialect = {
  name: 'kiro',
  events: KIRO_EVENTS,
  flagFields: {
    tool: 'tool_name',
    toolInput: 'tool_input',
    toolResponse: 'tool_response',
    prompt: 'prompt',
    // Kiro events have no such fields; the flags still set them, and they pass through to the hooks.
    source: 'source',
    reason: 'reason',
    trigger: 'trigger',
  },
  completeInput: completeKiroInput,
  // Every agent file, loadable or not, so `validate` reports each one (a run loads only the selected one).
  configTargets: (ctx) => {
    const catalog = discoverAgents(ctx);
    return [...new Set([...catalog.agents, ...catalog.unloadable].map((agent) => agent.name))].map((agent) => ({ agent }));
  },
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
