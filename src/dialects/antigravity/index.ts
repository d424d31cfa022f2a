// Antigravity CLI (`agy`, `--dialect antigravity`), Gemini CLI's successor: each member delegates to
// the module under antigravity/ that holds the rule (docs/antigravity.md).
import { defineDialect } from '../dialect.js';
import { agyFailClosed, aggregateAgy, outcomeAgy } from './aggregate.js';
import { AGY_EVENTS, AGY_TOOL_FLAG_FIELD, AGY_TOOL_INPUT_FLAG_FIELD, completeAgyInput } from './events.js';
import { planAgy } from './plan.js';
import { agyInvocation, interpretAgy } from './run.js';
import { loadAgyConfig } from './settings.js';
import { antigravityVerdictWords, antigravityWords } from './words.js';
import { configuredAt } from './configured.js';

export const antigravity = defineDialect({
  name: 'antigravity',
  agentName: 'Antigravity CLI',
  events: AGY_EVENTS,
  // Moved into toolCall.name / toolCall.args by completeInput.
  flagFields: { tool: AGY_TOOL_FLAG_FIELD, toolInput: AGY_TOOL_INPUT_FLAG_FIELD },
  completeInput: completeAgyInput,
  loadConfig: loadAgyConfig,
  plan: planAgy,
  invocation: agyInvocation,
  interpret: interpretAgy,
  aggregate: aggregateAgy,
  outcome: outcomeAgy,
  answerWords: antigravityWords,
  verdictWords: antigravityVerdictWords,
  noAddedContext:
    'Antigravity CLI takes no context text from its hooks (PreInvocation and PostInvocation add steps: expect them with `output: { subset: { injectSteps: [...] } }`)',
  failClosed: agyFailClosed,
  configuredAt,
  migrate: () => import('./migrate.js'),
  async validator() {
    const { AGY_FINDING_CODES, validateAgy } = await import('./validate.js');
    return { codes: AGY_FINDING_CODES, validate: (ctx, options) => validateAgy(ctx, { ignore: options.ignore }) };
  },
  noHookSwitch: 'Antigravity CLI has no per-hook switch: remove the hook from its hooks.json',
});
