// Augment Auggie (`--dialect auggie`, docs/auggie.md): Claude Code's hook format with Auggie's files,
// events, shell-less processes, millisecond timeouts and strict output schema; each member delegates to
// the module under auggie/ that holds the rule, and those use Claude's code where Auggie agrees with it.
import { CLAUDE_ANSWER_FORMAT } from '../claude/answer-format.js';
import { defineDialect } from '../dialect.js';
import { aggregateAuggie, auggieFailClosed, outcomeAuggie } from './aggregate.js';
import { AUGGIE_EVENTS, completeAuggieInput } from './events.js';
import { planAuggie } from './plan.js';
import { auggieInvocation, interpretAuggie } from './run.js';
import { configuredAt } from './configured.js';
import { loadAuggieConfig } from './settings.js';

export const auggie = defineDialect({
  name: 'auggie',
  agentName: 'Augment Auggie',
  events: AUGGIE_EVENTS,
  flagFields: { prompt: 'user_prompt', toolResponse: 'tool_output' },
  completeInput: completeAuggieInput,
  loadConfig: loadAuggieConfig,
  plan: planAuggie,
  invocation: auggieInvocation,
  interpret: interpretAuggie,
  aggregate: aggregateAuggie,
  outcome: outcomeAuggie,
  ...CLAUDE_ANSWER_FORMAT,
  failClosed: auggieFailClosed,
  configuredAt,
  migrate: () => import('./migrate.js'),
  async validator() {
    const { AUGGIE_FINDING_CODES, validateAuggie } = await import('./validate.js');
    return { codes: AUGGIE_FINDING_CODES, validate: (ctx, options) => validateAuggie(ctx, { ignore: options.ignore }) };
  },
  trustNote: "Augment Auggie's sources describe no folder trust: hookrun's folder rules decide for the workspace's .augment files (the system and user files always run)",
  noHookSwitch: 'Augment Auggie has no per-hook switch hookrun edits: remove the hook from its .augment/settings.json',
});
