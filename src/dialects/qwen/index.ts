// Qwen Code (`--dialect qwen`, docs/qwen.md): Claude Code's protocol on Gemini CLI-style settings layers.
// Each member delegates to the module under qwen/ that holds the rule; the answer vocabulary is Claude's.
import { defineDialect } from '../dialect.js';
import { claudeVerdictWords, claudeWords } from '../claude/words.js';
import { aggregateQwen, outcomeQwen, qwenFailClosed } from './aggregate.js';
import { completeQwenInput, QWEN_EVENTS } from './events.js';
import { planQwen } from './plan.js';
import { interpretQwen, qwenInvocation } from './run.js';
import { configuredAt } from './configured.js';
import { loadQwenConfig } from './settings.js';

export const qwen = defineDialect({
  name: 'qwen',
  agentName: 'Qwen Code',
  events: QWEN_EVENTS,
  completeInput: completeQwenInput,
  loadConfig: loadQwenConfig,
  plan: planQwen,
  invocation: qwenInvocation,
  interpret: interpretQwen,
  aggregate: aggregateQwen,
  outcome: outcomeQwen,
  answerWords: claudeWords,
  verdictWords: claudeVerdictWords,
  failClosed: qwenFailClosed,
  configuredAt,
  migrate: () => import('./migrate.js'),
  async validator() {
    const { QWEN_FINDING_CODES, validateQwen } = await import('./validate.js');
    return { codes: QWEN_FINDING_CODES, validate: (ctx, options) => validateQwen(ctx, { ignore: options.ignore }) };
  },
  noHookSwitch: 'Qwen Code has no per-hook switch hookrun edits: remove the hook from its settings file, or set "disableAllHooks": true',
  trustNote: "Qwen Code's own folder trust is off by default, so hookrun's folder rules decide its project hooks",
});
