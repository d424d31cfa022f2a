// Factory Droid (`--dialect droid`, docs/droid.md): Claude Code's hook format with Droid's files, matchers,
// environment and first-decision-wins merge; each member delegates to the module under droid/ that holds
// the rule, and those use Claude's code where Droid agrees with it.
import { claudeFailClosed } from '../claude/fail-closed.js';
import { CLAUDE_ANSWER_FORMAT } from '../claude/answer-format.js';
import { defineDialect } from '../dialect.js';
import { aggregateDroid, outcomeDroid } from './aggregate.js';
import { completeDroidInput, DROID_EVENTS } from './events.js';
import { planDroid } from './plan.js';
import { droidInvocation, interpretDroid } from './run.js';
import { configuredAt } from './configured.js';
import { loadDroidConfig } from './settings.js';

export const droid = defineDialect({
  name: 'droid',
  agentName: 'Factory Droid',
  events: DROID_EVENTS,
  completeInput: completeDroidInput,
  loadConfig: loadDroidConfig,
  plan: planDroid,
  invocation: droidInvocation,
  interpret: interpretDroid,
  aggregate: aggregateDroid,
  outcome: outcomeDroid,
  ...CLAUDE_ANSWER_FORMAT,
  failClosed: claudeFailClosed,
  configuredAt,
  migrate: () => import('./migrate.js'),
  async validator() {
    const { DROID_FINDING_CODES, validateDroid } = await import('./validate.js');
    return { codes: DROID_FINDING_CODES, validate: (ctx, options) => validateDroid(ctx, { ignore: options.ignore }) };
  },
  trustNote: "Factory Droid's own folder trust is not read (its record is not documented): hookrun's folder rules decide for the project's .factory files",
  noHookSwitch: 'Factory Droid has no per-hook switch hookrun edits: remove the hook from its .factory/hooks.json',
});
