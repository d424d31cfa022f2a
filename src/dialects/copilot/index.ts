// GitHub Copilot CLI (`--dialect copilot`): each member delegates to the module under copilot/ that holds
// the rule (docs/copilot.md).
import { defineDialect } from '../dialect.js';
import { addedContextCopilot, aggregateCopilot, copilotFailClosed, endsEventCopilot, outcomeCopilot, rewrittenToolInputCopilot } from './aggregate.js';
import { canonicalEvent, completeCopilotInput, COPILOT_EVENTS } from './events.js';
import { planCopilot } from './plan.js';
import { answerCopilot, copilotInvocation, interpretCopilot } from './run.js';
import { loadCopilotConfig } from './settings.js';
import { copilotVerdictWords, copilotWords } from './words.js';
import { configuredAt } from './configured.js';

export const copilot = defineDialect({
  name: 'copilot',
  agentName: 'GitHub Copilot CLI',
  events: COPILOT_EVENTS,
  // A camelCase event and its PascalCase (VS Code-compatible) alias are one event (docs/copilot.md).
  sameEvent: (a, b) => canonicalEvent(a) === canonicalEvent(b),
  flagFields: { tool: 'toolName', toolInput: 'toolArgs', toolResponse: 'toolResult' },
  completeInput: completeCopilotInput,
  loadConfig: loadCopilotConfig,
  plan: planCopilot,
  invocation: copilotInvocation,
  answer: answerCopilot,
  interpret: interpretCopilot,
  endsEvent: endsEventCopilot,
  aggregate: aggregateCopilot,
  outcome: outcomeCopilot,
  answerWords: copilotWords,
  verdictWords: copilotVerdictWords,
  rewrittenToolInput: rewrittenToolInputCopilot,
  addedContext: addedContextCopilot,
  failClosed: copilotFailClosed,
  configuredAt,
  migrate: () => import('./migrate.js'),
  async validator() {
    const { COPILOT_FINDING_CODES, validateCopilot } = await import('./validate.js');
    return { codes: COPILOT_FINDING_CODES, validate: (ctx, options) => validateCopilot(ctx, { ignore: options.ignore }) };
  },
  noHookSwitch: 'GitHub Copilot CLI has no per-hook switch: remove the hook from its hook file, or set "disableAllHooks": true in its settings',
});
