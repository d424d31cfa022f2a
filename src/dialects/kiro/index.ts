// Kiro CLI (and Amazon Q Developer CLI): agent-embedded hooks under the camelCase triggers, each member
// delegating to the module that holds the rule (docs/sources.md §A); Kiro CLI 3's standalone
// hook files under the PascalCase triggers, delegating to kiro3-*.ts.
import { addedContextKiro, aggregateKiro, outcomeKiro } from './aggregate.js';
import { completeKiroInput, KIRO_EVENTS } from './events.js';
import { buildKiroInvocation, interpretKiro } from './exec.js';
import { createKiroCache } from './cache.js';
import { planKiro } from './plan.js';
import { loadKiroConfig } from './settings.js';
import { configuredAt } from './configured.js';
import { defineDialect } from '../dialect.js';
import { aggregateKiro3, kiro3FailClosed, outcomeKiro3 } from './kiro3-aggregate.js';
import { completeKiro3Input, isKiro3Trigger, KIRO3_TRIGGER_NAMES } from './kiro3-events.js';
import { planKiro3 } from './kiro3-plan.js';
import { interpretKiro3, kiro3Answer, kiro3Invocation } from './kiro3-run.js';
import { loadKiro3Config } from './kiro3-settings.js';
import { kiroFailClosed } from './fail-closed.js';
import { kiroVerdictWords, kiroWords } from './words.js';

export const kiro = defineDialect({
  name: 'kiro',
  agentName: 'Kiro CLI',
  events: [...KIRO_EVENTS, ...KIRO3_TRIGGER_NAMES],
  completeInput: (event, input, ctx) => (isKiro3Trigger(event) ? completeKiro3Input(event, input, ctx) : completeKiroInput(event, input, ctx)),
  loadConfig: (ctx, options) =>
    options.event !== undefined && isKiro3Trigger(options.event)
      ? loadKiro3Config(ctx, options)
      : loadKiroConfig(ctx, { agent: options.agent, trustWorkspace: options.trustWorkspace, keepInactive: options.keepInactive }),
  plan: (config, event, input) => (isKiro3Trigger(event) ? planKiro3(config, event, input) : planKiro(config, event, input)),
  invocation: (hook, input, config, ctx) =>
    isKiro3Trigger(hook.entry.event) ? kiro3Invocation(hook, input, config, ctx) : buildKiroInvocation(hook, input, ctx, config.envPolicy),
  answer: (hook, input) => (isKiro3Trigger(hook.entry.event) ? kiro3Answer(hook, input) : undefined),
  interpret: (event, outcome, invocation) => (isKiro3Trigger(event) ? interpretKiro3(outcome, invocation) : interpretKiro(outcome, invocation)),
  aggregate: (event, results) => (isKiro3Trigger(event) ? aggregateKiro3(event, results) : aggregateKiro(event, results)),
  outcome: (event, output) => (isKiro3Trigger(event) ? outcomeKiro3(event, output) : outcomeKiro(event, output)),
  answerWords: kiroWords,
  verdictWords: kiroVerdictWords,
  addedContext: addedContextKiro,
  failClosed: {
    failure: (event, result) => (isKiro3Trigger(event) ? kiro3FailClosed : kiroFailClosed).failure(event, result),
    block: (event, output, reasons, config) => (isKiro3Trigger(event) ? kiro3FailClosed : kiroFailClosed).block(event, output, reasons, config),
  },
  configuredAt,
  resultCache: (_config, ctx) => createKiroCache(ctx),
  migrate: () => import('./migrate.js'),
  // Kiro CLI 3's standalone hook files; the agent-embedded hooks have no static check yet.
  async validator() {
    const { KIRO3_FINDING_CODES, validateKiro3 } = await import('./kiro3-validate.js');
    return { codes: KIRO3_FINDING_CODES, validate: (ctx, options) => validateKiro3(ctx, { ignore: options.ignore }) };
  },
  trustNote: "the folder rules gate Kiro CLI 3's .kiro/hooks files; hooks in agent files have no trust gate, as in Kiro CLI",
  noHookSwitch: 'Kiro CLI has no per-hook switch: remove the hook from the agent file (.kiro/agents/*.json) or from .kiro/hooks/*.json',
});
